import LiquidGeometry
import LiquidRaster

/// Everything the renderer needs for one merged surface, in device pixels: its field, bevel, refraction
/// tables, touch glows and pixel bounds.
struct SurfacePlan {
    /// A radial touch glow: white of alpha `alpha·(1 − r²/R²)²` within radius R of (x, y).
    struct Glow {
        var x: Float, y: Float, radius: Float, alpha: Float
    }

    let field: ClusterField
    /// Bevel width (pixels).
    let bevel: Float
    /// Offsets for green (and all channels without dispersion), red and blue.
    let table: RefractionTable
    let redTable: RefractionTable?
    let blueTable: RefractionTable?
    let glows: [Glow]
    /// Pixels the glass can cover (the shapes' bounds plus one pixel, clipped to the image).
    let glassRect: PixelRect

    /// `nil` when the surface covers no pixel. `shapes` are in points.
    init?(shapes: [SignedDistanceShape], interactions: [GlassInteraction], k: Double, material: GlassMaterial,
          materialize: Double, reduceMotion: Bool, scale s: Double, width: Int, height: Int) {
        var device: [SignedDistanceShape] = []
        var cornerRadius = Double.infinity, halfSide = Double.infinity
        for shape in shapes {
            switch shape {
            case .circle(let c, let r):
                guard r > 0 else { continue }
                device.append(.circle(center: Point(c.x * s, c.y * s), radius: r * s))
                cornerRadius = Swift.min(cornerRadius, r)
                halfSide = Swift.min(halfSide, r)
            case .roundedRect(let rect, let radii, let continuous):
                let rect = rect.standardized
                guard rect.width > 0, rect.height > 0 else { continue }
                let clamped = radii.clamped(toFit: rect.size)
                device.append(.roundedRect(Rect(x: rect.minX * s, y: rect.minY * s, width: rect.width * s,
                                                height: rect.height * s),
                                           clamped.scaled(by: s), continuous: continuous))
                cornerRadius = Swift.min(cornerRadius, clamped.maximum)
                halfSide = Swift.min(halfSide, Swift.min(rect.width, rect.height) / 2)
            }
        }
        guard !device.isEmpty else { return nil }
        field = ClusterField(shapes: device, k: k * s)
        guard let rect = field.bounds.pixelRect(margin: 1, width: width, height: height) else { return nil }
        glassRect = rect
        let bevelPoints = Swift.min(material.resolvedBevel(cornerRadius: cornerRadius), halfSide)
        bevel = Float(bevelPoints * s)
        let n = material.refractiveIndex, t = material.thickness * s, b = bevelPoints * s
        table = RefractionTable(bevel: b, thickness: t, index: n, strength: materialize)
        if material.dispersion > 0 {
            redTable = RefractionTable(bevel: b, thickness: t, index: n * (1 - material.dispersion), strength: materialize)
            blueTable = RefractionTable(bevel: b, thickness: t, index: n * (1 + material.dispersion), strength: materialize)
        } else {
            redTable = nil
            blueTable = nil
        }
        glows = interactions.compactMap { interaction in
            guard let p = interaction.touchPoint, interaction.glowOpacity > 0, interaction.glowRadius > 0 else { return nil }
            let press = Swift.min(Swift.max(interaction.effectivePress(reduceMotion: reduceMotion), 0), 1)
            guard press > 0 else { return nil }
            return Glow(x: Float(p.x * s), y: Float(p.y * s), radius: Float(interaction.glowRadius * s),
                        alpha: Float(interaction.glowOpacity * press))
        }
    }

    /// The largest refraction offset of any channel (pixels).
    var maximumOffset: Float {
        Swift.max(table.maximum, redTable?.maximum ?? 0, blueTable?.maximum ?? 0)
    }
}
