import Foundation
import Testing

@testable import LiquidCommands

@Suite("liquid gallery and liquid play (command line)")
struct GalleryCommandTests {
    /// The repository's folder (three levels above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One gallery, built once for the whole suite at a small scale and frame rate (the structure is what is
    /// tested here; scripts/checks/gallery/check.sh looks at the full-size one in a browser).
    static let gallery: Result<(folder: String, html: String), any Error> = Result {
        let folder = NSTemporaryDirectory() + "liquid-gallery-\(UUID().uuidString)"
        let scenes = repository.appendingPathComponent("examples/scenes").path
        let result = try LiquidProcess.run(["gallery", "--out", folder, "--scale", "1", "--fps", "10", "--scenes", scenes])
        guard result.status == 0 else { throw GalleryTestError("liquid gallery failed: \(result.stderr)") }
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        return (folder, html)
    }

    struct GalleryTestError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The values of `attribute="…"` in `html`.
    static func values(of attribute: String, in html: String) -> [String] {
        html.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The `acTL` frame count of a PNG file, or nil when it has none (a still PNG) or is not a PNG.
    static func animationFrames(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "acTL", length >= 8, offset + 16 <= bytes.count { return word(offset + 8) }
            if type == "IDAT" { return nil }  // acTL must come before the image data
            offset += 12 + length
        }
        return nil
    }

    /// Whether the file starts with the PNG signature.
    static func isPNG(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let signature = (try? handle.read(upToCount: 8)) ?? Data()
        return [UInt8](signature) == [137, 80, 78, 71, 13, 10, 26, 10]
    }

    @Test @MainActor func pageShowsEveryComponentAndSceneAsAnAnimation() throws {
        let (folder, html) = try Self.gallery.get()
        let images = Self.values(of: "src", in: html)
        let names = ComponentRegistry.names
        for name in names {
            #expect(images.contains("media/\(name).png"), "no animation of component '\(name)'")
        }
        let sceneFolder = Self.repository.appendingPathComponent("examples/scenes").path
        let scenes = try FileManager.default.contentsOfDirectory(atPath: sceneFolder).filter { $0.hasSuffix(".json") }
        #expect(!scenes.isEmpty)
        for scene in scenes {
            let stem = String(scene.dropLast(".json".count))
            #expect(images.contains("media/scene-\(stem).png"), "no animation of scene '\(scene)'")
        }
        #expect(images.contains("media/motion-spring.png"))
        #expect(images.count == names.count + scenes.count + 1)
        for image in images {
            let frames = Self.animationFrames(folder + "/" + image)
            #expect((frames ?? 0) > 1, "\(image): \(frames.map { "\($0) frame(s)" } ?? "not an animated PNG")")
        }
    }

    @Test func everyReferencedFileExists() throws {
        let (folder, html) = try Self.gallery.get()
        let references = Self.values(of: "src", in: html) + Self.values(of: "srcset", in: html) + Self.values(of: "href", in: html)
        #expect(references.count >= 3)
        for reference in references {
            #expect(!reference.hasPrefix("/"), "\(reference) is not relative")
            #expect(FileManager.default.fileExists(atPath: folder + "/" + reference), "\(reference) is missing")
        }
        // Posters are plain PNGs.
        for poster in Self.values(of: "srcset", in: html) {
            #expect(Self.isPNG(folder + "/" + poster), "\(poster) is not a PNG")
        }
    }

    @Test func pageNeedsNothingFromTheNetwork() throws {
        let (_, html) = try Self.gallery.get()
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        #expect(html.contains("<style>"))
    }

    /// Cards rendered by three processes make the same page and the same files, byte for byte, as one
    /// process rendering them all.
    @Test func renderingInSeveralProcessesChangesNoByte() throws {
        let scenes = Self.repository.appendingPathComponent("examples/scenes").path
        var outputs: [[String: Data]] = []
        for jobs in ["1", "3"] {
            let folder = NSTemporaryDirectory() + "liquid-gallery-jobs\(jobs)-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try LiquidProcess.run(["gallery", "--out", folder, "--scale", "0.5", "--fps", "5",
                                                "--scenes", scenes, "--jobs", jobs])
            #expect(result.status == 0, "\(result.stderr)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files[name] = FileManager.default.contents(atPath: folder + "/" + name)
                }
            }
            outputs.append(files)
        }
        #expect(outputs[0].count > 10 && outputs[0]["index.html"] != nil)
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        for (name, data) in outputs[0] { #expect(outputs[1][name] == data, "\(name) differs") }
        let bad = try LiquidProcess.run(["gallery", "--out", NSTemporaryDirectory() + "unused", "--jobs", "0"])
        #expect(bad.status != 0 && bad.stderr.contains("--jobs"))
    }

    @Test func badOptionsGetOneLine() throws {
        let result = try LiquidProcess.run(["gallery", "--out", NSTemporaryDirectory() + "unused", "--fps", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        let missing = try LiquidProcess.run(["gallery", "--out", NSTemporaryDirectory() + "unused", "--scenes", "/nonexistent-scenes"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent-scenes"))
    }

    @Test func playWithoutADisplaySaysSoInOneLine() throws {
        for arguments in [["play"], ["play", "switch"]] {
            let process = Process()
            process.executableURL = LiquidProcess.executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus != 0)
            let lines = stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(stderr)")
            #expect(lines.first?.hasPrefix("liquid: error: no X display (set DISPLAY") == true, "\(stderr)")
        }
    }
}
