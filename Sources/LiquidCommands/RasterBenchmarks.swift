import LiquidGeometry
import LiquidRaster

/// Raster workloads W1–W7 exactly as benchmarks/WORKLOADS.md defines them (inputs from
/// ``RasterWorkloadInputs``; only the named region is timed; output buffers are allocated once).
enum RasterBenchmarks {
    static var all: [Benchmark] {
        [blur("raster.w1.sigma10", input: RasterWorkloadInputs.busyImage(), sigma: 10),
         blur("raster.w1.sigma30", input: RasterWorkloadInputs.busyImage(), sigma: 30),
         blur("raster.w2.sigma10", input: RasterWorkloadInputs.strip(), sigma: 10),
         goo(), remap(), stroke(), simplify(), roundedRects()]
    }

    /// The sum of a pixmap's bytes at a few positions: cheap, and depends on the work being done.
    private static func probe(_ pixmap: Pixmap) -> Double {
        let bytes = pixmap.bytes
        return Double(bytes[bytes.count / 2]) + Double(bytes[bytes.count / 3]) + Double(bytes[bytes.count - 1])
    }

    /// W1/W2: Gaussian blur, clamped edges; timed from the input in memory to the complete output.
    private static func blur(_ name: String, input: Pixmap, sigma: Double) -> Benchmark {
        let blur = try! GaussianBlur(sigma: sigma, edgeMode: .clamp)
        let workspace = BlurWorkspace()
        var output = input
        // The blur works in place: each run's input is restored outside the timed region.
        return Benchmark(name: name, unit: "image", iterations: 1, prepare: {
            input.withView { source in output.withMutableView { $0.copy(from: source) } }
        }) {
            output.withMutableView { blur.apply(to: $0, workspace: workspace) }
            return probe(output)
        }
    }

    /// W3: blur σ 12 + alpha threshold 0.5 into white, the full RGBA output written.
    private static func goo() -> Benchmark {
        let input = RasterWorkloadInputs.circles()
        let goo = try! Goo(sigma: 12, threshold: 0.5, color: .white)
        let workspace = BlurWorkspace()
        var output = input
        return Benchmark(name: "raster.w3.goo", unit: "image", iterations: 1, prepare: {
            input.withView { source in output.withMutableView { $0.copy(from: source) } }
        }) {
            output.withMutableView { goo.apply(to: $0, workspace: workspace) }
            return probe(output)
        }
    }

    /// W4: bilinear remap of the strip through a general per-pixel offset field, clamped edges.
    private static func remap() -> Benchmark {
        let input = RasterWorkloadInputs.strip()
        let maps = RasterWorkloadInputs.displacement()
        let field = try! DisplacementField(width: input.width, height: input.height, dx: maps.dx, dy: maps.dy)
        var output = try! Pixmap(width: input.width, height: input.height)
        return Benchmark(name: "raster.w4.remap", unit: "image", iterations: 1) {
            input.withView { source in
                output.withMutableView { try! Displacement.remap(source, by: field, edgeMode: .clamp, into: $0) }
            }
            return probe(output)
        }
    }

    /// W5: clear + anti-aliased stroke of the 2000-point polyline, width 8, round caps and joins.
    private static func stroke() -> Benchmark {
        let points = RasterWorkloadInputs.strokePoints()
        var path = Path()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        var canvas = Canvas(try! Pixmap(width: 1024, height: 1024))
        let style = StrokeStyle(width: 8, cap: .round, join: .round)
        let paint = Paint.solid(RGBA(red: 30.0 / 255, green: 144.0 / 255, blue: 1, alpha: 1))
        return Benchmark(name: "raster.w5.stroke", unit: "image", iterations: 1) {
            canvas.pixmap.fill(.transparent)
            canvas.stroke(path, style: style, paint: paint)
            return probe(canvas.pixmap)
        }
    }

    /// W6: Douglas–Peucker with ε = 1 on the 100 000-point random walk (distance to the segment).
    private static func simplify() -> Benchmark {
        let walk = Polyline(points: RasterWorkloadInputs.randomWalk(), isClosed: false)
        return Benchmark(name: "raster.w6.simplify", unit: "polyline", iterations: 1) {
            Double(walk.simplified(tolerance: 1).points.count)
        }
    }

    /// The number of points W6 keeps (reported beside the timing as a correctness cross-check).
    static var simplifiedCount: Int {
        Polyline(points: RasterWorkloadInputs.randomWalk(), isClosed: false).simplified(tolerance: 1).points.count
    }

    /// W7: clear + 64 anti-aliased rounded rects 200×80, radius 20, translucent, source-over.
    private static func roundedRects() -> Benchmark {
        let rects = RasterWorkloadInputs.roundedRects()
        var canvas = Canvas(try! Pixmap(width: 1170, height: 2532))
        return Benchmark(name: "raster.w7.rrects", unit: "image", iterations: 1) {
            canvas.pixmap.fill(.transparent)
            for (frame, color) in rects {
                canvas.fillRoundedRect(frame, cornerRadii: CornerRadii(all: 20), paint: .solid(color))
            }
            return probe(canvas.pixmap)
        }
    }
}
