#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// Renders a ``LiquidSwitchPose`` into an offscreen image, the back-port's metaball way, and keeps it until
/// the pose (or the pixel grid) changes:
/// 1. **goo**: the track capsule and the thumb capsule, drawn opaque, blurred (σ 3 pt) and alpha-thresholded
///    at 0.69 into the track colour (`GooParameters.liquidSwitch`), then edge-softened by the pose's
///    `EdgeSoftening` — a thumb that grows beyond the track fuses with it like a droplet.
///    Both shapes are drawn grown by σ·Φ⁻¹(0.69) ≈ 1.49 pt, the distance a straight edge moves inward
///    under that threshold, so the result keeps the nominal sizes.
/// 2. **drop shadow**: a blurred capsule baked once per rest size and scale, stretched under the thumb.
/// 3. **copy hole**: the thumb (inset by the pressed rim) cut into the result with the copy blend
///    (`CopyHole`), filled with the thumb colour — opaque at rest, glassy while pressed, so a pressed thumb
///    shows what is behind the switch rather than the track.
/// 4. **shading**: `BakedShading` baked once at the thumb's rest size (`BakedShadingCache`) and stretched
///    over the current (scaled, jiggled) thumb, multiply then screen (a stretched blit).
///
/// Pixel grid: the image is rendered for a device scale and a sub-pixel phase (the fractional device
/// position of the layer's origin, quantised to 1/64 px), so it lands on whole device pixels and is
/// composited without resampling (a pixel-aligned blit). The compositor's update renders a changed pose
/// once (``update(_:size:device:)``); each tile it redraws then draws the same image
/// (``placedImage(_:size:device:)``; ``renderCount`` counts renders). The goo pass's coverage is analytic by default (``gooMethod``); `glass.g3.switch`
/// against `glass.g3.switch.blur` shows that most of a frame is now the rest: edge softening, hole and
/// shading.
///
/// Not `Sendable`: it owns scratch buffers; ``LiquidSwitchDrawing`` keeps it behind a lock.
final class LiquidSwitchRenderer {
    /// The goo pass's blur and threshold (the colour comes from the pose).
    static let goo = GooParameters.liquidSwitch(color: .black)
    /// The thumb's drop shadow: blur σ and downward offset, points.
    static let shadowSigma = 2.0
    static let shadowOffset = 1.0

    /// How far every goo shape is grown so that thresholding at 0.69 leaves it at its nominal size.
    static let gooGrowth: Double = goo.blurRadius * inverseNormal(goo.threshold)

    /// Renders performed (cache misses).
    private(set) var renderCount = 0
    /// Counts the changes of the image drawn (a render, or a failure that leaves nothing to draw).
    private(set) var version: UInt64 = 0
    /// The error of the latest render, if it failed (nothing is drawn then).
    private(set) var lastError: LiquidError?

    /// How the goo pass is computed: ``GooLayer/Method/analytic`` (the default; it reproduces the blur
    /// path within 0.5 px at the edge and 1 level on average, see the glass documentation) or the blur path.
    var gooMethod: GooLayer.Method = .analytic {
        didSet {
            if gooMethod != oldValue {
                cached = nil
                version &+= 1
            }
        }
    }
    let gooLayer = GooLayer()
    private let shadingCache = BakedShadingCache(capacity: 4)
    private var shadowCache: (key: ShadowKey, image: Pixmap)?
    private var cached: (key: Key, image: Pixmap)?
    /// Whether the cached image is drawn 1:1 onto device pixels (so a pixel of the image is a pixel of
    /// the screen).
    private var cachedIsAligned = false

    /// What a new pose changes in the drawn image (see ``update(_:size:device:)``).
    enum Change: Equatable {
        /// Not known: redraw the whole layer.
        case whole
        /// Not a pixel differs.
        case none
        /// Only pixels within this rect of the layer's local space (points) differ.
        case rect(Rect)
    }

    private struct Key: Equatable {
        var pose: LiquidSwitchPose
        var size: Size
        var scale: Double
        var phaseX: Double
        var phaseY: Double
    }

    private struct ShadowKey: Equatable {
        var width: Int
        var height: Int
        var scale: Double
    }

    init() {}

    /// Where a layer drawn through `device` (local points → device pixels) puts the image: the cache key's
    /// grid, whether it is axis-aligned, and its placement.
    fileprivate struct Grid {
        var scale: Double
        var phaseX = 0.0, phaseY = 0.0
        var baseX = 0.0, baseY = 0.0
        var axisAligned: Bool
        /// For a rotated or sheared layer: the image's placement in local points.
        var placement = AffineTransform.identity

        /// `nil` for a transform that is not finite or has no positive scale.
        init?(_ device: AffineTransform) {
            guard device.isFinite else { return nil }
            axisAligned = abs(device.b) < 1e-9 && abs(device.c) < 1e-9 && device.a > 0
                && abs(device.a - device.d) < 1e-9 * device.a
            scale = axisAligned ? device.a : abs(device.determinant).squareRoot()
            guard scale > 0, scale.isFinite else { return nil }
            if axisAligned {
                // Halves round to even, so that the phase is the same for every whole-pixel shift of the
                // grid (a tile's canvas is the screen's shifted by whole pixels, possibly past zero).
                let qx = (device.tx * 64).rounded(.toNearestOrEven) / 64
                let qy = (device.ty * 64).rounded(.toNearestOrEven) / 64
                baseX = qx.rounded(.down)
                baseY = qy.rounded(.down)
                phaseX = qx - baseX
                phaseY = qy - baseY
                placement = AffineTransform(translationX: (baseX - qx) / scale, y: (baseY - qy) / scale)
            }
        }
    }

    /// The image of `pose` for a layer of `size` points drawn through `device` (local points → device
    /// pixels), rendering first unless the cached image is this pose on this grid, and where it goes.
    ///
    /// When `device` is a uniform scale and a translation, the image is rendered on the device grid and
    /// goes 1:1 onto whole pixels; otherwise (a rotated or sheared layer) it is rendered at the
    /// transform's mean scale and resampled. A render error gives `nil` and is kept in ``lastError``.
    func placedImage(_ pose: LiquidSwitchPose, size: Size, device: AffineTransform) -> PlacedImage? {
        guard let grid = Grid(device) else { return nil }
        let key = Key(pose: pose, size: size, scale: grid.scale, phaseX: grid.phaseX, phaseY: grid.phaseY)
        let image: Pixmap
        if let cached, cached.key == key {
            image = cached.image
        } else {
            guard let fresh = renderAndKeep(key, aligned: grid.axisAligned) else { return nil }
            image = fresh
        }
        return PlacedImage(image: image, grid: grid)
    }

    /// An image and where it goes on a canvas (see ``placedImage(_:size:device:)``).
    struct PlacedImage {
        fileprivate let image: Pixmap
        fileprivate let grid: Grid

        /// Draws the image: a pixel-aligned blit, or resampled through the placement.
        func draw(on canvas: inout Canvas) {
            if grid.axisAligned {
                canvas.drawImage(image, atPixelX: Int(grid.baseX), y: Int(grid.baseY))
            } else {
                canvas.drawImage(image, transform: grid.placement)
            }
        }
    }

    /// Renders `key` and keeps it as the cached image; on failure records the error, drops the cache and
    /// returns `nil`.
    private func renderAndKeep(_ key: Key, aligned: Bool) -> Pixmap? {
        version &+= 1
        do throws(LiquidError) {
            let image = try render(key)
            lastError = nil
            cached = (key, image)
            cachedIsAligned = aligned
            return image
        } catch {
            lastError = error
            cached = nil
            return nil
        }
    }

    /// Renders `pose` for a layer of `size` points drawn through `device` unless the cached image is
    /// already that, and says which part of the image changed from the cached one: the compositor redraws
    /// only that part of the layer, so a moving thumb redraws the screen only around itself. Later draws
    /// on the same grid use this image.
    ///
    /// Exact by construction: the rect bounds every pixel whose bytes differ between the two images
    /// (compared, not estimated). ``Change/whole`` when there is no earlier image, the size or grid
    /// differs, the image is resampled (a rotated or sheared layer) or the render failed.
    func update(_ pose: LiquidSwitchPose, size: Size, device: AffineTransform) -> Change {
        guard let grid = Grid(device) else { return .whole }
        let key = Key(pose: pose, size: size, scale: grid.scale, phaseX: grid.phaseX, phaseY: grid.phaseY)
        let previous = cached, previousAligned = cachedIsAligned
        if let previous, previous.key == key { return .none }
        guard let image = renderAndKeep(key, aligned: grid.axisAligned) else { return .whole }
        guard let previous, previousAligned, grid.axisAligned, previous.key.size == size, previous.key.scale == key.scale,
              previous.key.phaseX == key.phaseX, previous.key.phaseY == key.phaseY else { return .whole }
        guard let box = Self.differingPixels(previous.image, image) else { return .none }
        // Image pixel i covers local points [(i − phase) / scale, (i + 1 − phase) / scale); one pixel more
        // on every side absorbs the phase's quantisation to 1/64 px.
        let scale = key.scale
        return .rect(Rect(x: (Double(box.x) - key.phaseX - 1) / scale, y: (Double(box.y) - key.phaseY - 1) / scale,
                          width: Double(box.width + 2) / scale, height: Double(box.height + 2) / scale))
    }

    /// The bounding box of the pixels whose bytes differ between two images, or `nil` when none differs
    /// (the whole image when the sizes differ).
    static func differingPixels(_ a: Pixmap, _ b: Pixmap) -> PixelRect? {
        guard a.width == b.width, a.height == b.height else { return b.bounds }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let w = a.width
        a.withView { va in
            b.withView { vb in
                for y in 0..<a.height {
                    let ra = UnsafeRawPointer(va.row(y)), rb = UnsafeRawPointer(vb.row(y))
                    if memcmp(ra, rb, 4 * w) == 0 { continue }
                    var first = 0
                    while ra.loadUnaligned(fromByteOffset: 4 * first, as: UInt32.self)
                        == rb.loadUnaligned(fromByteOffset: 4 * first, as: UInt32.self) { first += 1 }
                    var last = w - 1
                    while ra.loadUnaligned(fromByteOffset: 4 * last, as: UInt32.self)
                        == rb.loadUnaligned(fromByteOffset: 4 * last, as: UInt32.self) { last -= 1 }
                    minX = Swift.min(minX, first)
                    maxX = Swift.max(maxX, last)
                    minY = Swift.min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    // MARK: Rendering

    private func render(_ key: Key) throws(LiquidError) -> Pixmap {
        renderCount += 1
        let pose = key.pose, scale = key.scale
        let shift = AffineTransform(translationX: key.phaseX / scale, y: key.phaseY / scale)
        // One extra pixel on each axis holds the sub-pixel shift.
        let size = Size(width: key.size.width + 1 / scale, height: key.size.height + 1 / scale)
        var parameters = Self.goo
        parameters.color = pose.trackColor
        let growth = Self.gooGrowth
        let track = GooShape.capsule(pose.trackRect.insetBy(dx: -growth, dy: -growth))
        let thumbShape = GooShape.capsule(pose.thumbRect.insetBy(dx: -growth, dy: -growth))
        gooLayer.method = gooMethod
        if gooMethod == .analytic {
            let dx = key.phaseX / scale, dy = key.phaseY / scale
            try gooLayer.render(size: size, scale: scale, parameters: parameters,
                                shapes: [track.offsetBy(dx: dx, dy: dy), thumbShape.offsetBy(dx: dx, dy: dy)],
                                softening: pose.softening)
        } else {
            try gooLayer.render(size: size, scale: scale, parameters: parameters, softening: pose.softening) { canvas in
                canvas.transform = shift
                track.fill(on: &canvas, paint: .color(.white))
                thumbShape.fill(on: &canvas, paint: .color(.white))
            }
        }
        guard let goo = gooLayer.image else { throw .invalidSize("the goo pass produced no image") }
        var pixmap = goo

        let thumb = pose.visibleThumbRect
        // A rectangle of the image's points in the image's device pixels.
        func device(_ r: Rect) -> Rect {
            Rect(x: r.minX * scale + key.phaseX, y: r.minY * scale + key.phaseY,
                 width: r.width * scale, height: r.height * scale)
        }
        let rest = pose.restThumbSize
        if thumb.width > 0, thumb.height > 0, rest.width > 0, rest.height > 0 {
            let sx = thumb.width / rest.width, sy = thumb.height / rest.height
            if pose.shadowOpacity > 0 {
                let shadow = try shadowImage(restSize: rest, scale: scale)
                let margin = 3 * Self.shadowSigma, points = shadow.sizeInPoints
                let rect = Rect(x: thumb.minX - margin * sx, y: thumb.minY - margin * sy + Self.shadowOffset,
                                width: points.width * sx, height: points.height * sy)
                RenderProfiler.measure(.shadow) {
                    pixmap.stretch(shadow, over: device(rect), mode: .normal, opacity: Swift.min(pose.shadowOpacity, 1))
                }
            }
            let baked = try shadingCache.image(for: pose.shading, size: rest, scale: scale)
            RenderProfiler.measure(.shading) {
                CopyHole(shape: .capsule(thumb), color: pose.thumbColor).cut(in: &pixmap, transform: shift)
                let points = baked.multiply.sizeInPoints
                let rect = device(Rect(x: thumb.minX, y: thumb.minY, width: points.width * sx, height: points.height * sy))
                baked.stretch(onto: &pixmap, over: rect)
            }
        }
        return pixmap
    }

    /// A black capsule of `restSize` with a margin of 3σ, blurred with σ = ``shadowSigma``: baked once per
    /// pixel size and scale.
    private func shadowImage(restSize: Size, scale: Double) throws(LiquidError) -> Pixmap {
        let margin = 3 * Self.shadowSigma
        let size = Size(width: restSize.width + 2 * margin, height: restSize.height + 2 * margin)
        let key = ShadowKey(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)),
                            scale: scale)
        if let shadowCache, shadowCache.key == key { return shadowCache.image }
        var canvas = Canvas(try Pixmap(size: size, scale: scale))
        GooShape.capsule(Rect(x: margin, y: margin, width: restSize.width, height: restSize.height))
            .fill(on: &canvas, paint: .color(.black))
        let blur = try GaussianBlur(sigma: Self.shadowSigma * scale, edgeMode: .transparent)
        let image = blur.applied(to: canvas.pixmap)
        shadowCache = (key, image)
        return image
    }

    /// Φ⁻¹(p) for p in (0, 1), by bisection on Φ(z) = ½·erfc(−z/√2).
    static func inverseNormal(_ p: Double) -> Double {
        var lo = -10.0, hi = 10.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if 0.5 * erfc(-mid / 2.0.squareRoot()) < p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
