import LiquidGeometry

/// Draws an image through a ``WarpMesh``, in place, with the bilinear sampling of
/// ``Displacement/remap(_:by:edgeMode:into:)``.
///
/// Pixel (x, y) covers [x, x + 1) × [y, y + 1) and belongs to the cell its centre lies in. A cell whose
/// corners are all at rest is left as it is (the plain copy); each pixel of a moving cell reads the image at
/// its centre minus the offset interpolated bilinearly from its cell's corners, with the arithmetic stated
/// by ``MeshWarpPlan``. Reads are clamped to the part of the image the mesh covers, so content pulled in
/// from beyond the mesh's edge repeats that edge rather than showing what lies outside.
package enum MeshWarp {
    /// Warps `pixmap` through `mesh`, whose (0, 0) sits at `origin` (pixels of `pixmap`) and whose points
    /// are `scale` pixels long per axis. Pixels outside the mesh are untouched. Returns how many cells
    /// moved (0: nothing was written).
    /// - Throws: `LiquidError` naming `origin` or `scale` when it is not finite (or the scale not positive).
    /// - Complexity: O(mesh cells + pixels of moving cells); a mesh at rest costs one pass over its offsets.
    @discardableResult
    package static func warp(_ pixmap: inout Pixmap, through mesh: WarpMesh, origin: Vector2,
                             scale: Vector2) throws(LiquidError) -> Int {
        guard origin.isFinite else { throw .nonFinite("mesh warp origin \(origin)") }
        guard scale.isFinite, scale.x > 0, scale.y > 0 else {
            throw .invalidParameter("mesh warp scale \(scale) must be finite and positive")
        }
        if mesh.isAtRest { return 0 }
        let plan = try MeshWarpPlan(mesh: mesh, origin: origin, scale: scale, width: pixmap.width, height: pixmap.height)
        guard plan.movingCells > 0, !plan.covered.isEmpty else { return 0 }
        let source = pixmap
        pixmap.withMutableView { destination in
            source.withView { image in
                plan.draw(image, region: plan.covered, into: destination.region(plan.covered), mode: .movingOnly)
            }
        }
        return plan.movingCells
    }
}
