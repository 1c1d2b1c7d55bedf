import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Synchronization

/// The switch's drawing layer content: the pose the switch last set and the renderer that turns it into
/// pixels, behind one lock, so that the compositor can render the pose on a worker thread (see
/// ``LayerDrawing``) while the switch lives on the main actor.
final class LiquidSwitchDrawing: LayerDrawing {
    private struct State {
        var renderer = LiquidSwitchRenderer()
        var pose: LiquidSwitchPose
        /// The change into the renderer's current version, when an update made that version.
        var lastChange: (version: UInt64, changed: Rect?)?
    }

    private let state: Mutex<State>

    init(pose: LiquidSwitchPose) {
        state = Mutex(State(pose: pose))
    }

    /// The pose drawn from now on (the switch then marks its layer with ``Layer/setNeedsDrawingUpdate()``).
    func set(_ pose: LiquidSwitchPose) {
        state.withLock { $0.pose = pose }
    }

    /// How the goo pass is computed (see ``LiquidSwitch/gooMethod``).
    var gooMethod: GooLayer.Method {
        get { state.withLock { $0.renderer.gooMethod } }
        set { state.withLock { $0.renderer.gooMethod = newValue } }
    }

    /// Offscreen renders so far, and the last render's error (nil when it succeeded).
    var renderCount: Int { state.withLock { $0.renderer.renderCount } }
    var lastError: LiquidError? { state.withLock { $0.renderer.lastError } }
    /// The goo pass's latest image and whether its coverage was analytic (for tests).
    var gooImage: Pixmap? { state.withLock { $0.renderer.gooLayer.image } }
    var lastGooRenderWasAnalytic: Bool { state.withLock { $0.renderer.gooLayer.lastRenderWasAnalytic } }

    func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        state.withLock { state in
            let before = state.renderer.version
            let change = state.renderer.update(state.pose, size: bounds.size, device: toDevice)
            let version = state.renderer.version
            if version != before {
                switch change {
                case .whole: state.lastChange = (version, nil)
                case .none: state.lastChange = (version, .zero)
                case .rect(let rect): state.lastChange = (version, rect)
                }
            }
            // A version made by a draw (another grid) or a new goo method: its change is not known.
            let changed = state.lastChange.flatMap { $0.version == version ? $0.changed : nil }
            return LayerDrawingUpdate(version: version, changed: changed)
        }
    }

    func draw(in canvas: inout Canvas, bounds: Rect) {
        // Only finding (or rendering) the image holds the lock; tiles on other workers blit meanwhile.
        let device = canvas.deviceTransform
        let placed = state.withLock { $0.renderer.placedImage($0.pose, size: bounds.size, device: device) }
        placed?.draw(on: &canvas)
    }
}
