import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// `AnimatedPNGFileWriter`: frames go to the file as they come, and the file is the one the in-memory
/// encoder makes; to a pipe it stays a faithful animation with the announced frame count.
@Suite("Animated PNG writer: streaming to a file")
struct AnimatedPNGFileWriterTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-apng-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Pictures with repeats (which the encoder merges into longer frames) and a translucent change.
    static func pictures() throws -> [Pixmap] {
        try [2, 5, 5, 5, 9, 9, 2, 2].enumerated().map { index, x in
            try AnimatedPNGChangedRegionTests.frame(squareAt: x, translucentAt: index == 5 ? 31 : nil)
        }
    }

    /// The `acTL` frame count of an APNG file.
    static func announcedFrames(_ bytes: [UInt8]) -> Int { AnimatedPNGChangedRegionTests.word(bytes, 8 + 25 + 8) }

    @Test(arguments: [false, true])
    func aRegularFileHoldsTheEncodersBytes(changedRegions: Bool) throws {
        let pictures = try Self.pictures()
        var encoder = try AnimatedPNGEncoder(loopCount: 2, storesChangedRegions: changedRegions)
        let path = folder + "/streamed-\(changedRegions).png"
        let writer = try AnimatedPNGFileWriter(path: path, loopCount: 2, storesChangedRegions: changedRegions)
        for picture in pictures {
            try encoder.append(picture, delay: .frameRate(30))
            try writer.append(picture, delay: .frameRate(30))
        }
        // Nothing is at the path until the animation is finished.
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finish()
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == (try encoder.encoded()))
        #expect(Self.announcedFrames(written) == AnimatedPNGChangedRegionTests.storedFrames(written).count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["streamed-\(changedRegions).png"])
    }

    @Test func aPipeGetsEveryFrameWithTheAnnouncedCount() throws {
        let pictures = try Self.pictures()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = try AnimatedPNGFileWriter(path: "/dev/fd/\(ends[1])", storesChangedRegions: true, frameCount: pictures.count)
        for picture in pictures { try writer.append(picture, delay: .frameRate(30)) }
        try writer.finish()
        close(ends[1])
        let bytes = [UInt8](FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile())
        // Repeats cannot be merged without rewriting the count, so each picture is a frame.
        #expect(Self.announcedFrames(bytes) == pictures.count)
        let played = try #require(AnimatedPNGChangedRegionTests.playback(bytes, width: 40, height: 24))
        #expect(played.count == pictures.count)
        for (index, picture) in pictures.enumerated() where index < played.count {
            #expect(played[index].canvas == PNGAlphaConversion.straightRGBA(from: picture), "frame \(index)")
            #expect(abs(played[index].delay - 1.0 / 30) < 1e-12)
        }
    }

    @Test func aPipeNeedsTheCountUpFront() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: LiquidError.self) { try AnimatedPNGFileWriter(path: "/dev/fd/\(ends[1])") }
    }

    @Test func anUnfinishedOrShortAnimationLeavesNoFile() throws {
        let pictures = try Self.pictures()
        do {
            let writer = try AnimatedPNGFileWriter(path: folder + "/dropped.png", storesChangedRegions: true)
            for picture in pictures { try writer.append(picture, delay: .frameRate(30)) }
        }
        do {
            let short = try AnimatedPNGFileWriter(path: folder + "/short.png", frameCount: pictures.count + 1)
            for picture in pictures { try short.append(picture, delay: .frameRate(30)) }
            #expect(throws: LiquidError.self) { try short.finish() }
        }
        do {
            let tooMany = try AnimatedPNGFileWriter(path: folder + "/many.png", frameCount: 1)
            try tooMany.append(pictures[0], delay: .frameRate(30))
            #expect(throws: LiquidError.self) { try tooMany.append(pictures[1], delay: .frameRate(30)) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
