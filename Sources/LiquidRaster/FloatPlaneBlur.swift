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
    /// floats and `row` width + kernel.count floats. The four buffers must not overlap.
    package static func run(source: UnsafePointer<Float>, destination: UnsafeMutablePointer<Float>, width: Int, height: Int,
                    kernel: [Float], temporary: UnsafeMutablePointer<Float>, row: UnsafeMutablePointer<Float>) {
        let taps = kernel.count, radius = taps / 2
        kernel.withUnsafeBufferPointer { weights in
            let vectorEnd = width - width % 8
            // Horizontal: pad the row by clamping, then a dot product per output, 8 outputs at a time.
            for y in 0..<height {
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
            // Vertical: the same over clamped rows, their addresses computed once per output row.
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: taps) { lines in
                for y in 0..<height {
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
