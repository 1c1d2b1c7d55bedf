/// Why a motion parameter or input was refused.
///
/// Every throwing entry point of LiquidMotion reports its refusal with one of these cases. The payload
/// names the parameter in plain words (as it would appear in a sentence: `"deceleration rate"`,
/// `"initial velocity"`), the offending value, and — for ``invalidParameter(name:value:requirement:)`` —
/// the requirement it broke, phrased to follow the name (`"must be between 0 and 1 (exclusive)"`).
///
/// Equality treats two NaN payloads as equal, so a test can write
/// `#expect(throws: MotionError.nonFinite(name: "initial velocity", value: .nan))`.
public enum MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value that must be finite was NaN or ±∞.
    ///
    /// Description: `"<name> must be finite; got <value>"`.
    case nonFinite(name: String, value: Double)

    /// A finite value lay outside the range the operation accepts.
    ///
    /// Description: `"<name> <requirement>; got <value>"`, for example
    /// `"deceleration rate must be between 0 and 1 (exclusive); got 1.2"`.
    case invalidParameter(name: String, value: Double, requirement: String)

    public var description: String {
        switch self {
        case .nonFinite(let name, let value):
            return "\(name) must be finite; got \(value)"
        case .invalidParameter(let name, let value, let requirement):
            return "\(name) \(requirement); got \(value)"
        }
    }

    public static func == (lhs: MotionError, rhs: MotionError) -> Bool {
        switch (lhs, rhs) {
        case let (.nonFinite(lName, lValue), .nonFinite(rName, rValue)):
            return lName == rName && sameValue(lValue, rValue)
        case let (.invalidParameter(lName, lValue, lRequirement), .invalidParameter(rName, rValue, rRequirement)):
            return lName == rName && sameValue(lValue, rValue) && lRequirement == rRequirement
        default:
            return false
        }
    }

    /// `==` on doubles, except that any NaN equals any other NaN.
    private static func sameValue(_ a: Double, _ b: Double) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }

    /// Throws ``nonFinite(name:value:)`` unless `value` is finite; returns it otherwise.
    static func requireFinite(_ value: Double, _ name: String) throws(MotionError) -> Double {
        guard value.isFinite else { throw .nonFinite(name: name, value: value) }
        return value
    }
}
