import LiquidRaster

/// A stroke in a scene: `{"width": 2, "paint": "#000000", "cap": "round", "join": "miter", "miterLimit": 4}`.
/// Every field is optional (defaults: width 1, black, butt caps, miter joins, limit 4).
///
/// Decoding guarantees: the width and miter limit are positive and finite, the paint is valid.
package struct SceneStroke: Decodable, Sendable, Equatable {
    /// Pen width in points.
    package var width: Double
    /// What the stroke is painted with (default black).
    package var paint: ScenePaint
    /// End caps of open subpaths (default butt).
    package var cap: LineCap
    /// Corners between segments (default miter).
    package var join: LineJoin
    /// Miter length limit in pen widths before a miter becomes a bevel (default 4).
    package var miterLimit: Double

    private enum Key: String, CodingKey, CaseIterable { case width, paint, cap, join, miterLimit }

    /// The raster engine's stroke style.
    package var style: StrokeStyle { StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit) }

    /// Decodes and validates a stroke object; errors carry the JSON path.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: Key.self)
        width = try c.decodeIfPresent(Double.self, forKey: .width) ?? 1
        try SceneValue.requirePositive(width, "stroke width", at: c.codingPath + [JSONKey("width")])
        paint = try c.decodeIfPresent(ScenePaint.self, forKey: .paint) ?? .color(.black)
        cap = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .cap) ?? "butt", "cap",
                                     ["butt": LineCap.butt, "round": .round, "square": .square], in: c.codingPath)
        join = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .join) ?? "miter", "join",
                                      ["miter": LineJoin.miter, "round": .round, "bevel": .bevel], in: c.codingPath)
        miterLimit = try c.decodeIfPresent(Double.self, forKey: .miterLimit) ?? 4
        try SceneValue.requirePositive(miterLimit, "miterLimit", at: c.codingPath + [JSONKey("miterLimit")])
    }
}
