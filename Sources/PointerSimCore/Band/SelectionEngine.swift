/// A ``BandEngine`` and the ``SelectionModel`` it changes, as one value:
/// the indexed band over a selection of its own, for use outside a
/// simulation (the benchmarks, the workloads, tests). A ``Simulator`` keeps
/// the two apart: it owns the model, and its band interaction holds the engine.
///
/// Every operation is the engine's or the model's, given the other; see
/// ``BandEngine`` for the band update and ``SelectionModel`` for the
/// selection operations and their costs.
@usableFromInline package struct SelectionEngine: Sendable {
    /// The geometry and the band.
    @usableFromInline package private(set) var band: BandEngine
    /// The selection.
    @usableFromInline package private(set) var model: SelectionModel

    /// Creates an engine with nothing selected.
    /// - Complexity: O(n).
    @usableFromInline package init(items: [Rect], hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        self.init(edges: ItemEdges(items), hitRule: hitRule, cellSize: cellSize)
    }

    /// Creates an engine over items given as edges (no array of rects needed).
    /// - Complexity: O(n).
    @usableFromInline package init(edges: ItemEdges, hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        band = BandEngine(edges: edges, hitRule: hitRule, cellSize: cellSize)
        model = SelectionModel(count: edges.count)
    }

    // MARK: The engine's state

    /// The items' edges; see ``BandEngine/edges``.
    @usableFromInline package var edges: ItemEdges { band.edges }
    /// The number of items (removed ones included).
    @usableFromInline package var count: Int { band.count }
    /// The item rectangles as the engine stores them; see ``BandEngine/items``.
    @usableFromInline package var items: [Rect] { band.items }
    /// Item `i`'s rect as the engine stores it.
    @usableFromInline package func rect(of i: Int) -> Rect { band.rect(of: i) }
    /// The hit rule.
    @usableFromInline package var hitRule: HitRule {
        get { band.hitRule }
        set { band.hitRule = newValue }
    }
    /// The spatial index; see ``BandEngine/index``.
    @usableFromInline package var index: SpatialIndex { band.index }
    /// Items inserted or moved since the index was built.
    @usableFromInline package var changedItems: [Int] { band.changedItems }
    /// Removed items.
    @usableFromInline package var removedItems: ItemBitSet { band.removedItems }
    /// The number of removed items.
    @usableFromInline package var removedCount: Int { band.removedCount }
    /// The current selection.
    @usableFromInline package var selection: ItemBitSet { model.selection }
    /// The number of selected items.
    @usableFromInline package var selectedCount: Int { model.selectedCount }
    /// The selection when the current band began.
    @usableFromInline package var start: ItemBitSet { model.bandStart }
    /// The items the current rect hits.
    @usableFromInline package var inRect: ItemBitSet { band.inRect }
    /// The items any rect of the current band has hit.
    @usableFromInline package var everHit: ItemBitSet { band.everHit }
    /// The current band rect, if a band is active.
    @usableFromInline package var bandRect: Rect? { band.bandRect }
    /// The current band's mode.
    @usableFromInline package var mode: SelectionMode { band.mode }
    /// Whether the mode's selection is applied on every update.
    @usableFromInline package var isLive: Bool { band.isLive }

    // MARK: The selection

    /// Whether item `i` is selected.
    @inlinable package func isSelected(_ i: Int) -> Bool { model.isSelected(i) }
    /// Whether item `i` was removed.
    @usableFromInline package func isRemoved(_ i: Int) -> Bool { band.isRemoved(i) }

    /// Replaces the selection; see ``SelectionModel/setSelection(_:band:)-(S,_)``.
    @discardableResult
    @usableFromInline package mutating func setSelection<S: Sequence>(_ members: S) -> SelectionDiff where S.Element == Int {
        model.setSelection(members, band: band)
    }

    /// Sets the selection as a target describes it; see
    /// ``SelectionModel/setSelection(_:band:)-(SelectionTarget,_)``.
    @discardableResult
    @usableFromInline package mutating func setSelection(_ target: SelectionTarget) -> SelectionDiff { model.setSelection(target, band: band) }

    /// Selects every item that is not removed.
    @discardableResult
    @usableFromInline package mutating func selectAll() -> SelectionDiff { model.selectAll(band: band) }

    // MARK: Queries

    /// The item nearest to item `from` in a direction; see ``BandEngine/nearestItem(from:direction:)``.
    @usableFromInline package func nearestItem(from: Int, direction d: FocusDirection) -> Int? { band.nearestItem(from: from, direction: d) }
    /// The topmost item whose rect contains the point (half-open), or nil.
    @usableFromInline package func item(at p: Point) -> Int? { band.item(at: p) }
    /// The topmost item whose rect contains the point, its max edges included when `closed`.
    @usableFromInline package func item(at p: Point, closed: Bool) -> Int? { band.item(at: p, closed: closed) }

    // MARK: Items after creation

    /// Adds an item; see ``BandEngine/insertItem(_:selection:)``.
    @usableFromInline package mutating func insertItem(_ rect: Rect) -> (index: Int, diff: SelectionDiff) { band.insertItem(rect, selection: &model) }
    /// Removes an item; see ``BandEngine/removeItem(_:selection:)``.
    @discardableResult
    @usableFromInline package mutating func removeItem(_ i: Int) -> SelectionDiff { band.removeItem(i, selection: &model) }
    /// Moves one item; see ``BandEngine/setRect(_:ofItem:selection:)``.
    @discardableResult
    @usableFromInline package mutating func setRect(_ rect: Rect, ofItem i: Int) -> SelectionDiff { band.setRect(rect, ofItem: i, selection: &model) }
    /// Gives every item a new rect; see ``BandEngine/relayout(_:selection:)``.
    @discardableResult
    @usableFromInline package mutating func relayout(_ rects: [Rect]) -> SelectionDiff { band.relayout(rects, selection: &model) }

    // MARK: The band

    /// Starts a band; see ``BandEngine/beginBand(mode:live:selection:)``.
    @discardableResult
    @usableFromInline package mutating func beginBand(mode: SelectionMode, live: Bool = true) -> SelectionDiff {
        band.beginBand(mode: mode, live: live, selection: &model)
    }
    /// Moves the band; see ``BandEngine/updateBand(to:sorted:selection:)``.
    @usableFromInline package mutating func updateBand(to rect: Rect, sorted: Bool = true) -> SelectionDiff {
        band.updateBand(to: rect, sorted: sorted, selection: &model)
    }
    /// Ends the band; see ``BandEngine/endBand(mode:selection:)``.
    @discardableResult
    @usableFromInline package mutating func endBand(mode: SelectionMode? = nil) -> SelectionDiff { band.endBand(mode: mode, selection: &model) }
    /// Cancels the band; see ``BandEngine/cancelBand(selection:)``.
    @discardableResult
    @usableFromInline package mutating func cancelBand() -> SelectionDiff { band.cancelBand(selection: &model) }

    /// The items a band rect hits, by scanning every item; see ``BandEngine/naiveHits(items:rect:hitRule:)``.
    @usableFromInline package static func naiveHits(items: [Rect], rect: Rect, hitRule: HitRule) -> [Int] {
        BandEngine.naiveHits(items: items, rect: rect, hitRule: hitRule)
    }

    /// Checks the engine's and the model's consistency (only with `POINTERSIM_INTERNAL_CHECKS`).
    @inlinable package func _checkInvariants() { band._checkInvariants(model) }
}
