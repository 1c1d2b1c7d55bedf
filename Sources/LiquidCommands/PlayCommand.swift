import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidUI
import LiquidWindow

/// `liquid play [COMPONENT]`: an X11 window where the mouse is a finger.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open an X11 window where the mouse is a finger on a component.",
        discussion: """
        The left button is the finger: press, drag and release touch the component. Holding Shift presses \
        with full force; the wheel sets the force in steps of 0.1 (0…1). Tab and Shift-Tab switch to the next \
        or previous registered component, the digits 1…9 pick one; Escape or closing the window quits (status \
        0). Without COMPONENT the window shows "switch" (or the first registered component). Frames run at the \
        display's refresh rate (from XRandR, else 60 Hz). Needs an X display: DISPLAY must name a running \
        server (under no display, run it inside xvfb-run).

        --record FILE writes what the mouse did — every touch, in the component's points — and the time of \
        every frame the window showed, as an events file: `liquid simulate COMPONENT --events FILE` replays \
        it at those frames and prints the same states as --trace saw, frame for frame. A recording is of one \
        component: with --record, Tab, Shift-Tab and the digits do not switch. It is written when the window \
        closes, and covers at most the first 600 s (the longest simulation) and 64 MB; past that the window \
        stays open and a note says the recording has ended.
        """
    )

    @Argument(help: "The component to show: switch, slider, tabbar, button, calculator, flashlight, rubberband, spring, switcher, pip, drawer, rotation, canvas, tooltip, toast, ripple, morph, carousel, widget, burst (default: switch).") var component: String?
    @Option(parsing: .unconditional, help: "Pixels per point.", transform: CommandLineInput.decimal) var scale: Double = 2
    @Option(parsing: .unconditional, help: "Frames per second (default: the display's refresh rate, else 60).", transform: CommandLineInput.decimal) var fps: Double?
    @Option(help: "Write the component's state as JSON lines to FILE whenever it changes, and on exit.")
    var trace: String?
    @Option(help: "Record the touches and frame times as an events file for `liquid simulate --events FILE` (no switching components then).")
    var record: String?

    /// The component shown when none is named.
    static let defaultComponent = "switch"

    /// The documented ranges (docs/command-line.md).
    static let scaleRange = 0.1...8.0
    static let fpsRange = 1.0...360.0

    func validate() throws {
        if let component { try MainActor.assumeIsolated { try ComponentRegistry.requireKnown(component) } }
        _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange)
        if let fps { _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange) }
        if let record, record == trace {
            throw ValidationErrorMessage("--record and --trace name the same file, '\(ImageFileIO.quoted(record))'; give two files")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let names = ComponentRegistry.names
            var name = component ?? (names.contains(Self.defaultComponent) ? Self.defaultComponent : names.first ?? Self.defaultComponent)
            // A recording is of the first component only. Its file is prepared first (a temporary file
            // beside the path, which stays untouched until the session ends), so a path that cannot be
            // written is the first error, with or without a display.
            let recorder = try record.map { path in
                try EventsRecorder(path: path, origin: Self.origin(of: ComponentRegistry.make(name)))
            }
            // Everything else that can fail cheaply comes before the trace is opened (which creates or
            // empties the file): without a display, an existing trace file stays as it was.
            try WindowHost.checkDisplay()
            let trace = try self.trace.map { try StateTrace(path: $0) }
            while let next = try play(name, trace: trace, recorder: recorder) { name = next }
            try trace?.close()
        }
    }

    /// The window's view tree for `component` (registered as `name`): the component placed as
    /// ``ComponentSimulator`` places it — at `origin`, the component's padding from the top-left — on its
    /// gallery stage, in a root view of `size` points.
    @MainActor
    static func scene(_ component: any SimulatableComponent, name: String) -> (root: View, size: Size, origin: Point) {
        let origin = Self.origin(of: component)
        let pad = component.simulationPadding
        let size = Size(width: component.simulationSize.width + 2 * pad, height: component.simulationSize.height + 2 * pad)
        let root = View()
        component.view.frame = Rect(origin: origin, size: component.simulationSize)
        root.addSubview(component.view)
        GalleryStage.forComponent(name).install(in: root, size: size)
        return (root, size, origin)
    }

    /// Where the window places `component`: its padding from the top-left, in window points.
    @MainActor
    static func origin(of component: any SimulatableComponent) -> Point {
        Point(component.simulationPadding, component.simulationPadding)
    }

    /// Shows the component registered as `name` as ``ComponentSimulator`` hosts it (padding around it), on
    /// its gallery stage, until the window closes (returns `nil`) or Tab, Shift-Tab or a digit asks for
    /// another component (returns its name; never while recording).
    @MainActor
    private func play(_ name: String, trace: StateTrace?, recorder: EventsRecorder?) throws -> String? {
        let component = try ComponentRegistry.make(name)
        // The first line goes out before the window opens, so an unwritable trace fails at once.
        try trace?.record(component: name, time: 0, state: component.simulationState)
        let (root, size, _) = Self.scene(component, name: name)
        let host = try WindowHost(root: root, size: size, scale: scale, title: "liquid play: \(name)",
                                  background: GalleryStage.baseColor, framesPerSecond: fps)
        recorder?.framesPerSecond = host.framesPerSecond
        let names = ComponentRegistry.names
        let index = names.firstIndex(of: name) ?? 0
        host.title = "liquid play: \(name) [\(index + 1)/\(names.count)] \(Checked.clamped(host.framesPerSecond, to: 0...1000)) Hz - "
            + "mouse: finger, Shift/wheel: force, " + (recorder == nil ? "Tab: next, " : "recording, ") + "Esc: quit"
        var next: String?
        host.onKey = { [unowned host] key in
            guard recorder == nil else { return }  // a recording is of one component
            switch key {
            case .tab where names.count > 1: next = names[(index + 1) % names.count]
            case .shiftTab where names.count > 1: next = names[(index + names.count - 1) % names.count]
            case .digit(let number) where number >= 1 && number <= names.count && number - 1 != index:
                next = names[number - 1]
            default: return
            }
            host.stop()
        }
        if let recorder { host.onTouch = { recorder.touch($0) } }
        var traceFailure: Error?
        host.onFrame = { [unowned host] time in
            if let recorder, recorder.stopReason == nil {
                recorder.frame(at: time)
                if let reason = recorder.stopReason {
                    StandardStreams.error("liquid: note: the recording in '\(ImageFileIO.quoted(recorder.path))' ends at its "
                        + "frame \(recorder.frameCount): \(reason); the window stays open")
                }
            }
            guard traceFailure == nil else { return }
            do { try trace?.record(component: name, time: time, state: component.simulationState) } catch {
                traceFailure = error
                host.stop()
            }
        }
        try host.run()
        host.close()
        if let traceFailure { throw traceFailure }
        try trace?.finish(component: name, time: host.runLoop.lastFrameTime ?? 0, state: component.simulationState)
        try recorder?.finish()
        return next
    }
}
