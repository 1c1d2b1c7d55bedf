import LiquidGeometry
import Testing

@testable import LiquidUI

/// The tooltip's placement against the rules restated here (width, x clamp, 16 pt gap, flip, arrow on the
/// straight edge), for sources along every edge and in every corner of a narrow, a wide and a tiny screen;
/// then the tour: haptics per tap, the backdrop catching taps, the dismissal.
@MainActor
struct TooltipTests {
    static let screens = [Size(width: 320, height: 480), Size(width: 414, height: 896), Size(width: 150, height: 200)]
    static let contents = [Size(width: 90, height: 20), Size(width: 500, height: 60), Size(width: 0, height: 20)]

    /// 44 pt sources (and a thin one) along every edge, in every corner and in the middle of `screen`.
    static func sources(on screen: Size) -> [Rect] {
        let xs = [0, 3, screen.width / 4, screen.width / 2 - 22, screen.width * 0.6, screen.width - 47, screen.width - 44]
        let ys = [0, 5, screen.height / 2 - 22, screen.height - 49, screen.height - 44]
        var all: [Rect] = []
        for x in xs { for y in ys { all.append(Rect(x: x, y: y, width: 44, height: 44)) } }
        all.append(Rect(x: 0, y: 0, width: screen.width, height: 1))
        all.append(Rect(x: screen.width - 1, y: screen.height - 1, width: 1, height: 1))
        return all
    }

    @Test func staysInsideTheScreenWithTheArrowAtTheSourceWhereverTheEdgeAllows() throws {
        var checked = 0, atMid = 0, atLimit = 0
        for screen in Self.screens {
            for content in Self.contents {
                for source in Self.sources(on: screen) {
                    let layout = try TooltipLayout(source: source, contentSize: content, screen: screen)
                    let f = layout.frame
                    // Width: the text plus 16 + 12, at least 60, at most 300 (W − 24 below 324 pt).
                    let widest = screen.width < 324 ? screen.width - 24 : 300
                    let width = min(widest, max(60, content.width + 28))
                    #expect(abs(f.width - width) < 1e-9)
                    #expect(abs(f.height - (content.height + 24)) < 1e-9)
                    // x: midX − width/2 clamped to [12, W − 12 − width].
                    let x = min(max(source.midX - width / 2, 12), screen.width - 12 - width)
                    #expect(abs(f.minX - x) < 1e-9)
                    // Inside the screen with its margins, arrow included.
                    #expect(f.minX >= 12 - 1e-9 && f.maxX <= screen.width - 12 + 1e-9)
                    #expect(f.minY >= 12 - 1e-9 && f.maxY <= screen.height - 12 + 1e-9)
                    let b = layout.bounds
                    #expect(b.minY >= 0 && b.maxY <= screen.height)
                    // Below with a 16 pt gap when there is room, else above with the same gap.
                    let roomBelow = source.maxY + 16 + f.height <= screen.height - 12
                    let roomAbove = source.minY - 16 - f.height >= 12
                    if roomBelow {
                        #expect(layout.placement == .below && abs(f.minY - (source.maxY + 16)) < 1e-9)
                    } else if roomAbove {
                        #expect(layout.placement == .above && abs(f.maxY - (source.minY - 16)) < 1e-9)
                    }
                    // Arrow: on the straight part of the edge, as close to the source's midX as that allows.
                    let low = f.minX + 20 + 10, high = f.maxX - 20 - 10
                    if source.midX >= low && source.midX <= high {
                        #expect(abs(layout.arrowX - source.midX) <= 1)
                        atMid += 1
                    } else {
                        let nearest = source.midX < low ? low : high
                        #expect(abs(layout.arrowX - nearest) < 1e-9)
                        atLimit += 1
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 3 * 3 * 37)
        #expect(atMid > 50 && atLimit > 50, "both cases occur (\(atMid) at the source, \(atLimit) at a limit)")
    }

    @Test func theOutlineIsTheBubbleWithItsArrowTipAtArrowX() throws {
        let screen = Size(width: 320, height: 480)
        for source in [Rect(x: 140, y: 40, width: 40, height: 40), Rect(x: 270, y: 430, width: 40, height: 40)] {
            let layout = try TooltipLayout(source: source, contentSize: Size(width: 120, height: 20), screen: screen)
            let bounds = try #require(layout.outline.bounds)
            #expect(abs(bounds.width - layout.frame.width) < 1e-6)
            #expect(abs(bounds.height - (layout.frame.height + 8)) < 1e-6, "body plus the 8 pt arrow")
            let tip = Point(layout.arrowX - layout.frame.minX, layout.placement == .below ? 0 : layout.frame.height + 8)
            let ends = layout.outline.elements.compactMap { element -> Point? in
                if case .cubic(_, _, let to) = element { return to } else { return nil }
            }
            #expect(ends.contains { abs($0.x - tip.x) < 1e-9 && abs($0.y - tip.y) < 1e-9 }, "a curve ends at the tip")
        }
    }

    @Test func flipsAboveWhenThereIsNoRoomBelow() throws {
        let layout = try TooltipLayout(source: Rect(x: 100, y: 430, width: 44, height: 44),
                                       contentSize: Size(width: 100, height: 20), screen: Size(width: 320, height: 480))
        #expect(layout.placement == .above)
        #expect(layout.frame.maxY == 430 - 16)
        #expect(layout.arrowTip == Point(122, 430 - 8))
    }

    @Test func aSourceOutsideTheScreenIsClampedToIt() throws {
        let screen = Size(width: 320, height: 480)
        let off = try TooltipLayout(source: Rect(x: -200, y: -90, width: 50, height: 50), contentSize: Size(width: 100, height: 20), screen: screen)
        #expect(off.source == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(off.frame.minX == 12 && off.frame.minY == 16 && off.arrowX == 42)
        let partly = try TooltipLayout(source: Rect(x: 300, y: 470, width: 100, height: 100), contentSize: Size(width: 100, height: 20), screen: screen)
        #expect(partly.source == Rect(x: 300, y: 470, width: 20, height: 10))
        #expect(partly.placement == .above && partly.frame.maxX == 308)
    }

    @Test func badInputIsRefused() {
        let screen = Size(width: 320, height: 480)
        #expect(throws: LiquidError.self) {
            try TooltipLayout(source: Rect(x: .nan, y: 0, width: 10, height: 10), contentSize: Size(width: 10, height: 10), screen: screen)
        }
        #expect(throws: LiquidError.self) {
            try TooltipLayout(source: .zero, contentSize: Size(width: 10, height: 10), screen: Size(width: 80, height: 480))
        }
        #expect(throws: LiquidError.self) {
            try TooltipLayout(source: .zero, contentSize: Size(width: 10, height: 500), screen: screen)
        }
        #expect(throws: LiquidError.self) { try TooltipTour(frame: Rect(x: 0, y: 0, width: 320, height: 480), steps: []) }
    }

    @Test func longTextWrapsToTheWidestBubbleAndStaysBounded() throws {
        let tip = Tooltip(text: "")
        let screen = Size(width: 320, height: 480)
        try tip.present(String(repeating: "word ", count: 2000), pointingAt: Rect(x: 10, y: 10, width: 20, height: 20), in: screen)
        let layout = try #require(tip.placement)
        #expect(layout.frame.width <= 296)
        #expect(tip.lines.count == Tooltip.maximumLines)
        #expect(tip.lines.last?.hasSuffix("…") == true)
        try tip.present(String(repeating: "x", count: 10_000), pointingAt: Rect(x: 10, y: 10, width: 20, height: 20), in: screen)
        #expect(tip.lines.count == Tooltip.maximumLines, "one long word breaks between characters")
    }

    // MARK: The tour

    private func tour() throws -> (UIRunLoop, TooltipTour) {
        let tour = TooltipTour()
        let loop = try UIRunLoop(root: tour, size: TooltipTour.defaultSize, framesPerSecond: 30)
        return (loop, tour)
    }

    @Test func eachTapAdvancesWithAMediumImpactAndTheLastDismissesWithSuccess() throws {
        let (loop, tour) = try tour()
        var script: [Touch] = []
        for k in 0..<4 {
            // Taps right on the sources: the backdrop catches them all.
            let source = TooltipTour.defaultSteps[k].source
            script += TouchScript.tap(at: source.center, time: 0.2 + 0.5 * Double(k))
        }
        var placements: [TooltipLayout.Placement] = []
        loop.run(events: script, duration: 2.4) { _ in
            if let layout = tour.currentLayout, placements.last != layout.placement { placements.append(layout.placement) }
        }
        #expect(loop.haptics.events == [.impactMedium, .impactMedium, .impactMedium, .notificationSuccess])
        #expect(!tour.isShowing && tour.stepIndex == 4)
        #expect(placements == [.below, .above], "the last tip flips above its source")
        #expect(tour.tooltip.layer.opacity == 0, "faded out")
    }

    @Test func theBackdropCatchesEveryTap() throws {
        let (_, tour) = try tour()
        for step in TooltipTour.defaultSteps {
            #expect(tour.hitTest(step.source.center) === tour)
        }
    }
}
