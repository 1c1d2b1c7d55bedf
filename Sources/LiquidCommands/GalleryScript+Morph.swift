import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The icon morph: taps on the star, the heart and the bolt, the last one while the heart is still
    /// morphing in, then the drop.
    @MainActor
    static func morphScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let names = IconMorphView.iconNames
        func button(_ name: String) -> Point {
            let width = size.width / Double(names.count)
            let i = Double(names.firstIndex(of: name) ?? 0)
            return Point((i + 0.5) * width, size.height - IconMorphView.buttonRowHeight / 2)
        }
        var finger = TouchSequence()
        finger.wait(0.3)
        finger.tap(at: button("star"))
        finger.wait(0.6)
        finger.tap(at: button("heart"))
        let fused = finger.time + 0.1
        finger.wait(0.15)
        finger.tap(at: button("bolt"))
        finger.wait(0.6)
        finger.tap(at: button("drop"))
        return GalleryScript(
            title: "Icon morph",
            caption: "Each button morphs the icon: the stage blurs, the icons cross-fade while blurred and an "
                + "alpha threshold fuses them into one blob that sharpens into the new icon (0.41 s). The bolt "
                + "is picked mid-morph: the blend on screen becomes the old icon.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: fused)
    }
}
