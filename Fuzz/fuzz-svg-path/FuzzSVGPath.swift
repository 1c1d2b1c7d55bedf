import FuzzSupport
import LiquidCommands

// `fuzz-svg-path`: SVG path data (parsed, flattened, filled and stroked).
// Built normally it replays files; built for fuzzing, libFuzzer drives it (scripts/checks/fuzz/run.sh,
// docs/reliability.md).

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.svgPath(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum FuzzSVGPath {
    static func main() { FuzzDriver.main(testOneInput) }
}
