#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A separable Gaussian blur of one Float plane (an alpha channel), edges clamped: the one-channel float blur
/// of the package (the glass module's edge softening runs its alpha planes through it).
///
/// Guarantees: the kernel is the sampled Gaussian over radius ⌈3σ⌉ (at least 1), normalised to sum 1, so a
/// constant plane stays constant (to Float rounding) and values stay within the input's range; σ ≤ 0 copies.
/// Both passes compute eight outputs at a time (SIMD8 dot products over the taps).
/// - Complexity: O(width·height·σ).
package enum FloatPlaneBlur {
    /// The normalised kernel for `sigma`, 2r + 1 taps.
    package static func kernel(sigma: Double) -> [Float] {
        let radius = Swift.max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { i -> Double in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        for i in weights.indices { weights[i] /= total }
        return weights.map { Float($0) }
    }

    /// Blurs `source` (width·height floats) into `destination` with `kernel`; `temporary` holds width·height
    /// floats and `row` width + kernel.count floats (times `pool.workerCount` with a `pool`). The four
    /// buffers must not overlap.
    ///
    /// With a `pool` both passes run in row bands (the vertical one after the horizontal one has finished),
    /// each band with its own part of `row`; every output is computed by the same code from the same
    /// inputs as without it, so the result is identical bit for bit.
    package static func run(source: UnsafePointer<Float>, destination: UnsafeMutablePointer<Float>, width: Int, height: Int,
                    kernel: [Float], temporary: UnsafeMutablePointer<Float>, row: UnsafeMutablePointer<Float>,
                    pool: WorkerPool? = nil) {
        guard let pool, pool.workerCount > 1, height >= 2 * minimumBandRows else {
            horizontal(source: source, temporary: temporary, width: width, rows: 0..<height, kernel: kernel, row: row)
            vertical(temporary: temporary, destination: destination, width: width, height: height, rows: 0..<height,
                     kernel: kernel)
            return
        }
        // Each job writes only its own rows of `temporary` (then of `destination`) and its own part of `row`.
        nonisolated(unsafe) let shared = (source: source, destination: destination, temporary: temporary, row: row)
        let rowLength = width + kernel.count
        pool.forEachBand(height, minimum: minimumBandRows) { band, rows in
            horizontal(source: shared.source, temporary: shared.temporary, width: width, rows: rows, kernel: kernel,
                       row: shared.row + band * rowLength)
        }
        pool.forEachBand(height, minimum: minimumBandRows) { _, rows in
            vertical(temporary: shared.temporary, destination: shared.destination, width: width, height: height,
                     rows: rows, kernel: kernel)
        }
    }

    /// The fewest rows a band gets.
    package static let minimumBandRows = 8

    /// Horizontal pass over `rows`: pad the row by clamping, then a dot product per output, 8 outputs at a
    /// time.
    private static func horizontal(source: UnsafePointer<Float>, temporary: UnsafeMutablePointer<Float>, width: Int,
                                   rows: Range<Int>, kernel: [Float], row: UnsafeMutablePointer<Float>) {
        let taps = kernel.count, radius = taps / 2
        kernel.withUnsafeBufferPointer { weights in
            let vectorEnd = width - width % 8
            for y in rows {
                let input = source + y * width, output = temporary + y * width
                for i in 0..<(width + 2 * radius) { row[i] = input[Swift.min(Swift.max(i - radius, 0), width - 1)] }
                let padded = UnsafeRawPointer(row)
                var x = 0
                while x < vectorEnd {
                    var sum = SIMD8<Float>()
                    for k in 0..<taps {
                        sum += weights[k] * padded.loadUnaligned(fromByteOffset: 4 &* (x &+ k), as: SIMD8<Float>.self)
                    }
                    UnsafeMutableRawPointer(output + x).storeBytes(of: sum, as: SIMD8<Float>.self)
                    x &+= 8
                }
                while x < width {
                    var sum: Float = 0
                    for k in 0..<taps { sum += weights[k] * row[x + k] }
                    output[x] = sum
                    x += 1
                }
            }
        }
    }

    /// Vertical pass over output `rows`: the same over clamped rows, their addresses computed once per
    /// output row.
    private static func vertical(temporary: UnsafeMutablePointer<Float>, destination: UnsafeMutablePointer<Float>,
                                 width: Int, height: Int, rows: Range<Int>, kernel: [Float]) {
        let taps = kernel.count, radius = taps / 2
        kernel.withUnsafeBufferPointer { weights in
            let vectorEnd = width - width % 8
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: taps) { lines in
                for y in rows {
                    for k in 0..<taps {
                        let line = Swift.min(Swift.max(y &+ k &- radius, 0), height &- 1)
                        lines[k] = UnsafeRawPointer(temporary + line &* width)
                    }
                    let output = destination + y &* width
                    var x = 0
                    while x < vectorEnd {
                        var sum = SIMD8<Float>()
                        for k in 0..<taps {
                            sum += weights[k] * lines[k].loadUnaligned(fromByteOffset: 4 &* x, as: SIMD8<Float>.self)
                        }
                        UnsafeMutableRawPointer(output + x).storeBytes(of: sum, as: SIMD8<Float>.self)
                        x &+= 8
                    }
                    while x < width {
                        var sum: Float = 0
                        for k in 0..<taps { sum += weights[k] * lines[k].load(fromByteOffset: 4 &* x, as: Float.self) }
                        output[x] = sum
                        x &+= 1
                    }
                }
            }
        }
    }
}
