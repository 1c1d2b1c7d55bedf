import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

private let carouselColorFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
private let carouselHasColorFont = FileManager.default.isReadableFile(atPath: carouselColorFont)

@MainActor
struct EmojiCarouselTests {
    private static let stop = Point(146, 125), start = Point(54, 125)

    private func host(_ carousel: EmojiCarousel = EmojiCarousel()) throws -> UIRunLoop {
        try UIRunLoop(root: carousel, size: EmojiCarousel.defaultSize, framesPerSecond: 60)
    }

    /// The label the timeline prescribes `t` seconds after the start: “+” for 0.3 s, then the next emoji
    /// every 0.1 s, looping.
    private func expectedLabel(at t: Double) -> String {
        guard t >= 0.3 - 1e-9 else { return "+" }
        let pushes = Int(((t - 0.3) / 0.1 + 1e-9).rounded(.down))
        return EmojiCarousel.defaultEmoji[pushes % 14]
    }

    @Test func labelAtChosenInstantsFollowsTheTimeline() throws {
        let carousel = EmojiCarousel()
        let loop = try host(carousel)
        var seen: [(time: Double, label: String, push: Double)] = []
        loop.run(events: [], duration: 3.2) { frame in seen.append((frame.time, carousel.label, carousel.pushProgress)) }
        func at(_ t: Double) throws -> (label: String, push: Double) {
            let frame = try #require(seen.first { abs($0.time - t) < 1e-9 })
            return (frame.label, frame.push)
        }
        #expect(try at(0).label == "+")
        #expect(try at(17.0 / 60).label == "+")
        #expect(try at(0.3).label == "🦾")
        #expect(abs(try at(0.3).push) < 1e-6)
        #expect(try at(0.35).label == "🦾")
        #expect(abs(try at(0.35).push - 1.0 / 3) < 1e-6)
        #expect(try at(0.45).label == "👾")
        #expect(abs(try at(0.45).push - 1.0 / 3) < 1e-6)
        // The fourteenth push is the seal at 1.6 s; one loop later, at 1.7 s, the arm again.
        #expect(try at(1.6).label == "🦭")
        #expect(try at(1.7).label == "🦾")
        #expect(try at(3.1).label == "🦾")
        // Every frame agrees with the timeline, and no push ever finishes: the next one (0.1 s) cuts it short.
        for frame in seen {
            #expect(frame.label == expectedLabel(at: frame.time), "t = \(frame.time)")
            if frame.time >= 0.3 { #expect(frame.push < 0.1 / 0.15 + 1e-6) }
        }
    }

    @Test func stopShowsThePlusAndStartRunsTheCycleFromTheTop() throws {
        let carousel = EmojiCarousel()
        let loop = try host(carousel)
        let script = [
            Touch(phase: .began, location: Self.stop, timestamp: 1.0), Touch(phase: .ended, location: Self.stop, timestamp: 1.08),
            Touch(phase: .began, location: Self.start, timestamp: 1.4), Touch(phase: .ended, location: Self.start, timestamp: 1.48),
        ]
        var seen: [(time: Double, label: String, running: Bool)] = []
        loop.run(events: script, duration: 2.2) { frame in seen.append((frame.time, carousel.label, carousel.isRunning)) }
        for frame in seen where frame.time >= 1.08 + 1e-9 && frame.time < 1.78 - 1e-9 {
            #expect(frame.label == "+", "t = \(frame.time)")
        }
        #expect(seen.filter { $0.time > 1.09 && $0.time < 1.48 }.allSatisfy { !$0.running })
        // Started at the lift, 1.48 s: the first push is due at 1.78 s, the frame at 107/60 s shows it.
        let first = try #require(seen.first { $0.label != "+" && $0.time > 1.1 })
        #expect(abs(first.time - 107.0 / 60) < 1e-9 && first.label == "🦾")
        // From then on the restarted timeline: one push every 0.1 s after 1.78 s.
        let last = try #require(seen.last)
        let pushes = Int(((last.time - 1.78) / 0.1 + 1e-9).rounded(.down))
        #expect(last.label == EmojiCarousel.defaultEmoji[pushes % 14])
    }

    @Test func withoutFontsEveryEmojiIsAStandIn() throws {
        let carousel = EmojiCarousel()
        carousel.renderer = EmojiRenderer(colorFonts: [], outlineFonts: [])
        let loop = try host(carousel)
        loop.run(events: [], duration: 1.8)
        #expect(Set(carousel.emojiSources.keys) == Set(EmojiCarousel.defaultEmoji + ["+"]))
        #expect(carousel.emojiSources.values.allSatisfy { $0 == .standIn })
        #expect(carousel.simulationState["source"] == .string("standIn"))
    }

    @Test(.enabled(if: carouselHasColorFont, "needs Noto Color Emoji (fonts-noto-color-emoji)"))
    func withTheColourFontEveryEmojiIsInColour() throws {
        let carousel = EmojiCarousel()
        let loop = try host(carousel)
        loop.run(events: [], duration: 1.8)
        for emoji in EmojiCarousel.defaultEmoji {
            #expect(carousel.emojiSources[emoji] == .colorBitmap(font: carouselColorFont), "\(emoji)")
        }
    }

    @Test func badListsAreRefused() {
        #expect(throws: LiquidError.self) { try EmojiCarousel(emoji: []) }
        #expect(throws: LiquidError.self) { try EmojiCarousel(emoji: ["🦈", "ab"]) }
    }

    @Test func timerCoalescesMissedFiresAndRefusesBadIntervals() throws {
        let loop = try UIRunLoop(root: View(), size: Size(width: 10, height: 10))
        var fires: [Double] = []
        let timer = try RunLoopTimer(on: loop, firstFire: 0.5, interval: 0.25) { fires.append($0) }
        loop.step(to: 0.2)
        loop.step(to: 0.5)
        loop.step(to: 1.3)  // a late frame passes 0.75, 1.0 and 1.25: one fire, for 1.25
        loop.step(to: 1.5)
        #expect(fires == [0.5, 1.25, 1.5])
        timer.invalidate()
        loop.step(to: 2)
        #expect(fires.count == 3 && !timer.isValid)
        for interval in [-1, Double.nan, 0.0001] {
            #expect(throws: LiquidError.self) { try RunLoopTimer(on: loop, firstFire: 0, interval: interval) { _ in } }
        }
    }
}
