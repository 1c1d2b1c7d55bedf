/// How ``View/transition(with:_:timing:_:completion:)`` shows a view's content changing.
public enum ViewTransition: Hashable, Sendable {
    /// The old content fades out while the new content fades in.
    case crossDissolve
    /// The new content slides in from `edge` and pushes the old content out across the opposite edge,
    /// both clipped to the view's bounds.
    case push(from: Edge)

    /// A side of a view.
    public enum Edge: Hashable, Sendable, CaseIterable {
        case top, left, bottom, right
    }
}
