import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene
import Testing

@Suite("LiquidScene: typed decoding")
struct SceneDecodingTests {
    /// The one layer of a 20×20 scene.
    func layer(_ json: String) throws -> SceneLayer {
        let document = try SceneTest.document(SceneTest.scene([json]))
        #expect(document.layers.count == 1)
        return document.layers[0]
    }

    @Test(arguments: [
        ("normal", BlendMode.normal), ("copy", .copy), ("multiply", .multiply), ("screen", .screen),
        ("overlay", .overlay), ("soft-light", .softLight), ("plus-lighter", .plusLighter),
        ("destination-out", .destinationOut), ("destination-in", .destinationIn),
    ])
    func blendModesDecodeToLiquidRasterModes(keyword: String, mode: BlendMode) throws {
        let decoded = try layer("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"blend\": \"\(keyword)\"}")
        #expect(decoded.blendMode == mode)
    }

    @Test func everyBlendModeHasAKeyword() throws {
        for mode in BlendMode.allCases {
            let decoded = try layer("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"blend\": \"\(mode)\"}")
            #expect(decoded.blendMode == mode)
        }
    }

    @Test func strokeCapsAndJoinsDecodeToRasterEnums() throws {
        let caps: [(String, LineCap)] = [("butt", .butt), ("round", .round), ("square", .square)]
        let joins: [(String, LineJoin)] = [("miter", .miter), ("round", .round), ("bevel", .bevel)]
        for (capName, cap) in caps {
            for (joinName, join) in joins {
                let decoded = try layer("{\"type\": \"path\", \"d\": \"M 0 0 L 5 5\", \"stroke\": {\"width\": 2, \"cap\": \"\(capName)\", \"join\": \"\(joinName)\", \"miterLimit\": 3}}")
                guard case .shape(_, nil, let stroke?, _) = decoded.content else { Issue.record("not a stroked shape"); return }
                #expect(stroke.style == StrokeStyle(width: 2, cap: cap, join: join, miterLimit: 3))
                #expect(stroke.paint == .color(.black))
            }
        }
        // Defaults: butt, miter, limit 4, width 1.
        let plain = try layer("{\"type\": \"path\", \"d\": \"M 0 0 L 5 5\", \"stroke\": {}}")
        guard case .shape(_, _, let stroke?, _) = plain.content else { Issue.record("not a stroked shape"); return }
        #expect(stroke.style == StrokeStyle(width: 1, cap: .butt, join: .miter, miterLimit: 4))
    }

    @Test func textAlignmentAndFontDecode() throws {
        let alignments: [(String, TextRenderer.Alignment)] = [("left", .left), ("center", .center), ("right", .right)]
        for (name, alignment) in alignments {
            let decoded = try layer("{\"type\": \"text\", \"text\": \"Hi\", \"position\": [3, 15], \"align\": \"\(name)\"}")
            guard case .text(let text) = decoded.content else { Issue.record("not text"); return }
            #expect(text.alignment == alignment)
            #expect(text.position == Point(3, 15) && text.size == 17 && text.color == .black)
            #expect(text.font == .family("DejaVu Sans"))
        }
        let filed = try layer("{\"type\": \"text\", \"text\": \"Hi\", \"position\": [3, 15], \"font\": \"fonts/a.ttf\"}")
        guard case .text(let text) = filed.content else { Issue.record("not text"); return }
        #expect(text.font == .file(NSTemporaryDirectory() + "/fonts/a.ttf"))
    }

    @Test func cornerStylesFillRulesAndRadiiDecode() throws {
        let continuous = try layer("{\"type\": \"rect\", \"frame\": [1, 2, 10, 8], \"cornerRadius\": [1, 2, 3, 4], \"corners\": \"continuous\", \"fill\": \"#ff0000\", \"fillRule\": \"evenodd\"}")
        guard case .shape(.rect(let frame, let radii, let style), let fill?, nil, let rule) = continuous.content else {
            Issue.record("not a filled rect"); return
        }
        #expect(frame == Rect(x: 1, y: 2, width: 10, height: 8))
        #expect(radii == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
        #expect(style == .continuous && rule == .evenOdd)
        #expect(fill == .color(RGBA(red: 1, green: 0, blue: 0)))
        let circular = try layer("{\"type\": \"rect\", \"frame\": [1, 2, 10, 8], \"cornerRadius\": 3, \"fill\": \"#ff0000\"}")
        guard case .shape(.rect(_, let r, let s), _, _, let defaultRule) = circular.content else { Issue.record("not a rect"); return }
        #expect(r == CornerRadii(all: 3) && s == .circular && defaultRule == .nonZero)
    }

    @Test func gradientSpreadsDecodeToRasterModes() throws {
        let spreads: [(String, SpreadMode)] = [("pad", .pad), ("repeat", .repeat), ("reflect", .reflect)]
        for (name, spread) in spreads {
            let decoded = try layer("{\"type\": \"ellipse\", \"frame\": [0, 0, 10, 10], \"fill\": {\"linear\": {\"from\": [0, 0], \"to\": [10, 0], \"stops\": [[0, \"#000000\"], [1, \"#ffffff\"]], \"spread\": \"\(name)\"}}}")
            guard case .shape(_, let fill?, _, _) = decoded.content else { Issue.record("no fill"); return }
            #expect(fill == .linear(from: Point(0, 0), to: Point(10, 0),
                                    stops: [GradientStop(0, .black), GradientStop(1, .white)], spread: spread))
        }
    }

    @Test func filtersDecodeToTypedCases() throws {
        let group = try layer("{\"type\": \"group\", \"filters\": [{\"type\": \"blur\", \"sigma\": 3}, {\"type\": \"threshold\", \"color\": \"#ffffff\", \"softness\": 0.1}, {\"type\": \"goo\"}, {\"type\": \"saturate\", \"amount\": 1.5}]}")
        guard case .group(let children, let filters) = group.content else { Issue.record("not a group"); return }
        #expect(children.isEmpty)
        #expect(filters == [.blur(sigma: 3), .threshold(alpha: 0.5, color: .white, softness: 0.1), .goo, .saturate(1.5)])
    }

    @Test func transformsComposeScaleRotateTranslate() throws {
        let decoded = try layer("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"transform\": {\"scale\": 2, \"rotate\": 90, \"translate\": [10, 0]}}")
        let p = decoded.transform.apply(to: Point(1, 0))
        // (1, 0) → scale (2, 0) → rotate 90° (0, 2) → translate (10, 2).
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 2) < 1e-12)
    }

    /// A bad value for each enum names its JSON path and the choices.
    @Test(arguments: [
        ("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"blend\": \"dodge\"}",
         "layers[1]: unknown blend mode 'dodge' (use one of normal, copy, multiply, screen, overlay, soft-light, plus-lighter, destination-out, destination-in)"),
        ("{\"type\": \"path\", \"d\": \"M 0 0 L 5 5\", \"stroke\": {\"cap\": \"flat\"}}",
         "layers[1].stroke: cap must be butt, round or square; got 'flat'"),
        ("{\"type\": \"path\", \"d\": \"M 0 0 L 5 5\", \"stroke\": {\"join\": \"sharp\"}}",
         "layers[1].stroke: join must be miter, round or bevel; got 'sharp'"),
        ("{\"type\": \"text\", \"text\": \"Hi\", \"position\": [0, 10], \"align\": \"justify\"}",
         "layers[1]: align must be left, center or right; got 'justify'"),
        ("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"corners\": \"square\"}",
         "layers[1]: corners must be circular or continuous; got 'square'"),
        ("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"fillRule\": \"odd\"}",
         "layers[1]: fillRule must be nonzero or evenodd; got 'odd'"),
        ("{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": {\"linear\": {\"from\": [0, 0], \"to\": [1, 0], \"stops\": [[0, \"#000000\"]], \"spread\": \"wrap\"}}}",
         "layers[1].fill.linear: spread must be pad, repeat or reflect; got 'wrap'"),
        ("{\"type\": \"group\", \"layers\": [], \"filters\": [{\"type\": \"sharpen\"}]}",
         "layers[1].filters[0]: unknown filter 'sharpen' (use blur, threshold, goo or saturate)"),
        ("{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"material\": {\"style\": \"frosted\"}}",
         "layers[1].material: style must be regular, clear or identity; got 'frosted'"),
    ])
    func badEnumValuesNameTheirPath(layer: String, message: String) {
        let ok = "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#000000\"}"
        #expect(SceneTest.error(SceneTest.scene([ok, layer]))?.description == message)
    }

    /// The messages the command line has always printed (after the file name), path first.
    @Test(arguments: [
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#zz0000\"}]}",
         "layers[0].fill: '#zz0000' is not a colour (use #rrggbb or #rrggbbaa)"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"blob\"}]}",
         "layers[0]: unknown layer type 'blob' (use rect, ellipse, path, polyline, text, image, group, glass or glassContainer)"),
        ("{\"width\": -10, \"height\": 10}", "width: width must be positive and finite; got -10.0"),
        ("{\"width\": 10}", "height: missing"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5]}]}",
         "layers[0].frame: frame must be [x, y, width, height] with finite numbers and a non-negative size; got [0.0, 0.0, 5.0]"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5]}]}",
         "layers[0]: a rect needs a fill, a stroke or both"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"group\", \"layers\": [{\"type\": \"ellipse\", \"frame\": [0, 0, 5, 5], \"fill\": {\"radial\": {\"center\": [2, 2], \"radius\": 0, \"stops\": [[0, \"#000000\"]]}}}]}]}",
         "layers[0].layers[0].fill.radial.radius: radius must be positive and finite; got 0.0"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"opacity\": 2}]}",
         "layers[0].opacity: opacity must be between 0 and 1; got 2.0"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"glass\", \"shape\": {\"circle\": [5, 5, 3]}, \"transform\": {\"rotate\": 10}}]}",
         "layers[0]: glass layers take no transform; place them with their shapes"),
        ("{\"width\": 10, \"height\": 10, \"layers\": 3}", "layers: expected a list, found a number"),
        ("[1, 2]", "scene: must be a JSON object"),
    ])
    func errorsNameTheirJSONPath(json: String, message: String) {
        #expect(SceneTest.error(json)?.description == message)
    }

    @Test func invalidJSONIsOneError() {
        #expect(SceneTest.error("not json")?.description == "scene: not valid JSON: expected a value, found 'not' (line 1, column 1)")
    }

    @Test(arguments: [
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[1, [0,0,1,1]], [0, [0,0,2,2]]]}}]}",
         "layers[0].frame.keyframes[1][0]: keyframe times must not decrease (0.0 after 1.0)"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[0, [0,0,1,1]], [1, [0,0,2]]]}}]}",
         "layers[0].frame.keyframes[1][1]: keyframe lists must have the same length (4 vs 3)"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": [[0, [0,0,1,1]]], \"easing\": \"bouncy\"}}]}",
         "layers[0].frame: easing must be linear, easeIn, easeOut, easeInOut or {\"spring\": {…}}; got 'bouncy'"),
        ("{\"width\": 10, \"height\": 10, \"layers\": [{\"type\": \"rect\", \"fill\": \"#000000\", \"frame\": {\"keyframes\": []}}]}",
         "layers[0].frame: keyframes must be a non-empty list of [time, value] pairs"),
        ("{\"width\": {\"keyframes\": [[0, \"x\"], [1, \"y\"]]}, \"height\": 10}",
         "width.keyframes[0][1]: expected a number, found a string"),
    ])
    func keyframeErrorsNameTheirPath(json: String, message: String) {
        do {
            _ = try SceneTest.document(json, at: 0.5)
            Issue.record("decoded")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func keyframesResolveAtTheGivenTime() throws {
        let json = "{\"width\": 100, \"height\": 10, \"duration\": 3, \"layers\": [{\"type\": \"rect\", \"fill\": {\"keyframes\": [[0, \"#000000\"], [2, \"#ffffff\"]]}, \"frame\": {\"keyframes\": [[0, [0, 0, 0, 10]], [2, [0, 0, 100, 10]]]}}]}"
        let source = try SceneSource(json: Data(json.utf8), baseDirectory: "/")
        #expect(source.declaredDuration == 3 && source.lastKeyTime == 2)
        for (t, width) in [(0.0, 0.0), (0.5, 25.0), (1.0, 50.0), (2.0, 100.0), (7.0, 100.0)] {
            let document = try source.document(at: t)
            guard case .shape(.rect(let frame, _, _), let fill?, _, _) = document.layers[0].content else {
                Issue.record("not a rect"); return
            }
            #expect(frame.width == width)
            let grey = try RGBA(hex: RGBA(red: width / 100, green: width / 100, blue: width / 100).clamped().hexString)
            #expect(fill == .color(grey))
        }
    }
}
