import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The tab bar: a tap on the second item moves the selection there; then the finger presses the lens
    /// and drags it to the third item. It stands on the colourful stage, like a bar floating over content.
    ///
    /// Item centres come from ``tabCentres(width:height:make:)``.
    @MainActor
    static func tabBarScript(for component: any SimulatableComponent,
                             make: () throws -> any SimulatableComponent) throws -> GalleryScript {
        let size = component.simulationSize
        let y = size.height / 2
        let centres = try tabCentres(width: size.width, height: size.height, make: make)
        let second = centres[min(1, centres.count - 1)]
        let third = centres[min(2, centres.count - 1)]

        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: Point(second, y), hold: 0.08)
        finger.wait(1.0)
        finger.down(at: Point(second, y))
        finger.wait(0.35)
        finger.slide(to: Point(third, y), over: 0.6)
        let poster = finger.time - 0.2
        finger.wait(0.2)
        finger.up()
        return GalleryScript(
            title: "Tab bar",
            caption: "A tap on the second item sends the selection lens gliding over to it. Then the finger presses "
                + "the lens — it grows — and drags it to the third item, the symbols beneath melting into it like "
                + "liquid; on release it settles there.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: poster)
    }

    /// The x centres of the tab bar's items, found by tapping fresh tab bars at evenly spaced points along
    /// the middle and reading `selectedIndex` afterwards: each run of taps that selected the same item gives
    /// that item's centre. When the state has no `selectedIndex`, or the taps select fewer than two items,
    /// the width is split evenly into `itemCount` items (from the state, else 4).
    @MainActor
    static func tabCentres(width: Double, height: Double, make: () throws -> any SimulatableComponent) throws -> [Double] {
        let probes = 32
        var runs: [(index: Double, xs: [Double])] = []
        for k in 0..<probes {
            let x = width * (Double(k) + 0.5) / Double(probes)
            let simulator = try ComponentSimulator(component: try make(), framesPerSecond: 30, scale: 1, rendersFrames: false)
            var finger = TouchSequence(startingAt: 0.05)
            finger.tap(at: Point(x, height / 2), hold: 0.05)
            guard let index = simulator.run(touches: finger.touches, duration: 0.4).last.flatMap({ number("selectedIndex", in: $0.state) })
            else { break }
            if runs.last?.index == index { runs[runs.count - 1].xs.append(x) } else { runs.append((index, [x])) }
        }
        let distinct = Set(runs.map(\.index))
        if distinct.count >= 2 {
            // Keep one centre per item, in index order (a run split by a gap keeps its widest part).
            var best: [Double: [Double]] = [:]
            for run in runs where run.xs.count > (best[run.index]?.count ?? 0) { best[run.index] = run.xs }
            return best.keys.sorted().compactMap { best[$0].map { ($0.first! + $0.last!) / 2 } }
        }
        let count = Checked.clamped(number("itemCount", in: try make().simulationState) ?? 4, to: 1...1000)
        return (0..<count).map { width * (Double($0) + 0.5) / Double(count) }
    }
}
