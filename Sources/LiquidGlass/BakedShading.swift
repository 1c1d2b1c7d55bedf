#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster

/// The shading of a pill (capsule) or rounded rectangle, pre-rendered once per size into two images and
/// composited over the shape every frame: shadows with multiply, highlights with screen. This is how the
/// back-ported controls shade their goo thumb without a per-frame shader.
///
/// What is baked (all inside the shape only, anti-aliased along its outline; outside the shape both images
/// are fully transparent, so compositing leaves those pixels untouched):
/// - the **multiply image**: a bottom inner shadow — the shape's outline shifted up by ``shadowOffset``
///   casts ``shadowColor`` at ``shadowOpacity`` into the shape, fading over ``shadowSoftness`` (a
///   smoothstep of the distance inside the shifted outline), so the bottom edge and the lower sides darken;
/// - the **highlight image** (white, screen): a top gradient of ``highlightOpacity`` at the top edge fading
///   linearly to 0 at ``highlightExtent`` of the height, plus a rim light of ``rimOpacity`` along the
///   upper half of the outline, ``rimWidth`` wide.
///
/// Multiply with a transparent source pixel is exactly neutral and screen with a transparent source pixel is
/// exactly neutral, so shading changes only the pixels it shades. Distances are evaluated analytically
/// (the rounded rectangle's exact signed distance at each pixel centre), so there is no blur to pay.
/// Bake through a ``BakedShadingCache`` to render each size once.
package struct BakedShading: Sendable, Hashable {
    /// Corner radius in points, or `nil` for a capsule (half the shorter side).
    package var cornerRadius: Double?
    /// The straight colour of the inner shadow.
    package var shadowColor: RGBA
    /// Shadow opacity at its darkest (0…1).
    package var shadowOpacity: Double
    /// How far (points) the casting outline is shifted up: the shadow's depth at the bottom edge.
    package var shadowOffset: Double
    /// Width (points) over which the shadow fades inside the shifted outline.
    package var shadowSoftness: Double
    /// Opacity of the top gradient at the top edge (0…1).
    package var highlightOpacity: Double
    /// Fraction (0…1] of the height where the top gradient reaches 0.
    package var highlightExtent: Double
    /// Opacity of the rim light (0…1).
    package var rimOpacity: Double
    /// Width of the rim light in points.
    package var rimWidth: Double

    /// A recipe; the defaults are a soft thumb shading (see ``thumb``).
    package init(cornerRadius: Double? = nil, shadowColor: RGBA = RGBA(red: 0.1, green: 0.12, blue: 0.2),
                shadowOpacity: Double = 0.35, shadowOffset: Double = 1.5, shadowSoftness: Double = 3,
                highlightOpacity: Double = 0.45, highlightExtent: Double = 0.5, rimOpacity: Double = 0.6,
                rimWidth: Double = 1) {
        self.cornerRadius = cornerRadius
        self.shadowColor = shadowColor
        self.shadowOpacity = shadowOpacity
        self.shadowOffset = shadowOffset
        self.shadowSoftness = shadowSoftness
        self.highlightOpacity = highlightOpacity
        self.highlightExtent = highlightExtent
        self.rimOpacity = rimOpacity
        self.rimWidth = rimWidth
    }

    /// The capsule thumb shading used by the switch and the slider.
    package static let thumb = BakedShading()

    /// The two baked images of one size.
    package struct Image: Sendable {
        /// Shadows, premultiplied; composite with ``BlendMode/multiply``.
        package let multiply: Pixmap
        /// Highlights (white), premultiplied; composite with ``BlendMode/screen``.
        package let highlight: Pixmap

        /// Composites the shading onto `destination` with its top-left pixel at (`x`, `y`) (the overlap
        /// only): the multiply image, then the highlight image, both scaled by `opacity`.
        /// - Throws: `LiquidError` (`.outOfRange`) naming `opacity` when it is not in 0…1.
        /// The result equals ``MutablePixmapView/composite(_:mode:opacity:mask:)`` with `.multiply` then `.screen`
        /// (the W3C formulas on premultiplied colour, rounded to nearest, colour clamped to alpha), but
        /// pixels where a baked image is transparent are skipped, since both modes leave them unchanged.
        /// `kernels: .portable` runs the Swift loop only (the same bytes; for tests).
        package func composite(onto destination: MutablePixmapView, x: Int, y: Int, opacity: Double = 1,
                               kernels: KernelSet = .automatic) throws(LiquidError) {
            guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
                throw .invalidParameter("opacity \(opacity) must lie in 0…1")
            }
            RenderProfiler.measure(.shading) {
                if multiply.width == highlight.width, multiply.height == highlight.height {
                    multiply.withView { m in
                        highlight.withView { h in
                            Self.composite(m, h, onto: destination, x: x, y: y, opacity: Float(opacity), kernels: kernels)
                        }
                    }
                } else {
                    multiply.withView { destination.blend($0, x: x, y: y, mode: .multiply, opacity: Float(opacity)) }
                    highlight.withView { destination.blend($0, x: x, y: y, mode: .screen, opacity: Float(opacity)) }
                }
            }
        }

        /// Both images of one size in one pass: per pixel the multiply blend, rounded to bytes, then the
        /// screen blend — the same Float formulas, in the same order, as two `MutablePixmapView.blend` passes
        /// (so the same bytes), reading and writing each destination pixel once and without a per-pixel
        /// dispatch on the blend mode. Measured reason (perf, the goo switch frame): the two generic passes
        /// were a fifth of the frame.
        ///
        /// With `kernels` allowing AVX2 each row runs in the C kernel `lk_shading` first (the same float
        /// operations, two pixels per instruction, four with AVX-512) and this loop finishes its odd pixel.
        /// Measured reason: this pass was a fifth of the goo switch frame after the softening's kernels.
        private static func composite(_ m: PixmapView, _ h: PixmapView, onto destination: MutablePixmapView, x: Int,
                                      y: Int, opacity: Float, kernels: KernelSet) {
            let target = PixelRect(x: 0, y: 0, width: destination.width, height: destination.height)
            guard opacity > 0,
                  let overlap = target.intersection(PixelRect(x: x, y: y, width: m.width, height: m.height)),
                  !overlap.isEmpty
            else { return }
            let scale = opacity / 255
            @inline(__always) func finish(_ r: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
                // PixelMath.premultipliedBytes(PixelMath.clamp(r, 0, 1) * 255), with the colour ≤ alpha limit
                // taken before rounding: rounding is monotone, so round(min(v, a)) = min(round(v), round(a)),
                // the same bytes. Measured reason: `clamped(lowerBound:upperBound:)` compiled to two outlined
                // generic pointwiseMax/pointwiseMin calls per pixel, and the byte-lane limit to scalar moves;
                // float lane selects are a few instructions.
                let c = PixelMath.clamp(r, 0, 1) * 255
                var v = c
                v.replace(with: SIMD4(repeating: c[3]), where: c .> c[3])
                PixelMath.store(PixelMath.roundedBytes(v), p)
            }
            for row in overlap.y..<overlap.maxY {
                let ms = m.row(row - y), hs = h.row(row - y), out = destination.row(row)
                var start = overlap.x
                #if canImport(CLiquidKernels)
                if kernels.usesAVX2 {
                    let offset = 4 * (overlap.x - x)
                    start += Int(lk_shading(out + 4 * overlap.x, ms + offset, hs + offset,
                                            Int32(truncatingIfNeeded: overlap.width), scale, kernels.vectorLevel))
                }
                #endif
                for column in start..<overlap.maxX {
                    let i = 4 * (column - x)
                    let multiplyAlpha = ms[i + 3], highlightAlpha = hs[i + 3]
                    if multiplyAlpha == 0 && highlightAlpha == 0 { continue }
                    let p = out + 4 * column
                    if multiplyAlpha != 0 {
                        let s = PixelMath.load(ms + i) * scale, d = PixelMath.load(p) * (1 / 255)
                        let sa = s[3], da = d[3]
                        var r = s * (1 - da) + d * (1 - sa) + s * d
                        r[3] = sa + da - sa * da
                        finish(r, p)
                    }
                    if highlightAlpha != 0 {
                        let s = PixelMath.load(hs + i) * scale, d = PixelMath.load(p) * (1 / 255)
                        let sa = s[3], da = d[3]
                        var r = s + d - s * d
                        r[3] = sa + da - sa * da
                        finish(r, p)
                    }
                }
            }
        }

        /// Stretches the shading over `rect` — device pixels of `destination`, fractional edges allowed —
        /// as a scale transform would draw a layer shaded at the baked size: the multiply image, then the
        /// highlight image, bilinearly sampled (``MutablePixmapView/stretch(_:over:mode:opacity:kernels:)``).
        /// Pixels outside `rect` are untouched; an empty or non-finite `rect` draws nothing.
        package func stretch(onto destination: inout Pixmap, over rect: Rect) {
            destination.stretch(multiply, over: rect, mode: .multiply, opacity: 1)
            destination.stretch(highlight, over: rect, mode: .screen, opacity: 1)
        }

        /// Composites the shading with its top-left corner at `origin` (points of the destination,
        /// rounded to the nearest pixel); see ``composite(onto:x:y:opacity:)``.
        package func composite(onto destination: inout Pixmap, at origin: Point, opacity: Double = 1) throws(LiquidError) {
            let x = Int((origin.x * destination.scale).rounded()), y = Int((origin.y * destination.scale).rounded())
            try destination.withMutableView { (view) throws(LiquidError) in
                try composite(onto: view, x: x, y: y, opacity: opacity)
            }
        }
    }

    /// Renders the shading for a shape of `size` points at `scale` (the images are `size·scale` pixels,
    /// rounded up, the shape filling them). Prefer ``BakedShadingCache/image(for:size:scale:)``.
    /// - Throws: `LiquidError` (`.outOfRange`) for a bad size or scale; `LiquidError` (`.outOfRange`)
    ///   when a property is not finite.
    package func render(size: Size, scale: Double) throws(LiquidError) -> Image {
        let values = [shadowColor.red, shadowColor.green, shadowColor.blue, shadowColor.alpha, shadowOpacity,
                      shadowOffset, shadowSoftness, highlightOpacity, highlightExtent, rimOpacity, rimWidth,
                      cornerRadius ?? 0]
        guard values.allSatisfy(\.isFinite) else {
            throw .invalidParameter("baked shading \(self) has a non-finite property")
        }
        var multiply = try Pixmap(size: size, scale: scale)
        var highlight = try Pixmap(size: size, scale: scale)
        let w = size.width * scale, h = size.height * scale
        let limit = Swift.min(w, h) / 2
        let radius = Swift.min(Swift.max((cornerRadius ?? .infinity) * scale, 0), limit)
        let shape = RoundedBox(halfWidth: w / 2, halfHeight: h / 2, radius: radius)
        let offset = shadowOffset * scale, softness = Swift.max(shadowSoftness * scale, 1e-9)
        let rim = Swift.max(rimWidth * scale, 1e-9), extent = Swift.max(highlightExtent, 1e-9) * h
        let shadow = shadowColor.clamped()
        let shadowOpacity = Swift.min(Swift.max(self.shadowOpacity, 0), 1)
        let highlightOpacity = Swift.min(Swift.max(self.highlightOpacity, 0), 1)
        let rimOpacity = Swift.min(Swift.max(self.rimOpacity, 0), 1)
        let width = multiply.width, height = multiply.height
        // Every pixel depends on |x| only, so when the shape spans the image's whole pixels exactly the
        // right half mirrors the left one bit for bit (x of column W-1-i is exactly -x of column i): only
        // the left half (and the middle column) is computed. Measured reason (perf, `ui.tabbar.dragged`):
        // baking the growing lens was a third of the frame.
        let mirrored = w == Double(width)
        let columns = mirrored ? (width + 1) / 2 : width
        multiply.withMutableView { m in
            highlight.withMutableView { l in
                for py in 0..<height {
                    // Terms of the row, in the order and form of the per-pixel formulas.
                    let y = Double(py) + 0.5 - h / 2
                    let top = Double(py) + 0.5
                    let gradient = highlightOpacity * Swift.max(1 - top / extent, 0)
                    let upper = Swift.min(Swift.max(-y / (h / 2), 0), 1)
                    let qy = shape.qy(y), qyShifted = shape.qy(y + offset)
                    let mr = m.row(py), lr = l.row(py)
                    for px in 0..<columns {
                        // Pixel centre relative to the shape's centre.
                        let qx = shape.qx(Double(px) + 0.5 - w / 2)
                        let distance = shape.signedDistance(qx: qx, qy: qy)
                        let coverage = Swift.min(Swift.max(0.5 - distance, 0), 1)
                        guard coverage > 0 else { continue }
                        // Inside the outline shifted up by `offset`: the distance inside it, u.
                        let inside = -shape.signedDistance(qx: qx, qy: qyShifted)
                        let shade = shadowOpacity * (1 - smoothstep(inside / softness)) * coverage
                        let multiplied = Self.premultipliedBytes(shadow, alpha: shadow.alpha * shade)
                        let rimLight = rimOpacity * (1 - smoothstep(-distance / rim)) * upper
                        let light = Swift.min(gradient + rimLight, 1) * coverage
                        // White: every channel premultiplies to the alpha byte.
                        let lit = UInt32(Self.quantised(Self.unitClamped(light))) &* 0x0101_0101
                        UnsafeMutableRawPointer(mr + 4 * px).storeBytes(of: multiplied.littleEndian, as: UInt32.self)
                        UnsafeMutableRawPointer(lr + 4 * px).storeBytes(of: lit.littleEndian, as: UInt32.self)
                        if mirrored {
                            let mx = width - 1 - px
                            UnsafeMutableRawPointer(mr + 4 * mx).storeBytes(of: multiplied.littleEndian, as: UInt32.self)
                            UnsafeMutableRawPointer(lr + 4 * mx).storeBytes(of: lit.littleEndian, as: UInt32.self)
                            // Past the corners (qx ≤ 0) of a row outside both straight sides' span (qy and the
                            // shifted qy ≥ 0), both distances are `√(qy²) − radius` whatever qx is (qx ≤ 0 ≤ qy
                            // makes the min-max term zero): the rest of the row up to its mirror is this pixel.
                            // qx only falls towards the middle, so this holds for every column left. Measured
                            // reason: a capsule (the lens, the thumb) then costs its caps, not its width.
                            if qx <= 0, qy >= 0, qyShifted >= 0 {
                                for c in (px + 1)..<Swift.max(mx, px + 1) {
                                    UnsafeMutableRawPointer(mr + 4 * c).storeBytes(of: multiplied.littleEndian, as: UInt32.self)
                                    UnsafeMutableRawPointer(lr + 4 * c).storeBytes(of: lit.littleEndian, as: UInt32.self)
                                }
                                break
                            }
                        }
                    }
                }
            }
        }
        return Image(multiply: multiply, highlight: highlight)
    }

    /// A centred rounded rectangle's exact signed distance (negative inside), in pixels.
    private struct RoundedBox {
        let halfWidth: Double, halfHeight: Double, radius: Double

        /// The horizontal term of the distance for a pixel centre at `x`.
        @inline(__always) func qx(_ x: Double) -> Double { abs(x) - (halfWidth - radius) }
        /// The vertical term of the distance for a pixel centre at `y`.
        @inline(__always) func qy(_ y: Double) -> Double { abs(y) - (halfHeight - radius) }

        @inline(__always) func signedDistance(qx: Double, qy: Double) -> Double {
            let ox = Swift.max(qx, 0), oy = Swift.max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + Swift.min(Swift.max(qx, qy), 0) - radius
        }
    }

    /// `v` clamped to 0…1 as `RGBA.clamped()` clamps (NaN becomes 0).
    @inline(__always) private static func unitClamped(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// `UInt8((v * 255).rounded())` for `v` in 0…1, without the library call.
    @inline(__always) private static func quantised(_ v: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: PixelMath.roundedHalfAway(v * 255))
    }

    /// The packed bytes of `PremultipliedRGBA8(color.withAlpha(alpha))` for a `color` already clamped.
    @inline(__always) private static func premultipliedBytes(_ color: RGBA, alpha: Double) -> UInt32 {
        let a = unitClamped(alpha)
        let qa = quantised(a)
        let r = Swift.min(quantised(color.red * a), qa), g = Swift.min(quantised(color.green * a), qa)
        let b = Swift.min(quantised(color.blue * a), qa)
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(qa) << 24
    }
}
