import LiquidGeometry
import Testing

@testable import LiquidUI

/// Records every event it sends, and counts its property updates.
final class EventRecordingControl: Control {
    var events: [ControlEvent] = []
    var updates = 0
    var highlightSeen: [Bool] = []

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addAction(for: .allEvents) { [unowned self] event in self.events.append(event) }
    }

    override func updateProperties() {
        updates += 1
        highlightSeen.append(isHighlighted)
    }
}

/// A calculator-style button: plays a selection tick on touch up inside.
private final class TickButton: Control {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addAction(for: .touchUpInside) { [unowned self] _ in self.playHaptic(.selection) }
        addAction(for: .touchDown) { [unowned self] _ in self.playHaptic(.impactLight) }
    }
}

/// A 400 × 400 window with a 100 × 50 control at (150, 150).
@MainActor
private func makeWindow() throws -> (UIRunLoop, EventRecordingControl) {
    let root = View()
    let control = EventRecordingControl(frame: Rect(x: 150, y: 150, width: 100, height: 50))
    root.addSubview(control)
    return (try UIRunLoop(root: root, size: Size(width: 400, height: 400)), control)
}

private func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) -> Touch {
    Touch(phase: phase, location: Point(x, y), timestamp: t)
}

@MainActor
@Suite("Control events")
struct ControlTests {
    @Test func touchDownHighlightsAndTracks() throws {
        let (loop, control) = try makeWindow()
        loop.dispatch(touch(.began, 200, 175, 0))
        #expect(control.events == [.touchDown])
        #expect(control.isTracking && control.isHighlighted && control.isTouchInside)
    }

    @Test func dragOutBackInAndReleaseInside() throws {
        let (loop, control) = try makeWindow()
        let events = [
            touch(.began, 200, 175, 0),
            touch(.moved, 210, 175, 0.05),  // inside
            touch(.moved, 200, 260, 0.10),  // 60 pt below the bottom edge: still within the 70 pt margin
            touch(.moved, 200, 280, 0.15),  // 80 pt below: exit
            touch(.moved, 200, 320, 0.20),  // still outside
            touch(.moved, 200, 190, 0.25),  // back in: re-armed
            touch(.ended, 200, 190, 0.30),
        ]
        var highlights: [Bool] = []
        for event in events {
            loop.dispatch(event)
            highlights.append(control.isHighlighted)
        }
        #expect(control.events == [
            .touchDown, .dragInside, .dragInside, .dragExit, .dragOutside, .dragEnter, .touchUpInside,
        ])
        #expect(highlights == [true, true, true, false, false, true, false])
        #expect(!control.isTracking)
    }

    @Test func releaseOutsideSendsTouchUpOutside() throws {
        let (loop, control) = try makeWindow()
        loop.run(events: [touch(.began, 200, 175, 0), touch(.moved, 390, 175, 0.1), touch(.ended, 390, 175, 0.2)],
                 duration: 0.3)
        #expect(control.events == [.touchDown, .dragExit, .touchUpOutside])
        #expect(!control.isHighlighted && !control.isTracking)
    }

    @Test func cancelSendsCancel() throws {
        let (loop, control) = try makeWindow()
        loop.run(events: [touch(.began, 200, 175, 0), touch(.cancelled, 200, 175, 0.1)], duration: 0.2)
        #expect(control.events == [.touchDown, .cancel])
        #expect(!control.isHighlighted && !control.isTracking)
    }

    @Test func theDragMarginIsConfigurable() throws {
        let (loop, control) = try makeWindow()
        control.dragMargin = 0
        loop.run(events: [touch(.began, 200, 175, 0), touch(.moved, 200, 201, 0.05), touch(.ended, 200, 201, 0.1)],
                 duration: 0.2)
        #expect(control.events == [.touchDown, .dragExit, .touchUpOutside])
    }

    @Test func aDisabledControlDoesNotTrackAndDisablingCancels() throws {
        let (loop, control) = try makeWindow()
        control.isEnabled = false
        loop.run(events: TouchScript.tap(at: Point(200, 175), time: 0), duration: 0.2)
        #expect(control.events.isEmpty)
        control.isEnabled = true
        loop.dispatch(touch(.began, 200, 175, 0.3))
        control.isEnabled = false
        loop.dispatch(touch(.ended, 200, 175, 0.35))
        #expect(control.events == [.touchDown, .cancel])
    }

    @Test func highlightChangesRunUpdatePropertiesOncePerFrame() throws {
        let (loop, control) = try makeWindow()
        loop.step(to: 0)
        #expect(control.updates == 1)
        loop.run(events: [touch(.began, 200, 175, 0.01)], duration: 0.05)
        #expect(control.updates == 2)
        #expect(control.highlightSeen.last == true)
        loop.run(events: [touch(.moved, 201, 175, 0.06)], duration: 0.05)
        #expect(control.updates == 2, "a move that keeps the highlight changes nothing")
        loop.run(events: [touch(.ended, 201, 175, 0.11)], duration: 0.05)
        #expect(control.updates == 3)
        #expect(control.highlightSeen.last == false)
    }

    @Test func actionsCanBeRemovedAndListenToSets() throws {
        let (loop, control) = try makeWindow()
        var ups = 0
        let id = control.addAction(for: [.touchUpInside, .touchUpOutside]) { _ in ups += 1 }
        loop.run(events: TouchScript.tap(at: Point(200, 175), time: 0), duration: 0.2)
        #expect(ups == 1)
        control.removeAction(id)
        loop.run(events: TouchScript.tap(at: Point(200, 175), time: 0.3), duration: 0.2)
        #expect(ups == 1)
        #expect(ControlEvent.allTouchEvents.description.hasPrefix("[touchDown, dragInside"))
    }

    @Test func hapticsAreRecordedWithTheirTimes() throws {
        let root = View()
        let button = TickButton(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(button)
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100))
        loop.run(events: TouchScript.tap(at: Point(50, 50), time: 0.25, duration: 0.125)
                 + TouchScript.tap(at: Point(50, 50), time: 0.5, duration: 0.25), duration: 1)
        #expect(loop.haptics.entries == [
            HapticLog.Entry(time: 0.25, event: .impactLight),
            HapticLog.Entry(time: 0.375, event: .selection),
            HapticLog.Entry(time: 0.5, event: .impactLight),
            HapticLog.Entry(time: 0.75, event: .selection),
        ])
        // A view outside any run loop has nowhere to play.
        #expect(!View().playHaptic(.selection))
    }
}
