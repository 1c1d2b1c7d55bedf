import LiquidGeometry

/// A component that can be driven headlessly by scripted touches (`liquid simulate`, the gallery, tests).
///
/// The component lives in its own coordinate space of ``simulationSize`` points with the origin at its
/// top-left; scripted touches use those coordinates. ``simulationState`` names the values a trace records
/// each frame (for example a switch's `isOn`, `thumbX`, `thumbScale`); keys must stay stable, since users
/// script against them.
@MainActor
package protocol SimulatableComponent: AnyObject {
    /// The view that draws and handles touches for the component.
    var view: View { get }
    /// The component's own bounds size, in points.
    var simulationSize: Size { get }
    /// Room around the bounds that the component may draw into (shadows, a growing thumb), in points.
    var simulationPadding: Double { get }
    /// The state recorded for this frame.
    var simulationState: [String: TraceValue] { get }
}

extension SimulatableComponent {
    package var simulationPadding: Double { 16 }
}
