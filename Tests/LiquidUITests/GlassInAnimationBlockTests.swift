import LiquidGeometry
import LiquidMotion
import Testing
@testable import LiquidUI

/// Glass changes ride the same animation layer as layer properties: `View.animate` materializes glass with
/// the block's timing and waits for it before its completion, `withGlassAnimation` is the same motion, and
/// reduce motion takes the overshoot out of glass springs too.
@MainActor
@Suite("Glass in animation blocks")
struct GlassInAnimationBlockTests {
    static let size = Size(width: 200, height: 120)
    static let glassFrame = Rect(x: 40, y: 30, width: 120, height: 60)

    /// Materialize values over `frames` frames at 60 Hz after `change` runs at time 0.
    private func materializeCurve(frames: Int, reduceMotion: Bool = false,
                                  _ change: (GlassEffectView) throws -> Void) throws -> [Double] {
        let glass = GlassEffectView(frame: Self.glassFrame)
        glass.isGlassEnabled = false
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.reduceMotion = reduceMotion
        loop.step(to: 0)
        try change(glass)
        return (1...frames).map { k in
            loop.step(to: Double(k) / 60)
            return glass.materialize
        }
    }

    @Test func viewAnimateMaterializesGlassExactlyAsWithGlassAnimation() throws {
        let spring = Spring.constant(response: 0.4, dampingRatio: 0.7)
        let viaBlock = try materializeCurve(frames: 60) { glass in
            try View.animate(.spring(spring)) { glass.isGlassEnabled = true }
        }
        let viaGlass = try materializeCurve(frames: 60) { glass in
            withGlassAnimation(.spring(spring)) { glass.isGlassEnabled = true }
        }
        #expect(viaBlock == viaGlass)
        // It moved (not a jump), overshot like an under-damped spring, and landed exactly.
        #expect(viaBlock[0] > 0 && viaBlock[0] < 0.5)
        #expect(viaBlock.contains { $0 > 1 })
        #expect(viaBlock.last == 1)
    }

    @Test func aCurveInABlockEndsOnTimeAndMatchesTheCurve() throws {
        let values = try materializeCurve(frames: 30) { glass in
            try View.animate(.curve(.linear, duration: 0.25)) { glass.isGlassEnabled = true }
        }
        // Linear over 0.25 s: k/60 / 0.25 at frame k (to the Bézier solver's 1e-9), exactly 1 from frame 15 on.
        for k in 1...14 { #expect(abs(values[k - 1] - Double(k) / 60 / 0.25) < 1e-9, "frame \(k)") }
        #expect(values[14...].allSatisfy { $0 == 1 })
    }

    @Test func theBlockCompletionWaitsForTheGlassAndReportsInterruption() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        glass.isGlassEnabled = false
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        var results: [Bool] = []
        try View.animate(.curve(.linear, duration: 0.2), {
            glass.isGlassEnabled = true
        }, completion: { results.append($0) })
        loop.step(to: 0.1)
        #expect(results.isEmpty, "the glass is still materializing")
        loop.step(to: 0.2)
        #expect(results == [true])

        // A second block interrupted by a third: the second hears `false` once, the third `true` once.
        var second: [Bool] = [], third: [Bool] = []
        try View.animate(.curve(.linear, duration: 0.2), { glass.isGlassEnabled = false },
                         completion: { second.append($0) })
        loop.step(to: 0.25)
        let shown = glass.materialize
        try View.animate(.curve(.linear, duration: 0.2), { glass.isGlassEnabled = true },
                         completion: { third.append($0) })
        #expect(second == [false])
        #expect(glass.materialize == shown, "the new motion starts from the presented value")
        for k in 1...20 { loop.step(to: 0.25 + Double(k) / 60) }
        #expect(second == [false] && third == [true])
        #expect(glass.materialize == 1)
    }

    @Test func withGlassAnimationNilInsideABlockJumps() throws {
        let values = try materializeCurve(frames: 2) { glass in
            try View.animate(.curve(.linear, duration: 1)) {
                withGlassAnimation(nil) { glass.isGlassEnabled = true }
            }
        }
        #expect(values == [1, 1])
    }

    @Test func reduceMotionTakesTheOvershootOutOfGlassSprings() throws {
        let bouncy = Spring.constant(response: 0.4, dampingRatio: 0.3)
        let normal = try materializeCurve(frames: 90) { glass in
            withGlassAnimation(.spring(bouncy)) { glass.isGlassEnabled = true }
        }
        let reduced = try materializeCurve(frames: 90, reduceMotion: true) { glass in
            withGlassAnimation(.spring(bouncy)) { glass.isGlassEnabled = true }
        }
        #expect((normal.max() ?? 0) > 1.3, "a damping ratio of 0.3 overshoots by about a third")
        #expect(reduced.allSatisfy { $0 <= 1 }, "\(reduced.max() ?? 0)")
        #expect(zip(reduced, reduced.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(reduced.last == 1)
    }
}
