import Foundation
import LiquidCommands
import LiquidRaster
import Testing
import TestSupport

/// Every numeric flag of `liquid` (the table ``flags``, from docs/command-line.md), fed the boundary values
/// of floating point (``BoundaryValues``) and the edges of its own documented range. Each must either be
/// accepted and run successfully, or be refused with exactly one short line naming the flag; which of the
/// two is decided here, independently, from the documented range. Parsing and validation run in process
/// (as `liquid` does before any work); only accepted values run the command, as a subprocess.
@Suite("liquid: numeric flags refuse what is outside their documented range")
struct NumericOptionTests {
    /// One flag: the command line it is given on, and its documented range.
    struct Flag: CustomStringConvertible, Sendable {
        var arguments: [String]
        var flag: String
        var lower: Double
        var upper: Double
        var lowerIncluded = true
        var upperIncluded = true
        /// How the flag is written: a decimal number, a whole number (Int), or a 64-bit seed (digits only).
        var form = Form.decimal
        /// The flag's text with `@` where the value goes (a list of numbers puts it among others).
        var template = "@"
        /// Set when an accepted value does not lead to a successful run but to a later, known error (a
        /// benchmark filter that matches nothing, a missing X display): that error's text.
        var acceptedFailure: String?

        var description: String { "\(arguments.prefix(2).joined(separator: " ")) \(flag)" }

        enum Form: Sendable { case decimal, whole, seed }

        /// Whether the documented range holds `text`, by this test's own reading of the contract:
        /// plain decimal notation, finite, within the bounds (and whole, for whole-number flags; digits
        /// within 64 bits for a seed).
        func accepts(_ text: String) -> Bool {
            let decimal = #"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$"#
            switch form {
            case .decimal: guard text.range(of: decimal, options: .regularExpression) != nil else { return false }
            case .whole: guard Int64(text) != nil, text.range(of: #"^[+-]?[0-9]+$"#, options: .regularExpression) != nil else { return false }
            case .seed: return text.range(of: #"^[0-9]+$"#, options: .regularExpression) != nil && UInt64(text) != nil
            }
            guard let value = Double(text), value.isFinite else { return false }
            let aboveLower = lowerIncluded ? value >= lower : value > lower
            let belowUpper = upperIncluded ? value <= upper : value < upper
            return aboveLower && belowUpper
        }
    }

    /// The values every flag is fed, besides its own bounds: the shared boundary values and a few more
    /// spellings the command line meets.
    static let awkward = BoundaryValues.texts + ["9223372036854775808", "1e19", "infinity", "0x1p3", "-5", "1e400", "+1"]

    static let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-numbers-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // A small picture for the filters, a small scene and a tap for render and simulate.
        var image = try! Pixmap(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { image[x, y] = PremultipliedRGBA8(red: UInt8(40 * x), green: UInt8(60 * y), blue: 0, alpha: 255) } }
        try! PNG.write(image, to: path + "/in.png")
        try! Data(##"{"width": 20, "height": 10, "background": "#336699", "layers": [{"type": "rect", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [0.2, [0, 0, 20, 10]]]}, "fill": "#ffffff"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: path + "/scene.json"))
        try! Data(#"{"events": [{"t": 0.01, "phase": "down", "x": 20, "y": 14}, {"t": 0.02, "phase": "up", "x": 20, "y": 14}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path + "/tap.json"))
        return path
    }()

    static var flags: [Flag] {
        let f = folder
        let spring = ["motion", "spring", "--times", "0,0.5"]
        let viaResponse = spring + ["--response", "0.5"], viaDuration = spring + ["--duration", "0.5"]
        let viaStiffness = spring + ["--stiffness", "100"]
        let blur = ["filter", "blur", f + "/in.png", f + "/out.png"]
        let simulate = ["simulate", "switch", "--events", f + "/tap.json"]
        let short = ["--duration", "0.05"]
        return [
            Flag(arguments: spring + ["--damping-ratio", "1"], flag: "--response", lower: 0.001, upper: 100),
            Flag(arguments: viaResponse, flag: "--damping-ratio", lower: 0, upper: 100),
            Flag(arguments: spring, flag: "--duration", lower: 0.001, upper: 100),
            Flag(arguments: viaDuration, flag: "--bounce", lower: -1, upper: 1, lowerIncluded: false, upperIncluded: false),
            Flag(arguments: viaDuration, flag: "--mass", lower: 0.001, upper: 1000),
            Flag(arguments: spring + ["--damping", "10"], flag: "--stiffness", lower: 0.001, upper: 1e6),
            Flag(arguments: viaStiffness, flag: "--damping", lower: 0, upper: 1e5),
            Flag(arguments: spring + ["--damping-ratio", "0.8"], flag: "--settling-duration", lower: 0.001, upper: 1000),
            Flag(arguments: viaDuration, flag: "--from", lower: -1e12, upper: 1e12),
            Flag(arguments: viaDuration, flag: "--to", lower: -1e12, upper: 1e12),
            Flag(arguments: viaDuration, flag: "--velocity", lower: -1e12, upper: 1e12),
            Flag(arguments: ["motion", "spring", "--duration", "0.5"], flag: "--times", lower: 0, upper: 1e6),
            Flag(arguments: ["motion", "decay", "--velocity", "100", "--times", "0"], flag: "--from", lower: -1e12, upper: 1e12),
            Flag(arguments: ["motion", "decay", "--times", "0"], flag: "--velocity", lower: -1e12, upper: 1e12),
            Flag(arguments: ["motion", "decay", "--velocity", "100", "--times", "0"], flag: "--rate", lower: 0.5, upper: 0.999999),
            Flag(arguments: ["motion", "decay", "--velocity", "100", "--times", "0"], flag: "--threshold", lower: 0.001, upper: 1e6),
            Flag(arguments: ["motion", "decay", "--velocity", "100"], flag: "--times", lower: 0, upper: 1e6),
            Flag(arguments: ["motion", "rubberband", "--dimension", "100"], flag: "--offset", lower: -1e12, upper: 1e12),
            Flag(arguments: ["motion", "rubberband", "--offset", "10"], flag: "--dimension", lower: 0.001, upper: 1e9),
            Flag(arguments: ["motion", "rubberband", "--offset", "10", "--dimension", "100"], flag: "--constant", lower: 0.001, upper: 10),
            Flag(arguments: blur, flag: "--sigma", lower: 0, upper: 1e6),
            Flag(arguments: ["filter", "threshold", f + "/in.png", f + "/out.png"], flag: "--alpha", lower: 0, upper: 1),
            Flag(arguments: ["filter", "threshold", "--alpha", "0.5", f + "/in.png", f + "/out.png"], flag: "--softness", lower: 0, upper: 1),
            Flag(arguments: ["filter", "threshold", f + "/in.png", f + "/out.png"], flag: "--luma", lower: 0, upper: 1),
            Flag(arguments: ["filter", "goo", f + "/in.png", f + "/out.png"], flag: "--sigma", lower: 0, upper: 1e6),
            Flag(arguments: ["filter", "goo", f + "/in.png", f + "/out.png"], flag: "--threshold", lower: 0, upper: 1),
            Flag(arguments: ["filter", "goo", "--sigma", "1", f + "/in.png", f + "/out.png"], flag: "--softness", lower: 0, upper: 1),
            Flag(arguments: ["filter", "displace", "--map", f + "/in.png", f + "/in.png", f + "/out.png"], flag: "--scale",
                 lower: -1e6, upper: 1e6),
            Flag(arguments: ["filter", "colormatrix", f + "/in.png", f + "/out.png"], flag: "--saturate", lower: 0, upper: 1000),
            Flag(arguments: ["filter", "colormatrix", f + "/in.png", f + "/out.png"], flag: "--matrix", lower: -1e6, upper: 1e6,
                 template: "@ 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 1 0"),
            Flag(arguments: ["render", f + "/scene.json", "--out", f + "/render.png"], flag: "--scale", lower: 0.1, upper: 16),
            Flag(arguments: ["render", f + "/scene.json", "--out", f + "/render.png"], flag: "--time", lower: 0, upper: 1e6),
            Flag(arguments: ["render", f + "/scene.json", "--out", f + "/anim.png", "--animate", "--duration", "0.2"], flag: "--fps",
                 lower: 1, upper: 120, form: .whole),
            // At 1 fps the 1,200 frames allowed span 1,199 s.
            Flag(arguments: ["render", f + "/scene.json", "--out", f + "/anim.png", "--animate", "--fps", "1"], flag: "--duration",
                 lower: 0, upper: 1199, lowerIncluded: false),
            Flag(arguments: simulate + short, flag: "--fps", lower: 1, upper: 240),
            Flag(arguments: simulate + short + ["--frames", f + "/frames"], flag: "--scale", lower: 0.1, upper: 8),
            Flag(arguments: simulate + ["--fps", "1"], flag: "--duration", lower: 0, upper: 600),
            Flag(arguments: ["simulate", "button", "--duration", "0.05"], flag: "--random-touches", lower: 0, upper: 1.8446744073709552e19,
                 form: .seed),
            Flag(arguments: ["gallery", "--out", f + "/gallery", "--scenes", f + "/none"], flag: "--scale", lower: 0.1, upper: 8,
                 acceptedFailure: "is not a folder"),
            Flag(arguments: ["gallery", "--out", f + "/gallery", "--scenes", f + "/none"], flag: "--fps", lower: 1, upper: 60,
                 form: .whole, acceptedFailure: "is not a folder"),
            Flag(arguments: ["play", "switch"], flag: "--scale", lower: 0.1, upper: 8, acceptedFailure: "no X display"),
            Flag(arguments: ["play", "switch"], flag: "--fps", lower: 1, upper: 360, acceptedFailure: "no X display"),
            Flag(arguments: ["bench", "--filter", "no-such-benchmark"], flag: "--runs", lower: 1, upper: 1000, form: .whole,
                 acceptedFailure: "matches no benchmark"),
        ]
    }

    /// Text for a bound: `1000000.0` is written `1000000`, so whole-number flags see digits.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The values `flag` is fed: the awkward ones and its bounds with their neighbours.
    static func values(for flag: Flag) -> [String] {
        let bounds = [flag.lower, flag.upper].flatMap { [text($0), text($0.nextDown), text($0.nextUp)] }
        return awkward + (flag.form == .seed ? ["0", "18446744073709551615", "18446744073709551616"] : bounds)
    }

    @Test(arguments: flags)
    @MainActor
    func everyBoundaryValueIsAcceptedOrRefusedInOneLine(_ flag: Flag) throws {
        for value in Self.values(for: flag) {
            let arguments = flag.arguments + [flag.flag, flag.template.replacingOccurrences(of: "@", with: value)]
            let expected = flag.accepts(value)
            do {
                _ = try Liquid.parseAsRoot(arguments)
            } catch {
                // Refused before any work: the very line `liquid` would print.
                let line = Liquid.errorLine(for: error)
                #expect(!expected, "\(flag) \(value) should be accepted: \(line)")
                #expect(Liquid.exitCode(for: error).rawValue != 0, "\(flag) \(value)")
                Self.expectOneClearLine(line, naming: flag.flag, "\(flag) \(value)")
                continue
            }
            // Parsed and validated: the command runs, and must succeed exactly when the range holds the value.
            let result = try LiquidProcess.run(arguments, environment: ["DISPLAY": ""], timeout: 120)
            #expect(!result.timedOut, "\(flag) \(value) did not finish")
            if expected {
                if let known = flag.acceptedFailure {
                    #expect(result.stderr.contains(known) && !result.stderr.contains(flag.flag),
                            "\(flag) \(value) should be accepted: \(result.stderr)")
                } else {
                    #expect(result.status == 0, "\(flag) \(value) should be accepted: \(result.stderr)")
                }
            } else {
                #expect(result.status != 0 && result.stdout.isEmpty, "\(flag) \(value) should be refused")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(flag) \(value): \(result.stderr)")
                Self.expectOneClearLine(String(result.stderr.dropLast()), naming: flag.flag, "\(flag) \(value)")
            }
        }
    }

    /// A refusal: one `liquid: error:` line under 300 characters naming the flag, in the tool's own words.
    static func expectOneClearLine(_ line: String, naming flag: String, _ context: String) {
        #expect(line.hasPrefix("liquid: error: ") && !line.contains("\n"), "\(context): \(line)")
        #expect(line.contains(flag), "\(context): the error does not name the flag: \(line)")
        #expect(line.count <= 300, "\(context): \(line.count) characters")
        for jargon in ["Swift.", "NSCocoa", "EncodingError", "DecodingError", "Optional(", "Fatal error", "LiquidError("] {
            #expect(!line.contains(jargon), "\(context): \(line)")
        }
    }

    @Test func negativeNumbersFollowTheirFlag() throws {
        let result = try LiquidProcess.run(["motion", "spring", "--duration", "0.5", "--from", "-10", "--to", "-20",
                                            "--velocity", "-300", "--times", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let sample = try #require((result.json()["samples"] as? [[String: Double]])?.first)
        #expect(sample == ["t": 0, "value": -10, "velocity": -300])
    }

    @Test func timeDoesNotCombineWithAnimate() throws {
        let result = try LiquidProcess.run(["render", Self.folder + "/scene.json", "--out", Self.folder + "/both.png",
                                            "--animate", "--time", "0.1"])
        #expect(result.status != 0 && result.stderr.contains("--time") && result.stderr.contains("--animate"))
        #expect(!FileManager.default.fileExists(atPath: Self.folder + "/both.png"))
    }

    @Test(arguments: ["1e-320", "1e-300", "0.001"])
    func aCanvasUnderOnePixelIsAnError(width: String) throws {
        let path = Self.folder + "/thin-\(width).json"
        try Data(#"{"width": \#(width), "height": 10}"#.utf8).write(to: URL(fileURLWithPath: path))
        let out = Self.folder + "/thin-\(width).png"
        let result = try LiquidProcess.run(["render", path, "--out", out])
        #expect(result.status != 0 && result.stderr.contains("canvas width"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aSceneDurationBeyondTheLimitIsAnError() throws {
        let path = Self.folder + "/long.json"
        try Data(#"{"width": 10, "height": 10, "duration": 1e18}"#.utf8).write(to: URL(fileURLWithPath: path))
        let result = try LiquidProcess.run(["render", path, "--out", Self.folder + "/long.png", "--animate"])
        #expect(result.status != 0 && result.stderr.contains("1e+18"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
