import RealModule

extension Path {
    /// A path from SVG path data (the `d` attribute): `M L H V C S Q T A Z` in absolute (upper-case) and
    /// relative (lower-case) forms, implicit repeated commands, and numbers in any SVG form (`-1.5e3`, `.5`,
    /// `1-2` as two numbers, `0 01` arc flags).
    ///
    /// Elliptical arcs follow the SVG implementation notes: radii too small for the endpoints are scaled up,
    /// zero radii make a straight line, and identical endpoints draw nothing. Each arc is split into pieces
    /// of at most 90°, each a cubic (radial error below 2.8·10⁻⁴ of the radius).
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/malformed``) naming the offending character and its offset, or
    ///   ``LiquidError`` (``LiquidError/Kind/nonFinite``) for numbers that overflow.
    public init(svgPathData data: String) throws(LiquidError) {
        self.init()
        var scanner = SVGPathScanner(Array(data.utf8))
        var command: UInt8 = 0
        var current = Point.zero, start = Point.zero
        var lastControl: Point? = nil      // reflected by S/T
        var lastWasCubic = false, lastWasQuad = false

        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek else { break }
            if SVGPathScanner.isCommand(next) {
                command = next
                scanner.advance()
            } else if command == 0 {
                throw LiquidError(.malformed, "SVG path data must start with a command; found '\(LiquidError.quoted(String(Character(Unicode.Scalar(next)))))' at offset \(scanner.offset)")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw LiquidError(.malformed, "SVG path data has a number after Z at offset \(scanner.offset)")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : .zero
            func point() throws(LiquidError) -> Point {
                let x = try scanner.number(), y = try scanner.number()
                return Point(base.x + x, base.y + y)
            }
            var isCubic = false, isQuad = false
            switch command | 0x20 {  // lower-case
            case UInt8(ascii: "m"):
                current = try point(); start = current
                move(to: current)
                // Further pairs after a moveto are implicit linetos.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "l"):
                current = try point(); line(to: current)
            case UInt8(ascii: "h"):
                let x = try scanner.number(); current = Point((relative ? current.x : 0) + x, current.y); line(to: current)
            case UInt8(ascii: "v"):
                let y = try scanner.number(); current = Point(current.x, (relative ? current.y : 0) + y); line(to: current)
            case UInt8(ascii: "c"):
                let c1 = try point(), c2 = try point(), end = try point()
                cubic(to: end, control1: c1, control2: c2)
                lastControl = c2; current = end; isCubic = true
            case UInt8(ascii: "s"):
                let c1 = lastWasCubic ? current + (current - (lastControl ?? current)) : current
                let c2 = try point(), end = try point()
                cubic(to: end, control1: c1, control2: c2)
                lastControl = c2; current = end; isCubic = true
            case UInt8(ascii: "q"):
                let c = try point(), end = try point()
                quad(to: end, control: c)
                lastControl = c; current = end; isQuad = true
            case UInt8(ascii: "t"):
                let c = lastWasQuad ? current + (current - (lastControl ?? current)) : current
                let end = try point()
                quad(to: end, control: c)
                lastControl = c; current = end; isQuad = true
            case UInt8(ascii: "a"):
                let rx = try scanner.number(), ry = try scanner.number(), rotation = try scanner.number()
                let large = try scanner.flag(), sweep = try scanner.flag()
                let end = try point()
                addSVGArc(from: current, to: end, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep)
                current = end
            case UInt8(ascii: "z"):
                close(); current = start
            default:
                throw LiquidError(.malformed, "SVG path data has unknown command '\(LiquidError.quoted(String(Character(Unicode.Scalar(command)))))' at offset \(scanner.offset - 1)")
            }
            lastWasCubic = isCubic
            lastWasQuad = isQuad
        }
        guard isFinite else { throw .nonFinite("SVG path data coordinate") }
    }

    /// Appends an SVG elliptical arc (endpoint parameterisation, SVG 1.1 implementation notes F.6.5–F.6.6).
    private mutating func addSVGArc(from p0: Point, to p1: Point, rx rxIn: Double, ry ryIn: Double,
                                    rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        if p0 == p1 { return }
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { line(to: p1); return }
        let phi = rotationDegrees * .pi / 180
        let cosPhi = Double.cos(phi), sinPhi = Double.sin(phi)
        // Step 1: the midpoint in the ellipse's rotated frame.
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach: scale them up uniformly.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            // For radii so small that their squares underflow (1e-300), the same scale without squaring.
            let s = lambda.isFinite ? lambda.squareRoot() : Double.hypot(x1 / rx, y1 / ry)
            rx *= s; ry *= s
        }
        // Step 2: the centre in the rotated frame.
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = (Swift.max(0, num) / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        // Step 3: the centre in user space, and the angles on the unit circle.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double) -> Double { Double.atan2(y: uy, x: ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Unit-circle cubic pieces mapped through the ellipse's affine frame.
        let frame = AffineTransform(a: rx * cosPhi, b: rx * sinPhi, c: -ry * sinPhi, d: ry * cosPhi, tx: cx, ty: cy)
        // Radii too small even for that (their scale overflows) are zero radii: a straight line, as the
        // SVG rules have it for rx = 0 or ry = 0.
        guard delta.isFinite, frame.isFinite else { line(to: p1); return }
        let pieces = Checked.clamped(abs(delta) / (.pi / 2), to: 1...4, rounding: .up)
        let step = delta / Double(pieces)
        let handle = 4.0 / 3.0 * Double.tan(step / 4)
        for i in 0..<pieces {
            let a0 = theta1 + step * Double(i), a1 = a0 + step
            let u0 = Point(Double.cos(a0), Double.sin(a0)), u1 = Point(Double.cos(a1), Double.sin(a1))
            let c1 = u0 + handle * Point(-u0.y, u0.x), c2 = u1 - handle * Point(-u1.y, u1.x)
            let end = i == pieces - 1 ? p1 : frame.apply(to: u1)
            cubic(to: end, control1: frame.apply(to: c1), control2: frame.apply(to: c2))
        }
    }
}

/// Reads numbers and flags from SVG path data bytes.
private struct SVGPathScanner {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    mutating func advance() { offset += 1 }

    static func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
             UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    mutating func skipSeparators() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == UInt8(ascii: ",") {
            offset += 1
        }
    }

    /// An arc flag: a single `0` or `1`, which SVG allows without a separator.
    mutating func flag() throws(LiquidError) -> Bool {
        skipSeparators()
        guard let c = peek, c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
            throw LiquidError(.malformed, "SVG path data expects an arc flag (0 or 1) at offset \(offset)")
        }
        offset += 1
        return c == UInt8(ascii: "1")
    }

    mutating func number() throws(LiquidError) -> Double {
        skipSeparators()
        let begin = offset
        func digits() -> Int {
            var n = 0
            while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { offset += 1; n += 1 }
            return n
        }
        if let c = peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { offset += 1 }
        var count = digits()
        if peek == UInt8(ascii: ".") { offset += 1; count += digits() }
        guard count > 0 else {
            offset = begin
            if let c = peek {
                throw LiquidError(.malformed, "SVG path data expects a number at offset \(begin); found '\(LiquidError.quoted(String(Character(Unicode.Scalar(c)))))'")
            }
            throw LiquidError(.malformed, "SVG path data ends where a number was expected (offset \(begin))")
        }
        if let c = peek, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            let mark = offset
            offset += 1
            if let s = peek, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { offset += 1 }
            if digits() == 0 { offset = mark }
        }
        let text = String(decoding: bytes[begin..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw .nonFinite("SVG path data number '\(LiquidError.quoted(text))' at offset \(begin)")
        }
        return value
    }
}
