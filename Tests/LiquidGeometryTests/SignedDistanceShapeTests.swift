import LiquidGeometry
import Testing
import TestSupport

@Suite("Signed distance shapes")
struct SignedDistanceShapeTests {
    /// Flattening tolerance of the brute-force reference outlines.
    let flatness = 0.002

    /// Compares `distance(to:)` with the brute-force distance to the flattened `Path` of the same shape at
    /// random points in and around it; returns the largest error.
    func worstError(_ shape: SignedDistanceShape, _ random: inout SeededRandom, points: Int) throws -> Double {
        let outline = try referenceOutline(shape, tolerance: flatness)
        let allowed = flatness + pathArcError(shape) + 1e-9
        let b = shape.bounds.insetBy(dx: -30, dy: -30)
        var worst = 0.0
        for _ in 0..<points {
            let p = Point(random.uniform(b.minX...b.maxX), random.uniform(b.minY...b.maxY))
            let d = shape.distance(to: p)
            let reference = bruteSignedDistance(outline, p)
            // Within `allowed` of the outline the polygon test may disagree on the side; compare magnitudes.
            let error = abs(reference) > 2 * allowed ? abs(d - reference) : abs(abs(d) - abs(reference))
            worst = Swift.max(worst, error)
            #expect(error <= allowed, "\(shape) at \(p): \(d) vs brute force \(reference)")
        }
        return worst
    }

    @Test func circleIsExact() throws {
        var random = SeededRandom(seed: 1)
        for _ in 0..<10 {
            let shape = SignedDistanceShape.circle(center: random.point(-50...50), radius: random.uniform(0.5...80))
            _ = try worstError(shape, &random, points: 200)
        }
        let c = SignedDistanceShape.circle(center: Point(3, 4), radius: 2)
        #expect(c.distance(to: .zero) == 3)
        #expect(c.distance(to: Point(3, 4)) == -2)
    }

    @Test func sharpRectIsExact() throws {
        var random = SeededRandom(seed: 2)
        for _ in 0..<10 {
            let rect = Rect(x: random.uniform(-50...50), y: random.uniform(-50...50),
                            width: random.uniform(0.5...120), height: random.uniform(0.5...120))
            _ = try worstError(.rect(rect), &random, points: 200)
        }
        let r = SignedDistanceShape.rect(Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(r.distance(to: Point(13, 8)) == 5)  // corner: (3, 4)
        #expect(r.distance(to: Point(5, 1)) == -1)
        #expect(r.distance(to: Point(-2, 2)) == 2)
    }

    @Test func perCornerCircularRoundedRectIsExact() throws {
        var random = SeededRandom(seed: 3)
        var worst = 0.0
        for _ in 0..<40 {
            worst = Swift.max(worst, try worstError(random.roundedRectShape(continuous: false), &random, points: 150))
        }
        #expect(worst > 0)  // the reference is approximate, so it never matches to the last bit
    }

    @Test func capsuleAndNegativeSizeRect() throws {
        var random = SeededRandom(seed: 4)
        _ = try worstError(.capsule(Rect(x: 0, y: 0, width: 100, height: 30)), &random, points: 300)
        _ = try worstError(.capsule(Rect(x: 0, y: 0, width: 20, height: 70)), &random, points: 300)
        let flipped = SignedDistanceShape.roundedRect(Rect(x: 40, y: 30, width: -40, height: -30), radius: 8)
        let plain = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 8)
        for _ in 0..<100 {
            let p = random.point(-20...60)
            #expect(flipped.distance(to: p) == plain.distance(to: p))
        }
        // A square capsule is a circle.
        let disc = SignedDistanceShape.capsule(Rect(x: -5, y: -5, width: 10, height: 10))
        for _ in 0..<100 {
            let p = random.point(-20...20)
            #expect(isClose(disc.distance(to: p), p.length - 5, absolute: 1e-12))
        }
    }

    @Test func continuousCornersMatchThePathExactly() throws {
        var random = SeededRandom(seed: 5)
        for _ in 0..<40 {
            _ = try worstError(random.roundedRectShape(continuous: true), &random, points: 150)
        }
    }

    /// The zero set is the `Path+ContinuousCorners` outline: every flattened vertex lies on the Bézier curve,
    /// and the field vanishes there to within 10⁻⁹ of the corner extent.
    @Test func continuousZeroSetIsThePathOutline() throws {
        var random = SeededRandom(seed: 6)
        var worstRelative = 0.0
        for index in 0..<40 {
            let shape = index == 0
                ? SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 200, height: 100), radius: 20, continuous: true)
                : random.roundedRectShape(continuous: true)
            guard case .roundedRect(_, let radii, _) = shape else { continue }
            let outline = try referenceOutline(shape, tolerance: 0.0005)
            let scale = Swift.max(radii.maximum * Path.continuousCornerExtent, 1)
            for p in outline.points {
                let d = shape.distance(to: p)
                worstRelative = Swift.max(worstRelative, abs(d) / scale)
            }
        }
        #expect(worstRelative < 1e-9, "largest |d| on the outline relative to the extent: \(worstRelative)")
    }

    @Test func continuousCornerIsSquarerThanCircularOnTheDiagonalAndBendsEarlier() {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let continuous = SignedDistanceShape.roundedRect(rect, radius: 20, continuous: true)
        let circular = SignedDistanceShape.roundedRect(rect, radius: 20)
        // On the diagonal from the sharp corner the continuous outline is at 0.26·r, the circle at 0.293·r.
        let diagonal = Point(0.26 * 20, 0.26 * 20)
        #expect(abs(continuous.distance(to: diagonal)) < 1e-9 * 30)
        #expect(circular.distance(to: diagonal) > 0)
        // Along the top edge the continuous corner starts bending at 1.528·r, the circle at r.
        #expect(continuous.distance(to: Point(1.528 * 20 + 1e-6, 0)) == 0)
        #expect(continuous.distance(to: Point(25, 0)) > 0)
        #expect(circular.distance(to: Point(25, 0)) == 0)
    }

    @Test func gradientIsAUnitNormalMatchingFiniteDifferences() {
        var random = SeededRandom(seed: 7)
        var checked = 0
        for index in 0..<60 {
            let shape: SignedDistanceShape
            switch index % 3 {
            case 0: shape = .circle(center: random.point(-20...20), radius: random.uniform(1...50))
            case 1: shape = random.roundedRectShape(continuous: false)
            default: shape = random.roundedRectShape(continuous: true)
            }
            let b = shape.bounds.insetBy(dx: -20, dy: -20)
            for _ in 0..<100 {
                let p = Point(random.uniform(b.minX...b.maxX), random.uniform(b.minY...b.maxY))
                let g = shape.gradient(at: p)
                #expect(g.isFinite && abs(g.length - 1) < 1e-12)
                // Away from the medial axis (where the normal jumps) it is the gradient of the distance.
                let delta = 1e-3
                let nearby = [Vector2(delta, 0), Vector2(-delta, 0), Vector2(0, delta), Vector2(0, -delta)]
                guard nearby.allSatisfy({ shape.gradient(at: p + $0).distance(to: g) < 0.05 }) else { continue }
                let h = 1e-6
                let fx = (shape.distance(to: p + Vector2(h, 0)) - shape.distance(to: p - Vector2(h, 0))) / (2 * h)
                let fy = (shape.distance(to: p + Vector2(0, h)) - shape.distance(to: p - Vector2(0, h))) / (2 * h)
                #expect(Vector2(fx, fy).distance(to: g) < 1e-4, "\(shape) at \(p): \(g) vs (\(fx), \(fy))")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }

    @Test func gradientIsDefinedOnTheMedialAxisAndAtCentres() {
        let circle = SignedDistanceShape.circle(center: Point(1, 2), radius: 3)
        #expect(circle.gradient(at: Point(1, 2)) == Vector2(1, 0))
        let square = SignedDistanceShape.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.gradient(at: Point(5, 5)) == Vector2(-1, 0))
        let disc = SignedDistanceShape.capsule(Rect(x: 0, y: 0, width: 10, height: 10))
        let squircle = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 100, continuous: true)
        for shape in [disc, squircle] {
            for p in [Point(5, 5), Point(5, 2), Point(2, 5), Point(2, 2), Point(8, 8)] {
                let g = shape.gradient(at: p)
                #expect(g.isFinite && abs(g.length - 1) < 1e-12)
            }
        }
        // Points exactly on a circular corner's centre.
        let rounded = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), radius: 10)
        #expect(rounded.distance(to: Point(10, 10)) == -10)
        #expect(abs(rounded.gradient(at: Point(10, 10)).length - 1) < 1e-12)
    }

    @Test func boundsAreTight() {
        #expect(SignedDistanceShape.circle(center: Point(1, 2), radius: 3).bounds == Rect(x: -2, y: -1, width: 6, height: 6))
        let rect = Rect(x: 5, y: 6, width: 7, height: 8)
        #expect(SignedDistanceShape.roundedRect(rect, radius: 3, continuous: true).bounds == rect)
        #expect(SignedDistanceShape.rect(Rect(x: 12, y: 14, width: -7, height: -8)).bounds == rect)
    }

    // MARK: Gap

    @Test func gapBetweenCirclesIsExact() throws {
        var random = SeededRandom(seed: 8)
        for _ in 0..<30 {
            let a = SignedDistanceShape.circle(center: random.point(-50...50), radius: random.uniform(1...30))
            let b = SignedDistanceShape.circle(center: random.point(-50...50), radius: random.uniform(1...30))
            guard case .circle(let ca, let ra) = a, case .circle(let cb, let rb) = b else { continue }
            #expect(isClose(a.gap(to: b), Swift.max(0, ca.distance(to: cb) - ra - rb), absolute: 1e-12))
            #expect(a.gap(to: b) == b.gap(to: a))
        }
        let a = SignedDistanceShape.circle(center: .zero, radius: 1)
        #expect(a.gap(to: .circle(center: Point(3, 4), radius: 2)) == 2)
        #expect(a.gap(to: .circle(center: Point(1, 0), radius: 2)) == 0)
    }

    /// Circles against rects and rects against rects (circular or sharp corners), at random placements that
    /// keep the bounds apart (so the shapes do not overlap), against the brute-force distance between the
    /// flattened outlines.
    @Test func gapBetweenCircularShapesMatchesBruteForce() throws {
        var random = SeededRandom(seed: 9)
        var diagonal = 0
        for index in 0..<60 {
            let a: SignedDistanceShape = index % 3 == 0
                ? .circle(center: random.point(-20...20), radius: random.uniform(2...40))
                : random.roundedRectShape(continuous: false, origin: -20...20)
            var b: SignedDistanceShape = index % 4 == 0
                ? .circle(center: .zero, radius: random.uniform(2...40))
                : random.roundedRectShape(continuous: false, origin: 0...0)
            // Move b so that its bounds sit beyond a's to the right and/or below, by a random clearance.
            let ab = a.bounds, bb = b.bounds
            let beyondX = ab.maxX - bb.minX + random.uniform(0.1...30)
            let beyondY = ab.maxY - bb.minY + random.uniform(0.1...30)
            switch index % 3 {
            case 0: b = translated(b, beyondX, random.uniform(-80...80))
            case 1: b = translated(b, random.uniform(-80...80), beyondY)
            default: b = translated(b, beyondX, beyondY)
            }
            if b.bounds.minX > ab.maxX && b.bounds.minY > ab.maxY { diagonal += 1 }
            let brute = polylineGap(try referenceOutline(a, tolerance: flatness), try referenceOutline(b, tolerance: flatness))
            let allowed = flatness + pathArcError(a) + pathArcError(b) + 1e-9
            #expect(abs(a.gap(to: b) - brute) <= allowed, "\(a) – \(b): \(a.gap(to: b)) vs \(brute)")
            #expect(isClose(a.gap(to: b), b.gap(to: a), absolute: 1e-12))
        }
        #expect(diagonal > 5)
    }

    @Test func gapOfOverlappingShapesIsZero() {
        let a = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 50, height: 50), radius: 10)
        let b = SignedDistanceShape.roundedRect(Rect(x: 40, y: 40, width: 50, height: 50), radius: 10, continuous: true)
        let inner = SignedDistanceShape.rect(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(a.gap(to: b) == 0 && b.gap(to: a) == 0)
        #expect(a.gap(to: inner) == 0)
        #expect(a.gap(to: .circle(center: Point(25, 25), radius: 1)) == 0)
    }

    /// Continuous corners: a lower bound within 0.02126·(rA + rB) of the truth, exact across flat edges.
    @Test func gapWithContinuousCornersIsABoundedLowerBound() throws {
        var random = SeededRandom(seed: 10)
        for index in 0..<40 {
            let a = random.roundedRectShape(continuous: true, origin: -20...20)
            var b = index % 2 == 0
                ? random.roundedRectShape(continuous: true, origin: 0...0)
                : random.roundedRectShape(continuous: false, origin: 0...0)
            let ab = a.bounds, bb = b.bounds
            b = translated(b, ab.maxX - bb.minX + random.uniform(0.1...20), ab.maxY - bb.minY + random.uniform(-5...20))
            let brute = polylineGap(try referenceOutline(a, tolerance: flatness), try referenceOutline(b, tolerance: flatness))
            let slack = 0.02126 * (fittedContinuousRadius(a) + fittedContinuousRadius(b))
            let gap = a.gap(to: b)
            #expect(gap <= brute + flatness + pathArcError(b) + 1e-9, "\(a) – \(b): \(gap) vs \(brute)")
            #expect(gap >= brute - slack - flatness - 1e-9, "\(a) – \(b): \(gap) vs \(brute)")
        }
        // Facing flat edges: exact.
        let left = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: 20, continuous: true)
        let right = SignedDistanceShape.roundedRect(Rect(x: 107.5, y: 30, width: 100, height: 100), radius: 20, continuous: true)
        #expect(left.gap(to: right) == 7.5)
    }

    // MARK: Validation

    @Test func validatingConstructorsRejectNaNInfinityAndNegatives() {
        #expect(thrownKind { try SignedDistanceShape(validatingCircleCenter: Point(.nan, 0), radius: 1) } == .nonFinite)
        #expect(thrownKind { try SignedDistanceShape(validatingCircleCenter: .zero, radius: .infinity) } == .nonFinite)
        #expect(thrownKind { try SignedDistanceShape(validatingCircleCenter: .zero, radius: .nan) } == .nonFinite)
        #expect(thrownKind { try SignedDistanceShape(validatingCircleCenter: .zero, radius: -1) } == .negative)
        #expect(thrownKind { try SignedDistanceShape(validatingCircleCenter: .zero, radius: 0) } == nil)
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(thrownKind { try SignedDistanceShape(validatingRect: Rect(x: 0, y: 0, width: -1, height: 10)) } == .negative)
        #expect(thrownKind { try SignedDistanceShape(validatingRect: Rect(x: .infinity, y: 0, width: 1, height: 10)) } == .nonFinite)
        #expect(thrownKind { try SignedDistanceShape(validatingCapsule: Rect(x: 0, y: 0, width: 5, height: -10)) } == .negative)
        #expect(thrownKind { try SignedDistanceShape(validatingCapsule: Rect(x: 0, y: .nan, width: 5, height: 10)) } == .nonFinite)
        #expect(thrownKind {
            try SignedDistanceShape(validatingRoundedRect: rect, cornerRadii: CornerRadii(topLeft: 1, topRight: -2, bottomRight: 0, bottomLeft: 0))
        } == .negative)
        #expect(thrownKind {
            try SignedDistanceShape(validatingRoundedRect: rect, cornerRadii: CornerRadii(all: .nan), continuous: true)
        } == .nonFinite)
        #expect(thrownKind { try SignedDistanceShape(validatingRoundedRect: rect, cornerRadii: CornerRadii(all: 100)) } == nil)
        #expect(thrownKind { try SignedDistanceShape.circle(center: .zero, radius: -3).validated() } == .negative)
        let ok = try? SignedDistanceShape(validatingCapsule: Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(ok == .capsule(Rect(x: 0, y: 0, width: 30, height: 10)))
    }

    // MARK: Helpers

    func translated(_ shape: SignedDistanceShape, _ dx: Double, _ dy: Double) -> SignedDistanceShape {
        switch shape {
        case .circle(let c, let r): return .circle(center: c + Vector2(dx, dy), radius: r)
        case .roundedRect(let rect, let radii, let continuous):
            return .roundedRect(rect.offsetBy(dx: dx, dy: dy), radii, continuous: continuous)
        }
    }

    /// The largest continuous corner radius after fitting (0 for other shapes).
    func fittedContinuousRadius(_ shape: SignedDistanceShape) -> Double {
        guard case .roundedRect(let rect, let radii, true) = shape else { return 0 }
        return radii.scaled(by: Path.continuousCornerExtent).clamped(toFit: rect.size).maximum / Path.continuousCornerExtent
    }
}
