// The Simulator's presses, pointer motion, scrolling and keys: what a press
// does to the regions, the click rules, the band and the item resizer. Who
// has the press is `PressStateMachine`'s.

extension Simulator {
    /// A key command to the focused item (**our reading**, docs/UIKitSources.md
    /// `key.command`): under a profile whose select-all is a Command binding
    /// (`uikit`), a letter pressed with Command held, other than `a`, is
    /// delivered to the item with keyboard focus and logged as
    /// `item.keyCommand`; without focus (or with `focus` off) nothing is.
    mutating func keyCommand(_ k: Key, at t: Double, into out: inout [LogRecord]) {
        guard case .letter(let ch) = k, ch != "a", modifiers.contains(.command),
              clicks.rules.selectAllModifiers.contains(where: { $0.contains(.command) }),
              scene.selection.focus, let f = selectionModel.focus, !selectionModel.isRemoved(f) else { return }
        out.append(LogRecord(time: t, .itemKeyCommand(item: itemIDs[f], key: String(ch), modifiers: modifiers)))
    }

    /// Whether the current region claims a primary press.
    @usableFromInline package var regionClaimsPress: Bool {
        guard let r = regions.current else { return false }
        if let c = r.claimsPress { return c }
        guard scene.band.regionsClaimPress else { return false }
        let e = regions.effect
        return r.latches || e == .highlight || e == .lift
    }

    mutating func pressPrimary(at t: Double, into out: inout [LogRecord]) {
        let rules = clicks.rules
        if rules.isContextClick(modifiers) {
            press.state = .context
            contextClick(at: t, into: &out)
            return
        }
        // The regions see the press first (is it a control's?); their records
        // follow the band's, as they always have.
        let regionEvents = regions.press(location: contentPoint, modifiers: modifiers)
        if regionClaimsPress {
            press.state = .region
            beginResize()
        } else if itemView != nil {  // qt-itemview
            press.state = .itemView
            let item = band.engine.item(at: contentPoint, closed: false)
            emit(itemView!.press(item: item, point: contentPoint, modifiers: modifiers, time: t, selection: &selectionModel), at: t, into: &out)
        } else {
            // #31: pressHitsFirstItem (imgui), maxEdgePressNeedsSelection (gtk3)
            let item = clicks.pressedItem(at: contentPoint, items: band.engine, selection: selectionModel)
            let (meaning, events) = clicks.pressPrimary(on: item, modifiers: modifiers, time: t, point: pointer, selection: &selectionModel, items: band.engine)
            emit(events, at: t, into: &out)
            switch meaning {
            case .item(let i, let refused):
                press.state = .item(i, anchor: contentPoint, modifiers: modifiers, dragged: false, bandRefused: refused)
            case .ignored:
                press.state = .ignored
            case .empty:
                press.state = .empty
                emit(band.press(at: contentPoint, modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
            }
        }
        emit(regionEvents, at: t, into: &out)
    }

    mutating func releasePrimary(at t: Double, into out: inout [LogRecord]) {
        let p = press.release()
        switch p {
        case .context:
            return
        case .region:
            if resizer.resize != nil {
                applyResize(settled: true, at: t, into: &out)
                resizer.resize = nil
            }
        case .drag(let i, let anchor, let items):
            _ = clicks.releaseItem(i, modifiers: modifiers, atPressPoint: false, dragged: true, selection: &selectionModel, items: band.engine)
            out.append(LogRecord(time: t, .dragEnded(point: contentPoint, offset: contentPoint - anchor, items: items, cancelled: false)))
        case .item(let i, let anchor, _, let dragged, _):
            let hit = clicks.hitItem(at: contentPoint, in: band.engine)  // #31: selectedItemActsAtRelease
            emit(
                clicks.releaseItem(
                    i, modifiers: modifiers, atPressPoint: contentPoint == anchor, dragged: dragged, overItem: hit == i, selection: &selectionModel,
                    items: band.engine), at: t, into: &out)
            if clicks.rules.emptyClick == .clearAtRelease {  // #31 (Dear ImGui's ClearOnClickVoid)
                // Items before the pressed one are not hovered while it holds the press.
                let r = clicks.releaseEmpty(
                    modifiers: modifiers, overItem: hit.map { $0 >= i } ?? false, threshold: scene.band.profile.threshold, selection: &selectionModel, items: band.engine)
                emit(r, at: t, into: &out)
            }
        case .itemView:  // qt-itemview
            let rect = itemView!.elasticBand ?? QtItemView.spannedRect(itemView!.pressedPosition, contentPoint)
            let logged = itemView!.bandLogged
            let item = band.engine.item(at: contentPoint, closed: false)
            emit(itemView!.release(item: item, modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
            if logged { out.append(LogRecord(time: t, .bandEnded(rect: rect, selection: logSelection, cancelled: false))) }
        default:
            // #31 (Dear ImGui's ClearOnClickVoid): a press clears at its release.
            if clicks.rules.emptyClick == .clearAtRelease {
                let over = clicks.hitItem(at: contentPoint, in: band.engine) != nil
                emit(
                    clicks.releaseEmpty(
                        modifiers: modifiers, overItem: over, threshold: scene.band.profile.threshold, selection: &selectionModel, items: band.engine),
                    at: t, into: &out)
            }
        }
        emit(band.release(modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
        emit(regions.release(location: contentPoint, modifiers: modifiers), at: t, into: &out)
    }

    mutating func contextClick(at t: Double, into out: inout [LogRecord]) {
        if regionClaimsPress { return }  // the control's own menu, not the items'
        let item = band.engine.item(at: contentPoint, closed: clicks.rules.pressHitsMaxEdges)
        emit(clicks.contextClick(item: item, point: contentPoint, selection: &selectionModel, band: band), at: t, into: &out)
    }

    // issue #31 (gtk3) begin
    /// Escape while a band is active under ``ClickRules/escapeEndsBand``
    /// (GTK 3's `gtk_icon_view_key_press` stops the rubberband): the band ends
    /// with the selection it made, and the rest of the press does nothing.
    mutating func endBandByEscape(at t: Double, into out: inout [LogRecord]) {
        emit(band.release(modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
        if buttons.contains(.primary) { press.state = .ignored }
    }
    // issue #31 (gtk3) end

    /// A `cancel` event, or Escape while the primary button is held: cancels
    /// the band (restoring the selection of the press) and ignores the rest
    /// of the press.
    mutating func cancelPress(at t: Double, into out: inout [LogRecord]) {
        emit(band.cancel(selection: &selectionModel), at: t, into: &out)
        if buttons.contains(.primary), let drag = press.cancel() {
            out.append(LogRecord(time: t, .dragEnded(point: contentPoint, offset: contentPoint - drag.anchor, items: drag.items, cancelled: true)))
        }
    }

    /// Asks the region provider about the pointer (motion, button or modifier change).
    mutating func updateRegions(moved: Bool = true, at t: Double, into out: inout [LogRecord]) {
        // No region to find (a scene without regions): nothing to ask or log.
        if regions.findsNothing { regions.updateFindingNothing(modifiers: modifiers, moved: moved); return }
        emit(regions.update(location: contentPoint, modifiers: modifiers, primaryHeld: primaryHeld, moved: moved), at: t, into: &out)
    }

    mutating func movePointer(to p: Point, at t: Double, into out: inout [LogRecord]) {
        pointer = scene.view.clampPointer(p)
        clicks.pointerMoved(to: pointer)
        let content = contentPoint
        itemView?.pointerMoved(to: content)  // qt-itemview
        if buttons.contains(.primary) { followPress(at: t, into: &out) }
    }

    /// The pointer (or the content under it) moved while the primary button is held.
    mutating func followPress(at t: Double, into out: inout [LogRecord]) {
        switch press.state {
        case .region:
            applyResize(settled: false, at: t, into: &out)
        case .empty:
            emit(band.move(to: contentPoint, selection: &selectionModel), at: t, into: &out)
        case .itemView:  // qt-itemview: QAbstractItemView's drag selection, logged as a band
            let item = band.engine.item(at: contentPoint, closed: false)
            guard let (events, began) = itemView!.drag(to: contentPoint, item: item, modifiers: modifiers, selection: &selectionModel) else { break }
            let rect = itemView!.elasticBand ?? QtItemView.spannedRect(itemView!.pressedPosition, contentPoint)
            if began {
                let mode: SelectionMode = modifiers.contains(.control) ? .toggle : modifiers.contains(.shift) ? .add : .replace
                out.append(LogRecord(time: t, .bandBegan(rect: rect, modifiers: modifiers, mode: mode)))
                itemView!.bandLogged = true
            }
            var diff = SelectionDiff()
            for case .changed(_, let d) in events { diff = diff.followed(by: d) }
            if !began || !diff.isEmpty { out.append(LogRecord(time: t, .bandSelecting(rect: rect, added: log.logAdded(diff), removed: log.logRemoved(diff)))) }
            emit(events.filter { if case .changed = $0 { return false } else { return true } }, at: t, into: &out)
        case .drag(_, let anchor, _):
            // The dragged items follow the pointer.
            out.append(LogRecord(time: t, .dragMoved(point: contentPoint, offset: contentPoint - anchor)))
        case .item(let i, let anchor, let m, let dragged, let refused):
            guard dragged || (contentPoint != anchor && scene.band.profile.thresholdReached(by: contentPoint - anchor)) else { return }
            if !dragged && clicks.configuration.dragInteractionEnabled {
                // A drag of the selection (the item pressed is selected) or of the item alone.
                let items = selectionModel.isSelected(i) ? logSelection : LogItemList([itemIDs[i]])
                press.state = .drag(i, anchor: anchor, items: items)
                out.append(LogRecord(time: t, .dragBegan(point: anchor, items: items)))
                out.append(LogRecord(time: t, .dragMoved(point: contentPoint, offset: contentPoint - anchor)))
                return
            }
            if !dragged { press.state = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: refused) }
            guard !refused else { return }
            if let (began, then) = band.bandFromItem(pressedAt: anchor, modifiers: m, to: contentPoint, selection: &selectionModel) {
                if var b = began, var moved = then, moved.state == .selecting {
                    // Begun and moved in one input: one `band.selecting` line,
                    // at the move's rect, carries both diffs.
                    moved.diff = b.diff.followed(by: moved.diff)
                    b.diff = SelectionDiff()
                    emit(b, at: t, into: &out)
                    emit(moved, at: t, into: &out)
                } else {
                    emit(began, at: t, into: &out)
                    emit(then, at: t, into: &out)
                }
            } else {
                press.state = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: true)
            }
        default:
            break
        }
    }

    /// Scrolls the content; when the offset changes, the band follows (its
    /// anchor is in content coordinates) and the regions are asked again.
    mutating func scroll(by v: Vector, at t: Double, into out: inout [LogRecord]) {
        let new = scene.view.clampOffset(contentOffset + v)
        guard new != contentOffset else { return }
        contentOffset = new
        if buttons.contains(.primary) { followPress(at: t, into: &out) }
        updateRegions(at: t, into: &out)
    }

    /// A band began: outside edit mode, with ``SelectionConfiguration/beginsMultipleSelectionInteraction``,
    /// UIKit's multiple-selection interaction begins and the view enters
    /// edit mode (`editing.began`, with the item at the band's press point, if any).
    mutating func beginMultipleSelectionInteraction(at point: Point, time t: Double, into out: inout [LogRecord]) {
        let c = clicks.configuration
        guard !c.editing, c.beginsMultipleSelectionInteraction, c.allowsSelectionDuringEditing, c.allowsMultipleSelectionDuringEditing else { return }
        clicks.configuration.editing = true
        let item = band.engine.item(at: point, closed: clicks.rules.pressHitsMaxEdges)
        out.append(LogRecord(time: t, .editingBegan(point: point, items: item.map { [itemIDs[$0]] } ?? [])))
    }
}
