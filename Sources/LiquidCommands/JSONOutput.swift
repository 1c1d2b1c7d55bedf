import Foundation
import LiquidGeometry

/// A value the tool prints as JSON, which can say where it holds a number that is not finite — so that is
/// found and refused before the encoder sees it (JSON has no NaN or infinity).
protocol JSONReport: Encodable {
    /// The path of the first number that is not finite (`samples[3].value`), or nil when every number is.
    var nonFiniteNumber: String? { get }
}

/// Writes `report` as one line of JSON to standard output, keys sorted so output is byte-for-byte
/// reproducible.
/// - Throws: `LiquidError` naming the first non-finite number (nothing is printed then), or when standard
///   output cannot be written.
func printJSON(_ report: some JSONReport) throws {
    if let path = report.nonFiniteNumber {
        throw LiquidError(.nonFinite, "the result's \(path) is not a finite number, so no JSON was printed")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(report)
    try StandardStreams.write(Array(data) + [UInt8(ascii: "\n")])
}

/// The path of the first of `numbers` (name, value) that is not finite, prefixed by `prefix`.
func firstNonFinite(_ numbers: KeyValuePairs<String, Double>, in prefix: String = "") -> String? {
    numbers.first { !$0.value.isFinite }.map { prefix + $0.key }
}

/// One sample of a motion curve.
struct MotionSample: Encodable {
    let t: Double
    let value: Double
    let velocity: Double

    /// The path of the first non-finite number among `samples`.
    static func nonFinite(in samples: [MotionSample]) -> String? {
        for (index, sample) in samples.enumerated() {
            if let field = firstNonFinite(["t": sample.t, "value": sample.value, "velocity": sample.velocity],
                                          in: "samples[\(index)].") { return field }
        }
        return nil
    }
}

/// A Double that encodes as `null` when it is not finite (where the contract says so: an undamped spring
/// never settles).
struct FiniteOrNull: Encodable {
    let value: Double
    init(_ value: Double) { self.value = value }
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
    }
}
