import Foundation
import LiquidRaster
import Testing

@Suite("liquid render: glass in scenes")
struct GlassSceneTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-glass-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/scenes")
    }

    func render(_ json: String, time: Double = 0) throws -> Pixmap {
        let scene = folder + "/s-\(UUID().uuidString).json", out = scene + ".png"
        try Data(json.utf8).write(to: URL(fileURLWithPath: scene))
        let result = try LiquidProcess.run(["render", scene, "--out", out, "--time", "\(time)"])
        #expect(result.status == 0, "\(result.stderr)")
        return try PNG.read(contentsOf: out)
    }

    /// Vertical black and white stripes 4 pt wide, 100×60, with glass over the middle.
    func stripes(glass: String) -> String {
        let bars = (0..<13).map { "{\"type\": \"rect\", \"frame\": [\($0 * 8), 0, 4, 60], \"fill\": \"#000000\"}" }
        return "{\"width\": 100, \"height\": 60, \"background\": \"#ffffff\", \"layers\": [\(bars.joined(separator: ", ")), \(glass)]}"
    }

    @Test func glassFrostsInsideAndLeavesFarPixelsAlone() throws {
        let bare = try render(stripes(glass: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#00000000\"}"))
        let glassed = try render(stripes(glass: "{\"type\": \"glass\", \"shape\": {\"rect\": [30, 10, 40, 40], \"cornerRadius\": 10}, \"material\": {\"style\": \"regular\", \"shadow\": \"none\"}}"))
        // Far outside the glass nothing changes.
        for (x, y) in [(2, 2), (90, 55), (5, 30)] { #expect(glassed[x, y] == bare[x, y]) }
        // In the interior, stripes are frosted: the contrast between a black and a white column collapses.
        let a = Int(glassed[48, 30].red), b = Int(glassed[52, 30].red)
        #expect(abs(Int(bare[48, 30].red) - Int(bare[52, 30].red)) == 255)
        #expect(abs(a - b) < 128, "frosted contrast \(a) vs \(b)")
    }

    @Test func identityStyleChangesNothing() throws {
        let bare = try render(stripes(glass: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#00000000\"}"))
        let glassed = try render(stripes(glass: "{\"type\": \"glass\", \"shape\": {\"circle\": [50, 30, 20]}, \"material\": {\"style\": \"identity\"}}"))
        #expect(glassed == bare)
    }

    @Test func everyGlassExampleRenders() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasPrefix("glass-") && $0.hasSuffix(".json") }
        #expect(names.count >= 5)
        for name in names {
            let out = folder + "/" + name + ".png"
            let result = try LiquidProcess.run(["render", examples.appendingPathComponent(name).path, "--out", out, "--time", "0.5", "--scale", "1"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }

    @Test(arguments: [
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"material\": {\"style\": \"frosted\"}}", "style must be"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"accessibility\": [\"bigger\"]}", "unknown accessibility mode"),
        ("{\"type\": \"glass\", \"shape\": {\"square\": [5, 5, 3]}}", "needs \\\"circle\\\" or \\\"rect\\\""),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, -3]}}", "non-negative radius"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"transform\": {\"rotate\": 10}}", "no transform"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"materialize\": 2}", "materialize"),
        ("{\"type\": \"glassContainer\", \"spacing\": -1, \"children\": []}", "spacing"),
    ])
    func badGlassGetsOneClearLine(layer: String, mentions: String) throws {
        let scene = folder + "/bad-\(UUID().uuidString).json"
        try Data("{\"width\": 10, \"height\": 10, \"layers\": [\(layer)]}".utf8).write(to: URL(fileURLWithPath: scene))
        let result = try LiquidProcess.run(["render", scene, "--out", folder + "/never.png"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions.replacingOccurrences(of: "\\\"", with: "\"")), "\(result.stderr)")
    }
}
