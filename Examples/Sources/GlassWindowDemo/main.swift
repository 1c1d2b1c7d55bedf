import Foundation
import LiquidKit
import LiquidWindow

// A switch, a slider and a glass button over a colourful backdrop; the mouse is a finger (Shift or the
// wheel adds force). Runs until the window is closed, or for the seconds given as the first argument.
let root = View()
root.layer.backgroundColor = RGBA(red: 0.25, green: 0.45, blue: 0.95)
root.layer.content = .custom { canvas, _ in  // bright discs for the glass to bend and frost
    let colours = [RGBA(red: 1, green: 0.62, blue: 0.04), RGBA(red: 1, green: 0.18, blue: 0.33), RGBA(red: 0.2, green: 0.78, blue: 0.35)]
    for (i, colour) in colours.enumerated() {
        canvas.fill(Path(ellipseIn: Rect(x: Double(i) * 115 - 10, y: 100, width: 130, height: 130)), paint: .color(colour))
    }
}
root.addSubview(LiquidSwitch(frame: Rect(x: 24, y: 24, width: 63, height: 28), isOn: true))
root.addSubview(LiquidSlider(frame: Rect(x: 20, y: 70, width: 300, height: 44)))
let button = GlassButton(frame: Rect(x: 86, y: 140, width: 168, height: 52), title: "Tap me")
button.addAction(for: .touchUpInside) { _ in print("tapped") }
root.addSubview(button)
do {
    let window = try WindowHost(root: root, size: Size(width: 340, height: 220), title: "LiquidKit demo")
    try window.run(seconds: CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? .infinity)
} catch {
    FileHandle.standardError.write(Data("GlassWindowDemo: \(error)\n".utf8))  // e.g. no X display
    exit(1)
}
