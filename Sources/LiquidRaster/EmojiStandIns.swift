#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry

/// LiquidKit's own simple vector drawings of the emoji its components use by default, for machines with no
/// font that has them. Each is a few filled shapes in the emoji's characteristic colours, drawn in a unit
/// square; they are recognisable stand-ins, not copies of any emoji design.
enum EmojiStandIns {
    /// The emoji (without variation selectors) that have a drawing.
    static var names: [String] { drawings.map(\.emoji) }

    /// Draws the stand-in for `emoji` (variation selectors ignored) filling `pixmap`, whose side is `side`
    /// points. Returns `false`, drawing nothing, when there is none.
    static func draw(_ emoji: String, into pixmap: inout Pixmap, side: Double) -> Bool {
        let bare = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }))
        guard let drawing = drawings.first(where: { $0.emoji == bare }) else { return false }
        pixmap.withCanvas { canvas in
            canvas.scale(x: side, y: side)
            var pen = Pen(canvas: canvas)
            drawing.draw(&pen)
            canvas = pen.canvas
        }
        return true
    }

    /// Shorthand drawing in the unit square.
    struct Pen {
        var canvas: Canvas

        mutating func circle(_ x: Double, _ y: Double, _ r: Double, _ color: RGBA) {
            canvas.fill(Path(ellipseIn: Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)), paint: .color(color))
        }

        mutating func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double, _ color: RGBA) {
            canvas.fill(Path(ellipseIn: Rect(x: x - rx, y: y - ry, width: 2 * rx, height: 2 * ry)), paint: .color(color))
        }

        mutating func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0, _ color: RGBA) {
            canvas.fill(Path(roundedRect: Rect(x: x, y: y, width: w, height: h), cornerRadii: CornerRadii(all: radius)),
                        paint: .color(color))
        }

        mutating func polygon(_ points: [(Double, Double)], _ color: RGBA) {
            var path = Path()
            path.move(to: Point(points[0].0, points[0].1))
            for p in points.dropFirst() { path.line(to: Point(p.0, p.1)) }
            path.close()
            canvas.fill(path, paint: .color(color))
        }

        mutating func line(_ points: [(Double, Double)], width: Double, _ color: RGBA) {
            var path = Path()
            path.move(to: Point(points[0].0, points[0].1))
            for p in points.dropFirst() { path.line(to: Point(p.0, p.1)) }
            canvas.stroke(path, style: StrokeStyle(width: width, cap: .round, join: .round), paint: .color(color))
        }

        mutating func arc(_ x: Double, _ y: Double, _ r: Double, from start: Double, sweep: Double, width: Double, _ color: RGBA) {
            var path = Path()
            path.addArc(center: Point(x, y), radius: r, startAngle: start, sweepAngle: sweep)
            canvas.stroke(path, style: StrokeStyle(width: width, cap: .round), paint: .color(color))
        }

        mutating func heart(_ color: RGBA) {
            var path = Path()
            path.move(to: Point(0.5, 0.88))
            path.cubic(to: Point(0.08, 0.36), control1: Point(0.3, 0.72), control2: Point(0.06, 0.56))
            path.cubic(to: Point(0.5, 0.28), control1: Point(0.1, 0.12), control2: Point(0.42, 0.1))
            path.cubic(to: Point(0.92, 0.36), control1: Point(0.58, 0.1), control2: Point(0.9, 0.12))
            path.cubic(to: Point(0.5, 0.88), control1: Point(0.94, 0.56), control2: Point(0.7, 0.72))
            path.close()
            canvas.fill(path, paint: .color(color))
        }

        mutating func face() {
            circle(0.5, 0.5, 0.44, rgb(0xFFC83D))
        }
    }

    private static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> RGBA {
        RGBA(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
             blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    private static let ink = rgb(0x2B2B33)

    private static let drawings: [(emoji: String, draw: @Sendable (inout Pen) -> Void)] = [
        ("+", { pen in
            pen.line([(0.5, 0.2), (0.5, 0.8)], width: 0.12, rgb(0x8E8E93))
            pen.line([(0.2, 0.5), (0.8, 0.5)], width: 0.12, rgb(0x8E8E93))
        }),
        ("\u{1F9BE}", { pen in  // mechanical arm
            pen.line([(0.22, 0.82), (0.56, 0.78), (0.64, 0.38)], width: 0.2, rgb(0x9AA3AD))
            pen.circle(0.64, 0.28, 0.15, rgb(0x6E7781))
            pen.circle(0.5, 0.78, 0.05, rgb(0x3D8BFF))
        }),
        ("\u{1F47E}", { pen in  // alien monster
            let purple = rgb(0x8E4BD6)
            pen.box(0.2, 0.25, 0.6, 0.4, radius: 0.04, purple)
            pen.box(0.1, 0.4, 0.8, 0.14, purple)
            pen.box(0.2, 0.65, 0.12, 0.14, purple)
            pen.box(0.68, 0.65, 0.12, 0.14, purple)
            pen.box(0.3, 0.15, 0.1, 0.12, purple)
            pen.box(0.6, 0.15, 0.1, 0.12, purple)
            pen.box(0.32, 0.36, 0.1, 0.1, rgb(0x1A1A22))
            pen.box(0.58, 0.36, 0.1, 0.1, rgb(0x1A1A22))
        }),
        ("\u{1F916}", { pen in  // robot
            pen.line([(0.5, 0.08), (0.5, 0.2)], width: 0.05, rgb(0x6E7781))
            pen.circle(0.5, 0.08, 0.05, rgb(0xE5484D))
            pen.box(0.14, 0.2, 0.72, 0.66, radius: 0.14, rgb(0xB8C2CC))
            pen.circle(0.35, 0.46, 0.09, rgb(0x2FC4E8))
            pen.circle(0.65, 0.46, 0.09, rgb(0x2FC4E8))
            pen.box(0.3, 0.66, 0.4, 0.07, radius: 0.03, ink)
        }),
        ("\u{1F988}", { pen in  // shark
            pen.polygon([(0.42, 0.42), (0.56, 0.14), (0.62, 0.44)], rgb(0x5B7C99))
            pen.polygon([(0.08, 0.4), (0.2, 0.56), (0.08, 0.72)], rgb(0x5B7C99))
            pen.ellipse(0.52, 0.56, 0.38, 0.18, rgb(0x6F93B5))
            pen.ellipse(0.56, 0.64, 0.3, 0.08, rgb(0xDCE6EE))
            pen.circle(0.78, 0.5, 0.03, ink)
        }),
        ("\u{1F386}", { pen in  // fireworks
            pen.box(0.04, 0.04, 0.92, 0.92, radius: 0.16, rgb(0x1D2147))
            let colors = [rgb(0xFFD23F), rgb(0xFF5D8F), rgb(0x4FD1FF), rgb(0x7CFF6B)]
            for k in 0..<12 {
                let angle = Double(k) * Double.pi / 6
                pen.line([(0.5 + 0.1 * cos(angle), 0.5 + 0.1 * sin(angle)), (0.5 + 0.36 * cos(angle), 0.5 + 0.36 * sin(angle))],
                         width: 0.05, colors[k % colors.count])
            }
        }),
        ("\u{1F499}", { pen in pen.heart(rgb(0x2F80ED)) }),  // blue heart
        ("\u{2764}", { pen in pen.heart(rgb(0xE5243B)) }),  // red heart
        ("\u{1F60E}", { pen in  // smiling face with sunglasses
            pen.face()
            pen.box(0.16, 0.34, 0.68, 0.07, radius: 0.03, ink)
            pen.ellipse(0.34, 0.42, 0.14, 0.1, ink)
            pen.ellipse(0.66, 0.42, 0.14, 0.1, ink)
            pen.arc(0.5, 0.56, 0.2, from: 0.35, sweep: Double.pi - 0.7, width: 0.05, rgb(0x7A4A12))
        }),
        ("\u{1F432}", { pen in  // dragon face
            pen.polygon([(0.2, 0.3), (0.26, 0.06), (0.38, 0.24)], rgb(0xF2E6C9))
            pen.polygon([(0.8, 0.3), (0.74, 0.06), (0.62, 0.24)], rgb(0xF2E6C9))
            pen.circle(0.5, 0.5, 0.38, rgb(0x3FAE5A))
            pen.ellipse(0.5, 0.7, 0.24, 0.16, rgb(0x7BD389))
            pen.circle(0.36, 0.42, 0.06, ink)
            pen.circle(0.64, 0.42, 0.06, ink)
            pen.circle(0.43, 0.7, 0.03, rgb(0x1F5E2E))
            pen.circle(0.57, 0.7, 0.03, rgb(0x1F5E2E))
        }),
        ("\u{1F92B}", { pen in  // shushing face
            pen.face()
            pen.ellipse(0.34, 0.4, 0.05, 0.07, ink)
            pen.ellipse(0.66, 0.4, 0.05, 0.07, ink)
            pen.ellipse(0.5, 0.64, 0.1, 0.05, rgb(0x7A4A12))
            pen.box(0.45, 0.5, 0.1, 0.44, radius: 0.05, rgb(0xF5B52E))
        }),
        ("\u{26C4}", { pen in  // snowman without snow
            let snow = rgb(0xF4F8FC), edge = rgb(0xAFC3D6)
            pen.circle(0.5, 0.7, 0.25, edge)
            pen.circle(0.5, 0.7, 0.22, snow)
            pen.circle(0.5, 0.36, 0.18, edge)
            pen.circle(0.5, 0.36, 0.155, snow)
            pen.box(0.36, 0.04, 0.28, 0.18, radius: 0.02, ink)
            pen.box(0.28, 0.2, 0.44, 0.05, radius: 0.02, ink)
            pen.circle(0.44, 0.34, 0.025, ink)
            pen.circle(0.56, 0.34, 0.025, ink)
            pen.polygon([(0.5, 0.38), (0.62, 0.41), (0.5, 0.43)], rgb(0xF28C28))
        }),
        ("\u{262E}", { pen in  // peace symbol
            pen.box(0.06, 0.06, 0.88, 0.88, radius: 0.18, rgb(0x8E4BD6))
            let white = RGBA.white
            pen.arc(0.5, 0.5, 0.3, from: 0, sweep: 2 * Double.pi, width: 0.07, white)
            pen.line([(0.5, 0.2), (0.5, 0.8)], width: 0.07, white)
            pen.line([(0.5, 0.5), (0.29, 0.71)], width: 0.07, white)
            pen.line([(0.5, 0.5), (0.71, 0.71)], width: 0.07, white)
        }),
        ("\u{1F308}", { pen in  // rainbow
            let bands = [0xE5243B, 0xF28C28, 0xF7D23E, 0x3FAE5A, 0x2F80ED, 0x8E4BD6]
            for (k, hex) in bands.enumerated() {
                pen.arc(0.5, 0.74, 0.42 - 0.055 * Double(k), from: Double.pi, sweep: Double.pi, width: 0.06, rgb(UInt32(hex)))
            }
        }),
        ("\u{1F339}", { pen in  // rose
            pen.line([(0.5, 0.5), (0.5, 0.94)], width: 0.06, rgb(0x2E8B3E))
            pen.ellipse(0.36, 0.72, 0.1, 0.05, rgb(0x3FAE5A))
            pen.circle(0.5, 0.34, 0.24, rgb(0xC8102E))
            pen.arc(0.5, 0.34, 0.12, from: 0, sweep: 4.5, width: 0.04, rgb(0x8A0A1F))
        }),
        ("\u{1F9AD}", { pen in  // seal
            pen.ellipse(0.46, 0.66, 0.36, 0.2, rgb(0x8C949C))
            pen.circle(0.7, 0.38, 0.18, rgb(0x8C949C))
            pen.polygon([(0.1, 0.66), (0.02, 0.54), (0.04, 0.82)], rgb(0x6E7781))
            pen.circle(0.74, 0.34, 0.03, ink)
            pen.circle(0.84, 0.42, 0.025, ink)
        }),
    ]
}
