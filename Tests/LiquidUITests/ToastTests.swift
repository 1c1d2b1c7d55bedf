import LiquidGeometry
import Testing

@testable import LiquidUI

/// The toast: every (state, event) pair of its machine against a table written out here, the 0.25 s
/// throttle and the error timeout on a test clock, then the view on a run loop driven by its buttons.
@MainActor
struct ToastTests {
    typealias Event = ToastMachine.Event

    static let success = ToastState.icon(.success, title: "A", subtitle: "a")
    static let error = ToastState.icon(.error, title: "A", subtitle: "a")
    static let loading = ToastState.loading(title: "A", subtitle: "a")
    static let otherSuccess = ToastState.icon(.success, title: "B", subtitle: "b")
    static let otherLoading = ToastState.loading(title: "B", subtitle: "b")

    static let events: [Event] = [
        .show(.success, title: "A", subtitle: "a"), .show(.success, title: "B", subtitle: "b"),
        .show(.error, title: "A", subtitle: "a"), .loading(title: "A", subtitle: "a"),
        .loading(title: "B", subtitle: "b"), .hide, .timeout,
    ]

    @Test func everyTransitionFollowsTheTable() {
        let s = Self.success, e = Self.error, l = Self.loading, s2 = Self.otherSuccess, l2 = Self.otherLoading
        let h = ToastState.hidden
        // One row per state, one column per event above: (state after, effect).
        let table: [(ToastState, [(ToastState, ToastMachine.Effect)])] = [
            (h, [(s, .present), (s2, .present), (e, .present), (l, .present), (l2, .present), (h, .ignored), (h, .ignored)]),
            (s, [(s, .ignored), (s2, .update), (e, .update), (l, .update), (l2, .update), (h, .dismiss), (s, .ignored)]),
            (e, [(s, .update), (s2, .update), (e, .ignored), (l, .update), (l2, .update), (h, .dismiss), (h, .dismiss)]),
            (l, [(s, .update), (s2, .update), (e, .update), (l, .ignored), (l2, .update), (h, .dismiss), (l, .ignored)]),
        ]
        var checked = 0
        for (state, row) in table {
            for (event, expected) in zip(Self.events, row) {
                let transition = ToastMachine.transition(from: state, on: event)
                #expect(transition.to == expected.0 && transition.effect == expected.1, "\(state) + \(event)")
                #expect(transition.from == state && transition.event == event)
                checked += 1
            }
        }
        #expect(checked == 28)
    }

    @Test func theMachineKeepsItsState() {
        var machine = ToastMachine()
        #expect(machine.handle(.loading(title: "A", subtitle: "a")).effect == .present)
        #expect(machine.handle(.show(.error, title: "A", subtitle: "a")).effect == .update)
        #expect(machine.handle(.timeout).effect == .dismiss)
        #expect(machine.state == .hidden)
    }

    // MARK: Throttle and timeout on a test clock

    @Test func aBurstOfIdenticalEventsGivesOneChange() {
        var scheduler = ToastScheduler()
        var changes = 0
        for k in 0..<10 {
            changes += scheduler.receive(Self.events[0], at: 0.03 * Double(k)).count
        }
        changes += scheduler.advance(to: 5).count
        #expect(changes == 1)
        #expect(scheduler.state == Self.success)
    }

    @Test func eventsWithinTheWindowCoalesceAndTheLatestAppliesWhenItEnds() {
        var scheduler = ToastScheduler()
        #expect(scheduler.receive(Self.events[0], at: 1).map(\.to) == [Self.success], "after a quiet time: at once")
        #expect(scheduler.receive(Self.events[3], at: 1.1).isEmpty, "waits")
        #expect(scheduler.receive(Self.events[4], at: 1.2).isEmpty, "replaces the waiting one")
        #expect(scheduler.pendingTime == 1.25)
        #expect(scheduler.advance(to: 1.2499).isEmpty)
        let applied = scheduler.advance(to: 1.25)
        #expect(applied.map(\.to) == [Self.otherLoading], "only the latest, at 1 + 0.25")
        #expect(scheduler.lastChange == 1.25)
        // Exactly one window after that change: at once.
        #expect(scheduler.receive(.hide, at: 1.5).map(\.effect) == [.dismiss])
    }

    @Test func aLateAdvanceAppliesTheWaitingEventAtTheWindowsEnd() {
        var scheduler = ToastScheduler()
        _ = scheduler.receive(.loading(title: "A", subtitle: "a"), at: 0)
        _ = scheduler.receive(.hide, at: 0.1)
        // The next look at the clock is late; the waiting hide still counts as applied at 0.25.
        #expect(scheduler.advance(to: 0.4).map(\.effect) == [.dismiss])
        #expect(scheduler.lastChange == 0.25)
    }

    @Test func anErrorHidesItselfAfterItsTimeout() throws {
        var scheduler = try ToastScheduler(errorTimeout: 2)
        _ = scheduler.receive(Self.events[2], at: 1)
        #expect(scheduler.hideTime == 3)
        #expect(scheduler.nextDeadline == 3)
        #expect(scheduler.advance(to: 2.999).isEmpty)
        let hidden = scheduler.advance(to: 3)
        #expect(hidden.map(\.event) == [.timeout] && scheduler.state == .hidden)
        // A change before the deadline cancels it.
        _ = scheduler.receive(Self.events[2], at: 10)
        _ = scheduler.receive(Self.events[0], at: 11)
        #expect(scheduler.hideTime == nil)
        #expect(scheduler.advance(to: 20).isEmpty && scheduler.state == Self.success)
    }

    @Test func badTimeoutsAreRefused() {
        for bad in [0, -1, Double.nan, .infinity] {
            #expect(throws: LiquidError.self) { try ToastScheduler(errorTimeout: bad) }
            #expect(throws: LiquidError.self) { try Toast(errorTimeout: bad) }
        }
        #expect(throws: LiquidError.self) { try Toast().setSafeAreaTop(-1) }
    }

    // MARK: The view on a run loop

    private func demo() throws -> (UIRunLoop, ToastDemo) {
        let demo = ToastDemo()
        let loop = try UIRunLoop(root: demo, size: ToastDemo.defaultSize, framesPerSecond: 60)
        loop.step(to: 0)
        return (loop, demo)
    }

    /// A tap on the demo's button `index` (0 Show, 1 Loading, 2 Error, 3 Hide) at `time`.
    private func tap(_ demo: ToastDemo, _ index: Int, at time: Double) -> [Touch] {
        TouchScript.tap(at: demo.buttonFrame(index).center, time: time)
    }

    @Test func slidesInFromAboveToTheSafeAreaAndBack() throws {
        let (loop, demo) = try demo()
        #expect(demo.toast.layer.frame.maxY == 0, "hidden just above the screen")
        var ys: [Double] = []
        loop.run(events: tap(demo, 1, at: 0.1), duration: 0.6) { _ in ys.append(demo.toast.layer.frame.minY) }
        #expect(demo.toast.state.name == "loading")
        #expect(ys.contains { $0 > -62 && $0 < 0 }, "seen on the way in")
        #expect(demo.toast.layer.frame.minY == 0 && demo.toast.layer.frame.height == 62)
        #expect(demo.toast.layer.frame.width >= 191)
        #expect(abs(demo.toast.layer.frame.midX - 180) <= 0.5, "centred")
        try demo.toast.setSafeAreaTop(24)
        loop.run(events: [], duration: 0.4)
        #expect(demo.toast.layer.frame.minY == 24)
        loop.run(events: tap(demo, 3, at: loop.currentTime + 0.05), duration: 0.5)
        #expect(demo.toast.state == .hidden && demo.toast.layer.frame.maxY == 0)
    }

    @Test func theErrorToastHidesAtItsTimeoutOnTheRunLoopsClock() throws {
        let (loop, demo) = try demo()
        var shown: [(time: Double, state: String)] = []
        // The tap lifts at 0.58: the error shows then and is due to hide at 3.58.
        loop.run(events: tap(demo, 2, at: 0.5), duration: 4) { frame in
            shown.append((frame.time, demo.toast.state.name))
        }
        let firstHidden = try #require(shown.first { $0.time > 0.6 && $0.state == "hidden" })
        #expect(firstHidden.time >= 3.58 - 1e-9 && firstHidden.time < 3.58 + 1.0 / 60)
        #expect(shown.filter { $0.time > 0.6 && $0.time < 3.58 }.allSatisfy { $0.state == "icon" })
    }

    @Test func aBurstOfTapsOnOneButtonGivesOneChange() throws {
        let (loop, demo) = try demo()
        var script: [Touch] = []
        for k in 0..<6 { script += tap(demo, 0, at: 0.1 + 0.1 * Double(k)) }
        var states: [String] = []
        loop.run(events: script, duration: 1.5) { _ in
            let name = demo.toast.state.name
            if states.last != name { states.append(name) }
        }
        #expect(states == ["hidden", "icon"])
    }

    @Test func aSpinnerTurnsAboutItsCentreWhileLoading() throws {
        let (loop, demo) = try demo()
        loop.run(events: tap(demo, 1, at: 0.1), duration: 0.5)
        let spinner = try #require(demo.toast.layer.sublayers.first { $0.frame.width == Toast.spinnerSize })
        let angle = spinner.transform.decomposed.rotation
        loop.run(events: [], duration: 0.25)
        let later = spinner.transform.decomposed.rotation
        let turned = (later - angle).truncatingRemainder(dividingBy: 2 * .pi)
        let expected = 2 * Double.pi * 0.25 / Toast.spinnerPeriod
        #expect(abs((turned < 0 ? turned + 2 * .pi : turned) - expected) < 1e-6)
        #expect(spinner.anchorPoint == Point(0.5, 0.5))
    }

    @Test func aTenThousandCharacterTitleGivesABoundedToast() throws {
        let (loop, demo) = try demo()
        demo.toast.send(.show(.info, title: String(repeating: "long ", count: 2000), subtitle: String(repeating: "ü", count: 10_000)))
        loop.run(events: [], duration: 0.5)
        #expect(demo.toast.layer.frame.width <= 360 - 32)
        #expect(demo.toast.layer.frame.width > 191)
        #expect(demo.toast.shownText.title.hasSuffix("…") && demo.toast.shownText.subtitle.hasSuffix("…"))
        #expect(demo.toast.shownText.title.count < 100)
    }
}
