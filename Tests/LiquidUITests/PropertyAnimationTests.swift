import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

/// A root view and a 100×100 child at the origin, hosted by a 60 Hz run loop at time 0.
@MainActor
private func makeScene(fps: Double = 60) throws -> (loop: UIRunLoop, view: View) {
    let root = View()
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(view)
    let loop = try UIRunLoop(root: root, size: Size(width: 400, height: 400), framesPerSecond: fps)
    loop.step(to: 0)
    return (loop, view)
}

/// Runs frames at the loop's rate up to and including `time`.
@MainActor
private func run(_ loop: UIRunLoop, until time: Double) {
    var t = (loop.lastFrameTime ?? 0) + loop.frameInterval
    while t <= time + 1e-9 {
        loop.step(to: t)
        t += loop.frameInterval
    }
}

@MainActor
struct PropertyAnimationTests {
    // MARK: - Blocks

    @Test func linearCurveShowsExactIntermediateValuesAndLandsOnTheTarget() throws {
        let (loop, view) = try makeScene()
        var finished: [Bool] = []
        try View.animate(.curve(.linear, duration: 1)) {
            view.frame.origin.x = 200
        } completion: { finished.append($0) }
        #expect(view.frame.origin.x == 200, "the view's own property holds the new value at once")
        #expect(view.layer.frame.origin.x == 0, "the layer still shows the old value")
        run(loop, until: 0.25)
        #expect(abs(view.layer.frame.origin.x - 50) < 1e-9)
        run(loop, until: 0.5)
        #expect(abs(view.layer.frame.origin.x - 100) < 1e-9)
        #expect(finished.isEmpty)
        run(loop, until: 1.0)
        #expect(view.layer.frame.origin.x == 200)
        run(loop, until: 1.5)
        #expect(finished == [true], "the completion runs once, finished")
    }

    @Test func easeInOutFollowsItsCurve() throws {
        let (loop, view) = try makeScene()
        try View.animate(.curve(.easeInOut, duration: 0.5)) { view.layer.opacity = 0 }
        run(loop, until: 0.1)
        let expected = 1 - TimingCurve.easeInOut.value(at: 0.2)
        #expect(abs(view.layer.opacity - expected) < 1e-9)
    }

    @Test func aSpringLandsExactlyAndMatchesTheClosedForm() throws {
        let (loop, view) = try makeScene(fps: 120)
        let spring = Spring.constant(response: 0.4, dampingRatio: 0.6)
        var finished: [Bool] = []
        try View.animate(.spring(spring)) { view.frame.origin.y = 100 } completion: { finished.append($0) }
        run(loop, until: 0.1)
        // The exact solution from 0 toward 100 at rest, at t = 0.1 s.
        let exact = spring.value(at: 0.1, from: 0.0, to: 100.0, initialVelocity: 0)
        #expect(abs(view.layer.frame.origin.y - exact) < 1e-6)
        #expect(view.layer.frame.origin.y > 0 && view.layer.frame.origin.y < 100)
        run(loop, until: 3)
        #expect(view.layer.frame.origin.y == 100)
        #expect(finished == [true])
    }

    @Test func interruptingASpringKeepsPositionAndVelocityContinuous() throws {
        let (loop, view) = try makeScene(fps: 120)
        let spring = Spring.constant(response: 0.5, dampingRatio: 0.8)
        var first: [Bool] = [], second: [Bool] = []
        try View.animate(.spring(spring)) { view.frame.origin.x = 300 } completion: { first.append($0) }
        run(loop, until: 0.15)
        let track = try #require(view.layer.animationTracks[.frame])
        let x0 = view.layer.frame.origin.x
        let v0 = track.velocity.lanes[0]
        #expect(v0 > 100, "moving fast when interrupted")
        try View.animate(.spring(spring)) { view.frame.origin.x = 0 } completion: { second.append($0) }
        #expect(first == [false], "the interrupted block completes as not finished")
        #expect(view.layer.frame.origin.x == x0, "no jump when the new animation starts")
        let replacement = try #require(view.layer.animationTracks[.frame])
        #expect(replacement.velocity.lanes[0] == v0, "the new spring takes over the velocity")
        // The motion after the interruption is the closed-form spring from (x0, v0) toward 0.
        run(loop, until: 0.15 + 1.0 / 120)
        let exact = spring.value(at: 1.0 / 120, from: x0, to: 0.0, initialVelocity: v0)
        #expect(abs(view.layer.frame.origin.x - exact) < 1e-6)
        #expect(view.layer.frame.origin.x > x0, "it keeps moving right for a moment (no velocity jump)")
        run(loop, until: 3)
        #expect(view.layer.frame.origin.x == 0)
        #expect(second == [true])
    }

    @Test func aNewCurveStartsFromThePresentedValue() throws {
        let (loop, view) = try makeScene()
        try View.animate(.curve(.linear, duration: 1)) { view.frame.origin.x = 100 }
        run(loop, until: 0.5)
        try View.animate(.curve(.linear, duration: 1)) { view.frame.origin.x = 0 }
        #expect(abs(view.layer.frame.origin.x - 50) < 1e-9)
        run(loop, until: 1.0)
        #expect(abs(view.layer.frame.origin.x - 25) < 1e-9)
    }

    @Test func settingAMovingPropertyStopsItsAnimation() throws {
        let (loop, view) = try makeScene()
        var finished: [Bool] = []
        try View.animate(.curve(.linear, duration: 1)) { view.frame.origin.x = 100 } completion: { finished.append($0) }
        run(loop, until: 0.5)
        view.frame.origin.x = 10
        #expect(finished == [false])
        #expect(view.layer.frame.origin.x == 10)
        run(loop, until: 1.5)
        #expect(view.layer.frame.origin.x == 10, "nothing moves it afterwards")
    }

    @Test func aBlockWithNothingToAnimateCompletesAtOnce() throws {
        let (_, view) = try makeScene()
        var finished: [Bool] = []
        try View.animate(.default) {} completion: { finished.append($0) }
        #expect(finished == [true])
        let loose = View(frame: .zero)
        try View.animate(.default) { loose.frame.origin.x = 30 } completion: { finished.append($0) }
        #expect(finished == [true, true])
        #expect(loose.layer.frame.origin.x == 30, "a layer outside a run loop takes its new value at once")
        _ = view
    }

    @Test func aDelayHoldsTheStartValue() throws {
        let (loop, view) = try makeScene()
        try View.animate(.curve(.linear, duration: 0.5), delay: 0.5) { view.frame.origin.x = 100 }
        run(loop, until: 0.5)
        #expect(view.layer.frame.origin.x == 0)
        run(loop, until: 0.75)
        #expect(abs(view.layer.frame.origin.x - 50) < 1e-9)
    }

    @Test func rotationsTurnThroughTheAngleTheShortWay() throws {
        let (loop, view) = try makeScene()
        view.transform = AffineTransform(rotationAngle: .pi * 170 / 180)
        try View.animate(.curve(.linear, duration: 1)) {
            view.transform = AffineTransform(rotationAngle: -.pi * 170 / 180)
        }
        run(loop, until: 0.5)
        let parts = view.layer.transform.decomposed
        #expect(abs(abs(parts.rotation) - .pi) < 1e-9, "halfway from 170° to −170° the short way is 180°")
        #expect(abs(parts.scaleX - 1) < 1e-9 && abs(parts.scaleY - 1) < 1e-9, "the shape does not shrink")
        run(loop, until: 1)
        #expect(view.layer.transform == AffineTransform(rotationAngle: -.pi * 170 / 180), "lands exactly")
    }

    @Test func colourFadesInFromNoneAndFiltersAnimateTheirNumbers() throws {
        let (loop, view) = try makeScene()
        let red = RGBA(red: 1, green: 0, blue: 0)
        try View.animate(.curve(.linear, duration: 1)) {
            view.layer.backgroundColor = red
            view.layer.filters = []
        }
        view.layer.filters = [.blur(sigma: 0)]
        try View.animate(.curve(.linear, duration: 1)) { view.layer.filters = [.blur(sigma: 8)] }
        run(loop, until: 0.5)
        let color = try #require(view.layer.backgroundColor)
        #expect(color.red == 1 && color.green == 0 && abs(color.alpha - 0.5) < 1e-9, "red fading in, never dark")
        guard case .blur(let sigma) = view.layer.filters.first else {
            Issue.record("the blur filter is kept")
            return
        }
        #expect(abs(sigma - 4) < 1e-9)
        run(loop, until: 1)
        #expect(view.layer.backgroundColor == red)
    }

    @Test func reduceMotionRemovesOvershoot() throws {
        let (loop, view) = try makeScene(fps: 120)
        loop.reduceMotion = true
        try View.animate(.spring(.constant(response: 0.3, dampingRatio: 0.3))) { view.frame.origin.x = 100 }
        var largest = 0.0
        for _ in 0..<240 {
            run(loop, until: (loop.lastFrameTime ?? 0) + 1.0 / 120)
            largest = max(largest, view.layer.frame.origin.x)
        }
        #expect(largest <= 100)
        #expect(view.layer.frame.origin.x == 100)
    }

    @Test func badTimingIsRefusedWithItsName() throws {
        for bad in [-1.0, .nan, .infinity] {
            #expect(throws: LiquidError.self) { try AnimationTiming.curve(duration: bad) }
            #expect(throws: LiquidError.self) { try View.animate(.default, delay: bad) {} }
        }
        do {
            _ = try AnimationTiming.curve(duration: -1)
        } catch {
            #expect(error.message.contains("animation duration"))
        }
        #expect(throws: LiquidError.self) { try AnimationTiming.spring(.smooth, initialVelocity: .nan) }
        #expect(throws: LiquidError.self) { try AnimationTiming.spring(.constant(response: 1, dampingRatio: 0)) }
    }

    @Test func aPerAxisVelocityPushesOnlyItsOwnAxis() throws {
        let spring = Spring.constant(response: 0.4, dampingRatio: 1)
        var shown: [Point] = []
        for velocity in [Vector2(0, 0), Vector2(6, 0)] {
            let (loop, view) = try makeScene(fps: 120)
            try View.animate(.spring(spring, initialVelocity: velocity)) { view.frame.origin = Point(100, 200) }
            run(loop, until: 0.05)
            shown.append(view.layer.frame.origin)
        }
        #expect(shown[1].x > shown[0].x + 10, "x starts faster")
        #expect(shown[1].y == shown[0].y, "y's start is unchanged")
        // The closed form: x leaves at 6 × 100 pt/s, y from rest toward 200.
        #expect(abs(shown[1].x - spring.value(at: 0.05, from: 0.0, to: 100.0, initialVelocity: 600.0)) < 1e-6)
        #expect(abs(shown[1].y - spring.value(at: 0.05, from: 0.0, to: 200.0, initialVelocity: 0.0)) < 1e-6)
    }

    @Test func equalPerAxisVelocitiesMatchTheUniformOneAndOtherPropertiesTakeNone() throws {
        let spring = Spring.constant(response: 0.5, dampingRatio: 0.7)
        var frames: [Rect] = [], opacities: [Double] = []
        let timings = [try AnimationTiming.spring(spring, initialVelocity: 3), try AnimationTiming.spring(spring, initialVelocity: Vector2(3, 3)),
                       try AnimationTiming.spring(spring, initialVelocity: Vector2(40, -7)), try AnimationTiming.spring(spring)]
        for timing in timings {
            let (loop, view) = try makeScene(fps: 60)
            try View.animate(timing) {
                view.frame.origin = Point(50, 80)
                view.layer.opacity = 0.2
            }
            run(loop, until: 0.1)
            frames.append(view.layer.frame)
            opacities.append(view.layer.opacity)
        }
        #expect(frames[0] == frames[1], "(3, 3) per axis is 3 on a move of the origin")
        #expect(opacities[1] == opacities[3] && opacities[2] == opacities[3], "an opacity takes no per-axis velocity")
        #expect(opacities[0] != opacities[3], "but does take a uniform one")
        // A transform's translation takes it too, its scale does not.
        var transforms: [AffineTransform.Decomposed] = []
        for timing in [timings[3], try AnimationTiming.spring(spring, initialVelocity: Vector2(0, 5))] {
            let (loop, view) = try makeScene(fps: 60)
            try View.animate(timing) { view.transform = AffineTransform(scale: 2).concatenating(AffineTransform(translationX: 30, y: 30)) }
            run(loop, until: 0.1)
            transforms.append(view.layer.transform.decomposed)
        }
        #expect(abs(transforms[1].translation.x - transforms[0].translation.x) < 1e-9)
        #expect(transforms[1].translation.y > transforms[0].translation.y + 5)
        #expect(abs(transforms[1].scaleX - transforms[0].scaleX) < 1e-9)
    }

    @Test func aPerAxisVelocityIsChecked() throws {
        #expect(throws: LiquidError.invalidParameter(name: "initial velocity x", value: .nan, requirement: "must be finite")) {
            try AnimationTiming.spring(.smooth, initialVelocity: Vector2(.nan, 0))
        }
        #expect(throws: LiquidError.invalidParameter(name: "initial velocity y", value: -.infinity, requirement: "must be finite")) {
            try AnimationTiming.spring(.smooth, initialVelocity: Vector2(1, -.infinity))
        }
        #expect(throws: LiquidError.self) { try AnimationTiming.spring(.constant(response: 1, dampingRatio: 0), initialVelocity: Vector2(1, 1)) }
    }

    @Test func aSpringInterruptedAThousandTimesASecondStaysFinite() throws {
        let (loop, view) = try makeScene(fps: 120)
        let spring = try AnimationTiming.spring(.constant(response: 0.2, dampingRatio: 0.3), initialVelocity: 5)
        var t = 0.0
        for i in 0..<3000 {
            try View.animate(spring) { view.frame.origin.x = i.isMultiple(of: 2) ? 1e4 : -1e4 }
            t += 0.001
            if i.isMultiple(of: 8) { loop.step(to: t) }
        }
        let frame = view.layer.frame
        #expect(frame.isFinite)
        #expect(abs(frame.origin.x) < 1e7)
    }

    // MARK: - Property animator

    @Test func anAnimatorRunsToTheEndAndReportsIt() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.linear, duration: 1))
        var positions: [PropertyAnimator.Position] = []
        try animator.addAnimations { view.frame.origin.x = 100 }
        animator.addCompletion { positions.append($0) }
        #expect(view.layer.frame.origin.x == 0 && animator.state == .inactive)
        try animator.startAnimation()
        run(loop, until: 0.5)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
        #expect(abs(view.layer.frame.origin.x - 50) < 1e-9)
        run(loop, until: 1.1)
        #expect(positions == [.end] && animator.state == .inactive)
        #expect(view.layer.frame.origin.x == 100)
    }

    @Test func scrubbingThenContinuingLandsOnTheTarget() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.easeInOut, duration: 1))
        try animator.addAnimations { view.frame.origin.y = 200 }
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.3)
        #expect(abs(view.layer.frame.origin.y - 60) < 1e-9, "scrubbing is linear in the fraction")
        try animator.setFractionComplete(0.6)
        #expect(abs(view.layer.frame.origin.y - 120) < 1e-9)
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.continueAnimation(with: nil, durationFactor: 0.4)
        run(loop, until: 0.2)
        #expect(view.layer.frame.origin.y > 120 && view.layer.frame.origin.y < 200)
        run(loop, until: 0.45)
        #expect(positions == [.end])
        #expect(view.layer.frame.origin.y == 200)
    }

    @Test func reversingReturnsExactlyToTheStart() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .spring(.constant(response: 0.3, dampingRatio: 0.8)))
        try animator.addAnimations {
            view.frame.origin.x = 150
            view.layer.opacity = 0.2
        }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        run(loop, until: 0.12)
        let mid = view.layer.frame.origin.x
        #expect(mid > 10 && mid < 150)
        animator.isReversed = true
        run(loop, until: 0.12 + 1.0 / 60)
        #expect(view.layer.frame.origin.x > mid - 20, "a spring turns around without a jump")
        run(loop, until: 3)
        #expect(positions == [.start])
        #expect(view.layer.frame.origin.x == 0 && view.layer.opacity == 1)
    }

    @Test func pausingStopsWithinAFrameAndAFlickContinuesWithVelocity() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.linear, duration: 1))
        try animator.addAnimations { view.frame.origin.x = 400 }
        try animator.startAnimation()
        run(loop, until: 0.5)
        try animator.pauseAnimation()
        let held = view.layer.frame.origin.x
        run(loop, until: 0.75)
        #expect(view.layer.frame.origin.x == held, "a paused animator holds still")
        // Continue with a spring whose initial velocity is 1000 pt/s relative to the 200 pt left.
        let spring = Spring.constant(response: 0.3, dampingRatio: 0.8)
        try animator.continueAnimation(with: .spring(spring, initialVelocity: 1000 / 200), durationFactor: 0)
        run(loop, until: 0.75 + 1.0 / 60)
        // The drawer's motion is the spring from 200 pt toward 400 pt starting at 1000 pt/s.
        let exact = spring.value(at: 1.0 / 60, from: 200.0, to: 400.0, initialVelocity: 1000.0)
        #expect(abs(held - 200) < 1e-9)
        #expect(abs(view.layer.frame.origin.x - exact) < 1e-6)
        run(loop, until: 3)
        #expect(view.layer.frame.origin.x == 400)
    }

    @Test func aPausedCurveResumesWhereItWasAndEndsLateByThePause() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.linear, duration: 1))
        try animator.addAnimations { view.frame.origin.x = 100 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        run(loop, until: 0.25)
        try animator.pauseAnimation()
        run(loop, until: 0.75)
        #expect(abs(view.layer.frame.origin.x - 25) < 1e-9)
        try animator.startAnimation()
        // Resumed at 0.75 s from 25%: 50% a quarter second later, the end at 1.5 s (1 s of motion + 0.5 s held).
        run(loop, until: 1.0)
        #expect(abs(view.layer.frame.origin.x - 50) < 1e-9)
        run(loop, until: 1.5 - 1.0 / 60)
        #expect(positions.isEmpty)
        #expect(abs(view.layer.frame.origin.x - 100 * (1 - 1.0 / 60)) < 1e-6)
        // Frame times are sums of 1/60 s, so the last frame lands within rounding of 1.5 s: allow it one frame.
        run(loop, until: 1.5 + 1.0 / 60)
        #expect(positions == [.end] && view.layer.frame.origin.x == 100)
    }

    @Test func reversingACurveRunsBackOverTheShareOfTheDurationLeft() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.linear, duration: 1))
        try animator.addAnimations { view.frame.origin.x = 100 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        run(loop, until: 0.5)
        animator.isReversed = true
        // From 50% back to 0 over half the duration.
        run(loop, until: 0.75)
        #expect(abs(view.layer.frame.origin.x - 25) < 1e-9)
        run(loop, until: 1.0)
        #expect(positions == [.start] && view.layer.frame.origin.x == 0)
    }

    @Test func stoppingLeavesPropertiesWhereTheyAre() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator(timing: try .curve(.linear, duration: 1))
        try animator.addAnimations { view.frame.origin.x = 100 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        run(loop, until: 0.25)
        animator.stopAnimation(withoutFinishing: false)
        #expect(animator.state == .stopped)
        #expect(throws: LiquidError.self) { try animator.startAnimation() }
        try animator.finishAnimation(at: .current)
        #expect(positions == [.current])
        #expect(abs(view.layer.frame.origin.x - 25) < 1e-9)
        run(loop, until: 1)
        #expect(abs(view.layer.frame.origin.x - 25) < 1e-9)
    }

    @Test func animatorInputsAreChecked() throws {
        let (loop, view) = try makeScene()
        let animator = PropertyAnimator()
        try animator.addAnimations { view.frame.origin.x = 100 }
        for bad in [-0.1, 1.5, .nan] {
            #expect(throws: LiquidError.self) { try animator.setFractionComplete(bad) }
        }
        #expect(throws: LiquidError.self) { try animator.continueAnimation(durationFactor: -1) }
        #expect(throws: LiquidError.self) { try animator.finishAnimation(at: .end) }
        try animator.startAnimation()
        #expect(throws: LiquidError.self) { try animator.setFractionComplete(0.5) }
        #expect(loop.layerAnimations.count == 1)
    }
}
