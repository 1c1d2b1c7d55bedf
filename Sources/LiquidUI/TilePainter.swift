import LiquidGeometry
import LiquidRaster

/// Draws a frame's render tree into one target — a screen tile, or a group or isolation buffer — from
/// data that is all `Sendable`: the nodes' looks, the group buffers the compositor prepared for this pass
/// and the screen-level backdrops' outputs. That is what lets the compositor hand screen tiles to its
/// worker pool, one tile per job, with each worker holding its own painter (a value) and counts.
///
/// Two things are called only on the main thread, and the compositor draws the tiles that reach them
/// there: a layer's ``LayerContent/custom(_:)`` closure (main-actor code), and a backdrop effect that is not
/// at screen level — below a group (reached while drawing the group's buffer, which the compositor does on
/// the main actor before the tiles) or in a mask tree (its tiles go to the calling thread). Everything a painter draws into a target depends only on the tree and the target's device
/// rect, never on the thread, so a tile's bytes are the same whichever worker draws it.
struct TilePainter: Sendable {
    /// A group's filtered pixels, or the pieces a mesh-warp group is drawn from tile by tile.
    enum GroupPixels: Sendable {
        case filtered(Pixmap, rect: PixelRect)
        case warped(plan: MeshWarpPlan, unfiltered: Pixmap, rect: PixelRect)
    }

    /// Pixels per point.
    let scale: Double
    /// The prepared group buffers of the pass, by layer.
    var groups: [ObjectIdentifier: GroupPixels] = [:]
    /// The outputs of the screen-level backdrops computed so far, by node index.
    var backdropOutputs: [Int: (rect: PixelRect, pixmap: Pixmap)] = [:]
    /// What this painter did (content draws, backdrops run).
    var counts = RenderStatistics()
    /// Where the layers' bounds masks are kept between frames (`nil`: made afresh each time).
    var clipMasks: ClipMaskCache?

    init(scale: Double) {
        self.scale = scale
    }

    /// Draws `node` and its subtree into `target`; with a `range`, only the parts whose painter's-order
    /// index lies in it.
    mutating func draw(_ node: RenderNode, into target: inout RenderTarget, range: Range<Int>?) throws {
        guard let extent = node.extent, extent.intersects(target.rect) else { return }
        if let range, node.lastIndex < range.lowerBound || node.index >= range.upperBound { return }
        let ownInRange = range?.contains(node.index) ?? true
        let look = node.look
        switch node.mode {
        case .plain:
            try drawPlain(node, into: &target, range: range, backdrop: true)
        case .isolated, .group:
            // A grouped subtree has no screen-level backdrop, so it lies in one range: draw it whole.
            guard ownInRange else { return }
            if look.backdrop != nil {
                target.canvas.save()
                if look.clipsToBounds { clip(&target, toBoundsOf: node) }
                try drawBackdrop(node, into: &target)
                target.canvas.restore()
            }
            guard let region = extent.intersection(target.rect) else { return }
            if node.mode == .group {
                switch groups[ObjectIdentifier(node.layer)] {
                case .filtered(let pixmap, let rect):
                    try composite(pixmap, at: rect, over: region, into: &target, opacity: node.opacity,
                                  mode: look.blendMode, mask: node.mask)
                case .warped(let plan, let unfiltered, let rect):
                    try drawWarped(node, plan: plan, unfiltered: unfiltered, rect: rect, region: region, into: &target)
                case nil:
                    // Not prepared: a group without pixels (an empty rect), or one the pass left out.
                    return
                }
            } else {
                var buffer = try RenderTarget(rect: region, scale: scale)
                try drawPlain(node, into: &buffer, range: nil, backdrop: false)
                try composite(buffer.canvas.pixmap, at: region, over: region, into: &target, opacity: node.opacity,
                              mode: look.blendMode, mask: node.mask)
            }
        }
    }

    /// Clips the target to the node's bounds shape (its rounded rect), unless the target lies wholly where
    /// that shape covers every pixel fully, where the clip would change nothing but the cost. Measured
    /// reason: a full-screen card under a rounded clip at 3× built a clip mask for every tile and then
    /// composited every tile through it (the per-pixel coverage path), about a fifth of a ripple frame;
    /// only the tiles along the edges and corners need it.
    func clip(_ target: inout RenderTarget, toBoundsOf node: RenderNode) {
        target.setTransform(node.toDevice)
        let look = node.look, bounds = look.bounds
        let radii = look.cornerRadii.clamped(toFit: bounds.size)
        // A continuous corner leaves the straight edge 1.528 radii from the corner; a circular one, 1.
        let reach = radii.maximum * (look.cornerStyle == .continuous ? 1.53 : 1)
        if Self.lies(target.rect, inside: node.toDevice, bounds: bounds, corner: reach) { return }
        guard let clipMasks else { return target.canvas.clip(to: node.boundsPath) }
        // The key's parts only (a copy of the canvas would share its clip and make the intersection copy it).
        let transform = target.canvas.deviceTransform
        let width = target.canvas.pixmap.width, height = target.canvas.pixmap.height
        let key = ClipMaskCache.Key(bounds: bounds, radii: radii, style: look.cornerStyle, transform: transform,
                                    width: width, height: height)
        let made = clipMasks.mask(for: key) {
            // What Canvas.clip(to:) intersects with (a mask's size is always valid for a pixmap's).
            try? ClipMask(width: width, height: height, path: node.boundsPath, transform: transform)
        }
        if let made { target.canvas.intersectClip(made) }
    }

    /// Whether every pixel of `rect` lies wholly inside `bounds` mapped by `toDevice` (only for a
    /// transform without rotation or shear) and outside the `corner` × `corner` squares (points) at its
    /// corners, which may be rounded.
    static func lies(_ rect: PixelRect, inside toDevice: AffineTransform, bounds: Rect, corner: Double) -> Bool {
        guard toDevice.b == 0, toDevice.c == 0, toDevice.a > 0, toDevice.d > 0, corner.isFinite, corner >= 0 else {
            return false
        }
        let box = toDevice.apply(to: bounds)
        guard box.isFinite else { return false }
        // Whole pixels only: a pixel cut by an edge has partial coverage.
        let minX = Double(rect.x), minY = Double(rect.y), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        guard minX >= box.minX.rounded(.up), minY >= box.minY.rounded(.up), maxX <= box.maxX.rounded(.down),
              maxY <= box.maxY.rounded(.down) else { return false }
        guard corner > 0 else { return true }
        // Clear of the corner squares, with a pixel to spare for anti-aliasing.
        let cx = corner * toDevice.a + 1, cy = corner * toDevice.d + 1
        let inMiddleColumns = minX >= box.minX + cx && maxX <= box.maxX - cx
        let inMiddleRows = minY >= box.minY + cy && maxY <= box.maxY - cy
        return inMiddleColumns || inMiddleRows
    }

    /// Draws the node without grouping it: its clip, backdrop (optionally), own drawing, then sublayers.
    mutating func drawPlain(_ node: RenderNode, into target: inout RenderTarget, range: Range<Int>?,
                            backdrop: Bool) throws {
        let ownInRange = range?.contains(node.index) ?? true
        target.canvas.save()
        defer { target.canvas.restore() }
        if node.look.clipsToBounds { clip(&target, toBoundsOf: node) }
        if ownInRange {
            if backdrop { try drawBackdrop(node, into: &target) }
            if let box = node.contentBox, box.intersects(target.rect) { try drawContent(node, into: &target) }
        }
        for child in node.children { try draw(child, into: &target, range: range) }
    }

    /// Draws the layer's background and content.
    private mutating func drawContent(_ node: RenderNode, into target: inout RenderTarget) throws {
        let look = node.look
        let bounds = look.bounds
        counts.contentDraws += 1
        target.setTransform(node.toDevice)
        if let color = look.backgroundColor {
            target.canvas.fillRoundedRect(bounds, cornerRadii: look.cornerRadii.clamped(toFit: bounds.size),
                                          style: look.cornerStyle, paint: .color(color))
        }
        switch look.content {
        case .none:
            break
        case .shape(let path, let fill, let stroke, let rule):
            if let fill { target.canvas.fill(path, paint: fill, rule: rule) }
            if let stroke { target.canvas.stroke(path, style: stroke.style, paint: stroke.paint) }
        case .roundedRect(let rect, let radii, let style, let fill):
            target.canvas.fillRoundedRect(rect, cornerRadii: radii, style: style, paint: fill)
        case .image(let pixmap):
            let points = pixmap.sizeInPoints
            guard points.width > 0, points.height > 0 else { break }
            target.canvas.drawImage(pixmap, transform: AffineTransform(scaleX: bounds.width / points.width,
                                                                       y: bounds.height / points.height))
        case .text(let string, let style):
            try drawText(string, style: style, node: node, into: &target)
        case .custom(let body):
            target.canvas.save()
            if !look.clipsToBounds, !Self.lies(target.rect, inside: node.toDevice, bounds: bounds, corner: 0) {
                target.canvas.clip(to: Path(rect: bounds))
            }
            // The compositor draws every target a custom layer reaches on the main thread.
            MainActor.assumeIsolated { body(&target.canvas, bounds) }
            target.canvas.restore()
        case .drawing(let drawing):
            target.canvas.save()
            if !look.clipsToBounds, !Self.lies(target.rect, inside: node.toDevice, bounds: bounds, corner: 0) {
                target.canvas.clip(to: Path(rect: bounds))
            }
            drawing.draw(in: &target.canvas, bounds: bounds)
            target.canvas.restore()
        }
    }

    /// Draws a text layer at its snapped device origin; under a clip, through a small buffer so the clip
    /// applies.
    private mutating func drawText(_ string: String, style: TextStyle, node: RenderNode,
                                   into target: inout RenderTarget) throws {
        guard let text = node.text else { return }
        let renderer = style.renderer(magnification: text.magnification)
        if target.canvas.clipMask == nil {
            let point = Point((text.origin.x - Double(target.rect.x)) / scale, (text.origin.y - Double(target.rect.y)) / scale)
            try renderer.draw(string, at: point, into: &target.canvas.pixmap)
            return
        }
        guard let region = node.contentBox?.intersection(target.rect) else { return }
        var buffer = try RenderTarget(rect: region, scale: scale)
        let point = Point((text.origin.x - Double(region.x)) / scale, (text.origin.y - Double(region.y)) / scale)
        try renderer.draw(string, at: point, into: &buffer.canvas.pixmap)
        try composite(buffer.canvas.pixmap, at: region, over: region, into: &target, opacity: 1, mode: .normal, mask: nil)
    }

    /// Composites the node's backdrop effect output over its shape box: for a screen-level backdrop the
    /// output computed before this pass, otherwise the effect run on the target's pixels (only inside a
    /// group buffer, drawn on the main actor).
    private mutating func drawBackdrop(_ node: RenderNode, into target: inout RenderTarget) throws {
        guard let effect = node.look.backdrop, let box = node.backdropBox,
              let region = box.intersection(target.rect) else { return }
        let output: (rect: PixelRect, pixmap: Pixmap)
        if node.isRootLevelBackdrop {
            guard let stored = backdropOutputs[node.index] else { return }
            output = stored
        } else {
            guard let sample = node.sampleRect?.intersection(target.rect) else { return }
            let backdrop = try target.canvas.pixmap.cropped(to: sample.offsetBy(dx: -target.rect.x, dy: -target.rect.y))
            output = (sample, try runBackdrop(effect, node: node, backdrop: backdrop, rect: sample))
        }
        guard let visible = region.intersection(output.rect) else { return }
        try composite(output.pixmap, at: output.rect, over: visible, into: &target, opacity: node.opacity,
                      mode: node.look.blendMode, mask: nil)
    }

    /// Runs the node's backdrop effect over `backdrop` (the pixels of device rect `rect`) and returns its
    /// output, as large as `rect`.
    mutating func runBackdrop(_ effect: any BackdropEffect, node: RenderNode, backdrop: Pixmap,
                              rect: PixelRect) throws -> Pixmap {
        var output = try Pixmap(width: rect.width, height: rect.height, scale: scale)
        let look = node.look
        let shape = BackdropShape(
            bounds: look.bounds, cornerRadii: look.cornerRadii.clamped(toFit: look.bounds.size),
            cornerStyle: look.cornerStyle,
            transform: node.toDevice.concatenating(AffineTransform(translationX: -Double(rect.x), y: -Double(rect.y))),
            region: rect)
        try effect.render(backdrop: backdrop, into: &output, shape: shape, scale: scale)
        counts.backdropsRendered += 1
        guard output.width == rect.width, output.height == rect.height else {
            throw LiquidError.invalidSize("a backdrop effect returned a \(output.width)×\(output.height) image for a "
                                          + "\(rect.width)×\(rect.height) backdrop")
        }
        return output
    }

    /// Draws the part `region` of a group whose only filter is a mesh warp straight from its unfiltered
    /// pixels (covering `rect`) into the target, warping just that part (``MeshWarpPlan``). Without
    /// opacity, blend mode or mask in the way the warped pixels are composited as they are made (under a
    /// clip, where it covers them fully; partly covered ones take the general composite); otherwise the
    /// part is warped into a buffer of its own and composited as any group. Without a clip the bytes are
    /// those of warping the whole group and compositing it; under one, fully covered pixels may differ
    /// from the general per-pixel coverage path by a level of rounding.
    ///
    /// Measured reason: a full-screen ripple at 3× copied the card's unfiltered pixels, warped the copy
    /// whole and then composited it tile by tile — three passes over 12 MB where one does.
    private mutating func drawWarped(_ node: RenderNode, plan: MeshWarpPlan, unfiltered: Pixmap, rect: PixelRect,
                                     region: PixelRect, into target: inout RenderTarget) throws {
        let local = region.offsetBy(dx: -rect.x, dy: -rect.y)
        let plain = node.opacity == 1 && node.look.blendMode == .normal && node.mask == nil
        if plain, target.canvas.clipMask == nil {
            let into = region.offsetBy(dx: -target.rect.x, dy: -target.rect.y)
            target.canvas.pixmap.withMutableView { destination in
                unfiltered.withView { plan.draw($0, region: local, into: destination.region(into), mode: .sourceOver) }
            }
        } else if plain, let clip = target.canvas.clipMask {
            // Under a clip (a tile on the edge of a rounded clip): runs the clip covers fully are drawn
            // straight, runs it leaves out are skipped, and only partly covered pixels (the corners' arcs)
            // go through the general composite. Measured reason: the edge tiles of a full-screen ripple
            // composited every pixel through the per-pixel coverage path.
            let coverage = clip.bytes, tile = target.rect
            var partial: [PixelRect] = []
            target.canvas.pixmap.withMutableView { destination in
                unfiltered.withView { source in
                    coverage.withUnsafeBufferPointer { bytes in
                        // 0: not covered, 1: partly, 2: fully.
                        func kind(_ c: UInt8) -> Int { c == 0 ? 0 : (c == 255 ? 2 : 1) }
                        for y in region.y..<region.maxY {
                            let rowStart = (y - tile.y) * clip.width - tile.x
                            var x = region.x
                            while x < region.maxX {
                                let k = kind(bytes[rowStart + x])
                                var end = x + 1
                                while end < region.maxX && kind(bytes[rowStart + end]) == k { end += 1 }
                                let run = PixelRect(x: x, y: y, width: end - x, height: 1)
                                if k == 2 {
                                    plan.draw(source, region: run.offsetBy(dx: -rect.x, dy: -rect.y),
                                              into: destination.region(run.offsetBy(dx: -tile.x, dy: -tile.y)),
                                              mode: .sourceOver)
                                } else if k == 1 {
                                    partial.append(run)
                                }
                                x = end
                            }
                        }
                    }
                }
            }
            for run in partial {
                var piece = try Pixmap(width: run.width, height: 1, scale: scale)
                piece.withMutableView { destination in
                    unfiltered.withView {
                        plan.draw($0, region: run.offsetBy(dx: -rect.x, dy: -rect.y), into: destination, mode: .copy)
                    }
                }
                try composite(piece, at: run, over: run, into: &target, opacity: 1, mode: .normal, mask: nil)
            }
        } else {
            var piece = try Pixmap(width: region.width, height: region.height, scale: scale)
            piece.withMutableView { destination in
                unfiltered.withView { plan.draw($0, region: local, into: destination, mode: .copy) }
            }
            try composite(piece, at: region, over: region, into: &target, opacity: node.opacity,
                          mode: node.look.blendMode, mask: node.mask)
        }
    }

    /// Composites the part `region` (device pixels) of `source` (which covers `sourceRect`) onto the target
    /// with `opacity` and `mode`, through the target's clip and the alpha of the `mask` tree.
    mutating func composite(_ source: Pixmap, at sourceRect: PixelRect, over region: PixelRect,
                            into target: inout RenderTarget, opacity: Double, mode: BlendMode,
                            mask: RenderNode?) throws {
        guard let region = region.intersection(sourceRect)?.intersection(target.rect) else { return }
        var coverage: [UInt8]? = nil
        if let mask {
            var buffer = try RenderTarget(rect: region, scale: scale)
            try draw(mask, into: &buffer, range: nil)
            let bytes = buffer.canvas.pixmap.bytes
            coverage = (0..<(region.width * region.height)).map { bytes[4 * $0 + 3] }
        }
        if let clip = target.canvas.clipMask {
            let clipBytes = clip.bytes
            let dx = region.x - target.rect.x, dy = region.y - target.rect.y
            var combined = coverage ?? [UInt8](repeating: 255, count: region.width * region.height)
            combined.withUnsafeMutableBufferPointer { out in
                clipBytes.withUnsafeBufferPointer { clipRows in
                    for y in 0..<region.height {
                        PackedPixel.multiply(out.baseAddress! + y * region.width,
                                             by: clipRows.baseAddress! + (y + dy) * clip.width + dx, count: region.width)
                    }
                }
            }
            coverage = combined
        }
        let sourceRegion = region.offsetBy(dx: -sourceRect.x, dy: -sourceRect.y)
        let targetRegion = region.offsetBy(dx: -target.rect.x, dy: -target.rect.y)
        let width = region.width
        try target.canvas.pixmap.withMutableView { destinationView in
            try source.withView { sourceView in
                let destination = destinationView.region(targetRegion), from = sourceView.region(sourceRegion)
                if let coverage {
                    try coverage.withUnsafeBufferPointer { bytes in
                        let mask = CoverageMask(base: bytes.baseAddress!, width: width, height: region.height, rowBytes: width)
                        try destination.composite(from, mode: mode, opacity: opacity, mask: mask)
                    }
                } else {
                    try destination.composite(from, mode: mode, opacity: opacity)
                }
            }
        }
    }
}
