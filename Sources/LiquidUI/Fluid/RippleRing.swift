import Foundation
import LiquidGeometry
import LiquidRaster
import CLiquidKernels

/// The faint bright ring that follows one ripple's wave front, and the drawing of several at once.
///
/// A ring is a radial gradient — clear, clear, white at alpha 0.02·``opacity``, clear at stops 0, 1 − w,
/// 1 − 0.2w, 1 (w = ``width``) — over the ellipse of radii ``front``·``stretch`` around ``centre``, so its
/// alpha at normalised elliptical radius ρ is 0.02·opacity·max(0, min((ρ − (1 − w))/(0.8w), (1 − ρ)/(0.2w))).
///
/// Guarantees: ``draw(_:into:area:layout:coarseGrid:kernels:)`` changes only pixels within a pixel of where
/// some ring's alpha is above zero, and only within the canvas's clip. It writes the composite of all the
/// rings (white over the pixels, combined as successive source-over layers would be, the combined alpha
/// taken to 1/65535) rounded once per channel: within 0.505 of a level of the exact composite when every
/// ring is drawn exactly, plus at most ``Layout/coarseErrorBound`` levels for the rings drawn on the coarse
/// grid (see ``coarseGridError(scale:)``). Drawing each ring's gradient in turn instead rounds after each
/// ring and quantises the gradient's colours.
struct RippleRing: Equatable {
    /// The wave's start, points.
    let centre: Point
    /// The radius along the shorter axis, points (positive).
    let front: Double
    /// w: 1 when the wave starts, down to 0.4 once it has travelled the shorter side.
    let width: Double
    /// 0…1: fades in over the first 15 % of the shorter side.
    let opacity: Double
    /// Scale of the ellipse per axis: (width, height) of the view over its shorter side.
    let stretch: (x: Double, y: Double)

    /// The box of the ring's ellipse, points (the ring is clear outside it).
    var box: Rect {
        Rect(x: centre.x - front * stretch.x, y: centre.y - front * stretch.y, width: 2 * front * stretch.x,
             height: 2 * front * stretch.y)
    }

    /// The peak alpha of the gradient at opacity 1.
    static let peakAlpha = 0.02

    static func == (a: RippleRing, b: RippleRing) -> Bool {
        a.centre == b.centre && a.front == b.front && a.width == b.width && a.opacity == b.opacity
            && a.stretch.x == b.stretch.x && a.stretch.y == b.stretch.y
    }

    /// The ring of a wave whose front has travelled `front` points in a view of `size`, or `nil` when the
    /// front has not left the centre or the size is empty.
    init?(centre: Point, front: Double, in size: Size) {
        let shorter = Swift.min(size.width, size.height)
        guard front > 0, front.isFinite, shorter > 0, centre.isFinite else { return nil }
        let progress = front / shorter
        self.centre = centre
        self.front = front
        width = 1 - 0.6 * Swift.min(progress, 1)
        opacity = Swift.min(Swift.max(progress / 0.15, 0), 1)
        stretch = (size.width / shorter, size.height / shorter)
    }

    /// Draws `rings` (in the canvas's user space, points) into `canvas`, where they cover `area` (user space;
    /// by default the canvas). `layout` keeps the rings' spans per pixel row between calls, so that the
    /// tiles of one frame lay them out once: give the same object and area for every tile of a frame (it
    /// lays itself out anew when the rings, the area, the scale or the sub-pixel placement differ). A
    /// pixel's value does not depend on the tile it is drawn in.
    ///
    /// Measured reason for drawing them by hand: filling each ring's annulus with its radial gradient cost
    /// ~90 % of a full-screen ripple frame at 3× with eight waves (the annuli are wide: w·front), most of it
    /// shading gradients pixel by pixel and blending them ring after ring. Here each pixel row gets every
    /// ring's transmittance over the ring's span (eight pixels at a time), then one blend, in one kernel
    /// call per canvas (``lk_ring_draw``; a call per row and ring from Swift cost ~2 ms of that frame).
    /// Measured reason for the layout: at 64-pixel tiles every ring's span was worked out again for each of
    /// the ~20 tiles across a row. Under a rotation or shear the gradients are filled as paths.
    ///
    /// The coarse grid (`coarseGrid`, on by default): a ring whose light is so gentle that linear
    /// interpolation over two pixels moves it by at most ``maximumCoarseError`` of a level at any pixel
    /// (``coarseGridError(scale:)``, a bound, not an estimate) is computed only at the even columns of even
    /// rows of the device grid; the pixels between take the mean of their two or four neighbours there.
    /// Measured reason: computing every ring at every pixel (a square root each) was a third of a
    /// full-screen ripple frame at 3× with eight waves, where the rings are wide and overlap about five deep;
    /// a quarter of the square roots took that frame (`ui.ripple.frame.8waves`) from 20.3 to 18.3 ms. In
    /// that frame the bound sums to about 0.7 of a level; on a test scene of such rings both paths came within
    /// 0.502 of a level of the composite computed in doubles.
    static func draw(_ rings: [RippleRing], into canvas: inout Canvas, area: Rect? = nil, layout: Layout? = nil,
                     coarseGrid: Bool = true, kernels: KernelSet = .automatic) {
        guard let placement = placement(of: rings, on: &canvas, area: area, coarseGrid: coarseGrid) else { return }
        let layout = layout ?? Layout()
        layout.prepare(rings, placement.settings)
        draw(placement, of: layout, into: &canvas, kernels: kernels)
    }

    /// Draws `rings` into `canvas` as ``draw(_:into:area:layout:coarseGrid:kernels:)`` does, but without
    /// changing `shared`: it is used when it holds these rings laid out for this canvas's grid (prepared
    /// with the ``settings(toDevice:area:coarseGrid:)`` of the canvases' layer), otherwise a layout private
    /// to this call is. Several threads may draw through one shared layout at once (the coarse rows are
    /// claimed atomically), as long as none prepares it meanwhile. The bytes are the same either way.
    static func draw(_ rings: [RippleRing], into canvas: inout Canvas, area: Rect?, shared: Layout,
                     coarseGrid: Bool = true, kernels: KernelSet = .automatic) {
        guard let placement = placement(of: rings, on: &canvas, area: area, coarseGrid: coarseGrid) else { return }
        if shared.holds(rings, placement.settings) {
            draw(placement, of: shared, into: &canvas, kernels: kernels)
        } else if let own = Self.placement(on: canvas, area: nil, coarseGrid: coarseGrid) {
            // Laid out over this canvas's rows only (no shared grid): the same bytes, work in proportion to
            // the canvas rather than the area.
            let layout = Layout()
            layout.prepare(rings, own.settings)
            draw(own, of: layout, into: &canvas, kernels: kernels)
        }
    }

    /// What a layout for the canvases of a layer whose local points map to device pixels by `toDevice`, and
    /// which draw rings over `area` (local points), depends on — what their draws will ask a shared layout
    /// to hold — or `nil` when such canvases do not lay rings out (see ``draw(_:into:area:layout:coarseGrid:kernels:)``).
    static func settings(toDevice: LiquidGeometry.AffineTransform, area: Rect, coarseGrid: Bool = true) -> Layout.Settings? {
        placement(transform: toDevice, height: 0, area: area, coarseGrid: coarseGrid)?.settings
    }

    /// Where a canvas lies on a layout's grid: device pixel (x, y) of the canvas is grid pixel
    /// (x − shiftX, y − shiftY), and what the layout for it depends on.
    struct Placement {
        let shiftX, shiftY: Int
        let settings: Layout.Settings
    }

    /// The placement of `canvas` for rings covering `area`, or `nil` when the rings cannot be laid out on
    /// its grid (a rotation, shear or flip: they are filled as paths; or a translation beyond ±10⁹ pixels:
    /// nothing of them can show).
    private static func placement(on canvas: Canvas, area: Rect?, coarseGrid: Bool) -> Placement? {
        placement(transform: canvas.deviceTransform, height: canvas.pixmap.height, area: area, coarseGrid: coarseGrid)
    }

    /// The placement of `canvas` for `rings`, or `nil` when there is nothing more to do: no rings, or a
    /// transform the rows cannot follow (the rings are filled as paths here, or lie beyond any grid).
    private static func placement(of rings: [RippleRing], on canvas: inout Canvas, area: Rect?,
                                  coarseGrid: Bool) -> Placement? {
        guard !rings.isEmpty else { return nil }
        if let placement = placement(on: canvas, area: area, coarseGrid: coarseGrid) { return placement }
        if !gridAligned(canvas.deviceTransform) { for ring in rings { ring.fillGradient(into: &canvas) } }
        return nil
    }

    private static func placement(transform t: LiquidGeometry.AffineTransform, height: Int, area: Rect?,
                                  coarseGrid: Bool) -> Placement? {
        guard gridAligned(t) else { return nil }
        // Device pixel (x, y) of this canvas is (x − shiftX, y − shiftY) of the layout's grid. The
        // translation is taken to 2⁻²⁰ pixel first, so tiles whose transforms differ by an integer and
        // rounding noise share one layout.
        func split(_ v: Double) -> (Int, Double) {
            let q = (v * 1_048_576).rounded() / 1_048_576, whole = q.rounded(.down)
            return (Int(whole), q - whole)
        }
        guard abs(t.tx) < 1e9, abs(t.ty) < 1e9 else { return nil }
        let (shiftX, fx) = split(t.tx), (shiftY, fy) = split(t.ty)
        // The grid rows the area spans (grid row m lies at device row m + shiftY of this canvas).
        let canvasRows = -shiftY...(height - shiftY)
        var rows = canvasRows
        var columns: ClosedRange<Int>?
        if let area, area.isFinite {
            let top = (area.minY * t.d + fy).rounded(.down), bottom = (area.maxY * t.d + fy).rounded(.up)
            if top > -1e9, bottom < 1e9, top <= bottom { rows = Int(top)...Int(bottom) }
            let left = (area.minX * t.a + fx).rounded(.down), right = (area.maxX * t.a + fx).rounded(.up)
            if left > -1e9, right < 1e9, left <= right { columns = Int(left)...Int(right) }
        }
        // An area far taller than any screen (a huge view) is laid out over this canvas's rows alone, so the
        // layout's memory stays bounded by the canvas, not the view.
        if rows.count > Self.maximumSharedRows {
            rows = canvasRows
            columns = nil
        }
        return Placement(shiftX: shiftX, shiftY: shiftY,
                         settings: Layout.Settings(scaleX: t.a, scaleY: t.d, fractionX: fx, fractionY: fy, rows: rows,
                                                   columns: columns, coarseGrid: coarseGrid))
    }

    /// Whether `t` maps the rings onto the device grid by a positive scale per axis and a translation (the
    /// rings are laid out per pixel row); any other transform fills them as paths.
    private static func gridAligned(_ t: LiquidGeometry.AffineTransform) -> Bool {
        t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 && t.isFinite
    }

    /// Draws the rings `layout` holds into `canvas` placed at `placement` (the layout prepared for it).
    private static func draw(_ placement: Placement, of layout: Layout, into canvas: inout Canvas, kernels: KernelSet) {
        let width = canvas.pixmap.width, height = canvas.pixmap.height
        let coverage = canvas.clipMask?.bytes
        let floats = Int(lk_ring_work_floats(Int32(width)))
        // The kernel's work row lives on this call's stack (several threads may draw at once).
        withUnsafeTemporaryAllocation(of: Float.self, capacity: floats) { work in
            canvas.pixmap.withMutableView { view in
                layout.rings.withUnsafeBufferPointer { rings in
                    layout.spans.withUnsafeBufferPointer { spans in
                        // No spans (every ring clear): nothing to draw.
                        guard let ringBase = rings.baseAddress, let spanBase = spans.baseAddress,
                              let workBase = work.baseAddress else { return }
                        func draw(_ coverage: UnsafePointer<UInt8>?) {
                            layout.withGrid { grid in
                                lk_ring_draw(view.base, view.rowBytes, Int32(width), Int32(height),
                                             Int32(placement.shiftX), Int32(placement.shiftY), ringBase,
                                             Int32(rings.count), spanBase, coverage, grid, workBase,
                                             kernels.vectorLevel)
                            }
                        }
                        if let coverage { coverage.withUnsafeBufferPointer { draw($0.baseAddress!) } } else { draw(nil) }
                    }
                }
            }
        }
    }

    /// The most grid rows a layout shared by the tiles of a frame covers (about 330 KB of spans per ring).
    static let maximumSharedRows = 16_384

    /// The rings laid out on a device grid whose pixel (0, 0) holds the user-space point where a canvas
    /// transform's translation lands, rounded down: each ring's constants and, per grid row, where it may be
    /// above zero; kept while the rings, the scale and the translation's fractions stay.
    ///
    /// Concurrency: ``prepare(_:_:)`` changes the layout and must not overlap any other use of it; between
    /// two prepares, any number of threads may draw through it at once — they read its rings and spans and
    /// fill the shared coarse grid's rows, each claimed atomically by the first draw that needs it
    /// (`lk_ring_grid`). That is what makes it `@unchecked Sendable`.
    final class Layout: @unchecked Sendable {
        private(set) var rings: [lk_ring] = []
        private(set) var spans: [lk_ring_span] = []
        /// The most the coarse grid moves the rings' light at any pixel, in levels (0 when every ring is drawn
        /// exactly): the coarse rings' ``coarseGridError(scale:)`` summed, plus what interpolating their
        /// product rather than each factor adds (e^S − 1 − S, S their largest change over the farthest
        /// neighbour, in alpha).
        private(set) var coarseErrorBound = 0.0
        private var key: (rings: [RippleRing], settings: Settings)?

        /// What else a layout depends on.
        struct Settings: Equatable {
            let scaleX, scaleY, fractionX, fractionY: Double
            let rows: ClosedRange<Int>
            let columns: ClosedRange<Int>?
            let coarseGrid: Bool
        }

        /// The coarse rings' values at the even grid columns of the even grid rows over the area, shared by
        /// the tiles of a frame (see `lk_ring_grid`): each row is computed by the first tile that needs it.
        /// Measured reason: with 64-pixel tiles each tile computed its own 33 × 33 coarse values, ring by
        /// ring in runs of 33, and that per-run overhead was a sixth of a full-screen ripple frame at 3×.
        /// Raw memory rather than arrays: draws on several threads write its rows at once.
        private var grid: (firstColumn: Int, count: Int, firstRow: Int, rows: Int)?
        private var gridValues = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
        private var gridExtents = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        private var gridDone = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

        /// How many rows of the shared coarse grid the canvases drawn so far computed.
        var sharedRowsComputed: Int {
            guard let grid else { return 0 }
            return gridDone.prefix(grid.rows).reduce(0) { $0 + ($1 == 2 ? 1 : 0) }
        }

        /// The most floats the shared coarse grid holds (16 MB); a larger area computes per tile.
        static let maximumGridFloats = 4_194_304

        init() {}

        deinit {
            gridValues.deallocate()
            gridExtents.deallocate()
            gridDone.deallocate()
        }

        /// Calls `body` with the shared coarse grid, or `nil` when there is none.
        fileprivate func withGrid(_ body: (UnsafeMutablePointer<lk_ring_grid>?) -> Void) {
            guard let grid, let values = gridValues.baseAddress, let extents = gridExtents.baseAddress,
                  let done = gridDone.baseAddress else { return body(nil) }
            var shared = lk_ring_grid(values: values, extents: extents, done: done, firstColumn: Int32(grid.firstColumn),
                                      count: Int32(grid.count), rows: Int32(grid.rows), firstRow: Int64(grid.firstRow))
            body(&shared)
        }

        /// Sets up an empty shared grid over grid `rows` × `columns` (with a margin of two pixels), or none when
        /// no ring is coarse, the columns are unknown or the grid would exceed ``maximumGridFloats``.
        private func makeGrid(rows: ClosedRange<Int>, columns: ClosedRange<Int>?) {
            grid = nil
            guard rings.contains(where: { $0.coarse != 0 }), let columns else { return }
            func even(_ v: Int) -> Int { v - (v & 1) }
            let firstRow = even(rows.lowerBound - 2), lastRow = even(rows.upperBound + 3)
            let firstColumn = even(columns.lowerBound - 4), lastColumn = even(columns.upperBound + 5)
            let rowCount = (lastRow - firstRow) / 2 + 1, count = (lastColumn - firstColumn) / 2 + 1
            guard rowCount > 0, count > 0, rowCount <= Self.maximumGridFloats / (count + 8) else { return }
            grid = (firstColumn, count, firstRow, rowCount)
            let floats = rowCount * (count + 8)
            if gridValues.count < floats {
                gridValues.deallocate()
                gridValues = .allocate(capacity: floats)
            }
            if gridExtents.count < 2 * rowCount {
                gridExtents.deallocate()
                gridExtents = .allocate(capacity: 2 * rowCount)
            }
            if gridDone.count < rowCount {
                gridDone.deallocate()
                gridDone = .allocate(capacity: rowCount)
            }
            // The kernel fills a row's values and extents when it claims the row; only the claims start clear.
            gridDone.baseAddress!.initialize(repeating: 0, count: rowCount)
        }

        /// Whether the layout holds `rings` laid out for `settings` (what ``prepare(_:_:)`` would leave).
        func holds(_ rings: [RippleRing], _ settings: Settings) -> Bool {
            guard let key else { return false }
            return key.settings == settings && key.rings == rings
        }

        /// Lays `rings` out for a canvas of `scale` device pixels per point whose user origin lies at
        /// `fraction` of grid pixel (0, 0), over the grid rows `rows`, unless that is what it holds already.
        func prepare(_ rings: [RippleRing], scale: (x: Double, y: Double), fraction: (x: Double, y: Double),
                     rows: ClosedRange<Int>, columns: ClosedRange<Int>? = nil, coarseGrid: Bool) {
            prepare(rings, Settings(scaleX: scale.x, scaleY: scale.y, fractionX: fraction.x, fractionY: fraction.y,
                                    rows: rows, columns: columns, coarseGrid: coarseGrid))
        }

        /// Lays `rings` out for `settings`, unless that is what it holds already.
        func prepare(_ rings: [RippleRing], _ settings: Settings) {
            if holds(rings, settings) { return }
            key = (rings, settings)
            let scale = (x: settings.scaleX, y: settings.scaleY), fraction = (x: settings.fractionX, y: settings.fractionY)
            // Every ring is laid out over the rows of its ellipse within `rows`, a row to spare each side.
            let band = (settings.rows.lowerBound - 1)...(settings.rows.upperBound + 1)
            var laid: [lk_ring] = [], spans: [lk_ring_span] = []
            var error = 0.0, change = 0.0
            for ring in rings {
                let bound = ring.coarseGridError(scale: scale)
                let coarse = settings.coarseGrid && bound <= RippleRing.maximumCoarseError
                if coarse {
                    error += bound
                    change += ring.steepestChange(scale: scale) * 2.0.squareRoot()
                }
                laid.append(ring.laidOut(scale: scale, fraction: fraction, rows: band, coarse: coarse, into: &spans))
            }
            self.rings = laid
            self.spans = spans
            makeGrid(rows: settings.rows, columns: settings.columns)
            coarseErrorBound = error > 0 ? error + 255 * (exp(change) - 1 - change) : 0
        }
    }

    /// The largest ``coarseGridError(scale:)`` of a ring drawn on the coarse grid, in levels.
    static let maximumCoarseError = 0.25

    /// The most this ring's alpha changes per device pixel of a canvas of `scale` pixels per point:
    /// peak alpha × the ramp's steeper slope (1/(0.2w)) × the largest change of the elliptical radius ρ per
    /// pixel (1/(scale · radius) along the shorter radius in pixels).
    func steepestChange(scale: (x: Double, y: Double)) -> Double {
        Self.peakAlpha * opacity / (0.2 * width) * radiusStep(scale: scale)
    }

    /// The largest change of ρ per device pixel.
    private func radiusStep(scale: (x: Double, y: Double)) -> Double {
        Swift.max(1 / (scale.x * front * stretch.x), 1 / (scale.y * front * stretch.y))
    }

    /// The most this ring's light at any pixel moves when taken from the coarse grid (the mean of two or
    /// four exact values at most √2 pixels away) instead of computed there, in levels of 255. A bound:
    /// - the ramp r(ρ) is linear between its kinks (at 1 − w, 1 − 0.2w and 1), so a symmetric mean misses
    ///   only the slope change s of a kink inside the neighbours' range of ρ, by at most |s| × that range's
    ///   half-width g√2 (g = the largest change of ρ per pixel): s = rise + fall at the peak, or all three
    ///   kinks (2 × (rise + fall)) once the range is as wide as the kinks' spacing 0.2w;
    /// - ρ bends: ρ(p + h) + ρ(p − h) − 2ρ(p) ≤ min(2g|h|, g²|h|²/ρ(p)) (it is a norm), and only pixels with
    ///   ρ(p) ≥ 1 − w − g√2 can be lit, which costs at most fall × that;
    /// - the mean halves the sum of both: error ≤ peak alpha × opacity × (s·g√2 + fall × bend) / 2.
    func coarseGridError(scale: (x: Double, y: Double)) -> Double {
        let g = radiusStep(scale: scale), reach = g * 2.0.squareRoot()
        let rise = 1 / (0.8 * width), fall = 1 / (0.2 * width), inner = 1 - width
        let kinks = 2 * reach < 0.2 * width ? rise + fall : 2 * (rise + fall)
        let bend = inner - reach > 0 ? Swift.min(2 * reach, reach * reach / (inner - reach)) : 2 * reach
        let error = 255 * Self.peakAlpha * opacity * (kinks * reach + fall * bend) / 2
        return error.isFinite ? error : .infinity
    }

    /// This ring laid out over grid rows `rows` (see ``Layout``), its spans appended to `spans`.
    private func laidOut(scale: (x: Double, y: Double), fraction: (x: Double, y: Double), rows: ClosedRange<Int>,
                         coarse: Bool, into spans: inout [lk_ring_span]) -> lk_ring {
        let (a, d) = scale, (fx, fy) = fraction
        let alpha = Self.peakAlpha * opacity
        let radiusX = front * stretch.x, radiusY = front * stretch.y
        let inner = 1 - width
        // Grid column n's centre lies at u = u0 + n·du in ring space (the ellipse is the unit circle there).
        let du = 1 / (a * radiusX), u0 = ((0.5 - fx) / a - centre.x) / radiusX
        // The rows the ellipse spans, within `rows`.
        // Clamped to `rows` before converting, so that a centre or radius far off the grid cannot trap.
        func row(_ v: Double) -> Int {
            Int(Swift.min(Swift.max(v, Double(rows.lowerBound)), Double(rows.upperBound)))
        }
        let top = row(((centre.y - radiusY) * d + fy - 0.5).rounded(.down) - 1)
        let bottom = row(((centre.y + radiusY) * d + fy - 0.5).rounded(.up) + 1)
        let offset = spans.count
        if alpha > 0, top <= bottom {
            spans.reserveCapacity(offset + bottom - top + 1)
            for m in top...bottom {
                let v = ((Double(m) + 0.5 - fy) / d - centre.y) / radiusY
                let v2 = v * v
                guard v2 < 1 else {
                    spans.append(lk_ring_span(begin: 0, holeBegin: 0, holeEnd: 0, end: 0, v2: 1))
                    continue
                }
                let reach = (1 - v2).squareRoot()
                let begin = Self.column(((-reach - u0) / du).rounded(.down))
                let end = Self.column(((reach - u0) / du).rounded(.up) + 1)
                // Pixels well inside the clear middle are skipped (alpha is zero there anyway).
                var holeBegin = end, holeEnd = end
                if inner * inner > v2 {
                    let hole = (inner * inner - v2).squareRoot()
                    holeBegin = Swift.max(begin, Self.column(((-hole - u0) / du).rounded(.up) + 1))
                    holeEnd = Swift.min(end, Self.column(((hole - u0) / du).rounded(.down)))
                    if holeBegin >= holeEnd { holeBegin = end; holeEnd = end }
                }
                spans.append(lk_ring_span(begin: begin, holeBegin: holeBegin, holeEnd: holeEnd, end: end, v2: Float(v2)))
            }
        }
        return lk_ring(u0: Float(u0), du: Float(du), inner: Float(inner), rise: Float(1 / (0.8 * width)),
                       fall: Float(1 / (0.2 * width)), alpha: Float(alpha), firstRow: Int32(clamping: top),
                       rowCount: Int32(spans.count - offset), spanOffset: Int32(clamping: offset), coarse: coarse ? 1 : 0)
    }

    /// A grid column, limited to ±2²⁸ so far-off spans stay representable.
    private static func column(_ value: Double) -> Int32 {
        Int32(Swift.min(Swift.max(value, -268_435_456), 268_435_456))
    }

    /// This ring filled as its annulus with its radial gradient (any transform).
    private func fillGradient(into canvas: inout Canvas) {
        let white = RGBA(red: 1, green: 1, blue: 1, alpha: Self.peakAlpha * opacity)
        let clear = RGBA(red: 1, green: 1, blue: 1, alpha: 0)
        guard let gradient = try? Gradient(stops: [GradientStop(0, clear), GradientStop(1 - width, clear),
                                                   GradientStop(1 - 0.2 * width, white), GradientStop(1, clear)])
        else { return }
        canvas.save()
        canvas.translate(x: centre.x, y: centre.y)
        canvas.scale(x: stretch.x, y: stretch.y)
        var annulus = Path()
        annulus.addCircle(center: .zero, radius: front)
        if width < 1 { annulus.addCircle(center: .zero, radius: (1 - width) * front) }
        canvas.fill(annulus, paint: .radialGradient(RadialGradient(center: .zero, radius: front, gradient: gradient)),
                    rule: .evenOdd)
        canvas.restore()
    }
}
