import LiquidGeometry
import TestSupport
import Testing

@Suite("CornerRadii and CornerConfiguration")
struct CornerTests {
    let container = Rect(x: 0, y: 0, width: 200, height: 100)

    @Test("CornerRadii validation names the corner and the problem")
    func radiiValidation() throws {
        #expect(thrownKind { try CornerRadii(validatingTopLeft: .nan, topRight: 0, bottomRight: 0, bottomLeft: 0) } == .nonFinite)
        #expect(thrownKind { try CornerRadii(validatingTopLeft: 0, topRight: .infinity, bottomRight: 0, bottomLeft: 0) } == .nonFinite)
        #expect(thrownKind { try CornerRadii(validatingTopLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: -1) } == .negative)
        do {
            _ = try CornerRadii(validatingTopLeft: 1, topRight: 1, bottomRight: -2, bottomLeft: 1)
            Issue.record("expected a throw")
        } catch {
            #expect(error == .negative("bottom-right corner radius -2.0"))
        }
        let ok = try CornerRadii(validatingTopLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 0)
        #expect(ok.maximum == 3 && !ok.isUniform && CornerRadii(all: 4).isUniform)
    }

    @Test("Radii exceeding a side scale down proportionally, like CSS border-radius")
    func clampExample() {
        let fitted = CornerRadii(all: 30).clamped(toFit: Size(width: 100, height: 40))
        #expect(fitted == CornerRadii(all: 20))
        // Top side: 80 + 40 = 120 > 60 → factor 0.5; left side: 80 + 0 = 80 ≤ 100.
        let uneven = CornerRadii(topLeft: 80, topRight: 40, bottomRight: 10, bottomLeft: 0)
        #expect(uneven.clamped(toFit: Size(width: 60, height: 100)) == CornerRadii(topLeft: 40, topRight: 20, bottomRight: 5, bottomLeft: 0))
        let fits = CornerRadii(topLeft: 10, topRight: 20, bottomRight: 5, bottomLeft: 1)
        #expect(fits.clamped(toFit: Size(width: 30, height: 25)) == fits)
        #expect(CornerRadii(all: 5).clamped(toFit: .zero) == .zero)
    }

    @Test("Clamped radii always fit and keep their ratios (seeded)")
    func clampProperty() {
        var rng = SeededRandom(seed: 0xC0C0)
        for _ in 0..<500 {
            let radii = CornerRadii(
                topLeft: rng.uniform(0...100), topRight: rng.uniform(0...100),
                bottomRight: rng.uniform(0...100), bottomLeft: rng.uniform(0...100))
            let size = Size(width: rng.uniform(0...150), height: rng.uniform(0...150))
            let c = radii.clamped(toFit: size)
            let slack = 1e-12 * 200
            #expect(c.topLeft + c.topRight <= size.width + slack)
            #expect(c.bottomLeft + c.bottomRight <= size.width + slack)
            #expect(c.topLeft + c.bottomLeft <= size.height + slack)
            #expect(c.topRight + c.bottomRight <= size.height + slack)
            // One common factor, and tight: some side is exactly full unless nothing needed scaling.
            let factor = radii.maximum > 0 ? c.maximum / radii.maximum : 1
            #expect(isClose(c.topLeft, radii.topLeft * factor, absolute: 1e-12, relative: 1e-12))
            #expect(isClose(c.bottomRight, radii.bottomRight * factor, absolute: 1e-12, relative: 1e-12))
            if factor < 1 {
                let fullest = Swift.max(
                    (c.topLeft + c.topRight) / size.width, (c.bottomLeft + c.bottomRight) / size.width,
                    (c.topLeft + c.bottomLeft) / size.height, (c.topRight + c.bottomRight) / size.height)
                #expect(isClose(fullest, 1, relative: 1e-12))
            }
        }
    }

    @Test("fixed and perCorner resolve to their radii, clamped to the shape")
    func fixedAndPerCorner() {
        let rect = Rect(x: 0, y: 0, width: 50, height: 30)
        #expect(CornerConfiguration.fixed(8).resolve(for: rect, in: nil) == CornerRadii(all: 8))
        #expect(CornerConfiguration.fixed(100).resolve(for: rect, in: nil) == CornerRadii(all: 15))
        let given = CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4)
        #expect(CornerConfiguration.perCorner(given).resolve(for: rect, in: (container, CornerRadii(all: 50))) == given)
    }

    @Test("capsule is half the shorter side, capped by the maximum")
    func capsule() {
        let pill = Rect(x: 5, y: 5, width: 100, height: 40)
        #expect(CornerConfiguration.capsule(maximumRadius: nil).resolve(for: pill, in: nil) == CornerRadii(all: 20))
        #expect(CornerConfiguration.capsule(maximumRadius: 12).resolve(for: pill, in: nil) == CornerRadii(all: 12))
        #expect(CornerConfiguration.capsule(maximumRadius: 90).resolve(for: pill, in: nil) == CornerRadii(all: 20))
        let tall = Rect(x: 0, y: 0, width: 30, height: 300)
        #expect(CornerConfiguration.capsule(maximumRadius: nil).resolve(for: tall) == CornerRadii(all: 15))
    }

    @Test("Concentric corners for a uniform inset d are exactly R − d")
    func concentricUniformInset() {
        let outer = CornerRadii(topLeft: 24, topRight: 32, bottomRight: 16, bottomLeft: 40)
        let child = container.insetBy(dx: 8, dy: 8)
        let resolved = CornerConfiguration.containerConcentric(minimum: 0).resolve(for: child, in: (container, outer))
        #expect(resolved == CornerRadii(topLeft: 16, topRight: 24, bottomRight: 8, bottomLeft: 32))
        // The same rectangle as its container gets the container's radii.
        let same = CornerConfiguration.containerConcentric(minimum: 0).resolve(for: container, in: (container, outer))
        #expect(same == outer)
    }

    @Test("Concentric uniform insets over random dyadic geometry stay exact (seeded)")
    func concentricUniformProperty() {
        var rng = SeededRandom(seed: 0xCC)
        for _ in 0..<200 {
            // Quarter-point values keep every subtraction exact.
            func q(_ range: ClosedRange<Double>) -> Double { (rng.uniform(range) * 4).rounded() / 4 }
            let outerRect = Rect(x: q(-100...100), y: q(-100...100), width: q(100...400), height: q(100...400))
            let r = q(0...50)
            let d = q(0...r)
            let child = outerRect.insetBy(dx: d, dy: d)
            let resolved = CornerConfiguration.containerConcentric(minimum: 0)
                .resolve(for: child, in: (outerRect, CornerRadii(all: r)))
            #expect(resolved == CornerRadii(all: r - d))
        }
    }

    @Test("Concentric corners use the mean of the two axis insets (the inset along the diagonal)")
    func concentricUnequalInsets() {
        let child = Rect(x: 4, y: 12, width: 200 - 4 - 10, height: 100 - 12 - 2)
        let resolved = CornerConfiguration.containerConcentric(minimum: 0).resolve(for: child, in: (container, CornerRadii(all: 30)))
        // top-left (4, 12) → 22; top-right (10, 12) → 19; bottom-right (10, 2) → 24; bottom-left (4, 2) → 27.
        #expect(resolved == CornerRadii(topLeft: 22, topRight: 19, bottomRight: 24, bottomLeft: 27))
    }

    @Test("Concentric corners never go below the minimum; no container means the minimum")
    func concentricMinimum() {
        let child = container.insetBy(dx: 30, dy: 30)
        let config = CornerConfiguration.containerConcentric(minimum: 6)
        #expect(config.resolve(for: child, in: (container, CornerRadii(all: 24))) == CornerRadii(all: 6))
        #expect(config.resolve(for: child, in: (container, CornerRadii(all: 40))) == CornerRadii(all: 10))
        #expect(config.resolve(for: child, in: nil) == CornerRadii(all: 6))
        // The fit to the shape wins over the minimum on a tiny shape.
        let tiny = Rect(x: 50, y: 50, width: 8, height: 4)
        #expect(config.resolve(for: tiny, in: nil) == CornerRadii(all: 2))
    }

    @Test("The container's radii are clamped to the container before use")
    func concentricClampsContainer() {
        // 200 × 100 container asking for 80: clamped to 50, so an 10-inset child gets 40.
        let child = container.insetBy(dx: 10, dy: 10)
        let resolved = CornerConfiguration.containerConcentric(minimum: 0).resolve(for: child, in: (container, CornerRadii(all: 80)))
        #expect(resolved == CornerRadii(all: 40))
    }

    @Test("validated() refuses bad payloads")
    func configurationValidation() throws {
        #expect(thrownKind { try CornerConfiguration.fixed(.nan).validated() } == .nonFinite)
        #expect(thrownKind { try CornerConfiguration.fixed(-1).validated() } == .negative)
        #expect(thrownKind { try CornerConfiguration.capsule(maximumRadius: -.infinity).validated() } == .nonFinite)
        #expect(thrownKind { try CornerConfiguration.capsule(maximumRadius: -3).validated() } == .negative)
        #expect(thrownKind { try CornerConfiguration.perCorner(CornerRadii(all: -1)).validated() } == .negative)
        #expect(thrownKind { try CornerConfiguration.containerConcentric(minimum: .nan).validated() } == .nonFinite)
        #expect(try CornerConfiguration.capsule(maximumRadius: nil).validated() == .capsule(maximumRadius: nil))
    }
}
