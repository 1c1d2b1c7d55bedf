/// A rendered gallery card as one JSON line: how a rendering process of `liquid gallery` hands the cards
/// it rendered to the process that writes the page (the image files are already in the shared folder).
struct GalleryItemRecord: Codable {
    /// The card's position in ``GalleryBuilder/tasks``.
    var index: Int
    /// The card, as the rendering process built it.
    var item: GalleryItem
    /// The progress line the card's rendering printed.
    var report: String
}
