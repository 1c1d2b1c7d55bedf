import Foundation
import LiquidRaster
import Testing

/// Inputs that are not regular files are refused at once with the path named; outputs fail loudly, are
/// replaced atomically and never left half-written; a closed output pipe is a quiet end.
@Suite("liquid: input and output files")
struct FileSafetyTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-files-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A named pipe nobody writes to: reading it would wait forever.
    func fifo() throws -> String {
        let path = folder + "/pipe-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func png() throws -> String {
        let path = folder + "/in.png"
        try PNG.write(try Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 255)), to: path)
        return path
    }

    /// The files of `folder` other than `keep`: leftovers such as temporary files.
    func leftovers(keeping keep: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !keep.contains($0) }
    }

    /// One line on stderr naming `path`, a non-zero status, and no hang.
    func expectRefusal(_ result: LiquidProcess.Result, naming path: String, _ reason: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.timedOut, "the command hung", sourceLocation: sourceLocation)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("liquid: error: "),
                "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(path) && result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func namedPipesAreRefusedAtOnceWhereverAFileIsRead() throws {
        let image = try png()
        let pipe = try fifo()
        let scene = try write(#"{"width": 10, "height": 10, "layers": [{"type": "image", "src": "\#(pipe)", "frame": [0, 0, 10, 10]}]}"#, "image.json")
        let font = try write(#"{"width": 10, "height": 10, "layers": [{"type": "text", "text": "A", "position": [1, 9], "font": "\#(pipe)"}]}"#, "font.json")
        let commands: [[String]] = [
            ["render", pipe, "--out", folder + "/out.png"],
            ["render", scene, "--out", folder + "/out.png"],
            ["render", font, "--out", folder + "/out.png"],
            ["simulate", "switch", "--events", pipe],
            ["filter", "blur", "--sigma", "1", pipe, folder + "/out.png"],
            ["filter", "displace", "--map", pipe, "--scale", "2", image, folder + "/out.png"],
        ]
        for command in commands {
            let result = try LiquidProcess.run(command, timeout: 20)
            expectRefusal(result, naming: pipe, "named pipe")
        }
        #expect(try leftovers(keeping: ["in.png", "image.json", "font.json", URL(fileURLWithPath: pipe).lastPathComponent]).isEmpty)
    }

    @Test func aNamedPipeNobodyReadsIsRefusedAsAnOutput() throws {
        let scene = try write(#"{"width": 4, "height": 4, "layers": []}"#, "empty.json")
        let pipe = try fifo()
        expectRefusal(try LiquidProcess.run(["render", scene, "--out", pipe], timeout: 20), naming: pipe,
                      "named pipe that no program is reading")
    }

    /// "-" as an output is refused (it would make a file named "-"), pointing at /dev/stdout; and a gallery
    /// whose output cannot be made says only that, even where the default scenes folder is missing.
    @Test func aDashOutputAndAnUnwritableGalleryGetOneLine() throws {
        let input = try png()
        for arguments in [["filter", "blur", "--sigma", "1", input, "-"],
                          ["render", try write(#"{"width": 4, "height": 4, "layers": []}"#, "tiny.json"), "--out", "-"]] {
            let result = try LiquidProcess.run(arguments)
            #expect(result.status != 0 && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("/dev/stdout"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        let gallery = try LiquidProcess.shell("cd '\(folder)' && exec \"$LIQUID\" gallery --out /proc/no-such-gallery", timeout: 60)
        #expect(gallery.status != 0 && gallery.stderr.split(separator: "\n").count == 1, "\(gallery.stderr)")
    }

    @Test func oneCharacterOutputFoldersWork() throws {
        // Foundation's path methods trap on a one-character path; the folders are split on "/" instead.
        _ = try write(#"{"events": [{"t": 0, "phase": "down", "x": 20, "y": 14}, {"t": 0.05, "phase": "up", "x": 20, "y": 14}]}"#, "tap.json")
        let result = try LiquidProcess.shell(
            "cd '\(folder)' && \"$LIQUID\" simulate switch --events tap.json --frames f --duration 0.1 > /dev/null", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/f/frame-0000.png"))
    }

    @Test func foldersAndDevicesAreRefusedAsInputs() throws {
        expectRefusal(try LiquidProcess.run(["render", folder, "--out", folder + "/out.png"], timeout: 20), naming: folder, "folder")
        expectRefusal(try LiquidProcess.run(["simulate", "switch", "--events", "/dev/zero"], timeout: 20), naming: "/dev/zero", "device")
        expectRefusal(try LiquidProcess.run(["filter", "blur", "--sigma", "1", "/dev/zero", folder + "/out.png"], timeout: 20),
                      naming: "/dev/zero", "device")
    }

    @Test func standardInputIsReadForADash() throws {
        let events = try write(#"{"events": [{"t": 0.01, "phase": "down", "x": 20, "y": 14}]}"#, "tap.json")
        let result = try LiquidProcess.run(["simulate", "switch", "--events", "-", "--duration", "0.05"],
                                           input: FileHandle(forReadingAtPath: events), timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(frames?.count == 4)
        #expect((frames?.last?["state"] as? [String: Any])?["pressed"] as? Bool == true)
    }

    @Test func unwritableOutputsAreErrorsNamingThePath() throws {
        let scene = try write(##"{"width": 10, "height": 10, "background": "#ff0000"}"##, "scene.json")
        let image = try png()
        // /dev/full fails every write (or is missing): either way an error, and never a regular file made in /dev.
        for command in [["render", scene, "--out", "/dev/full"], ["filter", "blur", "--sigma", "1", image, "/dev/full"],
                        ["motion", "spring", "--duration", "0.5", "--plot", "/dev/full"]] {
            let result = try LiquidProcess.run(command, environment: ["DISPLAY": ""], timeout: 60)
            expectRefusal(result, naming: "/dev/full", "cannot")
            var info = stat()
            #expect(stat("/dev/full", &info) != 0 || info.st_mode & S_IFMT == S_IFCHR, "a regular file was created at /dev/full")
        }
        let missing = folder + "/no/such/folder/out.png"
        expectRefusal(try LiquidProcess.run(["render", scene, "--out", missing]), naming: missing, "No such file or directory")
        expectRefusal(try LiquidProcess.run(["render", scene, "--out", folder]), naming: folder, "folder")
        // Writing to a device directly works (and creates nothing).
        #expect(try LiquidProcess.run(["render", scene, "--out", "/dev/null"]).status == 0)
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoPartialFile() throws {
        let scene = try write(##"{"width": 300, "height": 300, "layers": [{"type": "ellipse", "frame": [10, 10, 280, 280], "fill": {"linear": {"from": [0, 0], "to": [300, 300], "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}}]}"##, "big.json")
        let out = try write("old", "out.png")
        // A file-size limit of 4 KB: the PNG does not fit, so the write fails part way.
        let result = try LiquidProcess.shell("ulimit -f 4; exec \"$LIQUID\" render '\(scene)' --out '\(out)'", timeout: 60)
        expectRefusal(result, naming: out, "File too large")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
        #expect(try leftovers(keeping: ["big.json", "out.png"]).isEmpty)
        // Without the limit the file is replaced whole.
        #expect(try LiquidProcess.run(["render", scene, "--out", out]).status == 0)
        #expect(try PNG.read(contentsOf: out).width == 300)
        #expect(try leftovers(keeping: ["big.json", "out.png"]).isEmpty)
    }

    @Test func aFailingSpringCommandWritesNoPlot() throws {
        let plot = folder + "/plot.png"
        let refused = try LiquidProcess.run(["motion", "spring", "--duration", "0.5", "--mass", "0", "--plot", plot])
        #expect(refused.status != 0 && refused.stderr.contains("--mass"))
        let tooBig = try LiquidProcess.shell("ulimit -f 8; exec \"$LIQUID\" motion spring --duration 0.5 --plot '\(plot)'", timeout: 60)
        expectRefusal(tooBig, naming: plot, "File too large")
        #expect(tooBig.stdout.isEmpty)
        #expect(try leftovers(keeping: []).isEmpty)
        let done = try LiquidProcess.run(["motion", "spring", "--duration", "0.5", "--plot", plot])
        #expect(done.status == 0)
        #expect(try PNG.read(contentsOf: plot).width > 0)
    }

    @Test func aClosedOutputPipeEndsTheRunQuietly() throws {
        let events = try write(#"{"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14}]}"#, "tap.json")
        // Ten minutes at 240 frames a second is megabytes of trace; `head` stops reading after 10 bytes.
        let result = try LiquidProcess.shell(
            "\"$LIQUID\" simulate switch --events '\(events)' --duration 600 --fps 240 | head -c 10; echo \" ${PIPESTATUS[0]}\"",
            timeout: 120)
        #expect(!result.timedOut)
        #expect(result.stdout == "[{\"haptics 0\n", "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let spring = try LiquidProcess.shell(
            "\"$LIQUID\" motion spring --stiffness 1 --damping 0 --times \(Array(repeating: "1", count: 50_000).joined(separator: ",")) | head -c 1; echo \" ${PIPESTATUS[0]}\"",
            timeout: 120)
        #expect(spring.stdout == "{ 0\n" && spring.stderr.isEmpty, "\(spring.stdout) \(spring.stderr)")
    }

    @Test func aGalleryThatFailsLeavesNoFolderAndKeepsAnOlderOne() throws {
        // The controls render first, then the second scene is malformed: the run fails half-way.
        let scenes = folder + "/gallery-scenes"
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        _ = try write(##"{"width": 10, "height": 10, "background": "#ff0000"}"##, "gallery-scenes/a.json")
        _ = try write(#"{"width": 10, "height": 10, "layers": [{"type": "rect"}]}"#, "gallery-scenes/b.json")
        let fresh = folder + "/gallery-new"
        let result = try LiquidProcess.run(["gallery", "--out", fresh, "--scale", "0.5", "--fps", "5", "--scenes", scenes])
        #expect(result.status != 0 && result.stderr.contains("b.json"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
        // Over an older gallery, nothing of it changes.
        let older = folder + "/gallery-old"
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: true)
        _ = try write("old page", "gallery-old/index.html")
        let again = try LiquidProcess.run(["gallery", "--out", older, "--scale", "0.5", "--fps", "5", "--scenes", scenes])
        #expect(again.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: older) == ["index.html"])
        #expect(try String(contentsOfFile: older + "/index.html", encoding: .utf8) == "old page")
        let left = try leftovers(keeping: [])
        #expect(left.allSatisfy { !$0.contains("partial") }, "\(left)")
    }

    @Test func benchInputsAreWrittenAllOrNone() throws {
        let inputs = folder + "/inputs"
        // w3.png is a folder there: the write fails, and none of the other files may appear.
        try FileManager.default.createDirectory(atPath: inputs + "/w3.png", withIntermediateDirectories: true)
        let result = try LiquidProcess.run(["bench", "--write-inputs", inputs])
        #expect(result.status != 0 && result.stderr.contains("w3.png"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs) == ["w3.png"])
        let left = try leftovers(keeping: [])
        #expect(left.allSatisfy { !$0.contains("partial") }, "\(left)")
        // Without the clash every file is written.
        try FileManager.default.removeItem(atPath: inputs + "/w3.png")
        let written = try LiquidProcess.run(["bench", "--write-inputs", inputs])
        #expect(written.status == 0, "\(written.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: inputs).sorted()
        #expect(names == ["glass-g1.png", "glass-g2.png", "glass-g3.png", "w1.png", "w2.png", "w3.png", "w4.png"])
        for name in names { #expect(try PNG.decode(Array(Data(contentsOf: URL(fileURLWithPath: inputs + "/" + name)))).width > 0) }
    }
}
