#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidRaster
import Synchronization
import Testing
@testable import LiquidUI

/// ``LayerDrawing`` content: updated on the worker pool before the tiles, drawn per tile, and redrawn only
/// where an update says the pixels changed.
@Suite("Layer drawings (updated off the main actor)", .serialized)
@MainActor
struct LayerDrawingTests {
    /// A drawing of a black bar and a coloured spot whose colour the test sets; each update with a new
    /// colour bumps the version and reports the spot (or, with `reportsRect` off, an unknown change), and
    /// an update without one reports that same change again (it is the change into the current version).
    final class SpotDrawing: LayerDrawing {
        struct State {
            var colour = RGBA(red: 1, green: 0, blue: 0)
            var drawnColour: RGBA?
            var version: UInt64 = 0
            var lastChange: Rect?
            var updates = 0
            var reportsRect = true
        }
        static let spot = Rect(x: 100, y: 100, width: 6, height: 6)
        let state = Mutex(State())

        func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
            state.withLock { s in
                s.updates += 1
                guard s.drawnColour != s.colour else { return LayerDrawingUpdate(version: s.version, changed: s.lastChange) }
                let first = s.drawnColour == nil
                s.drawnColour = s.colour
                s.version += 1
                s.lastChange = first || !s.reportsRect ? nil : Self.spot
                return LayerDrawingUpdate(version: s.version, changed: s.lastChange)
            }
        }

        func draw(in canvas: inout Canvas, bounds: Rect) {
            let colour = state.withLock { $0.colour }
            Self.paint(colour, on: &canvas)
        }

        static func paint(_ colour: RGBA, on canvas: inout Canvas) {
            canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 200, height: 30)), paint: .color(.black))
            canvas.fill(Path(rect: spot), paint: .color(colour))
        }
    }

    private func scene(_ drawing: SpotDrawing) -> Layer {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
        layer.backgroundColor = .white
        layer.content = .drawing(drawing)
        return layer
    }

    private func fresh(_ layer: Layer, scale: Double) throws -> Pixmap {
        try Compositor(size: Size(width: 256, height: 256), scale: scale, tileSize: 16).render(layer)
    }

    @Test("a drawing draws exactly what the same custom closure draws")
    func sameAsCustom() throws {
        let drawing = SpotDrawing()
        let custom = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
        custom.backgroundColor = .white
        custom.content = .custom { canvas, _ in SpotDrawing.paint(RGBA(red: 1, green: 0, blue: 0), on: &canvas) }
        let a = try fresh(scene(drawing), scale: 2), b = try fresh(custom, scale: 2)
        #expect(a.bytes == b.bytes)
        #expect(drawing.state.withLock { $0.updates } == 1, "one update per render, whatever the tile count")
    }

    @Test("a reported change redraws only the tiles under it, and equals a full render", arguments: [1.0, 2.0])
    func reportedChange(scale: Double) throws {
        let drawing = SpotDrawing()
        let layer = scene(drawing)
        let compositor = try Compositor(size: Size(width: 256, height: 256), scale: scale, tileSize: 16)
        _ = try compositor.renderFrame(layer)
        let full = compositor.statistics.pixels

        drawing.state.withLock { $0.colour = RGBA(red: 0, green: 0, blue: 1) }
        layer.setNeedsDrawingUpdate()
        let frame = try compositor.renderFrame(layer)
        let device = PixelRect(x: Int(100 * scale), y: Int(100 * scale), width: Int(6 * scale), height: Int(6 * scale))
        #expect(frame.damage == device)
        #expect(compositor.statistics.drawingUpdates == 1)
        #expect(compositor.statistics.pixels * 100 < full, "far less than the layer")
        #expect(frame.image.bytes == (try fresh(layer, scale: scale)).bytes)

        // An update request with nothing new draws nothing.
        layer.setNeedsDrawingUpdate()
        let still = try compositor.renderFrame(layer)
        #expect(still.damage == nil && compositor.statistics.pixels == 0)
    }

    @Test("an unknown change, or a change a compositor did not see the start of, redraws the whole layer")
    func wholeRedraws() throws {
        let drawing = SpotDrawing()
        let layer = scene(drawing)
        let first = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        let second = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        _ = try first.renderFrame(layer)
        _ = try second.renderFrame(layer)

        // Two changes, the first seen only by `first`: `second` missed a version.
        drawing.state.withLock { $0.colour = RGBA(red: 0, green: 1, blue: 0) }
        layer.setNeedsDrawingUpdate()
        _ = try first.renderFrame(layer)
        drawing.state.withLock { $0.colour = RGBA(red: 0, green: 0, blue: 1) }
        layer.setNeedsDrawingUpdate()
        let missed = try second.renderFrame(layer)
        #expect(missed.damage == PixelRect(x: 0, y: 0, width: 256, height: 256))
        #expect(missed.image.bytes == (try fresh(layer, scale: 1)).bytes)
        // `first` missed only the last version: it redraws the change into it, the spot.
        let caughtUp = try first.renderFrame(layer)
        #expect(caughtUp.damage == PixelRect(x: 100, y: 100, width: 6, height: 6))
        #expect(caughtUp.image.bytes == missed.image.bytes)

        drawing.state.withLock { $0.colour = RGBA(red: 1, green: 1, blue: 0); $0.reportsRect = false }
        layer.setNeedsDrawingUpdate()
        let unknown = try second.renderFrame(layer)
        #expect(unknown.damage == PixelRect(x: 0, y: 0, width: 256, height: 256))
        #expect(unknown.image.bytes == (try fresh(layer, scale: 1)).bytes)
    }

    @Test("drawings of several layers update on the worker pool, with the same bytes as one worker")
    func updatesRunOnThePool() throws {
        let saved = WorkerPool.shared
        defer { WorkerPool.shared = saved }
        var images: [Pixmap] = []
        for workers in [1, 2] {
            let pool = WorkerPool(workers: workers)
            WorkerPool.shared = pool
            let root = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
            var drawings: [SpotDrawing] = []
            for i in 0..<4 {
                let drawing = SpotDrawing()
                drawing.state.withLock { $0.colour = RGBA(red: Double(i) / 4, green: 0.5, blue: 0) }
                let layer = Layer(frame: Rect(x: Double(i) * 12, y: Double(i) * 40, width: 256, height: 256))
                layer.content = .drawing(drawing)
                root.addSublayer(layer)
                drawings.append(drawing)
            }
            let compositor = try Compositor(size: Size(width: 256, height: 256), scale: 2)
            images.append(try compositor.render(root))
            #expect(compositor.statistics.drawingUpdates == 4)
            #expect(drawings.allSatisfy { $0.state.withLock { $0.updates } == 1 })
            if workers == 2 { #expect(pool.threadCounters.loops > 0, "the updates were handed to the pool") }
        }
        #expect(images[0].bytes == images[1].bytes)
    }

    // MARK: Main-actor content among tiles drawn by workers

    /// Runs `body` with a two-worker pool as the shared one.
    private func withTwoWorkers(_ body: () throws -> Void) rethrows {
        let saved = WorkerPool.shared
        defer { WorkerPool.shared = saved }
        WorkerPool.shared = WorkerPool(workers: 2)
        try body()
    }

    @Test("a custom layer clipped out of sight by its parent is still drawn on the main thread")
    func clippedCustomLayer() throws {
        try withTwoWorkers {
            // A clipping 300 pt list with a background and two custom rows, one at the top and one just below
            // the clip: the tiles at 256…320 meet the list's background and the hidden row's box (and no
            // visible custom row), so they draw the hidden row, clipped away, on the calling thread.
            let root = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 384))
            let list = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 300))
            list.clipsToBounds = true
            list.backgroundColor = RGBA(red: 0.9, green: 0.9, blue: 0.8)
            root.addSublayer(list)
            var calls = 0
            for y in [0.0, 310.0] {
                let layer = Layer(frame: Rect(x: 0, y: y, width: 256, height: 40))
                layer.content = .custom { canvas, bounds in
                    calls += 1
                    canvas.fill(Path(rect: bounds), paint: .color(RGBA(red: 0.2, green: 0.3, blue: 0.7)))
                }
                list.addSublayer(layer)
            }
            let compositor = try Compositor(size: Size(width: 256, height: 384), scale: 1)
            let image = try compositor.render(root)
            #expect(calls > 0)
            WorkerPool.shared = WorkerPool(workers: 1)
            #expect(image.bytes == (try Compositor(size: Size(width: 256, height: 384), scale: 1).render(root)).bytes)
        }
    }

    @Test("a custom closure may read the compositor's image while the compositor draws")
    func customClosureReadsTheImage() throws {
        try withTwoWorkers {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let compositor = try Compositor(size: Size(width: 200, height: 200), scale: 1)
            var seen: [Int] = []
            let probe = Layer(frame: Rect(x: 20, y: 20, width: 100, height: 100))
            probe.content = .custom { [weak compositor] canvas, bounds in
                seen.append(compositor?.image.width ?? -1)
                canvas.fill(Path(rect: bounds), paint: .color(.black))
            }
            root.addSublayer(probe)
            _ = try compositor.render(root)
            #expect(!seen.isEmpty, "the closure ran (and reading the image did not trap)")
        }
    }

    /// Records whether each run happened on the thread that made it (the test's, the main thread).
    final class ThreadRecordingBackdrop: BackdropEffect {
        let onMain = Mutex<[Bool]>([])
        let home = pthread_self()
        var sampleOutset: Double { 0 }
        func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws {
            let main = pthread_equal(pthread_self(), home) != 0
            onMain.withLock { $0.append(main) }
            output.withCanvas { $0.fill(Path(rect: Rect(x: 0, y: 0, width: 1000, height: 1000)), paint: .color(.white)) }
        }
    }

    @Test("a backdrop effect in a mask tree runs on the main thread only")
    func backdropInAMask() throws {
        try withTwoWorkers {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
            root.backgroundColor = RGBA(red: 0.1, green: 0.5, blue: 0.9)
            let masked = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
            masked.backgroundColor = .black
            let mask = Layer(frame: Rect(x: 30, y: 30, width: 200, height: 200))
            let effect = ThreadRecordingBackdrop()
            mask.backdrop = effect
            masked.mask = mask
            root.addSublayer(masked)
            _ = try Compositor(size: Size(width: 256, height: 256), scale: 1).render(root)
            let runs = effect.onMain.withLock { $0 }
            #expect(!runs.isEmpty && runs.allSatisfy { $0 }, "every run on the main thread: \(runs)")
        }
    }
}
