import LiquidGeometry
import Observation

/// Reports the average colour of the backdrop beneath a piece of glass, measured by the ``GlassBackdrop``
/// that renders it, so content on the glass can pick its vibrant colour (``GlassVibrancy``).
///
/// Observable: a view that reads ``averageColor`` in a pass re-runs that pass when the backdrop beneath the
/// glass changes colour. The value is written while the compositor renders (on the main thread), and only
/// when it moves by more than ``threshold`` in some channel, so an unchanged backdrop never invalidates.
/// Under a ``UIRunLoop`` the invalidated update-properties passes run during the same render, right after
/// the glass (``Compositor/didRenderBackdrop``): content drawn over the glass shows this frame's colour.
@Observable
package final class GlassBackdropProbe {
    /// The straight (un-premultiplied) average colour of the backdrop under the glass, opaque; `nil` until
    /// the glass has been rendered (or when nothing beneath was visible).
    package private(set) var averageColor: RGBA?

    /// The smallest per-channel change (0…1) that is reported.
    @ObservationIgnored package let threshold: Double

    /// - Parameter threshold: the smallest per-channel change reported (default 0.01).
    package init(threshold: Double = 0.01) {
        self.threshold = threshold
    }

    /// Records a new measurement; returns whether the reported colour changed.
    @discardableResult
    func report(_ color: RGBA?) -> Bool {
        guard let color else { return false }
        if let old = averageColor,
           abs(old.red - color.red) <= threshold, abs(old.green - color.green) <= threshold,
           abs(old.blue - color.blue) <= threshold {
            return false
        }
        averageColor = color
        return true
    }
}
