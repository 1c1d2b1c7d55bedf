import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene
import Testing
import TestSupport

/// Every number of the scene format (docs/scene-format.md), fed the boundary values of floating point in
/// a small scene that is otherwise valid: decoding and rendering in process must either refuse it with one
/// short line naming its JSON path, or draw an image. Never a crash, never an error of another type.
@Suite("scenes: every number at the edges of floating point")
struct SceneBoundaryValueTests {
    /// One numeric place in a scene: the scene with `@` where the number goes, and that place's JSON path.
    struct Place: CustomStringConvertible, Sendable {
        var path: String
        var scene: String
        /// Whether the number stands inside a JSON string (SVG path data), where any text is valid JSON.
        var inString = false
        /// For a keyframed value: the path of the value it resolves to, which a refusal at drawing time
        /// names instead (docs/scene-format.md: a value is checked when a time uses it).
        var resolved: String?
        var description: String { path }
    }

    /// A 20 × 20 point scene at scale 1 holding one layer.
    static func layer(_ json: String) -> String { #"{"width": 20, "height": 20, "layers": ["# + json + "]}" }
    static let rect = ##""type": "rect", "frame": [2, 2, 10, 10], "fill": "#336699""##
    static let glass = ##""type": "glass", "shape": {"rect": [2, 2, 16, 10]}"##

    /// One small PNG for the image layer.
    static let imagePath: String = {
        let path = NSTemporaryDirectory() + "liquid-scene-bounds-\(UUID().uuidString).png"
        var image = try! Pixmap(width: 4, height: 4)
        image[1, 2] = PremultipliedRGBA8(red: 200, green: 0, blue: 0, alpha: 255)
        try! PNG.write(image, to: path)
        return path
    }()

    /// Every numeric key the format documents, each in one place.
    static let places: [Place] = [
        Place(path: "width", scene: ##"{"width": @, "height": 20}"##),
        Place(path: "height", scene: ##"{"width": 20, "height": @}"##),
        Place(path: "scale", scene: ##"{"width": 20, "height": 20, "scale": @}"##),
        Place(path: "duration", scene: ##"{"width": 20, "height": 20, "duration": @}"##),
        Place(path: "layers[0].opacity", scene: layer("{\(rect), \"opacity\": @}")),
        Place(path: "layers[0].frame[0]", scene: layer(##"{"type": "rect", "frame": [@, 2, 10, 10], "fill": "#336699"}"##)),
        Place(path: "layers[0].frame[1]", scene: layer(##"{"type": "ellipse", "frame": [2, @, 10, 10], "fill": "#336699"}"##)),
        Place(path: "layers[0].frame[2]", scene: layer(##"{"type": "rect", "frame": [2, 2, @, 10], "fill": "#336699"}"##)),
        Place(path: "layers[0].frame[3]", scene: layer(##"{"type": "ellipse", "frame": [2, 2, 10, @], "fill": "#336699"}"##)),
        Place(path: "layers[0].cornerRadius", scene: layer("{\(rect), \"cornerRadius\": @, \"corners\": \"continuous\"}")),
        Place(path: "layers[0].cornerRadius[2]", scene: layer("{\(rect), \"cornerRadius\": [1, 2, @, 3]}")),
        Place(path: "layers[0].transform.scale", scene: layer("{\(rect), \"transform\": {\"scale\": @}}")),
        Place(path: "layers[0].transform.scale[1]", scene: layer("{\(rect), \"transform\": {\"scale\": [1, @]}}")),
        Place(path: "layers[0].transform.rotate", scene: layer("{\(rect), \"transform\": {\"rotate\": @}}")),
        Place(path: "layers[0].transform.translate[0]", scene: layer("{\(rect), \"transform\": {\"translate\": [@, 1]}}")),
        Place(path: "layers[0].points[1][0]",
              scene: layer(##"{"type": "polyline", "points": [[1, 1], [@, 5], [10, 18]], "closed": true, "fill": "#000000"}"##)),
        Place(path: "layers[0].d", scene: layer(##"{"type": "path", "d": "M 2 2 L @ 10 A 4 @ 0 0 1 15 15 Z", "fill": "#000000"}"##), inString: true),
        Place(path: "layers[0].stroke.width", scene: layer(##"{"type": "path", "d": "M 2 2 L 18 10 L 2 18", "stroke": {"width": @, "join": "miter"}}"##)),
        Place(path: "layers[0].stroke.miterLimit",
              scene: layer(##"{"type": "path", "d": "M 2 2 L 18 10 L 2 18", "stroke": {"width": 2, "miterLimit": @}}"##)),
        Place(path: "layers[0].fill.linear.from[0]",
              scene: layer(##"{"type": "rect", "frame": [0, 0, 20, 20], "fill": {"linear": {"from": [@, 0], "to": [20, 0], "stops": [[0, "#000000"], [1, "#ffffff"]]}}}"##)),
        Place(path: "layers[0].fill.linear.stops[0][0]",
              scene: layer(##"{"type": "rect", "frame": [0, 0, 20, 20], "fill": {"linear": {"from": [0, 0], "to": [20, 0], "stops": [[@, "#000000"], [1, "#ffffff"]], "spread": "reflect"}}}"##)),
        Place(path: "layers[0].fill.radial.center[1]",
              scene: layer(##"{"type": "rect", "frame": [0, 0, 20, 20], "fill": {"radial": {"center": [10, @], "radius": 5, "stops": [[0, "#000000"], [1, "#ffffff"]]}}}"##)),
        Place(path: "layers[0].fill.radial.radius",
              scene: layer(##"{"type": "rect", "frame": [0, 0, 20, 20], "fill": {"radial": {"center": [10, 10], "radius": @, "stops": [[0, "#000000"], [1, "#ffffff"]], "spread": "repeat"}}}"##)),
        Place(path: "layers[0].position[0]", scene: layer(##"{"type": "text", "text": "Hi", "position": [@, 15]}"##)),
        Place(path: "layers[0].size", scene: layer(##"{"type": "text", "text": "Hi", "position": [2, 15], "size": @}"##)),
        Place(path: "layers[0].frame[2]", scene: layer(##"{"type": "image", "src": "\##(imagePath)", "frame": [0, 0, @, 10]}"##)),
        Place(path: "layers[0].filters[0].sigma",
              scene: layer("{\"type\": \"group\", \"filters\": [{\"type\": \"blur\", \"sigma\": @}], \"layers\": [{\(rect)}]}")),
        Place(path: "layers[0].filters[0].alpha",
              scene: layer("{\"type\": \"group\", \"filters\": [{\"type\": \"threshold\", \"alpha\": @}], \"layers\": [{\(rect)}]}")),
        Place(path: "layers[0].filters[0].softness",
              scene: layer("{\"type\": \"group\", \"filters\": [{\"type\": \"threshold\", \"softness\": @}], \"layers\": [{\(rect)}]}")),
        Place(path: "layers[0].filters[0].amount",
              scene: layer("{\"type\": \"group\", \"filters\": [{\"type\": \"saturate\", \"amount\": @}], \"layers\": [{\(rect)}]}")),
        Place(path: "layers[0].shape.circle[2]", scene: layer(##"{"type": "glass", "shape": {"circle": [10, 10, @]}}"##)),
        Place(path: "layers[0].shape.rect[2]", scene: layer(##"{"type": "glass", "shape": {"rect": [2, 2, @, 10]}}"##)),
        Place(path: "layers[0].shape.cornerRadius", scene: layer(##"{"type": "glass", "shape": {"rect": [2, 2, 16, 10], "cornerRadius": @}}"##)),
        Place(path: "layers[0].shape.cornerRadius.capsule",
              scene: layer(##"{"type": "glass", "shape": {"rect": [2, 2, 16, 10], "cornerRadius": {"capsule": @}}}"##)),
        Place(path: "layers[0].opacity", scene: layer("{\(glass), \"opacity\": @}")),
        Place(path: "layers[0].materialize", scene: layer("{\(glass), \"materialize\": @}")),
        Place(path: "layers[0].material.frost", scene: layer("{\(glass), \"material\": {\"frost\": @}}")),
        Place(path: "layers[0].material.saturation", scene: layer("{\(glass), \"material\": {\"saturation\": @}}")),
        Place(path: "layers[0].material.refractiveIndex", scene: layer("{\(glass), \"material\": {\"refractiveIndex\": @}}")),
        Place(path: "layers[0].material.bevel", scene: layer("{\(glass), \"material\": {\"bevel\": @}}")),
        Place(path: "layers[0].material.thickness", scene: layer("{\(glass), \"material\": {\"thickness\": @}}")),
        Place(path: "layers[0].material.dispersion", scene: layer("{\(glass), \"material\": {\"dispersion\": @}}")),
        Place(path: "layers[0].material.lightAngle", scene: layer("{\(glass), \"material\": {\"lightAngle\": @}}")),
        Place(path: "layers[0].material.rim", scene: layer("{\(glass), \"material\": {\"rim\": @}}")),
        Place(path: "layers[0].material.shadow.opacity", scene: layer("{\(glass), \"material\": {\"shadow\": {\"opacity\": @}}}")),
        Place(path: "layers[0].material.shadow.radius", scene: layer("{\(glass), \"material\": {\"shadow\": {\"radius\": @}}}")),
        Place(path: "layers[0].material.shadow.offset[1]", scene: layer("{\(glass), \"material\": {\"shadow\": {\"offset\": [0, @]}}}")),
        Place(path: "layers[0].interaction.press", scene: layer("{\(glass), \"interaction\": {\"press\": @}}")),
        Place(path: "layers[0].interaction.scale", scene: layer("{\(glass), \"interaction\": {\"press\": 1, \"scale\": @}}")),
        Place(path: "layers[0].interaction.touch[0]", scene: layer("{\(glass), \"interaction\": {\"press\": 1, \"touch\": [@, 5]}}")),
        Place(path: "layers[0].interaction.glow", scene: layer("{\(glass), \"interaction\": {\"press\": 1, \"glow\": @}}")),
        Place(path: "layers[0].interaction.drag[0]", scene: layer("{\(glass), \"interaction\": {\"press\": 1, \"drag\": [@, 0]}}")),
        Place(path: "layers[0].spacing",
              scene: layer(##"{"type": "glassContainer", "spacing": @, "children": [{"shape": {"circle": [6, 10, 4]}}, {"shape": {"circle": [13, 10, 4]}}]}"##)),
        Place(path: "layers[0].cornerRadius",
              scene: layer(##"{"type": "glassContainer", "frame": [0, 0, 20, 20], "cornerRadius": @, "children": [{"shape": {"rect": [2, 2, 16, 16], "cornerRadius": {"concentric": 2}}}]}"##)),
        Place(path: "layers[0].children[0].shape.cornerRadius.concentric",
              scene: layer(##"{"type": "glassContainer", "frame": [0, 0, 20, 20], "cornerRadius": 8, "children": [{"shape": {"rect": [2, 2, 16, 16], "cornerRadius": {"concentric": @}}}]}"##)),
        Place(path: "layers[0].frame[0]",
              scene: layer(##"{"type": "glassContainer", "frame": [@, 0, 20, 20], "children": [{"shape": {"circle": [10, 10, 5]}}]}"##)),
        Place(path: "layers[0].opacity.keyframes[1][0]",
              scene: layer("{\(rect), \"opacity\": {\"keyframes\": [[0, 0], [@, 1]]}}")),
        Place(path: "layers[0].frame.keyframes[1][1][2]",
              scene: layer(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [0, [0, 0, @, 5]]]}}"##),
              resolved: "layers[0].frame[2]"),
        Place(path: "layers[0].opacity.easing.spring.response",
              scene: layer("{\(rect), \"opacity\": {\"keyframes\": [[0, 0], [1, 1]], \"easing\": {\"spring\": {\"response\": @, \"dampingRatio\": 0.5}}}}")),
        Place(path: "layers[0].opacity.easing.spring.dampingRatio",
              scene: layer("{\(rect), \"opacity\": {\"keyframes\": [[0, 0], [1, 1]], \"easing\": {\"spring\": {\"response\": 0.5, \"dampingRatio\": @}}}}")),
    ]

    /// Whether `text` is a number JSON can hold as a finite double (else the parser refuses the text).
    static func isFiniteJSONNumber(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
            && (Double(text)?.isFinite ?? false)
    }

    @Test(arguments: places)
    @MainActor
    func everyBoundaryValueIsRefusedByPathOrDrawn(_ place: Place) {
        for value in BoundaryValues.texts {
            let json = place.scene.replacingOccurrences(of: "@", with: value)
            // Keyframed values are checked at the time that uses them: render the middle and the end.
            do {
                let source = try SceneSource(json: Data(json.utf8), baseDirectory: NSTemporaryDirectory())
                for t in [0, 0.5, 1.0] {
                    let image = try source.document(at: t).render()
                    #expect(image.width > 0 && image.height > 0)
                }
                // The format bounds every number to ±1,000,000 (docs/scene-format.md).
                if let number = Double(value), abs(number) > 1e6 {
                    Issue.record("\(place) = \(value) drew an image; beyond ±1e6 it must be refused")
                }
            } catch let error as LiquidError {
                let message = error.message
                #expect(!message.contains("\n") && message.count < 400, "\(place) = \(value): \(message)")
                for jargon in ["Swift.", "Optional(", "DecodingError", "JSONValue", "LiquidError("] {
                    #expect(!message.contains(jargon), "\(place) = \(value): \(message)")
                }
                if place.inString || Self.isFiniteJSONNumber(value) {
                    let named = [place.path, place.resolved].compactMap { $0 }.contains { error.subject == $0 || message.contains($0) }
                    #expect(named, "\(place) = \(value): the error does not name \(place.path): \(message)")
                } else {
                    #expect(message.contains("line"), "\(place) = \(value): not valid JSON, yet no line is named: \(message)")
                }
            } catch {
                Issue.record("\(place) = \(value): an error that is not a LiquidError: \(error)")
            }
        }
    }
}
