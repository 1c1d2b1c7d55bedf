import Foundation
import FuzzSupport
import LiquidCommands

// `fuzz-scene`: a scene file (decoded, resolved and rendered small).
// See docs/reliability.md for running it.

/// Relative image paths in fuzzed scenes resolve against the PNG corpus of this checkout, so a scene naming
/// one of its files (`"src": "rgba8.png"`) draws a real image.
let imageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus/fuzz-png").path

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.scene(FuzzReplayer.bytes(data, size), imageFolder: imageFolder)
    return 0
}

// Built for fuzzing, libFuzzer's `main` calls `testOneInput`; otherwise this one replays files through it.
#if !LIQUID_FUZZ
@main
enum FuzzScene {
    static func main() { FuzzReplayer.main(testOneInput) }
}
#endif
