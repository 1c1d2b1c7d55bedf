import LiquidGeometry
import LiquidGlass

/// One piece of glass handed to a ``GlassSurfaceHost``: its element (in the host owner's coordinates, with
/// an identity for morphing), its material, accessibility and the probe that wants the colour beneath it.
struct GlassSurfaceItem {
    var element: GlassElement
    var material: GlassMaterial
    var accessibility: GlassAccessibility
    var probe: GlassBackdropProbe?

    /// Whether two items have the same outline description (shape, union and identity), ignoring touch
    /// state, material and probes — what a morph animates between.
    func hasSameGeometry(as other: GlassSurfaceItem) -> Bool {
        element.shape == other.element.shape && element.unionID == other.element.unionID
            && element.identity == other.element.identity
    }

    /// The item moved by `offset` (shape, touch point).
    func shifted(by offset: Vector2) -> GlassSurfaceItem {
        guard offset != .zero else { return self }
        var item = self
        switch element.shape {
        case .signedDistance(let shape):
            item.element.shape = .signedDistance(Self.shift(shape, offset))
        case .rect(let rect, let corners, let continuous):
            item.element.shape = .rect(rect.offsetBy(dx: offset.x, dy: offset.y), corners: corners, continuous: continuous)
        }
        item.element.interaction.touchPoint = element.interaction.touchPoint.map { $0 + offset }
        return item
    }

    static func shift(_ shape: SignedDistanceShape, _ offset: Vector2) -> SignedDistanceShape {
        switch shape {
        case .circle(let center, let radius): return .circle(center: center + offset, radius: radius)
        case .roundedRect(let rect, let radii, let continuous):
            return .roundedRect(rect.offsetBy(dx: offset.x, dy: offset.y), radii, continuous: continuous)
        }
    }
}
