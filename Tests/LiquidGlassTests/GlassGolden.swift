import Foundation
import LiquidRaster
import Testing

/// Golden-image checks for the glass tests.
///
/// Goldens are PNGs in `Tests/LiquidGlassTests/Golden/NAME.png`, read from the test bundle. With
/// `LIQUID_RECORD_GOLDENS=1` the rendering is written into the source tree instead (the path is resolved
/// through symlinks, so an isolated package that links this folder records into the real tree) and an issue
/// is recorded, so a recording run never passes silently. A mismatch writes the rendering and a diff image
/// to a temporary folder named in the failure.
enum GlassGolden {
    static let recordVariable = "LIQUID_RECORD_GOLDENS"

    static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// `Golden/` beside this file, symlinks resolved.
    static var sourceFolder: URL {
        URL(fileURLWithPath: "\(#filePath)").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }

    static var failureFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("liquidglass-golden-failures", isDirectory: true)
    }

    /// Pixels whose largest channel difference exceeds `tolerance`, and the largest difference.
    static func compare(_ a: Pixmap, _ b: Pixmap, tolerance: Int) -> (count: Int, largest: Int, first: (Int, Int)?) {
        let x = a.bytes, y = b.bytes
        var count = 0, largest = 0
        var first: (Int, Int)?
        for p in 0..<(a.width * a.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(x[4 * p + c]) - Int(y[4 * p + c]))) }
            largest = max(largest, worst)
            if worst > tolerance {
                count += 1
                if first == nil { first = (p % a.width, p / a.width) }
            }
        }
        return (count, largest, first)
    }

    /// Red where the images differ beyond tolerance, blue where they differ within it, dim grey elsewhere.
    static func diff(_ expected: Pixmap, _ actual: Pixmap, tolerance: Int) -> Pixmap {
        var out = try! Pixmap(width: expected.width, height: expected.height, fill: .black)
        for yy in 0..<expected.height {
            for xx in 0..<expected.width {
                let p = expected[xx, yy], q = actual[xx, yy]
                let d = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                if d > tolerance {
                    out[xx, yy] = PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255)
                } else if d > 0 {
                    out[xx, yy] = PremultipliedRGBA8(red: 0, green: 0, blue: 200, alpha: 255)
                } else {
                    let g = UInt8((Int(p.red) + Int(p.green) + Int(p.blue)) / 12)
                    out[xx, yy] = PremultipliedRGBA8(red: g, green: g, blue: g, alpha: 255)
                }
            }
        }
        return out
    }

    static func saveFailure(_ name: String, actual: Pixmap, expected: Pixmap?, tolerance: Int) -> String {
        do {
            try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
            let actualPath = failureFolder.appendingPathComponent("\(name).actual.png").path
            try PNG.write(actual, to: actualPath)
            guard let expected, expected.width == actual.width, expected.height == actual.height else {
                return "rendering written to \(actualPath)"
            }
            let diffPath = failureFolder.appendingPathComponent("\(name).diff.png").path
            try PNG.write(diff(expected, actual, tolerance: tolerance), to: diffPath)
            return "rendering written to \(actualPath), diff to \(diffPath)"
        } catch {
            return "could not write the rendering: \(error)"
        }
    }
}

/// Checks `pixmap` against `Golden/NAME.png`: equal bytes pass; otherwise at most `maxDifferingPixels` pixels
/// may differ by more than `tolerance` levels in some channel. Records instead with `LIQUID_RECORD_GOLDENS=1`.
func expectGolden(_ pixmap: Pixmap, _ name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    if GlassGolden.isRecording {
        let url = GlassGolden.sourceFolder.appendingPathComponent("\(name).png")
        do {
            try FileManager.default.createDirectory(at: GlassGolden.sourceFolder, withIntermediateDirectories: true)
            try PNG.write(pixmap, to: url.path)
            let message = "recorded golden \(name).png (\(pixmap.width)×\(pixmap.height)) at \(url.path); run again "
                + "without \(GlassGolden.recordVariable)=1 to compare"
            Issue.record("\(message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("recording \(name).png failed: \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let path = Bundle.module.path(forResource: name, ofType: "png", inDirectory: "Golden") else {
        let saved = GlassGolden.saveFailure(name, actual: pixmap, expected: nil, tolerance: tolerance)
        Issue.record("golden Golden/\(name).png is missing (record with \(GlassGolden.recordVariable)=1); \(saved)",
                     sourceLocation: sourceLocation)
        return
    }
    let golden: Pixmap
    do {
        golden = try PNG.read(contentsOf: path, scale: pixmap.scale)
    } catch {
        Issue.record("golden \(path) cannot be read: \(error)", sourceLocation: sourceLocation)
        return
    }
    if golden.width == pixmap.width && golden.bytes == pixmap.bytes { return }
    guard golden.width == pixmap.width, golden.height == pixmap.height else {
        let saved = GlassGolden.saveFailure(name, actual: pixmap, expected: nil, tolerance: tolerance)
        Issue.record("\(name): rendering is \(pixmap.width)×\(pixmap.height), golden \(golden.width)×\(golden.height); \(saved)",
                     sourceLocation: sourceLocation)
        return
    }
    let result = GlassGolden.compare(golden, pixmap, tolerance: tolerance)
    guard result.count > maxDifferingPixels else { return }
    let saved = GlassGolden.saveFailure(name, actual: pixmap, expected: golden, tolerance: tolerance)
    let first = result.first.map { "(\($0.0), \($0.1))" } ?? "-"
    let message = "\(name): \(result.count) pixel(s) differ by more than \(tolerance) (largest \(result.largest)), "
        + "first at \(first); \(saved)"
    Issue.record("\(message)", sourceLocation: sourceLocation)
}
