import LiquidGeometry
import TestSupport
import Testing

@Suite("Size, Rect and EdgeInsets")
struct SizeRectTests {
    @Test("Size validation refuses NaN, infinity and negative dimensions")
    func sizeValidation() throws {
        for bad in [Double.nan, .infinity, -.infinity, -.nan] {
            #expect(thrownKind { try Size(validatingWidth: bad, height: 1) } == .nonFinite)
            #expect(thrownKind { try Size(validatingWidth: 1, height: bad) } == .nonFinite)
        }
        #expect(thrownKind { try Size(validatingWidth: -1, height: 1) } == .negative)
        #expect(thrownKind { try Size(validatingWidth: 1, height: -.leastNonzeroMagnitude) } == .negative)
        let empty = try Size(validatingWidth: 0, height: 5)
        #expect(empty.isEmpty)
        #expect(try Size(validatingWidth: 3, height: 4) == Size(width: 3, height: 4))
    }

    @Test("Rect validation refuses non-finite coordinates and negative sizes")
    func rectValidation() throws {
        #expect(thrownKind { try Rect(validatingX: .nan, y: 0, width: 1, height: 1) } == .nonFinite)
        #expect(thrownKind { try Rect(validatingX: 0, y: .infinity, width: 1, height: 1) } == .nonFinite)
        #expect(thrownKind { try Rect(validatingX: 0, y: 0, width: .nan, height: 1) } == .nonFinite)
        #expect(thrownKind { try Rect(validatingX: 0, y: 0, width: 1, height: -2) } == .negative)
        #expect(
            thrownKind { try Rect(validatingOrigin: Point(1, 1), size: Size(width: -1, height: 1)) } == .negative)
        let r = try Rect(validatingX: 1, y: 2, width: 3, height: 4)
        #expect(r.maxX == 4 && r.maxY == 6 && r.midX == 2.5 && r.midY == 4)
    }

    @Test("A negative size is read through the standardized rectangle")
    func standardized() {
        let r = Rect(x: 10, y: 10, width: -4, height: -6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 4 && r.maxY == 10)
        #expect(r.width == 4 && r.height == 6)
        #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
        #expect(r.standardized.center == r.center)
        #expect(r.topLeft == Point(6, 4) && r.bottomRight == Point(10, 10))
    }

    @Test("contains is half-open so tiles never share an edge")
    func containsHalfOpen() {
        let left = Rect(x: 0, y: 0, width: 10, height: 10)
        let right = Rect(x: 10, y: 0, width: 10, height: 10)
        let edge = Point(10, 5)
        #expect(!left.contains(edge))
        #expect(right.contains(edge))
        #expect(left.contains(Point(0, 0)))
        #expect(!left.contains(Point(5, 10)))
        #expect(!Rect(x: 3, y: 3, width: 0, height: 5).contains(Point(3, 4)))
    }

    @Test("intersection is nil when the rectangles only touch or are apart")
    func intersectionNil() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(a.intersection(Rect(x: 10, y: 10, width: 5, height: 5)) == nil)
        #expect(a.intersection(Rect(x: 20, y: 20, width: 5, height: 5)) == nil)
        #expect(a.intersection(Rect(x: 8, y: -2, width: 5, height: 5)) == Rect(x: 8, y: 0, width: 2, height: 3))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    }

    @Test("union and intersection agree with point membership (seeded)")
    func unionIntersectionProperty() {
        var rng = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<300 {
            let a = Rect(x: rng.uniform(-50...50), y: rng.uniform(-50...50), width: rng.uniform(-40...40), height: rng.uniform(-40...40))
            let b = Rect(x: rng.uniform(-50...50), y: rng.uniform(-50...50), width: rng.uniform(-40...40), height: rng.uniform(-40...40))
            let u = a.union(b)
            #expect(u.contains(a) && u.contains(b) && u.contains(a.standardized))
            #expect(u.minX == Swift.min(a.minX, b.minX) && isClose(u.maxY, Swift.max(a.maxY, b.maxY), absolute: 1e-12))
            let i = a.intersection(b)
            if let i {
                #expect(i.width > 0 && i.height > 0)
                #expect(a.contains(i) && b.contains(i))
            }
            for _ in 0..<20 {
                let p = rng.point(-100...100)
                let inBoth = a.contains(p) && b.contains(p)
                #expect(inBoth == (i?.contains(p) ?? false))
                if a.contains(p) || b.contains(p) { #expect(u.contains(p)) }
            }
        }
    }

    @Test("insetBy shrinks symmetrically and collapses at the midpoint")
    func insetBy() {
        let r = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 30))
        #expect(r.insetBy(dx: -10, dy: 0) == Rect(x: -10, y: 0, width: 120, height: 40))
        let collapsed = r.insetBy(dx: 10, dy: 30)
        #expect(collapsed.height == 0 && collapsed.midY == 20 && collapsed.width == 80)
        #expect(r.offsetBy(dx: 3, dy: -2) == Rect(x: 3, y: -2, width: 100, height: 40))
    }

    @Test("EdgeInsets validation and Rect.inset(by:)")
    func edgeInsets() throws {
        #expect(thrownKind { try EdgeInsets(validatingTop: .nan, left: 0, bottom: 0, right: 0) } == .nonFinite)
        #expect(thrownKind { try EdgeInsets(validatingTop: 0, left: 0, bottom: 0, right: -.infinity) } == .nonFinite)
        let outset = try EdgeInsets(validatingTop: -1, left: -2, bottom: -3, right: -4)
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.inset(by: outset) == Rect(x: -2, y: -1, width: 106, height: 54))
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.horizontal == 6 && insets.vertical == 4)
        #expect(r.inset(by: insets) == Rect(x: 2, y: 1, width: 94, height: 46))
        // Overlapping insets: the empty result sits at the middle of the overlap [70, 80].
        let squeezed = r.inset(by: EdgeInsets(top: 0, left: 80, bottom: 0, right: 30))
        #expect(squeezed.width == 0 && squeezed.minX == 75)
        #expect(r.inset(by: EdgeInsets(all: 5)) == r.insetBy(dx: 5, dy: 5))
        #expect(r.inset(by: EdgeInsets(horizontal: 5, vertical: 2)) == r.insetBy(dx: 5, dy: 2))
    }
}
