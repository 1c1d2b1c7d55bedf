/// The numbers at the edges of floating point that every numeric input of LiquidKit is fed — command-line
/// flags and scene keys alike — as the text a person or a file would hold.
public enum BoundaryValues {
    /// Zero of both signs, subnormal and tiny values, values far beyond any documented range (up to the
    /// largest finite double and past it), a whole number beyond Int64 in both notations, the non-finite
    /// spellings, hexadecimal and −1.
    public static let texts = [
        "0", "-0", "1e-320", "-1e-320", "1e-300", "-1e-300", "1e300", "-1e300", "1.8e308", "-1.8e308",
        "9.3e18", "9300000000000000000", "1e30", "nan", "inf", "-inf", "0x10", "-1",
    ]
}
