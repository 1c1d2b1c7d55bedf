/// Whether one pass of one view must run again: requested by hand (`setNeeds…`) or by an observed change.
///
/// Main-actor confined (it lives in a ``View``); only the tokens' flags are written from other threads.
struct PassState {
    /// Set by `setNeeds…`, cleared when the pass runs. Starts `true` so every view runs each pass once.
    var requested = true
    /// The observation tokens of the runs whose reads still count (see ``PassInvalidation``).
    var observations: [PassInvalidation] = []

    /// Whether the pass is due.
    var isNeeded: Bool {
        requested || observations.contains { $0.hasFired }
    }

    /// Forgets the request and every earlier registration, as the pass starts a new run.
    mutating func begin() {
        requested = false
        observations.removeAll(keepingCapacity: true)
    }
}
