import CX11
import Foundation
import LiquidGeometry

/// A connection to the X server named by `DISPLAY`, with the TrueColor visual windows are drawn with.
///
/// Opening fails with a one-line `LiquidError` naming `DISPLAY` when there is no display. While a
/// connection is open, X protocol errors (a request racing a window another client destroyed) are ignored
/// instead of ending the process, and losing the server ends it with one line on stderr
/// (`PROGRAM: error: lost the connection to the X display`) and status 1: Xlib gives a program no way to
/// carry on after that.
final class X11Display {
    /// The Xlib connection.
    let connection: OpaquePointer
    let screen: Int32
    let rootWindow: Window
    /// The visual windows are created with, and its depth.
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    /// The visual's channel masks.
    let redMask: UInt, greenMask: UInt, blueMask: UInt
    /// `WM_PROTOCOLS` and `WM_DELETE_WINDOW`, for the window manager's close button.
    let protocolsAtom: Atom
    let deleteWindowAtom: Atom

    /// Opens the display named `name` (by default the `DISPLAY` environment variable).
    /// - Throws: `LiquidError` (`.unavailable`) when the name is empty or the server cannot be
    ///   reached; `LiquidError` (`.unavailable`) when the screen has no 24- or 32-bit TrueColor
    ///   visual.
    init(name: String = ProcessInfo.processInfo.environment["DISPLAY"] ?? "") throws(LiquidError) {
        guard !name.isEmpty else { throw .noDisplay(display: nil) }
        guard let connection = XOpenDisplay(name) else { throw .noDisplay(display: name) }
        self.connection = connection
        let screen = XDefaultScreen(connection)
        self.screen = screen
        rootWindow = XRootWindow(connection, screen)
        var info = XVisualInfo()
        let depths = [XDefaultDepth(connection, screen), 24, 32]
        guard depths.contains(where: { XMatchVisualInfo(connection, screen, $0, TrueColor, &info) != 0 }),
              let visual = info.visual else {
            XCloseDisplay(connection)
            throw .unsupportedDisplay("the X display \(name) has no 24- or 32-bit TrueColor visual")
        }
        self.visual = visual
        depth = info.depth
        redMask = info.red_mask
        greenMask = info.green_mask
        blueMask = info.blue_mask
        protocolsAtom = XInternAtom(connection, "WM_PROTOCOLS", 0)
        deleteWindowAtom = XInternAtom(connection, "WM_DELETE_WINDOW", 0)
        _ = XSetErrorHandler { _, _ in 0 }
        _ = XSetIOErrorHandler { _ in
            let program = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "error"
            FileHandle.standardError.write(Data("\(program): error: lost the connection to the X display\n".utf8))
            exit(1)
        }
    }

    deinit {
        XCloseDisplay(connection)
    }

    /// The screen's refresh rate in hertz from the RandR extension, or `nil` when the server lacks RandR,
    /// `libXrandr.so.2` is not installed, or the rate is unknown (some virtual servers report 0).
    ///
    /// The library is loaded at run time, so building needs no RandR headers; it stays loaded, because it
    /// hooks into the connection's teardown.
    var refreshRate: Double? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(connection, "RANDR", &opcode, &event, &error) != 0,
              let library = dlopen("libXrandr.so.2", RTLD_LAZY | RTLD_LOCAL),
              let getInfo = dlsym(library, "XRRGetScreenInfo"),
              let currentRate = dlsym(library, "XRRConfigCurrentRate"),
              let freeInfo = dlsym(library, "XRRFreeScreenConfigInfo") else { return nil }
        let getScreenInfo = unsafeBitCast(getInfo, to: CX11RandRGetScreenInfo.self)
        let configCurrentRate = unsafeBitCast(currentRate, to: CX11RandRConfigCurrentRate.self)
        let freeScreenConfigInfo = unsafeBitCast(freeInfo, to: CX11RandRFreeScreenConfigInfo.self)
        guard let configuration = getScreenInfo(connection, rootWindow) else { return nil }
        let rate = configCurrentRate(configuration)
        freeScreenConfigInfo(configuration)
        return rate > 0 ? Double(rate) : nil
    }
}
