/// The shape of a rounded rectangle's corners.
public enum CornerStyle: Hashable, Sendable {
    /// Quarter circles of the corner radius.
    case circular
    /// Continuous ("squircle") corners: curvature-continuous, reaching 1.528 × the radius along each edge
    /// (see `Path.addContinuousRoundedRect(_:cornerRadii:)`).
    case continuous
}
