import LiquidGeometry
import LiquidRaster

/// A filter list taken apart into its kinds and its numbers, so two lists of the same kinds can be
/// interpolated number by number (σ, thresholds, soft edges, threshold colours, saturation).
@MainActor
struct FilterParameters {
    /// The list the numbers came from.
    let template: [LayerFilter]
    /// Every animatable number of the list, in order (at most eight).
    let numbers: [Double]

    /// `nil` when the list holds more than eight numbers.
    init?(_ filters: [LayerFilter]) {
        var numbers: [Double] = []
        for filter in filters {
            switch filter {
            case .blur(let sigma): numbers.append(sigma)
            case let .alphaThreshold(threshold, color, softEdge):
                numbers += [threshold, color.red, color.green, color.blue, color.alpha, softEdge]
            case .gooColorMatrix, .colorMatrix, .meshWarp: break
            case .saturation(let amount): numbers.append(amount)
            case .variableBlur(let sigma, _): numbers.append(sigma)
            }
        }
        guard numbers.count <= 8 else { return nil }
        template = filters
        self.numbers = numbers
    }

    /// Whether `other` has the same filters in the same order, differing at most in its numbers (colour
    /// matrices and variable-blur masks must be equal: they are not interpolated).
    func hasSameKinds(as other: FilterParameters) -> Bool {
        guard template.count == other.template.count else { return false }
        for (a, b) in zip(template, other.template) {
            switch (a, b) {
            case (.blur, .blur), (.alphaThreshold, .alphaThreshold), (.gooColorMatrix, .gooColorMatrix),
                 (.saturation, .saturation):
                continue
            case let (.colorMatrix(m), .colorMatrix(n)) where m == n:
                continue
            case let (.meshWarp(m), .meshWarp(n)) where m == n:
                continue
            case let (.variableBlur(_, .layer(m)), .variableBlur(_, .layer(n))) where m === n:
                continue
            case let (.variableBlur(_, .linearGradient(p, q)), .variableBlur(_, .linearGradient(r, s))) where p == r && q == s:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// The template list with its numbers replaced by `numbers` (in the order ``numbers`` lists them).
    func filters(with numbers: [Double]) -> [LayerFilter] {
        var index = 0
        func next() -> Double {
            defer { index += 1 }
            return numbers[index]
        }
        return template.map { filter in
            switch filter {
            case .blur: return .blur(sigma: next())
            case .alphaThreshold:
                let threshold = next()
                let color = RGBA(red: next(), green: next(), blue: next(), alpha: next())
                return .alphaThreshold(threshold: threshold, color: color, softEdge: next())
            case .gooColorMatrix, .colorMatrix, .meshWarp: return filter
            case .saturation: return .saturation(next())
            case .variableBlur(_, let mask): return .variableBlur(maximumSigma: next(), mask: mask)
            }
        }
    }
}
