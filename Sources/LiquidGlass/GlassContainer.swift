import LiquidGeometry
import LiquidRaster

/// A group of glass elements rendered together: one material, one backdrop sample, and neighbours that
/// merge like water droplets.
///
/// - Children whose outlines are closer than ``spacing`` points (transitively) form one surface: their
///   fields are merged with `SmoothUnion` (k = `SmoothUnion.blendRadius(forSpacing:)`), so the surface has
///   one continuous rim and one refraction field. Spacing 0 batches without merging (each child is its own
///   surface; later children draw over earlier ones).
/// - Children with the same ``GlassElement/unionID`` always form one surface: their group's blend radius is
///   raised to 3× the largest gap needed to connect them (a gap g bridges when k > 2g), so they join.
/// - The backdrop is frosted once for the whole container (see ``render(over:into:)``).
public struct GlassContainer: Hashable, Sendable {
    /// Merge distance in points (0 = no merging).
    public var spacing: Double
    /// The pieces of glass, back to front.
    public var children: [GlassElement]
    /// The one appearance all children share.
    public var material: GlassMaterial
    /// The container's own rectangle and corner radii (points), for `.containerConcentric` corners.
    public var frame: Rect?
    /// The corner radii of ``frame``, in points.
    public var frameCornerRadii: CornerRadii
    /// The accessibility modes the glass is drawn in.
    public var accessibility: GlassAccessibility
    /// Materialize progress: 0 = no glass (the destination is left untouched), 1 = full glass. Blur σ,
    /// saturation, refraction, shadow and opacity all ramp with it.
    public var materialize: Double

    /// A container of `children` in `material`; spacing 0 (no merging), no frame, full glass by default.
    public init(spacing: Double = 0, material: GlassMaterial = .regular, children: [GlassElement] = [],
                frame: Rect? = nil, frameCornerRadii: CornerRadii = .zero,
                accessibility: GlassAccessibility = [], materialize: Double = 1) {
        self.spacing = spacing
        self.children = children
        self.material = material
        self.frame = frame
        self.frameCornerRadii = frameCornerRadii
        self.accessibility = accessibility
        self.materialize = materialize
    }

    /// The container's rect and radii for corner resolution, when it has a frame.
    package var concentricReference: (rect: Rect, radii: CornerRadii)? {
        frame.map { ($0.standardized, frameCornerRadii) }
    }

    /// Each child's outline as rendered (points): corners resolved against ``frame``, then interaction
    /// (press scale, drag stretch; reduce motion clamps and disables them as documented).
    package func renderedShapes() -> [SignedDistanceShape] {
        let reference = concentricReference
        let reduceMotion = accessibility.contains(.reduceMotion)
        return children.map { $0.renderedShape(in: reference, reduceMotion: reduceMotion) }
    }

    /// The surfaces this container renders: groups of child indices (ascending), ordered by their first
    /// child. Children closer than ``spacing`` share a group (via `ShapeClusters`), and so do children with
    /// the same union id.
    package func surfaces() -> [[Int]] {
        let shapes = renderedShapes()
        guard !shapes.isEmpty else { return [] }
        var parent = Array(shapes.indices)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        func join(_ a: Int, _ b: Int) {
            let ra = find(a), rb = find(b)
            if ra != rb { parent[Swift.max(ra, rb)] = Swift.min(ra, rb) }
        }
        for cluster in ShapeClusters.clusters(of: shapes, spacing: Swift.max(0, spacing)) {
            for i in cluster.dropFirst() { join(cluster[0], i) }
        }
        var firstWithUnion: [String: Int] = [:]
        for (i, child) in children.enumerated() {
            guard let id = child.unionID else { continue }
            if let first = firstWithUnion[id] { join(first, i) } else { firstWithUnion[id] = i }
        }
        var groups: [Int: [Int]] = [:]
        for i in shapes.indices { groups[find(i), default: []].append(i) }
        return groups.keys.sorted().map { groups[$0]! }
    }

    /// The smooth-union radius (points) used for the surface made of `members` (indices into children).
    package func blendRadius(forSurface members: [Int]) -> Double {
        var k = SmoothUnion.blendRadius(forSpacing: Swift.max(0, spacing))
        guard members.count > 1 else { return k }
        let shapes = renderedShapes()
        var byUnion: [String: [Int]] = [:]
        for i in members { if let id = children[i].unionID { byUnion[id, default: []].append(i) } }
        for (_, group) in byUnion where group.count > 1 {
            k = Swift.max(k, 3 * Self.connectingGap(group.map { shapes[$0] }))
        }
        return k
    }

    /// The largest gap a minimum spanning tree over `shapes` needs (Kruskal on pairwise gaps): the
    /// smallest g such that joining every pair closer than or at g connects them all.
    static func connectingGap(_ shapes: [SignedDistanceShape]) -> Double {
        var pairs: [(Double, Int, Int)] = []
        for i in shapes.indices { for j in shapes.indices where j > i { pairs.append((shapes[i].gap(to: shapes[j]), i, j)) } }
        pairs.sort { $0.0 < $1.0 }
        var parent = Array(shapes.indices)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { i = parent[i] }; return i }
        var joined = 1
        for (gap, i, j) in pairs {
            let a = find(i), b = find(j)
            guard a != b else { continue }
            parent[a] = b
            joined += 1
            if joined == shapes.count { return gap }
        }
        return 0
    }

    /// The same container after checking its numbers and its material and interactions.
    /// - Throws: `LiquidError` (`.outOfRange`) naming the first bad value.
    public func validated() throws(LiquidError) -> GlassContainer {
        guard spacing.isFinite, spacing >= 0 else { throw .invalidParameter("spacing \(spacing) must be finite and ≥ 0") }
        guard materialize.isFinite else { throw .invalidParameter("materialize \(materialize) must be finite") }
        _ = try material.validated()
        for (i, child) in children.enumerated() {
            do { _ = try child.interaction.validated() } catch {
                throw .invalidParameter("child \(i): \(error.description)")
            }
            let shape = child.resolvedShape(in: concentricReference)
            let b = shape.bounds
            guard b.isFinite else { throw .invalidParameter("child \(i): shape \(shape) is not finite") }
        }
        if let frame, !frame.isFinite { throw .invalidParameter("frame \(frame) must be finite") }
        guard (try? frameCornerRadii.validated()) != nil else {
            throw .invalidParameter("frame corner radii \(frameCornerRadii) must be finite and ≥ 0")
        }
        return self
    }

    /// Renders the container over `backdrop` into `destination` (same size and scale; it usually starts as
    /// a copy of the backdrop). Pixels outside the glass and its shadow are left untouched.
    ///
    /// Guarantees: the result is a pure function of the container, the backdrop and the destination's
    /// prior pixels — earlier calls never change it; materialize 0 and the `identity` style leave the
    /// destination untouched byte for byte.
    ///
    /// Cost: the backdrop region under the container (plus a margin for the blur and refraction) is frosted
    /// once; the merged field is evaluated only in 16×16 tiles that touch a surface's edge band; flat
    /// interiors are row copies of the frost (plus tint); the shadow is analytic.
    /// - Throws: `LiquidError` (`.outOfRange`) when the pixmaps differ in size or scale;
    ///   `LiquidError` (`.outOfRange`) as ``validated()``.
    public func render(over backdrop: Pixmap, into destination: inout Pixmap) throws(LiquidError) {
        try render(over: backdrop, into: &destination, cache: nil, backdropRevision: 0)
    }

    /// ``render(over:into:)`` with a frost cache: the frosted backdrop is taken from `cache` when
    /// `backdropRevision` and the covered region match an earlier call, which never changes the result.
    /// With `perPixel` every glass pixel is painted one at a time (no eight-pixel paths, no cached bakes):
    /// the reference those paths are tested against; the bytes are the same either way.
    package func render(over backdrop: Pixmap, into destination: inout Pixmap, cache: BackdropCache?,
                        backdropRevision: UInt64, perPixel: Bool = false) throws(LiquidError) {
        guard backdrop.width == destination.width, backdrop.height == destination.height,
              backdrop.scale == destination.scale else {
            throw .sizeMismatch("backdrop \(backdrop.width)×\(backdrop.height)@\(backdrop.scale)x, destination "
                + "\(destination.width)×\(destination.height)@\(destination.scale)x")
        }
        let container = try validated()
        var renderer = GlassRenderer(container: container, width: backdrop.width, height: backdrop.height,
                                     scale: backdrop.scale)
        renderer.perPixel = perPixel
        renderer.render(over: backdrop, into: &destination, cache: cache, revision: backdropRevision)
    }

    /// The frosted backdrop this container's glass samples (for inspection and tests): the backdrop region
    /// it covers, blurred and saturated exactly as ``render(over:into:)`` does (before
    /// the wash and tint), with that region's origin. Only the row bands around the surfaces (every row the
    /// glass can sample, plus the blur's reach) are blurred; rows between them keep the plain backdrop. `nil` when nothing would be frosted (no visible glass, or an opaque
    /// accessibility mode).
    package func frostedBackdrop(over backdrop: Pixmap) throws(LiquidError) -> (pixmap: Pixmap, origin: (x: Int, y: Int))? {
        let container = try validated()
        let renderer = GlassRenderer(container: container, width: backdrop.width, height: backdrop.height,
                                     scale: backdrop.scale)
        guard let frost = renderer.frost(over: backdrop, cache: nil, revision: 0) else { return nil }
        var pixmap = frost.pixmap
        let tone = GlassTone(saturation: renderer.saturation, overlay: PackedBlend.Overlay(red: 0, green: 0, blue: 0, alpha: 0))
        if tone.saturates {
            pixmap.withMutableView { view in
                for y in 0..<view.height {
                    let row = UnsafeMutableRawPointer(view.row(y))
                    for x in 0..<view.width {
                        let p = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        row.storeBytes(of: tone.saturate(p), toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
            }
        }
        return (pixmap, (frost.region.x, frost.region.y))
    }
}
