import Foundation
import LiquidRaster
import Testing

/// The resource budgets of the command line: each is refused at once with one line naming the limit, and
/// leaves nothing behind.
@Suite("liquid: budgets")
struct BudgetTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-budget-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func expectOneLine(_ result: LiquidProcess.Result, containing parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.timedOut, "the command hung", sourceLocation: sourceLocation)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("liquid: error: "), "\(result.stderr)",
                sourceLocation: sourceLocation)
        for part in parts { #expect(result.stderr.contains(part), "\(result.stderr)", sourceLocation: sourceLocation) }
    }

    @Test func aRenderBeyondTheMemoryBudgetIsRefusedBeforeDrawing() throws {
        let scene = try write(##"{"width": 16000, "height": 16000, "layers": [{"type": "glass", "shape": {"circle": [8000, 8000, 4000]}}]}"##, "huge.json")
        let out = folder + "/huge.png"
        // A 16000² canvas needs gigabytes; refused before anything is allocated, so the refusal still comes,
        // as its one line, with the address space capped at 512 MB. (A cap, not a peak: the peak resident
        // size `wait4` reports for a spawned child includes this test process's own, which grows with the
        // tests running beside it.)
        let capped = try LiquidProcess.shell("ulimit -v 524288; exec \"$LIQUID\" render '\(scene)' --out '\(out)'", timeout: 60)
        expectOneLine(capped, containing: ["16000×16000", "at most 1536 MB"])
        expectOneLine(try LiquidProcess.run(["render", scene, "--out", out]), containing: ["16000×16000", "at most 1536 MB"])
        expectOneLine(try LiquidProcess.run(["render", scene, "--out", out, "--animate", "--duration", "1", "--fps", "1"]),
                      containing: ["at most 1536 MB"])
        #expect(!FileManager.default.fileExists(atPath: out))
        // The same scene at a scale that fits renders.
        let small = folder + "/small.png"
        #expect(try LiquidProcess.run(["render", scene, "--out", small, "--scale", "0.1"]).status == 0)
        #expect(try PNG.read(contentsOf: small).width == 1600)
    }

    /// A 12000² PNG (valid, small on disk, within the PNG limits): every filter that would need more than the
    /// 1536 MB budget for it is refused from the header, with the address space capped at 512 MB, so nothing
    /// was decoded; the output is not written. A filter that fits (a threshold of 144 megapixels) runs.
    @Test func aFilterBeyondTheMemoryBudgetIsRefusedBeforeDecoding() throws {
        let side = 12_000
        let big = folder + "/big.png"
        try PNG.write(try Pixmap(width: side, height: side, fill: PremultipliedRGBA8(red: 90, green: 40, blue: 10, alpha: 255)),
                      to: big)
        let out = folder + "/big-out.png"
        for (filter, verb) in [("blur --sigma 1", "blur"), ("blur --sigma 30", "blur"), ("goo --sigma 1", "goo"),
                               ("displace --map '\(big)' --scale 5", "displace")] {
            let capped = try LiquidProcess.shell("ulimit -v 524288; exec \"$LIQUID\" filter \(filter) '\(big)' '\(out)'", timeout: 60)
            expectOneLine(capped, containing: ["big.png", "to \(verb) a 12000×12000 image", "more than the 1536 MB"])
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let fits = try LiquidProcess.run(["filter", "threshold", "--alpha", "0.5", big, out], timeout: 120)
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(try PNG.read(contentsOf: out).width == side)
    }

    /// Image layers: one file shown by ten layers is decoded once (the render fits in 1.1 GB of address
    /// space, where ten decodes of its 256 MB would not), and six distinct files of 8192² pixels count against
    /// the budget from their headers, so that scene is refused before anything is decoded.
    @Test func imageLayersShareTheirFileAndCountAgainstTheBudget() throws {
        let image = folder + "/image-0.png"
        try PNG.write(try Pixmap(width: 8192, height: 8192, fill: PremultipliedRGBA8(red: 20, green: 60, blue: 90, alpha: 255)),
                      to: image)
        let layer = { (name: String) in ##"{"type": "image", "src": "\##(name)", "frame": [0, 0, 100, 100]}"## }
        let same = try write(#"{"width": 100, "height": 100, "layers": ["# + Array(repeating: layer("image-0.png"), count: 10)
                                .joined(separator: ",") + "]}", "same.json")
        let out = folder + "/same.png"
        let shared = try LiquidProcess.shell("ulimit -v 1150000; exec \"$LIQUID\" render '\(same)' --out '\(out)'", timeout: 120)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(try PNG.read(contentsOf: out).width == 100)
        for k in 1..<6 { try FileManager.default.copyItem(atPath: image, toPath: folder + "/image-\(k).png") }
        let distinct = try write(#"{"width": 100, "height": 100, "layers": ["# + (0..<6).map { layer("image-\($0).png") }
                                    .joined(separator: ",") + "]}", "distinct.json")
        let refused = try LiquidProcess.shell("ulimit -v 524288; exec \"$LIQUID\" render '\(distinct)' --out '\(folder)/d.png'",
                                              timeout: 60)
        expectOneLine(refused, containing: ["6 image files", "at most 1536 MB"])
    }

    @Test func aSceneOfTooManyLayersIsRefusedWhileItIsRead() throws {
        let rect = ##"{"type":"rect","frame":[1,1,2,2],"fill":"#000000"}"##
        let scene = try write(#"{"width":100,"height":80,"layers":["# + Array(repeating: rect, count: 200_000).joined(separator: ",") + "]}", "many.json")
        expectOneLine(try LiquidProcess.run(["render", scene, "--out", folder + "/many.png"]),
                      containing: ["many.json: layers[10000]", "at most 10000"])
    }

    @Test func aBadKeyframeIsRefusedWhateverTimeIsRendered() throws {
        let scene = try write(##"{"width": 20, "height": 20, "layers": [{"type": "rect", "frame": [0, 0, 9, 9], "fill": "#000000", "opacity": {"keyframes": [[0, 1], [1, 5]]}}]}"##, "keys.json")
        expectOneLine(try LiquidProcess.run(["render", scene, "--out", folder + "/k.png", "--time", "0"]),
                      containing: ["keys.json: layers[0].opacity.keyframes[1][1]", "between 0 and 1"])
    }

    @Test func playWithoutADisplayLeavesTheTraceAlone() throws {
        let trace = try write("older trace\n", "trace.jsonl")
        expectOneLine(try LiquidProcess.run(["play", "--trace", trace], environment: ["DISPLAY": ""], timeout: 30),
                      containing: ["no X display"])
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "older trace\n")
        let missing = folder + "/new-trace.jsonl"
        expectOneLine(try LiquidProcess.run(["play", "--trace", missing], environment: ["DISPLAY": ""], timeout: 30),
                      containing: ["no X display"])
        #expect(!FileManager.default.fileExists(atPath: missing))
        // A named pipe nobody reads is never opened, so nothing waits for a reader.
        let pipe = folder + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        expectOneLine(try LiquidProcess.run(["play", "--trace", pipe], environment: ["DISPLAY": ""], timeout: 30),
                      containing: ["no X display"])
    }

    @Test func writeInputsOnAFullDiskNamesTheFolderGiven() throws {
        let target = folder + "/inputs"
        // A file-size limit of 64 bytes fails the first image, as a full disk would.
        let result = try LiquidProcess.shell("ulimit -f 0; exec \"$LIQUID\" bench --write-inputs '\(target)'", timeout: 60)
        expectOneLine(result, containing: ["'\(target)/w3.png'", "File too large"])
        #expect(!result.stderr.contains(".partial"))
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
