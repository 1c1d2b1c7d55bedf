import LiquidGeometry

extension LiquidError {
    /// No X display: `DISPLAY` is unset or empty (`display` is `nil`), or names a server that cannot be
    /// reached. The message names `DISPLAY` and how to get one.
    package static func noDisplay(display: String?) -> LiquidError {
        guard let display else {
            return LiquidError(.unavailable,
                               "no X display (set DISPLAY to a running X server, e.g. DISPLAY=:0, or run under xvfb-run)",
                               subject: "DISPLAY")
        }
        return LiquidError(.unavailable, "no X display (set DISPLAY to a running X server; cannot open DISPLAY=\(display))",
                           subject: "DISPLAY")
    }

    /// The X server offers no visual a window can draw with (24- or 32-bit TrueColor with 32-bit pixels),
    /// or refuses a window or image of the size asked for; `reason` says which.
    package static func unsupportedDisplay(_ reason: String) -> LiquidError {
        LiquidError(.unavailable, reason)
    }
}
