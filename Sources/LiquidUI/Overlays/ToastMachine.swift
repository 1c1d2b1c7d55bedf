/// The toast's state machine: every (state, event) pair and what it does, spelled out.
///
/// | state \ event | `show(m)` | `loading(m)` | `hide` | `timeout` |
/// |---|---|---|---|---|
/// | hidden | present icon(m) | present loading(m) | ignored | ignored |
/// | icon(c) | ignored if m == c, else update to icon(m) | update to loading(m) | dismiss | dismiss if c is an error, else ignored |
/// | loading(c) | update to icon(m) | ignored if m == c, else update to loading(m) | dismiss | ignored |
///
/// *Present* slides the toast in, *update* changes what it shows where it is (its width follows), and
/// *dismiss* slides it out. An event that would lead to the state already shown is ignored.
public struct ToastMachine: Hashable, Sendable {
    /// What can happen to a toast.
    public enum Event: Hashable, Sendable {
        /// Show a message with an icon.
        case show(ToastState.Icon, title: String, subtitle: String)
        /// Show a message with a spinner.
        case loading(title: String, subtitle: String)
        /// Hide the toast.
        case hide
        /// An error toast's time is up (sent by the toast's own clock).
        case timeout
    }

    /// What a transition does on screen.
    public enum Effect: String, Hashable, Sendable {
        /// Nothing changes.
        case ignored
        /// The toast slides in showing the new state.
        case present
        /// The toast stays and shows the new state.
        case update
        /// The toast slides out.
        case dismiss
    }

    /// One step of the machine.
    public struct Transition: Hashable, Sendable {
        /// The state before.
        public var from: ToastState
        /// The event.
        public var event: Event
        /// The state after.
        public var to: ToastState
        /// What it does on screen.
        public var effect: Effect
    }

    /// The current state (hidden at first).
    public private(set) var state: ToastState = .hidden

    /// A machine in the hidden state.
    public init() {}

    /// What `event` would do from `state`, without doing it (the table in the type's overview).
    public static func transition(from state: ToastState, on event: Event) -> Transition {
        func make(_ to: ToastState, _ effect: Effect) -> Transition {
            Transition(from: state, event: event, to: to, effect: effect)
        }
        switch (state, event) {
        case (.hidden, .show(let icon, let title, let subtitle)):
            return make(.icon(icon, title: title, subtitle: subtitle), .present)
        case (.hidden, .loading(let title, let subtitle)):
            return make(.loading(title: title, subtitle: subtitle), .present)
        case (.hidden, .hide), (.hidden, .timeout):
            return make(.hidden, .ignored)
        case (.icon, .show(let icon, let title, let subtitle)):
            let next = ToastState.icon(icon, title: title, subtitle: subtitle)
            return next == state ? make(state, .ignored) : make(next, .update)
        case (.icon, .loading(let title, let subtitle)):
            return make(.loading(title: title, subtitle: subtitle), .update)
        case (.icon, .hide):
            return make(.hidden, .dismiss)
        case (.icon(let icon, _, _), .timeout):
            return icon == .error ? make(.hidden, .dismiss) : make(state, .ignored)
        case (.loading, .show(let icon, let title, let subtitle)):
            return make(.icon(icon, title: title, subtitle: subtitle), .update)
        case (.loading, .loading(let title, let subtitle)):
            let next = ToastState.loading(title: title, subtitle: subtitle)
            return next == state ? make(state, .ignored) : make(next, .update)
        case (.loading, .hide):
            return make(.hidden, .dismiss)
        case (.loading, .timeout):
            return make(state, .ignored)
        }
    }

    /// Applies `event` and returns the transition taken.
    @discardableResult
    public mutating func handle(_ event: Event) -> Transition {
        let transition = Self.transition(from: state, on: event)
        state = transition.to
        return transition
    }
}
