import Foundation
import LiquidRaster
import LiquidScene

extension FuzzEntry {
    /// A scene file: `bytes` are read as `liquid render` reads a scene, the document is resolved at its
    /// start, the middle of its keyframes and its last key (and at its declared duration), and the middle
    /// one is rendered — at the scene's own scale or less, so that the canvas fits in ``renderSide``
    /// pixels a side.
    ///
    /// Checks: every error, reading or rendering, is a ``LiquidError`` with a one-line message; every
    /// rendered pixel is premultiplied.
    /// - Parameter imageFolder: the folder relative image and font paths in the scene resolve against.
    package static func scene(_ bytes: [UInt8], imageFolder: String) {
        let source: SceneSource
        do {
            source = try SceneSource(json: Data(bytes), baseDirectory: imageFolder)
        } catch {
            requireOneLine(error, from: "scene")
            return
        }
        let last = source.lastKeyTime
        let middle = last / 2
        var drawn: SceneDocument?
        for t in [0, middle, last, source.declaredDuration ?? 0] {
            do {
                let document = try source.document(at: t)
                if t == middle { drawn = document }
            } catch {
                requireOneLine(error, from: "scene at t = \(t)")
            }
        }
        guard let document = drawn else { return }
        let scale = min(document.scale, renderSide / document.width, renderSide / document.height)
        MainActor.assumeIsolated {
            do {
                requirePremultiplied(try document.render(scale: scale), from: "scene rendering")
            } catch {
                requireLiquidError(error, from: "scene rendering")
            }
        }
    }
}
