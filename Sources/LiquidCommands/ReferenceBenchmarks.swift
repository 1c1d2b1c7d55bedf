#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// The yardstick of the UI rows: a plain memory copy of one full screen (1170×2532 RGBA8, 11.9 MB — a 3×
/// phone screen). Every `ui.*` and `glass.*` row is also reported as a multiple of its median, so the
/// figures read the same on a faster or slower machine.
///
/// - `reference.screen-copy`, the yardstick: before each timed copy (untimed) both buffers are flushed from
///   every cache level, so the copy reads and writes main memory, as a frame's copy to a screen buffer it
///   has not touched since the last frame does.
/// - `reference.screen-copy.cached`: the same copy repeated with nothing in between, for comparison.
///
/// Measured reason for flushing: the two buffers together are 23.7 MB, so whether a repeated copy runs
/// from the last-level cache depends on that cache's size and on what the neighbours on a shared machine
/// do with it. Repeated, it measured 0.6–1.0 ms on machines with less cache to spare (the figure the
/// targets were set against) and 0.21–0.28 ms on one whose 32 MB cache held both buffers — a fourfold
/// swing of the yardstick with no change in the work it measures. Flushed, it measured 0.53–0.57 ms on
/// that machine.
enum ReferenceBenchmarks {
    static let screenCopyName = "reference.screen-copy"
    static let screenWidth = 1170, screenHeight = 2532

    static var all: [Benchmark] { [screenCopy(fromMemory: true), screenCopy(fromMemory: false)] }

    private static func screenCopy(fromMemory: Bool) -> Benchmark {
        let bytes = screenWidth * screenHeight * 4
        var source: [UInt8] = []
        var destination: [UInt8] = []
        return Benchmark(name: fromMemory ? screenCopyName : screenCopyName + ".cached", unit: "copy", iterations: 1,
                         prepare: {
            if source.isEmpty {
                source = (0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                destination = [UInt8](repeating: 0, count: bytes)
            }
            #if canImport(CLiquidKernels)
            if fromMemory {
                source.withUnsafeBytes { _ = lk_flush_from_caches($0.baseAddress!, $0.count) }
                destination.withUnsafeBytes { _ = lk_flush_from_caches($0.baseAddress!, $0.count) }
            }
            #endif
        }) {
            destination.withUnsafeMutableBytes { to in source.withUnsafeBytes { to.copyMemory(from: $0) } }
            return Double(destination[bytes / 2 + 3])
        }
    }
}
