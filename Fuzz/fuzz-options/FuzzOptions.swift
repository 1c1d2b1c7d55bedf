import FuzzSupport
import LiquidCommands

// `fuzz-options`: a `liquid` command line (arguments split at NUL and newline; parsed and validated, never run).
// Built normally it replays files; built for fuzzing, libFuzzer drives it (scripts/checks/fuzz/run.sh,
// docs/reliability.md).

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.options(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum FuzzOptions {
    static func main() { FuzzDriver.main(testOneInput) }
}
