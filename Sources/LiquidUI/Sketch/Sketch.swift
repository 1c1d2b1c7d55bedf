import Foundation
import LiquidGeometry

/// A finished drawing as it is handed over: its strokes, each a list of points with one colour and one
/// width. A value: it does not change when the canvas that drew it goes on drawing.
///
/// Values are stored as they are written out, so that ``jsonData()`` and ``init(json:)`` (in
/// LiquidScene) give back exactly the same sketch: coordinates and widths are rounded to the nearest
/// 1/100 point, and colours to 8 bits per channel, when a stroke is made.
///
/// Limits (what a sketch may hold, checked when it is made and when it is read): at most
/// ``maximumStrokes`` strokes, ``maximumPointsPerStroke`` points per stroke and ``maximumPoints`` in all;
/// coordinates within ±``maximumCoordinate`` points; widths more than 0 and at most ``maximumWidth``.
public struct Sketch: Hashable, Sendable {
    /// The most strokes a sketch holds.
    public static let maximumStrokes = 1024
    /// The most points one stroke holds.
    public static let maximumPointsPerStroke = 65_536
    /// The most points a sketch holds in all.
    public static let maximumPoints = 1_048_576
    /// The largest coordinate magnitude, points.
    public static let maximumCoordinate = 1_000_000.0
    /// The widest stroke, points.
    public static let maximumWidth = 1000.0

    /// One stroke: at least one point (one point is a dot), a colour and a width.
    public struct Stroke: Hashable, Sendable {
        /// The points, in drawing order, rounded to 1/100 point.
        public let points: [Point]
        /// The colour, 8 bits per channel (straight alpha).
        public let color: RGBA
        /// The width, points, rounded to 1/100 point.
        public let width: Double

        /// A stroke of `points` (rounded to 1/100 pt), `color` (rounded to 8 bits per channel) and
        /// `width` (rounded to 1/100 pt).
        /// - Throws: `LiquidError` for no points or more than ``Sketch/maximumPointsPerStroke``, a
        ///   coordinate that is not finite or beyond ``Sketch/maximumCoordinate``, a colour channel that is
        ///   not finite or outside 0…1, or a width that is not more than 0 and at most ``Sketch/maximumWidth``
        ///   (after rounding).
        public init(points: [Point], color: RGBA, width: Double) throws(LiquidError) {
            guard !points.isEmpty, points.count <= Sketch.maximumPointsPerStroke else {
                throw .outOfRange("a stroke holds 1…\(Sketch.maximumPointsPerStroke) points; got \(points.count)")
            }
            for (i, p) in points.enumerated() {
                guard p.isFinite, abs(p.x) <= Sketch.maximumCoordinate, abs(p.y) <= Sketch.maximumCoordinate else {
                    throw .outOfRange("point \(i) (\(LiquidError.quoted(p.x)), \(LiquidError.quoted(p.y))) must be finite and within ±\(Int(Sketch.maximumCoordinate))")
                }
            }
            for (name, value) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] {
                guard value.isFinite, (0...1).contains(value) else {
                    throw .outOfRange("colour channel \(name) must be between 0 and 1; got \(LiquidError.quoted(value))")
                }
            }
            let rounded = Self.round(width)
            guard rounded > 0, rounded <= Sketch.maximumWidth else {
                throw .outOfRange("stroke width must be more than 0 and at most \(Int(Sketch.maximumWidth)); got \(LiquidError.quoted(width))")
            }
            self.points = points.map { Point(Self.round($0.x), Self.round($0.y)) }
            // The hex form is the stored form: 8 bits per channel.
            self.color = (try? RGBA(hex: color.hexString)) ?? color
            self.width = rounded
        }

        /// `value` to the nearest 1/100 (−0 becomes 0).
        static func round(_ value: Double) -> Double {
            let r = (value * 100).rounded() / 100
            return r == 0 ? 0 : r
        }
    }

    /// The strokes, oldest first.
    public let strokes: [Stroke]

    /// The empty sketch.
    public init() { strokes = [] }

    /// A sketch of `strokes`.
    /// - Throws: `LiquidError` for more than ``maximumStrokes`` strokes or ``maximumPoints`` points.
    public init(strokes: [Stroke]) throws(LiquidError) {
        guard strokes.count <= Self.maximumStrokes else {
            throw .outOfRange("a sketch holds at most \(Self.maximumStrokes) strokes; got \(strokes.count)")
        }
        let total = strokes.reduce(0) { $0 + $1.points.count }
        guard total <= Self.maximumPoints else {
            throw .outOfRange("a sketch holds at most \(Self.maximumPoints) points; got \(total)")
        }
        self.strokes = strokes
    }

    /// The points of every stroke together.
    public var pointCount: Int { strokes.reduce(0) { $0 + $1.points.count } }

    /// The sketch as compact JSON, keys sorted, no spaces:
    /// `{"strokes":[{"color":"#1c1c1e","points":[x0,y0,x1,y1,…],"width":6}]}` — points as one flat list of
    /// numbers, whole numbers without a fraction, colours as `#rrggbb` or `#rrggbbaa`.
    public func jsonData() -> Data {
        var out = "{\"strokes\":["
        for (i, stroke) in strokes.enumerated() {
            if i > 0 { out += "," }
            out += "{\"color\":\"\(stroke.color.hexString)\",\"points\":["
            var first = true
            for p in stroke.points {
                if !first { out += "," }
                first = false
                out += Self.number(p.x) + "," + Self.number(p.y)
            }
            out += "],\"width\":\(Self.number(stroke.width))}"
        }
        out += "]}"
        return Data(out.utf8)
    }

    /// The shortest text that reads back as `value` (an integer without a fraction).
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
