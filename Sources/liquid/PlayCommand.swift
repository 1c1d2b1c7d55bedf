import ArgumentParser
import Foundation

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

    @Argument(help: "The component to show (default: switch).") var component: String?
    @Option(help: "Pixels per point.") var scale: Double = 2
    @Option(help: "Frames per second (default: the display's refresh rate, else 60).") var fps: Double?
    @Option(help: "Write the component's state as JSON lines to FILE whenever it changes, and on exit.")
    var trace: String?

    /// The component shown when none is named.
    static let defaultComponent = "switch"

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]; got \(scale)") }
        if let fps { guard fps.isFinite, fps >= 1, fps <= 360 else { throw ValidationError("--fps must be 1…360; got \(fps)") } }
    }

    func run() throws {
        #if canImport(CX11)
        let display = try X11Display()
        try MainActor.assumeIsolated {
            let names = ComponentRegistry.names
            var name = component ?? (names.contains(Self.defaultComponent) ? Self.defaultComponent : names.first ?? Self.defaultComponent)
            let trace = try self.trace.map { try StateTrace(path: $0) }
            let rate = fps ?? display.refreshRate.map { min(max($0, 24), 360) } ?? 60
            while true {
                let session = try PlaySession(name: name, display: display, scale: scale, framesPerSecond: rate, trace: trace)
                switch try session.run() {
                case .quit: return
                case .show(let next): name = next
                }
            }
        }
        #else
        throw ValidationErrorMessage("this liquid was built without X11 (the CX11 system library target), so it cannot open a window")
        #endif
    }
}
