/// Why LiquidKit refused a value, an input or an operation.
///
/// Every module of LiquidKit throws this one type, and every throwing entry point says so with typed
/// throws (`throws(LiquidError)`), so a caller catches one error shape whatever it calls.
///
/// Guarantees:
/// - ``message`` (also ``description``) is one line that names the offending value or input and what was
///   required of it, for example `deceleration rate must be between 0 and 1 (exclusive); got 1.2`,
///   `layers[2].fill: '#zz' is not a colour`, or `blur sigma -1 must be finite and ≥ 0`.
/// - ``kind`` sorts the refusal so a program can react without parsing text.
/// - ``subject``, when present, names what was refused on its own: a parameter name (`initial velocity`)
///   or a JSON path (`layers[2].fill`).
///
/// Two errors are equal when their kind, subject and message are; a NaN value prints as `nan`, so an
/// error that quotes NaN equals another built the same way.
public struct LiquidError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sort of refusal.
    public enum Kind: Hashable, Sendable {
        /// A number that must be finite was NaN or ±∞.
        case nonFinite
        /// A size, radius, count or tolerance was negative, or zero where a positive value is required.
        case negative
        /// A value was outside what the operation accepts: a range, a size limit, a mismatch between two
        /// inputs, or a resource budget.
        case outOfRange
        /// Text, JSON or a file's bytes are not in the expected format.
        case malformed
        /// A file could not be opened, read or written.
        case io
        /// Something the operation needs is not there: an X display, a font, a usable visual.
        case unavailable
        /// The call is not allowed in the object's present state.
        case invalidState
    }

    /// The sort of refusal.
    public let kind: Kind
    /// What was refused, when the thrower names it separately from the message: a parameter name or a
    /// JSON path. `nil` otherwise.
    public let subject: String?
    /// One line naming the value or input and the requirement it broke.
    public let message: String

    /// An error of `kind` with `message`, optionally naming its `subject`.
    public init(_ kind: Kind, _ message: String, subject: String? = nil) {
        self.kind = kind
        self.message = message
        self.subject = subject
    }

    /// The ``message``.
    public var description: String { message }
}

// MARK: - Values that break a requirement

extension LiquidError {
    /// `<name> <requirement>; got <value>`, as ``Kind/nonFinite`` when `value` is not finite and
    /// ``Kind/outOfRange`` otherwise. `requirement` is phrased to follow the name
    /// (`"must be between 0 and 1 (exclusive)"`).
    package static func invalidParameter(name: String, value: Double, requirement: String) -> LiquidError {
        LiquidError(value.isFinite ? .outOfRange : .nonFinite, "\(name) \(requirement); got \(quoted(value))",
                    subject: name)
    }

    /// `<name> must be finite; got <value>`.
    package static func nonFinite(name: String, value: Double) -> LiquidError {
        LiquidError(.nonFinite, "\(name) must be finite; got \(quoted(value))", subject: name)
    }

    /// `<what> is not finite (NaN or infinity)`; `what` names the value and quotes it.
    package static func nonFinite(_ what: String) -> LiquidError {
        LiquidError(.nonFinite, "\(what) is not finite (NaN or infinity)")
    }

    /// `<what> must not be negative`; `what` names the value and quotes it.
    package static func negative(_ what: String) -> LiquidError {
        LiquidError(.negative, "\(what) must not be negative")
    }

    /// `<what> is out of range`; `what` names the value and quotes it.
    package static func outOfRange(_ what: String) -> LiquidError {
        LiquidError(.outOfRange, "\(what) is out of range")
    }

    /// A parameter outside its documented range; `message` names it, its value and the range.
    package static func invalidParameter(_ message: String) -> LiquidError {
        LiquidError(.outOfRange, message)
    }

    /// A size that is zero, negative, not finite, too large, or does not match another input;
    /// `message` names the size and the requirement.
    package static func invalidSize(_ message: String) -> LiquidError {
        LiquidError(.outOfRange, message)
    }

    /// Two inputs that must agree in size or scale do not; `message` names both.
    package static func sizeMismatch(_ message: String) -> LiquidError {
        LiquidError(.outOfRange, message)
    }

    /// `value` as a message quotes it: Swift's shortest round-trip form, with every NaN written `nan` (the
    /// sign and payload of a NaN mean nothing to a reader).
    package static func quoted(_ value: Double) -> String {
        value.isNaN ? "nan" : "\(value)"
    }

    /// `text` as a message quotes it: at most `limit` characters, the middle elided with `…` and the
    /// length given, so a message stays one short line even for a huge input (`123456…(30000001 characters)…789`).
    /// Line breaks and other control characters are shown as `\u{…}` escapes.
    package static func quoted(_ text: String, limit: Int = 60) -> String {
        let bound = Swift.max(limit, 8)
        // The marker counts against the limit too, so an elided quote is never longer than `limit`.
        let marker = "…(\(text.count) characters)…"
        let keep = Swift.max((bound - marker.count) / 2, 1)
        func escaped<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
            var out = ""
            for scalar in scalars {
                if scalar.properties.generalCategory == .control { out += "\\u{\(String(scalar.value, radix: 16))}" }
                else { out.unicodeScalars.append(scalar) }
            }
            return out
        }
        // Far longer than the limit: escape only the two ends, so a huge input is counted but never copied.
        if text.unicodeScalars.count > 4 * bound {
            let head = escaped(text.prefix(keep).unicodeScalars), tail = escaped(text.suffix(keep).unicodeScalars)
            return "\(head.prefix(keep))\(marker)\(tail.suffix(keep))"
        }
        let all = escaped(text.unicodeScalars)
        guard all.count > bound else { return all }
        return "\(all.prefix(keep))\(marker)\(all.suffix(keep))"
    }

    /// Returns `value` if it is finite; throws ``nonFinite(name:value:)`` otherwise.
    package static func requireFinite(_ value: Double, _ name: String) throws(LiquidError) -> Double {
        guard value.isFinite else { throw .nonFinite(name: name, value: value) }
        return value
    }
}

// MARK: - Inputs, files and the environment

extension LiquidError {
    /// `<what> is malformed`; `what` names the text and quotes it.
    package static func malformed(_ what: String) -> LiquidError {
        LiquidError(.malformed, "\(what) is malformed")
    }

    /// An image that could not be decoded or encoded; `message` names the file or the reason.
    package static func image(_ message: String) -> LiquidError {
        LiquidError(.malformed, message)
    }

    /// A font that could not be found, loaded or rendered; `message` names it.
    package static func font(_ message: String) -> LiquidError {
        LiquidError(.unavailable, message)
    }

    /// Reading or writing a file failed; `message` names the path and the reason.
    package static func io(_ message: String) -> LiquidError {
        LiquidError(.io, message)
    }

    /// `<path>: <reason>` for a problem at a place in a JSON document (keys joined by dots, list indices
    /// in brackets: `layers[2].fill`, or the document's own name for the whole).
    package static func at(_ path: String, _ reason: String, kind: Kind = .malformed) -> LiquidError {
        LiquidError(kind, "\(path): \(reason)", subject: path)
    }
}
