import LiquidGeometry
import Testing

@testable import LiquidRaster

struct WarpMeshTests {
    /// A premultiplied image with every byte varying (alpha ≥ each colour byte).
    private func busyImage(width: Int, height: Int) throws -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: 4 * width * height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in 0..<(width * height) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let alpha = UInt8(truncatingIfNeeded: state >> 56) | 1
            for c in 0..<3 { bytes[4 * i + c] = UInt8(truncatingIfNeeded: state >> (8 * UInt64(c) + 8)) % alpha }
            bytes[4 * i + 3] = alpha
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// Opaque; red = x, green = y (one level per pixel).
    private func ramp(width: Int, height: Int) throws -> Pixmap {
        var bytes = [UInt8](repeating: 255, count: 4 * width * height)
        for y in 0..<height {
            for x in 0..<width {
                bytes[4 * (y * width + x)] = UInt8(x)
                bytes[4 * (y * width + x) + 1] = UInt8(y)
                bytes[4 * (y * width + x) + 2] = 0
            }
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    @Test func aMeshAtRestLeavesEveryByte() throws {
        let image = try busyImage(width: 131, height: 77)
        var mesh = try WarpMesh(size: Size(width: 43.1, height: 25), cellSize: 7)
        var warped = image
        #expect(try MeshWarp.warp(&warped, through: mesh, origin: Vector2(0.3, 0.7), scale: Vector2(3, 3)) == 0)
        #expect(warped.bytes == image.bytes)
        // Corners moved by no more than the rest threshold still count as at rest.
        try mesh.setOffsets { p in Vector2(0.004, -0.0029) * (p.x > 20 ? 1 : -1) }
        #expect(try MeshWarp.warp(&warped, through: mesh, origin: Vector2(0.3, 0.7), scale: Vector2(3, 3)) == 0)
        #expect(warped.bytes == image.bytes)
    }

    @Test func onlyTheCellsAroundAMovedCornerChange() throws {
        let image = try busyImage(width: 120, height: 80)
        var mesh = try WarpMesh(size: Size(width: 120, height: 80), columns: 6, rows: 4)
        try mesh.setOffset(Vector2(3.5, -2.25), column: 2, row: 1)
        var warped = image
        #expect(try MeshWarp.warp(&warped, through: mesh, origin: .zero, scale: Vector2(1, 1)) == 4)
        var changedOutside = 0, changedInside = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let near = (20..<60).contains(x) && (0..<40).contains(y)
                if warped[x, y] != image[x, y] { if near { changedInside += 1 } else { changedOutside += 1 } }
            }
        }
        #expect(changedOutside == 0)
        #expect(changedInside > 400)
    }

    @Test func aUniformOffsetIsAnExactShift() throws {
        let image = try busyImage(width: 96, height: 60)
        var mesh = try WarpMesh(size: Size(width: 32, height: 20), cellSize: 10)
        try mesh.setOffsets { _ in Vector2(2, -1) }
        var warped = image
        try MeshWarp.warp(&warped, through: mesh, origin: .zero, scale: Vector2(3, 3))
        // Each output pixel shows the one 6 px left and 3 px below it (inside the mesh's area).
        for y in 0..<(60 - 3) {
            for x in 6..<96 { #expect(warped[x, y] == image[x - 6, y + 3]) }
        }
    }

    @Test func aPixelReadsTheImageMinusItsInterpolatedOffset() throws {
        let image = try ramp(width: 200, height: 120)
        var mesh = try WarpMesh(size: Size(width: 200, height: 120), columns: 5, rows: 3)
        try mesh.setOffset(Vector2(8, 0), column: 2, row: 1)
        try mesh.setOffset(Vector2(0, 6), column: 3, row: 2)
        var warped = image
        // Origin ½: vertex (c, r) lies on the centre of pixel (40c, 40r).
        try MeshWarp.warp(&warped, through: mesh, origin: Vector2(0.5, 0.5), scale: Vector2(1, 1))
        // On the moved vertex: the offset itself.
        #expect(warped[80, 40].red == 72)
        #expect(warped[80, 40].green == 40)
        // A quarter of the way across and half way down cell (2, 1): the bilinear mix of its corners
        // (8, 0), (0, 0), (0, 0), (0, 6) at u = ¼, v = ½.
        let u = 0.25, v = 0.5
        let ox = 8 * (1 - u) * (1 - v), oy = 6 * u * v
        let p = warped[90, 60]
        #expect(abs(Double(p.red) - (90 - ox)) <= 1)
        #expect(abs(Double(p.green) - (60 - oy)) <= 1)
    }

    @Test func badMeshesAreRefused() throws {
        let size = Size(width: 100, height: 50)
        #expect(throws: LiquidError.self) { try WarpMesh(size: size, columns: 0, rows: 3) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: size, columns: 3, rows: 5000) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: Size(width: .nan, height: 50), columns: 3, rows: 3) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: Size(width: 0, height: 50)) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: size, cellSize: 0) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: size, cellSize: .infinity) }
        #expect(throws: LiquidError.self) { try WarpMesh(size: Size(width: 1e9, height: 10), cellSize: 1) }
        var mesh = try WarpMesh(size: size)
        #expect(mesh.columns == 3 && mesh.rows == 1, "cells of about 40 pt")
        #expect(throws: LiquidError.self) { try mesh.setOffset(Vector2(.nan, 0), column: 1, row: 1) }
        #expect(throws: LiquidError.self) { try mesh.setOffset(Vector2(1e9, 0), column: 1, row: 1) }
        #expect(throws: LiquidError.self) { try mesh.setOffset(Vector2(1, 0), column: 4, row: 0) }
        #expect(throws: LiquidError.self) { try mesh.setOffsets { p in p.x > 50 ? Vector2(0, .infinity) : .zero } }
        #expect(mesh.isAtRest, "a refused change changes nothing")
        var image = try Pixmap(width: 10, height: 10)
        try mesh.setOffset(Vector2(1, 0), column: 1, row: 0)
        #expect(throws: LiquidError.self) { try MeshWarp.warp(&image, through: mesh, origin: Vector2(.nan, 0), scale: Vector2(1, 1)) }
        #expect(throws: LiquidError.self) { try MeshWarp.warp(&image, through: mesh, origin: .zero, scale: Vector2(0, 1)) }
    }

    @Test(arguments: [KernelSet.automatic, .portable])
    func aRowRemappedAloneMatchesTheWholeFieldsRemap(kernels: KernelSet) throws {
        // Offsets reaching past every edge, so clamping takes part; rows of odd lengths leave remainders
        // after the eight- and four-pixel paths.
        let image = try busyImage(width: 61, height: 37)
        let width = 45, height = 9
        var dx = [Float](), dy = [Float]()
        for y in 0..<height {
            for x in 0..<width {
                dx.append(Float(x % 7) * 3.3 - 11.2 + Float(y) * 0.77)
                dy.append(Float((x * 5 + y) % 11) * 4.1 - 19.6)
            }
        }
        let field = try DisplacementField(width: width, height: height, dx: dx, dy: dy)
        var whole = try Pixmap(width: width, height: height)
        var rows = try Pixmap(width: width, height: height)
        try image.withView { (source) throws(LiquidError) in
            try whole.withMutableView { (out) throws(LiquidError) in
                try Displacement.remap(source, by: field, edgeMode: .clamp, into: out, kernels: kernels)
            }
            rows.withMutableView { out in
                for y in 0..<height {
                    dx.withUnsafeBufferPointer { dxs in
                        dy.withUnsafeBufferPointer { dys in
                            Displacement.remapClampedRow(source, dx: dxs.baseAddress! + y * width,
                                                         dy: dys.baseAddress! + y * width, y: y, count: width,
                                                         into: out.row(y), kernels: kernels)
                        }
                    }
                }
            }
        }
        #expect(whole.bytes == rows.bytes)
    }
}
