import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct IconMorphViewTests {
    private static let size = Size(width: 320, height: 200)
    /// 64 frames a second: D = 0.5 s is 32 frames, D/16 two.
    private static let frame = 1.0 / 64

    private func host() throws -> (UIRunLoop, IconMorphView) {
        let view = IconMorphView()
        let loop = try UIRunLoop(root: view, size: Self.size, scale: 1, framesPerSecond: 64)
        loop.step(to: 0)
        return (loop, view)
    }

    private func advance(_ loop: UIRunLoop, frames: Int) {
        for _ in 0..<frames { loop.step(to: loop.currentTime + Self.frame) }
    }

    @Test func theBlurFollowsTheTimelineAndTheNewIconIsShownAtTheEnd() throws {
        let (loop, view) = try host()
        try view.morph(to: "star")
        var blurs: [Double] = []
        for frames in [4, 12, 6, 4] {  // to D/8, D/2, 11D/16, 13D/16
            advance(loop, frames: frames)
            blurs.append(view.blur)
        }
        // Rising 0 → 5 over D/4 (2.5 at D/8), at the peak at D/2, falling over [9D/16, 13D/16].
        #expect(blurs == [2.5, 5, 2.5, 0])
        #expect(view.progress == 1 && view.icon == "star")

        // What is on screen equals a view that shows the star at rest (no blur, no circle left).
        let compositor = try Compositor(size: Self.size, scale: 1)
        let shown = try compositor.render(view.layer)
        #expect(shown.bytes == (try atRest(showing: "star")).bytes)
        #expect(shown.bytes != (try atRest(showing: "circle")).bytes)
    }

    /// A view showing `icon` at rest, laid out and rendered.
    private func atRest(showing icon: String) throws -> Pixmap {
        let view = IconMorphView()
        try view.morph(to: icon)  // outside a run loop: at once
        let loop = try UIRunLoop(root: view, size: Self.size, scale: 1, framesPerSecond: 64)
        loop.step(to: 0)
        return try Compositor(size: Self.size, scale: 1).render(view.layer)
    }

    @Test func aPickMidMorphStartsANewMorphFromTheScreen() throws {
        let (loop, view) = try host()
        try view.morph(to: "star")
        advance(loop, frames: 9)  // past D/4: blur at its peak, the star fading in
        #expect(view.blur == 5)
        try view.morph(to: "heart")
        #expect(view.icon == "heart" && view.progress < 1)
        // The new timeline starts at 3D/16 (where the blur is 3.75, before its cross-fade) and ends at 13D/16.
        #expect(view.blur == 3.75)
        advance(loop, frames: 19)
        #expect(view.progress < 1)
        advance(loop, frames: 1)
        #expect(view.progress == 1 && view.blur == 0 && view.icon == "heart")
    }

    @Test func reduceMotionIsAPlainCrossFade() throws {
        let (loop, view) = try host()
        loop.reduceMotion = true
        try view.morph(to: "bolt")
        var largest = 0.0
        for _ in 0..<15 {
            advance(loop, frames: 1)
            largest = Swift.max(largest, view.blur)
        }
        #expect(largest == 0 && view.progress < 1)
        advance(loop, frames: 1)  // D/2
        #expect(view.progress == 1 && view.icon == "bolt")
    }

    @Test func aTapOnAButtonPicksItsIcon() throws {
        let (loop, view) = try host()
        let width = Self.size.width / Double(IconMorphView.iconNames.count)
        let heart = Point(4.5 * width, Self.size.height - 20)
        loop.run(events: [Touch(phase: .began, location: heart, timestamp: 0.1),
                          Touch(phase: .ended, location: heart, timestamp: 0.15)], duration: 1)
        #expect(view.icon == "heart" && view.progress == 1)
    }

    @Test func anUnknownIconIsAClearError() {
        let view = IconMorphView()
        do {
            try view.morph(to: "rocket")
            Issue.record("an unknown icon was accepted")
        } catch {
            #expect(error.message.contains("unknown icon 'rocket'"))
        }
        #expect(view.icon == "circle")
    }
}
