import Foundation
import LiquidGeometry
import LiquidRaster
import Testing
import TestSupport

@Suite("liquid filter, render and plot")
struct RasterCommandTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A 40×30 seeded test image with translucent pixels.
    func sampleImage(seed: UInt64 = 1) throws -> Pixmap {
        var rng = SeededRandom(seed: seed)
        var image = try Pixmap(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let a = UInt8.random(in: 0...255, using: &rng)
                image[x, y] = PremultipliedRGBA8(red: UInt8.random(in: 0...a, using: &rng), green: UInt8.random(in: 0...a, using: &rng),
                                                 blue: UInt8.random(in: 0...a, using: &rng), alpha: a)
            }
        }
        return image
    }

    func write(_ image: Pixmap, _ name: String) throws -> String {
        let path = folder + "/" + name
        try PNG.write(image, to: path)
        return path
    }

    @Test func blurUsesTheLibraryBlurExactly() throws {
        let input = try sampleImage()
        let inPath = try write(input, "in.png"), outPath = folder + "/blur.png"
        let result = try LiquidProcess.run(["filter", "blur", "--sigma", "3", "--edge", "transparent", inPath, outPath])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try GaussianBlur(sigma: 3, edgeMode: .transparent).applied(to: input)
        #expect(try PNG.read(contentsOf: outPath) == expected)
    }

    @Test func thresholdAndMatrixFiltersDoWhatTheySay() throws {
        let input = try sampleImage(seed: 2)
        let inPath = try write(input, "in2.png")
        let hard = folder + "/hard.png"
        #expect(try LiquidProcess.run(["filter", "threshold", "--alpha", "0.5", "--color", "#ff0000", inPath, hard]).status == 0)
        let thresholded = try PNG.read(contentsOf: hard)
        for y in 0..<30 {
            for x in 0..<40 {
                let expected = input[x, y].alpha >= 128 ? PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255) : .transparent
                #expect(thresholded[x, y] == expected)
            }
        }
        let grey = folder + "/grey.png"
        #expect(try LiquidProcess.run(["filter", "colormatrix", "--saturate", "0", inPath, grey]).status == 0)
        let g = try PNG.read(contentsOf: grey)
        for y in stride(from: 0, to: 30, by: 3) {
            for x in stride(from: 0, to: 40, by: 3) where g[x, y].alpha > 0 {
                #expect(abs(Int(g[x, y].red) - Int(g[x, y].green)) <= 1 && abs(Int(g[x, y].green) - Int(g[x, y].blue)) <= 1)
            }
        }
        let goo = folder + "/goo.png"
        #expect(try LiquidProcess.run(["filter", "goo", "--matrix", inPath, goo]).status == 0)
        let gooed = try PNG.read(contentsOf: goo)
        for (x, y) in [(0, 0), (5, 7), (39, 29), (20, 15)] {
            let a = Double(input[x, y].alpha) / 255
            let expected = min(1, max(0, 18 * a - 7)) * 255
            #expect(abs(Double(gooed[x, y].alpha) - expected) <= 1)
        }
        let moved = folder + "/moved.png"
        #expect(try LiquidProcess.run(["filter", "displace", "--map", inPath, "--scale", "0", inPath, moved]).status == 0)
        #expect(try PNG.read(contentsOf: moved) == input)
    }

    @Test func renderDrawsTheExampleScene() throws {
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/scenes/shapes.json").path
        let out = folder + "/shapes.png"
        let result = try LiquidProcess.run(["render", scene, "--out", out, "--scale", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(contentsOf: out)
        #expect(image.width == 360 && image.height == 220)
        // The background colour #f2f2f7 in an empty corner; the gradient rect's bottom is #007aff-ish.
        #expect(image[2, 2] == PremultipliedRGBA8(red: 0xf2, green: 0xf2, blue: 0xf7, alpha: 255))
        let blue = image[40, 105]
        #expect(blue.blue > 240 && blue.red < 20)
    }

    /// Nested groups multiply their scales (here to 1e24), so a rounded rect far smaller than a point
    /// reaches 1e24 px on each side of the canvas: it renders the band it crosses (it used to trap in the
    /// corner-column conversion).
    @Test func renderSurvivesGroupScalesMultipliedPastIntsRange() throws {
        var layer = "{\"type\": \"rect\", \"frame\": [-1, 1e-23, 2, 1e-22], \"cornerRadius\": 1e-23, \"fill\": \"#ff0000\"}"
        for _ in 0..<4 { layer = "{\"type\": \"group\", \"transform\": {\"scale\": 1000000}, \"layers\": [\(layer)]}" }
        let path = folder + "/nested-scale.json", out = folder + "/nested-scale.png"
        let scene = "{\"width\": 100, \"height\": 80, \"scale\": 1, \"background\": \"#336699\", \"layers\": [\(layer)]}"
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        let result = try LiquidProcess.run(["render", path, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(contentsOf: out)
        #expect(image[50, 5] == PremultipliedRGBA8(red: 0x33, green: 0x66, blue: 0x99, alpha: 255), "above the band")
        #expect(image[50, 40] == PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255), "inside the band")
    }

    @Test func plotWritesAnImage() throws {
        let out = folder + "/plot.png"
        let result = try LiquidProcess.run(["motion", "spring", "--response", "0.4", "--damping-ratio", "0.5", "--plot", out, "--times", "0,0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(contentsOf: out)
        #expect(image.width == 1280 && image.height == 720)
        #expect(try result.json()["samples"] != nil)
    }

    @Test(arguments: [
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#zz0000\"}]}", "layers[0]"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"blob\"}]}", "unknown layer type 'blob'"),
        ("{\"width\": -10, \"height\": 10}", "width must be positive"),
        ("{\"width\": 10}", "height: missing"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5]}]}", "frame must be"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"path\", \"d\": \"M 0 0 X\", \"fill\": \"#000000\"}]}", "SVG path data"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"blend\": \"dodge\"}]}", "unknown blend mode"),
        ("{\"width\": 100000, \"height\": 10}", "must be between 1 and 16384"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"image\", \"src\": \"missing.png\", \"frame\": [0, 0, 5, 5]}]}", "missing.png"),
        ("not json", "not valid JSON"),
    ])
    func badScenesGetOneClearLine(scene: String, mentions: String) throws {
        let path = folder + "/bad-\(UUID().uuidString).json"
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        let result = try LiquidProcess.run(["render", path, "--out", folder + "/never.png"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/never.png"))
    }

    @Test func badImagesAndParametersGetOneClearLine() throws {
        let notPNG = folder + "/not.png"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notPNG))
        let good = try write(try sampleImage(), "good.png")
        for (arguments, mentions) in [
            (["filter", "blur", "--sigma", "2", notPNG, folder + "/x.png"], "PNG"),
            (["filter", "blur", "--sigma", "nan", good, folder + "/x.png"], "sigma"),
            (["filter", "blur", "--sigma", "2", folder + "/nope.png", folder + "/x.png"], "nope.png"),
            (["filter", "threshold", good, folder + "/x.png"], "--alpha or --luma"),
            (["filter", "colormatrix", "--matrix", "1,2,3", good, folder + "/x.png"], "20 numbers"),
            (["filter", "threshold", "--luma", "0.5", "--softness", "0.2", good, folder + "/x.png"], "--softness applies to --alpha only"),
            (["filter", "goo", "--matrix", "--sigma", "3", good, folder + "/x.png"], "--sigma does not apply to --matrix"),
            (["filter", "sharpen", good, folder + "/x.png"], "sharpen"),
        ] {
            let result = try LiquidProcess.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(mentions), "\(arguments): \(result.stderr)")
        }
    }
}
