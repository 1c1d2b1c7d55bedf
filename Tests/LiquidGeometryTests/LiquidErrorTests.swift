import LiquidGeometry
import Testing

@Suite("LiquidError")
struct LiquidErrorTests {
    @Test func valueErrorsNameTheValueAndTheRequirement() {
        let error = LiquidError.invalidParameter(name: "deceleration rate", value: 1.2,
                                                 requirement: "must be between 0 and 1 (exclusive)")
        #expect(error.message == "deceleration rate must be between 0 and 1 (exclusive); got 1.2")
        #expect(error.kind == .outOfRange && error.subject == "deceleration rate")
        #expect(LiquidError.invalidParameter(name: "x", value: .infinity, requirement: "must be finite").kind == .nonFinite)
    }

    @Test func everyNaNQuotesAlike() {
        #expect(LiquidError.quoted(-Double.nan) == "nan")
        #expect(LiquidError.quoted(Double.signalingNaN) == "nan")
        #expect(LiquidError.nonFinite(name: "a", value: .nan) == .nonFinite(name: "a", value: -.nan))
        #expect(LiquidError.quoted(-0.0) == "-0.0" && LiquidError.quoted(1e300) == "1e+300")
    }

    @Test func longTextIsElidedToOneShortLine() {
        let huge = "1" + String(repeating: "0", count: 30_000_000) + "5"
        let quoted = LiquidError.quoted(huge)
        #expect(quoted.count < 80)
        #expect(quoted.hasPrefix("10000") && quoted.hasSuffix("0005"))
        #expect(quoted.contains("(30000002 characters)"))
        let short = "#zz"
        #expect(LiquidError.quoted(short) == short)
        #expect(LiquidError.quoted("a\nb") == "a\\u{a}b")
    }

    @Test func jsonPlacesPutThePathFirst() {
        let error = LiquidError.at("layers[2].fill", "'#zz' is not a colour")
        #expect(error.description == "layers[2].fill: '#zz' is not a colour")
        #expect(error.subject == "layers[2].fill" && error.kind == .malformed)
    }
}
