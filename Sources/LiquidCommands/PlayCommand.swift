import ArgumentParser
import Foundation
import LiquidGeometry
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
        """
    )

    @Argument(help: "The component to show: switch, slider, tabbar, button, calculator, flashlight, rubberband, canvas (default: switch).") var component: String?
    @Option(parsing: .unconditional, help: "Pixels per point.", transform: CommandLineInput.decimal) var scale: Double = 2
    @Option(parsing: .unconditional, help: "Frames per second (default: the display's refresh rate, else 60).", transform: CommandLineInput.decimal) var fps: Double?
    @Option(help: "Write the component's state as JSON lines to FILE whenever it changes, and on exit.")
    var trace: String?

    /// The component shown when none is named.
    static let defaultComponent = "switch"

    /// The documented ranges (docs/command-line.md).
    static let scaleRange = 0.1...8.0
    static let fpsRange = 1.0...360.0

    func validate() throws {
        if let component { try MainActor.assumeIsolated { try ComponentRegistry.requireKnown(component) } }
        _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange)
        if let fps { _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange) }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let names = ComponentRegistry.names
            var name = component ?? (names.contains(Self.defaultComponent) ? Self.defaultComponent : names.first ?? Self.defaultComponent)
            let trace = try self.trace.map { try StateTrace(path: $0) }
            while let next = try play(name, trace: trace) { name = next }
            try trace?.close()
        }
    }

    /// Shows the component registered as `name` as ``ComponentSimulator`` hosts it (padding around it), on
    /// its gallery stage, until the window closes (returns `nil`) or Tab, Shift-Tab or a digit asks for
    /// another component (returns its name).
    @MainActor
    private func play(_ name: String, trace: StateTrace?) throws -> String? {
        let component = try ComponentRegistry.make(name)
        // The first line goes out before the window opens, so an unwritable trace fails at once.
        try trace?.record(component: name, time: 0, state: component.simulationState)
        let pad = component.simulationPadding
        let size = Size(width: component.simulationSize.width + 2 * pad, height: component.simulationSize.height + 2 * pad)
        let root = View()
        component.view.frame = Rect(origin: Point(pad, pad), size: component.simulationSize)
        root.addSubview(component.view)
        GalleryStage.forComponent(name).install(in: root, size: size)
        let host = try WindowHost(root: root, size: size, scale: scale, title: "liquid play: \(name)",
                                  background: GalleryStage.baseColor, framesPerSecond: fps)
        let names = ComponentRegistry.names
        let index = names.firstIndex(of: name) ?? 0
        host.title = "liquid play: \(name) [\(index + 1)/\(names.count)] \(Checked.clamped(host.framesPerSecond, to: 0...1000)) Hz - "
            + "mouse: finger, Shift/wheel: force, Tab: next, Esc: quit"
        var next: String?
        host.onKey = { [unowned host] key in
            switch key {
            case .tab where names.count > 1: next = names[(index + 1) % names.count]
            case .shiftTab where names.count > 1: next = names[(index + names.count - 1) % names.count]
            case .digit(let number) where number >= 1 && number <= names.count && number - 1 != index:
                next = names[number - 1]
            default: return
            }
            host.stop()
        }
        var traceFailure: Error?
        host.onFrame = { [unowned host] time in
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
        return next
    }
}
