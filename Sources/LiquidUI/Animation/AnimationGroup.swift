/// The property animations one animation block started, and the completion that runs once when the last
/// of them ends: with `true` when every one reached its end, `false` when any was interrupted.
@MainActor
final class AnimationGroup {
    private var running = 0
    private var interrupted = false
    private var completion: (@MainActor (Bool) -> Void)?

    init(completion: (@MainActor (Bool) -> Void)?) {
        self.completion = completion
    }

    /// One more property animation belongs to the group.
    func join() {
        running += 1
    }

    /// One property animation ended; the completion runs when it was the last.
    func leave(interrupted wasInterrupted: Bool) {
        interrupted = interrupted || wasInterrupted
        running -= 1
        if running == 0 { finish() }
    }

    /// Runs the completion now if nothing joined (a block that changed nothing animatable).
    func finishIfEmpty() {
        if running == 0 { finish() }
    }

    private func finish() {
        guard let body = completion else { return }
        completion = nil
        body(!interrupted)
    }
}
