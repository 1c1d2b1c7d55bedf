import LiquidGeometry
import LiquidRaster

/// Runs a ``SimulatableComponent`` headlessly: hosts its view in a run loop (with the component's padding
/// around it), plays scripted touches given in the component's own coordinates, and records one
/// ``Frame`` per frame — time, state and the haptics fired since the previous frame.
///
/// Deterministic: the same component, script, frame rate and scale always give the same trace and pixels.
@MainActor
package final class ComponentSimulator {
    /// One recorded frame.
    package struct Frame: Encodable, Sendable {
        package let t: Double
        package let state: [String: TraceValue]
        package let haptics: [String]
    }

    package let component: any SimulatableComponent
    package let runLoop: UIRunLoop
    /// Where the component's origin sits in the rendered image, in points.
    package let origin: Point

    /// - Throws: `LiquidError` for a bad scale or frame rate.
    package init(component: any SimulatableComponent, framesPerSecond: Double = 60, scale: Double = 3,
                rendersFrames: Bool = true) throws {
        self.component = component
        let pad = component.simulationPadding
        let size = Size(width: component.simulationSize.width + 2 * pad, height: component.simulationSize.height + 2 * pad)
        let host = View()
        runLoop = try UIRunLoop(root: host, size: size, scale: scale, framesPerSecond: framesPerSecond)
        origin = Point(pad, pad)
        component.view.frame = Rect(origin: origin, size: component.simulationSize)
        host.addSubview(component.view)
        if rendersFrames { runLoop.compositor = try Compositor(size: size, scale: scale) }
    }

    /// Plays `touches` (component coordinates) for `duration` seconds; `onFrame` sees every frame's record
    /// and rendered image (nil when not rendering). Returns every frame's record.
    package func run(touches: [Touch], duration: Double, onFrame: (Frame, Pixmap?) -> Void = { _, _ in }) -> [Frame] {
        var frames: [Frame] = []
        stream(touches: touches, duration: duration) { frame, image in
            frames.append(frame)
            onFrame(frame, image)
        }
        return frames
    }

    /// Plays `touches` as ``run(touches:duration:onFrame:)`` does but keeps no record: each frame is handed
    /// to `onFrame` and forgotten, so memory does not grow with `duration`.
    package func stream(touches: [Touch], duration: Double, onFrame: (Frame, Pixmap?) -> Void) {
        let shifted = touches.map(shifted)
        var seenHaptics = runLoop.haptics.entries.count
        runLoop.run(events: shifted, duration: duration) { info in
            onFrame(record(info, seenHaptics: &seenHaptics), runLoop.image)
        }
    }

    /// Plays touches that arrive in time order (component coordinates), reading them one at a time — an
    /// endless generator or a long script costs constant memory (see
    /// ``UIRunLoop/run(orderedEvents:duration:onFrame:)``); otherwise as ``stream(touches:duration:onFrame:)``.
    package func stream(orderedTouches touches: some Sequence<Touch>, duration: Double, onFrame: (Frame, Pixmap?) -> Void) {
        var seenHaptics = runLoop.haptics.entries.count
        runLoop.run(orderedEvents: touches.lazy.map(shifted), duration: duration) { info in
            onFrame(record(info, seenHaptics: &seenHaptics), runLoop.image)
        }
    }

    /// Plays touches that arrive in time order (component coordinates) at the given frame times — a
    /// recorded window's ticks — instead of at the simulator's frame rate (see
    /// ``UIRunLoop/run(orderedEvents:frameTimes:onFrame:)``); otherwise as
    /// ``stream(orderedTouches:duration:onFrame:)``. Make the simulator with the frame rate the window
    /// ticked at: the animations' fixed-step clocks are built on it.
    package func stream(orderedTouches touches: some Sequence<Touch>, frameTimes: some Sequence<Double>,
                        onFrame: (Frame, Pixmap?) -> Void) {
        var seenHaptics = runLoop.haptics.entries.count
        runLoop.run(orderedEvents: touches.lazy.map(shifted), frameTimes: frameTimes) { info in
            onFrame(record(info, seenHaptics: &seenHaptics), runLoop.image)
        }
    }

    private func shifted(_ touch: Touch) -> Touch {
        var t = touch
        t.location = touch.location + origin
        return t
    }

    /// The frame's record, with the haptics played since `seenHaptics` (which it advances).
    private func record(_ info: FrameInfo, seenHaptics: inout Int) -> Frame {
        let entries = runLoop.haptics.entries
        let fresh = entries[seenHaptics...].map(\.event.rawValue)
        seenHaptics = entries.count
        return Frame(t: info.time, state: component.simulationState, haptics: fresh)
    }
}
