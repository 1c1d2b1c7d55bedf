import Foundation
import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct SketchExchangeTests {
    /// What one frame showed.
    private struct Sample {
        var t: Double
        var phase: String
        var authorScale: Double
        var receiverScale: Double
        var blur: Double
        var opacity: Double
        var receiveError: String
        var particles: Double
    }

    /// A plain reader of the compact sketch JSON for these tests (the strict one lives in LiquidScene and is
    /// tested there): `{"strokes":[{"color":"#rrggbb","points":[x, y, …],"width":w}]}`.
    private static func plainDecoder(_ data: Data) throws -> Sketch {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["strokes"] as? [[String: Any]]
        else { throw LiquidError(.malformed, "not a sketch") }
        return try Sketch(strokes: list.map { entry in
            let numbers = (entry["points"] as? [NSNumber] ?? []).map(\.doubleValue)
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
            return try Sketch.Stroke(points: points, color: try RGBA(hex: entry["color"] as? String ?? ""),
                                     width: (entry["width"] as? NSNumber)?.doubleValue ?? 0)
        })
    }

    private func host(decoder: @escaping @MainActor (Data) throws -> Sketch = plainDecoder, scale: Double = 1,
                      rendering: Bool = false) throws -> (UIRunLoop, SketchExchange) {
        let exchange = SketchExchange(decoder: decoder)
        let loop = try UIRunLoop(root: exchange, size: SketchExchange.defaultSize, scale: scale, framesPerSecond: 60)
        if rendering { loop.compositor = try Compositor(size: SketchExchange.defaultSize, scale: scale) }
        return (loop, exchange)
    }

    /// A stroke across the canvas: down at 0.1 s, a move every 1/60 s, up at `lift`.
    private func stroke(lift: Double = 0.5, y: Double = 120) -> [Touch] {
        var touches = [Touch(phase: .began, location: Point(40, y), timestamp: 0.1)]
        var t = 0.1 + 1.0 / 60
        var x = 40.0
        while t < lift - 1e-9 {
            x += 8
            touches.append(Touch(phase: .moved, location: Point(x, y + 30 * sin(x / 20)), timestamp: t))
            t += 1.0 / 60
        }
        touches.append(Touch(phase: .ended, location: Point(x, y + 30 * sin(x / 20)), timestamp: lift))
        return touches
    }

    private func play(_ loop: UIRunLoop, _ exchange: SketchExchange, _ touches: [Touch], duration: Double) -> [Sample] {
        var samples: [Sample] = []
        loop.run(events: touches, duration: duration) { frame in
            let s = exchange.simulationState
            samples.append(Sample(t: frame.time, phase: s["phase"]?.description ?? "",
                                  authorScale: s["authorScale"]?.number ?? .nan, receiverScale: s["receiverScale"]?.number ?? .nan,
                                  blur: s["receiverBlur"]?.number ?? .nan, opacity: s["receiverOpacity"]?.number ?? .nan,
                                  receiveError: s["receiveError"]?.description ?? "", particles: s["particles"]?.number ?? .nan))
        }
        return samples
    }

    // MARK: - Independent references

    /// The ease-out curve (control points (0, 0), (0.58, 1)) at `progress`, solved by bisection on x(s).
    private static func easeOut(_ progress: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(0, 0.58, mid) < progress { lo = mid } else { hi = mid }
        }
        return bezier(0, 1, (lo + hi) / 2)
    }

    /// A damping-ratio-0.5 spring of period 0.5 s released at rest `offset` away from 1, `tau` seconds later:
    /// 1 + offset·e^(−ζω₀τ)·(cos ω_d τ + ζω₀/ω_d · sin ω_d τ).
    private static func springBack(offset: Double, tau: Double) -> Double {
        let w0 = 2 * Double.pi / 0.5, zeta = 0.5
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 + offset * exp(-zeta * w0 * tau) * (cos(wd * tau) + zeta * w0 / wd * sin(wd * tau))
    }

    // MARK: - The settle

    @Test func bothCopiesEaseOutThenSpringBackToOne() throws {
        let (loop, exchange) = try host()
        let samples = play(loop, exchange, stroke(lift: 0.5), duration: 3)
        // The release pause ends at 1.0 s: the sketch is sent on that frame.
        let release = try #require(samples.first { $0.phase == "settle" }).t
        #expect(abs(release - 1.0) < 1e-9)
        let copies: [(String, Double, KeyPath<Sample, Double>)] = [("author", 0.95, \.authorScale), ("receiver", 1.1, \.receiverScale)]
        for (role, target, scale) in copies {
            // During the ease: the curve at the elapsed fraction of 0.2 s.
            for sample in samples where sample.t > release && sample.t < release + 0.2 - 1e-9 {
                let expected = 1 + (target - 1) * Self.easeOut((sample.t - release) / 0.2)
                #expect(abs(sample[keyPath: scale] - expected) < 1e-7, "\(role) at \(sample.t)")
            }
            // At its end: exactly the eased scale, on the first frame 0.2 s or more after the release.
            let landed = try #require(samples.first { $0.t > release && $0[keyPath: scale] == target }).t
            #expect(abs(landed - release - 0.2) < 1e-9, "\(role)")
            // During the spring (from rest at the eased scale): the closed form.
            for sample in samples where sample.t > landed && sample.t < landed + 0.5 {
                let expected = Self.springBack(offset: target - 1, tau: sample.t - landed)
                #expect(abs(sample[keyPath: scale] - expected) < 1e-6, "\(role) at \(sample.t)")
            }
            // It overshoots (bounce 0.5), and comes to rest at exactly 1.
            let spring = samples.filter { $0.t > landed }.map { $0[keyPath: scale] }
            #expect(target < 1 ? spring.max()! > 1.005 : spring.min()! < 0.995, "\(role) overshoots")
        }
        let rest = try #require(samples.first { $0.phase == "stay" })
        #expect(rest.authorScale == 1 && rest.receiverScale == 1 && rest.blur == 0 && rest.opacity == 1)
    }

    @Test func theReceiverComesIntoFocusOverFourTenths() throws {
        let (loop, exchange) = try host()
        let samples = play(loop, exchange, stroke(lift: 0.5), duration: 2)
        let release = try #require(samples.first { $0.phase == "settle" }).t
        let start = try #require(samples.first { $0.t == release })
        #expect(start.blur == 20 && start.opacity == 0, "sent blurred and transparent")
        var checked = 0
        for sample in samples where sample.t > release && sample.t < release + 0.4 - 1e-9 {
            let f = Self.easeOut((sample.t - release) / 0.4)
            #expect(abs(sample.blur - 20 * (1 - f)) < 1e-6, "blur at \(sample.t)")
            #expect(abs(sample.opacity - f) < 1e-7, "opacity at \(sample.t)")
            checked += 1
        }
        #expect(checked >= 22)
        for sample in samples where sample.t >= release + 0.4 + 1.0 / 60 {
            #expect(sample.blur == 0 && sample.opacity == 1)
        }
        // The blur filter is gone once in focus, so the copy is no longer drawn as a filtered group.
        let copies = try #require(exchange.newestCopies)
        #expect(copies.receiver?.layer.filters.isEmpty == true)
    }

    @Test func copiesScaleAboutTheSketchsCentre() throws {
        let (loop, exchange) = try host()
        var checked = 0
        loop.run(events: stroke(lift: 0.5), duration: 1.5) { _ in
            guard let copies = exchange.newestCopies, let receiver = copies.receiver else { return }
            let box = SketchView.paddedBox(of: copies.author.sketch)
            let centre = Point(box.midX, box.midY)
            for copy in [copies.author, receiver] {
                let toParent = copy.layer.localToSuperlayer
                let s = copy.layer.transform.a
                let mappedCentre = toParent.apply(to: Point(copy.bounds.midX, copy.bounds.midY))
                #expect(abs(mappedCentre.x - centre.x) < 1e-9 && abs(mappedCentre.y - centre.y) < 1e-9)
                // A corner of the box moves toward or away from the centre by the scale.
                let corner = toParent.apply(to: Point(0, 0))
                #expect(abs(corner.x - (centre.x - s * box.width / 2)) < 1e-9)
                #expect(abs(corner.y - (centre.y - s * box.height / 2)) < 1e-9)
            }
            checked += 1
        }
        #expect(checked > 20)
    }

    // MARK: - The life

    @Test func phasesFollowInOrderAtTheirTimes() throws {
        let (loop, exchange) = try host()
        try exchange.setStayDuration(1)
        let samples = play(loop, exchange, stroke(lift: 0.5), duration: 8)
        var order: [String] = []
        var starts: [String: Double] = [:]
        for sample in samples where order.last != sample.phase {
            order.append(sample.phase)
            starts[sample.phase] = sample.t
        }
        #expect(order == ["idle", "draw", "settle", "stay", "dissolve", "idle"])
        #expect(abs(starts["draw"]! - 0.1) < 1e-9, "the frame of the first touch")
        #expect(abs(starts["settle"]! - 1.0) < 1e-9, "the release pause (0.5 s) after the lift")
        // The settle ends when both springs rest: after the ease and within the spring's settling time.
        let settled = starts["stay"]!
        #expect(settled > 1.2 && settled <= 1.2 + SketchSettle.spring.settlingDuration + 1.0 / 60)
        #expect(abs(starts["dissolve"]! - (settled + 1)) < 1e-9, "the stay")
        #expect(abs(starts["idle", default: 0] - (starts["dissolve"]! + 4)) < 1e-9, "removed at phase 4")
        #expect(exchange.newestCopies == nil)
        #expect(exchange.canvas.subviews.isEmpty)
        #expect(samples.filter { $0.phase != "dissolve" }.allSatisfy { $0.particles == 0 })
        #expect(samples.filter { $0.phase == "dissolve" }.allSatisfy { $0.particles > 0 })
    }

    @Test func drawingAgainDissolvesTheSketchOnScreen() throws {
        let (loop, exchange) = try host()
        var script = stroke(lift: 0.5)
        // A new stroke during the stay (the default stay is 4 s).
        script += [Touch(id: 1, phase: .began, location: Point(60, 40), timestamp: 3),
                   Touch(id: 1, phase: .moved, location: Point(90, 50), timestamp: 3.1),
                   Touch(id: 1, phase: .ended, location: Point(120, 40), timestamp: 3.2)]
        var first: SketchView?
        var hiddenDuringTheNewStroke = false
        var particlesDuringTheNewStroke = 0.0
        var phaseDuringTheNewStroke = ""
        loop.run(events: script, duration: 3.75) { frame in
            if abs(frame.time - 2.9) < 1e-9 { first = exchange.newestCopies?.author }
            if abs(frame.time - 3.05) < 1e-9 {
                hiddenDuringTheNewStroke = first?.isHidden ?? false
                particlesDuringTheNewStroke = exchange.simulationState["particles"]?.number ?? 0
                phaseDuringTheNewStroke = exchange.phase
            }
        }
        let old = try #require(first)
        #expect(phaseDuringTheNewStroke == "draw")
        #expect(hiddenDuringTheNewStroke && particlesDuringTheNewStroke > 0, "the old sketch dissolves as the new stroke begins")
        // The new sketch goes on its own way: sent 0.5 s after its lift.
        let second = try #require(exchange.newestCopies)
        #expect(second.author !== old)
        #expect(exchange.phase == "settle")
    }

    @Test func aReceiverThatCannotDecodeReportsItAndTheAuthorsCopyLivesOn() throws {
        let (loop, exchange) = try host(decoder: { _ in throw LiquidError(.malformed, "sketch: the channel garbled it") })
        try exchange.setStayDuration(0.5)
        let samples = play(loop, exchange, stroke(lift: 0.5), duration: 7)
        let sent = try #require(samples.first { $0.phase == "settle" })
        #expect(sent.receiveError == "sketch: the channel garbled it")
        #expect(samples.map(\.phase).contains("dissolve"))
        #expect(samples.contains { $0.authorScale == 0.95 }, "the author's copy settles")
        #expect(samples.allSatisfy { $0.receiverScale == 1 && $0.opacity == 1 }, "no receiver's copy")
        #expect(samples.last?.phase == "idle")
    }

    /// Inked (not fully transparent) pixels of `copy` drawn at the dissolve's scale.
    private func inkedPixels(_ copy: SketchView) throws -> Int {
        let image = try copy.image(scale: SketchExchange.dissolveScale)
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 0 { count += 1 }
        }
        return count
    }

    @Test func eachCopyBecomesOneParticlePerInkedPixelWhateverTheScreen() throws {
        var counts: [Double] = []
        for (scale, rendering) in [(1.0, false), (2.0, true)] {
            let (loop, exchange) = try host(scale: scale, rendering: rendering)
            try exchange.setStayDuration(0)
            var expected = 0
            var atStart: Double?
            loop.run(events: stroke(lift: 0.5), duration: 2.4) { _ in
                if exchange.phase == "stay", let copies = exchange.newestCopies, let receiver = copies.receiver {
                    expected = (try? inkedPixels(copies.author) + inkedPixels(receiver)) ?? -1
                }
                if atStart == nil, exchange.phase == "dissolve" { atStart = exchange.simulationState["particles"]?.number }
            }
            let particles = try #require(atStart)
            #expect(expected > 1000 && particles == Double(expected), "scale \(scale)")
            let copies = try #require(exchange.newestCopies)
            #expect(copies.author.isHidden && copies.receiver?.isHidden == true, "the particles replace the copies")
            counts.append(particles)
        }
        #expect(counts[0] == counts[1])
    }

    @Test func theStayIsValidated() throws {
        let exchange = SketchExchange(decoder: Self.plainDecoder)
        for bad in [-1, .nan, .infinity, 601] {
            #expect(throws: LiquidError.self) { try exchange.setStayDuration(bad) }
        }
        #expect(exchange.stayDuration == 4)
        try exchange.setStayDuration(0)
        #expect(exchange.stayDuration == 0)
    }

    @Test func theOriginalSpringIsRefusedAndTheOneUsedIsDuration05Bounce05() throws {
        #expect(throws: LiquidError.self) { try Spring(duration: 0.5, bounce: 1.0, mass: 1.5) }
        let used = try Spring(duration: 0.5, bounce: 0.5)
        #expect(abs(SketchSettle.spring.stiffness - used.stiffness) < 1e-9)
        #expect(abs(SketchSettle.spring.damping - used.damping) < 1e-9)
        #expect(SketchSettle.spring.damping > 0)
    }
}
