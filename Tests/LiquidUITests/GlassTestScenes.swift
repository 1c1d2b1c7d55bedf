import LiquidGeometry
import LiquidGlass
import LiquidRaster
@testable import LiquidUI

/// Scenes for the glass view tests: a striped backdrop under glass views, hosted in a run loop with a real
/// compositor.
@MainActor
enum GlassTestScenes {
    static let red = RGBA(red: 0.92, green: 0.20, blue: 0.18)
    static let blue = RGBA(red: 0.15, green: 0.35, blue: 0.95)

    /// A view drawing stripes `period` points apart (half red, half blue), vertical or horizontal.
    static func stripes(_ size: Size, period: Double = 12, vertical: Bool = true) -> View {
        let view = View(frame: Rect(origin: .zero, size: size))
        view.isUserInteractionEnabled = false
        view.layer.backgroundColor = blue
        view.layer.content = .custom { canvas, bounds in
            var offset = 0.0
            while offset < (vertical ? bounds.width : bounds.height) {
                let rect = vertical ? Rect(x: offset, y: 0, width: period / 2, height: bounds.height)
                                    : Rect(x: 0, y: offset, width: bounds.width, height: period / 2)
                canvas.fillRect(rect, paint: .solid(red))
                offset += period
            }
        }
        return view
    }

    /// A root view of `size` with stripes beneath `views`, in a run loop rendering at `scale`.
    static func loop(_ size: Size, scale: Double = 2, vertical: Bool = true, views: [View]) throws -> UIRunLoop {
        let root = View()
        root.addSubview(stripes(size, vertical: vertical))
        for view in views { root.addSubview(view) }
        let loop = try UIRunLoop(root: root, size: size, scale: scale, framesPerSecond: 60)
        loop.compositor = try Compositor(size: size, scale: scale)
        return loop
    }

    /// The stripes alone, rendered like `loop` would.
    static func backdrop(_ size: Size, scale: Double = 2, vertical: Bool = true) throws -> Pixmap {
        let loop = try loop(size, scale: scale, vertical: vertical, views: [])
        loop.step(to: 0)
        guard let image = loop.image else { throw GlassTestError.noImage }
        return image
    }

    /// The largest channel difference between two pixels.
    static func difference(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)),
            abs(Int(a.alpha) - Int(b.alpha)))
    }

    /// Peak-to-peak of the red channel along row `y` from `x0` to `x1` (pixels).
    static func redRange(_ image: Pixmap, y: Int, x0: Int, x1: Int) -> Int {
        let values = (x0..<x1).map { Int(image[$0, y].red) }
        return (values.max() ?? 0) - (values.min() ?? 0)
    }
}

/// Failures of the glass scene helpers.
enum GlassTestError: Error {
    /// The run loop rendered no image.
    case noImage
}
