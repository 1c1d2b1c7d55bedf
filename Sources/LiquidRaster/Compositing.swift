import LiquidGeometry

/// The per-pixel arithmetic behind ``MutablePixmapView/composite(_:mode:opacity:mask:)``.
enum Compositing {
    static func validate(opacity: Double, mask: CoverageMask?, width: Int, height: Int) throws(LiquidError) {
        guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
            throw .invalidParameter("opacity \(opacity) must lie in 0…1")
        }
        if let mask, mask.width != width || mask.height != height {
            throw .invalidSize("a \(mask.width)×\(mask.height) mask does not match the \(width)×\(height) destination")
        }
    }

    private static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

    /// Four bytes R, G, B, A → four 16-bit lanes of a UInt64.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        var x = UInt64(p)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        return (x | (x << 8)) & laneMask
    }

    @inline(__always)
    static func gather(_ x: UInt64) -> UInt32 {
        var y = x & laneMask
        y = (y | (y >> 8)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: y | (y >> 16))
    }

    /// Source-over of packed premultiplied pixels, `s + round(d·(255 − αs)/255)` per channel, with the
    /// four channels in 16-bit lanes of one 64-bit word (each product ≤ 65 025 fits its lane, so the
    /// division trick runs on all four at once). Measured reason: ~2× faster than per-channel code.
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inverse = UInt64(255 - (s >> 24))
        if inverse == 0 { return s }
        let t = spread(d) &* inverse &+ 0x0080_0080_0080_0080
        let scaled = ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
        return gather(scaled &+ spread(s))
    }

    /// ``sourceOver(_:_:)`` for eight pixels: the same per-channel arithmetic with red/blue and green/alpha
    /// in the two 16-bit halves of each lane (every intermediate stays below 2¹⁶, so no half carries into
    /// the other), and the final sum kept to its low byte per channel as the one-pixel form's `gather`.
    @inline(__always)
    static func sourceOver(_ s: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF), round = SIMD8<UInt32>(repeating: 0x0080_0080)
        let inverse = 255 &- (s &>> 24)
        var rb = (d & mask) &* inverse &+ round
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        var ga = ((d &>> 8) & mask) &* inverse &+ round
        ga = ((ga &+ ((ga &>> 8) & mask)) &>> 8) & mask
        let red = ((s & mask) &+ rb) & mask, green = (((s &>> 8) & mask) &+ ga) & mask
        return red | (green &<< 8)
    }
}
