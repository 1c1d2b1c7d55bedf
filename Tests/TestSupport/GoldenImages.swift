import Foundation
import LiquidRaster
import Testing

/// The golden images of one test target, and the one way to check a rendering against them (after
/// swift-snapshot-testing's image strategy).
///
/// Goldens are PNGs `Golden/NAME.png`, read from the test target's resource bundle. A check:
/// 1. compares the bytes first — identical images (the common, passing case) cost one `memcmp`;
/// 2. otherwise compares pixel by pixel: at most `maxDifferingPixels` pixels may have a channel differing by
///    more than `tolerance` levels (default ``defaultTolerance``);
/// 3. on failure writes the rendering (`NAME.actual.png`) and a diff image (`NAME.diff.png`: red beyond the
///    tolerance, blue within it, the golden dimmed elsewhere) to ``failureDirectory`` and names both files,
///    the largest channel difference, the number of differing pixels and the first one in the issue.
///
/// Run the tests with `LIQUID_RECORD_GOLDENS=1` to (re)write the goldens into the source tree instead;
/// every recorded golden also records an issue, so a recording run never passes silently.
///
/// Each test target declares its goldens once: `let goldens = GoldenImages(bundle: .module)` in a file
/// directly inside the target's folder, beside its `Golden` folder.
public struct GoldenImages: @unchecked Sendable {
    /// The tolerance of a check unless one is given: 1 level per channel (rounding of one multiply or
    /// divide by 255 may differ between code paths; anything more is a visible change).
    public static let defaultTolerance = 1
    /// The environment variable that switches checking to recording.
    public static let recordVariable = "LIQUID_RECORD_GOLDENS"

    /// Whether this run records goldens instead of checking them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Where failing renderings and their diffs are written: `liquidkit-golden-failures` in the temporary
    /// folder.
    public static var failureDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("liquidkit-golden-failures", isDirectory: true)
    }

    /// The bundle holding the `Golden` folder (not `Sendable` in type, but only read).
    private let bundle: Bundle
    /// The `Golden` folder in the source tree, where recordings go.
    public let sourceDirectory: URL

    /// The goldens in `bundle`'s `Golden` folder, recorded into the `Golden` folder beside `sourceFile`
    /// (symlinks resolved, so an isolated package that links the file records into the real tree).
    public init(bundle: Bundle, sourceFile: String = #filePath) {
        self.bundle = bundle
        sourceDirectory = URL(fileURLWithPath: sourceFile).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }

    /// Checks `pixmap` against `Golden/NAME.png` (see the type's overview), or records it.
    public func assertMatches(
        _ pixmap: Pixmap, named name: String, tolerance: Int = GoldenImages.defaultTolerance,
        maxDifferingPixels: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let message = check(pixmap, named: name, tolerance: tolerance, maxDifferingPixels: maxDifferingPixels) {
            Issue.record("\(message)", sourceLocation: sourceLocation)
        }
    }

    /// The check of ``assertMatches(_:named:tolerance:maxDifferingPixels:sourceLocation:)`` without the
    /// issue: `nil` when the rendering matches, else the failure (or recording) message.
    public func check(_ pixmap: Pixmap, named name: String, tolerance: Int = GoldenImages.defaultTolerance,
                      maxDifferingPixels: Int = 0) -> String? {
        if Self.isRecording { return record(pixmap, named: name) }
        guard let path = bundle.path(forResource: name, ofType: "png", inDirectory: "Golden") else {
            return "golden image Golden/\(name).png is missing (record it with \(Self.recordVariable)=1); "
                + Self.saveFailure(named: name, actual: pixmap, expected: nil, tolerance: tolerance, maximum: 0)
        }
        let golden: Pixmap
        do {
            golden = try PNG.read(contentsOf: path, scale: pixmap.scale)
        } catch {
            return "golden image \(path) cannot be read: \(error)"
        }
        // The fast path: identical bytes.
        if golden.width == pixmap.width && golden.bytes == pixmap.bytes { return nil }
        guard golden.width == pixmap.width, golden.height == pixmap.height else {
            return "\(name): rendering is \(pixmap.width)×\(pixmap.height) but the golden is "
                + "\(golden.width)×\(golden.height); "
                + Self.saveFailure(named: name, actual: pixmap, expected: nil, tolerance: tolerance, maximum: 0)
        }
        let difference = GoldenDifference(expected: golden, actual: pixmap, tolerance: tolerance)
        guard difference.differingPixels > maxDifferingPixels else { return nil }
        var message = "\(name): \(difference.differingPixels) pixel(s) differ by more than \(tolerance) level(s) "
            + "(\(maxDifferingPixels) allowed); largest channel difference \(difference.maximumChannelDifference)"
        if let first = difference.first {
            message += "; first at (\(first.x), \(first.y)): golden \(first.expected), actual \(first.actual)"
        }
        let saved = Self.saveFailure(named: name, actual: pixmap, expected: golden, tolerance: tolerance,
                                     maximum: difference.maximumChannelDifference)
        return message + "; " + saved
    }

    private func record(_ pixmap: Pixmap, named name: String) -> String {
        let url = sourceDirectory.appendingPathComponent("\(name).png")
        do {
            try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
            let bytes = try PNG.encode(pixmap)
            try Data(bytes).write(to: url)
            return "recorded golden \(name).png (\(pixmap.width)×\(pixmap.height), \(bytes.count) bytes) at "
                + "\(url.path); run again without \(Self.recordVariable)=1 to compare"
        } catch {
            return "recording golden \(name).png at \(url.path) failed: \(error)"
        }
    }

    /// Writes the rendering (and a diff when a golden of the same size is given) to ``failureDirectory``;
    /// returns a sentence naming the files.
    static func saveFailure(named name: String, actual: Pixmap, expected: Pixmap?, tolerance: Int,
                            maximum: Int) -> String {
        let directory = failureDirectory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let actualPath = directory.appendingPathComponent("\(name).actual.png").path
            try PNG.write(actual, to: actualPath)
            guard let expected else { return "the rendering was written to \(actualPath)" }
            let diffPath = directory.appendingPathComponent("\(name).diff.png").path
            let diff = try GoldenDifference.image(expected: expected, actual: actual, tolerance: tolerance,
                                                  maximum: maximum)
            try PNG.write(diff, to: diffPath)
            return "the rendering was written to \(actualPath) and a diff (red: beyond tolerance) to \(diffPath)"
        } catch {
            return "writing the rendering to \(directory.path) failed: \(error)"
        }
    }
}
