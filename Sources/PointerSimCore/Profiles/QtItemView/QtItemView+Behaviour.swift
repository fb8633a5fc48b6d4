// `QtItemView` as a `SelectionBehaviour`: the `qt-itemview` profile's port of
// QAbstractItemView, driven by the Simulator as any widget's behaviour. The
// port's own functions (`QtItemView.swift`) are unchanged; this file only
// turns their answers into the behaviour's output.

extension QtItemView: SelectionBehaviour {
    /// The port for `scene`: under a profile with ``BandProfile/itemViewModel``
    /// and the settings the port models (``models(_:bandEnabled:)``), else nil.
    static func make(for scene: SimulationScene, bandEnabled: Bool) -> QtItemView? {
        guard scene.band.profile.itemViewModel, models(scene.selection, bandEnabled: bandEnabled) else { return nil }
        return QtItemView(rects: scene.items.lazy.map(\.rect))
    }

    /// QListView's elastic band.
    package var shownBand: Rect? { elasticBand }

    package mutating func press(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        let item = band.engine.item(at: e.point, closed: false)
        out.emit(press(item: item, point: e.point, modifiers: e.modifiers, time: e.time, selection: &selection))
    }

    /// QAbstractItemView's drag selection, logged as a band.
    package mutating func move(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        let item = band.engine.item(at: e.point, closed: false)
        guard let (events, began) = drag(to: e.point, item: item, modifiers: e.modifiers, selection: &selection) else { return }
        let rect = elasticBand ?? Self.spannedRect(pressedPosition, e.point)
        if began {
            let mode: SelectionMode = e.modifiers.contains(.control) ? .toggle : e.modifiers.contains(.shift) ? .add : .replace
            out.append(.bandBegan(rect: rect, modifiers: e.modifiers, mode: mode))
            bandLogged = true
        }
        var diff = SelectionDiff()
        for case .changed(_, let d) in events { diff = diff.followed(by: d) }
        if !began || !diff.isEmpty { out.append(.bandSelecting(rect: rect, added: out.log.logAdded(diff), removed: out.log.logRemoved(diff))) }
        out.emit(events.filter { if case .changed = $0 { return false } else { return true } })
    }

    package mutating func release(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        let rect = elasticBand ?? Self.spannedRect(pressedPosition, e.point)
        let logged = bandLogged
        let item = band.engine.item(at: e.point, closed: false)
        out.emit(release(item: item, modifiers: e.modifiers, selection: &selection))
        if logged { out.append(.bandEnded(rect: rect, selection: out.log.logSelection(selection), cancelled: false)) }
    }

    /// A cancel changes nothing of QAbstractItemView's press (our reading:
    /// not in the corpus).
    package mutating func cancel(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {}

    package mutating func key(
        _ k: Key,
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        // Escape while the primary button is held: the click rules' (a custom
        // profile may have `escapeClearsDuringPress`); the port's keys otherwise.
        if k == .escape, e.primaryHeld || band.isActive {
            if clicks.rules.escapeClearsDuringPress {
                if band.isActive && e.modifiers.subtracting(.capsLock).isEmpty, let u = band.cancel(selection: &selection) {
                    out.emit(u, selection: selection)
                }
                out.emit(clicks.key(k, modifiers: e.modifiers, selection: &selection, band: band))
            } else if clicks.rules.escapeCancelsBand, let u = band.cancel(selection: &selection) {
                out.emit(u, selection: selection)
            } else if clicks.rules.escapeEndsBand, band.isActive, let u = band.release(modifiers: e.modifiers, selection: &selection) {
                out.emit(u, selection: selection)
            }
            return
        }
        out.emit(key(k, modifiers: e.modifiers, selection: &selection, items: band.engine))
    }
}
