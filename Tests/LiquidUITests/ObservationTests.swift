import LiquidGeometry
import LiquidRaster
import Observation
import Testing

@testable import LiquidUI

@Observable
final class PassCountingModel {
    var text = "a"
    var width = 10.0
    var shared = 0
    var color = 0
    var unrelated = 0
    var useA = true
    var a = 0
    var b = 0
}

/// Counts its passes and records what each read.
final class PassCountingView: View {
    let model: PassCountingModel
    var updates = 0
    var layouts = 0
    var draws = 0
    var seenText = ""
    var branchReads = 0

    init(model: PassCountingModel) {
        self.model = model
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    }

    override var drawsContent: Bool { true }

    override func updateProperties() {
        updates += 1
        seenText = model.text
        _ = model.shared
    }

    override func layout() {
        layouts += 1
        _ = model.width
        _ = model.shared
    }

    override func draw(in canvas: inout Canvas, rect: Rect) {
        draws += 1
        _ = model.color
    }
}

/// Reads `a` or `b` depending on `useA`.
private final class BranchView: View {
    let model: PassCountingModel
    var updates = 0

    init(model: PassCountingModel) {
        self.model = model
        super.init()
    }

    override func updateProperties() {
        updates += 1
        _ = model.useA ? model.a : model.b
    }
}

@MainActor
private func runPasses(_ view: View) {
    view.updatePropertiesIfNeeded()
    view.layoutIfNeeded()
    view.displayIfNeeded()
}

/// Draws `view` the way the compositor would: through the content the display pass installed.
@MainActor
private func composite(_ view: View) throws {
    guard case .custom(let body) = view.layer.content else {
        Issue.record("display pass did not install custom content")
        return
    }
    var canvas = Canvas(try Pixmap(width: 100, height: 50))
    body(&canvas, view.bounds)
}

@MainActor
@Suite("Observation drives exactly the passes that read a property")
struct ObservationTests {
    @Test func aNewViewRunsEachPassOnceThenNothing() throws {
        let view = PassCountingView(model: PassCountingModel())
        #expect(view.needsUpdateProperties && view.needsLayout && view.needsDisplay)
        runPasses(view)
        try composite(view)
        #expect((view.updates, view.layouts, view.draws) == (1, 1, 1))
        #expect(!view.needsUpdateProperties && !view.needsLayout && !view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts, view.draws) == (1, 1, 1))
    }

    @Test func aPropertyReadOnlyByUpdatePropertiesRerunsOnlyIt() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        try composite(view)
        model.text = "b"
        #expect(view.needsUpdateProperties)
        #expect(!view.needsLayout)
        #expect(!view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts) == (2, 1))
        #expect(view.seenText == "b", "the pass runs after the setter, so it sees the new value")
    }

    @Test func aPropertyReadOnlyByLayoutRerunsOnlyLayout() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        try composite(view)
        model.width = 20
        #expect(!view.needsUpdateProperties && view.needsLayout && !view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts, view.draws) == (1, 2, 1))
    }

    @Test func anUnrelatedPropertyInvalidatesNothing() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        try composite(view)
        model.unrelated += 1
        #expect(!view.needsUpdateProperties && !view.needsLayout && !view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts, view.draws) == (1, 1, 1))
    }

    @Test func aPropertyReadByTwoPassesRerunsBoth() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        try composite(view)
        model.shared = 7
        #expect(view.needsUpdateProperties && view.needsLayout && !view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts, view.draws) == (2, 2, 1))
    }

    @Test func aPropertyReadByDrawRequestsARedrawOnly() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        try composite(view)
        model.color = 3
        #expect(!view.needsUpdateProperties && !view.needsLayout && view.needsDisplay)
        runPasses(view)
        #expect((view.updates, view.layouts) == (1, 1))
        try composite(view)
        #expect(view.draws == 2)
        #expect(!view.needsDisplay)
    }

    @Test func everyChangeIsSeenNotOnlyTheFirst() {
        // Observation fires once per registration; each re-run registers again.
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        for i in 1...5 {
            model.text = "v\(i)"
            runPasses(view)
            #expect(view.updates == 1 + i)
            #expect(view.seenText == "v\(i)")
        }
        #expect(view.layouts == 1)
    }

    @Test func severalChangesBetweenFramesRerunThePassOnce() {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        model.text = "x"
        model.text = "y"
        model.shared = 1
        runPasses(view)
        #expect((view.updates, view.layouts) == (2, 2))
        #expect(view.seenText == "y")
    }

    @Test func onlyTheLatestRunsReadsCount() {
        let model = PassCountingModel()
        let view = BranchView(model: model)
        view.updatePropertiesIfNeeded()
        model.b = 1
        #expect(!view.needsUpdateProperties, "b was not read")
        model.useA = false
        view.updatePropertiesIfNeeded()
        #expect(view.updates == 2)
        model.a = 5
        #expect(!view.needsUpdateProperties, "a is no longer read: the stale registration is inert")
        view.updatePropertiesIfNeeded()
        #expect(view.updates == 2)
        model.b = 2
        #expect(view.needsUpdateProperties)
        view.updatePropertiesIfNeeded()
        #expect(view.updates == 3)
    }

    @Test func aManualRerunKeepsWatchingWhatItReads() {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        runPasses(view)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        model.width = 99
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(view.layouts == 3)
    }

    @Test func eachViewIsInvalidatedSeparately() {
        let model = PassCountingModel()
        let parent = PassCountingView(model: model)
        let child = BranchView(model: model)
        parent.addSubview(child)
        runPasses(parent)
        model.a = 1
        #expect(child.needsUpdateProperties)
        #expect(!parent.needsUpdateProperties)
        parent.updatePropertiesIfNeeded()
        #expect((parent.updates, child.updates) == (1, 2))
    }

    @Test func aChangeOffTheMainActorIsSafeAndSeen() async {
        let model = SendableModel()
        let view = SendableReader(model: model)
        view.updatePropertiesIfNeeded()
        await Task.detached { model.value = 42 }.value
        #expect(view.needsUpdateProperties)
        view.updatePropertiesIfNeeded()
        #expect(view.seen == 42)
    }
}

/// A model shared across threads for the off-main test (its accesses in the test never overlap).
@Observable
private final class SendableModel: @unchecked Sendable {
    var value = 0
}

private final class SendableReader: View {
    let model: SendableModel
    var seen = -1

    init(model: SendableModel) {
        self.model = model
        super.init()
    }

    override func updateProperties() {
        seen = model.value
    }
}
