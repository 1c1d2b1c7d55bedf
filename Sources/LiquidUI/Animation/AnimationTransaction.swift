/// The animatable changes made while an animation block runs: for each layer property touched, the value
/// it presented before the block's first change to it.
@MainActor
final class AnimationTransaction {
    /// The open blocks, innermost last.
    private static var open: [AnimationTransaction] = []

    /// The innermost open block, if any.
    static var current: AnimationTransaction? { open.last }

    struct Change {
        let layer: Layer
        let before: LayerValue
    }

    /// What non-layer changes made in the block (glass) animate with; `nil` for a property animator's
    /// block (its progress drives layer properties only, so glass changes there show at once).
    let request: AnimationRequest?
    private(set) var changes: [Change] = []
    private var seen: Set<Key> = []

    private struct Key: Hashable {
        let layer: ObjectIdentifier
        let property: AnimatableProperty
    }

    /// A block animating with `timing` after `delay`, its completion held by `group`.
    init(timing: AnimationTiming, delay: Double, group: AnimationGroup) {
        request = AnimationRequest(timing: timing, delay: delay, group: group)
    }

    /// A property animator's block.
    init() {
        request = nil
    }

    /// Runs `body` with this transaction recording, then stops recording.
    func record(_ body: () -> Void) {
        Self.open.append(self)
        defer { Self.open.removeLast() }
        body()
    }

    /// Notes that `layer` is changing a property whose presented value was `before` (only the first change
    /// of each property counts).
    func note(_ layer: Layer, before: LayerValue) {
        guard seen.insert(Key(layer: ObjectIdentifier(layer), property: before.property)).inserted else { return }
        changes.append(Change(layer: layer, before: before))
    }
}

extension AnimationTransaction {
    /// A recorded change that will animate: the layer shows `before` again and moves to `target`.
    struct Move {
        let layer: Layer
        let before: LayerValue
        let target: LayerValue
        let from: AnimationVector
        let to: AnimationVector
        /// The velocity of the animation this one replaces (zero if none).
        let velocity: AnimationVector
        let engine: LayerAnimationEngine
    }

    /// Turns the recorded changes into moves. A change on a layer outside any run loop's tree, one that
    /// cannot be interpolated, or one that ends where it started keeps its new value at once; any
    /// animation it replaces ends as interrupted either way.
    func moves() -> [Move] {
        var result: [Move] = []
        for change in changes {
            let layer = change.layer
            let property = change.before.property
            let target = layer.value(of: property)
            let previous = layer.animationTracks[property]
            previous?.end(interrupted: true)
            guard let engine = layer.hostingRunLoop?.layerAnimations,
                  let (from, to) = LayerValue.vectors(from: change.before, to: target), from != to
            else { continue }
            layer.present(change.before)
            result.append(Move(layer: layer, before: change.before, target: target, from: from, to: to,
                               velocity: previous?.velocity ?? .zero, engine: engine))
        }
        return result
    }
}
