import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster
import TestSupport

/// The golden-image helper itself: it must fail (with a useful message and files) when it should.
/// Disabled while recording, which would overwrite goldens with the deliberately wrong images used here;
/// serialized because two tests write the failure images of the same golden.
@Suite("Golden image helper", .serialized, .disabled(if: GoldenImages.isRecording, "recording goldens"))
struct GoldenImageTests {
    @Test func differenceCountsPixelsBeyondTheTolerance() throws {
        let expected = try Pixmap(width: 8, height: 4, fill: .white)
        var actual = expected
        actual[5, 1] = PremultipliedRGBA8(red: 253, green: 255, blue: 255, alpha: 255)  // 2 levels: differs
        actual[2, 3] = PremultipliedRGBA8(red: 255, green: 200, blue: 255, alpha: 255)  // 55 levels: differs
        actual[0, 0] = PremultipliedRGBA8(red: 254, green: 254, blue: 254, alpha: 255)  // 1 level: within
        let difference = GoldenDifference(expected: expected, actual: actual, tolerance: 1)
        #expect(difference.differingPixels == 2 && difference.maximumChannelDifference == 55)
        let first = try #require(difference.first)
        #expect(first.x == 5 && first.y == 1 && first.expected == .white && first.actual == actual[5, 1])
        #expect(GoldenDifference(expected: expected, actual: actual, tolerance: 55).differingPixels == 0)
    }

    @Test func aChangedRenderingFailsAndLeavesTheImagesBehind() throws {
        // The circle golden with a 3×3 block changed beyond the tolerance.
        var canvas = Canvas(try Pixmap(width: 96, height: 96, fill: .white))
        var path = Path()
        path.addCircle(center: Point(47.3, 48.6), radius: 30.5)
        canvas.fill(path, paint: .color(GoldenShapeTests.ink))
        var image = canvas.pixmap
        for y in 10..<13 { for x in 20..<23 { image[x, y] = .black } }
        let name = "fill-circle"
        let directory = GoldenImages.failureDirectory
        for suffix in ["actual", "diff"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(name).\(suffix).png"))
        }
        withKnownIssue {
            goldens.assertMatches(image, named: name)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("9 pixel(s) differ") && text.contains("first at (20, 10)")
                && text.contains("largest channel difference 255") && text.contains("\(name).diff.png")
        }
        for suffix in ["actual", "diff"] {
            let path = directory.appendingPathComponent("\(name).\(suffix).png").path
            #expect(FileManager.default.fileExists(atPath: path), "\(path) was not written")
        }
        // The written rendering is the image itself; the diff marks exactly the changed block in red.
        #expect(try PNG.read(contentsOf: directory.appendingPathComponent("\(name).actual.png").path) == image)
        let diff = try PNG.read(contentsOf: directory.appendingPathComponent("\(name).diff.png").path)
        #expect(diff[21, 11].red == 255 && diff[21, 11].green == 0 && diff[30, 30].red < 64)
        // A budget of 9 differing pixels lets it pass; a tolerance of 255 too.
        goldens.assertMatches(image, named: name, maxDifferingPixels: 9)
        goldens.assertMatches(image, named: name, tolerance: 255)
    }

    @Test func aMissingGoldenFails() throws {
        let image = try Pixmap(width: 4, height: 4, fill: .white)
        withKnownIssue {
            goldens.assertMatches(image, named: "no-such-golden")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Golden/no-such-golden.png is missing")
        }
    }

    @Test func aDifferentSizeFails() throws {
        let image = try Pixmap(width: 95, height: 96, fill: .white)
        withKnownIssue {
            goldens.assertMatches(image, named: "fill-circle")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("rendering is 95×96 but the golden is 96×96")
        }
    }
}
