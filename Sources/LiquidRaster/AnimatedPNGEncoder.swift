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
/// when appended; the encoder keeps only the compressed data. (The tool's `AnimatedPNGFileWriter` writes
/// the same bytes to a file as frames arrive, keeping none of them.)
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
        package let numerator: UInt16
        package let denominator: UInt16

        /// - Throws: `LiquidError` (`.outOfRange`) for a zero denominator (APNG would read it as 1/100,
        ///   which is better said explicitly).
        package init(numerator: UInt16, denominator: UInt16) throws(LiquidError) {
            guard denominator > 0 else { throw .invalidParameter("frame delay denominator must be positive") }
            self.numerator = numerator
            self.denominator = denominator
        }

        /// A delay of whole milliseconds.
        /// - Throws: `LiquidError` (`.outOfRange`) outside 0…65 535 ms.
        public static func milliseconds(_ milliseconds: Int) throws(LiquidError) -> Delay {
            guard (0...Int(UInt16.max)).contains(milliseconds) else {
                throw .invalidParameter("frame delay \(milliseconds) ms is outside 0…\(UInt16.max) ms")
            }
            return try Delay(numerator: UInt16(milliseconds), denominator: 1000)
        }

        /// One frame at `framesPerSecond` (1…65 535).
        /// - Throws: `LiquidError` (`.outOfRange`) outside that range.
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

    /// How many times the animation plays; 0 means forever.
    public let loopCount: Int
    /// Canvas width in pixels (set by the first frame; 0 before it).
    public var width: Int { builder.width }
    /// Canvas height in pixels (set by the first frame; 0 before it).
    public var height: Int { builder.height }
    private var frames: [AnimatedPNGFrameBuilder.Frame] = []
    /// Whether frames after the first are stored as changed regions (see the type's overview).
    public var storesChangedRegions: Bool { builder.storesChangedRegions }
    private var builder: AnimatedPNGFrameBuilder
    /// Largest data payload of one `IDAT`/`fdAT` chunk; longer frame data is split over several chunks.
    var maximumChunkData = 1 << 20

    /// An empty animation that plays `loopCount` times (0 = forever); with `storesChangedRegions`, frames after
    /// the first are stored as what changed (see the type's overview).
    /// - Throws: `LiquidError` (`.outOfRange`) for a loop count outside 0…2³² − 1.
    public init(loopCount: Int = 0, storesChangedRegions: Bool = false) throws(LiquidError) {
        guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
            throw .invalidParameter("loop count \(loopCount) is outside 0…\(UInt32.max) (0 loops forever)")
        }
        self.loopCount = loopCount
        builder = AnimatedPNGFrameBuilder(storesChangedRegions: storesChangedRegions)
    }

    /// The number of frames stored so far (with `storesChangedRegions`, a frame identical to the one before it
    /// may lengthen that one instead of adding one).
    public var frameCount: Int { frames.count }

    /// Adds `frame`, shown for `delay`. The first frame fixes the canvas size.
    /// - Throws: `LiquidError` (`.outOfRange`) when the frame's size differs from the first frame's;
    ///   `LiquidError` (`.malformed`) when compression fails or the animation already has 2³¹ − 1 frames.
    public mutating func append(_ frame: Pixmap, delay: Delay) throws(LiquidError) {
        // Sequence numbers (one fcTL per frame plus its fdAT chunks) must fit in 31 bits.
        guard frames.count < Int(Int32.max) / 4 else { throw .image("too many frames for an animated PNG") }
        switch try builder.add(frame, delay: delay, lastDelay: frames.last?.delay) {
        case .frame(let stored): frames.append(stored)
        case .lengthen(let delay): frames[frames.count - 1].delay = delay
        }
    }

    /// The complete APNG file.
    /// - Throws: `LiquidError` (`.malformed`) when no frame has been appended.
    public func encoded() throws(LiquidError) -> [UInt8] {
        guard !frames.isEmpty else { throw .image("an animated PNG needs at least one frame") }
        var writer = PNGChunkWriter()
        AnimatedPNGFrameBuilder.appendHeader(width: width, height: height, frameCount: frames.count,
                                             loopCount: loopCount, to: &writer)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            AnimatedPNGFrameBuilder.appendFrame(frame, index: index, sequence: &sequence,
                                                maximumChunkData: maximumChunkData, to: &writer)
        }
        writer.append("IEND", [])
        return writer.bytes
    }

    /// Writes the APNG file (see ``encoded()``) to `path`, replacing any existing file.
    /// - Throws: `LiquidError` (`.malformed`) when there are no frames; `LiquidError` (`.io`) naming the path when
    ///   the file cannot be written.
    public func write(to path: String) throws(LiquidError) {
        try ImageFileIO.writeAll(encoded(), to: path)
    }
}
