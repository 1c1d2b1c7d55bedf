/// How a shape chooses its corner radii, resolved against its own rectangle and, optionally, the
/// rectangle and radii of the container it sits in.
///
/// The cases do not check their payloads; ``validated()`` guarantees finite, non-negative values.
public enum CornerConfiguration: Hashable, Sendable {
    /// The same radius at every corner.
    case fixed(Double)
    /// Half the shorter side (a pill, or a circle for a square), capped at `maximumRadius` when given.
    case capsule(maximumRadius: Double?)
    /// The given radii.
    case perCorner(CornerRadii)
    /// Radii that keep each corner concentric with the container's matching corner, never below `minimum`.
    /// Without a container every corner gets `minimum`.
    case containerConcentric(minimum: Double)

    /// The same configuration, after checking its numbers.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite radius or minimum, and
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) for a negative one.
    public func validated() throws(LiquidError) -> CornerConfiguration {
        func check(_ value: Double, _ name: String) throws(LiquidError) {
            guard value.isFinite else { throw .nonFinite("\(name) \(value)") }
            guard value >= 0 else { throw .negative("\(name) \(value)") }
        }
        switch self {
        case .fixed(let radius): try check(radius, "corner radius")
        case .capsule(let maximum): if let maximum { try check(maximum, "capsule maximum radius") }
        case .perCorner(let radii): _ = try radii.validated()
        case .containerConcentric(let minimum): try check(minimum, "concentric minimum radius")
        }
        return self
    }

    /// The radii for a shape occupying `rect`, optionally inside `container`.
    ///
    /// - `.fixed(r)`: `r` at every corner.
    /// - `.capsule(maximumRadius: m)`: `min(width, height) / 2`, then `min` with `m` when `m` is given.
    /// - `.perCorner(radii)`: `radii`.
    /// - `.containerConcentric(minimum: m)`: for each corner,
    ///   `max(m, R − (dx + dy) / 2)`, where `R` is the container's radius at the same corner (after
    ///   clamping the container's radii to its own rectangle) and `dx`, `dy` are how far the shape's corner
    ///   sits inside the container's corner along x and along y (negative when outside). `(dx + dy) / 2` is
    ///   the corner-to-corner offset projected on the corner's inward diagonal, expressed per axis, which is
    ///   exactly the gap between the two arcs measured along that diagonal. So a shape inset by `d` on both
    ///   axes gets exactly `R − d`: its arc shares the container arc's centre. For unequal insets the shape's
    ///   arc centre sits on the line through the container's centre perpendicular to the diagonal. (The plain
    ///   Euclidean corner distance would give `R − d·√2` for a uniform inset, so it is not used.) Without a
    ///   container every corner gets `m`.
    ///
    /// Guarantee: the result is passed through ``CornerRadii/clamped(toFit:)`` for `rect`, so adjacent radii
    /// always fit their side, which may take a radius below a concentric `minimum` on a small shape.
    /// Inputs are trusted: validate the configuration with ``validated()`` at the edge.
    public func resolve(for rect: Rect, in container: (rect: Rect, radii: CornerRadii)? = nil) -> CornerRadii {
        let radii: CornerRadii
        switch self {
        case .fixed(let radius):
            radii = CornerRadii(all: radius)
        case .capsule(let maximum):
            let half = Swift.min(rect.width, rect.height) / 2
            radii = CornerRadii(all: maximum.map { Swift.min(half, $0) } ?? half)
        case .perCorner(let given):
            radii = given
        case .containerConcentric(let minimum):
            guard let container else {
                radii = CornerRadii(all: minimum)
                break
            }
            let outer = container.radii.clamped(toFit: container.rect.size)
            let c = container.rect
            let left = rect.minX - c.minX, right = c.maxX - rect.maxX
            let top = rect.minY - c.minY, bottom = c.maxY - rect.maxY
            func concentric(_ containerRadius: Double, _ dx: Double, _ dy: Double) -> Double {
                Swift.max(minimum, containerRadius - (dx + dy) / 2)
            }
            radii = CornerRadii(
                topLeft: concentric(outer.topLeft, left, top),
                topRight: concentric(outer.topRight, right, top),
                bottomRight: concentric(outer.bottomRight, right, bottom),
                bottomLeft: concentric(outer.bottomLeft, left, bottom))
        }
        return radii.clamped(toFit: rect.size)
    }
}
