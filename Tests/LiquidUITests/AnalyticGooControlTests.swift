import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

@testable import LiquidUI

/// How far the analytic goo path lands from the blur path, frame by frame over one scripted animation.
private struct GooComparison {
    /// The largest first-order displacement (px) of the goo alpha's half-level contour: at every pixel whose
    /// alpha lies within a quarter of the range from the midpoint (64…191) and whose gradient is at least
    /// 8 levels/px, |Δα| / |∇α|, taken both ways round.
    var maxDisplacement = 0.0
    /// The largest, over frames, of the mean |Δ| (levels, all four channels) over the control's pixels.
    var maxMeanDelta = 0.0
    var frames = 0

    mutating func addGoo(_ a: Pixmap?, _ b: Pixmap?) {
        guard let a, let b else {
            #expect(a == nil && b == nil, "one path rendered goo and the other did not")
            return
        }
        #expect(a.width == b.width && a.height == b.height)
        let w = a.width, h = a.height, pa = a.bytes, pb = b.bytes
        guard w > 2, h > 2 else { return }
        for (one, other) in [(pa, pb), (pb, pa)] {
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = 4 * (y * w + x) + 3
                    let alpha = Int(one[i])
                    guard (64...191).contains(alpha) else { continue }
                    let gx = Double(Int(one[i + 4]) - Int(one[i - 4])) / 2
                    let gy = Double(Int(one[i + 4 * w]) - Int(one[i - 4 * w])) / 2
                    let g = (gx * gx + gy * gy).squareRoot()
                    guard g >= 8 else { continue }
                    maxDisplacement = max(maxDisplacement, Double(abs(alpha - Int(other[i]))) / g)
                }
            }
        }
    }

    mutating func addFrame(_ a: Pixmap?, _ b: Pixmap?, control: PixelRect) {
        guard let a, let b else { Issue.record("a frame was not rendered"); return }
        let w = a.width, pa = a.bytes, pb = b.bytes
        var sum = 0, count = 0
        for y in control.y..<(control.y + control.height) {
            for x in control.x..<(control.x + control.width) {
                for c in 0..<4 {
                    let i = 4 * (y * w + x) + c
                    sum += abs(Int(pa[i]) - Int(pb[i]))
                }
                count += 4
            }
        }
        maxMeanDelta = max(maxMeanDelta, Double(sum) / Double(max(count, 1)))
        frames += 1
    }
}

/// Runs `analytic` and `blur` (the same control, the other path) through `touches` at 3× and 30 fps and
/// compares each frame's goo images (`goo`) and rendered pixels over the control.
@MainActor
private func compare<C: SimulatableComponent>(_ analytic: C, _ blur: C, touches: [Touch], duration: Double,
                                              goo: (C) -> [Pixmap?]) throws -> GooComparison {
    func record(_ control: C) throws -> (frames: [Pixmap?], goo: [[Pixmap?]], rect: PixelRect) {
        let simulator = try ComponentSimulator(component: control, framesPerSecond: 30, scale: 3)
        var frames: [Pixmap?] = [], images: [[Pixmap?]] = []
        _ = simulator.run(touches: touches, duration: duration) { _, image in
            frames.append(image)
            images.append(goo(control))
        }
        let size = control.simulationSize
        let rect = PixelRect(x: Int((simulator.origin.x * 3).rounded()), y: Int((simulator.origin.y * 3).rounded()),
                             width: Int((size.width * 3).rounded()), height: Int((size.height * 3).rounded()))
        return (frames, images, rect)
    }
    let a = try record(analytic), b = try record(blur)
    var result = GooComparison()
    #expect(a.frames.count == b.frames.count)
    for (fa, fb) in zip(a.frames, b.frames) { result.addFrame(fa, fb, control: a.rect) }
    for (ga, gb) in zip(a.goo, b.goo) {
        #expect(ga.count == gb.count)
        for (x, y) in zip(ga, gb) { result.addGoo(x, y) }
    }
    return result
}

@MainActor
@Suite("Analytic goo reproduces the blur path in the controls")
struct AnalyticGooControlTests {
    @Test func switchDraggedAcrossAndReleased() throws {
        let analytic = LiquidSwitch(isOn: false), blur = LiquidSwitch(isOn: false)
        blur.gooMethod = .blur
        #expect(analytic.gooMethod == .analytic, "the switch's default is the analytic path")
        let touches = TouchScript.drag(from: Point(21, 14), to: Point(42, 14), start: 0.05, duration: 0.25)
        let figures = try compare(analytic, blur, touches: touches, duration: 0.7) { [$0.drawing.gooImage] }
        #expect(analytic.drawing.lastGooRenderWasAnalytic && !blur.drawing.lastGooRenderWasAnalytic)
        print("analytic goo, switch: \(figures.frames) frames, contour displacement ≤ \(figures.maxDisplacement) px, mean |Δ| ≤ \(figures.maxMeanDelta) levels")
        #expect(figures.frames > 10)
        #expect(figures.maxDisplacement <= 0.5)
        #expect(figures.maxMeanDelta <= 1)
    }

    @Test func sliderDraggedAndReleased() throws {
        let analytic = LiquidSlider(value: 0.3), blur = LiquidSlider(value: 0.3)
        #expect(blur.gooMethod == .blur, "the slider's default is the blur path, re-rendered only around what moved")
        analytic.gooMethod = .analytic
        let touches = TouchScript.drag(from: Point(90, 22), to: Point(210, 22), start: 0.05, duration: 0.3)
        let figures = try compare(analytic, blur, touches: touches, duration: 0.7) { slider in
            slider.drawing.inspectGoo { $0.passImages.map { Optional($0) } }
        }
        let analyticPasses = analytic.drawing.inspectGoo { $0.layers.map { $0.lastRenderWasAnalytic } }
        let blurPasses = blur.drawing.inspectGoo { $0.layers.map { $0.lastRenderWasAnalytic } }
        #expect(analyticPasses == [true, true] && blurPasses == [false, false])
        print("analytic goo, slider: \(figures.frames) frames, contour displacement ≤ \(figures.maxDisplacement) px, mean |Δ| ≤ \(figures.maxMeanDelta) levels")
        #expect(figures.frames > 10)
        #expect(figures.maxDisplacement <= 0.5)
        #expect(figures.maxMeanDelta <= 1)
    }

    @Test func tabBarLensTravelsToAnotherItem() throws {
        let analytic = LiquidTabBar(), blur = LiquidTabBar()
        #expect(blur.gooMethod == .blur, "the tab bar's default is the blur path (see below)")
        analytic.gooMethod = .analytic
        let touches = TouchScript.tap(at: Point(analytic.itemCenterX(2), 35), time: 0.05)
        let figures = try compare(analytic, blur, touches: touches, duration: 0.6) { [$0.drawing.gooImage] }
        #expect(analytic.drawing.lastGooRenderWasAnalytic && !blur.drawing.lastGooRenderWasAnalytic)
        print("analytic goo, tab bar: \(figures.frames) frames, contour displacement ≤ \(figures.maxDisplacement) px, mean |Δ| ≤ \(figures.maxMeanDelta) levels")
        #expect(figures.frames > 10)
        // Measured 1.0 px: over the 0.5 px bound, so the tab bar keeps the blur path by default; this guards
        // the figure stated in the documentation from growing.
        #expect(figures.maxDisplacement <= 1)
        #expect(figures.maxMeanDelta <= 1)
    }
}
