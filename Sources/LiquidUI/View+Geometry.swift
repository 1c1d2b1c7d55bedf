import LiquidGeometry

/// Coordinate conversion between views and the window.
///
/// A view's local point `p` (in ``View/bounds`` coordinates) maps to its superview as
/// `frame.origin + c + transform(p − c)`, with `c` the centre of the bounds — the transform turns and
/// scales about the frame's centre, like a ``Layer``'s. The root view's superview is the window.
///
/// Guarantee: `a.convert(a.convert(p, to: b), from: b) ≈ p` for invertible transforms. Converting into a
/// view whose transform (or an ancestor's) collapses the plane (a zero scale) gives `(NaN, NaN)`, which
/// every containment test rejects.
extension View {
    /// Maps this view's local coordinates to its superview's (the window's, for the root view).
    package var transformToSuperview: AffineTransform {
        let half = Vector2(frame.width / 2, frame.height / 2)
        return AffineTransform(translation: -half)
            .concatenating(transform)
            .concatenating(AffineTransform(translation: half + Vector2(frame.minX, frame.minY)))
    }

    /// Maps this view's local coordinates to window coordinates.
    package var transformToWindow: AffineTransform {
        var result = transformToSuperview
        var ancestor = superview
        while let view = ancestor {
            result = result.concatenating(view.transformToSuperview)
            ancestor = view.superview
        }
        return result
    }

    /// `point`, given in this view's coordinates, in `view`'s coordinates (window coordinates for `nil`).
    public func convert(_ point: Point, to view: View?) -> Point {
        if view === self { return point }
        let inWindow = transformToWindow.apply(to: point)
        guard let view else { return inWindow }
        return view.fromWindow(inWindow)
    }

    /// `point`, given in `view`'s coordinates (window coordinates for `nil`), in this view's coordinates.
    public func convert(_ point: Point, from view: View?) -> Point {
        if view === self { return point }
        let inWindow = view.map { $0.transformToWindow.apply(to: point) } ?? point
        return fromWindow(inWindow)
    }

    /// The bounding box, in `view`'s coordinates (window coordinates for `nil`), of `rect` given in this
    /// view's coordinates.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var mapping = transformToWindow
        if let view {
            mapping = mapping.concatenating(view.transformToWindow.inverted() ?? View.collapsed)
        }
        return mapping.apply(to: rect)
    }

    /// The bounding box, in this view's coordinates, of `rect` given in `view`'s coordinates (window
    /// coordinates for `nil`).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let toWindow = view?.transformToWindow ?? .identity
        return toWindow.concatenating(transformToWindow.inverted() ?? View.collapsed).apply(to: rect)
    }

    /// A window point in this view's coordinates.
    func fromWindow(_ point: Point) -> Point {
        (transformToWindow.inverted() ?? View.collapsed).apply(to: point)
    }

    /// The stand-in for a missing inverse: maps everything to `(NaN, NaN)`.
    private static let collapsed = AffineTransform(a: .nan, b: .nan, c: .nan, d: .nan, tx: .nan, ty: .nan)
}
