import LiquidGlass
import LiquidScene
import Testing

@Suite("LiquidScene: glass decoding")
struct GlassDecodingTests {
    /// Each bad glass value is one error at the glass layer's path (or deeper) naming the problem.
    @Test(arguments: [
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"material\": {\"style\": \"frosted\"}}", "layers[0].material", "style must be"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"accessibility\": [\"bigger\"]}", "layers[0]", "unknown accessibility mode 'bigger'"),
        ("{\"type\": \"glass\", \"shape\": {}}", "layers[0].shape", "needs \"circle\" or \"rect\""),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, -3]}}", "layers[0].shape.circle[2]", "non-negative radius"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"transform\": {\"rotate\": 10}}", "layers[0]", "no transform"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"materialize\": 2}", "layers[0].materialize", "materialize"),
        ("{\"type\": \"glassContainer\", \"spacing\": -1, \"children\": []}", "layers[0].spacing", "spacing"),
        ("{\"type\": \"glass\", \"shape\": {\"rect\": [0, 0, 5, 5], \"corners\": \"round\"}}", "layers[0].shape", "corners must be circular or continuous"),
    ])
    func badGlassNamesItsPath(layer: String, path: String, mentions: String) {
        let error = SceneTest.error(SceneTest.scene([layer]))
        #expect(error?.subject == path, "\(String(describing: error))")
        #expect(error?.message.contains(mentions) == true, "\(String(describing: error))")
    }

    @Test func glassDecodesToAContainer() throws {
        let json = SceneTest.scene(["{\"type\": \"glassContainer\", \"spacing\": 12, \"material\": {\"style\": \"clear\", \"tint\": \"#007aff55\"}, \"accessibility\": [\"reduceMotion\"], \"children\": [{\"shape\": {\"circle\": [5, 5, 3]}, \"unionID\": \"a\"}, {\"shape\": {\"rect\": [8, 2, 6, 6], \"cornerRadius\": \"capsule\"}, \"unionID\": \"a\"}]}"])
        let document = try SceneTest.document(json)
        guard case .glass(let container) = document.layers[0].content else { Issue.record("not glass"); return }
        #expect(container.spacing == 12 && container.children.count == 2)
        #expect(container.material.style == .clear)
        #expect(container.accessibility == [.reduceMotion])
        #expect(container.children.map(\.unionID) == ["a", "a"])
    }
}
