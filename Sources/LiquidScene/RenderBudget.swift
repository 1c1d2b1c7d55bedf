import LiquidGeometry
import LiquidRaster

/// The memory a render of a scene needs, estimated from the scene before anything is drawn, and the budget
/// it must fit in.
///
/// The estimate is an upper bound of the address space the renderer holds at once, built from figures
/// measured as the peak address space of `liquid render` on canvases of 2048² and 4096² pixels (the
/// difference is the cost per pixel). It is the larger of two stages:
/// - **drawing**: 4 bytes per canvas pixel for the image; for glass, 8 per canvas pixel for each glass
///   shape (a glass layer, or each child of a glass container: backdrops and outputs are canvas-sized and
///   kept until the image is done; measured 7.7 a layer, 15.3 for a container of two) and 12 once for the
///   glass renderer's scratch (measured: one canvas-sized glass costs 11.7 more than a plain scene); 4 per
///   pixel of the buffer of each group that has filters or glass inside (kept until the image is done),
///   whose side is the canvas side plus twice the blur reach of the group and the groups around it (3σ per
///   blur, at most 4096 pixels), and 12 per pixel of the largest such buffer for a blur's scratch
///   (measured: 10.5 for three nested blurred groups); 4 per pixel of one tile (at most 1024 × 1024) for the screen tile and each level of
///   nested isolation (a group, or a layer with an opacity below 1 or a blend mode);
///   and 4 per pixel of every distinct image file the scene shows (decoded once, however many layers show
///   it; its size read from the PNG header) plus 4 per pixel of the largest for decoding it;
/// - **encoding**: ``bytesPerCanvasPixel`` (16) per canvas pixel for the image and its PNG or animated-PNG
///   encoding (measured 12.6 for a still image, 15.3 for an animation, drawing included).
///
/// ``maximumBytes`` (1.5 GiB) leaves room, under 2 GiB of address space, for the program itself (about
/// 80 MB) and the parsed scene. A plain scene may therefore have up to 100 663 296 pixels (10 032 × 10 032).
package struct RenderBudget: Sendable, Equatable {
    /// The largest estimate a render may have.
    package static let maximumBytes = 1536 * 1024 * 1024
    /// Bytes per canvas pixel for the image, its tiles and its encoding.
    package static let bytesPerCanvasPixel = 16
    /// Bytes per canvas pixel for each glass layer.
    package static let bytesPerGlassPixel = 8
    /// Bytes per canvas pixel of the glass renderer's scratch (once, when there is glass).
    package static let glassScratchPerPixel = 12
    /// Bytes per pixel of the largest filtered group's buffer for a blur's scratch.
    package static let blurScratchPerPixel = 12

    /// Canvas size in pixels.
    package var width: Int, height: Int
    /// Glass shapes: glass layers, and each child of a glass container.
    package var glassLayers = 0
    /// Pixels of the buffers of groups with filters or glass inside, summed, and the largest.
    package var groupPixels = 0, largestGroup = 0
    /// The deepest nesting of isolated layers.
    package var isolationDepth = 0
    /// Pixels of the distinct image files the scene shows, summed, and the largest (0 for a file whose
    /// header cannot be read: drawing reports that file).
    package var imagePixels = 0, largestImage = 0
    private var imagePaths: Set<String> = []

    /// The estimate in bytes: the larger of the drawing and the encoding stage.
    package var bytes: Int {
        let canvas = width * height
        let tile = Swift.min(width, 1024) * Swift.min(height, 1024)
        var drawing = 4 * canvas + 4 * tile * (isolationDepth + 1)
        if glassLayers > 0 { drawing += canvas * (Self.bytesPerGlassPixel * glassLayers + Self.glassScratchPerPixel) }
        drawing += 4 * groupPixels + Self.blurScratchPerPixel * largestGroup
        drawing += 4 * imagePixels + 4 * largestImage
        return Swift.max(drawing, Self.bytesPerCanvasPixel * canvas)
    }

    /// The estimate for `document` drawn at `scale` pixels per point.
    /// - Throws: `LiquidError` (`.outOfRange`) for a canvas outside 1…``Pixmap/maximumSide`` pixels a side.
    package init(_ document: SceneDocument, scale: Double) throws(LiquidError) {
        let side = 1...Pixmap.maximumSide
        width = try Checked.integer(document.width * scale, "canvas width in pixels", in: side, rounding: .up)
        height = try Checked.integer(document.height * scale, "canvas height in pixels", in: side, rounding: .up)
        visit(document.layers, scale: scale, reach: 0, depth: 0)
    }

    private mutating func visit(_ layers: [SceneLayer], scale: Double, reach: Int, depth: Int) {
        for layer in layers {
            var level = depth
            if layer.opacity < 1 || layer.blendMode != .normal { level += 1 }
            switch layer.content {
            case .glass(let container):
                glassLayers += Swift.max(container.children.count, 1)
            case .image(let path, _):
                if imagePaths.insert(path).inserted, let bytes = try? ImageFileIO.readAll(path),
                   let header = try? PNG.Header(parsing: bytes), header.width <= Pixmap.maximumSide,
                   header.height <= Pixmap.maximumSide {
                    imagePixels += header.width * header.height
                    largestImage = Swift.max(largestImage, header.width * header.height)
                }
            case .group(let children, let filters):
                level += 1
                var own = 0
                for case .blur(let sigma) in filters { own += Int(Swift.min(3 * sigma * scale, 4096).rounded(.up)) }
                let outer = reach + Swift.min(own, 1 << 14)
                if !filters.isEmpty || Self.holdsGlass(children) {
                    let pixels = (width + 2 * outer + 8) * (height + 2 * outer + 8)
                    groupPixels += pixels
                    largestGroup = Swift.max(largestGroup, pixels)
                }
                visit(children, scale: scale, reach: outer, depth: level)
            default:
                break
            }
            isolationDepth = Swift.max(isolationDepth, level)
        }
    }

    private static func holdsGlass(_ layers: [SceneLayer]) -> Bool {
        layers.contains { layer in
            switch layer.content {
            case .glass: true
            case .group(let children, _): holdsGlass(children)
            default: false
            }
        }
    }

    /// Throws unless the estimate is within ``maximumBytes``.
    /// - Throws: `LiquidError` (`.outOfRange`) naming the canvas, the estimate and the budget.
    package func check() throws(LiquidError) {
        let need = bytes
        guard need > Self.maximumBytes else { return }
        let mib = 1024 * 1024
        var held: [String] = []
        if glassLayers > 0 { held.append("\(glassLayers) glass shape\(glassLayers == 1 ? "" : "s")") }
        if groupPixels > 0 { held.append("filtered groups") }
        if imagePixels > 0 { held.append("\(imagePaths.count) image file\(imagePaths.count == 1 ? "" : "s") of \(imagePixels) pixels") }
        throw LiquidError(.outOfRange, "rendering \(width)×\(height) pixels\(held.isEmpty ? "" : " with " + held.joined(separator: " and ")) "
            + "needs about \((need + mib - 1) / mib) MB; a render may use at most \(Self.maximumBytes / mib) MB "
            + "(docs/scene-format.md, \"Budgets\"): lower the scale or the canvas size")
    }
}
