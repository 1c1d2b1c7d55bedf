import CLiquidKernels
import Testing
import TestSupport

@testable import LiquidRaster

/// The mesh warp's span kernel: its vector paths (AVX2, AVX-512) against its portable per-pixel path, byte
/// for byte, on spans chosen to reach every branch — window and per-pixel taps, two and three source rows,
/// clamped edges, steep and negative slopes, large offsets and indices, lengths that are not whole groups.
@Suite(.enabled(if: KernelSet.cpuHasAVX2, "needs a CPU with the vector kernels"))
struct WarpSpanKernelTests {
    /// The vector paths this CPU runs (lk_warp_span's `vector` argument).
    private var vectorPaths: [Int32] { KernelSet.cpuHasAVX512 ? [1, 2] : [1] }

    /// One span drawn by `vector` and by the portable path onto the same destination bytes.
    private struct Span: CustomStringConvertible {
        var width: Int, height: Int, rowBytes: Int
        var x0: Float, xSlope: Float, row: Float, y0: Float, ySlope: Float
        var k: Int, count: Int, over: Bool
        var description: String {
            "\(width)×\(height) rowBytes \(rowBytes) x0 \(x0) sx \(xSlope) row \(row) y0 \(y0) sy \(ySlope) k \(k) count \(count) over \(over)"
        }
    }

    /// The bytes `vector` writes for `span` onto `destination`, over a source of random bytes.
    private func draw(_ span: Span, source: [UInt8], destination: [UInt8], vector: Int32) -> [UInt8] {
        var out = destination
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                lk_warp_span(s.baseAddress!, Int32(span.rowBytes), Int32(span.width), Int32(span.height), span.x0,
                             span.xSlope, span.row, span.y0, span.ySlope, Int32(span.k), Int32(span.k + span.count),
                             span.over ? 1 : 0, vector, o.baseAddress!)
            }
        }
        return out
    }

    /// Random premultiplied source bytes for spans of up to 180 × 60 pixels (rows up to 732 bytes), at least
    /// a quarter of the pixels opaque so that source-over takes both the blend and the opaque shortcut.
    private static let pixels: [UInt8] = {
        var random = SeededRandom(seed: 0xB17E5)
        var bytes = [UInt8](repeating: 0, count: 732 * 60)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let r = random.next()
            let alpha = r & 3 == 0 ? 255 : Int(truncatingIfNeeded: (r >> 8) & 255)
            for c in 0..<3 { bytes[i + c] = UInt8(Int(truncatingIfNeeded: (r >> (16 + 8 * UInt64(c))) & 255) % (alpha + 1)) }
            bytes[i + 3] = UInt8(alpha)
        }
        return bytes
    }()

    private func expectSame(_ span: Span, random: inout SeededRandom) -> Bool {
        precondition(span.rowBytes * span.height <= Self.pixels.count)
        let pixels = Self.pixels
        let destination = (0..<(4 * span.count)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let portable = draw(span, source: pixels, destination: destination, vector: 0)
        for vector in vectorPaths {
            let fast = draw(span, source: pixels, destination: destination, vector: vector)
            if fast != portable {
                Issue.record("vector \(vector): \(span)")
                return false
            }
        }
        return true
    }

    @Test func randomSpansGiveThePortableBytes() {
        var random = SeededRandom(seed: 0x5EED_3A7F)
        var failures = 0
        for trial in 0..<6000 where failures < 5 {
            let kind = trial % 6
            let width = kind == 5 ? Int.random(in: 2...40, using: &random) : Int.random(in: 2...180, using: &random)
            let height = Int.random(in: 2...(kind == 4 ? 4 : 60), using: &random)
            let rowBytes = 4 * width + 4 * Int.random(in: 0...3, using: &random)
            // Gentle slopes (the ripple's: the window path, two or three rows), then steep ones up to ±2.
            let steepness: Float = kind < 2 ? 0.3 : 2
            var span = Span(width: width, height: height, rowBytes: rowBytes,
                            x0: Float.random(in: -40...(Float(width) + 40), using: &random),
                            xSlope: Float.random(in: -steepness...steepness, using: &random),
                            row: Float(Int.random(in: 0..<height, using: &random)),
                            y0: Float.random(in: -20...20, using: &random),
                            ySlope: Float.random(in: -steepness...steepness, using: &random),
                            k: Int.random(in: 0...200, using: &random), count: Int.random(in: 0...100, using: &random),
                            over: Bool.random(using: &random))
            switch kind {
            case 2: // Large offsets: every pixel clamped to an edge or corner.
                span.x0 = Float.random(in: -1e6...1e6, using: &random)
                span.y0 = Float.random(in: -1e6...1e6, using: &random)
            case 3: // Rows and columns at the last pixel pair (fraction 256) and past it.
                span.x0 = Float(width - 2) + Float.random(in: -1...2, using: &random) - Float(span.k)
                span.row = Float(height - 1)
                span.y0 = Float.random(in: -1.5...1.5, using: &random)
                span.xSlope = 0
            case 4: // Indices past 2^24, where a float index no longer steps by one exactly.
                span.k = Int.random(in: (1 << 24)...(1 << 27), using: &random)
                span.x0 = -Float(span.k) + Float.random(in: -10...Float(width + 10), using: &random)
                span.xSlope = Float.random(in: -1e-5...1e-5, using: &random)
            default: break
            }
            if !expectSame(span, random: &random) { failures += 1 }
        }
        #expect(failures == 0)
    }

    /// A span whose sixteen pixels read exactly the last column pair of the bottom rows (weights with
    /// fraction 256), and one whose positions lie exactly on pixel centres (fraction 0), copied and composited.
    @Test func exactEdgesAndCentresGiveThePortableBytes() {
        var random = SeededRandom(seed: 77)
        for over in [false, true] {
            for (x0, y0) in [(Float(61), Float(2)), (Float(0), Float(0)), (Float(3), Float(-0.5))] {
                let span = Span(width: 64, height: 9, rowBytes: 4 * 64, x0: x0 - 21, xSlope: 0, row: 6, y0: y0,
                                ySlope: 0, k: 21, count: 37, over: over)
                #expect(expectSame(span, random: &random))
            }
        }
    }
}
