/// Where one live touch goes: the view it began on and the recognizers that saw it begin.
@MainActor
struct TouchBinding {
    /// The hit-test target of the touch's first sample.
    let view: View
    /// The enabled recognizers of the view and its ancestors when the touch began, innermost first.
    let recognizers: [GestureRecognizer]
    /// The touch's first sample (identifies this touch even when its id is reused later).
    let beganTouch: Touch
    /// Whether the view has received the touch at all (it does not if a recognizer took it on touch down).
    var viewReceivedTouch = false
    /// Whether a recognizer took the touch away from the view.
    var viewCancelled = false

    /// Whether a recognizer that cancels touches in its view has recognized this touch.
    var isTakenOver: Bool {
        recognizers.contains { $0.cancelsTouchesInView && $0.state.isRecognized && $0.claims(beganTouch) }
    }
}
