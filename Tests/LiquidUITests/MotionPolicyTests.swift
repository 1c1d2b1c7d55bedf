import LiquidGeometry
import LiquidMotion
import Testing
@testable import LiquidUI

/// The run loop's motion policy seen through a control: the switch's thumb, moved by `setOn(_:animated:)`
/// from a frame, against the position spring's closed-form solution.
@MainActor
@Suite("Motion policy")
struct MotionPolicyTests {
    let off = LiquidSwitchMetrics.standard.offThumbX, on = LiquidSwitchMetrics.standard.onThumbX

    /// A switch in a run loop at `rate`, turned on (animated) at the frame at time 0.
    func animatedSwitch(rate: Double, policy: FixedStepClock.LateFramePolicy = .pause) throws -> (UIRunLoop, LiquidSwitch) {
        let control = LiquidSwitch()
        let loop = try UIRunLoop(root: control, size: LiquidSwitch.defaultSize, framesPerSecond: rate)
        loop.animations.lateFramePolicy = policy
        loop.step(to: 0)
        control.setOn(true, animated: true)
        return (loop, control)
    }

    func exact(_ t: Double) -> Double {
        LiquidSwitchMotion.positionSpring.value(at: t, from: off, to: on)
    }

    @Test func framesAdvanceByTheirNominalInterval() throws {
        for rate in [60.0, 120.0] {
            let (loop, control) = try animatedSwitch(rate: rate)
            for k in 1...12 {
                loop.step(to: Double(k) / rate)
                #expect(abs(control.thumbX - exact(Double(k) / rate)) < 1e-9, "\(rate) Hz, frame \(k)")
            }
        }
    }

    /// At 90, 144 and 240 Hz (frames not a whole number of steps apart, or shorter than a step) the thumb is,
    /// at every frame, where the closed form puts it at the last whole 1/120 s step: the motion keeps real
    /// time instead of freezing or slowing down.
    @Test(arguments: [90.0, 144, 240])
    func otherFrameRatesFollowTheClosedForm(rate: Double) throws {
        let (loop, control) = try animatedSwitch(rate: rate)
        for k in 1...Int(rate / 2) {
            let t = Double(k) / rate
            loop.step(to: t)
            let stepTime = (t * 120 + 1e-6).rounded(.down) / 120
            #expect(abs(control.thumbX - exact(stepTime)) < 1e-9, "\(rate) Hz, frame \(k)")
        }
    }

    @Test func aLateFramePausesTheMotionUnlessCatchingUpIsChosen() throws {
        let (loop, control) = try animatedSwitch(rate: 60)
        loop.step(to: 1.0 / 60)
        loop.step(to: 4.0 / 60)  // three intervals: two frames dropped
        #expect(abs(control.thumbX - exact(2.0 / 60)) < 1e-9)
        loop.step(to: 5.0 / 60)
        #expect(abs(control.thumbX - exact(3.0 / 60)) < 1e-9)

        let (catchUpLoop, caughtUp) = try animatedSwitch(rate: 60, policy: .catchUp)
        catchUpLoop.step(to: 1.0 / 60)
        catchUpLoop.step(to: 4.0 / 60)
        #expect(abs(caughtUp.thumbX - exact(4.0 / 60)) < 1e-9)
    }

    @Test func theSliderFollowsThePolicyToo() throws {
        let slider = LiquidSlider(value: 0)
        let loop = try UIRunLoop(root: slider, size: LiquidSlider.defaultSize, framesPerSecond: 60)
        loop.step(to: 0)
        slider.setValue(1, animated: true)
        loop.step(to: 1.0 / 60)
        loop.step(to: 4.0 / 60)  // late
        let spring = LiquidSliderMetrics.standard.jumpSpring
        let inset = LiquidSliderMetrics.standard.thumbSize.width / 2
        let travel = LiquidSlider.defaultSize.width - 2 * inset
        let expected = inset + travel * spring.value(at: 2.0 / 60, from: 0.0, to: 1)
        #expect(abs(slider.thumbX - expected) < 1e-9)
    }
}
