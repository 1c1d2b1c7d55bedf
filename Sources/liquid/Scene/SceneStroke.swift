/// A stroke in a scene: `{"width": 2, "paint": "#000000", "cap": "round", "join": "miter", "miterLimit": 4}`.
struct SceneStroke: Decodable {
    var width: Double
    var paint: ScenePaint
    var cap: String
    var join: String
    var miterLimit: Double

    private enum Key: String, CodingKey { case width, paint, cap, join, miterLimit }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        width = try c.decodeIfPresent(Double.self, forKey: .width) ?? 1
        try SceneValue.requirePositive(width, "stroke width", in: c.codingPath)
        paint = try c.decodeIfPresent(ScenePaint.self, forKey: .paint) ?? .color(.black)
        cap = try c.decodeIfPresent(String.self, forKey: .cap) ?? "butt"
        join = try c.decodeIfPresent(String.self, forKey: .join) ?? "miter"
        miterLimit = try c.decodeIfPresent(Double.self, forKey: .miterLimit) ?? 4
        guard ["butt", "round", "square"].contains(cap) else {
            throw SceneValue.fail("cap must be butt, round or square; got '\(cap)'", at: c.codingPath)
        }
        guard ["miter", "round", "bevel"].contains(join) else {
            throw SceneValue.fail("join must be miter, round or bevel; got '\(join)'", at: c.codingPath)
        }
        try SceneValue.requirePositive(miterLimit, "miterLimit", in: c.codingPath)
    }
}
