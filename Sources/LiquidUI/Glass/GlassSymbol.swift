import LiquidGeometry

/// A few vector symbols for glass buttons, each a filled path in a 24 × 24 pt box (drawn scaled to the
/// button's symbol size).
package enum GlassSymbol {
    /// The box the symbols are drawn in, points.
    package static let box = 24.0

    /// A four-pointed sparkle.
    package static var sparkle: Path {
        var path = Path()
        let c = Point(12, 12)
        path.move(to: Point(12, 1.5))
        path.quad(to: Point(22.5, 12), control: Point(13.6, 10.4))
        path.quad(to: Point(12, 22.5), control: Point(13.6, 13.6))
        path.quad(to: Point(1.5, 12), control: Point(10.4, 13.6))
        path.quad(to: Point(12, 1.5), control: Point(10.4, 10.4))
        path.close()
        path.addCircle(center: c + Vector2(7.5, -7.5), radius: 1.6)
        return path
    }

    /// A plus sign with rounded arms.
    package static var plus: Path {
        var path = Path()
        path.addRoundedRect(Rect(x: 10.4, y: 3, width: 3.2, height: 18), cornerRadii: CornerRadii(all: 1.6))
        path.addRoundedRect(Rect(x: 3, y: 10.4, width: 18, height: 3.2), cornerRadii: CornerRadii(all: 1.6))
        return path
    }

    /// A play triangle.
    package static var play: Path {
        var path = Path()
        path.move(to: Point(7, 4))
        path.line(to: Point(20, 12))
        path.line(to: Point(7, 20))
        path.close()
        return path
    }
}
