import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// The internal checks' functions catch what they are meant to catch (in any build; with
/// `-DLIQUIDKIT_INTERNAL_CHECKS` the runtime also calls them after every mutation and frame).
@MainActor
@Suite("Internal checks")
struct InternalChecksTests {
    @Test func aConsistentTreePassesAndABrokenMaskLinkIsCaught() {
        let root = Layer(), child = Layer(), grandchild = Layer(), mask = Layer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        child.mask = mask
        #expect(InternalChecks.layerTreeViolation(in: root) == nil)
        // Break the link deliberately: the mask claims another owner.
        mask.owner = grandchild
        let violation = InternalChecks.layerTreeViolation(in: root)
        #expect(violation?.contains("does not name it as its owner") == true, "\(violation ?? "nil")")
        mask.owner = child
        #expect(InternalChecks.layerTreeViolation(in: root) == nil)
    }

    @Test func aChannelAboveAlphaIsCaught() throws {
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 3)
        for i in stride(from: 0, to: bytes.count, by: 4) { bytes[i + 1] = 40; bytes[i + 3] = 80 }
        #expect(InternalChecks.premultipliedViolation(in: try Pixmap(width: 4, height: 3, premultipliedBytes: bytes)) == nil)
        bytes[4 * (2 * 4 + 1)] = 81  // red 81 over alpha 80 at (1, 2)
        let violation = InternalChecks.premultipliedViolation(in: try Pixmap(width: 4, height: 3, premultipliedBytes: bytes))
        #expect(violation?.contains("pixel (1, 2)") == true, "\(violation ?? "nil")")
    }

    @Test func anIncrementalRenderThatDiffersFromAFullOneIsCaught() throws {
        let full = try Pixmap(width: 5, height: 4, fill: .white)
        #expect(InternalChecks.damageViolation(incremental: full, full: full) == nil)
        var stale = full
        stale[3, 2] = .black
        let violation = InternalChecks.damageViolation(incremental: stale, full: full)
        #expect(violation?.contains("pixel (3, 2)") == true, "\(violation ?? "nil")")
        #expect(InternalChecks.damageViolation(incremental: try Pixmap(width: 4, height: 4, fill: .white), full: full) != nil)
    }

    @Test func incrementalFramesOfAnAnimatedControlEqualFullRenders() throws {
        // The damage invariant itself, checked on every frame of a switch toggling (the internal-checks
        // build samples it on all UI tests).
        let control = LiquidSwitch()
        let loop = try UIRunLoop(root: control, size: LiquidSwitch.defaultSize, scale: 2)
        loop.compositor = try Compositor(size: loop.size, scale: 2)
        _ = loop.run(events: [Touch(id: 1, phase: .began, location: Point(14, 14), timestamp: 0.05),
                              Touch(id: 1, phase: .ended, location: Point(14, 14), timestamp: 0.1)], duration: 0.3) { _ in
            let full = try? Compositor(size: loop.size, scale: 2).renderFrame(loop.root.layer).image
            if let image = loop.image, let full {
                #expect(InternalChecks.damageViolation(incremental: image, full: full) == nil)
                #expect(InternalChecks.premultipliedViolation(in: image) == nil)
            }
        }
        #expect(control.isOn)
    }
}
