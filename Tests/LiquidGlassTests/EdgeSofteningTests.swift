import LiquidGeometry
import LiquidGlass
import LiquidRaster
import TestSupport
import Testing

@Suite("Edge softening: variable blur driven by a generated edge mask")
struct EdgeSofteningTests {
    static let color = RGBA(red: 0.2, green: 0.75, blue: 0.35)
    static let rect = Rect(x: 20, y: 20, width: 100, height: 50)

    /// A hard-edged goo capsule, 140×90 px.
    static func hardCapsule() throws -> Pixmap {
        try GooFixtures.goo([.capsule(rect)], size: Size(width: 140, height: 90),
                            parameters: GooParameters(blurRadius: 2, threshold: 0.5, color: color))
    }

    /// Distance (px) from a pixel centre to the capsule's outline.
    static func distanceToEdge(_ x: Int, _ y: Int) -> Double {
        let r = rect.size.height / 2
        let px = Double(x) + 0.5 - rect.midX, py = Double(y) + 0.5 - rect.midY
        let qx = abs(px) - (rect.size.width / 2 - r), qy = abs(py) - (rect.size.height / 2 - r)
        let ox = max(qx, 0), oy = max(qy, 0)
        return abs((ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r)
    }

    /// Softening changes only pixels near the edge; the centre and the far outside stay bit for bit.
    @Test(arguments: [false, true])
    func changesOnlyNearTheEdge(singleColor: Bool) throws {
        let softening = try EdgeSoftening(sigma: 2)
        let before = try Self.hardCapsule()
        var after = before
        try after.withMutableView { view in
            if singleColor {
                try softening.apply(toSingleColor: view, color: Self.color, scale: 1, workspace: EdgeSoftening.Workspace())
            } else {
                try softening.apply(to: view, scale: 1, workspace: EdgeSoftening.Workspace())
            }
        }
        var changed = 0, farthest = 0.0
        for y in 0..<before.height {
            for x in 0..<before.width where before[x, y] != after[x, y] {
                changed += 1
                farthest = max(farthest, Self.distanceToEdge(x, y))
            }
        }
        #expect(after[70, 45] == before[70, 45], "the centre is untouched")
        #expect(after[2, 2] == .transparent)
        #expect(changed > 200, "the edge is softened (\(changed) pixels changed)")
        // The mask vanishes 2.5σ from a straight edge; allow a pixel for the curved ends and rounding.
        #expect(farthest <= 2.5 * 2 + 1.5, "a pixel \(farthest) px from the edge changed")
        // Softening spreads the hard step: partially covered pixels appear on both sides of the edge.
        let row = 45
        let partial = (0..<before.width).filter { after[$0, row].alpha > 0 && after[$0, row].alpha < 255 }
        #expect(partial.count >= 6)
    }

    /// The mask is 255 on the edge, 0 in the centre and far outside.
    @Test func maskMarksTheEdge() throws {
        let image = try Self.hardCapsule()
        let mask = try image.withView { try EdgeSoftening(sigma: 2).edgeMask(of: $0, scale: 1) }
        let w = image.width
        #expect(mask[45 * w + 70] == 0)
        #expect(mask[2 * w + 2] == 0)
        #expect(mask[45 * w + 20] == 255, "the left end of the capsule")
        #expect(mask[20 * w + 70] == 255, "the top edge")
        // Monotone from the edge inward along the vertical through the centre.
        var previous = mask[20 * w + 70]
        for y in 21...45 {
            #expect(mask[y * w + 70] <= previous)
            previous = mask[y * w + 70]
        }
    }

    /// For a one-colour image the alpha-only path matches the general (RGBA variable blur) path closely.
    @Test func singleColourPathMatchesGeneralPath() throws {
        let softening = EdgeSoftening.liquidSwitch
        let base = try GooFixtures.goo([.capsule(Rect(x: 6, y: 6, width: 40, height: 22)),
                                        .circle(center: Point(x: 46, y: 17), radius: 10)],
                                       size: Size(width: 64, height: 36), scale: 3,
                                       parameters: .liquidSwitch(color: Self.color))
        var general = base, fast = base
        try general.withMutableView { try softening.apply(to: $0, scale: 3, workspace: EdgeSoftening.Workspace()) }
        try fast.withMutableView {
            try softening.apply(toSingleColor: $0, color: Self.color, scale: 3, workspace: EdgeSoftening.Workspace())
        }
        var worst = 0, total = 0
        for y in 0..<base.height {
            for x in 0..<base.width {
                let d = GoldenDifference.channelDifference(general[x, y], fast[x, y])
                worst = max(worst, d)
                total += d
            }
        }
        #expect(worst <= 4, "largest difference \(worst) levels")
        #expect(Double(total) / Double(base.width * base.height) < 0.25)
    }

    /// σ = 0 and invalid arguments.
    @Test func zeroSigmaAndInvalidArguments() throws {
        let before = try Self.hardCapsule()
        var after = before
        try after.withMutableView { try EdgeSoftening(sigma: 0).apply(to: $0, scale: 3, workspace: EdgeSoftening.Workspace()) }
        #expect(after == before)
        #expect(throws: LiquidError.self) { try EdgeSoftening(sigma: -1) }
        #expect(throws: LiquidError.self) { try EdgeSoftening(sigma: 1, levels: 1) }
        #expect(throws: LiquidError.self) {
            try after.withMutableView { try EdgeSoftening.tabBar.apply(to: $0, scale: 0, workspace: EdgeSoftening.Workspace()) }
        }
    }

    /// The mask table, which bisects only the alphas near the band's ends, equals the bisection at every entry
    /// (and runs from 0 at the ends through 255 in the middle).
    @Test func distanceTableEqualsTheBisectionEverywhere() {
        let table = EdgeSoftening.distanceTable
        #expect(table.count == EdgeSoftening.tableSteps + 1)
        var differing = 0
        for (i, value) in table.enumerated() where value != EdgeSoftening.bisectedMask(Double(i) / Double(EdgeSoftening.tableSteps)) {
            differing += 1
        }
        #expect(differing == 0)
        #expect(table.first == 0 && table.last == 0 && table[EdgeSoftening.tableSteps / 2] == 255)
        #expect(table.contains { $0 > 0 && $0 < 255 })
    }

    /// The single-colour path computes only the band near edges; it equals, byte for byte, the same
    /// softening computed over every pixel — on goo shapes, shapes cut by the image's border, odd widths,
    /// scattered partial pixels, a tiny image and more levels.
    @Test func bandedSingleColourEqualsEverywhere() throws {
        var images: [(Pixmap, EdgeSoftening, Double)] = []
        images.append((try Self.hardCapsule(), try EdgeSoftening(sigma: 2), 1))
        images.append((try GooFixtures.goo([.capsule(Rect(x: -4, y: 3, width: 40, height: 22)),
                                            .circle(center: Point(x: 50, y: 30), radius: 12)],
                                           size: Size(width: 61, height: 37), scale: 3,
                                           parameters: .liquidSwitch(color: Self.color)), .liquidSwitch, 3))
        // A bar whose width changes row by row, cut by the top and bottom edges: blocks whose vertical taps
        // are clamped.
        var bar = try Pixmap(width: 90, height: 40)
        for y in 0..<bar.height { for x in 20..<(44 + (y * 5) % 11) { bar[x, y] = PremultipliedRGBA8(Self.color) } }
        images.append((bar, try EdgeSoftening(sigma: 3), 1))
        images.append((try Self.hardCapsule(), try EdgeSoftening(sigma: 1.3, levels: 5), 2))
        // Scattered partial and opaque pixels over a transparent 53×29 image.
        var speckled = try Pixmap(width: 53, height: 29)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<40 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let x = Int((seed >> 33) % 53), y = Int((seed >> 13) % 29), a = Double((seed >> 50) % 256) / 255
            speckled[x, y] = PremultipliedRGBA8(Self.color.withAlpha(a))
        }
        images.append((speckled, try EdgeSoftening(sigma: 1.5), 2))
        var tiny = try Pixmap(width: 3, height: 2)
        tiny[1, 0] = PremultipliedRGBA8(Self.color)
        images.append((tiny, .liquidSwitch, 3))
        for (index, (image, softening, scale)) in images.enumerated() {
            var banded = image, portable = image, everywhere = image
            try banded.withMutableView {
                try softening.apply(toSingleColor: $0, color: Self.color, scale: scale, workspace: EdgeSoftening.Workspace())
            }
            // The portable Swift blocks (without the C kernels on a machine that has them) and the AVX2 kernels
            // (without the AVX-512 ones) give the same bytes.
            try portable.withMutableView {
                try softening.apply(toSingleColor: $0, color: Self.color, scale: scale, workspace: EdgeSoftening.Workspace(),
                                    kernels: .portable)
            }
            var avx2 = image
            try avx2.withMutableView {
                try softening.apply(toSingleColor: $0, color: Self.color, scale: scale, workspace: EdgeSoftening.Workspace(),
                                    kernels: .avx2)
            }
            try everywhere.withMutableView {
                try softening.applyEverywhere(toSingleColor: $0, color: Self.color, scale: scale,
                                              workspace: EdgeSoftening.Workspace())
            }
            let bandedSame = banded == everywhere
            #expect(bandedSame, "image \(index) differs")
            // Split into row bands over two and three workers: the same bytes.
            for workers in [2, 3] {
                var split = image
                try split.withMutableView {
                    try softening.apply(toSingleColor: $0, color: Self.color, scale: scale,
                                        workspace: EdgeSoftening.Workspace(), pool: WorkerPool(workers: workers))
                }
                let splitSame = split == everywhere
                #expect(splitSame, "image \(index) differs with \(workers) workers")
            }
            // Compared as Booleans: a failure prints no pixels.
            let portableSame = portable == everywhere, avx2Same = avx2 == everywhere
            #expect(portableSame, "image \(index): the portable path differs")
            #expect(avx2Same, "image \(index): the AVX2 path differs")
            let changed = banded != image
            #expect(changed || index == images.count - 1, "image \(index) was softened")
        }
        // A uniform image has no edge: nothing changes.
        var opaque = try Pixmap(width: 20, height: 10)
        opaque.fill(PremultipliedRGBA8(Self.color))
        let before = opaque
        try opaque.withMutableView {
            try EdgeSoftening.liquidSwitch.apply(toSingleColor: $0, color: Self.color, scale: 3,
                                                 workspace: EdgeSoftening.Workspace())
        }
        #expect(opaque == before)
    }
}
