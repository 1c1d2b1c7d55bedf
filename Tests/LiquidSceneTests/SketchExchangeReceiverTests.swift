import Foundation
import LiquidGeometry
import LiquidScene
import LiquidUI
import Testing

/// The receiver's side of the sketch exchange with the strict reader it is registered with: what arrives
/// is decoded strictly, a refusal is reported in the state, never a trap.
@MainActor
struct SketchExchangeReceiverTests {
    private func host() throws -> (UIRunLoop, SketchExchange) {
        let exchange = SketchExchange(decoder: { data in try Sketch(json: data) })
        let loop = try UIRunLoop(root: exchange, size: SketchExchange.defaultSize, framesPerSecond: 60)
        return (loop, exchange)
    }

    /// JSON with its single quotes made double.
    private func q(_ text: String) -> Data { Data(text.replacingOccurrences(of: "'", with: "\"").utf8) }

    @Test func badSketchesAreReportedInTheStateAndShowNothing() throws {
        let (_, exchange) = try host()
        let tooMany = "[" + Array(repeating: "1", count: 2 * (Sketch.maximumPointsPerStroke + 1)).joined(separator: ",") + "]"
        // Each with a part of the one-line message that names the problem.
        let cases: [(String, Data, String)] = [
            ("NaN", q("{'strokes':[{'color':'#000000','points':[NaN,1],'width':2}]}"), "sketch"),
            ("a number beyond a double", q("{'strokes':[{'color':'#000000','points':[1e999,1],'width':2}]}"), "sketch"),
            ("a huge array", q("{'strokes':[{'color':'#000000','points':\(tooMany),'width':2}]}"), "strokes[0].points: 65537 points"),
            ("an unknown key", q("{'strokes':[{'color':'#000000','points':[1,1],'width':2,'pressure':1}]}"), "strokes[0].pressure: unknown key"),
            ("an unknown top-level key", q("{'strokes':[],'sender':'me'}"), "sender: unknown key"),
            ("a negative width", q("{'strokes':[{'color':'#000000','points':[1,1],'width':-2}]}"), "strokes[0].width"),
            ("not JSON", Data([0xff, 0x00, 0x7b]), "sketch"),
        ]
        for (what, data, part) in cases {
            #expect(exchange.receive(data) == nil, "\(what)")
            let reported = exchange.simulationState["receiveError"]?.description ?? ""
            #expect(reported.contains(part), "\(what): \(reported)")
            #expect(!reported.contains("\n"), "one line")
            #expect(reported == exchange.receiveError)
            #expect(exchange.newestCopies == nil, "nothing shown")
        }
        // A good sketch after the bad ones is received, and the error is cleared.
        let copy = try #require(exchange.receive(q("{'strokes':[{'color':'#ff0000','points':[10,10,50,40],'width':3}]}")))
        #expect(copy.sketch.pointCount == 2)
        #expect(exchange.receiveError == nil)
        #expect(exchange.simulationState["receiveError"] == .string("none"))
    }

    @Test func theReceiversCopyIsTheAuthorsSketchReadBack() throws {
        let (loop, exchange) = try host()
        var touches = [Touch(phase: .began, location: Point(30, 60), timestamp: 0.1)]
        for i in 1...40 {
            let x = 30 + Double(i) * 6
            touches.append(Touch(phase: .moved, location: Point(x, 100 + 40 * sin(x / 25)), timestamp: 0.1 + Double(i) / 120))
        }
        touches.append(Touch(phase: .ended, location: Point(270, 100), timestamp: 0.5))
        loop.run(events: touches, duration: 1.1)
        let copies = try #require(exchange.newestCopies)
        let receiver = try #require(copies.receiver)
        #expect(receiver.sketch == copies.author.sketch)
        #expect(copies.author.sketch.pointCount > 2 && copies.author.sketch.pointCount < 42, "simplified")
        #expect(exchange.simulationState["sentPoints"] == .number(Double(copies.author.sketch.pointCount)))
        #expect(exchange.receiveError == nil)
    }
}
