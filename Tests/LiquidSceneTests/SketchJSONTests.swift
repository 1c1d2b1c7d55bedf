import Foundation
import LiquidGeometry
import LiquidScene
import LiquidUI
import Testing

struct SketchJSONTests {
    private func sample() throws -> Sketch {
        try Sketch(strokes: [
            Sketch.Stroke(points: [Point(10, 20.5), Point(30.25, -4)], color: RGBA(red: 1, green: 0.2, blue: 0.4, alpha: 0.5), width: 6),
            Sketch.Stroke(points: [Point(100, 100)], color: .black, width: 2.5),
        ])
    }

    @Test func encodesCompactlyAndReadsBackExactly() throws {
        let sketch = try sample()
        let text = String(decoding: sketch.jsonData(), as: UTF8.self)
        #expect(text == q("{'strokes':[{'color':'#ff336680','points':[10,20.5,30.25,-4],'width':6},{'color':'#000000','points':[100,100],'width':2.5}]}"))
        #expect(try Sketch(json: sketch.jsonData()) == sketch)
    }

    @Test func valuesAreStoredAsTheyAreWritten() throws {
        let stroke = try Sketch.Stroke(points: [Point(1.23456, 2.0049)], color: RGBA(red: 0.3, green: 0.3, blue: 0.3), width: 1.005)
        #expect(stroke.points == [Point(1.23, 2)])
        let sketch = try Sketch(strokes: [stroke])
        #expect(try Sketch(json: sketch.jsonData()) == sketch)
    }

    /// `text` with its single quotes made double (JSON written without escapes).
    private func q(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "\"") }

    /// The one-line error for `text`.
    private func error(_ text: String) -> String {
        do {
            _ = try Sketch(json: Data(text.utf8))
            return "no error"
        } catch {
            return error.message
        }
    }

    @Test func readsStrictly() {
        let ok = q("{'color':'#000000','points':[1,2],'width':3}")
        #expect(error(q("{'strokes':[\(ok)]}")) == "no error")
        #expect(error(q("{'strokes':[\(ok)],'extra':1}")).contains("extra: unknown key"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,2],'widht':3}]}")).contains("strokes[0].widht: unknown key (did you mean 'width'?)"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,'2'],'width':3}]}")).contains("strokes[0].points[1]"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,NaN],'width':3}]}")).contains("line 1"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,1e999],'width':3}]}")) != "no error")
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,2e7],'width':3}]}")).contains("strokes[0].points[1]"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,2,3],'width':3}]}")).contains("strokes[0].points: expected x, y pairs"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[],'width':3}]}")).contains("strokes[0].points"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,2],'width':0}]}")).contains("strokes[0].width: must be more than 0"))
        #expect(error(q("{'strokes':[{'color':'#000000','points':[1,2],'width':null}]}")).contains("strokes[0].width"))
        #expect(error(q("{'strokes':[{'color':'black','points':[1,2],'width':3}]}")).contains("strokes[0].color: expected #rrggbb"))
        #expect(error(q("{'strokes':{}}")).contains("strokes: expected a list"))
        #expect(error(q("{}")).contains("strokes"))
    }

    @Test func refusesArraysPastTheCaps() {
        let many = Array(repeating: "0", count: 2 * Sketch.maximumPointsPerStroke + 2).joined(separator: ",")
        #expect(error(q("{'strokes':[{'color':'#000000','points':[\(many)],'width':3}]}"))
            .contains("strokes[0].points: 65537 points; a stroke holds at most 65536"))
        let stroke = q("{'color':'#000000','points':[1,2],'width':3}")
        let strokes = Array(repeating: stroke, count: Sketch.maximumStrokes + 1).joined(separator: ",")
        #expect(error(q("{'strokes':[\(strokes)]}")).contains("strokes: 1025 strokes; a sketch holds at most 1024"))
    }
}
