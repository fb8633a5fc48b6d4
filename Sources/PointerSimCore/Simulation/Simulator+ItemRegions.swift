// MARK: Item regions and resizing (docs/Regions.md, "Regions that follow the selection")
//
// Which item regions are present is `ItemRegionPresence`'s, the resize in
// progress `ItemResizer`'s; here they meet the band engine, the regions and
// the log.

extension Simulator {
    /// The item regions present for the selection, focus and item rects now, in scene order.
    /// - Complexity: O(item regions).
    func presentItemRegions() -> [(region: PointerRegion, source: SceneRegion)] {
        itemRegionPresence.presentItemRegions(engine: band.engine, selection: selectionModel)
    }

    /// The item of the scene's item region `k` when the region is present
    /// now (its item there, and selected or focused as its presence asks),
    /// else nil.
    func presentItem(ofItemRegion k: Int) -> Int? {
        itemRegionPresence.presentItem(ofItemRegion: k, engine: band.engine, selection: selectionModel)
    }

    /// After an event: the item regions that appeared, disappeared or moved
    /// are handed to the region interaction, which re-evaluates the pointer
    /// (`region.*` records). Nothing for a scene without item regions.
    /// - Complexity: O(1) when neither the selection, the focus nor an
    ///   item's rect changed since the last call; else O(item regions).
    mutating func refreshItemRegions(at t: Double, into out: inout [LogRecord]) {
        guard !scene.itemRegions.isEmpty else { return }
        if let r = resizer.resize, presentItem(ofItemRegion: r.handle) == nil {
            // The handle went away during its drag (a key took its item out of
            // the selection): the resize ends there, settled (**our choice**),
            // and a handle that comes under the held pointer may latch but
            // resizes nothing until a press of its own.
            resizer.resize = nil
            applyResize(r, settled: true, at: t, into: &out)
        }
        guard itemRegionPresence.needsUpdate(selection: selectionModel.changeCount, geometry: resizer.geometryChanges) else { return }
        let now = presentItemRegions()
        guard !now.elementsEqual(regions.itemRegions, by: { $0.region == $1.region }) else { return }
        emit(regions.setItemRegions(now, location: contentPoint, modifiers: modifiers, primaryHeld: primaryHeld), at: t, into: &out)
    }

    /// A press a latched item region claimed: a resize begins if the region resizes its item.
    mutating func beginResize() {
        resizer.begin(regions: regions, presence: itemRegionPresence, engine: band.engine, at: contentPoint)
    }

    /// The pointer moved during a resize (or the press ended: `settled`):
    /// the item's new rect goes to the band engine at once, is logged
    /// (`item.geometryChanged`), and the item regions follow.
    mutating func applyResize(settled: Bool, at t: Double, into out: inout [LogRecord]) {
        guard let r = resizer.resize else { return }
        applyResize(r, settled: settled, at: t, into: &out)
    }

    /// ``applyResize(settled:at:into:)`` for resize `r`.
    mutating func applyResize(_ r: ItemResizer.Resize, settled: Bool, at t: Double, into out: inout [LogRecord]) {
        let new = resizer.rect(
            of: r,
            handle: scene.itemRegions[r.handle],
            contentPoint: contentPoint,
            bounds: scene.view.contentSize,
            configuration: scene.regionConfiguration,
            settled: settled
        )
        guard ItemEdges.edges(new) != band.engine.edges[r.item] else { return }
        // No band is active during a region's press: the selection does not change.
        _ = band.setRect(new, ofItem: r.item, selection: &selectionModel)
        resizer.geometryChanges &+= 1
        // The rect as the engine holds it (edges: its width may differ from
        // `new`'s in the last bit), so that the log and the hit tests agree.
        out.append(LogRecord(time: t, .itemGeometryChanged(item: itemIDs[r.item], rect: band.engine.rect(of: r.item))))
        refreshItemRegions(at: t, into: &out)
    }
}
