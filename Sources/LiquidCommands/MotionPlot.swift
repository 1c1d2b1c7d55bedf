import Foundation
import LiquidGeometry
import LiquidRaster

/// Draws a motion curve as a PNG-ready image: axes with tick labels, the target as a dashed line, the start
/// value as a faint line, and the curve.
struct MotionPlot {
    var title: String
    var samples: [MotionSample]
    var target: Double
    var start: Double
    /// Pixels per point of the rendered image.
    var scale = 2.0

    /// Plot size in points.
    static let size = Size(width: 640, height: 360)
    private static let plotArea = Rect(x: 64, y: 44, width: 552, height: 270)

    func render() throws -> Pixmap {
        var canvas = Canvas(try Pixmap(size: Self.size, scale: scale, fill: .white))
        let area = Self.plotArea
        let (tMax, lo, hi) = ranges()
        func x(_ t: Double) -> Double { area.minX + t / tMax * area.width }
        func y(_ v: Double) -> Double { area.maxY - (v - lo) / (hi - lo) * area.height }

        let grid = RGBA(red: 0.9, green: 0.9, blue: 0.92), ink = RGBA(red: 0.35, green: 0.35, blue: 0.4)
        let font = try Font(family: "DejaVu Sans")
        let label = TextRenderer(font: font, size: 11, color: ink, alignment: .center)
        let valueLabel = TextRenderer(font: font, size: 11, color: ink, alignment: .right)
        let thin = StrokeStyle(width: 1)

        for tick in Self.ticks(0, tMax) {
            canvas.stroke(Self.line(Point(x(tick), area.minY), Point(x(tick), area.maxY)), style: thin, paint: .solid(grid))
            try label.draw(Self.format(tick), at: Point(x(tick), area.maxY + 16), into: &canvas.pixmap)
        }
        for tick in Self.ticks(lo, hi) {
            canvas.stroke(Self.line(Point(area.minX, y(tick)), Point(area.maxX, y(tick))), style: thin, paint: .solid(grid))
            try valueLabel.draw(Self.format(tick), at: Point(area.minX - 6, y(tick) + 4), into: &canvas.pixmap)
        }
        canvas.stroke(Path(rect: area), style: thin, paint: .solid(ink))
        try label.draw("time (s)", at: Point(area.midX, area.maxY + 34), into: &canvas.pixmap)

        // Start (faint) and target (dashed) lines.
        canvas.stroke(Self.line(Point(area.minX, y(start)), Point(area.maxX, y(start))), style: thin,
                      paint: .solid(RGBA(red: 0.75, green: 0.75, blue: 0.78)))
        var dashes = Path()
        var dashX = area.minX
        while dashX < area.maxX {
            dashes.move(to: Point(dashX, y(target)))
            dashes.line(to: Point(min(dashX + 6, area.maxX), y(target)))
            dashX += 10
        }
        canvas.stroke(dashes, style: StrokeStyle(width: 1.5), paint: .solid(RGBA(red: 1, green: 0.23, blue: 0.19)))

        var curve = Path()
        for (i, s) in samples.enumerated() {
            let p = Point(x(s.t), y(s.value))
            if i == 0 { curve.move(to: p) } else { curve.line(to: p) }
        }
        canvas.save()
        canvas.clip(to: Path(rect: area))
        canvas.stroke(curve, style: StrokeStyle(width: 2.5, cap: .round, join: .round),
                      paint: .solid(RGBA(red: 0, green: 0.48, blue: 1)))
        canvas.restore()

        let heading = TextRenderer(font: font, size: 13, color: RGBA(red: 0.11, green: 0.11, blue: 0.12))
        try heading.draw(title, at: Point(area.minX, 28), into: &canvas.pixmap)
        return canvas.pixmap
    }

    /// The time span and the padded value range the axes cover.
    private func ranges() -> (tMax: Double, lo: Double, hi: Double) {
        let tMax = max(samples.last?.t ?? 1, 1e-9)
        var lo = min(start, target), hi = max(start, target)
        for s in samples { lo = min(lo, s.value); hi = max(hi, s.value) }
        if hi - lo < 1e-12 { lo -= 1; hi += 1 }
        let pad = (hi - lo) * 0.08
        return (tMax, lo - pad, hi + pad)
    }

    /// Marks time `t` on `image`, a ``render()`` of this plot: a faint vertical line and a dot on the curve
    /// (the gallery animates the plot this way without redrawing it).
    func drawMarker(at t: Double, on image: inout Pixmap) {
        guard let value = Self.value(of: samples, at: t) else { return }
        let area = Self.plotArea
        let (tMax, lo, hi) = ranges()
        let x = area.minX + t / tMax * area.width, y = area.maxY - (value - lo) / (hi - lo) * area.height
        let blue = RGBA(red: 0, green: 0.48, blue: 1)
        var canvas = Canvas(image)
        canvas.stroke(Self.line(Point(x, area.minY), Point(x, area.maxY)), style: StrokeStyle(width: 1),
                      paint: .solid(RGBA(red: 0, green: 0.48, blue: 1, alpha: 0.35)))
        canvas.fill(Path(ellipseIn: Rect(x: x - 7, y: y - 7, width: 14, height: 14)), paint: .solid(.white))
        canvas.fill(Path(ellipseIn: Rect(x: x - 5, y: y - 5, width: 10, height: 10)), paint: .solid(blue))
        image = canvas.pixmap
    }

    /// The curve's value at `t`, interpolated linearly between samples (nil for no samples).
    private static func value(of samples: [MotionSample], at t: Double) -> Double? {
        guard let first = samples.first else { return nil }
        guard t > first.t else { return first.value }
        guard let after = samples.firstIndex(where: { $0.t >= t }) else { return samples.last?.value }
        let a = samples[after - 1], b = samples[after]
        let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 1
        return a.value + (b.value - a.value) * f
    }

    private static func line(_ a: Point, _ b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.line(to: b)
        return p
    }

    /// "Nice" tick values (1, 2 or 5 × 10ᵏ apart) covering [lo, hi], about five of them.
    static func ticks(_ lo: Double, _ hi: Double) -> [Double] {
        let raw = (hi - lo) / 5
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var out: [Double] = []
        var t = ceil(lo / step) * step
        while t <= hi + step * 1e-9 && out.count < 50 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return out
    }

    private static func format(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e6 { return String(Checked.clamped(v, to: -1_000_000...1_000_000)) }
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
