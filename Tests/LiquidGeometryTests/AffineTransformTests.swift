import func Foundation.sin
import LiquidGeometry
import TestSupport
import Testing

@Suite("AffineTransform")
struct AffineTransformTests {
    func randomTransform(_ rng: inout SeededRandom) -> AffineTransform {
        AffineTransform(
            a: rng.uniform(-3...3), b: rng.uniform(-3...3), c: rng.uniform(-3...3), d: rng.uniform(-3...3),
            tx: rng.uniform(-100...100), ty: rng.uniform(-100...100))
    }

    func close(_ p: Point, _ q: Point, _ tolerance: Double) -> Bool {
        p.distance(to: q) <= tolerance
    }

    @Test("Concatenation applies the receiver first")
    func concatenationOrder() {
        let scale = AffineTransform(scale: 2)
        let move = AffineTransform(translationX: 10, y: 0)
        let p = Point(1, 1)
        #expect(scale.concatenating(move).apply(to: p) == Point(12, 2))
        #expect(move.concatenating(scale).apply(to: p) == Point(22, 2))
        #expect(AffineTransform.identity.concatenating(scale) == scale)
        #expect(scale.concatenating(.identity) == scale)
    }

    @Test("Concatenation equals applying one after the other, and is associative (seeded)")
    func concatenationProperty() {
        var rng = SeededRandom(seed: 0xAFF1)
        for _ in 0..<200 {
            let t = randomTransform(&rng), u = randomTransform(&rng), v = randomTransform(&rng)
            let p = rng.point(-50...50)
            #expect(close(t.concatenating(u).apply(to: p), u.apply(to: t.apply(to: p)), 1e-9))
            let left = t.concatenating(u).concatenating(v), right = t.concatenating(u.concatenating(v))
            #expect(close(left.apply(to: p), right.apply(to: p), 1e-8))
            #expect(isClose(t.concatenating(u).determinant, t.determinant * u.determinant, absolute: 1e-9, relative: 1e-9))
        }
    }

    @Test("Rotation turns +x toward +y and keeps lengths")
    func rotation() {
        let quarter = AffineTransform(rotationAngle: .pi / 2)
        #expect(close(quarter.apply(to: Point(1, 0)), Point(0, 1), 1e-15))
        #expect(close(quarter.apply(to: Point(0, 1)), Point(-1, 0), 1e-15))
        #expect(isClose(quarter.determinant, 1, absolute: 1e-15))
        var rng = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let angle = rng.uniform(-10...10)
            let r = AffineTransform(rotationAngle: angle)
            let v = rng.point(-10...10)
            #expect(isClose(r.apply(to: v).length, v.length, absolute: 1e-13))
            #expect(isClose(v.cross(r.apply(to: v)), v.lengthSquared * sin(angle), absolute: 1e-12))
        }
    }

    @Test("Directions ignore the translation; points do not")
    func directions() {
        let t = AffineTransform(a: 2, b: 0, c: 1, d: 3, tx: 5, ty: -7)
        #expect(t.apply(toDirection: Vector2(1, 1)) == Vector2(3, 3))
        #expect(t.apply(to: Point(1, 1)) == Point(8, -4))
        let p = Point(2, 5), q = Point(-1, 4)
        #expect(t.apply(to: p) - t.apply(to: q) == t.apply(toDirection: p - q))
        #expect(t.determinant == 6)
        #expect(AffineTransform(scaleX: 2, y: -3).determinant == -6)
    }

    @Test("Inverse round-trips points (seeded), scaled by the condition number")
    func inverseRoundTrip() throws {
        var rng = SeededRandom(seed: 0x1AB)
        var checked = 0
        for _ in 0..<300 {
            let t = randomTransform(&rng)
            guard abs(t.determinant) > 1e-3 else { continue }
            let inverse = try #require(t.inverted())
            let norm = abs(t.a) + abs(t.b) + abs(t.c) + abs(t.d)
            let condition = norm * norm / abs(t.determinant)
            for _ in 0..<5 {
                let p = rng.point(-100...100)
                #expect(close(inverse.apply(to: t.apply(to: p)), p, 1e-13 * condition * 300))
                #expect(close(t.apply(to: inverse.apply(to: p)), p, 1e-13 * condition * 300))
            }
            let product = t.concatenating(inverse)
            #expect(isClose(product.a, 1, absolute: 1e-12 * condition) && isClose(product.b, 0, absolute: 1e-12 * condition))
            #expect(isClose(product.tx, 0, absolute: 1e-10 * condition))
            checked += 1
        }
        #expect(checked > 250)
        let t = AffineTransform(translationX: 3, y: -4).concatenating(AffineTransform(scale: 2))
        #expect(t.inverted() == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: -3, ty: 4))
    }

    @Test("Singular and non-finite transforms have no inverse")
    func singular() {
        #expect(AffineTransform(scale: 0).inverted() == nil)
        #expect(AffineTransform(scaleX: 1, y: 0).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: 1e-200, b: 0, c: 0, d: 1e-200, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0).inverted() == nil)
    }

    @Test("Validation refuses NaN and infinite coefficients")
    func validation() throws {
        #expect(thrownKind { try AffineTransform(validatingA: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0) } == .nonFinite)
        #expect(thrownKind { try AffineTransform(validatingA: 1, b: 0, c: 0, d: 1, tx: 0, ty: -.infinity) } == .nonFinite)
        let t = try AffineTransform(validatingA: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(t.isIdentity && t.isFinite)
        do {
            _ = try AffineTransform(validatingA: 1, b: 0, c: .infinity, d: 1, tx: 0, ty: 0)
            Issue.record("expected a throw")
        } catch {
            #expect(error.description.contains("c"))
        }
    }

    @Test("A rectangle maps to the bounding box of its transformed corners")
    func rectImage() {
        let square = Rect(x: 0, y: 0, width: 1, height: 1)
        let image = AffineTransform(rotationAngle: .pi / 4).apply(to: square)
        let h = 0.5.squareRoot()
        #expect(isClose(image.minX, -h, absolute: 1e-15) && isClose(image.maxX, h, absolute: 1e-15))
        #expect(isClose(image.minY, 0, absolute: 1e-15) && isClose(image.maxY, 2 * h, absolute: 1e-15))
        let mirrored = AffineTransform(scaleX: -2, y: 1).apply(to: Rect(x: 1, y: 1, width: 2, height: 3))
        #expect(mirrored == Rect(x: -6, y: 1, width: 4, height: 3))
    }
}
