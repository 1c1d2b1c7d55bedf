import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidUI
import Testing

@testable import LiquidWindow

/// The pieces of the window host that need no X server: the mouse-as-finger mapping, the pixel packing
/// and the error when there is no display.
@Suite("LiquidWindow: mouse as finger, pixel formats, no display")
struct PlayInputTests {
    @Test func buttonPressDragAndReleaseAreOneTouchInPoints() throws {
        var finger = PointerFinger(scale: 2)
        let hover = finger.move(x: 10, y: 10, at: 0.1)
        #expect(hover == nil, "hovering is not touching")
        let downSample = finger.press(x: 40, y: 20, at: 0.2)
        let down = try #require(downSample)
        #expect(down.phase == .began && down.location == Point(20, 10) && down.timestamp == 0.2 && down.force == 0)
        let movedSample = finger.move(x: 60, y: 20, at: 0.3)
        let moved = try #require(movedSample)
        #expect(moved.phase == .moved && moved.location == Point(30, 10) && moved.id == down.id)
        let upSample = finger.release(x: 62, y: 22, at: 0.4)
        let up = try #require(upSample)
        #expect(up.phase == .ended && up.location == Point(31, 11) && up.id == down.id)
        let lateRelease = finger.release(x: 0, y: 0, at: 0.5)
        #expect(lateRelease == nil)
        // The next press is a new touch.
        let again = finger.press(x: 0, y: 0, at: 0.6)
        #expect(again != nil && again?.id != down.id)
    }

    @Test func wheelStepsForceByATenthWithinZeroToOne() throws {
        var finger = PointerFinger(scale: 1)
        let wheelWhileUp = finger.wheel(steps: 1, at: 0)
        #expect(wheelWhileUp == nil, "no touch while the button is up")
        #expect(finger.force == 0.1)
        _ = finger.press(x: 5, y: 5, at: 0.1)
        let harderSample = finger.wheel(steps: 3, at: 0.2)
        let harder = try #require(harderSample)
        #expect(harder.phase == .moved && harder.force == 0.4 && harder.location == Point(5, 5))
        _ = finger.wheel(steps: 20, at: 0.3)
        #expect(finger.force == 1)
        _ = finger.wheel(steps: -25, at: 0.4)
        #expect(finger.force == 0)
        let noChange = finger.wheel(steps: -1, at: 0.5)
        #expect(noChange == nil, "no change, no sample")
    }

    @Test func shiftPressesWithFullForce() throws {
        var finger = PointerFinger(scale: 1)
        _ = finger.press(x: 1, y: 1, at: 0)
        let pressed = finger.shift(held: true, at: 0.1), moved = finger.move(x: 2, y: 1, at: 0.2)
        let released = finger.shift(held: false, at: 0.3), cancelled = finger.cancel(at: 0.4)
        #expect(pressed?.force == 1 && moved?.force == 1 && released?.force == 0)
        #expect(cancelled?.phase == .cancelled)
        let lateCancel = finger.cancel(at: 0.5)
        #expect(lateCancel == nil)
    }

    /// Touches read in a tick are stamped after the frame before it by more than the run loop's tolerance
    /// (so a replay dispatches them before the same frame), at most at the tick, and never backwards —
    /// even for events the X server stamped long before the previous frame.
    @MainActor
    @Test func touchesAreStampedBetweenThePreviousFrameAndTheTick() throws {
        var input = PointerInput(scale: 2)
        input.lastTick = 1.0
        let base: UInt = 500_000  // the server's clock, in milliseconds
        let firstSample = input.touch(for: .press(x: 20, y: 10, serverTime: base + 20), now: 1.016)
        let first = try #require(firstSample)
        #expect(abs(first.timestamp - 1.016) < 1e-9, "the first timed event fixes the clock offset at the tick")
        input.lastTick = 1.016
        // Read one frame late: the server says it happened 30 ms ago, before the previous frame.
        let lateSample = input.touch(for: .motion(x: 22, y: 10, serverTime: base + 5), now: 1.033)
        let late = try #require(lateSample)
        #expect(late.timestamp > 1.016 + GestureRecognizer.timeTolerance && late.timestamp < 1.016 + 1e-6)
        let nextSample = input.touch(for: .motion(x: 24, y: 10, serverTime: base + 30), now: 1.033)
        let next = try #require(nextSample)
        #expect(abs(next.timestamp - 1.026) < 1e-9 && next.timestamp >= late.timestamp)
        // An event stamped later than the tick itself is kept at the tick (and moves the offset).
        let aheadSample = input.touch(for: .motion(x: 26, y: 10, serverTime: base + 90), now: 1.033)
        let ahead = try #require(aheadSample)
        #expect(abs(ahead.timestamp - 1.033) < 1e-9 && ahead.timestamp <= 1.033 && ahead.timestamp >= next.timestamp)
        let expose = input.touch(for: .expose(PixelRect(x: 0, y: 0, width: 1, height: 1)), now: 1.033)
        let quit = input.touch(for: .quit, now: 1.033)
        #expect(expose == nil && quit == nil)
        input.lastTick = 1.033
        // An event without a server time is stamped at the tick; a release goes through as well.
        let upSample = input.touch(for: .release(x: 26, y: 10, serverTime: 0), now: 1.05)
        let up = try #require(upSample)
        #expect(up.phase == .ended && up.timestamp == 1.05 && up.location == Point(13, 5))
        let cancel = input.cancel(at: 1.06)
        #expect(cancel == nil, "nothing is down")
    }

    @Test func pixelFormatsPackChannelsByMask() throws {
        let bgrx = try #require(X11PixelFormat(redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff, isBigEndian: false))
        #expect(bgrx.word(red: 0x12, green: 0x34, blue: 0x56) == UInt32(0x123456).littleEndian)
        let deep = try #require(X11PixelFormat(redMask: 0x3ff00000, greenMask: 0xffc00, blueMask: 0x3ff, isBigEndian: false))
        #expect(deep.word(red: 255, green: 0, blue: 255) == UInt32(0x3ff003ff).littleEndian)
        #expect(X11PixelFormat(redMask: 0xf0f0, greenMask: 0xff00, blueMask: 0xff, isBigEndian: false) == nil)
        #expect(X11PixelFormat(redMask: 0, greenMask: 0xff00, blueMask: 0xff, isBigEndian: false) == nil)
    }

    @Test func translucentPixelsAreLaidOverTheBackground() throws {
        let format = try #require(X11PixelFormat(redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff, isBigEndian: false))
        var image = try Pixmap(width: 2, height: 1)
        image[0, 0] = PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255)
        image[1, 0] = PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 0)
        var words = [UInt32](repeating: 0, count: 2)
        words.withUnsafeMutableBytes { buffer in
            format.convert(image, rect: image.bounds, background: PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 255),
                           into: buffer.baseAddress!, bytesPerRow: 8)
        }
        #expect(words == [UInt32(0xff0000).littleEndian, UInt32(0x0a141e).littleEndian])
    }

    @Test func noDisplayIsAOneLineErrorNamingDISPLAY() throws {
        #expect(throws: LiquidError.noDisplay(display: nil)) { try X11Display(name: "") }
        // A display number no server listens on (local socket /tmp/.X11-unix/X59999 does not exist).
        #expect(throws: LiquidError.noDisplay(display: ":59999")) { try X11Display(name: ":59999") }
        for error in [LiquidError.noDisplay(display: nil), .noDisplay(display: ":59999")] {
            #expect(error.description.contains("DISPLAY") && !error.description.contains("\n"), "\(error)")
        }
        #expect(LiquidError.noDisplay(display: ":59999").description.contains("DISPLAY=:59999"))
    }

    @Test @MainActor func aHostWithoutADisplayThrowsNoDisplay() throws {
        guard (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { return }  // a real display
        #expect(throws: LiquidError.noDisplay(display: nil)) {
            try WindowHost(root: View(), size: Size(width: 100, height: 50))
        }
    }
}
