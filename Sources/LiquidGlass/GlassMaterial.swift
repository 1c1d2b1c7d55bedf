import LiquidGeometry

/// The appearance of a glass surface. All lengths are in points; the renderer converts them with the
/// destination's scale.
///
/// Defaults (``init(style:tint:prominent:)``):
///
/// | property | regular | clear | identity |
/// |---|---|---|---|
/// | ``frostSigma`` | 2.5 pt | 1 pt | 0 |
/// | ``saturation`` | 1.4 | 1.15 | 1 |
/// | ``rimIntensity`` | 0.5 | 0.6 | 0 |
/// | white wash (`GlassStyle.wash`) | 0.08 | 0 | 0 |
///
/// and for every style: ``refractiveIndex`` 1.5, ``bevelWidth`` `nil` (→ min(20 pt, corner radius)),
/// ``thickness`` 12 pt, ``dispersion`` 0, ``lightAngle`` 120° (up and a little to the left),
/// ``shadow`` ``GlassShadow/init(opacity:radius:offset:)``'s defaults.
///
/// Tint: the tint colour is laid over the glass with alpha `tint.alpha · 0.3`, or `tint.alpha · 0.75` when
/// ``isProminent`` (an accent-coloured button). The memberwise values are not checked; ``validated()`` is.
public struct GlassMaterial: Hashable, Sendable {
    /// The kind of glass; it sets the defaults of the other properties.
    public var style: GlassStyle
    /// Stained-glass colour (straight alpha), or `nil` for untinted glass.
    public var tint: RGBA?
    /// A stronger tint, for prominent (accent-coloured) controls.
    public var isProminent: Bool
    /// Backdrop blur, standard deviation in points.
    public var frostSigma: Double
    /// Backdrop saturation (SVG `saturate`; 1 = unchanged).
    public var saturation: Double
    /// Index of refraction of the glass (≈ 1.45–1.52 for real glass). 1 bends nothing.
    public var refractiveIndex: Double
    /// Width of the refracting band along the edge; `nil` means min(20 pt, the shape's corner radius).
    public var bevelWidth: Double?
    /// Height of the glass above the backdrop at the top of the bevel; more thickness bends more.
    public var thickness: Double
    /// Chromatic dispersion: red and blue use indices `n·(1 ∓ dispersion)`. 0 turns it off (one sample per
    /// pixel instead of three).
    public var dispersion: Double
    /// Where the light comes from, in degrees: the direction (cos θ, −sin θ) on a y-down screen, so 90° is
    /// straight up and 180° is from the left.
    public var lightAngle: Double
    /// Peak alpha of the white rim highlight on the lit side (the opposite side gets 40 % of it).
    public var rimIntensity: Double
    /// The soft shadow the glass casts.
    public var shadow: GlassShadow

    /// A material with the documented defaults for `style`.
    public init(style: GlassStyle = .regular, tint: RGBA? = nil, prominent: Bool = false) {
        self.style = style
        self.tint = tint
        self.isProminent = prominent
        self.frostSigma = style.defaultFrostSigma
        self.saturation = style.defaultSaturation
        self.refractiveIndex = 1.5
        self.bevelWidth = nil
        self.thickness = 12
        self.dispersion = 0
        self.lightAngle = 120
        self.rimIntensity = style.defaultRimIntensity
        self.shadow = style == .identity ? .none : GlassShadow()
    }

    /// Regular glass with its defaults (see the table above).
    public static let regular = GlassMaterial(style: .regular)
    /// Clear glass with its defaults: less frost, no white wash.
    public static let clear = GlassMaterial(style: .clear)
    /// No glass: rendering leaves every pixel untouched.
    public static let identity = GlassMaterial(style: .identity)

    /// The largest default bevel, in points.
    package static let maximumDefaultBevel = 20.0

    /// The bevel width used for a shape whose (largest) corner radius is `cornerRadius` points.
    package func resolvedBevel(cornerRadius: Double) -> Double {
        Swift.max(0, bevelWidth ?? Swift.min(Self.maximumDefaultBevel, cornerRadius))
    }

    /// The alpha the tint is laid over the glass with (0 without a tint).
    package var tintStrength: Double {
        guard let tint else { return 0 }
        return Swift.min(Swift.max(tint.alpha, 0), 1) * (isProminent ? 0.75 : 0.3)
    }

    /// The unit light direction on a y-down screen (pointing from the surface toward the light).
    package var lightDirection: Vector2 {
        let radians = lightAngle * Double.pi / 180
        return Vector2(GlassMath.cos(radians), -GlassMath.sin(radians))
    }

    /// The same material after checking every number.
    /// - Throws: `LiquidError` (`.outOfRange`) naming the first bad field: frost σ, thickness, bevel
    ///   and rim must be finite and ≥ 0; saturation finite and ≥ 0; the index finite and in 1…3; dispersion in
    ///   0…0.2; the light angle finite; the tint finite; the shadow as ``GlassShadow/validated()``.
    public func validated() throws(LiquidError) -> GlassMaterial {
        func nonNegative(_ value: Double, _ name: String) throws(LiquidError) {
            guard value.isFinite, value >= 0 else { throw .invalidParameter("\(name) \(value) must be finite and ≥ 0") }
        }
        try nonNegative(frostSigma, "frost sigma")
        try nonNegative(saturation, "saturation")
        try nonNegative(thickness, "thickness")
        try nonNegative(rimIntensity, "rim intensity")
        if let bevelWidth { try nonNegative(bevelWidth, "bevel width") }
        guard refractiveIndex.isFinite, refractiveIndex >= 1, refractiveIndex <= 3 else {
            throw .invalidParameter("refractive index \(refractiveIndex) must lie in 1…3")
        }
        guard dispersion.isFinite, dispersion >= 0, dispersion <= 0.2 else {
            throw .invalidParameter("dispersion \(dispersion) must lie in 0…0.2")
        }
        guard lightAngle.isFinite else { throw .invalidParameter("light angle \(lightAngle) must be finite") }
        if let tint, !tint.isFinite { throw .invalidParameter("tint \(tint) must be finite") }
        _ = try shadow.validated()
        return self
    }
}
