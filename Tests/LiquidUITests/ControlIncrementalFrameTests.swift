import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// Every frame of a control's scripted animation, rendered incrementally (one compositor and the
/// control's caches kept from frame to frame, only the damaged part redrawn), equals byte for byte the
/// same frame rendered from scratch (a control in the same state that never rendered, a new compositor).
@MainActor
@Suite struct ControlIncrementalFrameTests {
    /// The screen of every frame of `touches` rendered incrementally, then for each frame the same frame
    /// rendered by a fresh copy of the component that rendered nothing before it. Returns the incremental
    /// run's total damaged area and the number of frames.
    ///
    /// With `measuresWhatItRenders` the fresh copy renders the frames before into a compositor of its own
    /// and then the frame into a new compositor, after `reset` (which empties the component's caches):
    /// for a component whose state follows what it rendered (glass content takes its vibrant colour from
    /// the backdrop measured as it renders, and the measurement is reported only when it moves by more
    /// than the probe's threshold, so it depends on the frames before), that is the same state as the
    /// incremental run's, reached without any of its pixels or caches.
    private func compare(_ make: () -> any SimulatableComponent, touches: [Touch], frames: Int, scale: Double,
                         measuresWhatItRenders: Bool = false, reset: (any SimulatableComponent) -> Void = { _ in })
        throws -> (damage: Int, frames: Int, component: any SimulatableComponent) {
        let incremental = try ComponentSimulator(component: make(), scale: scale)
        let step = incremental.runLoop.frameInterval
        let duration = Double(frames) * step - step / 2
        var images: [[UInt8]] = []
        var damage = 0
        _ = incremental.runLoop.run(events: shifted(touches, incremental), duration: duration) { info in
            damage += info.damage?.area ?? 0
            images.append(incremental.runLoop.image?.bytes ?? [])
        }
        #expect(images.count == frames)
        for k in images.indices {
            let scratch = try ComponentSimulator(component: make(), scale: scale, rendersFrames: measuresWhatItRenders)
            let loop = scratch.runLoop
            var index = 0
            var image: [UInt8]?
            if k == 0 {
                reset(scratch.component)
                loop.compositor = try Compositor(size: loop.size, scale: scale)
            }
            _ = loop.run(events: shifted(touches, scratch), duration: Double(k + 1) * step - step / 2) { _ in
                if index == k { image = loop.image?.bytes }
                index += 1
                if index == k {
                    reset(scratch.component)
                    loop.compositor = try? Compositor(size: loop.size, scale: scale)
                }
            }
            let expected = try #require(image)
            #expect(images[k] == expected, "frame \(k) differs from a render from scratch")
        }
        return (damage, frames, incremental.component)
    }

    private func shifted(_ touches: [Touch], _ simulator: ComponentSimulator) -> [Touch] {
        touches.map { touch in
            var moved = touch
            moved.location = touch.location + Vector2(simulator.origin.x, simulator.origin.y)
            return moved
        }
    }

    @Test func sliderDragAndRelease() throws {
        let touches = TouchScript.drag(from: Point(150, 22), to: Point(190, 22), start: 0.02, duration: 0.1)
        let (damage, frames, component) = try compare({ LiquidSlider() }, touches: touches, frames: 10, scale: 3)
        let slider = try #require(component as? LiquidSlider)
        // The thumb moved without re-rendering the whole goo, and the frames redrew less than the control.
        #expect(slider.partialRenders > 0)
        let whole = (LiquidSlider.defaultSize.width + 32) * (LiquidSlider.defaultSize.height + 32) * 9
        #expect(Double(damage) < Double(frames) * whole)
    }

    @Test func sliderTapToJump() throws {
        let touches = TouchScript.tap(at: Point(40, 22), time: 0.02)
        let (_, _, component) = try compare({
            let slider = LiquidSlider(value: 0.9)
            slider.tapToJump = true
            return slider
        }, touches: touches, frames: 8, scale: 3)
        #expect((component as? LiquidSlider)?.partialRenders ?? 0 > 0)
    }

    @Test func tabBarLensSlidesToAnotherItem() throws {
        let touches = TouchScript.tap(at: Point(330, 40), time: 0.02)
        let (damage, frames, component) = try compare({ LiquidTabBar() }, touches: touches, frames: 8, scale: 2)
        let bar = try #require(component as? LiquidTabBar)
        #expect(bar.partialRenders > 0)
        let whole = LiquidTabBar.defaultSize.width * LiquidTabBar.defaultSize.height * 4
        #expect(Double(damage) < Double(frames) * whole)
    }

    @Test func tabBarLensDragged() throws {
        let touches = TouchScript.drag(from: Point(60, 40), to: Point(160, 40), start: 0.02, duration: 0.08)
        let (_, _, component) = try compare({ LiquidTabBar() }, touches: touches, frames: 8, scale: 2)
        #expect((component as? LiquidTabBar)?.partialRenders ?? 0 > 0)
    }

    /// The button's title and symbol take the glass's vibrant colour from the backdrop measured as the
    /// frame renders, kept until it moves by more than the probe's threshold (so it depends on the frames
    /// before): the reference button renders the frames before too; its frosted backdrops are forgotten
    /// and the frame is rendered by a new compositor.
    @Test func glassButtonTap() throws {
        let touches = TouchScript.tap(at: Point(84, 26), time: 0.02)
        _ = try compare({ GlassButton.simulationSample() }, touches: touches, frames: 6, scale: 1,
                        measuresWhatItRenders: true, reset: { _ = ($0 as? GlassButton)?.glassView.glassState.cache.removeAll() })
    }

    /// A glass button that never rendered draws its content in the default colour; once its glass has
    /// measured the backdrop it draws the measured vibrant colour — the state the comparison above carries.
    @Test func glassButtonContentFollowsTheMeasuredBackdrop() throws {
        let simulator = try ComponentSimulator(component: GlassButton.simulationSample(), scale: 1)
        let button = try #require(simulator.component as? GlassButton)
        #expect(button.glassView.backdropProbe.averageColor == nil)
        let unmeasured = button.contentColor
        _ = simulator.runLoop.run(events: [], duration: 2 * simulator.runLoop.frameInterval)
        let measured = try #require(button.glassView.backdropProbe.averageColor)
        #expect(button.contentColor == button.glassView.vibrantColor(.primary))
        #expect(button.contentColor != unmeasured, "backdrop \(measured) gives the default colour")
    }

    /// The content colour of a frame follows the backdrop measured while that same frame is rendered: the
    /// first frame already draws the title in the measured vibrant colour, so the second (nothing moved)
    /// shows exactly the same pixels.
    @Test func glassButtonContentFollowsTheSameFrame() throws {
        let simulator = try ComponentSimulator(component: GlassButton.simulationSample(), scale: 1)
        let button = try #require(simulator.component as? GlassButton)
        let loop = simulator.runLoop
        let unmeasured = button.contentColor
        loop.step(to: loop.currentTime)
        let first = try #require(loop.image)
        _ = try #require(button.glassView.backdropProbe.averageColor)
        #expect(button.contentColor != unmeasured)
        let title = try #require(button.glassView.contentView.layer.sublayers.first { $0.name == "GlassButton.title" })
        guard case .text(_, let style) = title.content else {
            Issue.record("the title layer holds no text")
            return
        }
        #expect(style.color == button.contentColor)
        loop.step(to: loop.currentTime + loop.frameInterval)
        #expect(try #require(loop.image).bytes == first.bytes)
    }

    @Test func switchTap() throws {
        let touches = TouchScript.tap(at: Point(20, 14), time: 0.02)
        _ = try compare({ LiquidSwitch() }, touches: touches, frames: 8, scale: 2)
    }

    @Test func switchDragRedrawsLessThanTheSwitch() throws {
        // The thumb is pressed and dragged a little (not past the midpoint): the track keeps its colour and
        // only the thumb's neighbourhood is redrawn.
        let touches = TouchScript.drag(from: Point(18, 14), to: Point(26, 14), start: 0.02, duration: 0.1)
        let (damage, frames, _) = try compare({ LiquidSwitch() }, touches: touches, frames: 9, scale: 2)
        let m = LiquidSwitch.drawingMargin
        let whole = (LiquidSwitch.defaultSize.width + 2 * m) * (LiquidSwitch.defaultSize.height + 2 * m) * 4
        #expect(Double(damage) < Double(frames - 1) * whole)
    }
}
