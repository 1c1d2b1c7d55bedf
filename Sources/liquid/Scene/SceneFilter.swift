/// A filter applied to a group's rendered content before it is composited:
/// `{"type": "blur", "sigma": 10}`, `{"type": "threshold", "alpha": 0.5, "color": "#ffffff", "softness": 0}`,
/// `{"type": "goo"}`, `{"type": "saturate", "amount": 1.4}`. Lengths are in points.
struct SceneFilter: Decodable {
    enum Kind {
        case blur(sigma: Double)
        case threshold(alpha: Double, color: String, softness: Double)
        case goo
        case saturate(Double)
    }

    var kind: Kind

    private enum Key: String, CodingKey { case type, sigma, alpha, color, softness, amount }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "blur":
            let sigma = try c.decode(Double.self, forKey: .sigma)
            try SceneValue.requireNonNegative(sigma, "sigma", in: c.codingPath)
            guard sigma <= 500 else { throw SceneValue.fail("sigma must be at most 500 pt; got \(sigma)", at: c.codingPath) }
            kind = .blur(sigma: sigma)
        case "threshold":
            let alpha = try c.decodeIfPresent(Double.self, forKey: .alpha) ?? 0.5
            try SceneValue.requireUnit(alpha, "alpha", in: c.codingPath)
            let softness = try c.decodeIfPresent(Double.self, forKey: .softness) ?? 0
            try SceneValue.requireUnit(softness, "softness", in: c.codingPath)
            let color = try c.decodeIfPresent(String.self, forKey: .color) ?? "#000000"
            _ = try SceneValue.color(color, in: c.codingPath)
            kind = .threshold(alpha: alpha, color: color, softness: softness)
        case "goo":
            kind = .goo
        case "saturate":
            let amount = try c.decode(Double.self, forKey: .amount)
            try SceneValue.requireNonNegative(amount, "amount", in: c.codingPath)
            kind = .saturate(amount)
        default:
            throw SceneValue.fail("unknown filter '\(type)' (use blur, threshold, goo or saturate)", at: c.codingPath)
        }
    }
}
