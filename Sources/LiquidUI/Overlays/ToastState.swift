/// What a toast shows: nothing, a message with an icon, or a message with a spinner.
public enum ToastState: Hashable, Sendable {
    /// The icon a toast's message carries.
    public enum Icon: String, Hashable, Sendable, CaseIterable {
        /// A tick in a green disc.
        case success
        /// A cross in a red disc; a toast showing it hides itself after its timeout.
        case error
        /// An "i" in a blue disc.
        case info
    }

    /// Off screen, above its top edge.
    case hidden
    /// A message with an icon.
    case icon(Icon, title: String, subtitle: String)
    /// A message with a spinning arc (work in progress).
    case loading(title: String, subtitle: String)

    /// `hidden`, `icon` or `loading`.
    public var name: String {
        switch self {
        case .hidden: "hidden"
        case .icon: "icon"
        case .loading: "loading"
        }
    }

    /// The title, empty when hidden.
    public var title: String {
        switch self {
        case .hidden: ""
        case .icon(_, let title, _), .loading(let title, _): title
        }
    }

    /// The subtitle, empty when hidden.
    public var subtitle: String {
        switch self {
        case .hidden: ""
        case .icon(_, _, let subtitle), .loading(_, let subtitle): subtitle
        }
    }
}
