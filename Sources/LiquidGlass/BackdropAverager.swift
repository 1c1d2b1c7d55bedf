import LiquidGeometry
import LiquidRaster

/// Averages the backdrop under one surface, weighting each pixel by the surface's coverage (a
/// ``SurfaceTileVisitor``); the colour the opaque accessibility modes fill the surface with.
struct BackdropAverager: SurfaceTileVisitor {
    let backdrop: PixmapView
    private(set) var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0, weight = 0.0

    init(backdrop: PixmapView) {
        self.backdrop = backdrop
    }

    mutating func interior(y: Int, x0: Int, x1: Int) {
        let row = backdrop.row(y)
        var r = 0, g = 0, b = 0, a = 0
        for x in x0..<x1 {
            r += Int(row[4 * x]); g += Int(row[4 * x + 1]); b += Int(row[4 * x + 2]); a += Int(row[4 * x + 3])
        }
        red += Double(r); green += Double(g); blue += Double(b); alpha += Double(a)
        weight += Double(x1 - x0)
    }

    mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) {
        for j in 0..<h {
            let row = backdrop.row(y0 + j)
            let fc = field + (j + 1) * stride + 1
            for i in 0..<w {
                let c = Double(Swift.min(Swift.max(0.5 - fc[i], 0), 1))
                guard c > 0 else { continue }
                let p = row + 4 * (x0 + i)
                red += c * Double(p[0]); green += c * Double(p[1]); blue += c * Double(p[2]); alpha += c * Double(p[3])
                weight += c
            }
        }
    }

    /// The average straight colour (opaque); mid grey when nothing opaque was under the surface.
    var color: RGBA {
        guard alpha > 0 else { return RGBA(red: 0.5, green: 0.5, blue: 0.5) }
        return RGBA(red: red / alpha, green: green / alpha, blue: blue / alpha).clamped()
    }
}
