import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidUI

/// The `--trace FILE` of `liquid play`: one JSON line `{"component", "t", "state": {…}}` each time the
/// component's ``SimulatableComponent/simulationState`` changes, and a last line (with `"exit": true`) when
/// the window closes — so a script can follow what the mouse did, e.g. check that a click turned a
/// switch's `isOn` true. Lines are written straight to the file as they happen (it is written in place,
/// not replaced at the end, so a script can watch it grow), keys sorted. A failed write (a full disk,
/// `/dev/full`) is an error naming the file.
final class StateTrace {
    private struct Line: Encodable {
        let component: String
        let t: Double
        let state: [String: TraceValue]
        let exit: Bool?
    }

    private let file: OutputFile
    private let encoder = JSONEncoder()
    private var last: (component: String, state: [String: TraceValue])?

    /// Creates (or empties) the file at `path`; a device or a pipe is written directly.
    /// - Throws: `LiquidError` naming the path when it cannot be opened.
    init(path: String) throws {
        file = try OutputFile(path: path, mode: .streaming)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Writes a line if `state` differs from the last one written for `component`.
    /// - Throws: `LiquidError` naming the file when the line cannot be written.
    func record(component: String, time: Double, state: [String: TraceValue]) throws {
        if let last, last.component == component, last.state == state { return }
        try write(Line(component: component, t: time, state: state, exit: nil))
        last = (component, state)
    }

    /// Writes the line for a window that closed.
    func finish(component: String, time: Double, state: [String: TraceValue]) throws {
        try write(Line(component: component, t: time, state: state, exit: true))
        last = (component, state)
    }

    /// Closes the file.
    /// - Throws: `LiquidError` naming the file when closing reports a failed write.
    func close() throws {
        try file.commit()
    }

    private func write(_ line: Line) throws {
        // State numbers encode a non-finite value as null; the time must not reach the encoder unless finite.
        guard line.t.isFinite else { throw LiquidError.nonFinite(name: "trace time", value: line.t) }
        try file.write(Array(try encoder.encode(line)) + [UInt8(ascii: "\n")])
    }
}
