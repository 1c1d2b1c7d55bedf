import CZlib
import Testing
@testable import LiquidRaster

/// `AnimatedPNGEncoder(storesChangedRegions: true)`: the file plays back exactly the frames appended, at the
/// same instants, while storing only what changed.
@Suite("Animated PNG writer: changed regions")
struct AnimatedPNGChangedRegionTests {
    /// One decoded frame-control chunk with its image data.
    struct StoredFrame {
        var x = 0, y = 0, width = 0, height = 0
        var delayNumerator = 0, delayDenominator = 0
        var blendOver = false
        var data: [UInt8] = []
    }

    static func word(_ b: [UInt8], _ at: Int) -> Int { b[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }

    /// The frames of an APNG file, in order (test-side reader).
    static func storedFrames(_ bytes: [UInt8]) -> [StoredFrame] {
        var frames: [StoredFrame] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = word(bytes, offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            switch type {
            case "fcTL":
                frames.append(StoredFrame(
                    x: word(bytes, data + 12), y: word(bytes, data + 16), width: word(bytes, data + 4),
                    height: word(bytes, data + 8), delayNumerator: Int(bytes[data + 20]) << 8 | Int(bytes[data + 21]),
                    delayDenominator: Int(bytes[data + 22]) << 8 | Int(bytes[data + 23]), blendOver: bytes[data + 25] == 1))
            case "IDAT": frames[frames.count - 1].data += bytes[data..<data + length]
            case "fdAT": frames[frames.count - 1].data += bytes[data + 4..<data + length]
            default: break
            }
            offset = data + length + 4
        }
        return frames
    }

    /// The straight RGBA pixels of a stored frame (inflate, then undo the row filters).
    static func pixels(of frame: StoredFrame) -> [UInt8]? {
        let stride = 4 * frame.width
        var raw = [UInt8](repeating: 0, count: (stride + 1) * frame.height)
        var length = UInt(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            frame.data.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, UInt(frame.data.count)) }
        }
        guard status == Z_OK, Int(length) == raw.count else { return nil }
        var out = [UInt8](repeating: 0, count: stride * frame.height)
        for y in 0..<frame.height {
            let type = raw[y * (stride + 1)]
            for i in 0..<stride {
                let a = i >= 4 ? Int(out[y * stride + i - 4]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + i]) : 0
                let c = i >= 4 && y > 0 ? Int(out[(y - 1) * stride + i - 4]) : 0
                let p = a + b - c
                let paeth = abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) ? a : (abs(p - b) <= abs(p - c) ? b : c)
                let predictor = [0, a, b, (a + b) / 2, paeth][Int(type)]
                out[y * stride + i] = UInt8((Int(raw[y * (stride + 1) + 1 + i]) + predictor) & 0xFF)
            }
        }
        return out
    }

    /// Plays the file: the canvas (straight RGBA) after each stored frame, with that frame's delay.
    static func playback(_ bytes: [UInt8], width: Int, height: Int) -> [(canvas: [UInt8], delay: Double)]? {
        var canvas = [UInt8](repeating: 0, count: 4 * width * height)
        var out: [(canvas: [UInt8], delay: Double)] = []
        for frame in storedFrames(bytes) {
            guard let source = pixels(of: frame), frame.x + frame.width <= width, frame.y + frame.height <= height else { return nil }
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let s = 4 * (y * frame.width + x), d = 4 * ((frame.y + y) * width + frame.x + x)
                    if frame.blendOver {
                        // The encoder blends over only with fully opaque or fully transparent pixels.
                        guard source[s + 3] == 0 || source[s + 3] == 255 else { return nil }
                        if source[s + 3] == 0 { continue }
                    }
                    canvas[d..<d + 4] = source[s..<s + 4]
                }
            }
            out.append((canvas, Double(frame.delayNumerator) / Double(frame.delayDenominator)))
        }
        return out
    }

    /// An opaque backdrop with a small opaque square at `x`, and optionally a translucent square.
    static func frame(squareAt x: Int, translucentAt tx: Int? = nil) throws -> Pixmap {
        var pixmap = try Pixmap(width: 40, height: 24, fill: PremultipliedRGBA8(red: 200, green: 210, blue: 220, alpha: 255))
        for yy in 8..<14 { for xx in x..<x + 6 { pixmap[xx, yy] = PremultipliedRGBA8(red: 10, green: 120, blue: 250, alpha: 255) } }
        if let tx { for yy in 2..<6 { for xx in tx..<tx + 3 { pixmap[xx, yy] = PremultipliedRGBA8(red: 40, green: 0, blue: 0, alpha: 80) } } }
        return pixmap
    }

    @Test func playsBackExactlyTheAppendedFrames() throws {
        let source = [try Self.frame(squareAt: 2), try Self.frame(squareAt: 5), try Self.frame(squareAt: 5),
                      try Self.frame(squareAt: 5), try Self.frame(squareAt: 9, translucentAt: 30),
                      try Self.frame(squareAt: 9, translucentAt: 31), try Self.frame(squareAt: 2)]
        var encoder = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
        for image in source { try encoder.append(image, delay: .frameRate(30)) }
        // The two repeats of frame 1 lengthen it instead of adding frames.
        #expect(encoder.frameCount == 5)
        let played = try #require(Self.playback(try encoder.encoded(), width: 40, height: 24))
        // Expand stored frames back to one per 1/30 s and compare with what was appended.
        var timeline: [[UInt8]] = []
        for (canvas, delay) in played { timeline += Array(repeating: canvas, count: Int((delay * 30).rounded())) }
        #expect(timeline.count == source.count)
        for (index, image) in source.enumerated() where index < timeline.count {
            #expect(timeline[index] == PNGAlphaConversion.straightRGBA(from: image), "frame \(index)")
        }
        // Frame 1 is stored as the rectangle the square swept (x 2…10, y 8…13), blended over.
        let stored = Self.storedFrames(try encoder.encoded())
        #expect(stored[1].x == 2 && stored[1].y == 8 && stored[1].width == 9 && stored[1].height == 6 && stored[1].blendOver)
        // A change with translucent pixels replaces its rectangle instead.
        #expect(!stored[3].blendOver)
    }

    @Test func isSmallerThanFullFramesForALocalChange() throws {
        var full = try AnimatedPNGEncoder(loopCount: 0)
        var changed = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
        for x in 0..<30 {
            let image = try Self.frame(squareAt: x)
            try full.append(image, delay: .frameRate(30))
            try changed.append(image, delay: .frameRate(30))
        }
        #expect(try changed.encoded().count < full.encoded().count)
    }

    @Test func unequalDelaysOfAnUnchangedFrameAreKept() throws {
        var encoder = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
        let image = try Self.frame(squareAt: 3)
        try encoder.append(image, delay: .frameRate(30))
        try encoder.append(image, delay: .milliseconds(250))
        let played = try #require(Self.playback(try encoder.encoded(), width: 40, height: 24))
        #expect(played.count == 2 && played[0].canvas == played[1].canvas)
        #expect(abs(played[0].delay + played[1].delay - (1.0 / 30 + 0.25)) < 1e-12)
    }
}
