import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// A transparent overlay that dissolves items into particles: give it an image and where it is shown
/// (or a view to take a snapshot of), and it blows the picture away as particles that fly off with
/// gravity and fade, then forgets it.
///
/// ```swift
/// let dust = ParticleDissolveView(frame: root.bounds)    // on top of everything that may dissolve
/// root.addSubview(dust)
/// try dust.dissolve(sketchView, seed: 7)                  // hides sketchView; its pixels fly off
/// ```
///
/// - **What becomes particles:** one particle per non-transparent pixel of the image, at the image's own
///   scale (for a view, its snapshot at the run loop's scale), each showing its pixel. Items share this
///   view's ``store``; past its cap an item gets coarser particles (see ``ParticleStore``).
/// - **Motion:** the formulas of the dissolve (a window sweeping from the left column to the right over
///   0.8 s, speeds of 42–84 pt/s in uniformly random directions, lifetimes of 0.7–1.5 s, gravity of
///   120 pt/s², a fade over the last 0.3 s of life), stepped on the run loop's fixed-step clock (steps of
///   1/120 s), so a headless run is exact. An item is removed 4 s after it began.
/// - **Drawing:** every live particle as its pixel (premultiplied) times its alpha, source-over, on the
///   nearest device pixel; only the pixels particles cover now or covered in the last frame are redrawn.
/// - **Touches:** the overlay ignores touches (``View/isUserInteractionEnabled`` is `false`).
///
/// Coordinates are this view's own (``View/bounds``); particles outside the bounds are not drawn.
@MainActor
public final class ParticleDissolveView: View {
    /// The particles of every item dissolving here.
    public let store: ParticleStore

    /// The particles drawn at the run loop's scale (the size of the bounds), kept between frames.
    private var buffer: Pixmap?
    /// The buffer pixels the particles cover now: their bounding box, and the pieces drawn (a box per
    /// emitted particle, one per dissolving item), the only pixels the next frame clears.
    private var drawnBox: PixelRect?
    private var drawnPieces: [PixelRect] = []
    /// The fixed-step clock while anything moves.
    private var clock: FixedStepClock?

    /// An overlay of `frame` drawing the particles of `store` (a new store of the default capacity when
    /// none is given).
    public init(frame: Rect = .zero, store: ParticleStore = ParticleStore()) {
        self.store = store
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public override var drawsContent: Bool { true }

    /// Particles in the store now (dead ones included until their item is removed).
    public var particleCount: Int { store.count }

    /// Items dissolving now.
    public var dissolvingItems: Int { store.groupCount }

    /// Starts dissolving `image` shown at `frame` (in this view's coordinates, points); `seed` chooses the
    /// particles' random directions, speeds and lifetimes (any value; the same seed gives the same
    /// dissolve).
    /// - Returns: how many particles the item became (0 for an image with no visible pixel, or when the
    ///   store is so full that not one particle fits: the item then just disappears).
    /// - Throws: `LiquidError` for a frame that is not finite, not of positive size or beyond
    ///   ±``ParticleStore/maximumCoordinate``, or when this view is not in a run loop's tree.
    @discardableResult
    public func dissolve(image: Pixmap, frame: Rect, seed: UInt64) throws(LiquidError) -> Int {
        guard runLoop != nil else {
            throw LiquidError(.invalidState, "a dissolve needs the particle view in a run loop's tree")
        }
        guard let group = try store.addDissolve(image: image, frame: frame, seed: seed) else { return 0 }
        startTicking()
        return group.count
    }

    /// Takes a snapshot of `view` (with its subviews, at the run loop's scale), hides `view`, and
    /// dissolves the snapshot where the view's bounds lie in this view's coordinates (a rotated view
    /// dissolves upright, in its bounding box).
    /// - Returns: as ``dissolve(image:frame:seed:)``.
    /// - Throws: `LiquidError` when this view is not in a run loop's tree, `view` is not in the same tree
    ///   or has empty bounds, or its content cannot be rendered; `view` is left as it was then.
    @discardableResult
    public func dissolve(_ view: View, seed: UInt64) throws(LiquidError) -> Int {
        guard let loop = runLoop else {
            throw LiquidError(.invalidState, "a dissolve needs the particle view in a run loop's tree")
        }
        guard view.runLoop === loop, view !== self else {
            throw LiquidError(.invalidState, "the view to dissolve must be in the particle view's tree")
        }
        // Upright and with a positive size even when a transform flips the view.
        let box = convert(view.bounds, from: view)
        let frame = Rect(x: box.minX, y: box.minY, width: box.width, height: box.height)
        guard !view.bounds.isEmpty, frame.isFinite, frame.width > 0, frame.height > 0 else {
            throw .invalidParameter("the view to dissolve must have a finite, non-empty frame; got \(frame)")
        }
        let picture: Pixmap
        do {
            picture = try Compositor.snapshot(of: view.layer, scale: loop.scale)
        } catch let error as LiquidError {
            throw error
        } catch {
            throw LiquidError(.invalidState, "the view's content could not be rendered for the dissolve")
        }
        let made = try dissolve(image: picture, frame: frame, seed: seed)
        view.isHidden = true
        return made
    }

    /// Registers the per-frame step, unless it runs already. Whatever is added to ``store`` — a dissolve,
    /// or an emitter by a component such as ``EmojiBurst`` — moves and is drawn from the next frame on.
    package func startTicking() {
        guard clock == nil, let loop = runLoop else { return }
        clock = loop.animations.makeClock(start: loop.currentTime)
        addAnimation { [weak self] time, _ in
            guard let self else { return false }
            return tick(to: time)
        }
    }

    /// Steps the store to `time` and redraws the particles; returns whether anything is left to move.
    private func tick(to time: Double) -> Bool {
        guard var clock else { return false }
        let steps = clock.advance(to: time)
        for _ in 0..<steps where store.groupCount > 0 {
            // The clock's step is 1/120 s, which the store accepts.
            _ = try? store.step(by: clock.step)
        }
        self.clock = clock
        redraw()
        if store.groupCount == 0 {
            self.clock = nil
            return false
        }
        return true
    }

    /// Draws the particles into the buffer and asks to redraw where they are and where they were.
    private func redraw() {
        guard let scale = runLoop?.scale, !bounds.isEmpty else { return }
        let width = (bounds.width * scale).rounded(.up), height = (bounds.height * scale).rounded(.up)
        if buffer.map({ $0.scale != scale || Double($0.width) != width || Double($0.height) != height }) ?? true {
            buffer = try? Pixmap(size: bounds.size, scale: scale)
            drawnBox = nil
            drawnPieces = []
            setNeedsDisplay()
        }
        guard var pixels = buffer else { return }
        buffer = nil  // drop the stored copy so the drawing below happens in place
        let old = drawnBox, oldPieces = drawnPieces
        // Only the pieces drawn last frame are cleared, not their whole bounding box: bursts spread over
        // the screen leave most of the box clear.
        drawnPieces = pixels.withMutableView { view in
            ParticleRasterizer.redraw(store, into: view, clearing: oldPieces, scale: scale)
        }
        buffer = pixels
        let new = drawnPieces.reduce(nil as PixelRect?) { $0.union($1) }
        drawnBox = new
        for box in [old, new].compactMap({ $0 }) {
            setNeedsDisplay(in: Rect(x: Double(box.x) / scale, y: Double(box.y) / scale,
                                     width: Double(box.width) / scale, height: Double(box.height) / scale))
        }
    }

    /// The overlay's pixels as the last frame left them (`nil` before the first), for checks.
    package var pixels: Pixmap? { buffer }

    public override func draw(in canvas: inout Canvas, rect: Rect) {
        guard let buffer, let box = drawnBox else { return }
        let device = canvas.deviceTransform
        let tx = device.tx.rounded(), ty = device.ty.rounded()
        // Within a millionth of a pixel counts as aligned: a tile's transform is composed through 1/scale,
        // which leaves offsets like 207.99999999999997 for 208.
        let close = { (a: Double, b: Double) in abs(a - b) <= 1e-6 }
        let aligned = device.b == 0 && device.c == 0 && close(device.a, buffer.scale) && close(device.d, buffer.scale)
            && close(tx, device.tx) && close(ty, device.ty) && abs(tx) < 1e9 && abs(ty) < 1e9
        guard aligned else {
            // A rotated, scaled or fractionally placed overlay: sample the buffer like any image.
            canvas.drawImage(buffer)
            return
        }
        // Buffer pixel (x, y) lands on canvas pixel (x + dx, y + dy).
        let dx = Int(tx), dy = Int(ty)
        let target = PixelRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
        guard let region = target.intersection(PixelRect(x: 0, y: 0, width: canvas.pixmap.width, height: canvas.pixmap.height))
        else { return }
        let source = region.offsetBy(dx: -dx, dy: -dy)
        let clip = canvas.clipMask
        canvas.pixmap.withMutableView { destination in
            buffer.withView { from in
                let to = destination.region(region), part = from.region(source)
                if let clip {
                    clip.bytes.withUnsafeBufferPointer { bytes in
                        let mask = CoverageMask(base: bytes.baseAddress! + region.y * clip.width + region.x,
                                                width: region.width, height: region.height, rowBytes: clip.width)
                        try? to.composite(part, mask: mask)
                    }
                } else {
                    try? to.composite(part)
                }
            }
        }
    }
}
