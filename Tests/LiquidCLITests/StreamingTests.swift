import Foundation
import LiquidRaster
import Testing

/// Long runs stream: `simulate` writes its trace as it goes and caps its length, `render --animate` writes
/// frames to the file as they are drawn and checks its pixel budget before drawing any.
@Suite("liquid: budgets and streaming")
struct StreamingTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-stream-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func simulateMemoryDoesNotGrowWithDuration() throws {
        let events = try write(#"{"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14}, {"t": 0.2, "phase": "up", "x": 20, "y": 14}]}"#, "tap.json")
        // 60 s and 600 s at 240 frames a second: 14 401 and 144 001 frames (about 2 and 20 MB of JSON).
        // A child spawned from this process (posix_spawn shares its memory until exec) reports at least this
        // process's own peak so far, which only grows while other tests run: so the long run goes first,
        // and the short one can only be inflated, never the difference.
        let long = try LiquidProcess.peakMemory(["simulate", "switch", "--events", events, "--fps", "240", "--duration", "600"])
        let short = try LiquidProcess.peakMemory(["simulate", "switch", "--events", events, "--fps", "240", "--duration", "60"])
        #expect(short.status == 0 && long.status == 0)
        // Holding the whole trace before writing it needed about 190 MB more for the long run.
        #expect(long.bytes - short.bytes < 16 << 20, "peak memory \(short.bytes >> 20) MB for 60 s, \(long.bytes >> 20) MB for 600 s")
    }

    @Test func theTraceIsTheWholeArrayByteForByte() throws {
        let events = try write(#"{"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14}, {"t": 0.3, "phase": "up", "x": 20, "y": 14}]}"#, "tap2.json")
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events, "--duration", "30", "--fps", "120"])
        #expect(result.status == 0)
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(frames.count == 3601)
        let times = frames.compactMap { $0["t"] as? Double }
        #expect(times.count == 3601 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // Re-encoding the parsed array the same way (sorted keys, one line) gives the same text.
        let encoded = try JSONSerialization.data(withJSONObject: frames, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(result.stdout.hasSuffix("]\n") && result.stdout.count == encoded.count + 1)
    }

    @Test func eventsAreBoundedByBytesNotByCount() throws {
        // 150 000 events (more than any count cap would sensibly allow, about 6 MB): taps 1 ms apart for 50 s.
        var text = #"{"events": ["#
        for i in 0..<50_000 {
            let t = Double(i) / 1000
            text += (i == 0 ? "" : ",") + #"{"t":\#(t),"phase":"down","x":5,"y":5},{"t":\#(t),"phase":"move","x":6,"y":5},{"t":\#(t),"phase":"up","x":6,"y":5}"#
        }
        let events = try write(text + "]}", "many.json")
        let result = try LiquidProcess.run(["simulate", "button", "--events", events, "--duration", "51", "--fps", "10"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
        #expect(frames.count == 511)
        // Every one of them was played: the button counted taps through the whole script.
        let taps = (frames.last?["state"] as? [String: Any])?["tapCount"] as? Double
        #expect(taps == 50_000, "tapCount \(taps ?? -1)")
    }

    @Test func anEventBeyondTheCapIsAnError() throws {
        let events = try write(#"{"events": [{"t": 10000000, "phase": "down", "x": 20, "y": 14}]}"#, "late.json")
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status != 0 && result.stderr.contains("600 s") && result.stderr.contains("late.json"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Within the cap the default duration is the last event + 1 s.
        let near = try write(#"{"events": [{"t": 2, "phase": "down", "x": 20, "y": 14}]}"#, "near.json")
        let frames = try JSONSerialization.jsonObject(with: Data(try LiquidProcess.run(["simulate", "switch", "--events", near, "--fps", "10"]).stdout.utf8)) as? [Any]
        #expect(frames?.count == 31)
    }

    @Test func anAnimationOverThePixelBudgetIsRefusedBeforeDrawing() throws {
        let scene = try write(##"{"width": 200, "height": 200, "layers": [{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 10, 10]], [5, [0, 0, 200, 200]]]}}]}"##, "big.json")
        let out = folder + "/big.png"
        // 1600 × 1600 pixels × 601 frames is over 2^30.
        let result = try LiquidProcess.run(["render", scene, "--out", out, "--animate", "--scale", "8", "--fps", "120"], timeout: 60)
        #expect(!result.timedOut)
        #expect(result.status != 0 && result.stderr.contains("pixels × frames"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anAnimationStreamsToAPipe() throws {
        let scene = try write(##"{"width": 20, "height": 10, "background": "#ffffff", "layers": [{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 0, 10]], [1, [0, 0, 20, 10]]]}}]}"##, "bar.json")
        let piped = try LiquidProcess.run(["render", scene, "--out", "/dev/stdout", "--animate", "--fps", "10"])
        #expect(piped.status == 0, "\(piped.stderr)")
        let bytes = [UInt8](piped.output)
        let file = folder + "/bar.png"
        #expect(try LiquidProcess.run(["render", scene, "--out", file, "--animate", "--fps", "10"]).status == 0)
        let stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        // Nothing repeats in this animation, so the pipe gets the very bytes the file does.
        #expect(bytes == stored)
        #expect(try PNG.decode(stored).width == 20)
    }
}
