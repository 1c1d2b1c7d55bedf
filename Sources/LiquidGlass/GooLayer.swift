import LiquidGeometry
import LiquidRaster

/// One metaball ("goo") pass with its scratch memory: shapes drawn offscreen, Gaussian-blurred, alpha-
/// thresholded into one (animatable) colour, optionally edge-softened, then composited onto a destination.
///
/// ```swift
/// let track = GooLayer()                       // keep it: it owns the buffers reused every frame
/// try track.render(size: Size(width: 63, height: 43), scale: 3,
///                  parameters: .liquidSwitch(color: trackColor),
///                  shapes: [.capsule(trackRect), .capsule(thumbRect)],
///                  softening: .liquidSwitch)
/// try track.composite(onto: &frame, at: Point(x: 10, y: 20))
/// ```
///
/// Guarantees:
/// - The result depends only on the coverage (alpha) of what was drawn; the colour drawn is irrelevant.
///   Every output pixel is ``GooParameters/color`` with its alpha scaled by the threshold weight (so the
///   interior is exactly that colour, premultiplied and rounded to nearest), before softening.
/// - At threshold 0.5 a straight edge stays where it was (the blurred step crosses ½ exactly at the edge);
///   a convex edge of radius R moves inward by about σ²/(2R) pixels (σ = `blurRadius·scale`), so shapes
///   much larger than σ keep their size. Shapes closer than about 2σ fuse; a higher threshold shrinks
///   shapes and fuses less.
/// - The layer is offscreen with transparent surroundings: content near its border fades as if more
///   transparent space lay beyond. Give it a margin of about 3σ around content that should not be cut.
/// - Softening runs on the alpha channel alone (the pass has one colour); see
///   ``EdgeSoftening/apply(toSingleColor:color:scale:workspace:)``.
/// - After the first frame at a given pixel size, rendering allocates no image buffers: the offscreen
///   image and the blur and softening workspaces are reused (``bufferAllocations`` counts the image
///   allocations). Keeping a copy of ``image`` across a render makes that render copy the buffer once
///   (copy-on-write); read it or composite it within the frame instead.
///
/// A layer is a reference type because it is a place (buffers) rather than a value; the settings passed
/// per frame are values. It is not `Sendable`: use one per rendering thread.
/// - Complexity: O(pixels) per frame for σ ≥ 2.5 px (the blur runs reduced), plus the drawing.
package final class GooLayer {
    /// The last rendered image (premultiplied, the layer's pixel size), or `nil` before the first render.
    package private(set) var image: Pixmap?
    /// How many times an offscreen image was allocated (a new pixel size or scale); stays put frame to frame.
    package private(set) var bufferAllocations = 0
    /// How a render from ``GooShape``s computes the goo (a render from drawing commands always blurs).
    package enum Method: Sendable, Hashable {
        /// Draw the shapes, Gaussian-blur the coverage and threshold it: any content.
        case blur
        /// ``AnalyticGoo`` when every shape (and the clip) is a capsule, circle or rounded rectangle and
        /// the blur radius is positive; otherwise the blur path.
        case analytic
    }
    /// The method of renders from shapes (default ``Method/blur``).
    package var method: Method = .blur
    /// Whether the last render took the analytic path.
    package private(set) var lastRenderWasAnalytic = false
    private let blurWorkspace = BlurWorkspace()
    private let softeningWorkspace = EdgeSoftening.Workspace()
    private let analyticWorkspace = AnalyticGoo.Workspace()

    /// An empty layer; buffers are created by the first render.
    package init() {}

    /// Renders the shapes drawn by `content` through the goo filter into ``image``.
    ///
    /// `content` draws on a canvas of `size` points at `scale` (coordinates in points, origin top-left)
    /// that starts transparent; draw with any opaque paint — only coverage matters.
    /// - Parameters:
    ///   - softening: an optional final ``EdgeSoftening`` of the thresholded edge.
    /// - Throws: `LiquidError` (`.outOfRange`) for a bad size or scale; `LiquidError` (`.outOfRange`)
    ///   for invalid parameters (see ``GooParameters/goo(scale:)`` and ``EdgeSoftening/apply(to:scale:workspace:)``).
    ///   On a throw ``image`` is left as it was or cleared, never half-filtered.
    package func render(size: Size, scale: Double, parameters: GooParameters, softening: EdgeSoftening? = nil,
                       content: (inout Canvas) -> Void) throws(LiquidError) {
        let goo = try parameters.goo(scale: scale)
        lastRenderWasAnalytic = false
        var pixmap = try RenderProfiler.measure(.gooDraw) { () throws(LiquidError) -> Pixmap in
            var pixmap = try takeClearedImage(size: size, scale: scale)
            pixmap.withCanvas(content)
            return pixmap
        }
        let workspace = blurWorkspace
        RenderProfiler.measure(.blurThreshold) { pixmap.withMutableView { goo.apply(to: $0, workspace: workspace) } }
        try finish(&pixmap, scale: scale, parameters: parameters, softening: softening)
    }

    /// Renders `shapes` (filled opaque, in order, all clipped to `clip` when given) through the goo filter
    /// into ``image``; see ``render(size:scale:parameters:softening:content:)``. With ``method``
    /// ``Method/analytic`` and shapes it knows, the blurred coverage is computed by ``AnalyticGoo``
    /// instead of drawn and blurred (same threshold, same softening).
    package func render(size: Size, scale: Double, parameters: GooParameters, shapes: [GooShape], clip: GooShape? = nil,
                       softening: EdgeSoftening? = nil) throws(LiquidError) {
        if method == .analytic, parameters.blurRadius > 0, let boxes = Self.boxes(shapes, clip: clip, scale: scale) {
            let goo = try parameters.goo(scale: scale)
            guard goo.blur.sigma > 0, goo.threshold.weight(alpha: 0) == 0 else {
                return try renderDrawn(size: size, scale: scale, parameters: parameters, shapes: shapes, clip: clip,
                                       softening: softening)
            }
            var pixmap = try takeClearedImage(size: size, scale: scale)
            let table = goo.threshold.lookupTable(), workspace = analyticWorkspace
            let clipBox = boxes.clip
            RenderProfiler.measure(.blurThreshold) {
                pixmap.withMutableView { view in
                    AnalyticGoo.render(boxes: boxes.shapes, clip: clipBox, sigma: goo.blur.sigma, lookup: table, into: view,
                                       workspace: workspace)
                }
            }
            lastRenderWasAnalytic = true
            try finish(&pixmap, scale: scale, parameters: parameters, softening: softening)
            return
        }
        try renderDrawn(size: size, scale: scale, parameters: parameters, shapes: shapes, clip: clip, softening: softening)
    }

    /// The blur path of ``render(size:scale:parameters:shapes:clip:softening:)``.
    private func renderDrawn(size: Size, scale: Double, parameters: GooParameters, shapes: [GooShape], clip: GooShape?,
                             softening: EdgeSoftening?) throws(LiquidError) {
        try render(size: size, scale: scale, parameters: parameters, softening: softening) { canvas in
            if let clip { canvas.clip(to: Self.path(of: clip)) }
            for shape in shapes { shape.fill(on: &canvas, paint: .color(.white)) }
        }
    }

    /// The shapes and clip as ``AnalyticGoo/Box``es in pixels, or `nil` when one of them is not analytic.
    private static func boxes(_ shapes: [GooShape], clip: GooShape?, scale: Double)
        -> (shapes: [AnalyticGoo.Box], clip: AnalyticGoo.Box?)? {
        var boxes: [AnalyticGoo.Box] = []
        boxes.reserveCapacity(shapes.count)
        for shape in shapes {
            guard let box = AnalyticGoo.box(shape, scale: scale) else { return nil }
            boxes.append(box)
        }
        guard let clip else { return (boxes, nil) }
        guard let clipBox = AnalyticGoo.box(clip, scale: scale) else { return nil }
        return (boxes, clipBox)
    }

    /// The outline of `shape` as a path (for clipping on the blur path).
    private static func path(of shape: GooShape) -> Path {
        switch shape {
        case .capsule(let rect):
            return Path(roundedRect: rect, cornerRadii: CornerRadii(all: Swift.min(abs(rect.size.width), abs(rect.size.height)) / 2))
        case .roundedRect(let rect, let cornerRadius):
            let limit = Swift.min(abs(rect.size.width), abs(rect.size.height)) / 2
            let radius = cornerRadius.isNaN ? 0 : Swift.min(Swift.max(cornerRadius, 0), limit)
            return Path(roundedRect: rect, cornerRadii: CornerRadii(all: radius))
        case .circle(let center, let radius):
            let r = Swift.max(radius, 0)
            return Path(roundedRect: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r),
                        cornerRadii: CornerRadii(all: r))
        case .ellipse(let rect):
            return Path(ellipseIn: rect)
        case .path(let path):
            return path
        }
    }

    /// Softens the thresholded `pixmap` when asked and stores it as ``image``.
    private func finish(_ pixmap: inout Pixmap, scale: Double, parameters: GooParameters,
                        softening: EdgeSoftening?) throws(LiquidError) {
        if let softening {
            let softeningWorkspace = self.softeningWorkspace
            try RenderProfiler.measure(.edgeSoftening) { () throws(LiquidError) in
                try pixmap.withMutableView { (view) throws(LiquidError) in
                    try softening.apply(toSingleColor: view, color: parameters.color, scale: scale, workspace: softeningWorkspace)
                }
            }
        }
        image = pixmap
    }

    /// Composites ``image`` onto `destination` with its top-left pixel at (`x`, `y`) (which may lie
    /// outside; the overlap is composited) using `mode` (normal: source-over) and `opacity`.
    /// Does nothing before the first render.
    /// - Throws: `LiquidError` (`.outOfRange`) naming `opacity` when it is not in 0…1.
    package func composite(onto destination: MutablePixmapView, x: Int, y: Int, mode: BlendMode = .normal,
                          opacity: Double = 1) throws(LiquidError) {
        guard let image else { return }
        try Self.composite(image, onto: destination, x: x, y: y, mode: mode, opacity: opacity)
    }

    /// Composites ``image`` onto `destination` with its top-left corner at `origin` (points of the
    /// destination, rounded to the nearest pixel); see ``composite(onto:x:y:mode:opacity:)``.
    package func composite(onto destination: inout Pixmap, at origin: Point, mode: BlendMode = .normal,
                          opacity: Double = 1) throws(LiquidError) {
        guard let image else { return }
        let x = Int((origin.x * destination.scale).rounded()), y = Int((origin.y * destination.scale).rounded())
        try destination.withMutableView { (view) throws(LiquidError) in
            try Self.composite(image, onto: view, x: x, y: y, mode: mode, opacity: opacity)
        }
    }

    /// Runs `body` with a mutable view of ``image`` (for further filtering in place), or returns `nil`
    /// before the first render.
    package func withMutableImage<R, E: Error>(_ body: (MutablePixmapView) throws(E) -> R) throws(E) -> R? {
        guard var pixmap = image else { return nil }
        image = nil
        defer { image = pixmap }
        let result: Result<R, E> = pixmap.withMutableView { view in
            do throws(E) { return .success(try body(view)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Composites `source` onto the overlapping part of `destination`, `source`'s top-left at (x, y).
    static func composite(_ source: Pixmap, onto destination: MutablePixmapView, x: Int, y: Int, mode: BlendMode,
                          opacity: Double) throws(LiquidError) {
        let target = PixelRect(x: 0, y: 0, width: destination.width, height: destination.height)
        guard let overlap = target.intersection(PixelRect(x: x, y: y, width: source.width, height: source.height)),
              !overlap.isEmpty
        else {
            // Still validate the opacity so a bad value is reported even when nothing overlaps.
            guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
                throw .invalidParameter("opacity \(opacity) must lie in 0…1")
            }
            return
        }
        let region = PixelRect(x: overlap.x - x, y: overlap.y - y, width: overlap.width, height: overlap.height)
        try source.withView { (view) throws(LiquidError) in
            try destination.region(overlap).composite(view.region(region), mode: mode, opacity: opacity)
        }
    }

    /// The cached image cleared to transparent (or a new one when the pixel size or scale changed), taken
    /// out of ``image`` so that drawing into it does not copy it.
    private func takeClearedImage(size: Size, scale: Double) throws(LiquidError) -> Pixmap {
        guard size.isFinite, size.width > 0, size.height > 0, scale.isFinite, scale > 0 else {
            throw .invalidSize("goo layer size \(size.width)×\(size.height) pt at scale \(scale) must be finite and positive")
        }
        // Clamped: a size too large for any pixmap matches no cached image, and `Pixmap` then says why.
        let width = Checked.clamped(size.width * scale, to: 0...Int(Int32.max), rounding: .up)
        let height = Checked.clamped(size.height * scale, to: 0...Int(Int32.max), rounding: .up)
        if var pixmap = image, pixmap.width == width, pixmap.height == height, pixmap.scale == scale {
            image = nil
            pixmap.fill(.transparent)
            return pixmap
        }
        image = nil
        bufferAllocations += 1
        return try Pixmap(size: size, scale: scale)
    }
}
