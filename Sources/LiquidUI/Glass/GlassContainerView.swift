import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// Groups ``GlassEffectView``s so their glass renders together — the counterpart of SwiftUI's
/// `GlassEffectContainer` in iOS 26: children closer than its spacing merge like water droplets.
///
/// - One backdrop sample: every ``GlassEffectView`` inside the container (a subview or deeper) registers
///   with it and draws no glass of its own; the container renders all of it through one backdrop layer
///   beneath its subviews, frosting the backdrop once for all of them (one `GlassContainer` per distinct
///   material; usually all children share one).
/// - Merging: children whose outlines are closer than ``spacing`` points flow into one surface like water
///   droplets (one rim, one refraction field); farther apart they stay separate. Spacing 0 batches without
///   merging. Children with the same ``GlassEffectView/unionID`` always form one surface.
/// - Morphing: a child whose frame, corners or union changes inside ``withGlassAnimation(_:_:)`` (or a
///   `View.animate` block) morphs
///   from its old shape to the new one (`GlassMorph`, matched by ``GlassEffectView/glassID``); children
///   added, removed, enabled or disabled inside an animation grow from or shrink to their centres.
/// - Corners: children with `.containerConcentric` corners follow ``cornerRadii`` (the container's own
///   outline, which it does not draw).
/// - ``isGlassEnabled`` materializes / dematerializes all of the container's glass (animated inside
///   ``withGlassAnimation(_:_:)`` or a `View.animate` block); ``accessibility`` applies to every child.
@MainActor
open class GlassContainerView: View {
    /// Merge distance in points (0: no merging). Default 20.
    public var spacing: Double { didSet { if spacing != oldValue { rebuild(animation: AnimationRequest.current) } } }

    /// The container's corner radii, for children with container-concentric corners.
    public var cornerRadii: CornerRadii = .zero {
        didSet { if cornerRadii != oldValue { rebuild(animation: AnimationRequest.current) } }
    }

    /// Materializes (true, default) or dematerializes all of the glass.
    public var isGlassEnabled = true {
        didSet {
            guard isGlassEnabled != oldValue else { return }
            let target = isGlassEnabled ? 1.0 : 0.0
            if let animation = AnimationRequest.current, let loop = runLoop {
                animation.start(&materializeProgress, to: target, on: loop)
            } else {
                materializeProgress.jump(to: target)
            }
            rebuild(animation: nil)
        }
    }

    /// Accessibility settings for all of the glass.
    public var accessibility: GlassAccessibility = [] {
        didSet {
            guard accessibility != oldValue else { return }
            for child in glassChildren { child.glassDidChange(animation: nil) }
            rebuild(animation: nil)
        }
    }

    /// The registered glass views, in registration order (their glass draws in this order).
    package private(set) var glassChildren: [GlassEffectView] = []

    private let host = GlassSurfaceHost(name: "GlassContainerView.glass")
    private var materializeProgress = AnimatedValue(1.0)
    private var animationHandle: AnimationDriver.Handle?

    /// A container of `frame` merging children closer than `spacing` points.
    public init(frame: Rect = .zero, spacing: Double = 20) {
        self.spacing = spacing
        super.init(frame: frame)
        layer.addSublayer(host.layer)
    }

    /// How materialized the glass is now (0…1).
    package var materialize: Double { materializeProgress.value }

    /// Whether a materialize ramp or a morph is running.
    package var isAnimating: Bool { !materializeProgress.isSettled || host.isMorphing }

    /// The glass renderer's cache and backdrop revision: one for all children.
    package var glassState: GlassBackdropState { host.state }

    /// The morph's progress (1 when none runs).
    package var morphProgress: Double { host.morphProgress }

    // MARK: - Children

    func register(_ child: GlassEffectView, animation: AnimationRequest?) {
        guard !glassChildren.contains(where: { $0 === child }) else { return }
        glassChildren.append(child)
        rebuild(animation: animation)
    }

    func unregister(_ child: GlassEffectView, animation: AnimationRequest?) {
        glassChildren.removeAll { $0 === child }
        rebuild(animation: animation)
    }

    func childDidChange(_ child: GlassEffectView, animation: AnimationRequest?) {
        rebuild(animation: animation)
    }

    // MARK: - Passes

    open override func layout() {
        rebuild(animation: nil)
    }

    // MARK: - Rendering

    private var reference: (rect: Rect, radii: CornerRadii) { (bounds, cornerRadii) }

    private func rebuild(animation: AnimationRequest?) {
        let items = glassChildren.filter { $0.isGlassActive && !$0.isHidden }.map { $0.glassItem(in: self) }
        host.setItems(items, animation: animation, runLoop: runLoop)
        host.build(bounds: bounds, reference: reference, spacing: spacing, accessibility: accessibility,
                   materialize: materializeProgress.value)
        startAnimatingIfNeeded()
    }

    private func startAnimatingIfNeeded() {
        guard animationHandle == nil, isAnimating, let loop = runLoop else { return }
        animationHandle = loop.animations.add { [weak self] time, _ in
            guard let self else { return false }
            self.materializeProgress.advance(to: time)
            self.host.advance(to: time)
            let running = self.isAnimating
            if !running { self.animationHandle = nil }
            self.rebuild(animation: nil)
            return running
        }
    }
}
