import LiquidGeometry
import LiquidRaster

extension View {
    /// Changes `view`'s content with `changes` and shows the change with `transition`: the old content
    /// (a snapshot of the view and its subviews, rendered at the run loop's scale just before `changes`
    /// runs) and the new content (the live view, its passes run at once) move with `timing`.
    ///
    /// At progress 0 the screen shows the old content and at the end the new content alone: a
    /// cross-dissolve draws the snapshot over the view fading from opacity 1 to 0 while the view fades
    /// in from 0 to its own opacity; a push moves the view in from the edge by its width or height along
    /// its own axes while the snapshot moves out across the opposite edge, both clipped to the view's
    /// bounds (the view's own mask is replaced by that clip during the push). The snapshot is exact when
    /// the view's frame lies on whole device pixels; glass inside it shows the frost of the view's own
    /// content only.
    ///
    /// The completion runs once as in ``animate(_:delay:_:completion:)``. A view outside a run loop's tree,
    /// or with empty bounds, takes the change at once (the completion runs before this returns, with
    /// `true`).
    /// - Throws: `LiquidError` when the snapshot cannot be rendered (a filter with bad parameters in the
    ///   subtree); `changes` has not run then.
    public static func transition(with view: View, _ transition: ViewTransition, timing: AnimationTiming = .default,
                                  _ changes: () -> Void,
                                  completion: (@MainActor (_ finished: Bool) -> Void)? = nil) throws(LiquidError) {
        let layer = view.layer
        guard let loop = layer.hostingRunLoop, let parent = layer.superlayer, !layer.bounds.isEmpty else {
            changes()
            completion?(true)
            return
        }
        let picture: Pixmap
        do {
            picture = try Compositor.snapshot(of: layer, scale: loop.scale)
        } catch let error as LiquidError {
            throw error
        } catch {
            throw LiquidError(.invalidState, "the view's content could not be rendered for the transition")
        }
        changes()
        view.updatePropertiesIfNeeded()
        view.layoutIfNeeded()
        view.displayIfNeeded()

        // The old content, where the view is, just above it.
        let frame = Layer(frame: layer.frame)
        frame.name = "transition"
        frame.transform = layer.transform
        frame.anchorPoint = layer.anchorPoint
        let old = Layer(frame: layer.bounds)
        old.content = .image(picture)
        frame.addSublayer(old)
        let above = parent.sublayers.firstIndex { $0 === layer }.map { $0 + 1 } ?? parent.sublayers.count
        parent.insertSublayer(frame, at: above)

        switch transition {
        case .crossDissolve:
            let opacity = layer.opacity
            layer.opacity = 0
            try animate(timing, {
                layer.opacity = opacity
                frame.opacity = 0
            }, completion: { finished in
                frame.removeFromSuperlayer()
                completion?(finished)
            })
        case .push(let edge):
            let size = layer.bounds.size
            let offset: Vector2 = switch edge {
            case .left: Vector2(-size.width, 0)
            case .right: Vector2(size.width, 0)
            case .top: Vector2(0, -size.height)
            case .bottom: Vector2(0, size.height)
            }
            frame.clipsToBounds = true
            let transform = layer.transform
            let savedMask = layer.mask
            let clip = Layer(frame: Rect(origin: Point(-offset.x, -offset.y), size: size))
            clip.backgroundColor = .white
            layer.mask = clip
            layer.transform = AffineTransform(translation: offset).concatenating(transform)
            try animate(timing, {
                layer.transform = transform
                clip.frame.origin = .zero
                old.transform = AffineTransform(translation: Vector2(-offset.x, -offset.y))
            }, completion: { finished in
                frame.removeFromSuperlayer()
                if layer.mask === clip { layer.mask = savedMask }
                completion?(finished)
            })
        }
    }
}
