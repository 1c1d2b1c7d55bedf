/// The events a ``Control`` sends to its actions; a set, so one action can listen to several.
///
/// The touch events follow UIKit's: a touch that goes down on the control sends ``touchDown``; moving
/// sends ``dragInside`` / ``dragOutside`` while it stays on one side of the tracking boundary (the bounds
/// grown by ``Control/dragMargin``) and ``dragEnter`` / ``dragExit`` when it crosses; lifting sends
/// ``touchUpInside`` or ``touchUpOutside``; a cancelled touch sends ``cancel``.
public struct ControlEvent: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The set as bits, one per event.
    public let rawValue: UInt32

    /// The set whose bits are `rawValue`.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A touch went down on the control.
    public static let touchDown = ControlEvent(rawValue: 1 << 0)
    /// The touch moved within the tracking boundary.
    public static let dragInside = ControlEvent(rawValue: 1 << 1)
    /// The touch moved outside the tracking boundary.
    public static let dragOutside = ControlEvent(rawValue: 1 << 2)
    /// The touch crossed back into the tracking boundary.
    public static let dragEnter = ControlEvent(rawValue: 1 << 3)
    /// The touch crossed out of the tracking boundary.
    public static let dragExit = ControlEvent(rawValue: 1 << 4)
    /// The touch lifted inside the tracking boundary (the control's primary action).
    public static let touchUpInside = ControlEvent(rawValue: 1 << 5)
    /// The touch lifted outside the tracking boundary.
    public static let touchUpOutside = ControlEvent(rawValue: 1 << 6)
    /// The touch was cancelled.
    public static let cancel = ControlEvent(rawValue: 1 << 7)
    /// The control's value changed (sent by subclasses).
    public static let valueChanged = ControlEvent(rawValue: 1 << 8)

    /// Every touch event.
    public static let allTouchEvents: ControlEvent = [
        .touchDown, .dragInside, .dragOutside, .dragEnter, .dragExit, .touchUpInside, .touchUpOutside, .cancel,
    ]
    /// Every event.
    public static let allEvents: ControlEvent = [.allTouchEvents, .valueChanged]

    private static let names: [(ControlEvent, String)] = [
        (.touchDown, "touchDown"), (.dragInside, "dragInside"), (.dragOutside, "dragOutside"),
        (.dragEnter, "dragEnter"), (.dragExit, "dragExit"), (.touchUpInside, "touchUpInside"),
        (.touchUpOutside, "touchUpOutside"), (.cancel, "cancel"), (.valueChanged, "valueChanged"),
    ]

    /// The names of the events in the set, e.g. `[touchDown, dragEnter]`.
    public var description: String {
        "[" + ControlEvent.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
