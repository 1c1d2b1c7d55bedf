import FuzzSupport
import LiquidCommands

// `fuzz-events`: an events file of `liquid simulate` (decoded, then played on a switch).
// See docs/reliability.md for running it.

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.events(FuzzReplayer.bytes(data, size))
    return 0
}

// Built for fuzzing, libFuzzer's `main` calls `testOneInput`; otherwise this one replays files through it.
#if !LIQUID_FUZZ
@main
enum FuzzEvents {
    static func main() { FuzzReplayer.main(testOneInput) }
}
#endif
