/// A width and a height in points.
///
/// `Size` is a plain value: the memberwise initializer does not check its inputs, so inner code stays
/// cheap. Values that come from users go through ``init(validatingWidth:height:)``, which guarantees that
/// both dimensions are finite and non-negative. A `Size` with a negative dimension is only produced by
/// inner code on purpose (``Rect`` then treats the rectangle as extending the other way).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// Creates a size without checking the values.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Creates a size whose dimensions are guaranteed finite and non-negative.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) if either dimension is NaN or infinite, and
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) if either is negative. Zero is accepted (an empty size).
    public init(validatingWidth width: Double, height: Double) throws(LiquidError) {
        guard width.isFinite else { throw .nonFinite("width \(width)") }
        guard height.isFinite else { throw .nonFinite("height \(height)") }
        guard width >= 0 else { throw .negative("width \(width)") }
        guard height >= 0 else { throw .negative("height \(height)") }
        self.init(width: width, height: height)
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// Both dimensions are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }

    /// Either dimension is zero, so the size covers no area.
    @inlinable public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "\(width) × \(height)" }
}
