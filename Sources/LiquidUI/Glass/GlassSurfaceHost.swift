import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// Renders the glass of one owner view (a standalone ``GlassEffectView`` or a ``GlassContainerView``) through
/// one backdrop layer: it turns the owner's items into ``GlassContainer``s (one per material, so equal
/// glass merges and shares one appearance), morphs between layouts by identity, and installs a
/// ``GlassBackdrop`` on ``layer`` only when what it describes changed.
///
/// The layer covers the owner's bounds and every piece of glass, grown by room for the shadow, the press
/// growth and the drag stretch, snapped to an 8 pt grid so that small motions keep the same layer (and so
/// the same backdrop sample and frost).
@MainActor
final class GlassSurfaceHost {
    /// The layer carrying the glass; the owner keeps it beneath its content.
    let layer = Layer()
    /// Cache and revision shared by every frame's effect.
    let state = GlassBackdropState()

    /// Items as last shown (after the morph), in the owner's coordinates.
    private(set) var displayed: [GlassSurfaceItem] = []
    private var targets: [GlassSurfaceItem] = []
    private var morphSource: [GlassSurfaceItem] = []
    private var morph = AnimatedValue(1.0)
    private var installed: GlassBackdrop?

    init(name: String) {
        layer.name = name
    }

    /// Whether a morph is running.
    var isMorphing: Bool { !morph.isSettled }

    /// The morph's progress (1 when none runs).
    var morphProgress: Double { morph.value }

    /// Replaces the items. With an `animation` (and the owner's run loop), a change of geometry morphs from
    /// what is shown now to the new items; otherwise the new geometry shows at once (a running morph keeps
    /// running toward the new items).
    func setItems(_ items: [GlassSurfaceItem], animation: AnimationRequest?, runLoop: UIRunLoop?) {
        let changed = items.count != targets.count || zip(items, targets).contains { !$0.hasSameGeometry(as: $1) }
        if changed, let animation, let runLoop {
            morphSource = displayed
            morph.jump(to: 0)
            animation.start(&morph, to: 1, on: runLoop)
        }
        targets = items
        if morph.isSettled { morphSource = [] }
    }

    /// Moves what is shown (and a running morph's source) by `offset`: the owner moved by −`offset`, and
    /// the morph should start from where the glass was on screen.
    func shiftShown(by offset: Vector2) {
        displayed = displayed.map { $0.shifted(by: offset) }
        morphSource = morphSource.map { $0.shifted(by: offset) }
    }

    /// Advances the morph to `time`.
    func advance(to time: Double) {
        morph.advance(to: time)
        if morph.isSettled { morphSource = [] }
    }

    /// Builds the glass for the current items and installs it if it differs from what is installed.
    /// - Parameters:
    ///   - bounds: the owner's bounds.
    ///   - reference: the rect and radii that container-concentric corners follow (owner coordinates).
    ///   - spacing: merge distance.
    ///   - accessibility: applied to every piece (with each item's own).
    ///   - materialize: 0…1 for all of the glass.
    func build(bounds: Rect, reference: (rect: Rect, radii: CornerRadii)?, spacing: Double,
               accessibility: GlassAccessibility, materialize: Double) {
        displayed = currentItems(reference: reference)
        guard materialize > 0, !displayed.isEmpty else {
            if installed != nil {
                installed = nil
                layer.backdrop = nil
            }
            return
        }
        // The layer: owner bounds ∪ glass, grown by room for shadow, growth and stretch, on an 8 pt grid.
        var extent = bounds
        var room = 0.0
        for item in displayed {
            let box = item.element.resolvedShape(in: reference).bounds
            extent = extent.union(box)
            let shadow = item.material.shadow
            let reach = 2.5 * shadow.radius + shadow.offset.length
            let growth = item.element.interaction.pressScale * 1.25 * Swift.max(box.width, box.height) / 2
            room = Swift.max(room, reach + item.element.interaction.maximumStretch + growth + 2)
        }
        let grid = 8.0
        let minX = ((extent.minX - room) / grid).rounded(.down) * grid
        let minY = ((extent.minY - room) / grid).rounded(.down) * grid
        let maxX = ((extent.maxX + room) / grid).rounded(.up) * grid
        let maxY = ((extent.maxY + room) / grid).rounded(.up) * grid
        let frame = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        if layer.frame != frame { layer.frame = frame }
        let shift = Vector2(-minX, -minY)

        // One container per material (first appearance order); accessibility joins the members'.
        var groups: [(material: GlassMaterial, a11y: GlassAccessibility, elements: [GlassElement])] = []
        var probes: [GlassBackdrop.ProbeRequest] = []
        for item in displayed {
            let moved = item.shifted(by: shift)
            if let probe = item.probe {
                probes.append(.init(probe: probe, rect: moved.element.resolvedShape(in: reference.map {
                    ($0.rect.offsetBy(dx: shift.x, dy: shift.y), $0.radii)
                }).bounds))
            }
            if let index = groups.firstIndex(where: { $0.material == item.material }) {
                groups[index].elements.append(moved.element)
                groups[index].a11y.formUnion(item.accessibility)
            } else {
                groups.append((item.material, item.accessibility, [moved.element]))
            }
        }
        let containers = groups.map { group in
            GlassContainer(spacing: spacing, material: group.material, children: group.elements,
                           frame: reference.map { $0.rect.offsetBy(dx: shift.x, dy: shift.y) },
                           frameCornerRadii: reference?.radii ?? .zero,
                           accessibility: accessibility.union(group.a11y), materialize: Swift.min(materialize, 1))
        }
        let effect = GlassBackdrop(containers: containers, sampleOutset: 0, state: state, probes: probes)
        if let installed, installed.isEquivalent(to: effect) { return }
        installed = effect
        layer.backdrop = effect
    }

    /// The items to show: the targets, or the morph between the source and the targets.
    private func currentItems(reference: (rect: Rect, radii: CornerRadii)?) -> [GlassSurfaceItem] {
        guard !morph.isSettled, !morphSource.isEmpty || !targets.isEmpty else { return targets }
        let elements = GlassMorph.elements(from: morphSource.map(\.element), to: targets.map(\.element),
                                           progress: morph.value, container: reference)
        var items: [GlassSurfaceItem] = []
        for (index, target) in targets.enumerated() {
            var item = target
            item.element = elements[index]
            items.append(item)
        }
        // Leftovers of the source that no target continues shrink away with their own look.
        let newIDs = Set(targets.compactMap(\.element.identity))
        let leftovers = morphSource.filter { $0.element.identity.map { !newIDs.contains($0) } ?? true }
        for (offset, source) in leftovers.enumerated() where targets.count + offset < elements.count {
            var item = source
            item.element = elements[targets.count + offset]
            item.probe = nil
            items.append(item)
        }
        return items
    }
}
