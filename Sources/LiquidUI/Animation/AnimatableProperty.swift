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
