/// An exact sum of doubles: Shewchuk's "expansion" (non-overlapping terms in increasing magnitude, no zeros).
///
/// Used only where a floating-point decision is too close to call — the exact fallback of
/// ``Polyline/simplified(tolerance:)`` — so it favours simple, obviously correct code over speed: terms live
/// in an `Array`, and products are sums of scaled copies.
///
/// Every operation is exact as long as no intermediate product overflows or underflows (inputs of
/// magnitude between about 1e-70 and 1e70 for the degree-4 polynomials built here, or zero).
///
/// Reference: J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates", 1997 — Two-Sum, Two-Product and Grow-Expansion with zero elimination.
struct ExactExpansion {
    /// Non-overlapping, increasing magnitude, no zeros; the value is their exact sum.
    private(set) var terms: [Double] = []

    init() {}

    init(_ value: Double) {
        if value != 0 { terms = [value] }
    }

    /// `a − b`, exactly.
    init(difference a: Double, _ b: Double) {
        let (sum, error) = Self.twoSum(a, -b)
        if error != 0 { terms.append(error) }
        if sum != 0 { terms.append(sum) }
    }

    /// `a · b`, exactly.
    init(product a: Double, _ b: Double) {
        let (product, error) = Self.twoProduct(a, b)
        if error != 0 { terms.append(error) }
        if product != 0 { terms.append(product) }
    }

    /// −1, 0 or +1: the sign of the exact value (the sign of the largest term).
    var sign: Int {
        guard let top = terms.last else { return 0 }
        return top > 0 ? 1 : -1
    }

    /// `s + e == a + b` exactly, `s` being the rounded sum (Knuth's Two-Sum; no ordering requirement).
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// `p + e == a · b` exactly, `p` being the rounded product (the error from one fused multiply-add).
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
        let p = a * b
        return (p, (-p).addingProduct(a, b))
    }

    /// Adds one double exactly (Grow-Expansion with zero elimination: the result stays non-overlapping).
    /// In place — each output term is written at or before the input term it came from — so adding
    /// allocates only when the expansion grows past its capacity.
    mutating func add(_ value: Double) {
        var carry = value
        var count = 0
        for i in terms.indices {
            let (sum, error) = Self.twoSum(carry, terms[i])
            if error != 0 {
                terms[count] = error
                count += 1
            }
            carry = sum
        }
        terms.removeLast(terms.count - count)
        if carry != 0 { terms.append(carry) }
    }

    static func + (lhs: ExactExpansion, rhs: ExactExpansion) -> ExactExpansion {
        var sum = lhs
        for term in rhs.terms { sum.add(term) }
        return sum
    }

    static prefix func - (value: ExactExpansion) -> ExactExpansion {
        var negated = value
        negated.terms = value.terms.map { -$0 }
        return negated
    }

    static func - (lhs: ExactExpansion, rhs: ExactExpansion) -> ExactExpansion { lhs + -rhs }

    static func * (lhs: ExactExpansion, rhs: ExactExpansion) -> ExactExpansion {
        var product = ExactExpansion()
        product.terms.reserveCapacity(2 * lhs.terms.count * rhs.terms.count)
        for a in lhs.terms {
            for b in rhs.terms {
                let (p, error) = twoProduct(a, b)
                if error != 0 { product.add(error) }
                product.add(p)
            }
        }
        return product
    }
}
