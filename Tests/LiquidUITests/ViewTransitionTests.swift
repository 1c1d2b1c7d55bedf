import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct ViewTransitionTests {
    private static let red = RGBA(red: 0.9, green: 0.1, blue: 0.1)
    private static let blue = RGBA(red: 0.1, green: 0.2, blue: 0.9)
    private static let grey = RGBA(red: 0.5, green: 0.5, blue: 0.5)

    /// A grey 200×100 screen at 2× with a 100×100 red card at the origin, rendered once at time 0.
    private func makeScreen() throws -> (loop: UIRunLoop, card: View) {
        let root = View()
        root.layer.backgroundColor = Self.grey
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.layer.backgroundColor = Self.red
        root.addSubview(card)
        let loop = try UIRunLoop(root: root, size: Size(width: 200, height: 100), scale: 2)
        loop.compositor = try Compositor(size: loop.size, scale: 2)
        loop.step(to: 0)
        return (loop, card)
    }

    /// The largest channel difference between two images of one size.
    private func maximumDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// What the loop's tree looks like drawn from scratch.
    private func freshRender(_ loop: UIRunLoop) throws -> Pixmap {
        try Compositor(size: loop.size, scale: loop.scale).render(loop.root.layer)
    }

    @Test(arguments: [ViewTransition.crossDissolve, .push(from: .right), .push(from: .top)])
    func firstFrameShowsTheOldContentAndTheLastTheNew(transition: ViewTransition) throws {
        let (loop, card) = try makeScreen()
        let before = try #require(loop.image)
        var finished: [Bool] = []
        try View.transition(with: card, transition, timing: .curve(.linear, duration: 0.5)) {
            card.layer.backgroundColor = Self.blue
        } completion: { finished.append($0) }
        loop.step(to: 0)  // progress 0
        #expect(maximumDifference(try #require(loop.image), before) <= 1)
        var t = 0.0
        while t < 0.6 {
            t += 1.0 / 60
            loop.step(to: t)
        }
        #expect(finished == [true])
        let after = try #require(loop.image)
        #expect(after == (try freshRender(loop)), "the end is the new content alone, byte for byte")
        #expect(loop.root.layer.sublayers.count == 1, "the snapshot is gone")
        #expect(card.layer.mask == nil && card.layer.transform == .identity && card.layer.opacity == 1)
    }

    @Test func pushHalfwayShowsBothHalvesInsideTheCardOnly() throws {
        let (loop, card) = try makeScreen()
        try View.transition(with: card, .push(from: .right), timing: .curve(.linear, duration: 1)) {
            card.layer.backgroundColor = Self.blue
        }
        var t = 0.0
        while t < 0.5 - 1e-9 {
            t += 1.0 / 60
            loop.step(to: t)
        }
        let image = try #require(loop.image)
        let oldPixel = PremultipliedRGBA8(Self.red), newPixel = PremultipliedRGBA8(Self.blue)
        #expect(image[40, 100] == oldPixel, "the old content's right half, pushed left")
        #expect(image[160, 100] == newPixel, "the new content's left half, coming in")
        #expect(image[300, 100] == PremultipliedRGBA8(Self.grey), "nothing spills past the card")
    }

    @Test func crossDissolveHalfwayMixesTheTwo() throws {
        let (loop, card) = try makeScreen()
        try View.transition(with: card, .crossDissolve, timing: .curve(.linear, duration: 1)) {
            card.layer.backgroundColor = Self.blue
        }
        var t = 0.0
        while t < 0.5 - 1e-9 {
            t += 1.0 / 60
            loop.step(to: t)
        }
        let pixel = try #require(loop.image)[100, 100].straight
        #expect(pixel.red > 0.3 && pixel.red < 0.7 && pixel.blue > 0.3 && pixel.blue < 0.7)
    }

    @Test func aViewOutsideARunLoopChangesAtOnce() throws {
        let card = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [Bool] = []
        try View.transition(with: card, .crossDissolve) { card.layer.backgroundColor = Self.blue } completion: {
            finished.append($0)
        }
        #expect(finished == [true] && card.layer.backgroundColor == Self.blue)
    }
}
