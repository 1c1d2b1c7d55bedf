import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

@Suite("Rasterizer robustness")
struct RasterFuzzTests {
    static func allPixelsValid(_ pixmap: Pixmap) -> Bool {
        let b = pixmap.bytes
        var i = 0
        while i < b.count {
            if b[i] > b[i + 3] || b[i + 1] > b[i + 3] || b[i + 2] > b[i + 3] { return false }
            i += 4
        }
        return true
    }

    static func randomCoordinate(_ random: inout SeededRandom) -> Double {
        switch Int(random.uniform(0...9.999)) {
        case 0: return [1e30, -1e30, 1e300, -1e300, 0, -0.0][Int(random.uniform(0...5.999))]
        case 1: return random.uniform(-1e6...1e6)
        default: return random.uniform(-20...84)
        }
    }

    @Test func randomHugeAndManySegmentPathsNeverCrash() throws {
        var random = SeededRandom(seed: 2024)
        var canvas = Canvas(try Pixmap(width: 64, height: 64, fill: PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 200)))
        let gradient = try Gradient(stops: [GradientStop(0, .white), GradientStop(1, RGBA(red: 1, green: 0, blue: 0, alpha: 0.3))], spread: .reflect)
        for round in 0..<60 {
            var path = Path()
            let segments = round % 20 == 0 ? 10_000 : Int(random.uniform(1...50))
            path.move(to: Point(Self.randomCoordinate(&random), Self.randomCoordinate(&random)))
            for _ in 0..<segments {
                let p = Point(Self.randomCoordinate(&random), Self.randomCoordinate(&random))
                switch Int(random.uniform(0...3.999)) {
                case 0: path.line(to: p)
                case 1: path.quad(to: p, control: Point(Self.randomCoordinate(&random), Self.randomCoordinate(&random)))
                case 2: path.cubic(to: p, control1: Point(Self.randomCoordinate(&random), 10), control2: Point(5, Self.randomCoordinate(&random)))
                default: path.close()
                }
            }
            let paint: Paint = round % 3 == 0
                ? .linearGradient(LinearGradient(start: Point(0, 0), end: Point(30, 40), gradient: gradient))
                : .color(RGBA(red: random.uniform(0...1), green: 0.5, blue: 1, alpha: random.uniform(0...1)))
            canvas.fill(path, paint: paint, rule: round % 2 == 0 ? .nonZero : .evenOdd)
            canvas.stroke(path, style: StrokeStyle(width: random.uniform(0.1...6), cap: .round, join: .miter), paint: paint)
        }
        #expect(Self.allPixelsValid(canvas.pixmap))
    }

    @Test func nanPointsLeaveThePixmapUntouched() throws {
        let before = try Pixmap(width: 16, height: 16, fill: .white)
        var canvas = Canvas(before)
        var path = Path(rect: Rect(x: 2, y: 2, width: 8, height: 8))
        path.line(to: Point(3, .nan))
        canvas.fill(path, paint: .color(.black))
        canvas.stroke(path, style: StrokeStyle(width: 3), paint: .color(.black))
        canvas.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        canvas.fillRect(Rect(x: 0, y: 0, width: 16, height: 16), paint: .color(.black))
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 16, height: 16)), paint: .color(.black))
        #expect(canvas.pixmap == before)
    }

    @Test func zeroAreaPathsDrawNothing() throws {
        var canvas = Canvas(try Pixmap(width: 16, height: 16))
        var line = Path()
        line.move(to: Point(1, 1))
        line.line(to: Point(15, 15))
        canvas.fill(line, paint: .color(.white))
        canvas.fill(Path(rect: Rect(x: 3, y: 3, width: 0, height: 9)), paint: .color(.white))
        canvas.fillRoundedRect(Rect(x: 3, y: 3, width: 9, height: 0), cornerRadii: CornerRadii(all: 2), paint: .color(.white))
        #expect(alphaSum(canvas.pixmap) == 0)
    }
}
