#if canImport(CX11)
import CX11
import Foundation

/// A connection to the X server named by `DISPLAY`, with the TrueColor visual `liquid play` draws with.
///
/// Opening fails with the one-line error the command-line contract asks for when there is no display.
/// While a connection is open, X protocol errors (a request racing a window another client destroyed) are
/// ignored instead of ending the process, and losing the server ends it with one error line and status 1.
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

    /// Opens `DISPLAY`.
    /// - Throws: ``ValidationErrorMessage`` "no X display (set DISPLAY …)" when `DISPLAY` is unset or the
    ///   server cannot be reached; another message when the screen has no 24- or 32-bit TrueColor visual.
    init() throws {
        let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !name.isEmpty else {
            throw ValidationErrorMessage("no X display (set DISPLAY to a running X server, e.g. DISPLAY=:0, or run under xvfb-run)")
        }
        guard let connection = XOpenDisplay(nil) else {
            throw ValidationErrorMessage("no X display (set DISPLAY to a running X server; cannot open DISPLAY=\(name))")
        }
        self.connection = connection
        let screen = XDefaultScreen(connection)
        self.screen = screen
        rootWindow = XRootWindow(connection, screen)
        var info = XVisualInfo()
        let depths = [XDefaultDepth(connection, screen), 24, 32]
        guard depths.contains(where: { XMatchVisualInfo(connection, screen, $0, TrueColor, &info) != 0 }),
              let visual = info.visual else {
            XCloseDisplay(connection)
            throw ValidationErrorMessage("the X display \(name) has no 24- or 32-bit TrueColor visual")
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
            FileHandle.standardError.write(Data("liquid: error: lost the connection to the X display\n".utf8))
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
#endif
