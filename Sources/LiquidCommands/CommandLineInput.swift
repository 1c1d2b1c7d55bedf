import ArgumentParser
import Foundation
import LiquidGeometry

/// Checks shared by every subcommand, so a bad number gets one clear message naming its flag, its value and
/// the documented range (docs/command-line.md), before any work starts.
enum CommandLineInput {
    /// Sample times given to `--times`, in seconds.
    static let sampleTimeRange = 0.0...1e6
    /// Most sample times one command prints.
    static let maximumSamples = 100_000

    /// `value` if it is finite and in `range`; otherwise a `LiquidError` naming `flag`.
    static func check(_ value: Double, _ flag: String, in range: ClosedRange<Double>) throws -> Double {
        try Checked.number(value, flag, in: range)
    }

    /// `value` if it is in `range` (a whole-number option); otherwise a `LiquidError` naming `flag` with
    /// the same wording as ``Checked``.
    static func check(_ value: Int, _ flag: String, in range: ClosedRange<Int>) throws -> Int {
        guard range.contains(value) else {
            throw LiquidError(.outOfRange, "\(flag) must be between \(range.lowerBound) and \(range.upperBound); got \(value)",
                              subject: flag)
        }
        return value
    }

    /// Parses a comma-separated list of sample times, each in ``sampleTimeRange``, at most ``maximumSamples``.
    static func times(_ text: String, flag: String = "--times") throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maximumSamples else {
            throw ValidationErrorMessage("\(flag) lists \(parts.count) times; at most \(maximumSamples) are allowed")
        }
        return try parts.map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return try Checked.number(try number(trimmed, flag), "\(flag) time", in: sampleTimeRange)
        }
    }

    /// `text` as a decimal number (see ``decimal(_:)``); a refusal names `flag` and quotes the text.
    static func number(_ text: some StringProtocol, _ flag: String) throws -> Double {
        do { return try decimal(String(text)) } catch let error as ValidationErrorMessage {
            throw ValidationErrorMessage("\(flag) has '\(LiquidError.quoted(String(text)))': \(error.description)")
        }
    }

    /// Evenly spaced times from 0 through `end` at `fps` samples per second (the last sample lands on `end`).
    /// - Throws: `LiquidError` when that would be more than ``maximumSamples`` samples.
    static func defaultTimes(until end: Double, fps: Double = 60) throws -> [Double] {
        let count = try Checked.integer(end * fps, "sample count", in: 0...maximumSamples - 1, rounding: .up)
        return (0...count).map { min(Double($0) / fps, end) }
    }
}

// MARK: - Text to numbers

extension CommandLineInput {
    /// Parses a number as a person writes it: an optional sign, decimal digits with an optional point, and
    /// an optional exponent (`12`, `-0.5`, `.25`, `2e-3`). Everything else Swift's `Double(_:)` would take —
    /// `nan`, `inf`, `infinity`, hexadecimal (`0x10`, `0x1p3`), surrounding spaces — is refused, as is a
    /// value too large to be finite (`1e999`). Used as the `transform` of every floating-point option, so
    /// the refusal names the flag.
    static func decimal(_ text: String) throws -> Double {
        guard isDecimal(text), let value = Double(text) else {
            let lowered = text.lowercased()
            if let value = Double(text), !value.isFinite {
                throw ValidationErrorMessage("not a finite number (NaN and infinity are not accepted)")
            }
            if lowered.contains("0x") {
                throw ValidationErrorMessage("hexadecimal is not accepted; write a decimal number like 12, -0.5 or 2e-3")
            }
            throw ValidationErrorMessage("not a decimal number (write it like 12, -0.5 or 2e-3)")
        }
        guard value.isFinite else { throw ValidationErrorMessage("too large to be a finite number") }
        return value
    }

    /// Parses a whole number written in decimal digits with an optional sign (`30`, `-2`); refuses
    /// fractions, exponents, hexadecimal and values beyond 64 bits. The `transform` of every integer option.
    static func whole(_ text: String) throws -> Int {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ValidationErrorMessage("not a whole number (write it in digits, like 30)")
        }
        guard let value = Int(text) else { throw ValidationErrorMessage("too large for a whole number") }
        return value
    }

    /// Parses a 64-bit seed: decimal digits only (no sign), 0…18446744073709551615. The `transform` of
    /// `simulate --random-touches`.
    static func seed(_ text: String) throws -> UInt64 {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ValidationErrorMessage("not a seed (write a whole number in digits, 0 to 18446744073709551615)")
        }
        guard let value = UInt64(text) else { throw ValidationErrorMessage("too large for a 64-bit seed (at most 18446744073709551615)") }
        return value
    }

    /// Whether `text` is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func digits() -> Int {
            let count = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
