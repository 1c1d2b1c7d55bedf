import LiquidGeometry
import LiquidRaster
import Observation

/// Pass scheduling: `setNeeds…`, `…IfNeeded`, and the observation tracking around each pass.
///
/// Guarantees:
/// - A pass runs only when it is needed: requested with `setNeeds…`, never run yet, or invalidated by a
///   change to an `@Observable` property that its most recent run read.
/// - Invalidation is per view and per pass: a change reaches exactly the passes that read the property.
///   Properties read by an earlier run but not by the latest one no longer count.
/// - `…IfNeeded` runs the pass for this view and then, top-down, for its subtree (a parent before its
///   children), so a parent's `layout()` can size children whose `layout()` then runs in the same call.
/// - A pass that requests itself again while running (`setNeedsLayout()` inside `layout()`) runs again
///   next time, not recursively.
///
/// Limits: changes made *during* a pass to a property that the same pass already read are not seen (the
/// registration is installed when the pass returns); observation cannot cancel a registration, so one
/// whose pass has since re-run lingers in the model's registrar — inert — until that property next
/// changes.
extension View {
    /// Whether ``updateProperties()`` will run at the next pass.
    package var needsUpdateProperties: Bool { updatePropertiesState.isNeeded }
    /// Whether ``layout()`` will run at the next pass.
    package var needsLayout: Bool { layoutState.isNeeded }
    /// Whether the display pass will run at the next pass.
    package var needsDisplay: Bool { displayState.isNeeded }

    /// Requests ``updateProperties()`` at the next update-properties pass.
    public func setNeedsUpdateProperties() { updatePropertiesState.requested = true }
    /// Requests ``layout()`` at the next layout pass.
    public func setNeedsLayout() { layoutState.requested = true }
    /// Requests a redraw (of views that ``drawsContent``) at the next display pass.
    public func setNeedsDisplay() { displayState.requested = true }
    /// Redraws only `rect` (in ``bounds`` coordinates) of a view that ``drawsContent``, without a display
    /// pass: the compositor redraws the screen pixels under `rect` through the installed
    /// ``draw(in:rect:)``, which must draw the same pixels as before outside it (see
    /// ``Layer/setNeedsDisplay(in:)``). While a display pass is pending it adds nothing (the pass redraws
    /// everything). A view that sets its layer's content itself marks that layer the same way.
    public func setNeedsDisplay(in rect: Rect) {
        if drawsContent && displayState.isNeeded { return }
        layer.setNeedsDisplay(in: rect)
    }

    /// Runs ``updateProperties()`` now if needed, then does the same for the subviews, top-down.
    public func updatePropertiesIfNeeded() { _ = runPass(.updateProperties) }
    /// Runs ``layout()`` now if needed, then does the same for the subviews, top-down.
    public func layoutIfNeeded() { _ = runPass(.layout) }
    /// Runs the display pass now if needed, then does the same for the subviews, top-down.
    public func displayIfNeeded() { _ = runPass(.display) }

    /// Draws the view's custom content: runs ``draw(in:rect:)`` under observation tracking, so a change to
    /// a model property it reads requests a redraw (``needsDisplay`` becomes `true`).
    ///
    /// The content installed by the display pass calls this; call it directly to draw a view yourself.
    /// Registrations accumulate over partial redraws until a redraw covers the whole ``bounds`` or the
    /// display pass runs again, because pixels from every partial redraw may still be on screen.
    package func renderContent(in canvas: inout Canvas, rect: Rect) {
        let token = PassInvalidation()
        withObservationTracking {
            draw(in: &canvas, rect: rect)
        } onChange: {
            token.fire()
        }
        if rect.contains(bounds) { displayState.observations.removeAll(keepingCapacity: true) }
        displayState.observations.append(token)
    }

    /// Runs `pass` over this subtree, top-down; returns how many views ran it.
    func runPass(_ pass: ViewPass) -> Int {
        var count = 0
        switch pass {
        case .updateProperties:
            if updatePropertiesState.isNeeded {
                updatePropertiesState.begin()
                updatePropertiesState.observations.append(track { updateProperties() })
                count += 1
            }
        case .layout:
            if layoutState.isNeeded {
                layoutState.begin()
                layoutState.observations.append(track { layout() })
                count += 1
            }
        case .display:
            if displayState.isNeeded {
                displayState.begin()
                installDrawing()
                count += 1
            }
        }
        // The pass may have changed the subviews: walk the current list.
        for subview in subviews {
            count += subview.runPass(pass)
        }
        return count
    }

    /// Runs `body` under observation tracking and returns the token its reads will fire.
    private func track(_ body: () -> Void) -> PassInvalidation {
        let token = PassInvalidation()
        withObservationTracking(body) {
            token.fire()
        }
        return token
    }

    /// Makes the layer's content a call to ``renderContent(in:rect:)`` (setting it marks the layer's
    /// bounds as damaged, so the compositor redraws it).
    private func installDrawing() {
        guard drawsContent else { return }
        layer.content = .custom { [weak self] canvas, rect in
            self?.renderContent(in: &canvas, rect: rect)
        }
    }
}
