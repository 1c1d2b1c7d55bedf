#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidRaster
import TestSupport
@testable import LiquidUI

/// Shared scene pieces for the LiquidUI tests.
@MainActor
enum TestScenes {
    /// DejaVu Sans when installed (text layers are left out of scenes without it).
    static let font: Font? = try? Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let green = RGBA(red: 0, green: 1, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)
    static let white = RGBA(red: 1, green: 1, blue: 1)

    /// A layer filled with `color`.
    static func box(_ frame: Rect, _ color: RGBA) -> Layer {
        let layer = Layer(frame: frame)
        layer.backgroundColor = color
        return layer
    }

    /// A 12×8 image of coloured checks.
    static func checkerImage() -> Pixmap {
        var image = try! Pixmap(width: 12, height: 8)
        for y in 0..<8 {
            for x in 0..<12 {
                let on = (x / 3 + y / 2) % 2 == 0
                image[x, y] = on ? PremultipliedRGBA8(red: 240, green: 180, blue: 20, alpha: 255)
                                 : PremultipliedRGBA8(red: 20, green: 60, blue: 160, alpha: 255)
            }
        }
        return image
    }

    /// A five-pointed star filling `rect`.
    static func star(in rect: Rect) -> Path {
        var path = Path()
        let c = rect.center, r = min(rect.width, rect.height) / 2
        for i in 0..<10 {
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2
            let radius = i % 2 == 0 ? r : r * 0.45
            let p = Point(c.x + radius * cos(angle), c.y + radius * sin(angle))
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    /// Exact pixel equality with a readable failure: the first differing pixel.
    static func firstDifference(_ a: Pixmap, _ b: Pixmap) -> String? {
        guard a.width == b.width, a.height == b.height else { return "sizes differ" }
        if a.bytes == b.bytes { return nil }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                return "first difference at (\(x), \(y)): \(a[x, y]) vs \(b[x, y])"
            }
        }
        return nil
    }

    /// Largest channel difference between two images of the same size.
    static func maximumDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        let x = a.bytes, y = b.bytes
        var worst = 0
        for i in 0..<x.count { worst = max(worst, abs(Int(x[i]) - Int(y[i]))) }
        return worst
    }
}

/// A deterministic backdrop effect for tests: inside the shape's box it shows the backdrop shifted by the
/// sample outset (so reading beyond the shape matters), colour-inverted and made opaque.
final class InvertingBackdrop: BackdropEffect {
    let sampleOutset: Double

    init(sampleOutset: Double) { self.sampleOutset = sampleOutset }

    func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws {
        let shift = Int((sampleOutset * scale).rounded(.down))
        guard let box = PixelRect.enclosing(shape.pixelBounds)?.intersection(output.bounds) else { return }
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                let p = backdrop[min(x + shift, backdrop.width - 1), y]
                output[x, y] = PremultipliedRGBA8(red: 255 - p.red, green: 255 - p.green, blue: 255 - p.blue, alpha: 255)
            }
        }
    }
}

/// Records what it receives and draws a solid colour over its shape.
final class RecordingBackdrop: BackdropEffect {
    let sampleOutset: Double
    var backdrops: [Pixmap] = []
    var shapes: [BackdropShape] = []

    init(sampleOutset: Double) { self.sampleOutset = sampleOutset }

    func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws {
        backdrops.append(backdrop)
        shapes.append(shape)
        var canvas = Canvas(output)
        canvas.transform = shape.transform.concatenating(AffineTransform(scale: 1 / scale))
        canvas.fillRect(shape.bounds, paint: .color(RGBA(red: 0.5, green: 0, blue: 0.5)))
        output = canvas.pixmap
    }
}
