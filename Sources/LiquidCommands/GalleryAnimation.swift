import LiquidGeometry
import LiquidRaster

/// Collects frames rendered at a fixed rate into an animated PNG, and keeps one of them as the poster.
///
/// The encoder stores each frame as what changed since the one before (``AnimatedPNGEncoder`` with
/// `storesChangedRegions`), so a control at rest or a held pose costs almost nothing in the file while the
/// timing stays exact.
struct GalleryAnimation {
    /// The rate frames are appended at.
    let framesPerSecond: Int
    /// How many frames were appended.
    private(set) var appendedFrames = 0
    /// The frame marked as the poster by ``append(_:isPoster:)``, else the first frame.
    private(set) var poster: Pixmap?
    private var posterChosen = false
    private var encoder: AnimatedPNGEncoder
    private let delay: AnimatedPNGEncoder.Delay

    /// - Throws: `LiquidError` for a frame rate outside 1…65 535.
    init(framesPerSecond: Int) throws {
        delay = try .frameRate(framesPerSecond)
        self.framesPerSecond = framesPerSecond
        encoder = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
    }

    /// Adds the next frame; `isPoster` marks it as the poster.
    mutating func append(_ frame: Pixmap, isPoster: Bool = false) throws {
        appendedFrames += 1
        if !posterChosen, isPoster || poster == nil {
            poster = frame
            posterChosen = isPoster
        }
        try encoder.append(frame, delay: delay)
    }

    /// The finished animated PNG.
    /// - Throws: `LiquidError` when no frame was appended.
    func encoded() throws -> [UInt8] {
        try encoder.encoded()
    }
}
