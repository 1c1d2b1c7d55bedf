/// The layer properties an animation can move. Every one of them is drawn from the layer's stored value,
/// so an animation moves a property by writing its presented value there once per frame.
package enum AnimatableProperty: Hashable, Sendable, CaseIterable {
    case frame
    case transform
    case anchorPoint
    case opacity
    case cornerRadii
    case backgroundColor
    /// The numeric parameters of the filters (blur σ, thresholds, saturation, threshold colours), when the
    /// old and new filter lists have the same kinds in the same order.
    case filters
}

extension AnimatableProperty {
    /// Whether the property's first two numbers are a position (x, y): a frame's origin, a transform's
    /// translation, an anchor point. A per-axis spring velocity applies to these.
    var isPositioned: Bool {
        switch self {
        case .frame, .transform, .anchorPoint: true
        case .opacity, .cornerRadii, .backgroundColor, .filters: false
        }
    }
}
