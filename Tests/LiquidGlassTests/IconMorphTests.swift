import LiquidGlass
import Testing
import TestSupport

@Suite("Icon morph timeline")
struct IconMorphTests {
    /// Values at key instants for D = 0.5 s, peak 5, computed by hand from the brief:
    /// rise [0, D/4] = [0, 0.125]; cross-fade from 3/4 of the rise (0.09375) for D/2 → [0.09375, 0.34375];
    /// fall from 3/4 of the cross-fade (0.28125) for D/4 → [0.28125, 0.40625].
    @Test(arguments: [
        (time: 0.0, blur: 0.0, old: 1.0),
        // D/4: the rise is complete; the cross-fade is (0.125 − 0.09375)/0.25 = 1/8 done.
        (time: 0.125, blur: 5.0, old: 0.875),
        // D/2: held at the peak; the cross-fade is (0.25 − 0.09375)/0.25 = 5/8 done.
        (time: 0.25, blur: 5.0, old: 0.375),
        // 3D/4: the fall is (0.375 − 0.28125)/0.125 = 3/4 done → 5·1/4; the cross-fade ended at 0.34375.
        (time: 0.375, blur: 1.25, old: 0.0),
        (time: 0.5, blur: 0.0, old: 0.0),
        // Midway through the rise, before the cross-fade: 5·(0.0625/0.125).
        (time: 0.0625, blur: 2.5, old: 1.0),
    ])
    func keyInstants(time: Double, blur: Double, old: Double) {
        let state = IconMorph(duration: 0.5, maximumBlurRadius: 5).state(at: time)
        #expect(isClose(state.blurRadius, blur, absolute: 1e-12), "blur at t = \(time)")
        #expect(isClose(state.oldOpacity, old, absolute: 1e-12), "old opacity at t = \(time)")
        #expect(isClose(state.newOpacity, 1 - old, absolute: 1e-12), "new opacity at t = \(time)")
    }

    @Test func phasesAndEnds() {
        let morph = IconMorph(duration: 0.5)
        #expect(morph.blurRise == 0...0.125)
        #expect(morph.crossFade == 0.09375...0.34375)
        #expect(morph.blurFall == 0.28125...0.40625)
        #expect(morph.endTime == 0.40625)
        #expect(!morph.isFinished(at: 0.4) && morph.isFinished(at: 0.40625))
        #expect(morph.state(at: -1) == IconMorph.State(blurRadius: 0, oldOpacity: 1, newOpacity: 0))
        #expect(morph.state(at: 9) == IconMorph.State(blurRadius: 0, oldOpacity: 0, newOpacity: 1))
        let instant = IconMorph(duration: 0)
        #expect(instant.state(at: 0) == IconMorph.State(blurRadius: 0, oldOpacity: 0, newOpacity: 1))
    }

    /// The blur is continuous and bounded, the opacities always sum to 1 and move monotonically.
    @Test func continuityAndBounds() {
        let morph = IconMorph(duration: 0.7, maximumBlurRadius: 5)
        var previous = morph.state(at: 0)
        // The steepest ramp is 5 over D/4; a step is D/1000.
        let largestStep: Double = 5 / (0.7 / 4) * (0.7 / 1000) + 1e-9
        for step in 1...1000 {
            let state = morph.state(at: Double(step) / 1000 * 0.7)
            let change = abs(state.blurRadius - previous.blurRadius)
            #expect(change <= largestStep)
            #expect(state.blurRadius >= 0 && state.blurRadius <= 5)
            #expect(isClose(state.oldOpacity + state.newOpacity, 1, absolute: 1e-12))
            #expect(state.oldOpacity <= previous.oldOpacity)
            previous = state
        }
    }
}
