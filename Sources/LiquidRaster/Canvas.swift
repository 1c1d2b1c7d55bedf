import LiquidGeometry

/// Draws anti-aliased shapes, strokes and images into a ``Pixmap``.
///
/// Coordinates are points: the canvas maps them to pixels with ``transform`` followed by the pixmap's
/// scale. Drawing state (``transform``, the clip and `blender`) can be saved and restored.
///
/// ```swift
/// var canvas = Canvas(pixmap)
/// canvas.fill(path, paint: .color(.white))
/// canvas.stroke(path, style: StrokeStyle(width: 2, cap: .round, join: .round), paint: .color(.black))
/// pixmap = canvas.pixmap
/// ```
///
/// To draw into an existing pixmap in place (no copy of its pixels), use ``Pixmap/withCanvas(_:)``.
///
/// Guarantees:
/// - Fills cover each pixel by the exact area of the shape inside it (see `CoverageRasterizer`), folded by
///   the fill rule, times the clip mask, quantised to 1/255.
/// - A path, transform, paint or style with a non-finite value draws nothing; nothing traps, and every pixel
///   stays a valid premultiplied colour.
/// - Curves are flattened to within 0.2 device pixels. Fills (and clips) place the flattened vertices so
///   that each curve keeps its exact area (an r = 30.5 px circle covers πr² to 0.03 %, the Bézier circle's
///   own excess, instead of 0.61 % short); strokes flatten their centre line through points on the curve.
public struct Canvas: Sendable {
    /// The pixels drawn so far.
    public var pixmap: Pixmap
    /// User space (points) → the pixmap's point space. Starts as the identity.
    public var transform: AffineTransform = .identity
    /// How drawing combines with the destination (source-over unless changed).
    package var blender: SpanBlender = .sourceOver
    /// The current clip in pixels, or `nil` when nothing is clipped.
    package private(set) var clipMask: ClipMask?
    private var stack: [(AffineTransform, ClipMask?, SpanBlender)] = []

    /// Flattening tolerance, in device pixels.
    static let tolerance = 0.2

    /// A canvas drawing into (a copy-on-write copy of) `pixmap`.
    public init(_ pixmap: Pixmap) {
        self.pixmap = pixmap
    }

    /// User space → device pixels.
    package var deviceTransform: AffineTransform {
        transform.concatenating(AffineTransform(scale: pixmap.scale))
    }

    // MARK: State

    /// Pushes the transform, clip and blender.
    public mutating func save() { stack.append((transform, clipMask, blender)) }

    /// Pops the state pushed by the matching ``save()``; does nothing if none is left.
    public mutating func restore() {
        guard let (t, c, k) = stack.popLast() else { return }
        transform = t
        clipMask = c
        blender = k
    }

    /// Applies `t` before the current transform (so `t` acts in the current user space).
    public mutating func concatenate(_ t: AffineTransform) { transform = t.concatenating(transform) }
    /// Moves user space by (`x`, `y`).
    public mutating func translate(x: Double, y: Double) { concatenate(AffineTransform(translationX: x, y: y)) }
    /// Scales user space by `x` horizontally and `y` vertically.
    public mutating func scale(x: Double, y: Double) { concatenate(AffineTransform(scaleX: x, y: y)) }
    /// Rotates user space by `angle` radians (clockwise on screen, y pointing down).
    public mutating func rotate(by angle: Double) { concatenate(AffineTransform(rotationAngle: angle)) }

    /// Intersects the clip with `path` (in user space), anti-aliased. A non-finite path clips everything away.
    public mutating func clip(to path: Path, rule: FillRule = .nonZero) {
        // A ClipMask's size is always valid for a pixmap's size, so this cannot throw.
        guard let mask = try? ClipMask(width: pixmap.width, height: pixmap.height, path: path,
                                       transform: deviceTransform, rule: rule)
        else { return }
        intersectClip(mask)
    }

    /// Intersects the clip with `mask` (the pixmap's size).
    package mutating func intersectClip(_ mask: ClipMask) {
        if clipMask == nil { clipMask = mask } else { clipMask!.intersect(mask) }
    }

    /// Removes the clip.
    public mutating func resetClip() { clipMask = nil }

    // MARK: Drawing

    /// Fills `path` with `paint`.
    public mutating func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero) {
        let device = deviceTransform
        var rasterizer = CoverageRasterizer(width: pixmap.width, height: pixmap.height)
        guard rasterizer.addPath(path, transform: device, tolerance: Canvas.tolerance) else { return }
        draw(rasterizer, rule: rule, paint: paint, paintTransform: device)
    }

    /// Strokes `path` with `style` and `paint`. The stroke is built in user space (so a non-uniform
    /// transform shapes the pen too) and filled with the non-zero rule. Each subpath is stroked on its own;
    /// a closed subpath gets a join instead of caps where it closes.
    public mutating func stroke(_ path: Path, style: StrokeStyle, paint: Paint) {
        let device = deviceTransform
        guard let rasterizer = Canvas.strokeRasterizer(path, style: style, device: device,
                                                       width: pixmap.width, height: pixmap.height)
        else { return }
        draw(rasterizer, rule: .nonZero, paint: paint, paintTransform: device)
    }

    /// The rasterizer holding the outline of `path` stroked with `style`, mapped by `device` into a target
    /// of `width × height` pixels (fill it with the non-zero rule), or `nil` when nothing can be drawn (a
    /// non-finite path, style or transform, a width that is not positive). The one stroking path of the
    /// module: ``stroke(_:style:paint:)`` and ``CoverageImage`` both draw through it, so the same stroke
    /// gets the same coverage in either.
    static func strokeRasterizer(_ path: Path, style: StrokeStyle, device: AffineTransform,
                                 width: Int, height: Int) -> CoverageRasterizer? {
        guard device.isFinite, path.isFinite, style.width.isFinite, style.width > 0 else { return nil }
        // The user-space tolerance that becomes `Canvas.tolerance` pixels after the transform's scale.
        let scale = Swift.max(abs(device.determinant).squareRoot(), 1e-12)
        let tolerance = Canvas.tolerance / scale
        guard tolerance.isFinite, tolerance > 0, let inverse = device.inverted() else { return nil }
        // The user-space region whose stroke can reach the pixmap: curves wholly outside it become lines.
        let reach = style.width / 2 * Swift.max(style.miterLimit.isFinite ? style.miterLimit : 1, 2.0.squareRoot())
        let visible = inverse.apply(to: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            .insetBy(dx: -reach - 1, dy: -reach - 1)
        let polylines = PathFlattener.flatten(path, transform: .identity, tolerance: tolerance, visible: visible)
        let stroker = Stroker(style: style, tolerance: tolerance)
        var rasterizer = CoverageRasterizer(width: width, height: height)
        // All outlines first, so that the edge list is allocated once at about its final size (one edge per
        // outline point, unless clipping splits it). Measured reason: growing it edge by edge cost W5 its
        // copies and the page faults of each larger buffer (perf: the array's memmove and page faults under
        // addEdge).
        let contours = polylines.flatMap { stroker.outline(of: $0) }
        rasterizer.reserveEdges(contours.reduce(0) { $0 + $1.count })
        for var contour in contours {
            if !device.isIdentity { for i in contour.indices { contour[i] = device.apply(to: contour[i]) } }
            rasterizer.addPolygon(contour)
        }
        return rasterizer
    }

    /// Fills `rect` (user space). Axis-aligned under the current transform, it takes the exact analytic
    /// fast path (solid interior spans).
    public mutating func fillRect(_ rect: Rect, paint: Paint) {
        fillRoundedRect(rect, cornerRadii: .zero, style: .circular, paint: paint)
    }

    /// Fills `rect` with rounded corners. Circular corners under a transform that only scales uniformly and
    /// translates (the usual case) take the analytic fast path; everything else is filled as a path.
    public mutating func fillRoundedRect(
        _ rect: Rect, cornerRadii: CornerRadii, style: CornerStyle = .circular, paint: Paint
    ) {
        let device = deviceTransform
        guard rect.isFinite, device.isFinite else { return }
        let radii = CornerRadii(
            topLeft: Swift.max(cornerRadii.topLeft, 0), topRight: Swift.max(cornerRadii.topRight, 0),
            bottomRight: Swift.max(cornerRadii.bottomRight, 0), bottomLeft: Swift.max(cornerRadii.bottomLeft, 0))
        guard (try? radii.validated()) != nil else { return }
        let axisAligned = device.b == 0 && device.c == 0 && abs(device.a) == abs(device.d) && device.a != 0
        if axisAligned && (style == .circular || radii.maximum == 0) {
            let r = device.apply(to: rect)
            let fast = RoundedRectCoverage(rect: r, radii: radii.scaled(by: abs(device.a)))
            guard let shader = Shader(paint, transform: device) else { return }
            let (w, h) = (pixmap.width, pixmap.height)
            withBlitter(shader: shader) { sink in fast.rasterize(width: w, height: h, into: &sink) }
            return
        }
        var path = Path()
        switch style {
        case .circular: path.addRoundedRect(rect, cornerRadii: radii)
        case .continuous: path.addContinuousRoundedRect(rect, cornerRadii: radii)
        }
        fill(path, paint: paint)
    }

    /// Draws `image` with its top-left corner at the user-space origin, `image.sizeInPoints` large, mapped
    /// by `transform` and then the canvas transform; bilinear sampling, anti-aliased edges.
    public mutating func drawImage(_ image: Pixmap, transform: AffineTransform = .identity, opacity: Double = 1) {
        let paint = Paint.image(ImagePaint(image: image, transform: transform, opacity: opacity))
        save()
        concatenate(transform)
        let frame = Rect(origin: .zero, size: image.sizeInPoints)
        let device = deviceTransform
        restore()
        var rasterizer = CoverageRasterizer(width: pixmap.width, height: pixmap.height)
        guard rasterizer.addPath(Path(rect: frame), transform: device, tolerance: Canvas.tolerance) else { return }
        draw(rasterizer, rule: .nonZero, paint: paint, paintTransform: deviceTransform)
    }

    // MARK: Internals

    private mutating func draw(
        _ rasterizer: CoverageRasterizer, rule: FillRule, paint: Paint, paintTransform: AffineTransform
    ) {
        guard !rasterizer.isEmpty, let shader = Shader(paint, transform: paintTransform) else { return }
        withBlitter(shader: shader) { sink in rasterizer.rasterize(rule: rule, into: &sink) }
    }

    /// Runs `body` with a blitter over the pixmap for `shader`, the current clip and blender.
    mutating func withBlitter(shader: Shader, _ body: (inout PaintBlitter) -> Void) {
        let w = pixmap.width
        let blender = self.blender
        let clip = clipMask
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: w) { sourceRow in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { coverageRow in
                pixmap.withMutableView { view in
                    func run(_ mask: UnsafePointer<UInt8>?) {
                        var sink = PaintBlitter(
                            destination: view, shader: shader, clip: mask, blender: blender,
                            sourceRow: sourceRow.baseAddress!, coverageRow: coverageRow.baseAddress!)
                        body(&sink)
                    }
                    if let clip {
                        clip.storage.withUnsafeBufferPointer { run($0.baseAddress!) }
                    } else {
                        run(nil)
                    }
                }
            }
        }
    }
}
