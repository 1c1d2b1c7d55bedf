import LiquidGeometry

/// What ``AnimatedPNGEncoder`` and ``AnimatedPNGFileWriter`` share: turning appended pictures into APNG
/// frames (whole, or as the region that changed) and frames into chunks. Both produce the same bytes for
/// the same pictures.
struct AnimatedPNGFrameBuilder: Sendable {
    /// One stored frame: its compressed image data and how it is shown.
    struct Frame: Sendable {
        var data: [UInt8]
        var delay: AnimatedPNGEncoder.Delay
        /// Where the frame's pixels go on the canvas.
        var region: PixelRect
        /// Blend op OVER (else SOURCE).
        var blendsOver = false
    }

    /// What appending a picture did.
    enum Step {
        /// A new frame to store after the others.
        case frame(Frame)
        /// The picture is the previous one again: the previous frame is now shown for this delay.
        case lengthen(AnimatedPNGEncoder.Delay)
    }

    /// Whether frames after the first are stored as changed regions.
    let storesChangedRegions: Bool
    /// Whether a repeated picture may lengthen the frame before it (which changes the frame count);
    /// otherwise it is stored as a frame of one transparent pixel blended over.
    let mergesRepeatedFrames: Bool
    /// Canvas size, fixed by the first picture (0 before it).
    private(set) var width = 0
    private(set) var height = 0
    /// Pictures appended so far.
    private(set) var appended = 0
    /// The latest picture, while storing changed regions.
    private var previous: Pixmap?

    init(storesChangedRegions: Bool, mergesRepeatedFrames: Bool = true) {
        self.storesChangedRegions = storesChangedRegions
        self.mergesRepeatedFrames = mergesRepeatedFrames
    }

    /// Prepares `picture`, shown for `delay`; `lastDelay` is the delay of the frame stored last (nil before
    /// the first).
    /// - Throws: `LiquidError` (`.outOfRange`) when the picture's size differs from the first one's;
    ///   `LiquidError` (`.malformed`) when compression fails.
    mutating func add(_ picture: Pixmap, delay: AnimatedPNGEncoder.Delay,
                      lastDelay: AnimatedPNGEncoder.Delay?) throws(LiquidError) -> Step {
        if appended == 0 {
            width = picture.width
            height = picture.height
        } else if picture.width != width || picture.height != height {
            throw .invalidParameter("frame \(appended) is \(picture.width)×\(picture.height) pixels but the "
                + "animation is \(width)×\(height); every frame must have the same size")
        }
        let step: Step
        if storesChangedRegions, let previous {
            step = try change(from: previous, to: picture, delay: delay, lastDelay: lastDelay)
        } else {
            let data = try PNGImageDataEncoder.compress(
                straightRGBA: PNGAlphaConversion.straightRGBA(from: picture), width: width, height: height)
            step = .frame(Frame(data: data, delay: delay, region: picture.bounds))
        }
        if storesChangedRegions { previous = picture }
        appended += 1
        return step
    }

    /// `new` as its difference from `old` (both of the canvas size).
    private func change(from old: Pixmap, to new: Pixmap, delay: AnimatedPNGEncoder.Delay,
                        lastDelay: AnimatedPNGEncoder.Delay?) throws(LiquidError) -> Step {
        guard let region = Self.changedRegion(old, new) else {
            if mergesRepeatedFrames, let last = lastDelay, last.denominator == delay.denominator,
               Int(last.numerator) + Int(delay.numerator) <= Int(UInt16.max) {
                return .lengthen(try AnimatedPNGEncoder.Delay(numerator: last.numerator + delay.numerator,
                                                              denominator: delay.denominator))
            }
            // One transparent pixel blended over: the same picture, shown for `delay`.
            let data = try PNGImageDataEncoder.compress(straightRGBA: [0, 0, 0, 0], width: 1, height: 1)
            return .frame(Frame(data: data, delay: delay, region: PixelRect(x: 0, y: 0, width: 1, height: 1), blendsOver: true))
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
        return .frame(Frame(data: data, delay: delay, region: region, blendsOver: changedOpaque))
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

    // MARK: - Chunks

    /// Byte offset of the `acTL` chunk in the file: after the signature and the `IHDR` chunk.
    static let animationControlOffset = 8 + 12 + 13

    /// Appends `IHDR` (8-bit RGBA, not interlaced) and `acTL` to `writer`.
    static func appendHeader(width: Int, height: Int, frameCount: Int, loopCount: Int, to writer: inout PNGChunkWriter) {
        var header: [UInt8] = []
        PNGChunkWriter.appendBigEndian(UInt32(width), to: &header)
        PNGChunkWriter.appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, not interlaced
        writer.append("IHDR", header)
        appendAnimationControl(frameCount: frameCount, loopCount: loopCount, to: &writer)
    }

    /// Appends the `acTL` chunk: the frame count and the loop count.
    static func appendAnimationControl(frameCount: Int, loopCount: Int, to writer: inout PNGChunkWriter) {
        var control: [UInt8] = []
        PNGChunkWriter.appendBigEndian(UInt32(frameCount), to: &control)
        PNGChunkWriter.appendBigEndian(UInt32(loopCount), to: &control)
        writer.append("acTL", control)
    }

    /// Appends `frame`'s `fcTL` and its image data — `IDAT` for the first frame (`index` 0), `fdAT` for the
    /// others — split into chunks of at most `maximumChunkData` bytes; `sequence` counts `fcTL` and `fdAT`.
    static func appendFrame(_ frame: Frame, index: Int, sequence: inout UInt32, maximumChunkData: Int,
                            to writer: inout PNGChunkWriter) {
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
}
