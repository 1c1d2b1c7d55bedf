import Foundation
import LiquidRaster
import Testing

/// Golden-image checks for the metaball tests, following the raster tests' convention: goldens are PNGs in
/// `Tests/LiquidGlassTests/Golden/NAME.png` read from the test bundle; identical bytes pass at once,
/// otherwise at most `maxDifferingPixels` pixels may differ by more than `tolerance` levels in a channel.
/// `LIQUID_RECORD_GOLDENS=1` writes the goldens into the source tree instead (resolving symlinks, so an
/// isolated package that links this file records into the real tree) and records an issue for each, so a
/// recording run never passes silently. A failing rendering is written next to a diff in a temporary folder.
enum GooGolden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["LIQUID_RECORD_GOLDENS"] == "1" }

    static var sourceDirectory: URL {
        URL(fileURLWithPath: "\(#filePath)").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }

    /// Writes `actual` (and, given a golden, a red-where-different diff) to a temporary folder; returns a
    /// phrase naming the files.
    static func saveFailure(_ name: String, actual: Pixmap, expected: Pixmap?, tolerance: Int) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("liquidkit-golden-failures")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let actualPath = directory.appendingPathComponent("\(name).actual.png").path
            try PNG.write(actual, to: actualPath)
            guard let expected, expected.width == actual.width, expected.height == actual.height else {
                return "rendering written to \(actualPath)"
            }
            var diff = try Pixmap(width: actual.width, height: actual.height, fill: .black)
            for y in 0..<actual.height {
                for x in 0..<actual.width where channelDifference(expected[x, y], actual[x, y]) > tolerance {
                    diff[x, y] = PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255)
                }
            }
            let diffPath = directory.appendingPathComponent("\(name).diff.png").path
            try PNG.write(diff, to: diffPath)
            return "rendering written to \(actualPath), diff to \(diffPath)"
        } catch {
            return "writing the rendering failed: \(error)"
        }
    }

    static func channelDifference(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
    }
}

/// Compares `pixmap` with `Golden/NAME.png` (or records it; see ``GooGolden``).
func assertMatchesGooGolden(_ pixmap: Pixmap, named name: String, tolerance: Int = 1, maxDifferingPixels: Int = 0,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    if GooGolden.isRecording {
        let url = GooGolden.sourceDirectory.appendingPathComponent("\(name).png")
        do {
            try FileManager.default.createDirectory(at: GooGolden.sourceDirectory, withIntermediateDirectories: true)
            try PNG.write(pixmap, to: url.path)
            Issue.record("recorded golden \(name).png (\(pixmap.width)×\(pixmap.height)) at \(url.path); run again without LIQUID_RECORD_GOLDENS=1 to compare",
                         sourceLocation: sourceLocation)
        } catch {
            Issue.record("recording golden \(name).png failed: \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let path = Bundle.module.path(forResource: name, ofType: "png", inDirectory: "Golden") else {
        let saved = GooGolden.saveFailure(name, actual: pixmap, expected: nil, tolerance: tolerance)
        Issue.record("golden Golden/\(name).png is missing (record with LIQUID_RECORD_GOLDENS=1); \(saved)",
                     sourceLocation: sourceLocation)
        return
    }
    let golden: Pixmap
    do { golden = try PNG.read(contentsOf: path, scale: pixmap.scale) } catch {
        Issue.record("golden \(path) cannot be read: \(error)", sourceLocation: sourceLocation)
        return
    }
    if golden.width == pixmap.width, golden.bytes == pixmap.bytes { return }
    guard golden.width == pixmap.width, golden.height == pixmap.height else {
        let saved = GooGolden.saveFailure(name, actual: pixmap, expected: nil, tolerance: tolerance)
        Issue.record("\(name): rendering is \(pixmap.width)×\(pixmap.height), golden \(golden.width)×\(golden.height); \(saved)",
                     sourceLocation: sourceLocation)
        return
    }
    var differing = 0, worst = 0
    for y in 0..<pixmap.height {
        for x in 0..<pixmap.width {
            let d = GooGolden.channelDifference(golden[x, y], pixmap[x, y])
            worst = max(worst, d)
            if d > tolerance { differing += 1 }
        }
    }
    guard differing > maxDifferingPixels else { return }
    let saved = GooGolden.saveFailure(name, actual: pixmap, expected: golden, tolerance: tolerance)
    Issue.record("\(name): \(differing) pixel(s) differ by more than \(tolerance) (\(maxDifferingPixels) allowed), largest \(worst); \(saved)",
                 sourceLocation: sourceLocation)
}
