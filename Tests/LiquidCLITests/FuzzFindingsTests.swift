import Foundation
import Testing

@testable import LiquidCommands

/// Problems the fuzz targets found, each pinned by its smallest input (also in Fuzz/Corpus/).
@Suite("fuzz findings")
struct FuzzFindingsTests {
    /// The gallery's animated-PNG reader quoted a chunk type as raw bytes, so a type holding a newline
    /// split its error message over several lines. Chunk types must be four letters.
    @Test func animatedPNGReaderRefusesAChunkTypeThatIsNotLetters() {
        let bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 5, 13, 10, 26, 10]
        do {
            _ = try AnimatedPNGInfo(parsing: bytes)
            Issue.record("a chunk type of control characters was accepted")
        } catch {
            let message = "\(error)"
            let lines = message.split(whereSeparator: \.isNewline)
            #expect(lines.count == 1, "\(message.debugDescription)")
            #expect(message == "corrupt PNG: invalid chunk type at byte 12")
        }
    }
}
