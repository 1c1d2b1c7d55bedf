import Foundation
import LiquidGeometry
import LiquidScene
import Testing

/// The budgets a scene is held to while it is read (layers, keyframe checking) and before it is drawn
/// (memory).
@Suite("scene budgets")
struct SceneBudgetTests {
    let rect = ##"{"type": "rect", "frame": [1, 1, 2, 2], "fill": "#000000"}"##

    func source(_ json: String) throws(LiquidError) -> SceneSource {
        try SceneSource(json: Data(json.utf8), baseDirectory: NSTemporaryDirectory())
    }

    func readError(_ json: String) -> LiquidError? {
        do { _ = try source(json); return nil } catch { return error }
    }

    @Test func layersAreCountedOverTheWholeFile() throws {
        let limit = SceneSource.maximumLayers
        #expect(limit == 10_000)
        let full = SceneTest.scene(Array(repeating: rect, count: limit))
        #expect(try source(full).document().layers.count == limit)
        let over = readError(SceneTest.scene(Array(repeating: rect, count: limit + 1)))
        #expect(over?.subject == "layers[\(limit)]", "\(String(describing: over))")
        #expect(over.map { "\($0)".contains("at most 10000") } == true)
        // Groups, their members and glass container children count too: 9,997 rects, a group and its rect,
        // and a container: its first child is the 10,001st.
        let group = ##"{"type": "group", "layers": [\##(rect)]}"##
        let glass = ##"{"type": "glassContainer", "spacing": 4, "children": [{"shape": {"circle": [5, 5, 2]}}, {"shape": {"circle": [9, 5, 2]}}]}"##
        let nested = readError(SceneTest.scene(Array(repeating: rect, count: limit - 3) + [group, glass]))
        #expect(nested?.subject == "layers[9998].children[0]", "\(String(describing: nested))")
    }

    @Test func polylinePointsAreCountedOverTheWholeFile() throws {
        let limit = SceneSource.maximumPolylinePoints
        func polyline(_ n: Int) -> String {
            ##"{"type": "polyline", "stroke": {"width": 1, "paint": "#000000"}, "points": ["## + Array(repeating: "[1, 2]", count: n).joined(separator: ", ") + "]}"
        }
        #expect(readError(SceneTest.scene([polyline(limit / 2), polyline(limit / 2)])) == nil)
        let over = readError(SceneTest.scene([polyline(limit / 2), polyline(limit / 2 + 1)]))
        #expect(over?.subject == "layers[1].points[\(limit / 2)]", "\(String(describing: over))")
    }

    @Test func everyKeyIsCheckedWhenTheSceneIsRead() {
        // The bad value is at the second key: rendering at 0 would never reach it.
        let opacity = readError(SceneTest.scene([##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "opacity": {"keyframes": [[0, 0.5], [1, 5]]}}"##]))
        #expect(opacity?.subject == "layers[0].opacity.keyframes[1][1]", "\(String(describing: opacity))")
        let nested = readError(SceneTest.scene([##"{"type": "group", "layers": [{"type": "ellipse", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [1, [0, 0, 5, 5]], [2, [0, 0, -1, 5]]]}}]}"##]))
        #expect(nested?.subject == "layers[0].layers[0].frame.keyframes[2][1][2]", "\(String(describing: nested))")
        let colour = readError(##"{"width": 10, "height": 10, "background": {"keyframes": [[0, "#ffffff"], [3, "#12345"]]}}"##)
        #expect(colour?.subject == "background.keyframes[1][1]", "\(String(describing: colour))")
        let lengths = readError(SceneTest.scene([##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [1, [0, 0, 5]]]}}"##]))
        #expect(lengths?.subject == "layers[0].frame.keyframes[1][1]", "\(String(describing: lengths))")
        // Valid keys are read, and resolve as before.
        let fine = SceneTest.scene([##"{"type": "rect", "fill": "#000000", "frame": [0, 0, 5, 5], "opacity": {"keyframes": [[0, 0], [1, 1]]}}"##])
        #expect(readError(fine) == nil)
        #expect((try? source(fine).document(at: 0.25).layers[0].opacity) == 0.25)
    }

    @Test func checkingKeysIsBounded() {
        // 2,000 keys on a layer of about 4,000 JSON values is 8 million values decoded: refused.
        let points = (0..<1_000).map { "[\($0 % 20), \($0 % 7)]" }.joined(separator: ", ")
        let keys = (0..<2_000).map { "[\(Double($0) / 100), 0.5]" }.joined(separator: ", ")
        let heavy = SceneTest.scene([##"{"type": "polyline", "stroke": {"width": 1, "paint": "#000000"}, "points": [\##(points)], "opacity": {"keyframes": [\##(keys)]}}"##])
        let error = readError(heavy)
        #expect(error?.subject == "layers[0]" && error.map { "\($0)".contains("4000000") } == true, "\(String(describing: error))")
        // The same keys on a small layer are fine.
        let light = SceneTest.scene([##"{"type": "rect", "fill": "#000000", "frame": [0, 0, 5, 5], "opacity": {"keyframes": [\##(keys)]}}"##])
        #expect(readError(light) == nil)
    }

    @Test @MainActor func theMemoryEstimateCountsWhatARenderHolds() throws {
        // A plain scene: 16 bytes a pixel, so 1.5 GiB allows 100,663,296 pixels: 10,033² fits, 10,034² does not.
        let fits = try SceneTest.document(##"{"width": 10033, "height": 10033}"##)
        let budget = try RenderBudget(fits, scale: 1)
        #expect(budget.bytes == 16 * 10_033 * 10_033)
        #expect(throws: Never.self) { try budget.check() }
        let over = try SceneTest.document(##"{"width": 10034, "height": 10034}"##)
        #expect(throws: LiquidError.self) { try RenderBudget(over, scale: 1).check() }
        #expect(throws: LiquidError.self) { try RenderBudget(fits, scale: 1.001).check() }
        // Each glass layer holds 8 bytes a canvas pixel, plus 12 of scratch once; drawing then outweighs
        // encoding (4 for the image and 4 for one 1000-pixel-square tile).
        let glass = ##"{"type": "glass", "shape": {"circle": [500, 500, 100]}}"##
        let three = try RenderBudget(try SceneTest.document(SceneTest.scene([glass, glass, glass], width: 1000, height: 1000)), scale: 1)
        #expect(three.glassLayers == 3)
        #expect(three.bytes == 1_000_000 * (4 + 4 + 3 * 8 + 12))
        // A blurred group's buffer is the canvas grown by 3σ on each side (and 8 pixels of grid alignment),
        // counted at 4 bytes a pixel held and 12 as the blur's scratch.
        let blurred = ##"{"type": "group", "filters": [{"type": "blur", "sigma": 10}], "layers": [\##(rect)]}"##
        let group = try RenderBudget(try SceneTest.document(SceneTest.scene([blurred, glass], width: 1000, height: 1000)), scale: 2)
        let side = 2000 + 2 * 60 + 8
        #expect(group.bytes == 4_000_000 * (4 + 8 + 12) + 4 * 1024 * 1024 * 2 + (4 + 12) * side * side)
        // Each child of a glass container is a glass shape.
        let container = ##"{"type": "glassContainer", "spacing": 4, "children": [{"shape": {"circle": [50, 50, 20]}}, {"shape": {"circle": [90, 50, 20]}}]}"##
        #expect(try RenderBudget(try SceneTest.document(SceneTest.scene([container, glass], width: 1000, height: 1000)), scale: 1).glassLayers == 3)
        // The renderer refuses what the estimate refuses, before allocating anything.
        let huge = try SceneTest.document(SceneTest.scene([glass], width: 16_000, height: 16_000))
        let refusal = #expect(throws: LiquidError.self) { _ = try huge.render() }
        #expect(refusal.map { "\($0)".contains("at most 1536 MB") } == true)
    }
}
