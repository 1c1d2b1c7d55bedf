import LiquidGeometry

/// Where a tooltip goes on a screen: the bubble's rectangle, the side of its source it sits on, and where
/// its arrow's tip points.
///
/// The rules, for a screen `W` × `H` points and a block of text of `contentSize`:
/// - Width: the text plus the padding (16 left, 12 right), at least ``minimumWidth`` (two corner radii
///   and the arrow's base, so the arrow always has a straight edge to sit on) and at most
///   ``maximumWidth(screenWidth:)`` — 300 pt, or `W − 24` on screens narrower than 324 pt. Text wider
///   than that must be wrapped by the caller (the tooltip view wraps it).
/// - Height: the text plus the padding (12 top, 12 bottom).
/// - x: `source.midX − width / 2`, clamped to `[12, W − 12 − width]`.
/// - y: ``gap`` (16 pt) below the source, when the bubble then ends at least ``margin`` (12 pt) above the
///   bottom of the screen; otherwise 16 pt above the source when it then starts at least 12 pt below the
///   top; otherwise on the side with more room, clamped into `[12, H − 12 − height]` (it may then cover
///   part of its source, but never leaves the screen).
/// - Arrow: 20 × 8, in the 16 pt gap, on the edge facing the source, its tip at `source.midX` clamped to
///   the straight part of that edge (the corners' radius plus half the arrow's base from each end).
/// - A source reaching outside the screen is first clamped to it edge by edge (a source wholly off screen
///   becomes a line or point on the nearest screen edge), so the arrow points at what can be seen.
public struct TooltipLayout: Hashable, Sendable {
    /// Which side of its source the bubble is on.
    public enum Placement: String, Hashable, Sendable {
        /// Below the source, the arrow on the bubble's top edge pointing up.
        case below
        /// Above the source, the arrow on the bubble's bottom edge pointing down.
        case above
    }

    /// Distance kept from the screen's edges, points.
    public static let margin = 12.0
    /// Distance between the source and the bubble, points (the arrow lies in it).
    public static let gap = 16.0
    /// Room around the text: top 12, left 16, bottom 12, right 12 points.
    public static let padding = EdgeInsets(top: 12, left: 16, bottom: 12, right: 12)
    /// The bubble's corner radius, points.
    public static let cornerRadius = 20.0
    /// The arrow's base width and height, points.
    public static let arrowSize = Size(width: 20, height: 8)
    /// The narrowest bubble: two corner radii plus the arrow's base.
    public static let minimumWidth = 2 * cornerRadius + arrowSize.width

    /// The widest bubble on a screen `screenWidth` points wide: 300, or `screenWidth − 24` below 324.
    public static func maximumWidth(screenWidth: Double) -> Double {
        screenWidth < 300 + 2 * margin ? screenWidth - 2 * margin : 300
    }

    /// The bubble's rectangle in screen points, without the arrow.
    public let frame: Rect
    /// The arrow tip's x, screen points.
    public let arrowX: Double
    /// The side of the source the bubble is on.
    public let placement: Placement
    /// The source as used: clamped to the screen.
    public let source: Rect

    /// The arrow's tip, screen points: ``gap`` / 2 from the source's edge when there is room.
    public var arrowTip: Point {
        switch placement {
        case .below: Point(arrowX, frame.minY - Self.arrowSize.height)
        case .above: Point(arrowX, frame.maxY + Self.arrowSize.height)
        }
    }

    /// The bubble and its arrow together.
    public var bounds: Rect {
        switch placement {
        case .below: Rect(x: frame.minX, y: frame.minY - Self.arrowSize.height, width: frame.width,
                          height: frame.height + Self.arrowSize.height)
        case .above: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height + Self.arrowSize.height)
        }
    }

    /// Places a bubble for text of `contentSize` next to `source` on a screen of `screen` (see the type's
    /// rules).
    ///
    /// - Throws: `LiquidError` when a number is not finite, `contentSize` is negative, the screen is
    ///   narrower than a minimum bubble plus the margins (84 pt), or too short for the bubble's height plus
    ///   the margins.
    public init(source: Rect, contentSize: Size, screen: Size) throws(LiquidError) {
        guard source.isFinite else { throw .invalidParameter("tooltip source \(source) is not finite") }
        guard contentSize.isFinite, contentSize.width >= 0, contentSize.height >= 0 else {
            throw .invalidParameter("tooltip content size \(contentSize) must be finite and not negative")
        }
        guard screen.isFinite else { throw .invalidParameter("tooltip screen size \(screen) is not finite") }
        let m = Self.margin
        let widest = Self.maximumWidth(screenWidth: screen.width)
        guard widest >= Self.minimumWidth else {
            throw .invalidParameter(name: "screen width for a tooltip", value: screen.width,
                                    requirement: "must be at least \(Self.minimumWidth + 2 * m) points")
        }
        let height = contentSize.height + Self.padding.vertical
        guard height <= screen.height - 2 * m else {
            throw .invalidParameter(name: "tooltip height", value: height,
                                    requirement: "must fit the screen's \(screen.height) points less two \(m) pt margins")
        }
        let width = Swift.min(widest, Swift.max(Self.minimumWidth, contentSize.width + Self.padding.horizontal))
        let clamped = Self.clamp(source.standardized, to: screen)
        let x = Self.clamp(clamped.midX - width / 2, m, screen.width - m - width)
        let below = clamped.maxY + Self.gap
        let above = clamped.minY - Self.gap - height
        let y: Double
        let placement: Placement
        if below + height <= screen.height - m {
            (y, placement) = (below, .below)
        } else if above >= m {
            (y, placement) = (above, .above)
        } else {
            let roomBelow = screen.height - clamped.maxY, roomAbove = clamped.minY
            placement = roomBelow >= roomAbove ? .below : .above
            y = Self.clamp(placement == .below ? below : above, m, screen.height - m - height)
        }
        let frame = Rect(x: x, y: y, width: width, height: height)
        let inset = Self.cornerRadius + Self.arrowSize.width / 2
        self.frame = frame
        self.arrowX = Self.clamp(clamped.midX, frame.minX + inset, frame.maxX - inset)
        self.placement = placement
        self.source = clamped
    }

    /// `rect` with each edge clamped into the screen.
    private static func clamp(_ rect: Rect, to screen: Size) -> Rect {
        let x0 = clamp(rect.minX, 0, screen.width), x1 = clamp(rect.maxX, 0, screen.width)
        let y0 = clamp(rect.minY, 0, screen.height), y1 = clamp(rect.maxY, 0, screen.height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        Swift.min(Swift.max(value, low), high)
    }

    /// The outline of the bubble and its arrow in a space whose origin is ``bounds``' top-left: a rounded
    /// rectangle of ``cornerRadius`` with the arrow grown out of the edge facing the source, each flank of
    /// the arrow a cubic curve that leaves the edge tangentially and meets the tip.
    public var outline: Path {
        let w = frame.width, h = frame.height, r = Self.cornerRadius
        let a = Self.arrowSize.height, half = Self.arrowSize.width / 2
        let tipX = arrowX - frame.minX
        // Drawn for an arrow on top (body from y = a to a + h), then flipped when the arrow is below.
        let top = a, bottom = a + h
        let k = Path.quarterArcHandle * r
        var path = Path()
        path.move(to: Point(r, top))
        path.line(to: Point(tipX - half, top))
        path.cubic(to: Point(tipX, 0), control1: Point(tipX - half * 0.45, top), control2: Point(tipX - half * 0.25, 0))
        path.cubic(to: Point(tipX + half, top), control1: Point(tipX + half * 0.25, 0), control2: Point(tipX + half * 0.45, top))
        path.line(to: Point(w - r, top))
        path.cubic(to: Point(w, top + r), control1: Point(w - r + k, top), control2: Point(w, top + r - k))
        path.line(to: Point(w, bottom - r))
        path.cubic(to: Point(w - r, bottom), control1: Point(w, bottom - r + k), control2: Point(w - r + k, bottom))
        path.line(to: Point(r, bottom))
        path.cubic(to: Point(0, bottom - r), control1: Point(r - k, bottom), control2: Point(0, bottom - r + k))
        path.line(to: Point(0, top + r))
        path.cubic(to: Point(r, top), control1: Point(0, top + r - k), control2: Point(r - k, top))
        path.close()
        guard placement == .above else { return path }
        return path.transformed(by: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: a + h))
    }
}
