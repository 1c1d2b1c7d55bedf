import Foundation
import LiquidRaster

/// A rendered gallery card as one JSON line: how a rendering process of `liquid gallery` hands the cards
/// it rendered to the process that writes the page (the image files are already in the shared folder).
struct GalleryItemRecord: Codable {
    /// The card's position in ``GalleryBuilder/tasks``.
    var index: Int
    var section: Int
    var slug: String
    var title: String
    var caption: String
    var source: String
    var animation: String
    var poster: String
    var renderedFrames: Int
    var bytes: Int
    /// The progress line the card's rendering printed.
    var report: String

    init(index: Int, item: GalleryItem, report: String) {
        self.index = index
        section = item.section.rawValue
        slug = item.slug
        title = item.title
        caption = item.caption
        source = item.source
        animation = item.animation
        poster = item.poster
        renderedFrames = item.renderedFrames
        bytes = item.bytes
        self.report = report
    }

    /// The card again, its animation's header facts read back from the file under `directory`.
    /// - Throws: `ValidationErrorMessage` for an unknown section or a file that is not an animated PNG.
    func item(in directory: String, scale: Double, framesPerSecond: Int) throws -> GalleryItem {
        guard let section = GalleryItem.Section(rawValue: section) else {
            throw ValidationErrorMessage("gallery: a rendering process reported an unknown section \(self.section)")
        }
        let info = try AnimatedPNGInfo(parsing: try ImageFileIO.readAll(directory + "/" + animation))
        return GalleryItem(section: section, slug: slug, title: title, caption: caption, source: source,
                           animation: animation, poster: poster, info: info, renderedFrames: renderedFrames,
                           bytes: bytes, scale: scale, framesPerSecond: framesPerSecond)
    }
}
