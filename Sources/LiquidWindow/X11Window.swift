import CX11
import Foundation
import LiquidGeometry
import LiquidRaster

/// A fixed-size X11 window that shows RGBA frames and reports mouse, keyboard and window events as
/// ``WindowEvent``s.
///
/// Frames go through one client-side `XImage` the size of the window: ``show(_:rect:)`` converts just the
/// changed rectangle into the visual's pixel format (``X11PixelFormat``) and sends that rectangle with
/// `XPutImage`; ``redraw(_:)`` (for `Expose`) resends part of what is already converted. No shared memory,
/// no server-side pixmaps: it works on any TrueColor visual of 24 or 32 bits, local or remote.
final class X11Window {
    let display: X11Display
    let window: Window
    /// Size in pixels.
    let width: Int
    let height: Int
    /// The colour translucent frame pixels are laid over.
    let background: PremultipliedRGBA8
    private let context: GC
    private let image: UnsafeMutablePointer<XImage>
    private let format: X11PixelFormat
    /// Whether the window is gone (closed here, or destroyed by another client).
    private var isDestroyed = false
    private var isClosed = false

    /// Creates and maps a `width` × `height` pixel window titled `title` (ASCII), not resizable.
    /// - Throws: `LiquidError` (`.unavailable`) for a size the server cannot take or a visual whose
    ///   pixels are not 32 bits wide.
    init(display: X11Display, width: Int, height: Int, title: String, background: PremultipliedRGBA8)
        throws(LiquidError) {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw .unsupportedDisplay("window size \(width)×\(height) pixels is out of range (1…16384 on each side)")
        }
        self.display = display
        self.width = width
        self.height = height
        self.background = background
        let x = display.connection
        var attributes = XSetWindowAttributes()
        attributes.colormap = XCreateColormap(x, display.rootWindow, display.visual, AllocNone)
        attributes.border_pixel = 0
        attributes.background_pixel = 0
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
            | KeyReleaseMask | StructureNotifyMask
        window = XCreateWindow(x, display.rootWindow, 0, 0, UInt32(width), UInt32(height), 0, display.depth,
                               UInt32(InputOutput), display.visual,
                               UInt(CWColormap | CWBorderPixel | CWBackPixel | CWEventMask), &attributes)
        XStoreName(x, window, title)
        var protocols = [display.deleteWindowAtom]
        XSetWMProtocols(x, window, &protocols, 1)
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize | PMaxSize
            hints.pointee.min_width = Int32(width)
            hints.pointee.max_width = Int32(width)
            hints.pointee.min_height = Int32(height)
            hints.pointee.max_height = Int32(height)
            XSetWMNormalHints(x, window, hints)
            XFree(hints)
        }
        context = XCreateGC(x, window, 0, nil)

        let data = malloc(width * height * 4)!.assumingMemoryBound(to: CChar.self)
        guard let image = XCreateImage(x, display.visual, UInt32(display.depth), ZPixmap, 0, data, UInt32(width),
                                       UInt32(height), 32, 0) else {
            free(data)
            XFreeGC(x, context)
            XDestroyWindow(x, window)
            throw .unsupportedDisplay("the X server cannot make a \(width)×\(height) image")
        }
        guard image.pointee.bits_per_pixel == 32,
              let format = X11PixelFormat(redMask: display.redMask, greenMask: display.greenMask,
                                          blueMask: display.blueMask, isBigEndian: image.pointee.byte_order == MSBFirst)
        else {
            _ = image.pointee.f.destroy_image(image)
            XFreeGC(x, context)
            XDestroyWindow(x, window)
            throw .unsupportedDisplay("the X visual has \(image.pointee.bits_per_pixel)-bit pixels; a window needs 32-bit TrueColor")
        }
        self.image = image
        self.format = format
        // Start from the background colour, so an Expose before the first frame shows no garbage.
        let word = format.word(red: background.red, green: background.green, blue: background.blue)
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(image.pointee.data).advanced(by: y * Int(image.pointee.bytes_per_line))
            row.assumingMemoryBound(to: UInt32.self).update(repeating: word, count: width)
        }
        XMapWindow(x, window)
        XFlush(x)
    }

    deinit {
        close()
        _ = image.pointee.f.destroy_image(image)  // frees the pixel buffer too (Xlib frees with free())
    }

    /// Sets the window's title (ASCII; Xlib sends it as Latin-1).
    func setTitle(_ title: String) {
        guard !isDestroyed else { return }
        XStoreName(display.connection, window, title)
        XFlush(display.connection)
    }

    /// Everything the server has sent since the last call, in order.
    func events() -> [WindowEvent] {
        let x = display.connection
        var out: [WindowEvent] = []
        while XPending(x) > 0 {
            var event = XEvent()
            XNextEvent(x, &event)
            if let converted = convert(&event) { out.append(converted) }
        }
        return out
    }

    private func convert(_ event: inout XEvent) -> WindowEvent? {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            guard button.window == window else { return nil }
            let press = event.type == ButtonPress
            switch Int32(button.button) {
            case Button1:
                return press ? .press(x: Double(button.x), y: Double(button.y), serverTime: button.time)
                    : .release(x: Double(button.x), y: Double(button.y), serverTime: button.time)
            case Button4 where press: return .wheel(steps: 1, serverTime: button.time)
            case Button5 where press: return .wheel(steps: -1, serverTime: button.time)
            default: return nil
            }
        case MotionNotify:
            let motion = event.xmotion
            guard motion.window == window else { return nil }
            return .motion(x: Double(motion.x), y: Double(motion.y), serverTime: motion.time)
        case KeyPress, KeyRelease:
            var key = event.xkey
            let press = event.type == KeyPress
            let symbol = XLookupKeysym(&key, 0)
            switch symbol {
            case KeySym(XK_Escape) where press: return .quit
            case KeySym(XK_Shift_L), KeySym(XK_Shift_R): return .shift(held: press, serverTime: key.time)
            case KeySym(XK_Tab) where press: return .key(key.state & UInt32(ShiftMask) == 0 ? .tab : .shiftTab)
            case KeySym(XK_ISO_Left_Tab) where press: return .key(.shiftTab)
            case KeySym(XK_0)...KeySym(XK_9) where press: return .key(.digit(Int(symbol - KeySym(XK_0))))
            default: return nil
            }
        case Expose:
            let expose = event.xexpose
            return .expose(PixelRect(x: Int(expose.x), y: Int(expose.y), width: Int(expose.width), height: Int(expose.height)))
        case ClientMessage:
            let message = event.xclient
            guard message.message_type == display.protocolsAtom, Atom(message.data.l.0) == display.deleteWindowAtom
            else { return nil }
            return .quit
        case DestroyNotify:
            guard event.xdestroywindow.window == window else { return nil }
            isDestroyed = true
            return .quit
        default:
            return nil
        }
    }

    /// Shows `rect` of `frame` (the whole frame when `rect` is nil). The frame must be the window's size.
    func show(_ frame: LiquidRaster.Pixmap, rect: PixelRect? = nil) {
        guard !isDestroyed, frame.width == width, frame.height == height else { return }
        let area = rect ?? frame.bounds
        format.convert(frame, rect: area, background: background, into: UnsafeMutableRawPointer(image.pointee.data),
                       bytesPerRow: Int(image.pointee.bytes_per_line))
        redraw(area)
    }

    /// Sends `rect` of the last shown frame again (for `Expose`).
    func redraw(_ rect: PixelRect) {
        guard !isDestroyed, let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)),
              !area.isEmpty else { return }
        XPutImage(display.connection, window, context, image, Int32(area.x), Int32(area.y), Int32(area.x), Int32(area.y),
                  UInt32(area.width), UInt32(area.height))
        XFlush(display.connection)
    }

    /// Destroys the window (once; not again if another client already did); events still queued are dropped.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        XFreeGC(display.connection, context)
        if !isDestroyed { XDestroyWindow(display.connection, window) }
        isDestroyed = true
        XSync(display.connection, 1)
    }
}
