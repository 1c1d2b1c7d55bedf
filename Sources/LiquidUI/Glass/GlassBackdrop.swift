import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// A ``BackdropEffect`` that renders LiquidGlass containers from the pixels beneath a layer: install it as
/// ``Layer/backdrop`` and the compositor hands it the backdrop each time something beneath (or the layer)
/// changed.
///
/// ## Coordinates
/// ``containers`` are described in the layer's local space, in points. At render time every element is
/// resolved (container-concentric corners against its container's ``GlassContainer/frame``, also local)
/// and mapped through ``BackdropShape/transform`` into the backdrop pixmap. Translation and uniform scale
/// map exactly; a rotation or shear is approximated by each shape's bounding box (glass stays axis-aligned).
///
/// The layer's bounds are where the glass may draw: the compositor composites the output only there, so
/// make the layer larger than the glass by the shadow's reach (``GlassEffectView`` and
/// ``GlassContainerView`` do). ``sampleOutset`` says how far beyond the bounds the backdrop is read.
///
/// ## Output
/// The containers are rendered in order onto a transparent output over the same backdrop sample — glass
/// never samples glass — so the output holds only the glass and its shadow, composited source-over onto
/// the screen. Over an opaque backdrop this equals rendering the glass straight onto it, except that
/// partly covered pixels (rim, shadow, a materialize fade) are rounded to 8 bits twice: within 2 levels,
/// measured on the example glass scenes; opaque glass interiors are exact.
///
/// ## Cost
/// The backdrop is frosted once per container and kept in ``state``'s ``BackdropCache``, keyed by a
/// revision that changes only when the backdrop's bytes change: glass that animates over a still backdrop
/// is not frosted again. ``probes`` also measure the average colour beneath given rectangles (for vibrant
/// content) from a sparse grid of about one sample per point.
package struct GlassBackdrop: BackdropEffect {
    /// A rectangle (layer-local points) whose average backdrop colour is reported to a probe.
    package struct ProbeRequest {
        package var probe: GlassBackdropProbe
        package var rect: Rect

        package init(probe: GlassBackdropProbe, rect: Rect) {
            self.probe = probe
            self.rect = rect
        }
    }

    /// The glass to draw, back to front, in layer-local points.
    package var containers: [GlassContainer]
    /// How far beyond the layer's bounds the backdrop is read, points.
    package var sampleOutset: Double
    /// The cache and backdrop revision shared across frames.
    package let state: GlassBackdropState
    /// Average-colour measurements to report while rendering.
    package var probes: [ProbeRequest]

    /// - Parameters:
    ///   - containers: the glass, in layer-local points.
    ///   - sampleOutset: how far beyond the bounds to read (default 0: the layer already has room).
    ///   - state: keep one per layer so the frost is reused between frames.
    ///   - probes: average-colour measurements.
    package init(containers: [GlassContainer], sampleOutset: Double = 0, state: GlassBackdropState = GlassBackdropState(),
                probes: [ProbeRequest] = []) {
        self.containers = containers
        self.sampleOutset = sampleOutset
        self.state = state
        self.probes = probes
    }

    /// One container.
    package init(container: GlassContainer, sampleOutset: Double = 0, state: GlassBackdropState = GlassBackdropState()) {
        self.init(containers: [container], sampleOutset: sampleOutset, state: state)
    }

    /// Whether two effects draw the same thing with the same state (and report to the same probes).
    package func isEquivalent(to other: GlassBackdrop) -> Bool {
        containers == other.containers && sampleOutset == other.sampleOutset && state === other.state
            && probes.count == other.probes.count
            && zip(probes, other.probes).allSatisfy { $0.probe === $1.probe && $0.rect == $1.rect }
    }

    package func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws {
        let revision = state.revision(for: backdrop)
        let t = shape.transform
        for request in probes {
            request.probe.report(Self.averageColor(of: backdrop, in: t.apply(to: request.rect)))
        }
        for container in containers {
            let mapped = Self.map(container, through: t, scale: scale)
            try mapped.render(over: backdrop, into: &output, cache: state.cache, backdropRevision: revision)
        }
    }

    // MARK: - Mapping into backdrop points

    /// `container` with every length in backdrop points: shapes resolved in layer space, then mapped.
    static func map(_ container: GlassContainer, through t: AffineTransform, scale: Double) -> GlassContainer {
        let factor = t.determinant.magnitude.squareRoot() / scale
        let toPoints = t.concatenating(AffineTransform(scale: 1 / scale))
        if toPoints.a == 1, toPoints.d == 1, toPoints.b == 0, toPoints.c == 0, toPoints.tx == 0, toPoints.ty == 0 {
            return container
        }
        var out = container
        let reference = container.concentricReference
        out.frame = nil
        out.frameCornerRadii = .zero
        out.children = container.children.map { child in
            var element = child
            element.shape = .signedDistance(map(child.resolvedShape(in: reference), toPoints, factor))
            var interaction = child.interaction
            interaction.touchPoint = interaction.touchPoint.map { toPoints.apply(to: $0) }
            interaction.dragOffset = interaction.dragOffset * factor
            interaction.glowRadius *= factor
            interaction.maximumStretch *= factor
            element.interaction = interaction
            return element
        }
        if factor != 1 {
            var m = container.material
            m.frostSigma *= factor
            m.thickness *= factor
            m.bevelWidth = m.bevelWidth.map { $0 * factor }
            m.shadow.radius *= factor
            m.shadow.offset = m.shadow.offset * factor
            out.material = m
            out.spacing *= factor
        }
        return out
    }

    private static func map(_ shape: SignedDistanceShape, _ t: AffineTransform, _ factor: Double) -> SignedDistanceShape {
        switch shape {
        case .circle(let center, let radius):
            return .circle(center: t.apply(to: center), radius: radius * factor)
        case .roundedRect(let rect, let radii, let continuous):
            let mapped = t.apply(to: rect)
            return .roundedRect(mapped, radii.scaled(by: factor).clamped(toFit: mapped.size), continuous: continuous)
        }
    }

    // MARK: - Average colour

    /// The straight average colour of `backdrop` over `rect` (backdrop pixels), sampled about once per
    /// point; `nil` when the rect misses the pixmap or everything there is transparent.
    static func averageColor(of backdrop: Pixmap, in rect: Rect) -> RGBA? {
        // Clamped conversions: a huge probe rect (a view 1e20 pt wide) is cut to the pixmap, not a trap.
        let x0 = Checked.clamped(rect.minX, to: 0...backdrop.width, rounding: .down)
        let x1 = Checked.clamped(rect.maxX, to: 0...backdrop.width, rounding: .up)
        let y0 = Checked.clamped(rect.minY, to: 0...backdrop.height, rounding: .down)
        let y1 = Checked.clamped(rect.maxY, to: 0...backdrop.height, rounding: .up)
        guard x0 < x1, y0 < y1 else { return nil }
        let step = Checked.clamped(backdrop.scale, to: 1...Swift.max(backdrop.width, backdrop.height, 1))
        var r = 0, g = 0, b = 0, a = 0
        backdrop.withView { view in
            var y = y0 + step / 2
            while y < y1 {
                let row = UnsafeRawPointer(view.row(y))
                var x = x0 + step / 2
                while x < x1 {
                    let p = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    let pixel = PremultipliedRGBA8(packed: p)
                    r += Int(pixel.red); g += Int(pixel.green); b += Int(pixel.blue); a += Int(pixel.alpha)
                    x += step
                }
                y += step
            }
        }
        guard a > 0 else { return nil }
        let alpha = Double(a)
        return RGBA(red: Double(r) / alpha, green: Double(g) / alpha, blue: Double(b) / alpha).clamped()
    }
}
