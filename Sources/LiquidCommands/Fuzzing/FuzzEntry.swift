import LiquidGeometry
import LiquidRaster

/// The fuzz targets' entry points: each takes any bytes and runs them through one of the readers whose
/// input reaches `liquid` from outside — scenes, events files, SVG path data, PNG images, the command
/// line — and then through the work that reader's result feeds, kept small so that one input costs
/// milliseconds.
///
/// Contract of every entry:
/// - Any bytes are accepted. A refusal by the reader (a thrown error) is the expected outcome for most
///   inputs, and the entry returns normally.
/// - The entry traps only for a broken guarantee: besides what the sanitizers and Swift's own checks
///   catch, each entry checks a few promises of the code it drives (an error message is one line, a
///   rendered pixel is premultiplied, a state value is finite, a PNG written and read back is the same
///   image). A trap is therefore always a finding.
/// - Nothing is written to disk, no window is opened, and the result depends on the bytes alone (plus the
///   files a scene names, for `scene`).
///
/// The executables under `Fuzz/` are thin wrappers around these; the test suite replays the committed
/// corpus through them as well.
package enum FuzzEntry {
    /// A scene is drawn at a scale that fits its canvas in this many pixels a side (65,536 pixels at most).
    static let renderSide = 256.0
    /// Path data is drawn into a square canvas of this many pixels a side.
    static let pathCanvasSide = 64

    /// Traps unless `error`'s message is one line, as every error of LiquidKit and `liquid` promises.
    static func requireOneLine(_ error: any Error, from reader: String) {
        let message = "\(error)"
        precondition(!message.contains(where: \.isNewline), "\(reader): an error message of more than one line: \(message.debugDescription)")
    }

    /// Traps unless `error` is a ``LiquidError`` with a one-line message: the readers that promise to throw
    /// nothing else.
    static func requireLiquidError(_ error: any Error, from reader: String) {
        precondition(error is LiquidError, "\(reader): threw \(type(of: error)), not a LiquidError: \(error)")
        requireOneLine(error, from: reader)
    }

    /// Traps unless every pixel of `image` is premultiplied (no colour channel above its alpha).
    static func requirePremultiplied(_ image: Pixmap, from producer: String) {
        let bytes = image.bytes
        var index = 0
        while index + 3 < bytes.count {
            let alpha = bytes[index + 3]
            precondition(bytes[index] <= alpha && bytes[index + 1] <= alpha && bytes[index + 2] <= alpha,
                         "\(producer): pixel \(index / 4) is not premultiplied: \(bytes[index..<index + 4].map { $0 })")
            index += 4
        }
    }
}
