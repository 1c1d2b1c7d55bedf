import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct CalculatorButtonTests {
    private func host() throws -> (UIRunLoop, CalculatorButton) {
        let key = CalculatorButton()
        let loop = try UIRunLoop(root: key, size: CalculatorButton.defaultSize, framesPerSecond: 60)
        return (loop, key)
    }

    private static let centre = Point(40, 40)

    @Test func highlightsAtOnceAndFadesOverHalfASecondEaseOut() throws {
        let (loop, key) = try host()
        var levels: [Double: Double] = [:]
        let script = [
            Touch(phase: .began, location: Self.centre, timestamp: 0.1),
            Touch(phase: .ended, location: Self.centre, timestamp: 0.2),
        ]
        loop.run(events: script, duration: 1) { frame in levels[frame.time] = key.highlightLevel }
        #expect(levels.filter { $0.key > 0.1 && $0.key <= 0.2 }.values.allSatisfy { $0 == 1 }, "full highlight while down")
        // A frame 0.25 s into the fade shows the ease-out curve at half time.
        let frameTime = try #require(levels.keys.first { abs($0 - 0.45) < 1e-9 })
        let expected = 1 - TimingCurve.easeOut.value(at: 0.5)
        #expect(abs(levels[frameTime]! - expected) < 1e-9)
        #expect(levels.filter { $0.key > 0.71 }.values.allSatisfy { $0 == 0 }, "gone 0.5 s after the lift")
        #expect(key.tapCount == 1)
    }

    @Test func rapidTapsEachReachFullHighlight() throws {
        let (loop, key) = try host()
        var script: [Touch] = []
        for i in 0..<6 {
            let t = 0.1 + 0.12 * Double(i)
            script.append(Touch(phase: .began, location: Self.centre, timestamp: t))
            script.append(Touch(phase: .ended, location: Self.centre, timestamp: t + 0.005))
        }
        var peaks: [Double] = []
        var current = 0.0
        loop.run(events: script, duration: 1.2) { _ in
            // The level on the first frame after each tap (taps are shorter than a frame).
            if key.highlightLevel > current, key.highlightLevel > 0.9 { peaks.append(key.highlightLevel) }
            current = key.highlightLevel
        }
        #expect(peaks.count == 6, "every tap shows")
        #expect(peaks.allSatisfy { $0 > 0.99 }, "each from a full highlight, the previous fade cancelled")
        #expect(key.tapCount == 6)
    }

    @Test func slidingOffFadesAndSlidingBackLightsAgain() throws {
        let (loop, key) = try host()
        let script = [
            Touch(phase: .began, location: Self.centre, timestamp: 0.1),
            Touch(phase: .moved, location: Point(300, 40), timestamp: 0.2),
            Touch(phase: .moved, location: Self.centre, timestamp: 0.4),
            Touch(phase: .cancelled, location: Self.centre, timestamp: 0.6),
        ]
        var at: [Double: Double] = [:]
        loop.run(events: script, duration: 1.5) { at[$0.time] = key.highlightLevel }
        func level(_ t: Double) -> Double { at.first { abs($0.key - t) < 1e-6 }!.value }
        #expect(level(0.35) > 0 && level(0.35) < 1, "fading after the drag exit")
        #expect(level(0.45) == 1, "lit again on the drag enter")
        #expect(level(1.2) == 0, "faded after the cancel")
        #expect(key.tapCount == 0)
    }
}
