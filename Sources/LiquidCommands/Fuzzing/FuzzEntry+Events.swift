import Foundation
import LiquidUI

extension FuzzEntry {
    /// Longest simulation an events input drives, in seconds (at 60 frames a second).
    static let simulatedSeconds = 2.0

    /// An events file: `bytes` are read as `liquid simulate --events` reads them, and a script that reads
    /// plays on a switch, state only (no frames rendered), for its length as `liquid simulate` computes
    /// it but at most ``simulatedSeconds``.
    ///
    /// Checks: every error is a ``LiquidError`` with a one-line message; every number of every frame's
    /// state is finite (the trace has no place for NaN or infinity).
    package static func events(_ bytes: [UInt8]) {
        let touches: [Touch]
        do {
            touches = try TouchScriptFile.touches(in: Data(bytes))
        } catch {
            requireLiquidError(error, from: "events")
            return
        }
        let last = touches.last?.timestamp ?? 0  // times never decrease
        guard last <= SimulateCommand.maximumDuration else { return }  // refused by the command
        let length = min(last + 1, simulatedSeconds)
        MainActor.assumeIsolated {
            let simulator: ComponentSimulator
            do {
                simulator = try ComponentSimulator(component: LiquidSwitch(), framesPerSecond: 60, scale: 1, rendersFrames: false)
            } catch {
                preconditionFailure("events: the switch simulator cannot start: \(error)")
            }
            simulator.stream(touches: touches, duration: length) { frame, _ in
                for (key, value) in frame.state {
                    if let number = value.number {
                        precondition(number.isFinite, "events: state '\(key)' is \(number) at t = \(frame.t)")
                    }
                }
            }
        }
    }
}
