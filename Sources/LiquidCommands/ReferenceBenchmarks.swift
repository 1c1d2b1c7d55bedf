/// The yardstick of the UI rows: `reference.screen-copy`, a plain memory copy of one full screen
/// (1170×2532 RGBA8, 11.9 MB — a 3× phone screen). Every `ui.*` row is also reported as a multiple of
/// its median, so the figures read the same on a faster or slower machine.
enum ReferenceBenchmarks {
    static let screenCopyName = "reference.screen-copy"
    static let screenWidth = 1170, screenHeight = 2532

    static var all: [Benchmark] { [screenCopy()] }

    private static func screenCopy() -> Benchmark {
        let bytes = screenWidth * screenHeight * 4
        var source: [UInt8] = []
        var destination: [UInt8] = []
        return Benchmark(name: screenCopyName, unit: "copy", iterations: 1, prepare: {
            if source.isEmpty {
                source = (0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                destination = [UInt8](repeating: 0, count: bytes)
            }
        }) {
            destination.withUnsafeMutableBytes { to in source.withUnsafeBytes { to.copyMemory(from: $0) } }
            return Double(destination[bytes / 2 + 3])
        }
    }
}
