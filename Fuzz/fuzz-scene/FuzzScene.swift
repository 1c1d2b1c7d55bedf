import Foundation
import FuzzSupport
import LiquidCommands

// `fuzz-scene`: a scene file (decoded, resolved and rendered small).
// Built normally it replays files; built for fuzzing, libFuzzer drives it (scripts/checks/fuzz/run.sh,
// docs/reliability.md).

/// Relative image paths in fuzzed scenes resolve against the PNG corpus of this checkout, so a scene naming
/// one of its files (`"src": "tiny.png"`) draws a real image.
let imageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus/fuzz-png").path

/// One input, as libFuzzer hands it over.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.scene(FuzzDriver.bytes(data, size), imageFolder: imageFolder)
    return 0
}

@main
enum FuzzScene {
    static func main() { FuzzDriver.main(testOneInput) }
}
