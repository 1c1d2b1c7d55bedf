import LiquidGeometry

/// Writes an animated PNG to a file as its frames arrive, so memory does not grow with the frame count:
/// each frame's chunks go to the file once the next frame shows whether its delay grows (a repeated
/// picture lengthens the frame before it), and only the latest frame is held.
///
/// The bytes are exactly those of ``AnimatedPNGEncoder`` given the same frames. The `acTL` frame count
/// comes first in the file, so it is written as announced (or 0) and rewritten by ``finish()`` — a regular
/// file is written through a temporary file, which allows that. A destination that cannot be rewritten (a
/// pipe, a device) needs the count announced up front; a repeated picture is then stored as a frame of
/// one transparent pixel instead of lengthening the one before, so the count stays the number appended.
/// Until ``finish()`` succeeds nothing is at the path (for a regular file); dropping the writer unfinished
/// removes the temporary file.
package final class AnimatedPNGFileWriter {
    private let file: OutputFile
    private let loopCount: Int
    private let announcedFrames: Int?
    private var builder: AnimatedPNGFrameBuilder
    /// The frame stored last, not yet written: its delay may still grow.
    private var pending: AnimatedPNGFrameBuilder.Frame?
    private var written = 0
    private var sequence: UInt32 = 0
    private var finished = false
    /// Largest data payload of one `IDAT`/`fdAT` chunk, as in ``AnimatedPNGEncoder``.
    private let maximumChunkData = 1 << 20

    /// Starts the animation at `path`; `frameCount`, when given, is how many frames will be appended.
    /// - Throws: `LiquidError` (`.outOfRange`) for a loop count outside 0…2³² − 1, or a pipe or
    ///   device destination without `frameCount`; `LiquidError` (`.io`) naming the path when it cannot be
    ///   opened.
    package init(path: String, loopCount: Int = 0, storesChangedRegions: Bool = false,
                 frameCount: Int? = nil) throws(LiquidError) {
        guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
            throw .invalidParameter("loop count \(loopCount) is outside 0…\(UInt32.max) (0 loops forever)")
        }
        if let frameCount, frameCount < 1 || frameCount >= Int(Int32.max) / 4 {
            throw .invalidParameter("an animated PNG of \(frameCount) frames cannot be written")
        }
        file = try OutputFile(path: path)
        guard file.isSeekable || frameCount != nil else {
            throw .invalidParameter("'\(ImageFileIO.quoted(path))' is not a regular file, so the animation's frame count "
                + "must be known before it starts")
        }
        self.loopCount = loopCount
        announcedFrames = frameCount
        builder = AnimatedPNGFrameBuilder(storesChangedRegions: storesChangedRegions, mergesRepeatedFrames: file.isSeekable)
    }

    /// Adds `picture`, shown for `delay`; the first picture fixes the canvas size.
    /// - Throws: `LiquidError` (`.outOfRange`) for a picture of another size or one more than
    ///   announced; `LiquidError` (`.malformed`) when compression fails; `LiquidError` (`.io`) naming the path
    ///   when writing fails.
    package func append(_ picture: Pixmap, delay: AnimatedPNGEncoder.Delay) throws(LiquidError) {
        guard !finished else { throw LiquidError(.invalidState, "the animated PNG is already finished") }
        if let announcedFrames, builder.appended >= announcedFrames {
            throw .invalidParameter("the animated PNG was announced with \(announcedFrames) frames; a frame more was appended")
        }
        guard written < Int(Int32.max) / 4 else { throw .image("too many frames for an animated PNG") }
        let first = builder.appended == 0
        switch try builder.add(picture, delay: delay, lastDelay: pending?.delay) {
        case .lengthen(let delay):
            pending?.delay = delay
        case .frame(let frame):
            var writer = PNGChunkWriter(startsWithSignature: first)
            if first {
                AnimatedPNGFrameBuilder.appendHeader(width: builder.width, height: builder.height,
                                                     frameCount: announcedFrames ?? 0, loopCount: loopCount, to: &writer)
            }
            if let pending { append(pending, to: &writer) }
            try file.write(writer.takeBytes())
            pending = frame
        }
    }

    /// Writes the last frame and the end of the file, sets the frame count, and puts the file in place.
    /// - Throws: `LiquidError` (`.malformed`) when no frame was appended; `LiquidError` (`.outOfRange`)
    ///   when fewer frames came than announced; `LiquidError` (`.io`) naming the path when writing fails.
    package func finish() throws(LiquidError) {
        guard !finished else { throw LiquidError(.invalidState, "the animated PNG is already finished") }
        guard let last = pending else { throw .image("an animated PNG needs at least one frame") }
        if let announcedFrames, builder.appended != announcedFrames {
            throw .invalidParameter("the animated PNG was announced with \(announcedFrames) frames but \(builder.appended) were appended")
        }
        var writer = PNGChunkWriter(startsWithSignature: false)
        append(last, to: &writer)
        pending = nil
        writer.append("IEND", [])
        try file.write(writer.takeBytes())
        if written != announcedFrames {
            // Only a seekable file merges frames or lacks an announced count, so this rewrite is allowed.
            var control = PNGChunkWriter(startsWithSignature: false)
            AnimatedPNGFrameBuilder.appendAnimationControl(frameCount: written, loopCount: loopCount, to: &control)
            try file.overwrite(control.takeBytes(), at: AnimatedPNGFrameBuilder.animationControlOffset)
        }
        try file.commit()
        finished = true
    }

    private func append(_ frame: AnimatedPNGFrameBuilder.Frame, to writer: inout PNGChunkWriter) {
        AnimatedPNGFrameBuilder.appendFrame(frame, index: written, sequence: &sequence,
                                            maximumChunkData: maximumChunkData, to: &writer)
        written += 1
    }
}
