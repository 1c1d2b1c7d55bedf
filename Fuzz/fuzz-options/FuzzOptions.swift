import FuzzSupport
import LiquidCommands

// `fuzz-options`: a `liquid` command line (arguments split at NUL and newline; parsed and validated, never run).
// See docs/reliability.md for running it.

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.options(FuzzReplayer.bytes(data, size))
    return 0
}

// Built for fuzzing, libFuzzer's `main` calls `testOneInput`; otherwise this one replays files through it.
#if !LIQUID_FUZZ
@main
enum FuzzOptions {
    static func main() { FuzzReplayer.main(testOneInput) }
}
#endif
