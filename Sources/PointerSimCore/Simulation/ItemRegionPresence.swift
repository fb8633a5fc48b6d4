/// Which of a scene's item regions are present (docs/Regions.md, "Regions
/// that follow the selection"): each is there while its item is, and is
/// selected or focused as its ``ItemRegion/presence`` asks, at its item's
/// current rect.
///
/// The ``Simulator`` hands the present regions to its ``RegionInteraction``
/// after each event that changed the selection, the focus or an item's rect.
struct ItemRegionPresence: Sendable {
    /// The scene's item regions.
    let regions: [ItemRegion]
    /// For each of the scene's item regions, its item's index (nil: no item has the id).
    let items: [Int?]
    /// What the item regions present were computed from: the selection
    /// model's ``SelectionModel/changeCount`` and the resizer's
    /// ``ItemResizer/geometryChanges``. An input that changes neither (a
    /// move, a scroll) costs no pass over the item regions.
    var computedFrom: (selection: UInt64, geometry: UInt64) = (0, 0)

    /// The item regions of a scene, their items looked up in `model`.
    init(regions: [ItemRegion], selection model: SelectionModel) {
        self.regions = regions
        items = regions.map { model.index(of: $0.item) }
    }

    /// The item regions present for the selection, focus and item rects now, in scene order.
    /// - Complexity: O(item regions).
    func presentItemRegions(engine: BandEngine, selection selectionModel: SelectionModel) -> [(region: PointerRegion, source: SceneRegion)] {
        var out: [(region: PointerRegion, source: SceneRegion)] = []
        for (k, r) in regions.enumerated() {
            guard let i = presentItem(ofItemRegion: k, engine: engine, selection: selectionModel) else { continue }
            out.append((r.pointerRegion(for: engine.rect(of: i)), r.region))
        }
        return out
    }

    /// The item of the scene's item region `k` when the region is present
    /// now (its item there, and selected or focused as its presence asks),
    /// else nil.
    func presentItem(ofItemRegion k: Int, engine: BandEngine, selection selectionModel: SelectionModel) -> Int? {
        guard let i = items[k], !engine.isRemoved(i) else { return nil }
        let present: Bool
        switch regions[k].presence {
        case .selected: present = selectionModel.isSelected(i)
        case .focused: present = selectionModel.focus == i
        case .selectedOrFocused: present = selectionModel.isSelected(i) || selectionModel.focus == i
        }
        return present ? i : nil
    }

    /// Whether the present regions must be computed again: the selection
    /// (`selection`: its change count) or an item's rect (`geometry`: the
    /// resizer's count) changed since the last time; records that they are.
    mutating func needsUpdate(selection: UInt64, geometry: UInt64) -> Bool {
        let from = (selection, geometry)
        guard from != computedFrom else { return false }
        computedFrom = from
        return true
    }
}
