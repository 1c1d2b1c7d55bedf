import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// A multi-pass goo image (the passes of a `GooStack`, composited source-over in order) that, from one
/// render to the next, re-renders only the part its changed shapes can reach.
///
/// Each pass's pixels depend only on its shapes within ``reach(_:softening:scale:)`` device pixels (the
/// blur's kernel and its reduction grid, plus the edge softening's mask and blur). So when the passes'
/// shapes change, the pixels that can change form the region ``changedRegion(from:to:scale:softening:)``;
/// they are recomputed from a patch of the shapes covering that region plus the reach on every side, its
/// origin on a multiple of ``alignment`` pixels (a multiple of every reduction factor, so the reduced blur
/// samples the same grid as a whole-image render).
///
/// Guarantees:
/// - After any sequence of renders, ``image`` equals byte for byte what a `GooStack` renders from the
///   last passes (tested over the controls' animations).
/// - A render whose size, scale, softening, pass count or goo parameters differ from the previous one
///   renders everything.
/// - Memory budget: for `n` passes of `w×h` pixels, at most `n` pass images and one composite of
///   `w×h×4` bytes, plus one `GooLayer` per pass for patches (a patch is at most the whole image) with
///   its blur and softening workspaces. Nothing grows with the number of frames; ``removeAll()`` frees
///   the images.
///
/// A reference type because it is a place (buffers); not `Sendable`: use one per rendering thread.
final class IncrementalGooStack {
    /// The composite of the last render, or `nil` before the first.
    private(set) var image: Pixmap?
    /// Renders that recomputed the whole image, and renders that recomputed a patch.
    private(set) var fullRenders = 0
    private(set) var patchRenders = 0

    /// Patch origins are multiples of this many pixels.
    static let alignment = 16

    private struct Rendered {
        var size: Size
        var scale: Double
        var passes: [GooStack.Pass]
        var softening: EdgeSoftening?
        var width: Int
        var height: Int
    }

    private var rendered: Rendered?

    /// The passes of the last render, or `nil` when the next render is whole.
    var passes: [GooStack.Pass]? { image == nil ? nil : rendered?.passes }
    /// Each pass's own image as of the last render (whole-image size).
    private(set) var passImages: [Pixmap] = []
    /// One goo layer per pass.
    private(set) var layers: [GooLayer] = []

    /// How every pass is computed (see `GooLayer.method`). With ``GooLayer/Method/analytic`` every render is
    /// whole: the analytic path's interpolation grid is anchored to the image it renders into, and a patch
    /// has not been shown to land on the same grid byte for byte.
    var method: GooLayer.Method = .blur {
        didSet { if method != oldValue { removeAll() } }
    }

    init() {}

    /// Forgets every image (the next render is whole).
    func removeAll() {
        image = nil
        passImages = []
        rendered = nil
    }

    /// How far (device pixels) a change of coverage can move a pass's output: the blur kernel (4σ) plus
    /// two cells of the coarsest reduction grid (8 px) either way, the softening's mask blur and variable
    /// blur (7σ of the softening), and a margin of 4.
    static func reach(_ parameters: GooParameters, softening: EdgeSoftening?, scale: Double) -> Int {
        let sigma = Swift.max(parameters.blurRadius, 0) * scale
        let soft = Swift.max(softening?.sigma ?? 0, 0) * scale
        let value = (4 * sigma + 7 * soft).rounded(.up) + 28
        return value.isFinite ? Int(Swift.min(value, 16384)) : 16384
    }

    /// The device pixels (of an image `scale` pixels per point) whose goo can differ between `old` and
    /// `new`: the area where the shapes' coverage differs, grown by the reach; `nil` when nothing differs.
    /// Passes whose goo settings differ count as changed everywhere they draw.
    static func changedRegion(from old: [GooStack.Pass], to new: [GooStack.Pass], scale: Double,
                              softening: EdgeSoftening?) -> PixelRect? {
        var out: PixelRect? = nil
        for i in 0..<Swift.max(old.count, new.count) {
            let a = i < old.count ? old[i] : nil, b = i < new.count ? new[i] : nil
            if a == b { continue }
            var changed: Rect? = nil
            if let a, let b, a.parameters == b.parameters {
                for j in 0..<Swift.max(a.shapes.count, b.shapes.count) {
                    let s = j < a.shapes.count ? a.shapes[j] : nil, t = j < b.shapes.count ? b.shapes[j] : nil
                    if s == t { continue }
                    changed = union(changed, difference(s, t))
                }
            } else {
                for shape in (a?.shapes ?? []) + (b?.shapes ?? []) { changed = union(changed, shape.bounds) }
            }
            guard let changed else { continue }
            let reach = Self.reach((b ?? a)!.parameters, softening: softening, scale: scale)
            let box = PixelRect.enclosing(AffineTransform(scale: scale).apply(to: changed))
            out = out.union(box?.expanded(by: reach))
        }
        return out
    }

    /// Where the coverage of `a` and `b` (either absent) can differ: for two capsules sharing one end (a
    /// fill growing from a fixed start), the span between their free ends' caps; otherwise both boxes.
    private static func difference(_ a: GooShape?, _ b: GooShape?) -> Rect? {
        if case .capsule(let r)? = a, case .capsule(let s)? = b, r.minY == s.minY, r.height == s.height,
           r.width >= r.height, s.width >= s.height {
            let cap = r.height / 2 + 1
            if r.minX == s.minX {
                let lo = Swift.min(r.maxX, s.maxX) - cap, hi = Swift.max(r.maxX, s.maxX)
                return Rect(x: lo, y: r.minY, width: hi - lo, height: r.height)
            }
            if r.maxX == s.maxX {
                let lo = Swift.min(r.minX, s.minX), hi = Swift.max(r.minX, s.minX) + cap
                return Rect(x: lo, y: r.minY, width: hi - lo, height: r.height)
            }
        }
        return union(a?.bounds, b?.bounds)
    }

    private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// Renders `passes` into ``image`` and returns the device rect of ``image`` that may have changed since
    /// the previous render (the whole image after a whole render; `nil` when nothing changed).
    /// - Throws: as `GooLayer.render(size:scale:parameters:shapes:softening:)`; the next render is then whole.
    @discardableResult
    func render(size: Size, scale: Double, passes: [GooStack.Pass], softening: EdgeSoftening?) throws(LiquidError) -> PixelRect? {
        if method == .blur, let last = rendered, image != nil, last.size == size, last.scale == scale, last.softening == softening,
           last.passes.count == passes.count,
           zip(last.passes, passes).allSatisfy({ $0.parameters == $1.parameters }) {
            guard let region = Self.changedRegion(from: last.passes, to: passes, scale: scale, softening: softening)?
                .intersection(PixelRect(x: 0, y: 0, width: last.width, height: last.height))
            else {
                rendered?.passes = passes
                return nil
            }
            if try renderPatch(region, size: size, scale: scale, passes: passes, softening: softening) {
                rendered?.passes = passes
                return region
            }
        }
        return try renderWhole(size: size, scale: scale, passes: passes, softening: softening)
    }

    private func renderWhole(size: Size, scale: Double, passes: [GooStack.Pass],
                             softening: EdgeSoftening?) throws(LiquidError) -> PixelRect {
        rendered = nil
        image = nil
        passImages = []
        while layers.count < passes.count { layers.append(GooLayer()) }
        for (pass, layer) in zip(passes, layers) {
            layer.method = method
            try layer.render(size: size, scale: scale, parameters: pass.parameters, shapes: pass.shapes, softening: softening)
            guard let pixmap = layer.image else { continue }
            passImages.append(pixmap)
        }
        var composite = try Pixmap(size: size, scale: scale)
        try RenderProfiler.measure(.composite) { () throws(LiquidError) in
            try composite.withMutableView { (view) throws(LiquidError) in
                for pass in passImages { try pass.withView { (source) throws(LiquidError) in try view.composite(source) } }
            }
        }
        fullRenders += 1
        image = composite
        rendered = Rendered(size: size, scale: scale, passes: passes, softening: softening,
                            width: composite.width, height: composite.height)
        return composite.bounds
    }

    /// Re-renders `region` of every pass from a patch; `false` (nothing changed) when the patch cannot be
    /// placed exactly on the pixel grid, so the caller renders whole.
    private func renderPatch(_ region: PixelRect, size: Size, scale: Double, passes: [GooStack.Pass],
                             softening: EdgeSoftening?) throws(LiquidError) -> Bool {
        guard var composite = image, passImages.count == passes.count else { return false }
        let bounds = composite.bounds
        let reach = passes.map { Self.reach($0.parameters, softening: softening, scale: scale) }.max() ?? 0
        let n = Self.alignment
        let grown = region.expanded(by: reach)
        let x0 = Swift.max(grown.x / n * n, 0), y0 = Swift.max(grown.y / n * n, 0)
        guard let patch = PixelRect(x: x0, y: y0, width: grown.maxX - x0, height: grown.maxY - y0).intersection(bounds)
        else { return false }
        // The patch is drawn with the shapes shifted by whole pixels; bail out unless the shift and size
        // survive the round trip through points exactly.
        let shiftX = Double(patch.x) / scale, shiftY = Double(patch.y) / scale
        let patchSize = Size(width: Double(patch.width) / scale, height: Double(patch.height) / scale)
        guard shiftX * scale == Double(patch.x), shiftY * scale == Double(patch.y),
              Int((patchSize.width * scale).rounded(.up)) == patch.width,
              Int((patchSize.height * scale).rounded(.up)) == patch.height
        else { return false }
        let inner = region.offsetBy(dx: -patch.x, dy: -patch.y)
        image = nil
        for i in passes.indices {
            let pass = passes[i], layer = layers[i]
            try layer.render(size: patchSize, scale: scale, parameters: pass.parameters, softening: softening) { canvas in
                canvas.translate(x: -shiftX, y: -shiftY)
                for shape in pass.shapes { shape.fill(on: &canvas, paint: .color(.white)) }
            }
            guard let patchImage = layer.image else { continue }
            RenderProfiler.measure(.blits) {
                passImages[i].withMutableRegion(region) { destination in
                    patchImage.withView { destination.copy(from: $0.region(inner)) }
                }
            }
        }
        try RenderProfiler.measure(.composite) { () throws(LiquidError) in
            try composite.withMutableRegion(region) { (view) throws(LiquidError) in
                view.fill(.transparent)
                for pass in passImages {
                    try pass.withView { (source) throws(LiquidError) in try view.composite(source.region(region)) }
                }
            }
        }
        patchRenders += 1
        image = composite
        return true
    }
}
