extension FuzzEntry {
    /// A `liquid` command line: `bytes` are split into arguments at every NUL and newline byte (one final
    /// newline ends the last argument; empty arguments are kept), each read as UTF-8, parsed as `liquid` parses its
    /// arguments — every transform and every `validate()` runs — and never run: no command does its work,
    /// so nothing is written and no window opens.
    ///
    /// Checks: a refusal gets an exit status and a message that is not blank (the line `liquid: error: …`
    /// names something); help and other requests to print and exit succeed with status 0 and text.
    package static func options(_ bytes: [UInt8]) {
        let line = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
        let arguments = line.isEmpty ? [] : line.split(omittingEmptySubsequences: false) { $0 == 0 || $0 == UInt8(ascii: "\n") }
            .map { String(decoding: $0, as: UTF8.self) }
        do {
            _ = try Liquid.parseAsRoot(arguments)
        } catch {
            let code = Liquid.exitCode(for: error)
            let message = code == .success ? Liquid.fullMessage(for: error) : Liquid.message(for: error)
            precondition(!message.allSatisfy(\.isWhitespace),
                         "options: \(arguments) gives exit status \(code.rawValue) with a blank message (\(type(of: error)))")
        }
    }
}
