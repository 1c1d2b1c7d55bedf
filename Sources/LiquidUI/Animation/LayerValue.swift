import LiquidGeometry
import LiquidRaster

/// The exact value of one animatable layer property: what an animation starts from and lands on.
@MainActor
package enum LayerValue {
    case frame(Rect)
    case transform(AffineTransform)
    case anchorPoint(Point)
    case opacity(Double)
    case cornerRadii(CornerRadii)
    case backgroundColor(RGBA?)
    case filters([LayerFilter])

    package var property: AnimatableProperty {
        switch self {
        case .frame: .frame
        case .transform: .transform
        case .anchorPoint: .anchorPoint
        case .opacity: .opacity
        case .cornerRadii: .cornerRadii
        case .backgroundColor: .backgroundColor
        case .filters: .filters
        }
    }

    /// The start and end of a move between two values of one property as vectors of the same shape, or
    /// `nil` when they cannot be interpolated (a non-finite number; filter lists whose kinds, matrices or
    /// masks differ, or with more than eight numbers) — such a change jumps.
    ///
    /// A missing background colour stands for the other colour at alpha 0, so a colour fades in or out
    /// instead of passing through black. A transform's end rotation is moved by whole turns to within
    /// half a turn of its start, so a rotation animates the short way round.
    package static func vectors(from start: LayerValue, to end: LayerValue) -> (from: AnimationVector, to: AnimationVector)? {
        let pair: (AnimationVector, AnimationVector)?
        switch (start, end) {
        case let (.frame(a), .frame(b)):
            pair = (vector(a), vector(b))
        case let (.transform(a), .transform(b)):
            var from = a.decomposed, to = b.decomposed
            let turn = 2 * Double.pi
            to.rotation += turn * ((from.rotation - to.rotation) / turn).rounded()
            if from.scaleX == 0 { from.rotation = to.rotation }
            pair = (vector(from), vector(to))
        case let (.anchorPoint(a), .anchorPoint(b)):
            pair = (AnimationVector([a.x, a.y]), AnimationVector([b.x, b.y]))
        case let (.opacity(a), .opacity(b)):
            pair = (AnimationVector([a]), AnimationVector([b]))
        case let (.cornerRadii(a), .cornerRadii(b)):
            pair = (vector(a), vector(b))
        case let (.backgroundColor(a), .backgroundColor(b)):
            guard let from = a ?? b?.withAlpha(0), let to = b ?? a?.withAlpha(0) else { return nil }
            pair = (vector(from), vector(to))
        case let (.filters(a), .filters(b)):
            guard let from = FilterParameters(a), let to = FilterParameters(b), from.hasSameKinds(as: to) else {
                return nil
            }
            pair = (AnimationVector(from.numbers), AnimationVector(to.numbers))
        default:
            return nil
        }
        guard let pair, pair.0.isFinite, pair.1.isFinite else { return nil }
        return pair
    }

    /// The value `vector` stands for, shaped like `template` (the end value of the move it belongs to).
    package static func value(_ vector: AnimationVector, like template: LayerValue) -> LayerValue {
        let v = vector.lanes
        switch template {
        case .frame:
            return .frame(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .transform:
            let parts = AffineTransform.Decomposed(translation: Vector2(v[0], v[1]), rotation: v[2], scaleX: v[3],
                                                   scaleY: v[4], shear: v[5])
            return .transform(parts.composed)
        case .anchorPoint:
            return .anchorPoint(Point(v[0], v[1]))
        case .opacity:
            return .opacity(v[0])
        case .cornerRadii:
            return .cornerRadii(CornerRadii(topLeft: v[0], topRight: v[1], bottomRight: v[2], bottomLeft: v[3]))
        case .backgroundColor:
            return .backgroundColor(RGBA(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        case .filters(let filters):
            guard let shape = FilterParameters(filters) else { return template }
            let numbers = (0..<shape.numbers.count).map { v[$0] }
            return .filters(shape.filters(with: numbers))
        }
    }

    private static func vector(_ r: Rect) -> AnimationVector {
        AnimationVector([r.origin.x, r.origin.y, r.size.width, r.size.height])
    }

    private static func vector(_ t: AffineTransform.Decomposed) -> AnimationVector {
        AnimationVector([t.translation.x, t.translation.y, t.rotation, t.scaleX, t.scaleY, t.shear])
    }

    private static func vector(_ c: CornerRadii) -> AnimationVector {
        AnimationVector([c.topLeft, c.topRight, c.bottomRight, c.bottomLeft])
    }

    private static func vector(_ c: RGBA) -> AnimationVector {
        AnimationVector([c.red, c.green, c.blue, c.alpha])
    }
}

extension Layer {
    /// The stored (presented) value of `property`.
    package func value(of property: AnimatableProperty) -> LayerValue {
        switch property {
        case .frame: .frame(frame)
        case .transform: .transform(transform)
        case .anchorPoint: .anchorPoint(anchorPoint)
        case .opacity: .opacity(opacity)
        case .cornerRadii: .cornerRadii(cornerRadii)
        case .backgroundColor: .backgroundColor(backgroundColor)
        case .filters: .filters(filters)
        }
    }

    /// Stores `value` as an animation's presented value: it is drawn like any other change, but it
    /// neither interrupts the property's animation nor is recorded by an enclosing animation block.
    package func present(_ value: LayerValue) {
        let previous = Layer.isPresenting
        Layer.isPresenting = true
        defer { Layer.isPresenting = previous }
        switch value {
        case .frame(let v): frame = v
        case .transform(let v): transform = v
        case .anchorPoint(let v): anchorPoint = v
        case .opacity(let v): opacity = v
        case .cornerRadii(let v): cornerRadii = v
        case .backgroundColor(let v): backgroundColor = v
        case .filters(let v): filters = v
        }
    }
}

extension Layer {
    /// Stops the animation of `property`, if any, where it is presented now (it ends as interrupted). Unlike
    /// setting the property, this also stops an animation whose presented value is the one that would be
    /// set — the way to catch a moving layer exactly where it is shown.
    package func stopAnimation(of property: AnimatableProperty) {
        animationTracks[property]?.end(interrupted: true)
    }
}

extension Layer {
    /// Whether the property being stored is an animation's presented value (see ``present(_:)``).
    static var isPresenting = false

    /// Called by every animatable property's setter after a change: inside an animation block the change
    /// is recorded (with the value presented before it); outside one it ends the property's animation,
    /// which the new value replaces.
    func animatableDidChange(from old: LayerValue) {
        guard !Layer.isPresenting else { return }
        if let transaction = AnimationTransaction.current {
            transaction.note(self, before: old)
        } else if let track = animationTracks[old.property] {
            track.end(interrupted: true)
        }
    }
}
