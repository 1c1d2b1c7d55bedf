import Synchronization

/// The invalidation flag of one observation-tracked run of a view pass.
///
/// Each tracked run of `updateProperties()`, `layout()` or `draw(in:rect:)` creates a fresh token and
/// hands it to the `onChange` closure of `withObservationTracking`. Observation calls that closure at most
/// once, synchronously inside the setter (`willSet`) of the first observed property that changes, on
/// whichever thread performs the change. The closure only sets this flag — it never touches the view —
/// so it is safe on any thread, and it cannot act on the old value that `willSet` still shows.
///
/// The view holds the token of its latest run; a token that the view has dropped (because the pass ran
/// again) may still fire later, but nobody reads it any more, so stale registrations never invalidate a
/// pass that no longer reads the property.
final class PassInvalidation: Sendable {
    private let fired = Atomic<Bool>(false)

    init() {}

    /// Marks the run as out of date. Safe from any thread; idempotent.
    func fire() {
        fired.store(true, ordering: .releasing)
    }

    /// Whether a property that the run read has changed since.
    var hasFired: Bool {
        fired.load(ordering: .acquiring)
    }
}
