import Foundation
import LiquidGeometry
import LiquidScene
import Testing

/// The scene format is read strictly: each bad input below is refused with one error at exactly the
/// JSON path given, whose message holds the fragment given.
@Suite("LiquidScene: strict reading")
struct StrictDecodingTests {
    /// A 20×20 scene holding one layer.
    static func scene(_ layer: String) -> String { SceneTest.scene([layer]) }

    /// Expects `json` to be refused at `path` with `fragment` in the message, in one short line in the
    /// project's own words.
    func expectRefused(_ json: String, at path: String, mentioning fragment: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = SceneTest.error(json) else {
            Issue.record("accepted: \(json)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.subject == path, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        Self.expectOneShortLine(error, sourceLocation: sourceLocation)
    }

    /// One line under 300 characters (no line breaks or other control characters), free of Foundation's
    /// and Swift's own wording.
    static func expectOneShortLine(_ error: LiquidError, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = error.description
        #expect(text.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } && text.count < 300, "\(text.count) characters: \(text.prefix(400))", sourceLocation: sourceLocation)
        for foreign in ["NSCocoaErrorDomain", "The data couldn", "Swift.", "Optional(", "Array<", "Dictionary<", "DecodingError", "CodingKeys"] {
            #expect(!text.contains(foreign), "\(text)", sourceLocation: sourceLocation)
        }
    }

    static let rect = ##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000""##

    // MARK: - Unknown keys

    /// Every kind of object in the format refuses a key it does not know, at the key's own path, and
    /// suggests the known key when the typo is close.
    @Test(arguments: [
        (##"{"width": 10, "height": 10, "widht": 3}"##, "widht", "unknown key (did you mean 'width'?)"),
        (scene(rect + ##", "opacty": 0.5}"##), "layers[0].opacty", "unknown key (did you mean 'opacity'?)"),
        (scene(rect + ##", "Opacity": 0.5}"##), "layers[0].Opacity", "did you mean 'opacity'?"),
        (scene(rect + ##", "zzz": 1}"##), "layers[0].zzz", "unknown key (a rect layer takes type, opacity, blend, transform, frame"),
        (scene(##"{"typ": "rect", "frame": [0, 0, 5, 5], "fill": "#000000"}"##), "layers[0].typ", "did you mean 'type'?"),
        (scene(##"{"type": "ellipse", "frame": [0, 0, 5, 5], "fil": "#000000"}"##), "layers[0].fil", "did you mean 'fill'?"),
        (scene(##"{"type": "path", "d": "M 0 0 L 5 5", "strok": {}}"##), "layers[0].strok", "did you mean 'stroke'?"),
        (scene(##"{"type": "polyline", "point": [[0, 0], [5, 5]], "stroke": {}}"##), "layers[0].point", "did you mean 'points'?"),
        (scene(##"{"type": "text", "text": "Hi", "position": [0, 10], "colour": "#000000"}"##), "layers[0].colour", "did you mean 'color'?"),
        (scene(##"{"type": "image", "source": "a.png", "frame": [0, 0, 5, 5]}"##), "layers[0].source", "unknown key (a image layer takes type, opacity, blend, transform, src, frame)"),
        (scene(##"{"type": "group", "layers": [], "filter": []}"##), "layers[0].filter", "did you mean 'filters'?"),
        (scene(##"{"type": "group", "layers": [{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "blnd": "normal"}]}"##), "layers[0].layers[0].blnd", "did you mean 'blend'?"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "materal": {}}"##), "layers[0].materal", "did you mean 'material'?"),
        (scene(##"{"type": "glassContainer", "chlidren": []}"##), "layers[0].chlidren", "did you mean 'children'?"),
        (scene(rect + ##", "transform": {"rotat": 10}}"##), "layers[0].transform.rotat", "did you mean 'rotate'?"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linar": {}}}"##), "layers[0].fill.linar", "did you mean 'linear'?"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {"from": [0, 0], "to": [5, 0], "stop": []}}}"##), "layers[0].fill.linear.stop", "did you mean 'stops'?"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"radial": {"centre": [0, 0], "radius": 5, "stops": [[0, "#000000"]]}}}"##), "layers[0].fill.radial.centre", "did you mean 'center'?"),
        (scene(##"{"type": "path", "d": "M 0 0 L 5 5", "stroke": {"widht": 2}}"##), "layers[0].stroke.widht", "did you mean 'width'?"),
        (scene(##"{"type": "group", "layers": [], "filters": [{"type": "blur", "sigm": 2}]}"##), "layers[0].filters[0].sigm", "did you mean 'sigma'?"),
        (scene(##"{"type": "group", "layers": [], "filters": [{"type": "threshold", "colour": "#ffffff"}]}"##), "layers[0].filters[0].colour", "did you mean 'color'?"),
        (scene(##"{"type": "glass", "shape": {"circel": [5, 5, 3]}}"##), "layers[0].shape.circel", "did you mean 'circle'?"),
        (scene(##"{"type": "glass", "shape": {"rect": [0, 0, 9, 9], "cornerRadius": {"capsul": 4}}}"##), "layers[0].shape.cornerRadius.capsul", "did you mean 'capsule'?"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "material": {"tnt": "#ffffff"}}"##), "layers[0].material.tnt", "did you mean 'tint'?"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "material": {"shadow": {"radus": 4}}}"##), "layers[0].material.shadow.radus", "did you mean 'radius'?"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "interaction": {"pres": 1}}"##), "layers[0].interaction.pres", "did you mean 'press'?"),
        (scene(##"{"type": "glassContainer", "children": [{"shape": {"circle": [5, 5, 3]}, "unionId": "a"}]}"##), "layers[0].children[0].unionId", "did you mean 'unionID'?"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]]], "easin": "linear"}}"##), "layers[0].frame.easin", "did you mean 'easing'?"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]]], "easing": {"spring": {"dampingratio": 1}}}}"##), "layers[0].frame.easing.spring.dampingratio", "did you mean 'dampingRatio'?"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]]], "easing": {"sprung": {}}}}"##), "layers[0].frame.easing.sprung", "did you mean 'spring'?"),
    ])
    func unknownKeysAreRefused(json: String, path: String, fragment: String) {
        expectRefused(json, at: path, mentioning: fragment)
    }

    /// A key of another variant of the same object is named as not applying to this one.
    @Test(arguments: [
        (scene(rect + ##", "d": "M 0 0"}"##), "layers[0].d", "does not apply to a rect layer"),
        (scene(##"{"type": "ellipse", "frame": [0, 0, 5, 5], "fill": "#000000", "cornerRadius": 2}"##), "layers[0].cornerRadius", "does not apply to a ellipse layer"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "children": []}"##), "layers[0].children", "does not apply to a glass layer"),
        (scene(##"{"type": "glassContainer", "children": [], "shape": {"circle": [5, 5, 3]}}"##), "layers[0].shape", "does not apply to a glassContainer layer"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3], "cornerRadius": 2}}"##), "layers[0].shape.cornerRadius", "does not apply to a circle shape"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3], "corners": "continuous"}}"##), "layers[0].shape.corners", "does not apply to a circle shape"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {"from": [0, 0], "to": [5, 0], "radius": 3, "stops": [[0, "#000000"]]}}}"##), "layers[0].fill.linear.radius", "does not apply to a linear gradient"),
        (scene(##"{"type": "group", "layers": [], "filters": [{"type": "blur", "sigma": 2, "alpha": 0.5}]}"##), "layers[0].filters[0].alpha", "does not apply to a blur filter"),
        (scene(##"{"type": "group", "layers": [], "filters": [{"type": "goo", "sigma": 2}]}"##), "layers[0].filters[0].sigma", "does not apply to a goo filter"),
    ])
    func keysOfAnotherVariantAreRefused(json: String, path: String, fragment: String) {
        expectRefused(json, at: path, mentioning: fragment)
    }

    /// Keys that exclude each other.
    @Test(arguments: [
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3], "rect": [0, 0, 5, 5]}}"##), "layers[0].shape", "'circle' and 'rect' exclude each other"),
        (scene(##"{"type": "glassContainer", "children": [{"shape": {"rect": [0, 0, 5, 5], "circle": [5, 5, 3]}}]}"##), "layers[0].children[0].shape", "'circle' and 'rect' exclude each other"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {}, "radial": {}}}"##), "layers[0].fill", "'linear' and 'radial' exclude each other"),
        (scene(##"{"type": "glass", "shape": {"rect": [0, 0, 9, 9], "cornerRadius": {"capsule": 4, "concentric": 2}}}"##), "layers[0].shape.cornerRadius", "'capsule' and 'concentric' exclude each other"),
    ])
    func exclusiveKeysAreRefused(json: String, path: String, fragment: String) {
        expectRefused(json, at: path, mentioning: fragment)
    }

    // MARK: - Types and null

    /// A value of the wrong type names the path, the type wanted and what was found; `null` is never
    /// taken as absent.
    @Test(arguments: [
        (##"{"width": 10, "height": 10, "duration": "2"}"##, "duration", "expected a number, found a string"),
        (##"{"width": "10", "height": 10}"##, "width", "expected a number, found a string"),
        (##"{"width": 10, "height": 10, "title": 3}"##, "title", "expected a string, found a number"),
        (##"{"width": 10, "height": 10, "caption": ["a"]}"##, "caption", "expected a string, found a list"),
        (##"{"width": 10, "height": 10, "layers": {}}"##, "layers", "expected a list, found an object"),
        (##"{"width": 10, "height": 10, "layers": [3]}"##, "layers[0]", "expected an object, found a number"),
        (scene(rect + ##", "opacity": true}"##), "layers[0].opacity", "expected a number, found true"),
        (scene(##"{"type": "rect", "frame": [0, 0, "5", 5], "fill": "#000000"}"##), "layers[0].frame[2]", "expected a number, found a string"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": 3}"##), "layers[0].fill", "expected a colour string or a gradient object, found a number"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "cornerRadius": "big"}"##), "layers[0].cornerRadius", "expected a number or a list of four numbers, found a string"),
        (scene(##"{"type": "polyline", "points": [[0, 0], [5, 5]], "closed": 1, "stroke": {}}"##), "layers[0].closed", "expected true or false, found a number"),
        (scene(##"{"type": "text", "text": 5, "position": [0, 10]}"##), "layers[0].text", "expected a string, found a number"),
        (scene(rect + ##", "transform": {"scale": "2"}}"##), "layers[0].transform.scale", "expected a number or [sx, sy], found a string"),
        (scene(rect + ##", "transform": []}"##), "layers[0].transform", "expected an object, found a list"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {"from": [0, 0], "to": [5, 0], "stops": [[0, 1]]}}}"##), "layers[0].fill.linear.stops[0][1]", "expected a string, found a number"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "material": {"prominent": "yes"}}"##), "layers[0].material.prominent", "expected true or false, found a string"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "material": {"shadow": 0}}"##), "layers[0].material.shadow", "expected \"none\" or an object, found a number"),
        (scene(##"{"type": "glass", "shape": {"rect": [0, 0, 9, 9], "cornerRadius": true}}"##), "layers[0].shape.cornerRadius", "found true"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframe": [[0, [0, 0, 5, 5]]]}}"##), "layers[0].frame", "a keyframed value needs 'keyframes', not 'keyframe'"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]]], "easing": 3}}"##), "layers[0].frame.easing", "expected an easing name or"),
        (##"{"width": 10, "height": 10, "duration": {"keyframes": [[0, 1], [1, 2]]}}"##, "duration", "this value cannot be keyframed"),
        (##"{"width": 10, "height": null}"##, "height", "expected a number, found null"),
        (##"{"width": 10, "height": 10, "scale": null}"##, "scale", "expected a number, found null"),
        (##"{"width": 10, "height": 10, "background": null}"##, "background", "found null"),
        (##"{"width": 10, "height": 10, "layers": null}"##, "layers", "expected a list, found null"),
        (##"{"width": 10, "height": 10, "layers": [null]}"##, "layers[0]", "expected an object, found null"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": null, "stroke": {}}"##), "layers[0].fill", "found null"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "blend": null}"##), "layers[0].blend", "expected a string, found null"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, null], "fill": "#000000"}"##), "layers[0].frame[3]", "expected a number, found null"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "material": {"tint": null}}"##), "layers[0].material.tint", "expected a string, found null"),
        (scene(##"{"type": "rect", "fill": "#000000", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [1, null]]}}"##), "layers[0].frame.keyframes[1][1]", "expected a value, found null"),
    ])
    func wrongTypesAndNullAreRefused(json: String, path: String, fragment: String) {
        expectRefused(json, at: path, mentioning: fragment)
    }

    /// Documented ranges.
    @Test(arguments: [
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "interaction": {"press": 2}}"##), "layers[0].interaction.press", "press must be between 0 and 1; got 2.0"),
        (scene(##"{"type": "glass", "shape": {"circle": [5, 5, 3]}, "interaction": {"press": -0.5}}"##), "layers[0].interaction.press", "press must be between 0 and 1"),
        (scene(rect + ##", "opacity": -0.1}"##), "layers[0].opacity", "opacity must be between 0 and 1"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {"from": [0, 0], "to": [5, 0], "stops": [[1.5, "#000000"]]}}}"##), "layers[0].fill.linear.stops[0][0]", "a stop location must be between 0 and 1"),
        (scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": {"linear": {"from": [0, 0], "to": [5, 0], "stops": [[0.5, "#000000", 3]]}}}"##), "layers[0].fill.linear.stops[0]", "a stop is [location, colour]"),
        (scene(##"{"type": "group", "layers": [], "filters": [{"type": "threshold", "softness": 2}]}"##), "layers[0].filters[0].softness", "softness must be between 0 and 1"),
        (##"{"width": 10, "height": 10, "duration": 0}"##, "duration", "duration must be positive"),
    ])
    func documentedRangesAreEnforced(json: String, path: String, fragment: String) {
        expectRefused(json, at: path, mentioning: fragment)
    }

    // MARK: - JSON text

    /// Syntax errors name the line and column (characters, from 1) where reading stopped.
    @Test(arguments: [
        ("{\"width\": 10,\n \"height\": 10,\n}", "expected a key in double quotes, found '}' (line 3, column 1)"),
        ("{\"width\": 10,\n \"height\" 10}", "expected ':' after the key, found '10' (line 2, column 11)"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [1, 2,]}", "expected a value, found ']' (line 1, column 45)"),
        ("{\"width\": 10, \"height\": 01}", "a number must not start with 0 followed by more digits (line 1, column 25)"),
        ("{\"width\": NaN, \"height\": 10}", "expected a value, found 'NaN' (line 1, column 11)"),
        ("{\"width\": 10, \"height\": 10} x", "expected the end of the text after the JSON value, found 'x' (line 1, column 29)"),
        ("{\"title\": \"é\u{1}\"}", "a string holds the control character U+0001"),
        ("{\"title\": \"\\q\"}", "unknown escape '\\q' in a string"),
        ("{\"title\": \"\\ud800\"}", "the escape U+D800 is half of a surrogate pair"),
        ("{\"title\": \"open", "this string never ends (no closing '\"') (line 1, column 11)"),
        ("", "expected a value, found the end of the text (line 1, column 1)"),
        ("// comment\n{}", "expected a value, found '/' (line 1, column 1)"),
    ])
    func syntaxErrorsNameTheirPlace(json: String, fragment: String) {
        expectRefused(json, at: "scene", mentioning: "not valid JSON: " + fragment)
    }

    @Test func aKeyGivenTwiceIsRefusedAtItsPath() {
        expectRefused(Self.scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "fill": "#ffffff"}"##),
                      at: "layers[0].fill", mentioning: "the key appears twice in this object (line 1, column 99)")
        // A large object too (a repeat is looked for differently once an object holds many keys).
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        expectRefused("{" + many + ", \"k3\": 0}", at: "k3", mentioning: "the key appears twice in this object")
        expectRefused("{" + many + ", \"k39\": 0}", at: "k39", mentioning: "the key appears twice in this object")
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array(##"{"width": 10, "height": 10, "title": "a"##.utf8)
        bytes += [0xFF, 0x22, 0x7D]
        do {
            _ = try SceneSource(json: Data(bytes), baseDirectory: "/")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "scene: not valid JSON: a string is not valid UTF-8 text (line 1, column 38)")
        }
    }

    /// Nesting up to the limit reads (and is then refused for what it holds); one level more is refused as
    /// too deep, not as invalid JSON.
    @Test func nestingDeeperThanTheLimitIsReportedAsSuch() {
        // The document's object, the layers list and the layer are three levels; the rest nest in the frame.
        let prefix = ##"{"width": 10, "height": 10, "layers": [{"type": "rect", "fill": "#000000", "frame": "##
        func nested(_ depth: Int) -> String {
            prefix + String(repeating: "[", count: depth - 3) + String(repeating: "]", count: depth - 3) + "}]}"
        }
        let limit = 100
        let atLimit = SceneTest.error(nested(limit))
        #expect(atLimit?.subject == "layers[0].frame[0]", "\(String(describing: atLimit))")
        // Reading stops at the bracket that opens level 101.
        let beyond = SceneTest.error(nested(limit + 1))
        #expect(beyond?.description == "scene: JSON nested deeper than \(limit) levels (line 1, column \(prefix.count + limit + 1 - 3))")
    }

    /// Quoted input is shortened, so the message stays one short line whatever the file holds.
    @Test func hugeValuesAreElidedInMessages() {
        let digits = String(repeating: "9", count: 1_000_000)
        let number = SceneTest.error(##"{"width": "## + digits + ##", "height": 10}"##)
        #expect(number?.message.contains("…(1000000 characters)…") == true, "\(String(describing: number?.message.prefix(300)))")
        #expect(number?.message.contains("too large") == true)

        let letters = String(repeating: "x", count: 1_000_000)
        let cases = [
            Self.scene(Self.rect + ##", "blend": ""## + letters + ##""}"##),
            Self.scene(##"{"type": "rect", "frame": [0, 0, 5, 5], "fill": ""## + letters + ##""}"##),
            Self.scene(Self.rect + ##", ""## + letters + ##"": 1}"##),
            Self.scene(##"{"type": "rect", "fill": "#000000", "frame": ["## + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]}"),
            Self.scene(##"{"type": "path", "d": "M 0 0 L "## + digits + ##" 0", "stroke": {}}"##),
            Self.scene(##"{"type": "path", "d": "M 0 0 L 1\u00012", "stroke": {}}"##),
        ]
        for json in cases {
            guard let error = SceneTest.error(json) else { Issue.record("accepted"); continue }
            Self.expectOneShortLine(error)
        }
        for error in [number].compactMap({ $0 }) { Self.expectOneShortLine(error) }
    }

    /// A problem deep in nested groups still makes a short line: the middle of a long path is elided.
    @Test func deepPathsAreShortened() {
        var layer = Self.scene(Self.rect + ##", "opacty": 1}"##)
        layer = String(layer.dropFirst(##"{"width": 20, "height": 20, "layers": ["##.count).dropLast(2))
        for _ in 0..<30 { layer = ##"{"type": "group", "layers": ["## + layer + "]}" }
        let error = SceneTest.error(Self.scene(layer))
        #expect(error?.message.hasSuffix("layers[0].opacty: unknown key (did you mean 'opacity'?)") == true, "\(String(describing: error))")
        #expect(error?.message.contains("…") == true)
        if let error { Self.expectOneShortLine(error) }
    }

    /// An object whose variant is unknown is checked against the keys of every variant.
    @Test func keysOfAnUnknownLayerTypeAreCheckedAgainstEveryType() {
        expectRefused(Self.scene(##"{"type": "blob", "zzz": 1}"##), at: "layers[0].zzz", mentioning: "unknown key")
        expectRefused(Self.scene(##"{"type": "blob", "frame": [0, 0, 1, 1]}"##), at: "layers[0]", mentioning: "unknown layer type 'blob'")
    }

    /// Decoding with Foundation's own decoder (the public `Decodable` route) still refuses unknown keys
    /// and resolves paths against the folder given.
    @Test func decodingDirectlyStillRefusesUnknownKeys() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[SceneSource.baseDirectoryKey] = "/scenes"
        let json = ##"{"width": 10, "height": 10, "layers": [{"type": "image", "src": "a.png", "frame": [0, 0, 1, 1]}]}"##
        let document = try decoder.decode(SceneDocument.self, from: Data(json.utf8))
        guard case .image(let path, _) = document.layers.first?.content else { Issue.record("not an image"); return }
        #expect(path == "/scenes/a.png")
        do {
            _ = try decoder.decode(SceneDocument.self, from: Data(##"{"width": 10, "height": 10, "scael": 2}"##.utf8))
            Issue.record("accepted")
        } catch let error as LiquidError {
            #expect(error.description == "scael: unknown key (did you mean 'scale'?)")
        }
    }

    // MARK: - What stays accepted

    /// Keyframed values are accepted wherever plain values are, optional keys may be left out, and every
    /// documented key is known.
    @Test func documentedFormsStillDecode() throws {
        let json = ##"""
        {"width": 40, "height": 40, "scale": 1, "title": "T", "caption": "C", "duration": 2,
         "background": {"radial": {"center": [20, 20], "radius": 20, "stops": [[0, "#ffffff"], [1, "#000000"]], "spread": "pad"}},
         "layers": [
          {"type": "rect", "frame": {"keyframes": [[0, [0, 0, 5, 5]], [1, [5, 5, 5, 5]]], "easing": {"spring": {"response": 0.4, "dampingRatio": 0.7}}},
           "cornerRadius": [1, 2, 3, 4], "corners": "continuous", "fillRule": "evenodd", "opacity": {"keyframes": [[0, 0], [2, 1]]},
           "blend": "multiply", "transform": {"scale": [1, 2], "rotate": 10, "translate": [1, 1]},
           "fill": {"linear": {"from": [0, 0], "to": [5, 0], "stops": [[0, "#000000"], [1, "#ffffff"]], "spread": "reflect"}},
           "stroke": {"width": 2, "paint": "#ff0000", "cap": "round", "join": "bevel", "miterLimit": 3}},
          {"type": "ellipse", "frame": [0, 0, 5, 5], "fill": "#000000"},
          {"type": "path", "d": "M 0 0 L 5 5", "stroke": {}},
          {"type": "polyline", "points": [[0, 0], [5, 5]], "closed": true, "stroke": {}},
          {"type": "text", "text": "Hi", "position": [0, 10], "size": 12, "color": "#000000", "align": "center", "font": "DejaVu Sans"},
          {"type": "image", "src": "a.png", "frame": [0, 0, 5, 5]},
          {"type": "group", "layers": [], "filters": [{"type": "blur", "sigma": 1}, {"type": "threshold", "alpha": 0.5, "color": "#ffffff", "softness": 0.1}, {"type": "goo"}, {"type": "saturate", "amount": 1}]},
          {"type": "glass", "shape": {"rect": [0, 0, 20, 20], "cornerRadius": {"capsule": 8}, "corners": "continuous"},
           "material": {"style": "clear", "tint": "#007aff55", "prominent": true, "frost": 2, "saturation": 1.2, "refractiveIndex": 1.4,
                        "bevel": 4, "thickness": 2, "dispersion": 0.02, "lightAngle": 45, "rim": 0.5, "shadow": {"opacity": 0.2, "radius": 4, "offset": [0, 2]}},
           "materialize": 0.5, "accessibility": ["reduceMotion"], "interaction": {"press": 0.5, "scale": 0.06, "touch": [5, 5], "glow": 0.12, "drag": [1, 0]}},
          {"type": "glassContainer", "spacing": 4, "material": {"shadow": "none"}, "frame": [0, 0, 40, 40], "cornerRadius": 10,
           "children": [{"shape": {"circle": [10, 10, 5]}, "unionID": "a", "identity": "one", "interaction": {"press": 1}},
                        {"shape": {"rect": [20, 20, 10, 10], "cornerRadius": {"concentric": 2}}}]}
         ]}
        """##
        let source = try SceneSource(json: Data(json.utf8), baseDirectory: "/")
        #expect(source.title == "T" && source.caption == "C" && source.declaredDuration == 2)
        for t in [0.0, 0.5, 1.0, 3.0] {
            let document = try source.document(at: t)
            #expect(document.layers.count == 9)
        }
        #expect(try source.document(at: 1).layers[0].opacity == 0.5)
    }

    /// Every example scene loads, at its start, middle and end.
    @Test(arguments: ExampleSceneTests.names)
    func everyExampleSceneLoads(name: String) throws {
        let source = try SceneSource(contentsOfFile: SceneTest.examples.appendingPathComponent(name + ".json").path)
        let end = source.declaredDuration ?? source.lastKeyTime
        for t in [0, end / 2, end] {
            #expect(!(try source.document(at: t).layers.isEmpty))
        }
    }
}
