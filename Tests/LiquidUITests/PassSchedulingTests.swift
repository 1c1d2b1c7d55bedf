import LiquidGeometry
import Testing

@testable import LiquidUI

/// Logs its passes into a shared journal.
private final class JournalView: View {
    let name: String
    let journal: Journal
    var onLayout: ((JournalView) -> Void)?

    init(_ name: String, journal: Journal, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10)) {
        self.name = name
        self.journal = journal
        super.init(frame: frame)
    }

    override func updateProperties() { journal.entries.append("\(name).update") }

    override func layout() {
        journal.entries.append("\(name).layout")
        onLayout?(self)
    }
}

private final class Journal {
    var entries: [String] = []
}

@MainActor
@Suite("setNeeds… and …IfNeeded")
struct PassSchedulingTests {
    @Test func ifNeededRunsTopDownOverTheSubtreeOnlyWhereNeeded() {
        let journal = Journal()
        let root = JournalView("root", journal: journal)
        let a = JournalView("a", journal: journal)
        let b = JournalView("b", journal: journal)
        let a1 = JournalView("a1", journal: journal)
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        root.layoutIfNeeded()
        #expect(journal.entries == ["root.layout", "a.layout", "a1.layout", "b.layout"])
        journal.entries = []
        root.layoutIfNeeded()
        #expect(journal.entries.isEmpty)
        a1.setNeedsLayout()
        b.setNeedsLayout()
        #expect(a1.needsLayout && !a.needsLayout)
        root.layoutIfNeeded()
        #expect(journal.entries == ["a1.layout", "b.layout"])
    }

    @Test func passesAreIndependent() {
        let journal = Journal()
        let view = JournalView("v", journal: journal)
        view.updatePropertiesIfNeeded()
        view.layoutIfNeeded()
        journal.entries = []
        view.setNeedsUpdateProperties()
        view.layoutIfNeeded()
        #expect(journal.entries.isEmpty)
        #expect(view.needsUpdateProperties)
        view.updatePropertiesIfNeeded()
        #expect(journal.entries == ["v.update"])
    }

    @Test func aPassRequestingItselfRunsAgainNextTimeNotRecursively() {
        let journal = Journal()
        let view = JournalView("v", journal: journal)
        view.onLayout = { $0.setNeedsLayout() }
        view.layoutIfNeeded()
        #expect(journal.entries == ["v.layout"])
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(journal.entries == ["v.layout", "v.layout"])
    }

    @Test func aParentsLayoutResizingAChildLaysTheChildOutInTheSameCall() {
        let journal = Journal()
        let parent = JournalView("parent", journal: journal)
        let child = JournalView("child", journal: journal)
        parent.addSubview(child)
        parent.layoutIfNeeded()
        journal.entries = []
        parent.onLayout = { _ in child.frame.size = Size(width: 30, height: 30) }
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(journal.entries == ["parent.layout", "child.layout"])
    }

    @Test func resizingRequestsLayoutMovingDoesNot() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        view.frame.origin = Point(5, 5)
        #expect(!view.needsLayout)
        #expect(view.layer.frame == Rect(x: 5, y: 5, width: 10, height: 10))
        view.frame.size = Size(width: 20, height: 10)
        #expect(view.needsLayout)
    }

    @Test func theDisplayPassLeavesNonDrawingLayersAlone() {
        let view = View()
        view.displayIfNeeded()
        guard case .none = view.layer.content else {
            Issue.record("a view that does not draw must not get custom content")
            return
        }
        #expect(!view.needsDisplay)
    }
}

@MainActor
@Suite("View hierarchy, hit testing and coordinates")
struct HierarchyTests {
    @Test func subviewsAndLayersStayInStep() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let decoration = Layer()
        root.layer.addSublayer(decoration)
        let a = View(), b = View(), c = View()
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers.map { ObjectIdentifier($0) }
                == [decoration, c.layer, a.layer, b.layer].map { ObjectIdentifier($0) })
        #expect(a.superview === root)
        a.removeFromSuperview()
        #expect(a.superview == nil && a.layer.superlayer == nil)
        #expect(root.subviews.count == 2)
        // Moving a view to another parent removes it from the first.
        b.addSubview(c)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(b)])
        #expect(c.superview === b && c.layer.superlayer === b.layer)
        // Cycles are refused.
        c.addSubview(root)
        #expect(root.superview == nil)
    }

    @Test func hitTestingFindsTheFrontmostDeepestView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let panel = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let button = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let overlap = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(panel)
        panel.addSubview(button)
        root.addSubview(overlap)
        #expect(root.hitTest(Point(65, 65)) === button)
        #expect(root.hitTest(Point(55, 55)) === panel)
        #expect(root.hitTest(Point(120, 120)) === overlap, "the later sibling is in front")
        #expect(root.hitTest(Point(5, 5)) === root)
        #expect(root.hitTest(Point(-1, 5)) == nil)
        #expect(root.hitTest(Point(300, 5)) == nil, "bounds are half-open")
    }

    @Test func hiddenAndNonInteractiveViewsAreSkippedWithTheirSubviews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let panel = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let button = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(panel)
        panel.addSubview(button)
        button.isHidden = true
        #expect(root.hitTest(Point(65, 65)) === panel)
        #expect(button.layer.isHidden)
        button.isHidden = false
        panel.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(65, 65)) === root)
        panel.isUserInteractionEnabled = true
        panel.isHidden = true
        #expect(root.hitTest(Point(65, 65)) === root)
    }

    @Test func aSubviewOutsideItsParentIsNotHit() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let panel = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let sticking = View(frame: Rect(x: 40, y: 40, width: 40, height: 40))
        root.addSubview(panel)
        panel.addSubview(sticking)
        #expect(root.hitTest(Point(45, 45)) === sticking)
        #expect(root.hitTest(Point(70, 70)) === root, "outside the parent's bounds")
    }

    @Test func transformsAreHonoured() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let view = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        root.addSubview(view)
        #expect(root.hitTest(Point(80, 80)) === root)
        view.transform = AffineTransform(scale: 2)  // about the centre (125, 125): covers 75…175
        #expect(root.hitTest(Point(80, 80)) === view)
        #expect(root.hitTest(Point(170, 170)) === view)
        #expect(root.hitTest(Point(180, 180)) === root)
        let local = view.convert(Point(80, 80), from: nil)
        #expect(abs(local.x - 2.5) < 1e-12 && abs(local.y - 2.5) < 1e-12)
        view.transform = AffineTransform(scale: 0)
        #expect(root.hitTest(Point(125, 125)) === root, "a collapsed view cannot be hit")
        #expect(view.convert(Point(125, 125), from: nil).x.isNaN)
    }

    @Test func rotationAboutTheCentre() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let bar = View(frame: Rect(x: 100, y: 140, width: 100, height: 20))  // centre (150, 150)
        root.addSubview(bar)
        #expect(root.hitTest(Point(150, 110)) === root)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(root.hitTest(Point(150, 110)) === bar)
        #expect(root.hitTest(Point(110, 150)) === root)
        // The bar's local (0, 0) corner turns to (160, 100) in the window.
        let corner = bar.convert(Point(0, 0), to: nil)
        #expect(abs(corner.x - 160) < 1e-9 && abs(corner.y - 100) < 1e-9)
    }

    @Test func conversionRoundTripsBetweenViews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = View(frame: Rect(x: 30, y: 40, width: 100, height: 80))
        let b = View(frame: Rect(x: 200, y: 10, width: 60, height: 60))
        let a1 = View(frame: Rect(x: 5, y: 6, width: 10, height: 10))
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        a.transform = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scale: 1.5))
        b.transform = AffineTransform(scaleX: 0.5, y: 2)
        let p = Point(3, 4)
        let inB = a1.convert(p, to: b)
        let back = a1.convert(inB, from: b)
        #expect(back.distance(to: p) < 1e-9)
        #expect(a1.convert(p, to: a1) == p)
        // Without transforms conversion is plain offsetting.
        a.transform = .identity
        #expect(a1.convert(Point(1, 1), to: nil) == Point(36, 47))
        #expect(a1.convert(Point(1, 1), to: root) == Point(36, 47))
        let box = a1.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: nil)
        #expect(box == Rect(x: 35, y: 46, width: 10, height: 10))
    }
}
