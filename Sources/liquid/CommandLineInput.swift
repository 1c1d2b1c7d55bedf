import ArgumentParser
import Foundation

/// Checks shared by every subcommand, so bad numbers get one clear message naming the flag.
enum CommandLineInput {
    /// Throws unless `value` is finite.
    static func finite(_ value: Double, _ flag: String) throws -> Double {
        guard value.isFinite else { throw ValidationError("\(flag) must be a finite number; got \(value)") }
        return value
    }

    /// Parses a comma-separated list of sample times: each finite and ≥ 0, at most `limit` of them.
    static func times(_ text: String, flag: String = "--times", limit: Int = 100_000) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= limit else { throw ValidationError("\(flag) lists \(parts.count) times; at most \(limit) are allowed") }
        return try parts.map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let t = Double(trimmed) else { throw ValidationError("\(flag) has '\(trimmed)', which is not a number") }
            guard t.isFinite, t >= 0 else { throw ValidationError("\(flag) has \(trimmed); times must be finite and ≥ 0") }
            return t
        }
    }

    /// Evenly spaced times from 0 through `end` at `fps` samples per second (the last sample lands on `end`).
    static func defaultTimes(until end: Double, fps: Double = 60) -> [Double] {
        let count = Int((end * fps).rounded(.up))
        return (0...max(count, 0)).map { min(Double($0) / fps, end) }
    }
}
