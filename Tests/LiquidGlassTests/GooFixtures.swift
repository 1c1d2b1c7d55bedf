import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// Small helpers shared by the metaball tests.
enum GooFixtures {
    /// The covered area (sum of alpha / 255) of `pixmap`, in pixels.
    static func area(_ pixmap: Pixmap) -> Double {
        var total = 0
        for y in 0..<pixmap.height { for x in 0..<pixmap.width { total += Int(pixmap[x, y].alpha) } }
        return Double(total) / 255
    }

    /// The coverage of `shapes` alone, drawn opaque white on transparent (alpha = coverage).
    static func coverage(_ shapes: [GooShape], width: Int, height: Int, scale: Double = 1) throws -> Pixmap {
        var canvas = Canvas(try Pixmap(width: width, height: height, scale: scale))
        for shape in shapes { shape.fill(on: &canvas, paint: .color(.white)) }
        return canvas.pixmap
    }

    /// A goo pass rendered on its own and returned as an image.
    static func goo(_ shapes: [GooShape], size: Size, scale: Double = 1, parameters: GooParameters,
                    softening: EdgeSoftening? = nil) throws -> Pixmap {
        let layer = GooLayer()
        try layer.render(size: size, scale: scale, parameters: parameters, shapes: shapes, softening: softening)
        return layer.image!
    }
}
