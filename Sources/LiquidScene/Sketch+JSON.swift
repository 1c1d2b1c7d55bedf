import Foundation
import LiquidGeometry
import LiquidUI

extension Sketch {
    /// Reads a sketch written by ``Sketch/jsonData()``, strictly: standard JSON (no `NaN`, no number
    /// beyond a `Double`), exactly the keys `strokes` and, per stroke, `color`, `points` and `width`, each
    /// of its type, within the sketch's limits (at most ``Sketch/maximumStrokes`` strokes,
    /// ``Sketch/maximumPointsPerStroke`` points per stroke — an even count of numbers, x then y — and
    /// ``Sketch/maximumPoints`` in all; coordinates within ±``Sketch/maximumCoordinate``; a width more than
    /// 0 and at most ``Sketch/maximumWidth``; a colour `#rrggbb` or `#rrggbbaa`).
    ///
    /// - Throws: `LiquidError` with one line naming the JSON path of the first problem
    ///   (`sketch: strokes[2].points[7]: expected a number, found a string`).
    public init(json data: Data) throws(LiquidError) {
        let tree = try JSONParser.parse(data, root: "sketch")
        self = try JSONValueDecoder(tree, root: "sketch").decode(SketchFile.self).sketch
    }
}

/// The JSON shape of a ``Sketch``.
private struct SketchFile: Decodable {
    let sketch: Sketch

    private enum Key: String, CodingKey, CaseIterable { case strokes }

    init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: Key.self)
        let list = try c.decode(JSONValue.self, forKey: .strokes)
        guard case .array(let items) = list else {
            throw LiquidError.json("expected a list, found \(list.kindDescription)", at: decoder.codingPath + [Key.strokes],
                                   root: "sketch")
        }
        guard items.count <= Sketch.maximumStrokes else {
            throw LiquidError.json("\(items.count) strokes; a sketch holds at most \(Sketch.maximumStrokes)",
                                   at: decoder.codingPath + [Key.strokes], root: "sketch")
        }
        let strokes = try c.decode([StrokeEntry].self, forKey: .strokes).map(\.stroke)
        let total = strokes.reduce(0) { $0 + $1.points.count }
        guard total <= Sketch.maximumPoints else {
            throw LiquidError.json("\(total) points in all; a sketch holds at most \(Sketch.maximumPoints)",
                                   at: decoder.codingPath + [Key.strokes], root: "sketch")
        }
        sketch = try Sketch(strokes: strokes)
    }
}

private struct StrokeEntry: Decodable {
    let stroke: Sketch.Stroke

    private enum Key: String, CodingKey, CaseIterable { case color, points, width }

    init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: Key.self)
        func fail(_ key: Key, _ reason: String) -> LiquidError {
            LiquidError.json(reason, at: decoder.codingPath + [key], root: "sketch")
        }
        let hex = try c.decode(String.self, forKey: .color)
        let color: RGBA
        do { color = try RGBA(hex: hex) } catch { throw fail(.color, "expected #rrggbb or #rrggbbaa; got '\(LiquidError.quoted(hex))'") }
        // The count is checked before the numbers are read one by one.
        let raw = try c.decode(JSONValue.self, forKey: .points)
        guard case .array(let values) = raw else { throw fail(.points, "expected a list of numbers, found \(raw.kindDescription)") }
        guard values.count <= 2 * Sketch.maximumPointsPerStroke else {
            throw fail(.points, "\(values.count / 2) points; a stroke holds at most \(Sketch.maximumPointsPerStroke)")
        }
        guard !values.isEmpty, values.count % 2 == 0 else {
            throw fail(.points, "expected x, y pairs (an even, non-zero count of numbers); got \(values.count) numbers")
        }
        var numbers = try c.decode([Double].self, forKey: .points)
        for (i, v) in numbers.enumerated() where abs(v) > Sketch.maximumCoordinate {
            throw LiquidError.json("\(LiquidError.quoted(v)) is beyond ±\(Int(Sketch.maximumCoordinate))",
                                   at: decoder.codingPath + [Key.points, JSONKey(index: i)], root: "sketch")
        }
        var points: [Point] = []
        points.reserveCapacity(numbers.count / 2)
        for i in stride(from: 0, to: numbers.count, by: 2) { points.append(Point(numbers[i], numbers[i + 1])) }
        numbers = []
        let width = try c.decode(Double.self, forKey: .width)
        guard width > 0, width <= Sketch.maximumWidth else {
            throw fail(.width, "must be more than 0 and at most \(Int(Sketch.maximumWidth)); got \(LiquidError.quoted(width))")
        }
        do {
            stroke = try Sketch.Stroke(points: points, color: color, width: width)
        } catch {
            throw fail(.width, error.message)
        }
    }
}
