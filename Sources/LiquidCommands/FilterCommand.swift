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

        /// Reads and decodes the input. With `bytesPerPixel` (the filter's peak memory per input pixel), an
        /// image whose filter would need more than ``FilterCommand/memoryBudget`` is refused from its header,
        /// before any pixel memory is allocated.
        func read(bytesPerPixel: Int = FilterCommand.plainBytesPerPixel, doing what: String = "filter") throws -> Pixmap {
            let name = input == "-" ? "standard input" : "'\(input)'"
            let bytes = try ImageFileIO.readAll(input, allowsStandardInput: input == "-")
            if let header = try? PNG.Header(parsing: bytes), header.width <= Pixmap.maximumSide,
               header.height <= Pixmap.maximumSide {
                // Both sides are at most 16 384, so the product of the three cannot overflow.
                let need = header.width * header.height * bytesPerPixel
                if need > FilterCommand.memoryBudget {
                    let limit = FilterCommand.memoryBudget / bytesPerPixel / 1_000_000
                    throw LiquidError.image("\(name): to \(what) a \(header.width)×\(header.height) image takes about "
                        + "\(need >> 20) MB, more than the \(FilterCommand.memoryBudget >> 20) MB a filter may use "
                        + "(about \(limit) megapixels at most)")
                }
            }
            do { return try PNG.decode(bytes) } catch {
                throw error.kind == .malformed ? LiquidError.image("\(name): \(error.message)") : error
            }
        }

        func write(_ image: Pixmap) throws { try PNG.write(image, to: output) }
    }

    enum Edge: String, ExpressibleByArgument, CaseIterable {
        case clamp, transparent
        var mode: EdgeMode { self == .clamp ? .clamp : .transparent }
    }

    /// The most memory one filter run may take: the render's budget (docs/command-line.md).
    static let memoryBudget = 1536 << 20
    /// Peak memory per input pixel, measured (maximum resident size over a 4096 × 4096 input, rounded up):
    /// the decoded image, the filtered copy and the PNG encoder's buffers, plus each filter's scratch.
    static let plainBytesPerPixel = 11
    /// A blur at full resolution (σ below 2.5) keeps two four-channel float images.
    static let fullResolutionBlurBytesPerPixel = 43
    /// A reduced blur, or a goo whose alpha-only blur runs at full resolution.
    static let reducedBlurBytesPerPixel = 19
    /// The input, the map and the output.
    static let displaceBytesPerPixel = 23

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
            let perPixel = blur.runsAtFullResolution ? FilterCommand.fullResolutionBlurBytesPerPixel
                : FilterCommand.reducedBlurBytesPerPixel
            try files.write(blur.applied(to: files.read(bytesPerPixel: perPixel, doing: "blur")))
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
            if luma != nil, softness != 0 { throw ValidationError("--softness applies to --alpha only, not to --luma") }
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
        @Option(parsing: .unconditional, help: "Blur σ in pixels (default 12).", transform: CommandLineInput.decimal) var sigma: Double?
        @Option(parsing: .unconditional, help: "Alpha threshold in 0…1 (default 0.5).", transform: CommandLineInput.decimal) var threshold: Double?
        @Option(parsing: .unconditional, help: "Width of a smooth edge around the threshold, 0…1 (default 0).", transform: CommandLineInput.decimal) var softness: Double?
        @Option(help: "Colour of the result (default #000000).") var color: String?
        @Flag(help: "Apply the SVG goo colour matrix instead of blur + threshold (takes none of the options above).") var matrix = false
        @OptionGroup var files: Files

        func validate() throws {
            if let sigma { _ = try CommandLineInput.check(sigma, "--sigma", in: FilterCommand.sigmaRange) }
            if let threshold { _ = try CommandLineInput.check(threshold, "--threshold", in: FilterCommand.fractionRange) }
            if let softness { _ = try CommandLineInput.check(softness, "--softness", in: FilterCommand.fractionRange) }
            if let color { _ = try FilterCommand.color(color, flag: "--color") }
            if matrix {
                let given = [("--sigma", sigma != nil), ("--threshold", threshold != nil), ("--softness", softness != nil),
                             ("--color", color != nil)].filter(\.1).map(\.0)
                if let first = given.first { throw ValidationError("\(first) does not apply to --matrix (the colour matrix is fixed)") }
            }
        }

        func run() throws {
            if matrix {
                try files.write(ColorMatrix.goo.applied(to: files.read()))
                return
            }
            let goo = try LiquidRaster.Goo(sigma: sigma ?? 12, threshold: threshold ?? 0.5, edgeWidth: softness ?? 0,
                                           color: FilterCommand.color(color ?? "#000000", flag: "--color"))
            let perPixel = goo.blur.runsAtFullResolution ? FilterCommand.reducedBlurBytesPerPixel
                : FilterCommand.plainBytesPerPixel
            try files.write(goo.applied(to: files.read(bytesPerPixel: perPixel, doing: "goo")))
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
            let source = try files.read(bytesPerPixel: FilterCommand.displaceBytesPerPixel, doing: "displace")
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
