import LiquidGeometry

/// A tab bar item's symbol: a filled vector path designed in a 24 × 24 pt box (origin top-left, y down),
/// filled with the non-zero rule — holes are drawn with the opposite winding.
///
/// The built-in symbols (``house``, ``magnifier``, ``heart``, ``person``, ``gear``) are simple filled
/// shapes written as SVG path data for this project; any SVG path data (the `d` attribute, in the same
/// 24 × 24 box) makes a custom one.
public struct TabBarSymbol: Hashable, Sendable {
    /// The side of the design box, in points.
    public static let designSize = 24.0

    /// A name for traces and debugging.
    public let name: String
    /// The outline in the 24 × 24 design box.
    public let path: Path

    /// A symbol from SVG path data in the 24 × 24 design box.
    /// - Throws: `LiquidError` when the path data is malformed (see `Path(svgPathData:)`).
    public init(name: String, svgPathData: String) throws(LiquidError) {
        self.name = name
        self.path = try Path(svgPathData: svgPathData)
    }

    /// A symbol from a path in the 24 × 24 design box.
    public init(name: String, path: Path) {
        self.name = name
        self.path = path
    }

    /// The path placed in `box` (points): the design box scaled uniformly to fit and centred.
    package func path(in box: Rect) -> Path {
        let side = Swift.min(box.width, box.height)
        let scale = side / Self.designSize
        let transform = AffineTransform(scale: scale)
            .concatenating(AffineTransform(translationX: box.midX - side / 2, y: box.midY - side / 2))
        return path.transformed(by: transform)
    }

    // MARK: - Built-in symbols

    /// A house: a pitched roof with eaves over a body with a door cut from the bottom.
    public static let house = builtIn("house", """
        M12 2.6 L22 11.2 C22.4 11.55 22.15 12.2 21.6 12.2 H19.5 V20.5 C19.5 21.05 19.05 21.5 18.5 21.5 \
        H14.5 V16 C14.5 15.2 13.9 14.6 13.1 14.6 H10.9 C10.1 14.6 9.5 15.2 9.5 16 V21.5 H5.5 \
        C4.95 21.5 4.5 21.05 4.5 20.5 V12.2 H2.4 C1.85 12.2 1.6 11.55 2 11.2 Z
        """)

    /// A magnifying glass: a ring (a reverse-wound inner circle cuts the hole) and a round-ended handle.
    public static let magnifier = builtIn("magnifier", """
        M10 2.5 A7.5 7.5 0 1 1 10 17.5 A7.5 7.5 0 1 1 10 2.5 Z \
        M10 5 A5 5 0 1 0 10 15 A5 5 0 1 0 10 5 Z \
        M13.54 15.66 L15.66 13.54 L21.86 19.74 A1.5 1.5 0 0 1 19.74 21.86 Z
        """)

    /// A heart: two lobes meeting in a point at the bottom.
    public static let heart = builtIn("heart", """
        M12 21.2 C10.2 19.9 2.4 14.6 2.4 8.9 C2.4 5.7 4.8 3.4 7.7 3.4 C9.5 3.4 11.1 4.4 12 5.9 \
        C12.9 4.4 14.5 3.4 16.3 3.4 C19.2 3.4 21.6 5.7 21.6 8.9 C21.6 14.6 13.8 19.9 12 21.2 Z
        """)

    /// A person: a round head over rounded shoulders.
    public static let person = builtIn("person", """
        M12 2.9 A4.4 4.4 0 1 1 12 11.7 A4.4 4.4 0 1 1 12 2.9 Z \
        M3.8 20 C3.8 15.7 7.5 13.1 12 13.1 C16.5 13.1 20.2 15.7 20.2 20 C20.2 20.7 19.7 21.2 19 21.2 \
        H5 C4.3 21.2 3.8 20.7 3.8 20 Z
        """)

    /// A gear: eight teeth around a ring with a round hole.
    public static let gear = builtIn("gear", """
        M10.09 4.03 L10.43 1.52 L13.57 1.52 L13.91 4.03 L16.28 5.01 L18.31 3.48 L20.52 5.69 L18.99 7.72 \
        L19.97 10.09 L22.48 10.43 L22.48 13.57 L19.97 13.91 L18.99 16.28 L20.52 18.31 L18.31 20.52 \
        L16.28 18.99 L13.91 19.97 L13.57 22.48 L10.43 22.48 L10.09 19.97 L7.72 18.99 L5.69 20.52 \
        L3.48 18.31 L5.01 16.28 L4.03 13.91 L1.52 13.57 L1.52 10.43 L4.03 10.09 L5.01 7.72 L3.48 5.69 \
        L5.69 3.48 L7.72 5.01 Z M12 8.6 A3.4 3.4 0 1 0 12 15.4 A3.4 3.4 0 1 0 12 8.6 Z
        """)

    /// Every built-in symbol, in declaration order.
    public static let builtIns: [TabBarSymbol] = [house, magnifier, heart, person, gear]

    /// A built-in symbol; the path data is part of this file and covered by tests, so it always parses.
    private static func builtIn(_ name: String, _ data: String) -> TabBarSymbol {
        do {
            return try TabBarSymbol(name: name, svgPathData: data)
        } catch {
            preconditionFailure("built-in symbol \(name) has malformed path data: \(error)")
        }
    }
}
