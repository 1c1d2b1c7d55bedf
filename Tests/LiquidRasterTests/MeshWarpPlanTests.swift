import Foundation
import LiquidGeometry
import Testing

@testable import LiquidRaster

/// The laid-out mesh warp that draws any part of the warped image on its own, checked against an
/// independent bilinear reference and against itself drawn whole.
struct MeshWarpPlanTests {
    /// A premultiplied image with every byte varying; a third of the pixels are translucent, except in the
    /// first `opaqueRows` rows, which are opaque.
    private func busyImage(width: Int, height: Int, opaqueRows: Int = 0) throws -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: 4 * width * height)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<(width * height) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let alpha = i % 3 == 0 && i >= opaqueRows * width ? Int(state >> 56) : 255
            for c in 0..<3 { bytes[4 * i + c] = UInt8(Int(truncatingIfNeeded: (state >> (8 * UInt64(c) + 8)) & 255) % (alpha + 1)) }
            bytes[4 * i + 3] = UInt8(alpha)
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// A mesh of 5 × 4 cells over 50 × 40 points with corners moved by up to ±4 points (two cells at rest).
    private func movedMesh() throws -> WarpMesh {
        var mesh = try WarpMesh(size: Size(width: 50, height: 40), columns: 5, rows: 4)
        try mesh.setOffsets { p in
            p.x >= 40 && p.y <= 10 ? .zero : Vector2(4 * sin(p.x * 0.13 + p.y * 0.07), 3.5 * cos(p.y * 0.11 - p.x * 0.05))
        }
        return mesh
    }

    /// Straight source-over written from its definition: d' = s + round(d·(255 − αs)/255).
    private func over(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let inverse = 255 - Int(s.alpha)
        func c(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(Int(a) + Int((Double(Int(b) * inverse) / 255).rounded(.toNearestOrAwayFromZero)))
        }
        return PremultipliedRGBA8(red: c(s.red, d.red), green: c(s.green, d.green), blue: c(s.blue, d.blue),
                                  alpha: c(s.alpha, d.alpha))
    }

    @Test func eachPixelIsWithinALevelOfTheBilinearSampleAtItsOffsetPosition() throws {
        let image = try busyImage(width: 160, height: 130)
        let mesh = try movedMesh()
        let origin = Vector2(3, 2), scale = Vector2(3, 3)
        var warped = image
        let moved = try MeshWarp.warp(&warped, through: mesh, origin: origin, scale: scale)
        #expect(moved == 19, "every cell but the top-right one")
        // The reference: every pixel's offset interpolated in Double from its cell's corners, sampled by the
        // general remap over the covered region.
        let covered = PixelRect(x: 3, y: 2, width: 150, height: 120)
        var dx = [Float](), dy = [Float]()
        for y in 0..<covered.height {
            for x in 0..<covered.width {
                let px = (Double(x) + 0.5) / 3, py = (Double(y) + 0.5) / 3
                let c = min(Int(px / 10), 4), r = min(Int(py / 10), 3)
                let u = px / 10 - Double(c), v = py / 10 - Double(r)
                let top = mesh.offset(column: c, row: r).interpolated(to: mesh.offset(column: c + 1, row: r), u)
                let bottom = mesh.offset(column: c, row: r + 1).interpolated(to: mesh.offset(column: c + 1, row: r + 1), u)
                let o = top.interpolated(to: bottom, v)
                dx.append(Float(-o.x * 3))
                dy.append(Float(-o.y * 3))
            }
        }
        let field = try DisplacementField(width: covered.width, height: covered.height, dx: dx, dy: dy)
        let reference = try Displacement.remapped(try image.cropped(to: covered), by: field, edgeMode: .clamp)
        var worst = 0
        for y in 0..<covered.height {
            for x in 0..<covered.width {
                let a = warped[x + covered.x, y + covered.y], b = reference[x, y]
                for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)] {
                    worst = max(worst, abs(Int(p) - Int(q)))
                }
            }
        }
        #expect(worst <= 1)
        // Outside the mesh nothing changed.
        #expect(warped[1, 1] == image[1, 1] && warped[155, 125] == image[155, 125])
    }

    @Test(arguments: [KernelSet.automatic, .portable])
    func drawingInPiecesGivesTheBytesOfTheWholeWarp(kernels: KernelSet) throws {
        let image = try busyImage(width: 160, height: 130)
        let mesh = try movedMesh()
        let plan = try MeshWarpPlan(mesh: mesh, origin: Vector2(3, 2), scale: Vector2(3, 3), width: 160, height: 130)
        var whole = image
        try MeshWarp.warp(&whole, through: mesh, origin: Vector2(3, 2), scale: Vector2(3, 3))
        let backdrop = try busyImage(width: 170, height: 140)
        // Pieces of 37 × 23 pixels, some reaching past the image, copied or composited onto a backdrop.
        var copied = try Pixmap(width: 160, height: 130)
        var composited = backdrop
        try image.withView { (source) throws(LiquidError) in
            for top in stride(from: -5, to: 135, by: 23) {
                for left in stride(from: -7, to: 165, by: 37) {
                    let piece = PixelRect(x: left, y: top, width: 37, height: 23)
                    guard let inside = piece.intersection(PixelRect(x: 0, y: 0, width: 160, height: 130)) else { continue }
                    copied.withMutableView { out in plan.draw(source, region: inside, into: out.region(inside), mode: .copy, kernels: kernels) }
                    composited.withMutableView { out in
                        plan.draw(source, region: inside, into: out.region(inside), mode: .sourceOver, kernels: kernels)
                    }
                }
            }
        }
        #expect(copied.bytes == whole.bytes)
        var mismatches = 0
        for y in 0..<140 {
            for x in 0..<170 {
                let expected = x < 160 && y < 130 ? over(whole[x, y], backdrop[x, y]) : backdrop[x, y]
                if composited[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// A ripple-like mesh over an image opaque in its upper half (where the vector kernel's source-over
    /// skips the blend for eight opaque pixels) and partly translucent below, drawn by the vector kernels
    /// (the widest this CPU runs, and AVX2), gives the bytes of the portable per-pixel path, copied and
    /// composited, in pieces whose spans end anywhere.
    @Test(arguments: [KernelSet.automatic, .avx2])
    func vectorWarpGivesThePortableBytes(kernels: KernelSet) throws {
        let image = try busyImage(width: 301, height: 157, opaqueRows: 80)
        var mesh = try WarpMesh(size: Size(width: 100, height: 52), columns: 4, rows: 2)
        try mesh.setOffsets { p in Vector2(2.5 * sin(p.x * 0.09 + p.y * 0.05), 1.7 * cos(p.y * 0.13 - p.x * 0.04)) }
        let plan = try MeshWarpPlan(mesh: mesh, origin: Vector2(0.5, 0), scale: Vector2(3, 3), width: 301, height: 157)
        #expect(plan.movingCells == 8)
        let backdrop = try busyImage(width: 301, height: 157)
        for mode in [MeshWarpPlan.Mode.copy, .sourceOver] {
            var vector = backdrop, portable = backdrop
            try image.withView { (source) throws(LiquidError) in
                for top in stride(from: 0, to: 157, by: 29) {
                    for left in stride(from: 0, to: 301, by: 53) {
                        guard let piece = PixelRect(x: left, y: top, width: 53, height: 29)
                            .intersection(PixelRect(x: 0, y: 0, width: 301, height: 157)) else { continue }
                        vector.withMutableView { plan.draw(source, region: piece, into: $0.region(piece), mode: mode, kernels: kernels) }
                        portable.withMutableView { plan.draw(source, region: piece, into: $0.region(piece), mode: mode, kernels: .portable) }
                    }
                }
            }
            #expect(vector.bytes == portable.bytes, "\(mode)")
            #expect(vector.bytes != backdrop.bytes)
        }
    }
}
