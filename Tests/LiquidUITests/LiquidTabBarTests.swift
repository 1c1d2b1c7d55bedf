import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// A tab bar in a headless simulator (no compositor, so nothing renders) with its events counted.
@MainActor
private final class TabBarHarness {
    let bar: LiquidTabBar
    let simulator: ComponentSimulator
    var events: [ControlEvent] = []
    var selections: [Int] = []

    init(_ bar: LiquidTabBar = LiquidTabBar()) throws {
        self.bar = bar
        simulator = try ComponentSimulator(component: bar, rendersFrames: false)
        bar.addAction(for: .allEvents) { [unowned self] event in
            self.events.append(event)
            if event == .valueChanged { self.selections.append(self.bar.selectedIndex) }
        }
    }

    var haptics: [HapticEvent] { simulator.runLoop.haptics.events }

    @discardableResult
    func run(_ touches: [Touch], duration: Double) -> [ComponentSimulator.Frame] {
        simulator.run(touches: touches, duration: duration)
    }
}

/// The y of the items' middle in the default bar.
private let itemY = 35.0

@MainActor
@Suite("LiquidTabBar")
struct LiquidTabBarTests {
    @Test func defaultsAndGeometry() throws {
        let bar = LiquidTabBar()
        #expect(bar.simulationSize == Size(width: 390, height: 83))
        #expect(bar.items.count == 4)
        #expect(bar.selectedIndex == 0)
        #expect(bar.lensX == bar.itemCenterX(0))
        #expect(bar.lensScale == 1)
        let centers = (0..<4).map { bar.itemCenterX($0) }
        #expect(centers == centers.sorted())
        #expect(abs(bar.lensWidth - 89.5) < 1e-9)
        let state = bar.simulationState
        for key in ["selectedIndex", "lensX", "lensScale", "pressed"] { #expect(state[key] != nil, "missing \(key)") }
    }

    @Test func tapSelectsAnItemAndTheLensSettlesOnIt() throws {
        let h = try TabBarHarness()
        let target = h.bar.itemCenterX(2)
        let frames = h.run(TouchScript.tap(at: Point(target, itemY), time: 0.1), duration: 1.6)
        #expect(h.bar.selectedIndex == 2)
        #expect(h.selections == [2])
        #expect(h.haptics == [.selection])
        #expect(h.bar.lensX == target, "settles exactly at the item's centre")
        #expect(!h.bar.isAnimating)
        // The lens travels there: strictly between the items at some frame.
        let xs = frames.compactMap { $0.state["lensX"]?.number }
        #expect(xs.contains { $0 > h.bar.itemCenterX(0) + 10 && $0 < target - 10 })
        #expect(frames.last?.state["selectedIndex"]?.number == 2)
    }

    @Test func pressingGrowsTheLensByAbout22Points() throws {
        let h = try TabBarHarness()
        let center = Point(h.bar.itemCenterX(0), itemY)
        h.run([Touch(phase: .began, location: center, timestamp: 0.05)], duration: 0.8)
        let grown = (h.bar.lensScale - 1) * h.bar.lensWidth
        #expect(abs(grown - 22) < 0.25, "grew by \(grown) pt")
        #expect(h.bar.simulationState["pressed"] == .bool(true))
        #expect(h.bar.lensRect.width > h.bar.lensWidth + 21.5)
        h.run([Touch(phase: .ended, location: center, timestamp: 0.85)], duration: 1.5)
        #expect(h.bar.lensScale == 1)
        #expect(h.bar.selectedIndex == 0)
        #expect(h.events.filter { $0 == .valueChanged }.isEmpty, "tapping the selected item changes nothing")
        #expect(h.haptics.isEmpty)
    }

    @Test func draggingTheLensFromTheFirstToTheLastItemSelectsIt() throws {
        let h = try TabBarHarness()
        let start = Point(h.bar.itemCenterX(0), itemY), end = Point(h.bar.itemCenterX(3), itemY)
        var touches = TouchScript.drag(from: start, to: end, start: 0.1, duration: 0.6, lift: false)
        touches.append(Touch(phase: .ended, location: end, timestamp: 1.0))
        var during: [(t: Double, lensX: Double, finger: Double, selected: Double)] = []
        let frames = h.simulator.run(touches: touches, duration: 2.2) { frame, _ in
            guard frame.t > 0.1, frame.t < 1 else { return }
            let progress = min((frame.t - 0.1) / 0.6, 1)
            during.append((frame.t, frame.state["lensX"]!.number!, start.x + progress * (end.x - start.x),
                           frame.state["selectedIndex"]!.number!))
        }
        // The lens follows the finger: never ahead of it, never far behind, moving forward.
        for sample in during {
            #expect(sample.lensX <= sample.finger + 0.5 && sample.lensX >= sample.finger - 45, "at \(sample.t)")
        }
        let xs = during.map(\.lensX)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.5 })
        #expect(abs(during.last!.lensX - end.x) < 1, "caught up with the resting finger")
        #expect(during.allSatisfy { $0.selected == 0 }, "selection changes only on release")
        #expect(during.contains { abs($0.lensX - h.bar.itemCenterX(1)) < 20 }, "passes over item 1")
        #expect(h.bar.selectedIndex == 3)
        #expect(h.selections == [3])
        #expect(h.haptics == [.selection])
        #expect(frames.last?.state["lensX"]?.number == end.x)
        #expect(frames.last?.state["lensScale"]?.number == 1)
    }

    @Test func releasingBetweenItemsSnapsToTheNearest() throws {
        let h = try TabBarHarness()
        let start = Point(h.bar.itemCenterX(0), itemY)
        // 1.3 slots to the right of item 0: nearest is item 1.
        let end = Point(start.x + 1.3 * h.bar.lensWidth, itemY)
        h.run(TouchScript.drag(from: start, to: end, start: 0.1, duration: 0.4), duration: 2)
        #expect(h.bar.selectedIndex == 1)
        #expect(h.bar.lensX == h.bar.itemCenterX(1))
    }

    @Test func dragBeginningOffTheLensPullsTheLensToTheFinger() throws {
        let h = try TabBarHarness()
        let start = Point(h.bar.itemCenterX(2), itemY), end = Point(h.bar.itemCenterX(3), itemY)
        h.run(TouchScript.drag(from: start, to: end, start: 0.1, duration: 0.3, lift: false), duration: 0.85)
        #expect(abs(h.bar.lensX - end.x) < 1)
        #expect(h.bar.lensScale > 1.2, "a drag presses the lens")
        #expect(h.bar.selectedIndex == 0, "not before release")
        h.run([Touch(phase: .ended, location: end, timestamp: 0.9)], duration: 1.5)
        #expect(h.bar.selectedIndex == 3 && h.selections == [3])
    }

    @Test func valueChangedAndHapticOncePerChange() throws {
        let h = try TabBarHarness()
        var touches: [Touch] = []
        for (i, item) in [2, 2, 1, 1, 3].enumerated() {
            touches += TouchScript.tap(at: Point(h.bar.itemCenterX(item), itemY), time: 0.1 + 0.5 * Double(i))
        }
        h.run(touches, duration: 3.5)
        #expect(h.selections == [2, 1, 3])
        #expect(h.haptics == [.selection, .selection, .selection])
        #expect(h.bar.lensX == h.bar.itemCenterX(3))
    }

    @Test func cancelledTouchChangesNothing() throws {
        let h = try TabBarHarness()
        let start = Point(h.bar.itemCenterX(0), itemY)
        var touches = TouchScript.drag(from: start, to: Point(h.bar.itemCenterX(2), itemY), start: 0.1, duration: 0.3,
                                       lift: false)
        touches.append(Touch(phase: .cancelled, location: Point(h.bar.itemCenterX(2), itemY), timestamp: 0.5))
        h.run(touches, duration: 2)
        #expect(h.bar.selectedIndex == 0)
        #expect(h.selections.isEmpty && h.haptics.isEmpty)
        #expect(h.events.last == .cancel)
        #expect(h.bar.lensX == start.x && h.bar.lensScale == 1)
    }

    @Test func programmaticSelectionSendsNothing() throws {
        let h = try TabBarHarness()
        h.bar.select(3)
        h.run([], duration: 1.5)
        #expect(h.bar.selectedIndex == 3 && h.bar.lensX == h.bar.itemCenterX(3))
        #expect(h.events.isEmpty && h.haptics.isEmpty)
        h.bar.items = Array(h.bar.items.prefix(2))
        #expect(h.bar.selectedIndex == 1)
    }

    @Test func aSettledBarSchedulesNoWork() throws {
        let host = View()
        let bar = LiquidTabBar(frame: Rect(x: 0, y: 0, width: 390, height: 83))
        host.addSubview(bar)
        let loop = try UIRunLoop(root: host, size: Size(width: 390, height: 83), scale: 1)
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        loop.run(events: TouchScript.tap(at: Point(bar.itemCenterX(1), itemY), time: 0.05), duration: 2)
        #expect(!bar.isAnimating && loop.animations.count == 0)
        let renders = bar.renderCount
        var infos: [FrameInfo] = []
        loop.run(events: [], duration: 0.5) { infos.append($0) }
        #expect(infos.allSatisfy { $0.animationsRun == 0 && $0.damage == nil && $0.layoutsRun == 0 })
        #expect(bar.renderCount == renders)
    }

    @Test func runsAreDeterministic() throws {
        let touches = TouchScript.drag(from: Point(60.75, itemY), to: Point(260, itemY), start: 0.05, duration: 0.4)
        func trace() throws -> [ComponentSimulator.Frame] { try TabBarHarness().run(touches, duration: 1) }
        let (a, b) = (try trace(), try trace())
        #expect(a.map(\.state) == b.map(\.state))
        #expect(a.map(\.haptics) == b.map(\.haptics))
        let imageA = try frame(of: LiquidTabBar(), touches: touches, at: 0.3)
        let imageB = try frame(of: LiquidTabBar(), touches: touches, at: 0.3)
        #expect(imageA.bytes == imageB.bytes)
    }

    // MARK: - Symbols

    @Test func builtInSymbolsAreFilledShapesInTheDesignBox() throws {
        #expect(TabBarSymbol.builtIns.map(\.name) == ["house", "magnifier", "heart", "person", "gear"])
        for symbol in TabBarSymbol.builtIns {
            let bounds = try #require(symbol.path.bounds)
            #expect(bounds.minX >= 0 && bounds.minY >= 0 && bounds.maxX <= 24 && bounds.maxY <= 24, "\(symbol.name)")
            var canvas = Canvas(try Pixmap(width: 24, height: 24, scale: 1))
            canvas.fill(symbol.path, paint: .color(.black))
            let covered = (0..<(24 * 24)).filter { canvas.pixmap[$0 % 24, $0 / 24].alpha > 127 }.count
            #expect(covered > 24 * 24 / 5, "\(symbol.name) covers \(covered) px")
        }
        // Reverse-wound holes stay empty: the magnifier's lens and the gear's axle.
        for (symbol, hole) in [(TabBarSymbol.magnifier, (10, 10)), (.gear, (12, 12))] {
            var canvas = Canvas(try Pixmap(width: 24, height: 24, scale: 1))
            canvas.fill(symbol.path, paint: .color(.black))
            #expect(canvas.pixmap[hole.0, hole.1].alpha == 0, "\(symbol.name) has a hole")
        }
        let custom = try TabBarSymbol(name: "square", svgPathData: "M4 4 H20 V20 H4 Z")
        #expect(custom.path(in: Rect(x: 0, y: 0, width: 48, height: 48)).bounds == Rect(x: 8, y: 8, width: 32, height: 32))
    }

    // MARK: - Rendering

    /// Renders `bar` on a light background at 3× at time `t` of `touches` (only that frame renders).
    private func frame(of bar: LiquidTabBar, touches: [Touch], at t: Double) throws -> Pixmap {
        let host = View()
        host.layer.backgroundColor = RGBA(red: 0.9, green: 0.91, blue: 0.94)
        bar.frame = Rect(x: 0, y: 8, width: 390, height: 83)
        host.addSubview(bar)
        let loop = try UIRunLoop(root: host, size: Size(width: 390, height: 99), scale: 3)
        let step = loop.frameInterval
        let shifted = touches.map { touch -> Touch in
            var moved = touch
            moved.location = touch.location + Vector2(0, 8)
            return moved
        }
        let rest = loop.run(events: shifted, duration: max(t - step, 0))
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        loop.run(events: rest, duration: step)
        #expect(bar.renderError == nil)
        return try #require(loop.image)
    }

    @Test func badgesAreDrawnAtTheItemsTopRightAndHiddenAtZero() throws {
        let bar = LiquidTabBar()
        let image = try frame(of: bar, touches: [], at: 0.1)
        let rect = try #require(bar.badgeRect(forItem: 2))
        #expect(bar.badgeRect(forItem: 0) == nil)
        // Inside the capsule's left end, clear of the digits: the badge colour, opaque.
        let probe = Point(rect.minX + 4, rect.midY + 8)
        let pixel = image[Int(probe.x * 3), Int(probe.y * 3)]
        #expect(pixel.alpha == 255 && pixel.red > 240 && pixel.green < 80 && pixel.blue < 70, "\(pixel)")
        // Above and right of the symbol box.
        #expect(rect.minX > bar.itemCenterX(2) && rect.midY < itemY)
        // Hidden at 0: the same pixel is no longer red.
        let cleared = LiquidTabBar()
        cleared.setBadge(0, at: 2)
        let clearedImage = try frame(of: cleared, touches: [], at: 0.1)
        let other = clearedImage[Int(probe.x * 3), Int(probe.y * 3)]
        #expect(!(other.red > 200 && other.green < 100), "\(other)")
    }

    @Test func selectedItemIsTintedAndOthersAreNot() throws {
        let bar = LiquidTabBar()
        let image = try frame(of: bar, touches: [], at: 0.1)
        func bluestPixel(inSymbolOf index: Int) -> Int {
            let x0 = Int((bar.itemCenterX(index) - 10) * 3), x1 = Int((bar.itemCenterX(index) + 10) * 3)
            let y0 = Int((itemY - 17 + 8) * 3), y1 = Int((itemY + 7 + 8) * 3)
            var best = -255
            for y in y0..<y1 { for x in x0..<x1 {
                let p = image[x, y]
                best = max(best, Int(p.blue) - Int(p.red))
            } }
            return best
        }
        #expect(bluestPixel(inSymbolOf: 0) > 150, "the selected symbol is tinted")
        #expect(bluestPixel(inSymbolOf: 1) < 40, "the others keep the ink colour")
    }

    @Test func goldenAtRest() throws {
        goldens.assertMatches(try frame(of: LiquidTabBar(), touches: [], at: 0.1), named: "tabbar-rest-3x")
    }

    @Test func goldenLensDraggedBetweenItems() throws {
        let bar = LiquidTabBar()
        let start = Point(bar.itemCenterX(0), itemY)
        let end = Point(bar.itemCenterX(1) + 0.45 * bar.lensWidth, itemY)
        let touches = TouchScript.drag(from: start, to: end, start: 0.05, duration: 0.4, lift: false)
        goldens.assertMatches(try frame(of: bar, touches: touches, at: 0.75), named: "tabbar-dragging-3x")
    }

    @Test func goldenPressedOnItemTwo() throws {
        let bar = LiquidTabBar(selectedIndex: 2)
        let touches = [Touch(phase: .began, location: Point(bar.itemCenterX(2), itemY), timestamp: 0.05)]
        goldens.assertMatches(try frame(of: bar, touches: touches, at: 0.6), named: "tabbar-pressed-3x")
    }
}
