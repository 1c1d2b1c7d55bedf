import LiquidGeometry
import LiquidUI

/// A filter applied to a group's rendered content before it is composited:
/// `{"type": "blur", "sigma": 10}`, `{"type": "threshold", "alpha": 0.5, "color": "#ffffff", "softness": 0}`,
/// `{"type": "goo"}`, `{"type": "saturate", "amount": 1.4}`. Lengths are in points.
///
/// Decoding guarantees: σ in 0…500, threshold alpha and softness in 0…1, saturation ≥ 0, all finite.
package enum SceneFilter: Decodable, Sendable, Equatable {
    /// Gaussian blur of standard deviation `sigma` points, transparent beyond the canvas.
    case blur(sigma: Double)
    /// Alpha at or above `alpha` becomes `color`, with a smooth step `softness` wide.
    case threshold(alpha: Double, color: RGBA, softness: Double)
    /// The SVG goo colour matrix (`α' = 18α − 7`).
    case goo
    /// SVG saturate: 0 grey, 1 unchanged.
    case saturate(Double)

    private enum Key: String, CodingKey, CaseIterable { case type, sigma, alpha, color, softness, amount }

    /// The keys each filter type takes besides `type`.
    private static let keysByType: [String: [Key]] = [
        "blur": [.sigma], "threshold": [.alpha, .color, .softness], "goo": [], "saturate": [.amount],
    ]

    /// The same filter for a LiquidUI layer group.
    package var layerFilter: LayerFilter {
        switch self {
        case .blur(let sigma): .blur(sigma: sigma)
        case .threshold(let alpha, let color, let softness): .alphaThreshold(threshold: alpha, color: color, softEdge: softness)
        case .goo: .gooColorMatrix
        case .saturate(let amount): .saturation(amount)
        }
    }

    /// Decodes and validates a filter object; errors carry the JSON path.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let all = Key.allCases.map(\.stringValue)
        if let name = try? c.decode(String.self, forKey: .type), let own = Self.keysByType[name] {
            try decoder.requireKnownKeys(["type"] + own.map(\.stringValue), allKeys: all, variant: "a \(name) filter")
        } else {
            try decoder.requireKnownKeys(all)
        }
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "blur":
            let sigma = try c.decode(Double.self, forKey: .sigma)
            try SceneValue.requireNonNegative(sigma, "sigma", at: c.codingPath + [JSONKey("sigma")])
            guard sigma <= 500 else { throw SceneValue.fail("sigma must be at most 500 pt; got \(sigma)", at: c.codingPath + [JSONKey("sigma")]) }
            self = .blur(sigma: sigma)
        case "threshold":
            let alpha = try c.decodeIfPresent(Double.self, forKey: .alpha) ?? 0.5
            try SceneValue.requireUnit(alpha, "alpha", at: c.codingPath + [JSONKey("alpha")])
            let softness = try c.decodeIfPresent(Double.self, forKey: .softness) ?? 0
            try SceneValue.requireUnit(softness, "softness", at: c.codingPath + [JSONKey("softness")])
            let color = try SceneValue.color(try c.decodeIfPresent(String.self, forKey: .color) ?? "#000000", in: c.codingPath)
            self = .threshold(alpha: alpha, color: color, softness: softness)
        case "goo":
            self = .goo
        case "saturate":
            let amount = try c.decode(Double.self, forKey: .amount)
            try SceneValue.requireNonNegative(amount, "amount", at: c.codingPath + [JSONKey("amount")])
            self = .saturate(amount)
        default:
            throw SceneValue.fail("unknown filter '\(LiquidError.quoted(type))' (use blur, threshold, goo or saturate)", at: c.codingPath)
        }
    }
}
