import Foundation
import LiquidRaster
import Testing

@Suite("liquid render: keyframes and --animate")
struct AnimationCommandTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-anim-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func scene(_ json: String) throws -> String {
        let path = folder + "/scene-\(UUID().uuidString).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A 100×10 scene whose black bar's right edge moves from x = 0 to x = 100 over 2 s (linear).
    var slidingBar: String {
        """
        {"width": 100, "height": 10, "background": "#ffffff", "layers": [
          {"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 0, 10]], [2, [0, 0, 100, 10]]]}}]}
        """
    }

    /// Columns that are mostly black in row 5.
    func blackColumns(_ image: Pixmap) -> Int {
        (0..<image.width).filter { image[$0, 5].red < 128 }.count
    }

    @Test func stillFramesFollowTheKeyframes() throws {
        let path = try scene(slidingBar)
        for (time, expected) in [(0.0, 0), (0.5, 25), (1.0, 50), (1.5, 75), (2.0, 100), (9.0, 100)] {
            let out = folder + "/t\(time).png"
            let result = try LiquidProcess.run(["render", path, "--out", out, "--time", "\(time)"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(blackColumns(try PNG.read(contentsOf: out)) == expected, "t = \(time)")
        }
    }

    @Test func easingAndSpringsShapeTheSegment() throws {
        let eased = try scene(slidingBar.replacingOccurrences(of: "]]]}", with: "]]], \"easing\": \"easeIn\"}"))
        let out = folder + "/eased.png"
        #expect(try LiquidProcess.run(["render", eased, "--out", out, "--time", "1"]).status == 0)
        // easeIn (0.42, 0, 1, 1) at half time is well below half way.
        #expect(blackColumns(try PNG.read(contentsOf: out)) < 40)
        let springy = try scene(slidingBar.replacingOccurrences(of: "]]]}", with: "]]], \"easing\": {\"spring\": {\"response\": 0.3, \"dampingRatio\": 1}}}"))
        #expect(try LiquidProcess.run(["render", springy, "--out", out, "--time", "1"]).status == 0)
        // A critically damped spring of response 0.3 s is nearly done one second in.
        #expect(blackColumns(try PNG.read(contentsOf: out)) >= 99)
    }

    @Test func animateWritesOneFramePerTick() throws {
        let path = try scene(slidingBar)
        let out = folder + "/anim.png"
        let result = try LiquidProcess.run(["render", path, "--out", out, "--animate", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        // 2 s at 10 fps → 21 frames: count the frame-control chunks.
        var offset = 8, frames = 0
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "fcTL" { frames += 1 }
            offset += 12 + length
        }
        #expect(frames == 21)
        // The still image the APNG falls back to is frame 0.
        #expect(blackColumns(try PNG.read(contentsOf: out)) == 0)
    }

    @Test(arguments: [
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[1, [0,0,1,1]], [0, [0,0,2,2]]]}}]}", "must not decrease"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[0, [0,0,1,1]], [1, [0,0,2]]]}}]}", "same length"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[0, [0,0,1,1]]], \"easing\": \"bouncy\"}}]}", "easing"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": []}}]}", "non-empty"),
    ])
    func badKeyframesGetOneClearLine(json: String, mentions: String) throws {
        let result = try LiquidProcess.run(["render", try scene(json), "--out", folder + "/never.png", "--time", "0.5"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    @Test func animatingAStillSceneNeedsADuration() throws {
        let still = try scene("{\"width\": 10, \"height\": 10}")
        let result = try LiquidProcess.run(["render", still, "--out", folder + "/x.png", "--animate"])
        #expect(result.status != 0 && result.stderr.contains("--duration"))
        #expect(try LiquidProcess.run(["render", still, "--out", folder + "/x.png", "--animate", "--duration", "0.2", "--fps", "10"]).status == 0)
    }
}
