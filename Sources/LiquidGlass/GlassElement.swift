import LiquidGeometry

/// One piece of glass inside a ``GlassContainer``: a shape in points (container coordinates), an optional
/// union id and identity, and its touch state.
///
/// - Elements with the same ``unionID`` render as one surface whatever the container's spacing.
/// - ``identity`` names the element across states so that a morph can interpolate it between two layouts.
/// - The material is the container's: children share one appearance.
public struct GlassElement: Hashable, Sendable {
    /// How the element's outline is given.
    package enum Shape: Hashable, Sendable {
        /// A shape given directly.
        case signedDistance(SignedDistanceShape)
        /// A rectangle whose corner radii are resolved against the container with
        /// `CornerConfiguration.resolve(for:in:)` (so `.containerConcentric` follows the container's corners).
        case rect(Rect, corners: CornerConfiguration, continuous: Bool)
    }

    /// The outline.
    package var shape: Shape
    /// Elements sharing a union id merge into one surface regardless of spacing.
    public var unionID: String?
    /// A name that survives layout changes, for morphing.
    public var identity: String?
    /// The touch state (press, touch point, drag stretch).
    package var interaction: GlassInteraction

    /// An element of outline `shape`.
    package init(_ shape: SignedDistanceShape, unionID: String? = nil, identity: String? = nil,
                interaction: GlassInteraction = .idle) {
        self.shape = .signedDistance(shape)
        self.unionID = unionID
        self.identity = identity
        self.interaction = interaction
    }

    /// A rectangle whose corners follow `corners` (resolved against the container's frame, so
    /// `.containerConcentric` follows the container's corners), with continuous corners when `continuous`.
    public init(rect: Rect, corners: CornerConfiguration, continuous: Bool = false, unionID: String? = nil,
                identity: String? = nil) {
        self.init(rect: rect, corners: corners, continuous: continuous, unionID: unionID, identity: identity,
                  interaction: .idle)
    }

    /// A rectangle element in the touch state `interaction`.
    package init(rect: Rect, corners: CornerConfiguration, continuous: Bool = false, unionID: String? = nil,
                 identity: String? = nil, interaction: GlassInteraction) {
        self.shape = .rect(rect, corners: corners, continuous: continuous)
        self.unionID = unionID
        self.identity = identity
        self.interaction = interaction
    }

    /// The outline before interaction, with a `.rect` shape's corners resolved against `container` (the
    /// container's rectangle and radii, when it has one).
    package func resolvedShape(in container: (rect: Rect, radii: CornerRadii)? = nil) -> SignedDistanceShape {
        switch shape {
        case .signedDistance(let s):
            return s
        case .rect(let rect, let corners, let continuous):
            let r = rect.standardized
            return .roundedRect(r, corners.resolve(for: r, in: container), continuous: continuous)
        }
    }

    /// The outline as rendered: ``resolvedShape(in:)`` deformed by the interaction.
    package func renderedShape(in container: (rect: Rect, radii: CornerRadii)? = nil,
                              reduceMotion: Bool = false) -> SignedDistanceShape {
        interaction.apply(to: resolvedShape(in: container), reduceMotion: reduceMotion)
    }
}
