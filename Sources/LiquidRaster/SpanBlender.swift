/// How drawn pixels combine with the pixels already in the destination.
///
/// The canvas hands a span blender one span at a time: the paint's premultiplied source pixels, the coverage
/// of the shape (already multiplied by the clip), and the destination pixels to update in place. Pixels are
/// premultiplied RGBA8 packed little-endian into `UInt32` (R in the low byte, A in the high byte), the
/// memory layout of ``Pixmap``.
///
/// ``sourceOver`` and ``copy`` are built in (with dedicated fast paths inside the canvas). Other blend modes plug in through
/// ``init(name:span:)``; a correct span function computes, per pixel, `result = c·B(src, dst) + (1 − c)·dst`
/// where `c = coverage / 255` and `B` is the blend mode's full-coverage result, and must leave every pixel
/// valid (each colour channel ≤ alpha).
package struct SpanBlender: Sendable, CustomStringConvertible {
    /// Composites `count` pixels: `source[i]` with coverage `coverage[i]` onto `destination[i]`.
    package typealias SpanFunction = @Sendable (
        _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>,
        _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
    ) -> Void

    /// A name for descriptions and debugging.
    package let name: String
    /// The per-span function.
    package let span: SpanFunction
    /// Whether this is the built-in source-over, which the canvas replaces by its fast paths.
    let isSourceOver: Bool
    /// Whether this is the built-in ``copy``, which the canvas replaces by a fast path for solid colours.
    let isCopy: Bool

    /// A span blender from a span function (see the type's documentation for the contract).
    package init(name: String, span: @escaping SpanFunction) {
        self.name = name
        self.span = span
        self.isSourceOver = false
        self.isCopy = false
    }

    private init(builtIn name: String, span: @escaping SpanFunction, sourceOver: Bool, copy: Bool) {
        self.name = name
        self.span = span
        self.isSourceOver = sourceOver
        self.isCopy = copy
    }

    /// Porter–Duff source-over (the normal blend mode): `src·c + dst·(1 − αsrc·c)`.
    package static let sourceOver = SpanBlender(builtIn: "source-over", span: SpanBlender.sourceOverSpan,
                                                sourceOver: true, copy: false)

    /// The copy blend with coverage: `dst + c·(src − dst)` per channel, rounded to nearest
    /// (``PackedPixel/mix(_:_:_:)``) — full coverage replaces the destination, partial coverage mixes.
    package static let copy = SpanBlender(builtIn: "copy", span: SpanBlender.copySpan, sourceOver: false, copy: true)

    /// The reference span function of ``copy``.
    static let copySpan: SpanFunction = { source, coverage, destination, count in
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            destination[i] = c == 255 ? source[i] : PackedPixel.mix(destination[i], source[i], c)
        }
    }

    /// The reference span function of ``sourceOver``.
    static let sourceOverSpan: SpanFunction = { source, coverage, destination, count in
        for i in 0..<count {
            let c = coverage[i]
            if c == 0 { continue }
            let s = c == 255 ? source[i] : PackedPixel.scale(source[i], UInt32(c))
            destination[i] = PackedPixel.sourceOver(s, destination[i])
        }
    }

    package var description: String { "SpanBlender(\(name))" }
}
