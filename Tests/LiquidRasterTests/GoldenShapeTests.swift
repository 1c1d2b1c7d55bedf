import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// Golden images of fills, strokes and clipping. Each scene is small (≤ 160×120 px) and also checks a
/// property computed independently of the golden, so a golden recorded from a wrong rendering cannot hide
/// the error on its own.
@Suite("Golden images: fills, strokes, clip")
struct GoldenShapeTests {
    static let ink = RGBA(red: 0.08, green: 0.12, blue: 0.3)

    /// A canvas over an opaque white pixmap.
    static func whiteCanvas(width: Int, height: Int) throws -> Canvas {
        Canvas(try Pixmap(width: width, height: height, fill: .white))
    }

    /// How much of the ink colour covers a pixel over white, 0…1 (from the red channel, which the ink
    /// darkens the most).
    static func coverage(_ p: PremultipliedRGBA8) -> Double {
        let inkRed = PremultipliedRGBA8(ink).red
        return Double(255 - Int(p.red)) / Double(255 - Int(inkRed))
    }

    /// Total ink coverage (in pixels) over a pixel rect, clipped to the image.
    static func inkArea(_ pixmap: Pixmap, _ rect: PixelRect) -> Double {
        guard let r = rect.intersection(pixmap.bounds) else { return 0 }
        var total = 0.0
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { total += coverage(pixmap[x, y]) } }
        return total
    }

    /// Whether two premultiplied pixels agree within `levels` in every channel.
    static func close(_ p: PremultipliedRGBA8, _ q: PremultipliedRGBA8, _ levels: Int = 1) -> Bool {
        abs(Int(p.red) - Int(q.red)) <= levels && abs(Int(p.green) - Int(q.green)) <= levels
            && abs(Int(p.blue) - Int(q.blue)) <= levels && abs(Int(p.alpha) - Int(q.alpha)) <= levels
    }

    /// A five-pointed star drawn as one self-intersecting pentagram (every second point of a pentagon).
    static func pentagram(center: Point, radius: Double) -> Path {
        var path = Path()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let p = Point(center.x + radius * cos(angle), center.y + radius * sin(angle))
            if k == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    // MARK: Fills

    @Test func starNonZeroAndEvenOdd() throws {
        var canvas = try Self.whiteCanvas(width: 160, height: 80)
        let left = Point(40.5, 42.5), right = Point(120.5, 42.5)
        canvas.fill(Self.pentagram(center: left, radius: 36), paint: .color(Self.ink), rule: .nonZero)
        canvas.fill(Self.pentagram(center: right, radius: 36), paint: .color(Self.ink), rule: .evenOdd)
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "fill-star-nonzero-evenodd")

        // The inner pentagon has winding number 2: covered under non-zero, a hole under even-odd.
        #expect(image[40, 42] == PremultipliedRGBA8(Self.ink), "non-zero centre \(image[40, 42])")
        #expect(image[120, 42] == .white, "even-odd centre \(image[120, 42])")
        // The points (winding 1) are covered under both rules: the top point's column just below the tip.
        #expect(image[40, 12] == PremultipliedRGBA8(Self.ink) && image[120, 12] == PremultipliedRGBA8(Self.ink))
    }

    @Test func circle() throws {
        var canvas = try Self.whiteCanvas(width: 96, height: 96)
        let radius = 30.5
        var path = Path()
        path.addCircle(center: Point(47.3, 48.6), radius: radius)
        canvas.fill(path, paint: .color(Self.ink))
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "fill-circle")

        // Coverage sums to the disc's area: fills flatten preserving each curve's area (inscribed chords lost
        // 0.61 % here), so what is left is the Bézier circle's own 2.8·10⁻⁴ and the 8-bit quantisation.
        let area = Self.inkArea(image, image.bounds)
        let lower = Double.pi * radius * radius * 0.999, upper = Double.pi * radius * radius * 1.001
        #expect(area >= lower && area <= upper, "ink area \(area), expected \(lower)…\(upper)")
        // Pixels wholly inside and wholly outside.
        #expect(image[47, 48] == PremultipliedRGBA8(Self.ink) && image[47, 19] == PremultipliedRGBA8(Self.ink))
        #expect(image[47, 16] == .white && image[2, 2] == .white)
    }

    @Test func roundedRectCircularAndContinuousCorners() throws {
        var canvas = try Self.whiteCanvas(width: 160, height: 80)
        let radius = 18.0
        let circular = Rect(x: 10, y: 10, width: 64, height: 60)
        let continuous = Rect(x: 86, y: 10, width: 64, height: 60)
        canvas.fillRoundedRect(circular, cornerRadii: CornerRadii(all: radius), style: .circular, paint: .color(Self.ink))
        canvas.fillRoundedRect(continuous, cornerRadii: CornerRadii(all: radius), style: .continuous,
                               paint: .color(Self.ink))
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "fill-rounded-rect-corners")

        // Circular: the area is the rectangle's less (4 − π)·r² (the analytic fast path is exact).
        let circularArea = Self.inkArea(image, PixelRect(x: 0, y: 0, width: 80, height: 80))
        let exact = circular.width * circular.height - (4 - Double.pi) * radius * radius
        #expect(abs(circularArea - exact) < 1.5, "circular area \(circularArea) vs \(exact)")
        // Continuous corners start further along the edge (1.528 r = 27.5 px): the top row is full from x = r on
        // for circular corners but not yet for continuous ones, and full for both past 1.528 r.
        let column = Int(radius) + 2, past = Int((1.528 * radius).rounded(.up)) + 1
        #expect(Self.coverage(image[10 + column, 10]) > 0.99, "\(image[10 + column, 10])")
        #expect(Self.coverage(image[86 + column, 10]) < 0.98, "\(image[86 + column, 10])")
        #expect(Self.coverage(image[86 + past, 10]) > 0.99, "\(image[86 + past, 10])")
        // The continuous shape is symmetric: its four corners hold the same ink.
        let corners = [PixelRect(x: 86, y: 10, width: 30, height: 30), PixelRect(x: 120, y: 10, width: 30, height: 30),
                       PixelRect(x: 86, y: 40, width: 30, height: 30), PixelRect(x: 120, y: 40, width: 30, height: 30)]
        let inks = corners.map { Self.inkArea(image, $0) }
        #expect(inks.max()! - inks.min()! < 0.05, "continuous corner ink \(inks)")
        // Both are full far from the corners.
        #expect(image[42, 10] == PremultipliedRGBA8(Self.ink) && image[118, 10] == PremultipliedRGBA8(Self.ink))
    }

    @Test func linearGradient() throws {
        let stops = [GradientStop(0, RGBA(red: 0.9, green: 0.1, blue: 0.1)),
                     GradientStop(0.5, RGBA(red: 0.1, green: 0.8, blue: 0.2)),
                     GradientStop(1, RGBA(red: 0.1, green: 0.2, blue: 0.9))]
        // Stops at pixel centres: t = 0 at x = 10.5, 0.5 at x = 80.5, 1 at x = 150.5.
        let gradient = LinearGradient(start: Point(10.5, 0), end: Point(150.5, 0), gradient: try Gradient(stops: stops))
        var canvas = try Self.whiteCanvas(width: 160, height: 60)
        canvas.fillRect(Rect(x: 4, y: 8, width: 152, height: 44), paint: .linearGradient(gradient))
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "fill-linear-gradient")

        for (x, stop) in [(10, stops[0]), (80, stops[1]), (150, stops[2])] {
            let expected = PremultipliedRGBA8(stop.color)
            #expect(Self.close(image[x, 30], expected), "x = \(x): \(image[x, 30]) vs stop \(expected)")
        }
        // Columns are constant top to bottom (a horizontal gradient).
        #expect((8..<52).allSatisfy { image[45, $0] == image[45, 30] })
        // Padded beyond the ends.
        #expect(image[5, 30] == image[10, 30] && image[155, 30] == image[150, 30])
    }

    @Test func radialGradient() throws {
        let stops = [GradientStop(0, RGBA(red: 1, green: 0.95, blue: 0.6)),
                     GradientStop(0.5, RGBA(red: 0.95, green: 0.45, blue: 0.1)),
                     GradientStop(1, RGBA(red: 0.3, green: 0.05, blue: 0.4))]
        let center = Point(80.5, 60.5)
        let gradient = RadialGradient(center: center, radius: 50, gradient: try Gradient(stops: stops))
        var canvas = try Self.whiteCanvas(width: 160, height: 120)
        canvas.fillRect(Rect(x: 0, y: 0, width: 160, height: 120), paint: .radialGradient(gradient))
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "fill-radial-gradient")

        // Pixel centres at distance 0, 25 and 50 from the centre are at the three stops.
        for (x, y, stop) in [(80, 60, stops[0]), (105, 60, stops[1]), (80, 35, stops[1]), (30, 60, stops[2]),
                             (80, 110, stops[2])] {
            let expected = PremultipliedRGBA8(stop.color)
            #expect(Self.close(image[x, y], expected), "(\(x), \(y)): \(image[x, y]) vs stop \(expected)")
        }
        // Padded beyond the radius: the corners show the last stop.
        #expect(Self.close(image[0, 0], PremultipliedRGBA8(stops[2].color)))
    }

    // MARK: Strokes

    /// The zig-zag of the caps-and-joins scene around the row's centre `y`: horizontal first and last
    /// segments (so the caps point along x), four diagonal segments between.
    static func zigZag(y: Double) -> Path {
        var path = Path()
        path.move(to: Point(16, y + 10))
        for (x, dy) in [(34.0, 10.0), (58, -12), (82, 10), (106, -12), (130, 10), (146, 10)] {
            path.line(to: Point(x, y + dy))
        }
        return path
    }

    @Test func strokeCapsAndJoins() throws {
        var canvas = try Self.whiteCanvas(width: 160, height: 120)
        let rows: [(y: Double, cap: LineCap, join: LineJoin)] = [(22, .butt, .miter), (60, .round, .round),
                                                                (98, .square, .bevel)]
        let width = 10.0
        for row in rows {
            canvas.stroke(Self.zigZag(y: row.y), style: StrokeStyle(width: width, cap: row.cap, join: row.join),
                          paint: .color(Self.ink))
        }
        // The centre line in a light colour on top, so the picture shows how far caps and joins reach.
        for row in rows {
            canvas.stroke(Self.zigZag(y: row.y), style: StrokeStyle(width: 1), paint: .color(RGBA(red: 1, green: 0.75, blue: 0.2)))
        }
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "stroke-caps-joins")

        for row in rows {
            // The start cap is at (16, y + 10), pointing to −x. Pixel [13, 14] × [y+10, y+11] lies 2–3 px past
            // the end on the centre line; pixel [11, 12] × [y+5, y+6] is at the cap's corner (4–5 px out on
            // both axes: inside the square cap, outside the round cap's radius 5 since √(4²+4²) > 5).
            let capY = Int(row.y) + 10
            let beyond = Self.coverage(image[13, capY]), corner = Self.coverage(image[11, capY - 5])
            switch row.cap {
            case .butt: #expect(beyond < 0.01 && corner < 0.01, "butt: \(beyond), \(corner)")
            case .round: #expect(beyond > 0.99 && corner < 0.01, "round: \(beyond), \(corner)")
            case .square: #expect(beyond > 0.99 && corner > 0.99, "square: \(beyond), \(corner)")
            }
        }
        // Above the top vertex at (58, y − 12) the joins reach different heights along the bisector (up). The
        // corner's interior angle α has cos α = −d₁·d₂ for the unit segment directions (24, ∓22)/|…|; the
        // segments' own bodies end 5·sin(α/2) ≈ 3.7 px above the vertex, so in the 6×4 px box from 4 to 8 px
        // above it there is only join: the bevel puts none there, the round join the circular segment of
        // radius 5 above height 4 (half-width 3, so it fits the box), the miter the triangle up to its tip at
        // 5 / sin(α/2) ≈ 6.8 px, whose sides make the angle α/2 with the bisector.
        let d1 = Vector2(24, -22).normalized, d2 = Vector2(24, 22).normalized
        let cosine = -d1.dot(d2)
        let halfSine = ((1 - cosine) / 2).squareRoot(), halfTangent = halfSine / ((1 + cosine) / 2).squareRoot()
        let tipHeight = 5 / halfSine
        var miterArea = 0.0
        let steps = 4000
        for i in 0..<steps {  // ∫ from 4 to 8 of the triangle's width, clipped to the box's ±3 px
            let h = 4 + 4 * (Double(i) + 0.5) / Double(steps)
            miterArea += 2 * min(3, max(0, (tipHeight - h) * halfTangent)) * 4 / Double(steps)
        }
        let roundArea = 25 * acos(0.8) - 4 * 3
        func tip(_ y: Double) -> Double {
            Self.inkArea(image, PixelRect(x: 55, y: Int(y) - 12 - 8, width: 6, height: 4))
        }
        let miter = tip(rows[0].y), round = tip(rows[1].y), bevel = tip(rows[2].y)
        // Straight edges are exact; the round join loses up to ⅔ × 0.2 px × its arc length to flattening.
        #expect(abs(miter - miterArea) < 0.05, "miter ink \(miter), analytic \(miterArea)")
        #expect(round <= roundArea + 0.02 && round > roundArea - 0.9, "round ink \(round), analytic \(roundArea)")
        #expect(bevel == 0, "bevel ink \(bevel)")
    }

    @Test func strokeClosedPolygons() throws {
        var canvas = try Self.whiteCanvas(width: 160, height: 100)
        // A closed square with miter joins: the closing corner is joined like the other three.
        var square = Path()
        square.move(to: Point(20, 20))
        square.line(to: Point(70, 20))
        square.line(to: Point(70, 70))
        square.line(to: Point(20, 70))
        square.close()
        canvas.stroke(square, style: StrokeStyle(width: 10, join: .miter), paint: .color(Self.ink))
        // A closed triangle with round joins, over a translucent fill.
        var triangle = Path()
        triangle.move(to: Point(120, 14))
        triangle.line(to: Point(150, 80))
        triangle.line(to: Point(90, 80))
        triangle.close()
        canvas.fill(triangle, paint: .color(RGBA(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5)))
        canvas.stroke(triangle, style: StrokeStyle(width: 6, join: .round), paint: .color(Self.ink))
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "stroke-closed-polygons")

        // Miter joins make square outer corners at (15, 15), (75, 15), (75, 75), (15, 75), including the
        // corner where the path closes (a cap there would leave the top-left corner open).
        let solid = PremultipliedRGBA8(Self.ink)
        #expect(image[15, 15] == solid && image[74, 15] == solid && image[74, 74] == solid && image[15, 74] == solid)
        #expect(image[14, 15] == .white && image[15, 14] == .white && image[75, 75] == .white)
        // The four corners hold the same ink (the stroke is symmetric under the square's reflections).
        let corners = [PixelRect(x: 12, y: 12, width: 10, height: 10), PixelRect(x: 68, y: 12, width: 10, height: 10),
                       PixelRect(x: 68, y: 68, width: 10, height: 10), PixelRect(x: 12, y: 68, width: 10, height: 10)]
        let inks = corners.map { Self.inkArea(image, $0) }
        #expect(inks.max()! - inks.min()! < 0.05, "corner ink \(inks)")
        // The frame's total area is the outer square less the inner one: 60² − 40².
        #expect(abs(Self.inkArea(image, PixelRect(x: 0, y: 0, width: 80, height: 100)) - 2000) < 0.5)
    }

    @Test func hairlines() throws {
        var canvas = try Self.whiteCanvas(width: 160, height: 80)
        let style = StrokeStyle(width: 0.5)
        var horizontal = Path()
        horizontal.move(to: Point(10, 10.5))
        horizontal.line(to: Point(150, 10.5))
        var diagonal = Path()
        diagonal.move(to: Point(10, 20))
        diagonal.line(to: Point(60, 70))
        var circle = Path()
        circle.addCircle(center: Point(110, 45), radius: 25)
        var fan = Path()
        for k in 0..<6 {
            let angle = Double(k) * Double.pi / 12
            fan.move(to: Point(110, 45))
            fan.line(to: Point(110 + 22 * cos(angle), 45 - 22 * sin(angle)))
        }
        for path in [horizontal, diagonal, circle, fan] { canvas.stroke(path, style: style, paint: .color(Self.ink)) }
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "stroke-hairline")

        // The horizontal hairline covers [10.25, 10.75] of row 10: half of each pixel, nothing above or below.
        for x in 10..<150 {
            let c = Self.coverage(image[x, 10])
            if abs(c - 0.5) > 0.01 { Issue.record("row 10, x = \(x): coverage \(c), expected 0.5") }
        }
        #expect(Self.inkArea(image, PixelRect(x: 0, y: 9, width: 160, height: 1)) == 0)
        #expect(Self.inkArea(image, PixelRect(x: 0, y: 11, width: 160, height: 1)) == 0)
        // The diagonal's ink is its area, 0.5 × length (butt caps).
        let length = 50 * 2.0.squareRoot()
        let diagonalInk = Self.inkArea(image, PixelRect(x: 0, y: 15, width: 70, height: 65))
        #expect(abs(diagonalInk - 0.5 * length) < 0.3, "diagonal ink \(diagonalInk) vs \(0.5 * length)")
        // The circle's ink is its perimeter × 0.5 (within flattening), apart from where the fan overlaps it.
        let ringInk = Self.inkArea(image, PixelRect(x: 80, y: 15, width: 60, height: 60))
        let fanInk = 6 * 22 * 0.5
        #expect(abs(ringInk - (2 * Double.pi * 25 * 0.5 + fanInk)) < 2, "ring + fan ink \(ringInk)")
    }

    // MARK: Clip

    @Test func gradientClippedToCircle() throws {
        let background = PremultipliedRGBA8(RGBA(red: 0.85, green: 0.87, blue: 0.9))
        var canvas = Canvas(try Pixmap(width: 120, height: 120, fill: background))
        let center = Point(60, 60), radius = 44.0
        var circle = Path()
        circle.addCircle(center: center, radius: radius)
        canvas.clip(to: circle)
        let gradient = try Gradient(stops: [GradientStop(0, RGBA(red: 0.95, green: 0.3, blue: 0.5)),
                                            GradientStop(1, RGBA(red: 0.2, green: 0.3, blue: 0.95))])
        let paint = Paint.linearGradient(LinearGradient(start: Point(0, 0), end: Point(120, 120), gradient: gradient))
        canvas.fillRect(Rect(x: 0, y: 0, width: 120, height: 120), paint: paint)
        let image = canvas.pixmap
        goldens.assertMatches(image, named: "clip-gradient-circle")

        var outside = 0, inside = 0
        for y in 0..<120 {
            for x in 0..<120 {
                let d = Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: center)
                if d > radius + 0.75 {
                    // Untouched, bit for bit.
                    if image[x, y] != background { Issue.record("(\(x), \(y)) outside the clip changed to \(image[x, y])") }
                    outside += 1
                } else if d < radius - 0.75 {
                    // The gradient's own colour: t is the projection on the diagonal.
                    let t = (Double(x) + 0.5 + Double(y) + 0.5) / 240
                    let expected = PremultipliedRGBA8(gradient.color(at: t))
                    if !Self.close(image[x, y], expected) {
                        Issue.record("(\(x), \(y)) inside the clip is \(image[x, y]), expected \(expected)")
                    }
                    inside += 1
                }
            }
        }
        #expect(outside > 3000 && inside > 5500)
    }
}
