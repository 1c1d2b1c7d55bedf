import LiquidRaster

/// What an ``X11Window`` reports, already reduced to what a ``WindowHost`` acts on. Positions are in
/// window pixels; `serverTime` is the X server's millisecond clock when the event has one.
enum WindowEvent: Equatable {
    /// The left button went down, the pointer moved, or the left button went up.
    case press(x: Double, y: Double, serverTime: UInt)
    case motion(x: Double, y: Double, serverTime: UInt)
    case release(x: Double, y: Double, serverTime: UInt)
    /// The wheel turned: positive steps away from the user (up).
    case wheel(steps: Int, serverTime: UInt)
    /// Shift went down or up.
    case shift(held: Bool, serverTime: UInt)
    /// A key the host's user may act on (Tab, Shift-Tab, a digit).
    case key(WindowKey)
    /// Part of the window must be drawn again.
    case expose(PixelRect)
    /// Escape, the window manager's close button, or the window being destroyed.
    case quit
}
