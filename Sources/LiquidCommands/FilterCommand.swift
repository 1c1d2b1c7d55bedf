import ArgumentParser
import LiquidGeometry
import LiquidRaster

/// `liquid filter NAME [options] IN.png OUT.png`: one raster filter applied to a PNG.
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Apply a raster filter to a PNG image (lengths in pixels).",
        subcommands: [Blur.self, Threshold.self, Goo.self, Displace.self, Colormatrix.self]
    )

    /// The input and output paths every filter takes.
    struct Files: ParsableArguments {
        @Argument(help: "Input PNG, or - for standard input.") var input: String
        @Argument(help: "Output PNG.") var output: String

        func read() throws -> Pixmap {
            guard input == "-" else { return try PNG.read(contentsOf: input) }
            do { return try PNG.decode(ImageFileIO.readAll(input, allowsStandardInput: true)) } catch {
                throw error.kind == .malformed ? LiquidError.image("standard input: \(error.message)") : error
            }
        }

        func write(_ image: Pixmap) throws { try PNG.write(image, to: output) }
    }

    enum Edge: String, ExpressibleByArgument, CaseIterable {
        case clamp, transparent
        var mode: EdgeMode { self == .clamp ? .clamp : .transparent }
    }

    /// The documented ranges (docs/command-line.md). A blur of any finite σ ≥ 0 runs in time bounded by the
    /// image size, so σ may be generous: far beyond the image it gives the image's average colour.
    static let sigmaRange = 0.0...1e6
    /// Thresholds and edge widths are fractions of full alpha or luma.
    static let fractionRange = 0.0...1.0
    /// Displacement scale in pixels (a map channel moves a sample by at most half of it).
    static let displacementRange = -1e6...1e6
    static let saturationRange = 0.0...1000.0
    /// Each of the 20 colour-matrix numbers.
    static let matrixEntryRange = -1e6...1e6

    static func color(_ text: String, flag: String) throws -> RGBA {
        do { return try RGBA(hex: text) } catch { throw ValidationError("\(flag) '\(text)' is not a colour (use #rrggbb or #rrggbbaa)") }
    }

    struct Blur: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Gaussian blur (accurate to ≤ 3 levels of an exact Gaussian).")
        @Option(parsing: .unconditional, help: "Standard deviation σ in pixels (0 = unchanged).", transform: CommandLineInput.decimal) var sigma: Double
        @Option(help: "Outside pixels: clamp (repeat the edge) or transparent.") var edge: Edge = .clamp
        @OptionGroup var files: Files

        func validate() throws {
            _ = try CommandLineInput.check(sigma, "--sigma", in: FilterCommand.sigmaRange)
        }

        func run() throws {
            let blur = try GaussianBlur(sigma: sigma, edgeMode: edge.mode)
            try files.write(blur.applied(to: files.read()))
        }
    }

    struct Threshold: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Alpha threshold (α ≥ t → one opaque colour), or luma threshold with --luma.")
        @Option(parsing: .unconditional, help: "Alpha threshold in 0…1.", transform: CommandLineInput.decimal) var alpha: Double?
        @Option(parsing: .unconditional, help: "Luma threshold in 0…1 (0.2126 r + 0.7152 g + 0.0722 b).", transform: CommandLineInput.decimal) var luma: Double?
        @Option(parsing: .unconditional, help: "Width of a smooth edge around the alpha threshold, 0…1.", transform: CommandLineInput.decimal) var softness: Double = 0
        @Option(help: "Colour of the result, #rrggbb or #rrggbbaa.") var color: String = "#000000"
        @OptionGroup var files: Files

        func validate() throws {
            if let alpha { _ = try CommandLineInput.check(alpha, "--alpha", in: FilterCommand.fractionRange) }
            if let luma { _ = try CommandLineInput.check(luma, "--luma", in: FilterCommand.fractionRange) }
            _ = try CommandLineInput.check(softness, "--softness", in: FilterCommand.fractionRange)
            guard (alpha == nil) != (luma == nil) else { throw ValidationError("give exactly one of --alpha or --luma") }
            _ = try FilterCommand.color(color, flag: "--color")
        }

        func run() throws {
            let tint = try FilterCommand.color(color, flag: "--color")
            switch (alpha, luma) {
            case (let a?, nil):
                try files.write(AlphaThreshold(threshold: a, edgeWidth: softness, color: tint).applied(to: files.read()))
            case (nil, let l?):
                try files.write(LumaThreshold(threshold: l, color: tint).applied(to: files.read()))
            default:
                throw ValidationError("give exactly one of --alpha or --luma")
            }
        }
    }

    struct Goo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Metaball goo: blur, then alpha threshold into one colour; --matrix applies only the SVG goo colour matrix (α′ = 18α − 7).")
        @Option(parsing: .unconditional, help: "Blur σ in pixels.", transform: CommandLineInput.decimal) var sigma: Double = 12
        @Option(parsing: .unconditional, help: "Alpha threshold in 0…1.", transform: CommandLineInput.decimal) var threshold: Double = 0.5
        @Option(parsing: .unconditional, help: "Width of a smooth edge around the threshold, 0…1.", transform: CommandLineInput.decimal) var softness: Double = 0
        @Option(help: "Colour of the result.") var color: String = "#000000"
        @Flag(help: "Apply the SVG goo colour matrix instead of blur + threshold.") var matrix = false
        @OptionGroup var files: Files

        func validate() throws {
            _ = try CommandLineInput.check(sigma, "--sigma", in: FilterCommand.sigmaRange)
            _ = try CommandLineInput.check(threshold, "--threshold", in: FilterCommand.fractionRange)
            _ = try CommandLineInput.check(softness, "--softness", in: FilterCommand.fractionRange)
            _ = try FilterCommand.color(color, flag: "--color")
        }

        func run() throws {
            let image = try files.read()
            if matrix {
                try files.write(ColorMatrix.goo.applied(to: image))
                return
            }
            let goo = try LiquidRaster.Goo(sigma: sigma, threshold: threshold, edgeWidth: softness,
                                           color: FilterCommand.color(color, flag: "--color"))
            try files.write(goo.applied(to: image))
        }
    }

    struct Displace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "SVG-style displacement: sample at (x + s·(R − ½), y + s·(G − ½)) of MAP.png, bilinear.")
        @Option(help: "Displacement map PNG, the same size as the input.") var map: String
        @Option(parsing: .unconditional, help: "Scale s in pixels.", transform: CommandLineInput.decimal) var scale: Double
        @Option(help: "Outside pixels: clamp or transparent.") var edge: Edge = .transparent
        @OptionGroup var files: Files

        func validate() throws {
            _ = try CommandLineInput.check(scale, "--scale", in: FilterCommand.displacementRange)
        }

        func run() throws {
            let source = try files.read()
            let field = try PNG.read(contentsOf: map)
            try files.write(Displacement.displaced(source, map: field, scale: scale, edgeMode: edge.mode))
        }
    }

    struct Colormatrix: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "colormatrix",
            abstract: "SVG feColorMatrix: 20 numbers (4 rows of r g b a offset), or --saturate S.")
        @Option(parsing: .unconditional, help: "20 comma- or space-separated numbers.") var matrix: String?
        @Option(parsing: .unconditional, help: "Saturation (1 = unchanged, 0 = grey, > 1 more vivid).", transform: CommandLineInput.decimal) var saturate: Double?
        @OptionGroup var files: Files

        func validate() throws {
            _ = try matrixValues()
            if let saturate { _ = try CommandLineInput.check(saturate, "--saturate", in: FilterCommand.saturationRange) }
            guard (matrix == nil) != (saturate == nil) else { throw ValidationError("give exactly one of --matrix or --saturate") }
        }

        /// The 20 numbers of `--matrix`, each in ``FilterCommand/matrixEntryRange``; nil without `--matrix`.
        func matrixValues() throws -> [Double]? {
            guard let matrix else { return nil }
            let parts = matrix.split(whereSeparator: { $0 == "," || $0 == " " })
            guard parts.count == 20 else { throw ValidationError("--matrix needs 20 numbers; got \(parts.count)") }
            return try parts.enumerated().map { index, part in
                let value = try CommandLineInput.number(part, "--matrix")
                return try CommandLineInput.check(value, "--matrix number \(index + 1)", in: FilterCommand.matrixEntryRange)
            }
        }

        func run() throws {
            let filter: ColorMatrix
            if let values = try matrixValues() {
                filter = try ColorMatrix(values)
            } else {
                filter = try ColorMatrix.saturation(saturate ?? 1)
            }
            try files.write(filter.applied(to: files.read()))
        }
    }
}
