/// A coverage sink that paints: shades the covered pixels, multiplies coverage by the clip mask and
/// composites onto the destination.
///
/// Source-over with a solid colour (the common case) never builds a source row: spans of full coverage with
/// an opaque colour are plain stores, other spans blend one constant. The copy blend of a solid colour
/// (cutting a shape into a layer) stores it where coverage is full and mixes it in elsewhere, also without a
/// source row. Other paints and span blenders go through a row of shaded pixels and a row of coverage.
struct PaintBlitter: CoverageSink {
    let destination: MutablePixmapView
    let shader: Shader
    /// The clip mask's bytes (row-major, `destination.width` per row), or `nil` for no clip.
    let clip: UnsafePointer<UInt8>?
    let blender: SpanBlender
    /// Scratch rows, at least `destination.width` long, owned by the caller.
    let sourceRow: UnsafeMutablePointer<UInt32>
    let coverageRow: UnsafeMutablePointer<UInt8>
    /// The solid colour when `shader` is `.solid` and the blender is source-over.
    private let fastColor: UInt32?
    /// The solid colour when `shader` is `.solid` and the blender is the copy blend.
    private let copyColor: UInt32?

    init(
        destination: MutablePixmapView, shader: Shader, clip: UnsafePointer<UInt8>?, blender: SpanBlender,
        sourceRow: UnsafeMutablePointer<UInt32>, coverageRow: UnsafeMutablePointer<UInt8>
    ) {
        self.destination = destination
        self.shader = shader
        self.clip = clip
        self.blender = blender
        self.sourceRow = sourceRow
        self.coverageRow = coverageRow
        if case .solid(let color) = shader, blender.isSourceOver { fastColor = color } else { fastColor = nil }
        if case .solid(let color) = shader, blender.isCopy { copyColor = color } else { copyColor = nil }
    }

    @inline(__always)
    private func pixels(_ y: Int, _ x: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(destination.row(y) + 4 * x).assumingMemoryBound(to: UInt32.self)
    }

    mutating func blitSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        if let clip {
            let mask = clip + y * destination.width + x
            for i in 0..<count { coverageRow[i] = PackedPixel.multiply(mask[i], coverage) }
            composite(y: y, x: x, count: count)
            return
        }
        if let color = fastColor {
            let d = pixels(y, x)
            let s = coverage == 255 ? color : PackedPixel.scale(color, UInt32(coverage))
            if s >> 24 == 255 {
                d.update(repeating: s, count: count)
            } else if s != 0 {
                // One constant source: the per-pixel work is a single packed multiply-add.
                SolidSpan.sourceOver(s, onto: d, count: count)
            }
            return
        }
        if let color = copyColor {
            // The copy blend of one colour: full coverage stores it, partial coverage mixes it in.
            let d = pixels(y, x)
            if coverage == 255 {
                d.update(repeating: color, count: count)
            } else if coverage != 0 {
                for i in 0..<count { d[i] = PackedPixel.mix(d[i], color, UInt32(coverage)) }
            }
            return
        }
        coverageRow.update(repeating: coverage, count: count)
        composite(y: y, x: x, count: count)
    }

    mutating func blitCells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        if let clip {
            let mask = clip + y * destination.width + x
            for i in 0..<count { coverageRow[i] = PackedPixel.multiply(mask[i], coverage[i]) }
        } else if let color = fastColor {
            let d = pixels(y, x)
            // No branch on the coverage: scale(color, 255) is color and sourceOver(0, d) is d, bit for bit, so
            // full and empty cells need no cases of their own. Measured reason: W5 (a stroke's edge cells, whose
            // coverage changes from cell to cell) ran 2–3 % faster without the two shortcuts (minimum of 31–41
            // runs, seven interleaved runs of each binary); perf had put a third of this loop's samples just
            // after the coverage tests.
            for i in 0..<count {
                d[i] = PackedPixel.sourceOver(PackedPixel.scale(color, UInt32(coverage[i])), d[i])
            }
            return
        } else if let color = copyColor {
            let d = pixels(y, x)
            for i in 0..<count {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                d[i] = c == 255 ? color : PackedPixel.mix(d[i], color, c)
            }
            return
        } else {
            coverageRow.update(from: coverage, count: count)
        }
        composite(y: y, x: x, count: count)
    }

    /// Shades `count` pixels and composites them with the coverage in `coverageRow`.
    private func composite(y: Int, x: Int, count: Int) {
        shader.shade(y: y, x: x, count: count, into: sourceRow)
        let d = pixels(y, x)
        if blender.isSourceOver {
            SpanBlender.sourceOverSpan(sourceRow, coverageRow, d, count)
        } else {
            blender.span(sourceRow, coverageRow, d, count)
        }
    }
}
