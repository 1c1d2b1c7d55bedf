import Foundation
import LiquidGeometry
import Testing
@testable import LiquidCommands

/// Refusals are one line of at most about 300 characters, in the tool's own words: no Swift type names, no
/// Foundation error domains, no encoder dumps — even for huge values, paths and numbers no JSON can hold.
@Suite("liquid: error messages")
struct MessageTests {
    static let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-messages-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try? Data(##"{"width": 10, "height": 10, "layers": [{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 1e308, 10]], [1, [0, 0, -1e308, 10]]]}}]}"##.utf8)
            .write(to: URL(fileURLWithPath: path + "/overflow.json"))
        try? Data(##"{"width": 10, "height": 10, "layers": [{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 1e308, 10]], [1, [0, 0, 1.7e308, 10]]], "easing": {"spring": {"response": 1, "dampingRatio": 0.1}}}}]}"##.utf8)
            .write(to: URL(fileURLWithPath: path + "/overshoot.json"))
        return path
    }()

    static let long = String(repeating: "x", count: 5000)

    static let cases: [(arguments: [String], mentions: String)] = [
        (["filter", "blur", "--sigma", long, "a.png", "b.png"], "--sigma"),
        (["filter", "blur", "--sigma", "1", folder + "/" + long + ".png", "b.png"], "cannot open"),
        (["render", folder + "/" + long + ".json", "--out", "x.png"], "scene file"),
        (["bench", "--filter", long], "--filter"),
        (["gallery", "--out", folder + "/g", "--scenes", folder + "/" + long], "--scenes"),
        (["simulate", long, "--events", "/nonexistent.json"], "unknown component"),
        (["simulate", "nosuch", "--events", "/nonexistent.json"], "unknown component"),
        (["play", "nosuch"], "unknown component"),
        (["render", folder + "/overshoot.json", "--out", folder + "/o.png", "--time", "0.5"], "layers[0].frame"),
        (["motion", "spring", "--duration", "0.5", "--plot", folder + "/" + long + "/p.png"], "cannot create"),
    ]

    @Test(arguments: cases)
    func refusalsAreOneShortLineInPlainWords(arguments: [String], mentions: String) throws {
        let result = try LiquidProcess.run(arguments, environment: ["DISPLAY": ""], timeout: 60)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.hasPrefix("liquid: error: "), "\(result.stderr)")
        #expect(result.stderr.count <= 310, "\(result.stderr.count) characters")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        for jargon in ["Swift.", "NSCocoa", "Error Domain", "EncodingError", "DecodingError", "Optional(", "Fatal error",
                       "Double.", "operation could not be completed"] {
            #expect(!result.stderr.contains(jargon), "\(result.stderr)")
        }
    }

    @Test func keyframesBetweenHugeValuesAreRefusedByName() throws {
        // Keys of ±1e308 lie far outside the ±1e6 every scene number must keep to: one line naming the key.
        let result = try LiquidProcess.run(["render", Self.folder + "/overflow.json", "--out", Self.folder + "/o.png", "--time", "0.5"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("keyframes[") && result.stderr.contains("is out of range"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPathInAMessageIsShortenedInTheMiddle() throws {
        let result = try LiquidProcess.run(["render", Self.folder + "/" + Self.long + ".json", "--out", "x.png"])
        // The start and the end of the path survive, with the length in between.
        #expect(result.stderr.contains(String(Self.folder.prefix(40))) && result.stderr.contains("xx.json")
                && result.stderr.contains("characters"), "\(result.stderr)")
    }
}

@Suite("liquid: error lines stay short")
struct ErrorLineLengthTests {
    @Test func aHugeNumberKeepsTheOptionNameAndTheLineUnder300() throws {
        let digits = String(repeating: "9", count: 100_000)
        let error = ValidationErrorMessage("The value '\(digits)' is invalid for '--sigma': too large to be a finite number")
        let line = Liquid.errorLine(for: error)
        #expect(line.count <= 300, "\(line.count)")
        #expect(line.contains("--sigma") && line.contains("too large"))
    }

    @Test func anElidedQuoteIsNeverLongerThanItsLimit() {
        for count in [61, 200, 10_000, 1_000_000] {
            let quoted = LiquidError.quoted(String(repeating: "x", count: count), limit: 60)
            #expect(quoted.count <= 60, "\(count): \(quoted.count)")
            #expect(quoted.contains("(\(count) characters)"))
        }
    }
}
