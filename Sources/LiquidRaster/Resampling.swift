import LiquidGeometry

/// Changing an image's pixel size: box downsampling by an integer factor and bilinear upsampling to any
/// size. Both keep premultiplied pixels valid (all weights are non-negative).
package enum Resampling {
    /// Averages each `factor × factor` block into one pixel (rounded to nearest). The result is
    /// ⌈width/factor⌉ × ⌈height/factor⌉; partial blocks at the right and bottom average the pixels they
    /// contain. The scale becomes `scale / factor`.
    /// - Throws: `LiquidError` (`.outOfRange`) naming `factor` when it is < 1.
    /// - Complexity: O(width·height).
    package static func downsampled(_ source: Pixmap, factor: Int) throws(LiquidError) -> Pixmap {
        guard factor >= 1 else { throw .invalidParameter("downsample factor \(factor) must be ≥ 1") }
        if factor == 1 { return source }
        let w = (source.width + factor - 1) / factor, h = (source.height + factor - 1) / factor
        var out = try Pixmap(width: w, height: h, scale: source.scale / Double(factor))
        source.withView { src in
            out.withMutableView { dst in
                for by in 0..<h {
                    let y0 = by * factor, y1 = Swift.min(y0 + factor, src.height)
                    for bx in 0..<w {
                        let x0 = bx * factor, x1 = Swift.min(x0 + factor, src.width)
                        var sum = SIMD4<UInt32>()
                        for y in y0..<y1 {
                            let row = src.row(y)
                            for x in x0..<x1 {
                                let p = row + 4 * x
                                sum &+= SIMD4<UInt32>(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                            }
                        }
                        let count = UInt32((y1 - y0) * (x1 - x0))
                        let rounded = (sum &+ count / 2) / count
                        let p = dst.row(by) + 4 * bx
                        p[0] = UInt8(rounded[0]); p[1] = UInt8(rounded[1])
                        p[2] = UInt8(rounded[2]); p[3] = UInt8(rounded[3])
                    }
                }
            }
        }
        return out
    }

    /// Bilinear resampling to `width × height` with pixel centres aligned (source coordinate
    /// `(x + ½)·sourceWidth/width − ½`), edges clamped. Intended for enlarging; shrinking by more than 2×
    /// aliases (use ``downsampled(_:factor:)`` first). The scale follows the width ratio.
    /// - Throws: `LiquidError` (`.outOfRange`) for an invalid target size.
    /// - Complexity: O(width·height).
    package static func upsampled(_ source: Pixmap, width: Int, height: Int) throws(LiquidError) -> Pixmap {
        var out = try Pixmap(width: width, height: height,
                             scale: source.scale * Double(width) / Double(source.width))
        let sx = Double(source.width) / Double(width), sy = Double(source.height) / Double(height)
        source.withView { src in
            out.withMutableView { dst in
                for y in 0..<height {
                    let fy = Swift.min(Swift.max((Double(y) + 0.5) * sy - 0.5, 0), Double(src.height - 1))
                    let y0 = Int(fy), y1 = Swift.min(y0 + 1, src.height - 1)
                    let ty = Float(fy - Double(y0))
                    for x in 0..<width {
                        let fx = Swift.min(Swift.max((Double(x) + 0.5) * sx - 0.5, 0), Double(src.width - 1))
                        let x0 = Int(fx), x1 = Swift.min(x0 + 1, src.width - 1)
                        let tx = Float(fx - Double(x0))
                        func load(_ x: Int, _ y: Int) -> SIMD4<Float> { PixelMath.load(src.row(y) + 4 * x) }
                        let upper = (1 - tx) * load(x0, y0) + tx * load(x1, y0)
                        let lower = (1 - tx) * load(x0, y1) + tx * load(x1, y1)
                        PixelMath.store(PixelMath.premultipliedBytes((1 - ty) * upper + ty * lower), dst.row(y) + 4 * x)
                    }
                }
            }
        }
        return out
    }
}
