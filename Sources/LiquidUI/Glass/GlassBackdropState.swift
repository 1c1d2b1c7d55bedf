import Foundation
import LiquidGlass
import LiquidRaster

/// What a ``GlassBackdrop`` keeps between frames: the frosted-backdrop cache and the backdrop revision it is
/// keyed by.
///
/// The compositor hands the effect the pixels beneath it but no revision number, so the state derives one:
/// it keeps the last backdrop it saw and bumps ``revision`` only when the new backdrop differs in any byte
/// (or in size). An unchanged backdrop — the glass itself animating over a still scene — therefore keeps
/// its revision and the frost comes from the ``BackdropCache``: only the cheap per-pixel shading runs.
///
/// A place, not a value: share one state between the successive ``GlassBackdrop`` values of one glass
/// layer. Not `Sendable`; use it from the thread that renders (the main actor, for the compositor).
package final class GlassBackdropState {
    /// The frosted backdrops kept between frames.
    package let cache: BackdropCache
    /// Bumped whenever the backdrop beneath changes.
    package private(set) var revision: UInt64 = 0
    /// How many times the effect rendered.
    package private(set) var renderCount = 0
    private var lastBackdrop: Pixmap?

    /// - Parameter capacity: frosted regions kept (a pressed surface can need a second region).
    package init(capacity: Int = 4) {
        cache = BackdropCache(capacity: capacity)
    }

    /// How many times a backdrop had to be frosted (the cache's misses).
    package var frostCount: Int { cache.misses }

    /// The revision for `backdrop`: the previous one when the pixels are identical, else a new one.
    func revision(for backdrop: Pixmap) -> UInt64 {
        renderCount += 1
        if let lastBackdrop, Self.same(lastBackdrop, backdrop) { return revision }
        revision &+= 1
        lastBackdrop = backdrop
        return revision
    }

    /// `a == b`, with the bytes compared by `memcmp`, and at once when both share one buffer (the compositor
    /// hands a backdrop layer last frame's pixels again when nothing beneath it changed). Measured reason: the
    /// synthesized equality compared the byte arrays element by element — 6 % of a dragged glass button's
    /// frame (perf, ui.button.dragged).
    static func same(_ a: Pixmap, _ b: Pixmap) -> Bool {
        guard a.width == b.width, a.height == b.height, a.scale == b.scale else { return false }
        return a.bytes.withUnsafeBytes { x in
            b.bytes.withUnsafeBytes { y in
                x.count == y.count
                    && (x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }
}
