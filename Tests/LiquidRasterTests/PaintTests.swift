import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Paints: gradients and images")
struct PaintTests {
    let red = RGBA(red: 1, green: 0, blue: 0)
    let blue = RGBA(red: 0, green: 0, blue: 1)

    @Test func gradientColoursAtAndBetweenStops() throws {
        let g = try Gradient(stops: [GradientStop(0, red), GradientStop(0.5, .white), GradientStop(1, blue)])
        #expect(g.color(at: 0) == red && g.color(at: 0.5) == .white && g.color(at: 1) == blue)
        let quarter = g.color(at: 0.25)
        #expect(isClose(quarter.red, 1) && isClose(quarter.green, 0.5) && isClose(quarter.blue, 0.5))
        #expect(g.color(at: -3) == red && g.color(at: 7) == blue)
    }

    @Test func straightAndPremultipliedInterpolation() throws {
        let stops = [GradientStop(0, red), GradientStop(1, RGBA(red: 0, green: 0, blue: 1, alpha: 0))]
        let straight = try Gradient(stops: stops).color(at: 0.5)
        #expect(isClose(straight.red, 0.5) && isClose(straight.blue, 0.5) && isClose(straight.alpha, 0.5))
        let premultiplied = try Gradient(stops: stops, interpolation: .premultiplied).color(at: 0.5)
        #expect(isClose(premultiplied.red, 1) && isClose(premultiplied.blue, 0) && isClose(premultiplied.alpha, 0.5))
    }

    @Test func spreadModes() throws {
        #expect(isClose(Gradient.spread(1.25, .pad), 1) && isClose(Gradient.spread(-0.5, .pad), 0))
        #expect(isClose(Gradient.spread(1.25, .repeat), 0.25) && isClose(Gradient.spread(-0.25, .repeat), 0.75))
        #expect(isClose(Gradient.spread(1.25, .reflect), 0.75) && isClose(Gradient.spread(-0.25, .reflect), 0.25))
        #expect(Gradient.spread(.nan, .repeat) == 0)
    }

    @Test func hardStopsAndInvalidGradients() throws {
        let g = try Gradient(stops: [GradientStop(0, red), GradientStop(0.5, red), GradientStop(0.5, blue), GradientStop(1, blue)])
        #expect(g.color(at: 0.49) == red && g.color(at: 0.5) == blue)
        #expect(throws: LiquidError.self) { try Gradient(stops: []) }
        #expect(throws: LiquidError.self) { try Gradient(stops: [GradientStop(.nan, red)]) }
        // Out-of-order positions are clamped to be non-decreasing, as in CSS.
        let clamped = try Gradient(stops: [GradientStop(0.6, red), GradientStop(0.2, blue)])
        #expect(clamped.stops.map(\.position) == [0.6, 0.6])
    }

    @Test func linearGradientPixels() throws {
        let g = try Gradient(stops: [GradientStop(0, red), GradientStop(1, RGBA(red: 0, green: 1, blue: 0))])
        var canvas = Canvas(try Pixmap(width: 256, height: 4))
        let paint = Paint.linearGradient(LinearGradient(start: Point(0, 0), end: Point(256, 0), gradient: g))
        canvas.fillRect(Rect(x: 0, y: 0, width: 256, height: 4), paint: paint)
        for x in stride(from: 0, to: 256, by: 17) {
            let t = (Double(x) + 0.5) / 256
            let p = canvas.pixmap[x, 2]
            #expect(p.alpha == 255)
            #expect(abs(Double(p.red) - 255 * (1 - t)) <= 1.5 && abs(Double(p.green) - 255 * t) <= 1.5)
        }
    }

    @Test func radialGradientPixels() throws {
        let g = try Gradient(stops: [GradientStop(0, .white), GradientStop(1, .black)])
        var canvas = Canvas(try Pixmap(width: 101, height: 101))
        let paint = Paint.radialGradient(RadialGradient(center: Point(50.5, 50.5), radius: 40, gradient: g))
        canvas.fillRect(Rect(x: 0, y: 0, width: 101, height: 101), paint: paint)
        #expect(canvas.pixmap[50, 50].red == 255)
        #expect(abs(Int(canvas.pixmap[70, 50].red) - 128) <= 1)
        #expect(canvas.pixmap[95, 50].red == 0 && canvas.pixmap[95, 50].alpha == 255)
    }

    @Test func imageDrawnAtAnIntegerOffsetIsCopiedExactly() throws {
        var image = try Pixmap(width: 3, height: 2)
        let colours: [PremultipliedRGBA8] = [
            .white, .black, PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 40),
            PremultipliedRGBA8(red: 200, green: 0, blue: 100, alpha: 250), .transparent, .white,
        ]
        for (i, c) in colours.enumerated() { image[i % 3, i / 3] = c }
        var canvas = Canvas(try Pixmap(width: 10, height: 10))
        canvas.drawImage(image, transform: AffineTransform(translationX: 4, y: 5))
        for (i, c) in colours.enumerated() { #expect(canvas.pixmap[4 + i % 3, 5 + i / 3] == c) }
        #expect(canvas.pixmap[3, 5] == .transparent && canvas.pixmap[7, 5] == .transparent)
    }

    @Test func imageScaledUpIsBilinear() throws {
        var image = try Pixmap(width: 2, height: 1)
        image[0, 0] = .black
        image[1, 0] = .white
        var canvas = Canvas(try Pixmap(width: 16, height: 4))
        canvas.drawImage(image, transform: AffineTransform(scaleX: 8, y: 4))
        let row = (0..<16).map { Int(canvas.pixmap[$0, 1].red) }
        #expect(row[0] == 0 && row[15] == 255)
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
        // Pixel 8's centre is at image x = 8.5 / 8 − 0.5 = 0.5625 of the way from black to white.
        #expect(abs(row[8] - 143) <= 1)
    }
}
