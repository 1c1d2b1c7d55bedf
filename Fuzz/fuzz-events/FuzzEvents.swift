import FuzzSupport
import LiquidCommands

// `fuzz-events`: an events file of `liquid simulate` (decoded, then played on a switch).
// Built normally it replays files; built for fuzzing, libFuzzer drives it (scripts/checks/fuzz/run.sh,
// docs/reliability.md).

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.events(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum FuzzEvents {
    static func main() { FuzzDriver.main(testOneInput) }
}
