// The Simulator's presses, pointer motion, scrolling and keys: what a press
// does to the regions, the click rules, the band and the item resizer. Who
// has the press is `PressStateMachine`'s.

extension Simulator {
    /// What the behaviour is told about the input at `t`.
    func behaviourInput(at t: Double) -> BehaviourInput {
        BehaviourInput(time: t, point: contentPoint, viewPoint: pointer, modifiers: modifiers, primaryHeld: buttons.contains(.primary))
    }

    /// Lends the behaviour the simulator's parts for one call, its records
    /// appended to `out`.
    mutating func behave(
        at t: Double,
        into out: inout [LogRecord],
        _ body: (
            inout any SelectionBehaviour, BehaviourInput, inout SelectionModel, inout BandSelectionInteraction, inout SelectionController,
            inout BehaviourOutput
        ) -> Void
    ) {
        var o = BehaviourOutput(time: t, log: log, contextMenuFlocks: clicks.rules.contextMenuFlocks)
        swap(&o.records, &out)
        body(&behaviour, behaviourInput(at: t), &selectionModel, &band, &clicks, &o)
        swap(&o.records, &out)
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
        } else {
            press.state = .behaviour
            behave(at: t, into: &out) { b, e, s, band, c, o in b.press(e, selection: &s, band: &band, clicks: &c, into: &o) }
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
        case .behaviour:
            behave(at: t, into: &out) { b, e, s, band, c, o in b.release(e, selection: &s, band: &band, clicks: &c, into: &o) }
        case .none:
            break
        }
        emit(band.release(modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
        emit(regions.release(location: contentPoint, modifiers: modifiers), at: t, into: &out)
    }

    mutating func contextClick(at t: Double, into out: inout [LogRecord]) {
        if regionClaimsPress { return }  // the control's own menu, not the items'
        let item = band.engine.item(at: contentPoint, closed: clicks.rules.pressHitsMaxEdges)
        emit(clicks.contextClick(item: item, point: contentPoint, selection: &selectionModel, band: band), at: t, into: &out)
    }

    /// A `cancel` event: cancels the band (restoring the selection of the
    /// press) and, with the primary button held, the behaviour ignores the
    /// rest of its press.
    mutating func cancelPress(at t: Double, into out: inout [LogRecord]) {
        emit(band.cancel(selection: &selectionModel), at: t, into: &out)
        behave(at: t, into: &out) { b, e, s, band, c, o in b.cancel(e, selection: &s, band: &band, clicks: &c, into: &o) }
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
        behaviour.pointerMoved(to: contentPoint)
        if buttons.contains(.primary) { followPress(at: t, into: &out) }
    }

    /// The pointer (or the content under it) moved while the primary button is held.
    mutating func followPress(scrolled: Bool = false, at t: Double, into out: inout [LogRecord]) {
        switch press.state {
        case .region:
            applyResize(settled: false, at: t, into: &out)
        case .behaviour where scrolled:
            behave(at: t, into: &out) { b, e, s, band, c, o in b.scroll(e, selection: &s, band: &band, clicks: &c, into: &o) }
        case .behaviour:
            behave(at: t, into: &out) { b, e, s, band, c, o in b.move(e, selection: &s, band: &band, clicks: &c, into: &o) }
        case .none, .context:
            break
        }
    }

    /// Scrolls the content; when the offset changes, the band follows (its
    /// anchor is in content coordinates) and the regions are asked again.
    mutating func scroll(by v: Vector, at t: Double, into out: inout [LogRecord]) {
        let new = scene.view.clampOffset(contentOffset + v)
        guard new != contentOffset else { return }
        contentOffset = new
        if buttons.contains(.primary) { followPress(scrolled: true, at: t, into: &out) }
        updateRegions(at: t, into: &out)
    }
}
