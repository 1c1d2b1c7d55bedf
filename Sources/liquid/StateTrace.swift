import Foundation
import LiquidUI

/// The `--trace FILE` of `liquid play`: one JSON line `{"component", "t", "state": {…}}` each time the
/// component's ``SimulatableComponent/simulationState`` changes, and a last line (with `"exit": true`) when
/// the window closes — so a script can follow what the mouse did, e.g. check that a click turned a
/// switch's `isOn` true. Lines are written straight to the file (no buffering), keys sorted.
final class StateTrace {
    private struct Line: Encodable {
        let component: String
        let t: Double
        let state: [String: TraceValue]
        let exit: Bool?
    }

    private let handle: FileHandle
    private let encoder = JSONEncoder()
    private var last: (component: String, state: [String: TraceValue])?

    /// Creates (or empties) the file at `path`.
    /// - Throws: ``ValidationErrorMessage`` naming the path when it cannot be written.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationErrorMessage("cannot write trace file '\(path)'")
        }
        self.handle = handle
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    deinit { try? handle.close() }

    /// Writes a line if `state` differs from the last one written for `component`.
    func record(component: String, time: Double, state: [String: TraceValue]) {
        if let last, last.component == component, last.state == state { return }
        write(Line(component: component, t: time, state: state, exit: nil))
        last = (component, state)
    }

    /// Writes the closing line.
    func finish(component: String, time: Double, state: [String: TraceValue]) {
        write(Line(component: component, t: time, state: state, exit: true))
        last = (component, state)
    }

    private func write(_ line: Line) {
        guard let data = try? encoder.encode(line) else { return }
        handle.write(data + Data("\n".utf8))
    }
}
