#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster

/// Renders one validated ``GlassContainer`` in device pixels: plans its surfaces, frosts the backdrop
/// once, paints every surface's shadow, then every surface's glass.
///
/// Shadows go first for all surfaces so that no shadow darkens a neighbour's glass. Shadow cells entirely
/// under fully opaque glass are skipped: the glass overwrites them anyway.
struct GlassRenderer {
    let container: GlassContainer
    let width: Int
    let height: Int
    let scale: Double
    /// Materialize progress clamped to 0…1.
    let materialize: Double
    let surfaces: [SurfacePlan]
    /// Reduce transparency or increase contrast: a constant opaque face instead of frosted glass.
    let opaqueFace: Bool
    /// Frost σ in pixels and saturation, both ramped by materialize.
    let frostSigma: Double
    let saturation: Double
    /// The backdrop region frosted for the whole container.
    let frostRegion: PixelRect?
    /// The rows of the frost region (relative to it) that are blurred: around each surface, the rows its
    /// glass can sample plus the blur's full reach, merged; rows between them are never sampled.
    let frostBands: [Range<Int>]
    let shadow: ShadowProfile?
    /// Paint the glass one pixel at a time (no eight-pixel paths, no bakes): the reference the fast paths
    /// must match byte for byte (see ``GlassShader/perPixel``). Off except in tests.
    var perPixel = false

    /// Frost regions snap outward to this grid, so a surface moving by a few pixels keeps hitting the cache.
    static let frostGrid = 32

    init(container: GlassContainer, width: Int, height: Int, scale: Double) {
        self.container = container
        self.width = width
        self.height = height
        self.scale = scale
        let material = container.material
        let m = Swift.min(Swift.max(container.materialize, 0), 1)
        materialize = m
        let a11y = container.accessibility
        opaqueFace = a11y.contains(.reduceTransparency) || a11y.contains(.increaseContrast)
        frostSigma = material.frostSigma * scale * m
        saturation = 1 + (material.saturation - 1) * m
        guard material.style != .identity, m > 0, !container.children.isEmpty else {
            surfaces = []
            frostRegion = nil
            frostBands = []
            shadow = nil
            return
        }
        let shapes = container.renderedShapes()
        let reduceMotion = a11y.contains(.reduceMotion)
        var plans: [SurfacePlan] = []
        for members in container.surfaces() {
            let k = container.blendRadius(forSurface: members)
            if let plan = SurfacePlan(shapes: members.map { shapes[$0] },
                                      interactions: members.map { container.children[$0].interaction },
                                      k: k, material: material, materialize: m, reduceMotion: reduceMotion,
                                      scale: scale, width: width, height: height) {
                plans.append(plan)
            }
        }
        surfaces = plans
        shadow = ShadowProfile(opacity: material.shadow.opacity * m, sigma: material.shadow.radius * scale)
        guard !plans.isEmpty, !opaqueFace else {
            frostRegion = nil
            frostBands = []
            return
        }
        var box = PixelRectBox.empty
        var reach: Float = 0
        for plan in plans {
            let r = plan.glassRect
            box.include(minX: Double(r.x), minY: Double(r.y), maxX: Double(r.x + r.width), maxY: Double(r.y + r.height))
            reach = Swift.max(reach, plan.maximumOffset)
        }
        let margin = 3 * frostSigma + Double(reach) + 2
        let g = Double(Self.frostGrid)
        var snapped = box
        snapped.minX = ((box.minX - margin) / g).rounded(.down) * g
        snapped.minY = ((box.minY - margin) / g).rounded(.down) * g
        snapped.maxX = ((box.maxX + margin) / g).rounded(.up) * g
        snapped.maxY = ((box.maxY + margin) / g).rounded(.up) * g
        let region = snapped.pixelRect(margin: 0, width: width, height: height)
        frostRegion = region
        let sigma = frostSigma
        frostBands = region.map { Self.bands(of: plans, in: $0, sigma: sigma, reach: Double(reach)) } ?? []
    }

    /// The row bands of `region` to blur (see ``frostBands``): for each surface its glass rows ± (4σ — the
    /// blur kernel's radius — + the refraction reach + 8), snapped outward to ``frostGrid`` in image rows
    /// (so the blur's internal reduction keeps the same phase as for the whole region), merged, clipped.
    ///
    /// Measured reason: G2's sixteen lenses sit in four rows 190 pt apart, so a quarter of its 1170×2112
    /// frost region lies between rows where no glass samples: G2's frost 5.7 → 4.7 ms (thread CPU, medians of
    /// 15), with the same pixels wherever glass samples.
    static func bands(of plans: [SurfacePlan], in region: PixelRect, sigma: Double, reach: Double) -> [Range<Int>] {
        let margin = 4 * sigma + reach + 8
        let g = Double(frostGrid)
        var spans = plans.map { plan -> (Int, Int) in
            let r = plan.glassRect
            // Clamped to the region while converting: a huge σ (1e300) makes a huge margin, not a trap.
            let rows = region.y...(region.y + region.height)
            let top = Checked.clamped(((Double(r.y) - margin) / g).rounded(.down) * g, to: rows)
            let bottom = Checked.clamped(((Double(r.y + r.height) + margin) / g).rounded(.up) * g, to: rows)
            return (top - region.y, bottom - region.y)
        }
        spans.sort { $0.0 < $1.0 }
        var merged: [Range<Int>] = []
        for (top, bottom) in spans where top < bottom {
            if let last = merged.last, top <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, bottom)
            } else {
                merged.append(top..<bottom)
            }
        }
        return merged
    }

    /// The frosted backdrop (from `cache` when the key matches), or `nil` when nothing is frosted.
    func frost(over backdrop: Pixmap, cache: BackdropCache?, revision: UInt64) -> FrostedBackdrop? {
        guard let region = frostRegion else { return nil }
        let make = { (workspace: BlurWorkspace, spare: inout Pixmap?) -> FrostedBackdrop in
            backdrop.withView { view in
                FrostedBackdrop.make(backdrop: view, scale: backdrop.scale, region: region, bands: frostBands,
                                     sigma: frostSigma, workspace: workspace, reusing: &spare)
            }
        }
        guard let cache else {
            var none: Pixmap?
            return make(BlurWorkspace(), &none)
        }
        let key = BackdropCache.Key(revision: revision, width: width, height: height, scale: scale, region: region,
                                    bands: frostBands,
                                    sigma: frostSigma)
        return cache.frost(for: key, make: make)
    }

    mutating func render(over backdrop: Pixmap, into destination: inout Pixmap, cache: BackdropCache?,
                         revision: UInt64) {
        guard !surfaces.isEmpty else { return }
        let frosted = RenderProfiler.measure(.frost) { frost(over: backdrop, cache: cache, revision: revision) }
        if let cache, let frosted, !perPixel {
            let key = GlassBake.Key(container: container, width: width, height: height, scale: scale)
            switch cache.bake(for: key) {
            case .replay(let bake) where bake.frostRowBytes == frosted.pixmap.width * 4:
                replay(bake, over: backdrop, frosted: frosted, into: &destination)
                return
            case .record:
                record(key, over: backdrop, frosted: frosted, into: &destination, cache: cache)
                return
            default:
                break
            }
        }
        backdrop.withView { backdropView in
            destination.withMutableView { dst in
                if let shadow {
                    RenderProfiler.measure(.shadow) {
                        for plan in surfaces { paintShadow(plan, shadow, into: dst, pool: WorkerPool.shared) }
                    }
                }
                if let frosted {
                    frosted.pixmap.withView { frostView in
                        for plan in surfaces {
                            paintGlass(plan, frost: frostView, frostOrigin: (frosted.region.x, frosted.region.y),
                                       backdrop: backdropView, into: dst)
                        }
                    }
                } else {
                    for plan in surfaces {
                        paintGlass(plan, frost: nil, frostOrigin: (0, 0), backdrop: backdropView, into: dst)
                    }
                }
            }
        }
    }

    /// ``render(over:into:cache:revision:)`` from a stored ``GlassBake``: shadows, then each surface's glass
    /// from its recorded walk (surfaces without one walk their tiles as usual). A frame over a new backdrop
    /// only samples, tones and blends; the same bytes as the direct render.
    private func replay(_ bake: GlassBake, over backdrop: Pixmap, frosted: FrostedBackdrop,
                        into destination: inout Pixmap) {
        let origin = (frosted.region.x, frosted.region.y)
        backdrop.withView { backdropView in
            destination.withMutableView { dst in
                frosted.pixmap.withView { frostView in
                    if shadow != nil {
                        RenderProfiler.measure(.shadow) {
                            for surface in bake.surfaces { ShadowRecorder.replayShadow(surface, into: dst) }
                        }
                    }
                    for (plan, surface) in zip(surfaces, bake.surfaces) {
                        RenderProfiler.measure(.glassBand) {
                            var shader = makeShader(plan, frost: frostView, frostOrigin: origin, backdrop: backdropView,
                                                    into: dst)
                            if let steps = surface.steps {
                                shader.replay(surface, steps: steps, frost: frostView)
                            } else {
                                plan.walkTiles(bandLimit: shader.bandLimit, visitor: &shader)
                            }
                            shader.release()
                        }
                    }
                }
            }
        }
    }

    /// ``render(over:into:cache:revision:)`` recording a ``GlassBake`` for `key` into `cache` while painting
    /// (the recorded steps are replayed at once, so this frame's pixels come from the bake too).
    private func record(_ key: GlassBake.Key, over backdrop: Pixmap, frosted: FrostedBackdrop,
                        into destination: inout Pixmap, cache: BackdropCache) {
        let origin = (frosted.region.x, frosted.region.y)
        backdrop.withView { backdropView in
            destination.withMutableView { dst in
                frosted.pixmap.withView { frostView in
                    // Shadows first (all surfaces), then each surface's glass, as the direct render.
                    var recorded = surfaces.map { _ in GlassBake.Surface(steps: nil) }
                    if let shadow {
                        RenderProfiler.measure(.shadow) {
                            for (index, plan) in surfaces.enumerated() {
                                var recorder = ShadowRecorder()
                                shadeShadow(plan, shadow, into: &recorder)
                                recorded[index].shadowRuns = recorder.runs
                                recorded[index].shadowAlphas = recorder.alphas
                                ShadowRecorder.replayShadow(recorded[index], into: dst)
                            }
                        }
                    }
                    for (index, plan) in surfaces.enumerated() {
                        RenderProfiler.measure(.glassBand) {
                            var shader = makeShader(plan, frost: frostView, frostOrigin: origin, backdrop: backdropView,
                                                    into: dst)
                            if shader.isVectorizable && shader.glows.isEmpty {
                                var recorder = GlassBakeRecorder(shader: shader, frostWidth: frostView.width,
                                                                 frostHeight: frostView.height,
                                                                 frostRowBytes: frostView.rowBytes)
                                plan.walkTiles(bandLimit: shader.bandLimit, visitor: &recorder)
                                var surface = recorder.surface
                                surface.shadowRuns = recorded[index].shadowRuns
                                surface.shadowAlphas = recorded[index].shadowAlphas
                                recorded[index] = surface
                                shader.replay(surface, steps: surface.steps!, frost: frostView)
                            } else {
                                plan.walkTiles(bandLimit: shader.bandLimit, visitor: &shader)
                            }
                            shader.release()
                        }
                    }
                    cache.store(GlassBake(key: key, surfaces: recorded, frostRowBytes: frostView.rowBytes))
                }
            }
        }
    }

    // MARK: Glass

    /// Paints one surface's glass, its rows of tiles split into bands over ``WorkerPool/shared`` (each band
    /// walks its own tile rows with its own copy of the shader, whose stored state is read-only, and
    /// writes only those rows' pixels, so the bytes do not depend on the worker count).
    private func paintGlass(_ plan: SurfacePlan, frost: PixmapView?, frostOrigin: (Int, Int),
                            backdrop: PixmapView, into dst: MutablePixmapView) {
        RenderProfiler.measure(.glassBand) {
            let shader = makeShader(plan, frost: frost, frostOrigin: frostOrigin, backdrop: backdrop, into: dst)
            nonisolated(unsafe) let shared = (plan: plan, shader: shader)
            WorkerPool.shared.forEachBand(plan.tileRowCount, minimum: 2) { _, rows in
                var copy = shared.shader
                shared.plan.walkTiles(bandLimit: copy.bandLimit, tileRows: rows, visitor: &copy)
            }
            shader.release()
        }
    }

    /// The shader for one surface: the tone (saturation, wash, tint), edge light, and in the opaque
    /// accessibility modes the face colour (the coverage-weighted average of the backdrop under the surface)
    /// and border. The caller must call `release()` on it.
    func makeShader(_ plan: SurfacePlan, frost: PixmapView?, frostOrigin: (Int, Int), backdrop: PixmapView,
                    into dst: MutablePixmapView) -> GlassShader {
        let material = container.material
        let contrast = container.accessibility.contains(.increaseContrast)
        let light = material.lightDirection
        let rimWidth = Float(1.5 * scale)
        var rimIntensity = Float(material.rimIntensity)
        let fresnel = Float(0.2 * material.rimIntensity)
        var border: (color: UInt32, alpha: Float, width: Float) = (0, 0, 0)
        var face: UInt32?
        // The tint (and, for see-through glass, the style's white wash) as one premultiplied overlay.
        let tintAlpha = material.tintStrength
        let tint = material.tint ?? .black
        let wash = opaqueFace ? 0 : material.style.wash
        let overlayAlpha = tintAlpha + wash * (1 - tintAlpha)
        func overlayChannel(_ c: Double) -> Double { 255 * (c * tintAlpha + wash * (1 - tintAlpha)) }
        let overlay = PackedBlend.Overlay(red: overlayChannel(tint.red), green: overlayChannel(tint.green),
                                          blue: overlayChannel(tint.blue), alpha: 255 * overlayAlpha)
        if opaqueFace {
            var averager = BackdropAverager(backdrop: backdrop)
            plan.walkTiles(bandLimit: 0, visitor: &averager)
            var color = averager.color
            if contrast {
                // Light backdrops get a near-white face and a black border; dark ones a near-black face and a
                // white border (0.179 is where black and white text have equal contrast).
                let isLight = GlassVibrancy.luminance(color) >= 0.179
                let target: RGBA = isLight ? .white : RGBA(red: 0.06, green: 0.06, blue: 0.07)
                color = RGBA(red: color.red + (target.red - color.red) * 0.75,
                             green: color.green + (target.green - color.green) * 0.75,
                             blue: color.blue + (target.blue - color.blue) * 0.75)
                border = (isLight ? 0xFF00_0000 : 0xFFFF_FFFF, 0.85, Float(1.5 * scale))
                rimIntensity = 0
            }
            face = overlay.apply(PremultipliedRGBA8(color).packed)
        }
        let bandLimit = Swift.max(plan.bevel, rimWidth, border.width) + 1
        return GlassShader(
            dst: dst, frost: frost, frostX: frostOrigin.0, frostY: frostOrigin.1, face: face,
            tone: GlassTone(saturation: saturation, overlay: overlay),
            plan: plan, bandLimit: bandLimit, light: (Float(light.x), Float(light.y)),
            rimIntensity: rimIntensity, rimWidth: rimWidth, fresnel: fresnel, border: border,
            opacity: Float(materialize), perPixel: perPixel)
    }

    // MARK: Shadow

    /// Darkens the destination around the surface by the analytic shadow of its offset outline. The distance
    /// is evaluated on an 8-pixel grid and interpolated bilinearly (the shadow is smooth at that scale:
    /// σ ≥ 2 pt); cells whose corners are all beyond the shadow's extent are skipped.
    func paintShadow(_ plan: SurfacePlan, _ profile: ShadowProfile, into dst: MutablePixmapView, pool: WorkerPool? = nil) {
        guard let grid = shadowGrid(plan, profile) else { return }
        guard let pool else {
            paintShadow(grid, profile, cellRows: 0..<(grid.rows - 1), into: dst)
            return
        }
        // Bands of cell rows over the pool: each paints only its own rows of pixels, each pixel exactly
        // as the whole walk does.
        nonisolated(unsafe) let shared = (renderer: self, grid: grid, profile: profile, dst: dst)
        pool.forEachBand(grid.rows - 1, minimum: 4) { _, rows in
            shared.renderer.paintShadow(shared.grid, shared.profile, cellRows: rows, into: shared.dst)
        }
    }

    /// Paints the shadow's cell rows `cellRows` into `dst`: ``shadeShadow(_:_:cellRows:into:)`` into a
    /// ``ShadowPainter`` (always for ``perPixel``, the reference), or the same in `lk_glass_shadow_cells_avx2`
    /// where the CPU runs AVX2, two neighbouring cells at once where it runs AVX-512 (the same Float operations
    /// and blends, so the same bytes). Measured reason for the pairs: a cell row is one eight-lane group, and
    /// painting two at once took a glass button's frame from 0.71–0.72 to 0.68–0.69 ms (alternated rounds).
    /// Measured reason for the kernel (alternated rounds of 15-run medians):
    /// in Swift the alphas were read from the table lane by lane and blended in SSE2 halves, and the shadow
    /// was a sixth of a glass button frame; through the kernel that frame takes 0.91–0.95 of its time, and G2
    /// rendered cold 0.82–1.00.
    private func paintShadow(_ grid: ShadowGrid, _ profile: ShadowProfile, cellRows: Range<Int>,
                             into dst: MutablePixmapView) {
        #if canImport(CLiquidKernels)
        if KernelSet.automatic.usesAVX2 && !perPixel {
            grid.distances.withUnsafeBufferPointer { distances in
                profile.alphas.withUnsafeBufferPointer { table in
                    var cells = lk_shadow_grid(
                        distances: distances.baseAddress!, columns: Int32(grid.columns), regionX: Int32(grid.region.x),
                        regionY: Int32(grid.region.y), regionWidth: Int32(grid.region.width),
                        regionHeight: Int32(grid.region.height), cell: Int32(ShadowGrid.cell),
                        entries: Int32(ShadowProfile.entries),
                        skipInside: materialize >= 1 ? 1 : 0, extent: profile.extent, inverseStep: profile.inverseStep,
                        cellReach: grid.cellReach, table: table.baseAddress!,
                        wide: KernelSet.automatic.usesAVX512 ? 1 : 0)
                    lk_glass_shadow_cells_avx2(&cells, Int32(cellRows.lowerBound), Int32(cellRows.upperBound), dst.base,
                                               dst.rowBytes)
                }
            }
            return
        }
        #endif
        var sink = ShadowPainter(dst: dst)
        shadeShadow(grid, profile, cellRows: cellRows, into: &sink)
    }

    /// The shadow alphas of ``paintShadow(_:_:into:)``, handed to `sink` eight pixels (or one) at a time
    /// in the order they are painted.
    func shadeShadow<Sink: ShadowSink>(_ plan: SurfacePlan, _ profile: ShadowProfile, into sink: inout Sink) {
        guard let grid = shadowGrid(plan, profile) else { return }
        shadeShadow(grid, profile, cellRows: 0..<(grid.rows - 1), into: &sink)
    }

    /// The shadow's distance samples on an 8-pixel grid over the region it can darken.
    struct ShadowGrid {
        var region: PixelRect
        var columns: Int
        var rows: Int
        var distances: [Float]
        var shift: Float

        /// The grid's spacing in pixels (each cell is that many pixels square).
        static let cell = 8

        /// How far a cell's pixels can lie from its samples' distances, allowing for the shadow's offset: 0.71
        /// of a cell (its farthest pixel from a corner) plus the offset.
        var cellReach: Float { Float(Self.cell) * 0.71 + shift }
    }

    /// The field of `plan`'s outline, offset by the shadow, sampled every 8 pixels over the region the
    /// shadow can reach; `nil` when that region is empty.
    func shadowGrid(_ plan: SurfacePlan, _ profile: ShadowProfile) -> ShadowGrid? {
        let g = ShadowGrid.cell
        let offset = container.material.shadow.offset
        let ox = Float(offset.x * scale), oy = Float(offset.y * scale)
        let shift = (ox * ox + oy * oy).squareRoot()
        let e = Double(profile.extent)
        let b = plan.glassRect
        var box = PixelRectBox.empty
        box.include(minX: Double(b.x) + Double(ox), minY: Double(b.y) + Double(oy),
                    maxX: Double(b.x + b.width) + Double(ox), maxY: Double(b.y + b.height) + Double(oy))
        guard let region = box.pixelRect(margin: e.rounded(.up), width: width, height: height) else { return nil }
        let columns = (region.width + g - 1) / g + 1, rows = (region.height + g - 1) / g + 1
        var grid = [Float](repeating: 0, count: columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let x = Float(region.x + i * g) + 0.5 - ox, y = Float(region.y + j * g) + 0.5 - oy
                grid[j * columns + i] = plan.field.distance(x, y)
            }
        }
        return ShadowGrid(region: region, columns: columns, rows: rows, distances: grid, shift: shift)
    }

    /// Hands `sink` the shadow alphas of the grid's cell rows `cellRows`, row by row.
    func shadeShadow<Sink: ShadowSink>(_ samples: ShadowGrid, _ profile: ShadowProfile, cellRows: Range<Int>,
                                       into sink: inout Sink) {
        let g = ShadowGrid.cell
        let region = samples.region, columns = samples.columns
        let grid = samples.distances
        // A cell is wholly under opaque glass (coverage 1 everywhere) when even its farthest pixel, allowing
        // for the shadow offset and the distance to a grid corner, is ½ pixel inside the outline.
        let skipInside = materialize >= 1
        let cellReach = samples.cellReach
        let extent = profile.extent
        profile.alphas.withUnsafeBufferPointer { alphaTable in
            let table = alphaTable.baseAddress!
            for j in cellRows {
                let y0 = region.y + j * g, y1 = Swift.min(y0 + g, region.y + region.height)
                guard y0 < y1 else { continue }
                for i in 0..<(columns - 1) {
                    let x0 = region.x + i * g, x1 = Swift.min(x0 + g, region.x + region.width)
                    guard x0 < x1 else { continue }
                    let d00 = grid[j * columns + i], d10 = grid[j * columns + i + 1]
                    let d01 = grid[(j + 1) * columns + i], d11 = grid[(j + 1) * columns + i + 1]
                    let lo = Swift.min(d00, d10, d01, d11), hi = Swift.max(d00, d10, d01, d11)
                    if lo >= extent { continue }
                    if skipInside && hi + cellReach <= -0.5 { continue }
                    let inverse = 1 / Float(g)
                    for y in y0..<y1 {
                        let fy = Float(y - y0) * inverse
                        let left = d00 + (d01 - d00) * fy, right = d10 + (d11 - d10) * fy
                        let step = (right - left) * inverse
                        // The same test per row: the interpolated distance is linear along it, and the true
                        // field is at most it + 0.71·g (bilinear interpolation of a 1-Lipschitz field).
                        if skipInside && Swift.max(left, left + Float(x1 - 1 - x0) * step) + cellReach <= -0.5 { continue }
                        var x = x0
                        // Eight pixels at a time, the distance at pixel i of the cell being left + i·step (the
                        // tail likewise, so chunking never changes a pixel; it was a running sum). Measured
                        // (thread CPU, medians of 21, load ≈ 9): G2's shadow 4.4 → 3.5 ms, G1's 0.66 → 0.47 ms.
                        // (Filling the eight alphas lane by lane from a scalar loop first made it slower,
                        // 4.4 → 7.4 ms: the lanes went through memory.)
                        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
                        while x + 8 <= x1 {
                            let d = left + (SIMD8<Float>(repeating: Float(x - x0)) + lanes) * step
                            let alphas = profile.alphas(at: d, table)
                            if Lanes.any(SIMD8<Int32>(truncatingIfNeeded: alphas)) { sink.shade8(y: y, x: x, alphas: alphas) }
                            x += 8
                        }
                        while x < x1 {
                            let alpha = profile.alpha(at: left + Float(x - x0) * step, table)
                            if alpha != 0 { sink.shade(y: y, x: x, alpha: alpha) }
                            x += 1
                        }
                    }
                }
            }
        }
    }
}

/// Where ``GlassRenderer/shadeShadow(_:_:into:)`` sends the shadow's non-zero alphas (0…256).
protocol ShadowSink {
    /// Pixels x … x + 7 of row y darken by `alphas` (some may be 0).
    mutating func shade8(y: Int, x: Int, alphas: SIMD8<UInt32>)
    /// Pixel x of row y darkens by `alpha`.
    mutating func shade(y: Int, x: Int, alpha: UInt32)
}

/// Paints the shadow: each pixel blended toward opaque black by its alpha.
struct ShadowPainter: ShadowSink {
    let dst: MutablePixmapView

    @inline(__always)
    mutating func shade8(y: Int, x: Int, alphas: SIMD8<UInt32>) {
        let row = UnsafeMutableRawPointer(dst.row(y))
        let p = row.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
        row.storeBytes(of: PackedBlend.lerp(p, SIMD8(repeating: 0xFF00_0000), alphas), toByteOffset: 4 * x,
                       as: SIMD8<UInt32>.self)
    }

    @inline(__always)
    mutating func shade(y: Int, x: Int, alpha: UInt32) {
        let row = UnsafeMutableRawPointer(dst.row(y))
        let p = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
        row.storeBytes(of: PackedBlend.lerp(p, 0xFF00_0000, alpha), toByteOffset: 4 * x, as: UInt32.self)
    }
}

/// Records the shadow into a ``GlassBake/Surface`` as runs of alphas (consecutive pixels of a row join one
/// run); ``replayShadow(_:into:)`` paints them back with the same blends.
struct ShadowRecorder: ShadowSink {
    var runs: [GlassBake.ShadowRun] = []
    var alphas: [UInt16] = []

    private mutating func open(y: Int, x: Int) {
        if let last = runs.last, Int(last.y) == y, Int(last.x) + Int(last.count) == x { return }
        runs.append(GlassBake.ShadowRun(y: Int32(y), x: Int32(x), count: 0, start: alphas.count))
    }

    mutating func shade8(y: Int, x: Int, alphas a: SIMD8<UInt32>) {
        open(y: y, x: x)
        for k in 0..<8 { alphas.append(UInt16(truncatingIfNeeded: a[k])) }
        runs[runs.count - 1].count += 8
    }

    mutating func shade(y: Int, x: Int, alpha: UInt32) {
        open(y: y, x: x)
        alphas.append(UInt16(truncatingIfNeeded: alpha))
        runs[runs.count - 1].count += 1
    }

    /// Paints recorded runs: eight pixels at a time where eight remain (groups of eight zero alphas are
    /// skipped; a zero alpha leaves its pixel exactly as it was), then one at a time.
    ///
    /// Where the CPU runs AVX2 (`kernels` `.automatic`) the groups of eight go through
    /// `lk_glass_shadow_avx2`, the same blends on eight pixels in one register (the SSE2 form takes two
    /// halves and widens the alphas lane by lane); the rest of a run stays here. Measured (one profiled
    /// run of G2 with the bake replayed): shadow 1.16 → 0.74 ms.
    static func replayShadow(_ surface: GlassBake.Surface, into dst: MutablePixmapView,
                             kernels: KernelSet = .automatic) {
        var painter = ShadowPainter(dst: dst)
        #if canImport(CLiquidKernels)
        let avx2 = kernels.usesAVX2
        #else
        let avx2 = false
        #endif
        surface.shadowAlphas.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawPointer(buffer.baseAddress!)
            for run in surface.shadowRuns {
                let y = Int(run.y), x0 = Int(run.x), count = Int(run.count)
                var i = 0
                #if canImport(CLiquidKernels)
                if avx2 {
                    i = Int(lk_glass_shadow_avx2(buffer.baseAddress! + run.start, run.count, dst.row(y) + 4 * x0))
                }
                #endif
                while i + 8 <= count {
                    let a = SIMD8<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 2 * (run.start + i),
                                                                               as: SIMD8<UInt16>.self))
                    if a != .zero { painter.shade8(y: y, x: x0 + i, alphas: a) }
                    i += 8
                }
                while i < count {
                    let a = UInt32(buffer[run.start + i])
                    if a != 0 { painter.shade(y: y, x: x0 + i, alpha: a) }
                    i += 1
                }
            }
        }
    }
}
