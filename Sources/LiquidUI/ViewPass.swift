/// The three per-frame passes of a ``View``, in the order the run loop runs them.
enum ViewPass: CaseIterable {
    case updateProperties
    case layout
    case display
}
