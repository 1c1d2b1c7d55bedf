import LiquidKit

// A switch in a 100 × 60 pt scene at 2×, tapped in its middle on the headless run loop, then rendered.
let root = View()
root.layer.backgroundColor = RGBA(red: 0.95, green: 0.95, blue: 0.97)
let toggle = LiquidSwitch(frame: Rect(x: 18, y: 16, width: 63, height: 28))
root.addSubview(toggle)
let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 60), scale: 2)
loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
let middle = Point(toggle.frame.midX, toggle.frame.midY)
let tap = [Touch(phase: .began, location: middle, timestamp: 0.1), Touch(phase: .ended, location: middle, timestamp: 0.2)]
loop.run(events: tap, duration: 1)  // 60 frames a second for one second: the tap, then the thumb settling
guard toggle.isOn, let frame = loop.image else { fatalError("the tap did not turn the switch on") }
let path = CommandLine.arguments.dropFirst().first ?? "switch.png"
try PNG.write(frame, to: path)
print("the switch is on; wrote \(path) (\(frame.width)×\(frame.height) pixels)")
