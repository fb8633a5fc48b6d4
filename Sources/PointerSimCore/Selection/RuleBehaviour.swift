/// The rule-driven ``SelectionBehaviour``: the profile's ``ClickRules``
/// (through the ``SelectionController``) and its band fields (through the
/// ``BandSelectionInteraction``) decide what a press, a drag, a release and
/// a key do. It plays every profile that names no port of its own.
///
/// Who has the press once it is given here: an item (a click until the
/// pointer moves past the profile's threshold, any motion for UIKit; then a
/// band from the press point, unless refused, or an item drag), a drag of
/// items, empty space (the band), or nothing any more (cancelled).
package struct RuleBehaviour: SelectionBehaviour {
    /// Who has the press given to this behaviour.
    enum Press: Sendable {
        case none
        /// An item: a click until the pointer moves past the profile's
        /// threshold; then a band from the press point (unless refused: the
        /// item accepts the press, `beginsOnItems` is false or `shouldBegin`
        /// said no) or an item drag.
        case item(Int, anchor: Point, modifiers: ModifierFlags, dragged: Bool, bandRefused: Bool)
        /// A drag of items (``SelectionConfiguration/dragInteractionEnabled``):
        /// the item pressed, the press point (content), the items dragged.
        case drag(Int, anchor: Point, items: LogItemList)
        /// Empty space: the band's.
        case empty
        /// Cancelled: the rest of the press is ignored.
        case ignored
    }

    /// The current press.
    var state = Press.none
    /// The scene's band profile (its threshold).
    let profile: BandProfile
    /// The scene's items, for the drag records' ids.
    let log: LogBuilder

    /// The behaviour for `scene`.
    package init(scene: SimulationScene) {
        profile = scene.band.profile
        log = LogBuilder(items: scene.items)
    }

    package mutating func press(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        // #31: pressHitsFirstItem, maxEdgePressNeedsSelection
        let item = clicks.pressedItem(at: e.point, items: band.engine, selection: selection)
        let (meaning, events) = clicks.pressPrimary(
            on: item,
            modifiers: e.modifiers,
            time: e.time,
            point: e.viewPoint,
            selection: &selection,
            items: band.engine
        )
        out.emit(events)
        switch meaning {
        case .item(let i, let refused):
            state = .item(i, anchor: e.point, modifiers: e.modifiers, dragged: false, bandRefused: refused)
        case .ignored:
            state = .ignored
        case .empty:
            state = .empty
            emit(
                band.press(at: e.point, modifiers: e.modifiers, selection: &selection),
                selection: selection,
                clicks: &clicks,
                band: band,
                into: &out
            )
        }
    }

    package mutating func move(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        switch state {
        case .empty:
            emit(band.move(to: e.point, selection: &selection), selection: selection, clicks: &clicks, band: band, into: &out)
        case .drag(_, let anchor, _):
            // The dragged items follow the pointer.
            out.append(.dragMoved(point: e.point, offset: e.point - anchor))
        case .item(let i, let anchor, let m, let dragged, let refused):
            guard dragged || (e.point != anchor && profile.thresholdReached(by: e.point - anchor)) else { return }
            if !dragged && clicks.configuration.dragInteractionEnabled {
                // A drag of the selection (the item pressed is selected) or of the item alone.
                let items = selection.isSelected(i) ? log.logSelection(selection) : LogItemList([log.itemIDs[i]])
                state = .drag(i, anchor: anchor, items: items)
                out.append(.dragBegan(point: anchor, items: items))
                out.append(.dragMoved(point: e.point, offset: e.point - anchor))
                return
            }
            if !dragged { state = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: refused) }
            guard !refused else { return }
            if let (began, then) = band.bandFromItem(pressedAt: anchor, modifiers: m, to: e.point, selection: &selection) {
                if var b = began, var moved = then, moved.state == .selecting {
                    // Begun and moved in one input: one `band.selecting` line,
                    // at the move's rect, carries both diffs.
                    moved.diff = b.diff.followed(by: moved.diff)
                    b.diff = SelectionDiff()
                    emit(b, selection: selection, clicks: &clicks, band: band, into: &out)
                    emit(moved, selection: selection, clicks: &clicks, band: band, into: &out)
                } else {
                    emit(began, selection: selection, clicks: &clicks, band: band, into: &out)
                    emit(then, selection: selection, clicks: &clicks, band: band, into: &out)
                }
            } else {
                state = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: true)
            }
        case .none, .ignored:
            break
        }
    }

    package mutating func release(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        let p = state
        state = .none
        switch p {
        case .drag(let i, let anchor, let items):
            _ = clicks.releaseItem(i, modifiers: e.modifiers, atPressPoint: false, dragged: true, selection: &selection, items: band.engine)
            out.append(.dragEnded(point: e.point, offset: e.point - anchor, items: items, cancelled: false))
        case .item(let i, let anchor, _, let dragged, _):
            let hit = clicks.hitItem(at: e.point, in: band.engine)  // #31: selectedItemActsAtRelease
            out.emit(
                clicks.releaseItem(
                    i,
                    modifiers: e.modifiers,
                    atPressPoint: e.point == anchor,
                    dragged: dragged,
                    overItem: hit == i,
                    selection: &selection,
                    items: band.engine
                )
            )
            if clicks.rules.emptyClick == .clearAtRelease {  // #31
                // Items before the pressed one are not hovered while it holds the press.
                let r = clicks.releaseEmpty(
                    modifiers: e.modifiers,
                    overItem: hit.map { $0 >= i } ?? false,
                    threshold: profile.threshold,
                    selection: &selection,
                    items: band.engine
                )
                out.emit(r)
            }
        case .empty, .ignored, .none:
            // #31 (`emptyClick: clearAtRelease`): a press clears at its release.
            if clicks.rules.emptyClick == .clearAtRelease {
                let over = clicks.hitItem(at: e.point, in: band.engine) != nil
                out.emit(
                    clicks.releaseEmpty(
                        modifiers: e.modifiers,
                        overItem: over,
                        threshold: profile.threshold,
                        selection: &selection,
                        items: band.engine
                    )
                )
            }
        }
    }

    package mutating func cancel(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        guard e.primaryHeld else { return }
        switch state {
        case .item, .empty: state = .ignored
        case .drag(_, let anchor, let items):
            state = .ignored
            out.append(.dragEnded(point: e.point, offset: e.point - anchor, items: items, cancelled: true))
        case .none, .ignored: break
        }
    }

    package mutating func key(
        _ k: Key,
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        let pressing = e.primaryHeld || band.isActive
        if k == .escape, clicks.rules.escapeClearsDuringPress, pressing {
            // #31 (`escapeClearsDuringPress`): clears, and ends an active band; a pending press goes on.
            if band.isActive && e.modifiers.subtracting(.capsLock).isEmpty {
                cancelPress(e, selection: &selection, band: &band, clicks: &clicks, into: &out)
            }
            out.emit(clicks.key(k, modifiers: e.modifiers, selection: &selection, band: band))
        } else if k == .escape, pressing {
            // `escapeCancelsBand`: cancels it (UIKit, our choice); else it is ignored,
            if clicks.rules.escapeCancelsBand {
                cancelPress(e, selection: &selection, band: &band, clicks: &clicks, into: &out)
            } else if clicks.rules.escapeEndsBand, band.isActive {
                // or (`escapeEndsBand`, issue #31) the band ends where it is: it keeps
                // its selection, and the rest of the press does nothing.
                emit(band.release(modifiers: e.modifiers, selection: &selection), selection: selection, clicks: &clicks, band: band, into: &out)
                if e.primaryHeld { state = .ignored }
            }
        } else {
            out.emit(clicks.key(k, modifiers: e.modifiers, selection: &selection, band: band))
            keyCommand(k, e, selection: selection, clicks: clicks, into: &out)
        }
    }

    /// The band's cancel, then the press's (the ``Simulator``'s `cancel`
    /// event does the same).
    mutating func cancelPress(
        _ e: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        if let u = band.cancel(selection: &selection) { out.emit(u, selection: selection) }
        cancel(e, selection: &selection, band: &band, clicks: &clicks, into: &out)
    }

    /// A key command to the focused item (**our reading**, docs/UIKitSources.md
    /// `key.command`): under a profile whose select-all is a Command binding
    /// (`uikit`), a letter pressed with Command held, other than `a`, is
    /// delivered to the item with keyboard focus and logged as
    /// `item.keyCommand`; without focus (or with `focus` off) nothing is.
    func keyCommand(_ k: Key, _ e: BehaviourInput, selection: SelectionModel, clicks: SelectionController, into out: inout BehaviourOutput) {
        guard case .letter(let ch) = k, ch != "a", e.modifiers.contains(.command),
            clicks.rules.selectAllModifiers.contains(where: { $0.contains(.command) }),
            clicks.configuration.focus, let f = selection.focus, !selection.isRemoved(f)
        else { return }
        out.append(.itemKeyCommand(item: log.itemIDs[f], key: String(ch), modifiers: e.modifiers))
    }

    /// A band update's records; a band that begins may also begin UIKit's
    /// multiple-selection interaction.
    func emit(
        _ update: BandUpdate?,
        selection: SelectionModel,
        clicks: inout SelectionController,
        band: BandSelectionInteraction,
        into out: inout BehaviourOutput
    ) {
        guard let u = update else { return }
        out.emit(u, selection: selection)
        if u.state == .began { Self.beginMultipleSelectionInteraction(at: u.rect.origin, clicks: &clicks, band: band, into: &out) }
    }

    /// A band began: outside edit mode, with ``SelectionConfiguration/beginsMultipleSelectionInteraction``,
    /// UIKit's multiple-selection interaction begins and the view enters
    /// edit mode (`editing.began`, with the item at the band's press point, if any).
    static func beginMultipleSelectionInteraction(
        at point: Point,
        clicks: inout SelectionController,
        band: BandSelectionInteraction,
        into out: inout BehaviourOutput
    ) {
        let c = clicks.configuration
        guard !c.editing, c.beginsMultipleSelectionInteraction, c.allowsSelectionDuringEditing, c.allowsMultipleSelectionDuringEditing else { return }
        clicks.configuration.editing = true
        let item = band.engine.item(at: point, closed: clicks.rules.pressHitsMaxEdges)
        out.append(.editingBegan(point: point, items: item.map { [out.log.itemIDs[$0]] } ?? []))
    }
}
