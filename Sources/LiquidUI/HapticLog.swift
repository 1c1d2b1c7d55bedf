import Observation

/// The haptic output of a run: every ``HapticEvent`` with the time it was played, in order.
///
/// Observable, so a view or a trace can react to new entries; main-actor confined like the run loop
/// that owns it (``UIRunLoop/haptics``). Entries are appended in the order they are played; times come
/// from the run loop's clock (the event's timestamp while a touch is dispatched, the frame time during a
/// frame), so they never decrease within one run.
@Observable
@MainActor
public final class HapticLog {
    /// One played haptic.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// When it was played, in seconds on the run loop's clock.
        public var time: Double
        /// What was played.
        public var event: HapticEvent

        package init(time: Double, event: HapticEvent) {
            self.time = time
            self.event = event
        }

        public var description: String { "\(event) at \(time)" }
    }

    /// Every haptic played so far, oldest first.
    public private(set) var entries: [Entry] = []

    package init() {}

    /// The events alone, in order.
    public var events: [HapticEvent] { entries.map(\.event) }

    /// Appends `event` at `time`.
    package func record(_ event: HapticEvent, at time: Double) {
        entries.append(Entry(time: time, event: event))
    }

    /// Forgets every entry.
    package func removeAll() {
        entries.removeAll()
    }
}
