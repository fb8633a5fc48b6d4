// Where a primary press lands: the hit rules of `pressHitsFirstItem`,
// `pressHitsMaxEdges` and `maxEdgePressNeedsSelection`.

extension ClickRules {
    /// The item a primary press at `p` (content coordinates) is on, nil for
    /// empty space: the topmost item whose half-open rect holds it; with
    /// ``pressHitsMaxEdges`` its closed rect; and with
    /// ``maxEdgePressNeedsSelection`` the first item in scene order whose
    /// closed rect holds it, on its max edge only if it is selected (GTK 3).
    /// - Complexity: that of ``BandEngine/item(at:)``, four times with max edges.
    @usableFromInline package func pressedItem(at p: Point, items engine: BandEngine, selection model: SelectionModel) -> Int? {
        pressTarget(at: p, items: engine, selection: model).item
    }

    /// ``pressedItem(at:items:selection:)``, and with ``maxEdgePressNeedsSelection``
    /// the first item whose closed rect holds the point whether it is hit or not
    /// (GTK 3 activates it at a double click: `_gtk_icon_view_get_item_at_coords`).
    func pressTarget(at p: Point, items engine: BandEngine, selection model: SelectionModel) -> (item: Int?, closed: Int?) {
        if pressHitsFirstItem { let i = engine.firstItem(at: p); return (i, i) }
        guard pressHitsMaxEdges else { let i = engine.item(at: p); return (i, i) }
        guard maxEdgePressNeedsSelection else { let i = engine.item(at: p, closed: true); return (i, i) }
        let x0 = p.x.nextDown, y0 = p.y.nextDown
        let probes = [p, Point(x: x0, y: p.y), Point(x: p.x, y: y0), Point(x: x0, y: y0)]
        guard let first = probes.compactMap({ engine.item(at: $0) }).min() else { return (nil, nil) }
        if engine.rect(of: first).contains(p) { return (first, first) }
        return (model.isSelected(first) ? first : nil, first)
    }
}
