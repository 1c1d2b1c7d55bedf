import Foundation
import LiquidRaster
import Testing

/// Golden-image comparison for the LiquidUI tests — the approach of LiquidRasterTests/GoldenImage.swift,
/// copied because test targets cannot import each other — after swift-snapshot-testing's image strategy: a
/// byte compare first (the common, passing case costs one `memcmp`), then a per-pixel diff with a precision
/// parameter (`tolerance`, in levels per channel) and a budget of pixels allowed to exceed it.
///
/// Goldens are PNGs in `Tests/LiquidUITests/Golden/NAME.png`, read at test time from the test bundle.
/// Run the tests with `LIQUID_RECORD_GOLDENS=1` to (re)write them in the source tree instead of comparing;
/// every recorded golden also records an issue, so a recording run never passes silently. On a mismatch
/// the rendering and a diff image are written to a temporary folder named in the failure message.
enum UIGoldenImage {
    /// The environment variable that switches comparing to recording.
    static let recordVariable = "LIQUID_RECORD_GOLDENS"

    /// Whether this run records goldens instead of comparing against them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// The `Golden` folder in the source tree, next to this file. Symlinks are resolved, so a test target
    /// that links to this file (an isolated package) still records into the real source tree.
    static var sourceDirectory: URL {
        URL(fileURLWithPath: "\(#filePath)").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }

    /// Where failing renderings and their diffs are written.
    static var failureDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("liquidkit-ui-golden-failures", isDirectory: true)
    }

    /// The result of comparing a rendering with its golden pixel by pixel.
    struct Difference {
        /// Largest absolute difference of any channel, in levels.
        var maximumChannelDifference = 0
        /// Pixels with some channel differing by more than the tolerance.
        var differingPixels = 0
        /// The first such pixel in row-major order: position, golden and actual values.
        var first: (x: Int, y: Int, expected: PremultipliedRGBA8, actual: PremultipliedRGBA8)?
    }

    /// Compares two pixmaps of the same size. - Precondition: equal sizes.
    static func difference(expected: Pixmap, actual: Pixmap, tolerance: Int) -> Difference {
        precondition(expected.width == actual.width && expected.height == actual.height)
        var result = Difference()
        let e = expected.bytes, a = actual.bytes
        for pixel in 0..<(expected.width * expected.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(e[4 * pixel + c]) - Int(a[4 * pixel + c]))) }
            result.maximumChannelDifference = max(result.maximumChannelDifference, worst)
            guard worst > tolerance else { continue }
            result.differingPixels += 1
            if result.first == nil {
                let (x, y) = (pixel % expected.width, pixel / expected.width)
                result.first = (x, y, expected[x, y], actual[x, y])
            }
        }
        return result
    }

    /// An opaque picture of the difference: the golden's luma dimmed to a quarter as context, pixels within
    /// tolerance but not equal in blue, pixels beyond it in red (brighter for larger differences).
    static func diffImage(expected: Pixmap, actual: Pixmap, tolerance: Int, maximum: Int) -> Pixmap {
        var out = try! Pixmap(width: expected.width, height: expected.height, fill: .black)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let p = expected[x, y], q = actual[x, y]
                let d = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                if d > tolerance {
                    let level = UInt8(128 + 127 * d / max(maximum, 1))
                    out[x, y] = PremultipliedRGBA8(red: level, green: 0, blue: 0, alpha: 255)
                } else if d > 0 {
                    out[x, y] = PremultipliedRGBA8(red: 0, green: 0, blue: 200, alpha: 255)
                } else {
                    // Luma of the premultiplied value over black, at a quarter brightness.
                    let luma = (54 * Int(p.red) + 183 * Int(p.green) + 19 * Int(p.blue)) / 256 / 4
                    let g = UInt8(luma)
                    out[x, y] = PremultipliedRGBA8(red: g, green: g, blue: g, alpha: 255)
                }
            }
        }
        return out
    }

    /// Writes the rendering (and a diff when a golden is given) to ``failureDirectory``; returns a sentence
    /// naming the files for the failure message.
    static func saveFailure(named name: String, actual: Pixmap, expected: Pixmap?, tolerance: Int,
                            maximum: Int) -> String {
        let directory = failureDirectory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let actualPath = directory.appendingPathComponent("\(name).actual.png").path
            try PNG.write(actual, to: actualPath)
            guard let expected else { return "the rendering was written to \(actualPath)" }
            let diffPath = directory.appendingPathComponent("\(name).diff.png").path
            try PNG.write(diffImage(expected: expected, actual: actual, tolerance: tolerance, maximum: maximum),
                          to: diffPath)
            return "the rendering was written to \(actualPath) and a diff (red: beyond tolerance) to \(diffPath)"
        } catch {
            return "writing the rendering to \(directory.path) failed: \(error)"
        }
    }
}

/// Checks `pixmap` against the golden image `Golden/NAME.png`: identical bytes pass at once; otherwise at
/// most `maxDifferingPixels` pixels may have a channel differing by more than `tolerance` levels. A failure
/// reports the largest channel difference, the number of differing pixels and the first one, and names the
/// rendering and diff images it wrote. With `LIQUID_RECORD_GOLDENS=1` the golden is written into the source
/// tree instead, and an issue says so.
func assertMatchesGolden(
    _ pixmap: Pixmap, named name: String, tolerance: Int = 1, maxDifferingPixels: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if UIGoldenImage.isRecording {
        let url = UIGoldenImage.sourceDirectory.appendingPathComponent("\(name).png")
        do {
            try FileManager.default.createDirectory(at: UIGoldenImage.sourceDirectory, withIntermediateDirectories: true)
            let bytes = try PNG.encode(pixmap)
            try Data(bytes).write(to: url)
            let message = "recorded golden \(name).png (\(pixmap.width)×\(pixmap.height), \(bytes.count) bytes) at "
                + "\(url.path); run again without \(UIGoldenImage.recordVariable)=1 to compare"
            Issue.record("\(message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("recording golden \(name).png at \(url.path) failed: \(error)", sourceLocation: sourceLocation)
        }
        return
    }

    guard let path = Bundle.module.path(forResource: name, ofType: "png", inDirectory: "Golden") else {
        let saved = UIGoldenImage.saveFailure(named: name, actual: pixmap, expected: nil, tolerance: tolerance, maximum: 0)
        let message = "golden image Golden/\(name).png is missing (record it with \(UIGoldenImage.recordVariable)=1); "
            + saved
        Issue.record("\(message)", sourceLocation: sourceLocation)
        return
    }
    let golden: Pixmap
    do {
        golden = try PNG.read(contentsOf: path, scale: pixmap.scale)
    } catch {
        Issue.record("golden image \(path) cannot be read: \(error)", sourceLocation: sourceLocation)
        return
    }
    // The fast path: identical bytes.
    if golden.bytes == pixmap.bytes && golden.width == pixmap.width { return }
    guard golden.width == pixmap.width, golden.height == pixmap.height else {
        let saved = UIGoldenImage.saveFailure(named: name, actual: pixmap, expected: nil, tolerance: tolerance, maximum: 0)
        let message = "\(name): rendering is \(pixmap.width)×\(pixmap.height) but the golden is "
            + "\(golden.width)×\(golden.height); " + saved
        Issue.record("\(message)", sourceLocation: sourceLocation)
        return
    }
    let difference = UIGoldenImage.difference(expected: golden, actual: pixmap, tolerance: tolerance)
    guard difference.differingPixels > maxDifferingPixels else { return }
    let saved = UIGoldenImage.saveFailure(named: name, actual: pixmap, expected: golden, tolerance: tolerance,
                                        maximum: difference.maximumChannelDifference)
    var message = "\(name): \(difference.differingPixels) pixel(s) differ by more than \(tolerance) level(s) "
        + "(\(maxDifferingPixels) allowed); largest channel difference \(difference.maximumChannelDifference)"
    if let first = difference.first {
        message += "; first at (\(first.x), \(first.y)): golden \(first.expected), actual \(first.actual)"
    }
    Issue.record("\(message); \(saved)", sourceLocation: sourceLocation)
}
