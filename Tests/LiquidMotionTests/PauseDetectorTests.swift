import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct PauseDetectorTests {
    /// Drives a detector with a scripted horizontal drag (60 Hz), returning whether each update paused.
    private func run(_ detector: inout PauseDetector, speeds: [Double], startOffset: Double = 0) -> [Bool] {
        var offset = startOffset
        return speeds.map { speed in
            offset += speed / 60
            return detector.update(velocity: Vector2(0, speed), offset: Vector2(0, offset))
        }
    }

    @Test func scriptedDecelerationPauses() {
        var detector = PauseDetector()
        let speeds = Array(repeating: 1000.0, count: 10) + [700, 400, 200, 80, 30, 10]
        let paused = run(&detector, speeds: speeds)
        // Fast, then braking: not paused until the speed drops to 80 pt/s, having lost 92 % of 1000 pt/s.
        #expect(paused == Array(repeating: false, count: 13) + [true, true, true])
        #expect(detector.isPaused)
        #expect(detector.recentVelocities.count == 7)
        #expect(detector.recentVelocities.first == Vector2(0, 1000))
    }

    @Test func movingOffAgainUnpauses() {
        var detector = PauseDetector()
        _ = run(&detector, speeds: Array(repeating: 1000.0, count: 8) + [300, 50])
        #expect(detector.isPaused)
        #expect(detector.update(velocity: Vector2(0, 600), offset: Vector2(0, 200)) == false)
        #expect(!detector.isPaused)
    }

    @Test func aSlowSteadyDragNeverPauses() {
        var detector = PauseDetector()
        let paused = run(&detector, speeds: Array(repeating: 60.0, count: 120), startOffset: 100)
        #expect(!paused.contains(true))
    }

    @Test func aPauseNearTheStartDoesNotCount() {
        var detector = PauseDetector()
        // Brakes from 800 pt/s to rest, but less than 30 pt from where the gesture began.
        let paused = run(&detector, speeds: [800, 600, 200, 50, 10, 0], startOffset: 0)
        #expect(!paused.contains(true))
    }

    @Test func gentleDecelerationIsNotAPause() {
        var detector = PauseDetector()
        // Loses only 50 % over the history: slow, far away, but not braking.
        let paused = run(&detector, speeds: [190, 180, 170, 150, 130, 110, 95], startOffset: 200)
        #expect(!paused.contains(true))
    }

    @Test func turningWithoutSlowingIsNotAPause() {
        var detector = PauseDetector()
        // 90 pt/s throughout, far from the start, turning a quarter turn: the velocity changed by 141 %
        // of itself, the speed by nothing.
        for i in 0..<7 {
            let f = Double(i) / 6
            #expect(detector.update(velocity: Vector2(1 - f, f).normalized * 90, offset: Vector2(300, 0)) == false)
        }
        // Reversing from 500 pt/s up to 60 pt/s down loses 88 % of the speed: not yet a pause.
        detector.reset()
        #expect(detector.update(velocity: Vector2(0, -500), offset: Vector2(0, -200)) == false)
        #expect(detector.update(velocity: Vector2(0, 60), offset: Vector2(0, -199)) == false)
        // Down to 40 pt/s it has lost 92 %: paused.
        #expect(detector.update(velocity: Vector2(0, 40), offset: Vector2(0, -198)) == true)
    }

    @Test func needsTwoVelocitiesAndAMovingStart() {
        var detector = PauseDetector()
        #expect(detector.update(velocity: .zero, offset: Vector2(300, 0)) == false)
        #expect(detector.update(velocity: .zero, offset: Vector2(300, 0)) == false)
    }

    @Test func configurableThresholdsAndReset() throws {
        let configuration = try PauseDetector.Configuration(
            historyLength: 3, maximumSpeed: 20, minimumOffset: 10, minimumDeceleration: 0.5)
        var detector = PauseDetector(configuration: configuration)
        #expect(detector.update(velocity: Vector2(100, 0), offset: Vector2(20, 0)) == false)
        #expect(detector.update(velocity: Vector2(40, 0), offset: Vector2(21, 0)) == false)  // 40 > 20 pt/s
        #expect(detector.update(velocity: Vector2(15, 0), offset: Vector2(22, 0)) == true)
        detector.reset()
        #expect(!detector.isPaused)
        #expect(detector.recentVelocities.isEmpty)
        #expect(detector.update(velocity: Vector2(15, 0), offset: Vector2(22, 0)) == false)
    }

    @Test func nonFiniteUpdatesAreIgnored() {
        var detector = PauseDetector()
        _ = run(&detector, speeds: Array(repeating: 1000.0, count: 8) + [50])
        #expect(detector.isPaused)
        #expect(detector.update(velocity: Vector2(.nan, 0), offset: Vector2(0, 0)) == true)
        #expect(detector.update(velocity: Vector2(0, 0), offset: Vector2(.infinity, 0)) == true)
        #expect(detector.recentVelocities.count == 7)
        #expect(detector.recentVelocities.last == Vector2(0, 50))
    }

    @Test func invalidConfigurationThrows() {
        #expect(throws: LiquidError.invalidParameter(name: "pause history length", value: 1, requirement: "must be at least 2")) {
            try PauseDetector.Configuration(historyLength: 1)
        }
        #expect(throws: LiquidError.invalidParameter(name: "pause maximum speed", value: -1, requirement: "must not be negative")) {
            try PauseDetector.Configuration(maximumSpeed: -1)
        }
        #expect(throws: LiquidError.nonFinite(name: "pause minimum offset", value: .nan)) {
            try PauseDetector.Configuration(minimumOffset: .nan)
        }
        #expect(PauseDetector.Configuration.standard == (try? PauseDetector.Configuration()))
    }
}
