import FuzzSupport
import LiquidCommands

// `fuzz-png`: a PNG or animated PNG file (header, chunks, pixels, and a round trip).
// Built normally it replays files; built for fuzzing, libFuzzer drives it (scripts/checks/fuzz/run.sh,
// docs/reliability.md).

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.png(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum FuzzPNG {
    static func main() { FuzzDriver.main(testOneInput) }
}
