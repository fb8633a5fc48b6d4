/// Resizing an item by its item region's handle (``ItemRegion/resizes``;
/// docs/Regions.md, "Regions that follow the selection"): the resize in
/// progress while its press lasts, and the count of the item rects changed.
///
/// The ``Simulator`` gives each new rect to the band engine, logs it
/// (`item.geometryChanged`) and lets the item regions follow.
struct ItemResizer: Sendable {
    /// A resize by an item region's handle, while its press lasts.
    struct Resize: Sendable {
        /// The item region (index into the scene's).
        var handle: Int
        /// The item.
        var item: Int
        /// The item's rect at the press.
        var start: Rect
        /// The pointer at the press, content coordinates.
        var anchor: Point
    }
    /// The resize in progress.
    var resize: Resize?
    /// Counts the changes of item rects (resizes).
    var geometryChanges: UInt64 = 0

    /// A press a latched item region claimed: a resize begins if the region
    /// resizes its item (`presence` knows the scene's item regions and their
    /// items, `engine` the item's rect; `contentPoint` is the press point).
    mutating func begin(regions: RegionInteraction, presence: ItemRegionPresence, engine: BandEngine, at contentPoint: Point) {
        resize = nil
        guard regions.isLatched, let c = regions.current else { return }
        for (k, r) in presence.regions.enumerated() where r.region.id == c.id && r.resizes {
            guard let i = presence.items[k] else { return }
            resize = Resize(handle: k, item: i, start: engine.rect(of: i), anchor: contentPoint)
            return
        }
    }

    /// The rect of resize `r`'s item with the pointer at `contentPoint`
    /// (`settled`: the press ended), kept inside the content (`bounds`).
    func rect(of r: Resize, handle: ItemRegion, contentPoint: Point, bounds: Size, configuration: PointerRegionConfiguration, settled: Bool) -> Rect {
        handle.resized(r.start, by: contentPoint - r.anchor, bounds: bounds, configuration: configuration, settled: settled)
    }
}
