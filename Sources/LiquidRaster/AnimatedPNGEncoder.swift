import LiquidGeometry

/// Builds an animated PNG (APNG): frames of one size, each with its own display time, and a loop count.
///
/// The output is the chunk stream browsers play: signature, `IHDR` (8-bit RGBA), `acTL`, then for each frame
/// an `fcTL` followed by its image data — `IDAT` for the first frame, which is also the still image that
/// decoders without APNG support show, and `fdAT` for the others — and `IEND`. Sequence numbers run from 0
/// over `fcTL` and `fdAT` chunks in order. By default every frame covers the whole canvas with dispose op NONE
/// and blend op SOURCE, so each frame replaces the previous one exactly, translucent pixels included.
///
/// Frames are un-premultiplied (as ``PNG/encode(_:)`` does, so decoding is bit-exact), filtered and deflated
/// when appended; the encoder keeps only the compressed data.
///
/// With `storesChangedRegions` (see ``init(loopCount:storesChangedRegions:)``) a frame after the first is
/// stored as the rectangle that differs from the frame before it — blended over the previous picture with its
/// unchanged pixels made transparent when every changed pixel is opaque (blend op OVER reproduces it exactly
/// then), else replacing the rectangle (blend op SOURCE) — and a frame identical to the one before it just
/// lengthens that frame's delay (when the two delays share a denominator). The decoded animation is the same,
/// picture for picture and instant for instant; the file is usually far smaller. The encoder then also keeps
/// the latest frame's pixels to compare against.
public struct AnimatedPNGEncoder: Sendable {
    /// How long a frame stays on screen: `numerator / denominator` seconds, as APNG stores it.
    public struct Delay: Hashable, Sendable, CustomStringConvertible {
        public let numerator: UInt16
        public let denominator: UInt16

        /// - Throws: ``LiquidError/invalidParameter(_:)`` for a zero denominator (APNG would read it as 1/100,
        ///   which is better said explicitly).
        public init(numerator: UInt16, denominator: UInt16) throws(LiquidError) {
            guard denominator > 0 else { throw .invalidParameter("frame delay denominator must be positive") }
            self.numerator = numerator
            self.denominator = denominator
        }

        /// A delay of whole milliseconds.
        /// - Throws: ``LiquidError/invalidParameter(_:)`` outside 0…65 535 ms.
        public static func milliseconds(_ milliseconds: Int) throws(LiquidError) -> Delay {
            guard (0...Int(UInt16.max)).contains(milliseconds) else {
                throw .invalidParameter("frame delay \(milliseconds) ms is outside 0…\(UInt16.max) ms")
            }
            return try Delay(numerator: UInt16(milliseconds), denominator: 1000)
        }

        /// One frame at `framesPerSecond` (1…65 535).
        /// - Throws: ``LiquidError/invalidParameter(_:)`` outside that range.
        public static func frameRate(_ framesPerSecond: Int) throws(LiquidError) -> Delay {
            guard (1...Int(UInt16.max)).contains(framesPerSecond) else {
                throw .invalidParameter("frame rate \(framesPerSecond) fps is outside 1…\(UInt16.max)")
            }
            return try Delay(numerator: 1, denominator: UInt16(framesPerSecond))
        }

        /// The delay in seconds.
        public var seconds: Double { Double(numerator) / Double(denominator) }

        public var description: String { "\(numerator)/\(denominator) s" }
    }

    private struct Frame: Sendable {
        var data: [UInt8]
        var delay: Delay
        /// Where the frame's pixels go on the canvas.
        var region: PixelRect
        /// Blend op OVER (else SOURCE).
        var blendsOver = false
    }

    /// How many times the animation plays; 0 means forever.
    public let loopCount: Int
    /// Canvas width in pixels (set by the first frame; 0 before it).
    public private(set) var width = 0
    /// Canvas height in pixels (set by the first frame; 0 before it).
    public private(set) var height = 0
    private var frames: [Frame] = []
    /// Whether frames after the first are stored as changed regions (see the type's overview).
    public let storesChangedRegions: Bool
    /// The latest frame appended, while storing changed regions.
    private var previous: Pixmap?
    /// Largest data payload of one `IDAT`/`fdAT` chunk; longer frame data is split over several chunks.
    var maximumChunkData = 1 << 20

    /// An empty animation that plays `loopCount` times (0 = forever); with `storesChangedRegions`, frames after
    /// the first are stored as what changed (see the type's overview).
    /// - Throws: ``LiquidError/invalidParameter(_:)`` for a loop count outside 0…2³² − 1.
    public init(loopCount: Int = 0, storesChangedRegions: Bool = false) throws(LiquidError) {
        guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
            throw .invalidParameter("loop count \(loopCount) is outside 0…\(UInt32.max) (0 loops forever)")
        }
        self.loopCount = loopCount
        self.storesChangedRegions = storesChangedRegions
    }

    /// The number of frames stored so far (with `storesChangedRegions`, a frame identical to the one before it
    /// may lengthen that one instead of adding one).
    public var frameCount: Int { frames.count }

    /// Adds `frame`, shown for `delay`. The first frame fixes the canvas size.
    /// - Throws: ``LiquidError/invalidParameter(_:)`` when the frame's size differs from the first frame's;
    ///   ``LiquidError/image(_:)`` when compression fails or the animation already has 2³¹ − 1 frames.
    public mutating func append(_ frame: Pixmap, delay: Delay) throws(LiquidError) {
        if frames.isEmpty {
            width = frame.width
            height = frame.height
        } else if frame.width != width || frame.height != height {
            throw .invalidParameter("frame \(frames.count) is \(frame.width)×\(frame.height) pixels but the "
                + "animation is \(width)×\(height); every frame must have the same size")
        }
        // Sequence numbers (one fcTL per frame plus its fdAT chunks) must fit in 31 bits.
        guard frames.count < Int(Int32.max) / 4 else { throw .image("too many frames for an animated PNG") }
        if storesChangedRegions, let previous {
            try appendChange(from: previous, to: frame, delay: delay)
        } else {
            let data = try PNGImageDataEncoder.compress(
                straightRGBA: PNGAlphaConversion.straightRGBA(from: frame), width: width, height: height)
            frames.append(Frame(data: data, delay: delay, region: frame.bounds))
        }
        if storesChangedRegions { previous = frame }
    }

    /// Stores `new` as its difference from `old` (both of the canvas size).
    private mutating func appendChange(from old: Pixmap, to new: Pixmap, delay: Delay) throws(LiquidError) {
        guard let region = Self.changedRegion(old, new) else {
            if let last = frames.last, last.delay.denominator == delay.denominator,
               Int(last.delay.numerator) + Int(delay.numerator) <= Int(UInt16.max) {
                frames[frames.count - 1].delay = try Delay(numerator: last.delay.numerator + delay.numerator,
                                                           denominator: delay.denominator)
            } else {
                // One transparent pixel blended over: the same picture, shown for `delay`.
                let data = try PNGImageDataEncoder.compress(straightRGBA: [0, 0, 0, 0], width: 1, height: 1)
                frames.append(Frame(data: data, delay: delay, region: PixelRect(x: 0, y: 0, width: 1, height: 1), blendsOver: true))
            }
            return
        }
        var straight = PNGAlphaConversion.straightRGBA(from: try new.cropped(to: region))
        let oldBytes = old.bytes, newBytes = new.bytes
        // OVER with transparent unchanged pixels is exact only when every changed pixel is opaque.
        var changedOpaque = true
        var unchanged: [Bool] = []
        unchanged.reserveCapacity(region.area)
        for y in region.y..<region.maxY {
            var i = 4 * (y * width + region.x)
            for _ in 0..<region.width {
                let same = oldBytes[i] == newBytes[i] && oldBytes[i + 1] == newBytes[i + 1]
                    && oldBytes[i + 2] == newBytes[i + 2] && oldBytes[i + 3] == newBytes[i + 3]
                if !same && newBytes[i + 3] != 255 { changedOpaque = false }
                unchanged.append(same)
                i += 4
            }
        }
        if changedOpaque {
            for (index, same) in unchanged.enumerated() where same {
                straight[4 * index] = 0
                straight[4 * index + 1] = 0
                straight[4 * index + 2] = 0
                straight[4 * index + 3] = 0
            }
        }
        let data = try PNGImageDataEncoder.compress(straightRGBA: straight, width: region.width, height: region.height)
        frames.append(Frame(data: data, delay: delay, region: region, blendsOver: changedOpaque))
    }

    /// The smallest rectangle holding every pixel where `a` and `b` differ; `nil` when they are identical.
    static func changedRegion(_ a: Pixmap, _ b: Pixmap) -> PixelRect? {
        guard a.bytes != b.bytes else { return nil }
        var minX = a.width, minY = a.height, maxX = -1, maxY = -1
        a.bytes.withUnsafeBytes { ra in
            b.bytes.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                for y in 0..<a.height {
                    let row = y * a.width
                    var first = -1
                    for x in 0..<a.width where pa[row + x] != pb[row + x] {
                        first = x
                        break
                    }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in stride(from: a.width - 1, to: first, by: -1) where pa[row + x] != pb[row + x] {
                        last = x
                        break
                    }
                    minY = Swift.min(minY, y)
                    maxY = y
                    minX = Swift.min(minX, first)
                    maxX = Swift.max(maxX, last)
                }
            }
        }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The complete APNG file.
    /// - Throws: ``LiquidError/image(_:)`` when no frame has been appended.
    public func encoded() throws(LiquidError) -> [UInt8] {
        guard !frames.isEmpty else { throw .image("an animated PNG needs at least one frame") }
        var writer = PNGChunkWriter()

        var header: [UInt8] = []
        PNGChunkWriter.appendBigEndian(UInt32(width), to: &header)
        PNGChunkWriter.appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, not interlaced
        writer.append("IHDR", header)

        var control: [UInt8] = []
        PNGChunkWriter.appendBigEndian(UInt32(frames.count), to: &control)
        PNGChunkWriter.appendBigEndian(UInt32(loopCount), to: &control)
        writer.append("acTL", control)

        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            var frameControl: [UInt8] = []
            PNGChunkWriter.appendBigEndian(sequence, to: &frameControl)
            PNGChunkWriter.appendBigEndian(UInt32(frame.region.width), to: &frameControl)
            PNGChunkWriter.appendBigEndian(UInt32(frame.region.height), to: &frameControl)
            PNGChunkWriter.appendBigEndian(UInt32(frame.region.x), to: &frameControl)
            PNGChunkWriter.appendBigEndian(UInt32(frame.region.y), to: &frameControl)
            PNGChunkWriter.appendBigEndian(frame.delay.numerator, to: &frameControl)
            PNGChunkWriter.appendBigEndian(frame.delay.denominator, to: &frameControl)
            frameControl += [0, frame.blendsOver ? 1 : 0]  // dispose op NONE, blend op SOURCE or OVER
            writer.append("fcTL", frameControl)
            sequence += 1

            var start = 0
            repeat {
                let end = Swift.min(frame.data.count, start + maximumChunkData)
                if index == 0 {
                    writer.append("IDAT", Array(frame.data[start..<end]))
                } else {
                    var chunk: [UInt8] = []
                    chunk.reserveCapacity(4 + end - start)
                    PNGChunkWriter.appendBigEndian(sequence, to: &chunk)
                    chunk += frame.data[start..<end]
                    writer.append("fdAT", chunk)
                    sequence += 1
                }
                start = end
            } while start < frame.data.count
        }
        writer.append("IEND", [])
        return writer.bytes
    }

    /// Writes the APNG file (see ``encoded()``) to `path`, replacing any existing file.
    /// - Throws: ``LiquidError/image(_:)`` when there are no frames; ``LiquidError/io(_:)`` naming the path when
    ///   the file cannot be written.
    public func write(to path: String) throws(LiquidError) {
        try ImageFileIO.writeAll(encoded(), to: path)
    }
}
