/// The configuration of a band-selection interaction.
public struct BandConfiguration: Sendable, Hashable {
    /// The toolkit rules (default ``BandProfile/uikit``).
    public var profile: BandProfile = .uikit
    /// Which items a band hits (default ``HitRule/intersects``).
    public var hitRule: HitRule = .intersects
    /// `isEnabled`: a disabled interaction ignores presses.
    public var isEnabled: Bool = true
    /// Whether a press on an item may start a band (`false`: the item would be
    /// dragged instead, so `shouldBegin` answers no).
    public var beginsOnItems: Bool = true
    /// Whether pointer regions may claim the press (default true): a press on a
    /// region that claims it (``PointerRegion/claimsPress``, by default every
    /// latching region and every region whose resolved effect is `highlight` or
    /// `lift`) goes to the region, and no band begins. `false` is the old
    /// behaviour: bands begin under controls too.
    public var regionsClaimPress: Bool = true
    /// Rectangles (content coordinates) where `shouldBegin` answers no: a
    /// scene's way to veto a band.
    public var vetoRects: [Rect] = []
    /// Pixels per point, for rounding the band rect (default 2).
    public var scale: Double = 2
    /// What a press means to ``BandSelectionInteraction`` (default
    /// ``PressMeaning/band``). The `Simulator` (and `pointersim replay`)
    /// always gives presses the ``PressMeaning/click`` meaning; with it, the
    /// interaction agrees with the `Simulator` on every primary press,
    /// motion and release over items and empty space (a scene without
    /// regions, with the default selection settings, whose content does not
    /// scroll).
    public var pressMeaning: PressMeaning = .band
    /// What a press means to ``BandSelectionInteraction``.
    public enum PressMeaning: String, Sendable, Hashable, CaseIterable {
        /// UIBandSelectionInteraction alone: every press begins a band (at
        /// the profile's threshold), on an item too (a 1 × 1 band there).
        /// The oracle for a band implemented alone, tested with presses on
        /// empty space, where it agrees with the `Simulator`.
        case band
        /// The `Simulator`'s meaning: a press is first a click (the profile's
        /// ``BandProfile/clicks`` rules: a press on an item selects or
        /// toggles it, one on empty space may clear), and a band from an
        /// item begins only once the pointer moves past the threshold. The
        /// oracle for a selection as a whole (clicks and bands); give
        /// presses their time (``BandSelectionInteraction/press(at:modifiers:time:selection:)``)
        /// for double clicks. The move that begins a band from an item
        /// returns one `began` update whose diff counts from the press, as
        /// every `began` does, so the updates' diffs compose.
        case click
    }
    /// Creates the default configuration.
    public init() {}
}

/// What a band-selection interaction reports, as UIBandSelectionInteraction's
/// handler would see it.
public struct BandUpdate: Sendable, Hashable {
    /// The interaction's state after the update.
    public enum State: String, Sendable, Hashable {
        /// Waiting for a press.
        case possible
        /// The band has just begun.
        case began
        /// The band moved (or the content scrolled under it).
        case selecting
        /// The band ended: released, or cancelled (UIKit has no cancelled state).
        case ended
    }

    /// The state.
    public var state: State
    /// `selectionRect`, in content coordinates, pixel-rounded, at least 1×1.
    public var rect: Rect
    /// The selection mode in force.
    public var mode: SelectionMode
    /// `initialModifierFlags` (the flags held at the press).
    public var modifiers: ModifierFlags
    /// The change since the previous update (for `began`, since the press).
    /// Diffs compose: applying every update's diff in turn to the selection
    /// before the press gives the model's ``SelectionModel/selectedItems``.
    public var diff: SelectionDiff
    /// Whether an `ended` band was cancelled (the selection was restored).
    public var cancelled: Bool
}

/// UIBandSelectionInteraction as a value: a press begins a band with a 1×1
/// rect (after the profile's threshold, which is 0 for UIKit); motion updates
/// it; the release ends it; a cancel ends it and restores the selection.
///
/// Points are in **content coordinates** (view point + scroll offset), so a
/// band whose content scrolls keeps its anchor.
///
/// The selection is not the interaction's: each call that can change it
/// takes the ``SelectionModel`` (a ``Simulator``'s own), reads it when the
/// band begins and applies the band's changes to it.
///
/// Which oracle serves which test: this interaction, as configured by
/// default (``BandConfiguration/PressMeaning/band``), is the oracle for a
/// band implemented alone, tested with presses on empty space; with
/// ``BandConfiguration/pressMeaning`` set to
/// ``BandConfiguration/PressMeaning/click`` (and presses given their time),
/// presses mean what they mean to the `Simulator` (a press on an item is a
/// click), and it is an oracle for a selection with clicks, agreeing with the
/// `Simulator` step by step.
public struct BandSelectionInteraction: Sendable {
    /// The configuration.
    public var configuration: BandConfiguration
    /// The items' geometry and the band (the indexed engine).
    public private(set) var engine: BandEngine
    /// `shouldBegin(point)`, asked at every press after the built-in checks
    /// (`beginsOnItems`, `vetoRects`); `false` means nothing at all happens for
    /// that press.
    public var shouldBegin: (@Sendable (Point) -> Bool)?
    /// `shouldBegin` with the modifier flags held at the press, asked after
    /// ``shouldBegin``; `false` means nothing at all happens for that press.
    public var shouldBeginWithModifiers: (@Sendable (Point, ModifierFlags) -> Bool)?

    /// The interaction's state.
    public private(set) var state: BandUpdate.State = .possible
    /// The flags held at the press.
    public private(set) var initialModifierFlags: ModifierFlags = []
    /// The current band rect, while a band is active.
    public var selectionRect: Rect? { isActive ? currentRect : nil }

    var anchor: Point = .zero
    var currentRect: Rect = .zero
    var pendingPress = false
    /// The band is dragged from an item (``BandProfile/bandFromItemMode``).
    var fromItem = false
    /// The band still makes the first item it selects the anchor
    /// (``BandProfile/bandAnchorsFirstItem``).
    var anchorsFirstItem = false
    /// The modifiers held now (the press's, then each change the `Simulator`
    /// reports): Dear ImGui reads them when the first item "acts as pressed"
    /// (``BandProfile/bandAnchorsFirstItem``).
    @usableFromInline package var heldModifiers: ModifierFlags = []
    /// The band is a `replace` applied as Dear ImGui does (cleared as it
    /// began, then `addUntilLeft`): the log says `replace`.
    var clearsThenAdds = false
    /// With ``BandConfiguration/PressMeaning/click``: the click rules'
    /// state, and the press in progress over an item (or one ignored).
    var clickState: ClickState?
    struct ClickState: Sendable {
        var controller: SelectionController
        var item: (index: Int, anchor: Point, modifiers: ModifierFlags, dragged: Bool, refused: Bool)?
        var ignored = false
        var pointer: Point = .zero
    }

    /// Creates the interaction over a set of item rectangles (a
    /// ``SelectionModel`` of as many items holds their selection).
    /// - Complexity: O(n) to build the index.
    public init(items: [Rect], configuration: BandConfiguration = BandConfiguration()) {
        self.init(edges: ItemEdges(items), configuration: configuration)
    }

    /// Creates the interaction over items given as edges (no array of rects).
    /// - Complexity: O(n) to build the index.
    @usableFromInline package init(edges: ItemEdges, configuration: BandConfiguration = BandConfiguration()) {
        self.configuration = configuration
        engine = BandEngine(edges: edges, hitRule: configuration.hitRule)
        engine.hitsEmptyBands = configuration.profile.bandMayBeEmpty
    }

    /// Whether a band is active (began or selecting).
    public var isActive: Bool { state == .began || state == .selecting }
    /// Whether a press is waiting for the profile's threshold.
    @usableFromInline package var isPending: Bool { pendingPress }

    /// The primary button went down at `point` with `modifiers` held, at
    /// `time` (seconds; it matters to ``BandConfiguration/PressMeaning/click``'s
    /// double clicks only).
    /// - Returns: `began` if the band begins at the press, else `nil`.
    public mutating func press(at point: Point, modifiers: ModifierFlags, time: Double, selection model: inout SelectionModel) -> BandUpdate? {
        guard configuration.pressMeaning == .click else { return press(at: point, modifiers: modifiers, selection: &model) }
        var state =
            clickState ?? ClickState(controller: SelectionController(configuration: SelectionConfiguration(), rules: configuration.profile.clicks))
        if clickState == nil { state.controller.startFocus(selection: &model) }
        clickState = nil
        defer { clickState = state }
        state.pointer = point
        state.item = nil
        state.ignored = false
        let rules = state.controller.rules
        let item = state.controller.pressedItem(at: point, items: engine, selection: model)
        if rules.isContextClick(modifiers) {
            // The secondary click's meaning: the Simulator's context click.
            _ = state.controller.contextClick(item: item, point: point, selection: &model, engine: engine)
            state.ignored = true
            return nil
        }
        switch state.controller.pressPrimary(on: item, modifiers: modifiers, time: time, point: point, selection: &model, items: engine).press {
        case .item(let i, let refused):
            state.item = (i, point, modifiers, false, refused)
            return nil
        case .ignored:
            state.ignored = true
            return nil
        case .empty:
            return press(at: point, modifiers: modifiers, selection: &model)
        }
    }

    /// The primary button went down at `point` with `modifiers` held.
    /// - Returns: `began` if the band begins at the press, else `nil`.
    public mutating func press(at point: Point, modifiers: ModifierFlags, selection model: inout SelectionModel) -> BandUpdate? {
        guard configuration.isEnabled, !isActive, !pendingPress else { return nil }
        if !configuration.beginsOnItems && engine.item(at: point) != nil { return nil }
        if configuration.vetoRects.contains(where: { $0.contains(point) }) || shouldBegin?(point) == false
            || shouldBeginWithModifiers?(point, modifiers) == false
        {
            return nil
        }
        initialModifierFlags = modifiers
        heldModifiers = modifiers
        anchor = point
        pendingPress = true
        if configuration.profile.threshold <= 0 { return begin(current: point, selection: &model) }
        return nil
    }

    /// The pointer is now at `point` (it moved, or the content scrolled).
    /// - Returns: `began` when the threshold is crossed, `selecting` while a
    ///   band is active, else `nil`.
    public mutating func move(to point: Point, selection model: inout SelectionModel) -> BandUpdate? {
        if var state = clickState {
            clickState = nil
            defer { clickState = state }
            state.pointer = point
            state.controller.pointerMoved(to: point)
            if state.ignored { return nil }
            if let (i, anchor, m, dragged, refused) = state.item {
                // The Simulator's band from an item: past the threshold, pressed at the press point.
                guard dragged || (point != anchor && configuration.profile.thresholdReached(by: point - anchor)) else { return nil }
                state.item = (i, anchor, m, true, refused)
                guard !refused else { return nil }
                guard let (began, then) = bandFromItem(pressedAt: anchor, modifiers: m, to: point, selection: &model) else {
                    state.item = (i, anchor, m, true, true)
                    return nil
                }
                // One update for this move, as `began` when the band began
                // here: its diff counts from the press, so that diffs compose.
                guard var first = began else { return then }
                if let then {
                    first.rect = then.rect
                    first.diff = first.diff.followed(by: then.diff)
                }
                return first
            }
        }
        return move(to: point, following: (), selection: &model)
    }

    /// A press on an item that became a drag past the threshold, now at
    /// `point`: the band from the item, pressed at the press point with the
    /// press's modifiers (or, once begun, following the pointer). Shared by
    /// the `Simulator` and ``BandConfiguration/PressMeaning/click``.
    /// - Returns: the band's updates in order (`began` when it begins here,
    ///   then the update at `point`), or nil when the band refused (the
    ///   built-in checks or `shouldBegin`): the press starts no band.
    @usableFromInline package mutating func bandFromItem(
        pressedAt anchor: Point,
        modifiers: ModifierFlags,
        to point: Point,
        selection model: inout SelectionModel
    ) -> (began: BandUpdate?, then: BandUpdate?)? {
        if isActive { return (nil, move(to: point, following: (), selection: &model)) }
        fromItem = true
        if let began = press(at: anchor, modifiers: modifiers, selection: &model) {
            return (began, move(to: point, following: (), selection: &model))
        }
        if pendingPress, let began = move(to: point, following: (), selection: &model) {
            return (began, nil)  // the profile's threshold, already reached
        }
        _ = cancel(selection: &model)
        return nil
    }

    mutating func move(to point: Point, following: Void, selection model: inout SelectionModel) -> BandUpdate? {
        if pendingPress {
            guard configuration.profile.thresholdReached(by: point - anchor) else { return nil }
            return begin(current: point, selection: &model)
        }
        guard isActive else { return nil }
        let profile = configuration.profile
        if profile.holdsWithinThreshold && !profile.thresholdReached(by: point - anchor) { return nil }
        currentRect = bandRect(to: point)
        let before = model.selectedCount
        var diff = engine.updateBand(to: hitRect(spanRect(to: point) ?? currentRect), selection: &model)
        diff = diff.followed(by: anchorFirstItem(diff, before, &model))
        state = .selecting
        return update(.selecting, diff)
    }

    /// The primary button went up with `modifiers` held.
    /// - Returns: `ended` if a band was active.
    public mutating func release(modifiers: ModifierFlags, selection model: inout SelectionModel) -> BandUpdate? {
        if var state = clickState {
            clickState = nil
            defer { clickState = state }
            if let (i, anchor, _, dragged, _) = state.item {
                let over = state.controller.hitItem(at: state.pointer, in: engine) == i
                _ = state.controller.releaseItem(
                    i,
                    modifiers: modifiers,
                    atPressPoint: state.pointer == anchor,
                    dragged: dragged,
                    overItem: over,
                    selection: &model,
                    items: engine
                )
            }
            if state.controller.rules.emptyClick == .clearAtRelease {  // Dear ImGui's ClearOnClickVoid
                let over = state.controller.hitItem(at: state.pointer, in: engine) != nil
                _ = state.controller.releaseEmpty(
                    modifiers: modifiers,
                    overItem: over,
                    threshold: configuration.profile.threshold,
                    selection: &model,
                    items: engine
                )
            }
            state.item = nil
            state.ignored = false
        }
        pendingPress = false
        fromItem = false
        guard isActive else { return nil }
        var mode: SelectionMode? = nil
        if configuration.profile.modifiersReadAt == .release {
            mode = configuration.profile.mode(for: modifiers)
            initialModifierFlags = modifiers
        }
        let diff = engine.endBand(mode: mode, selection: &model)
        state = .possible
        return update(.ended, diff)
    }

    /// Cancels the active band (an unplug, a `cancel` event, Escape): it ends
    /// with `cancelled` and the selection returns to what it was at the press;
    /// the rest of the press is ignored.
    public mutating func cancel(selection model: inout SelectionModel) -> BandUpdate? {
        if clickState != nil, clickState?.item != nil || clickState?.ignored == true {
            // The rest of the press is ignored, as the Simulator's cancel does.
            clickState?.item = nil
            clickState?.ignored = true
        }
        fromItem = false
        if pendingPress { pendingPress = false; return nil }
        guard isActive else { return nil }
        let diff = engine.cancelBand(selection: &model)
        state = .possible
        return update(.ended, diff, cancelled: true)
    }

    /// The rect the engine tests items against: the band, reaching 1/1024
    /// pixel past its far edges when items touching them count
    /// (``BandProfile/hitsItemsTouchingFarEdge``).
    @usableFromInline package func hitRect(_ r: Rect) -> Rect {
        guard configuration.profile.hitsItemsTouchingFarEdge else { return r }
        let d = 1 / (1024 * configuration.scale)
        return Rect(x: r.x, y: r.y, width: r.width + d, height: r.height + d)
    }

    mutating func begin(current: Point, selection model: inout SelectionModel) -> BandUpdate {
        pendingPress = false
        let profile = configuration.profile
        var mode = fromItem ? profile.bandFromItemMode ?? profile.mode(for: initialModifierFlags) : profile.mode(for: initialModifierFlags)
        let live = profile.application == .live
        engine.hitsEmptyBands = profile.bandMayBeEmpty
        // Dear ImGui: a replacing box clears the selection as it begins
        // (`RequestClear`), then selects by the same transitions; the band's
        // start stays the selection of the press (a cancel restores it).
        let clears = profile.bandAnchorsFirstItem && mode == .replace && live
        clearsThenAdds = clears
        if clears { mode = .addUntilLeft }
        var diff = engine.beginBand(mode: mode, live: live, selection: &model)
        if clears { diff = diff.followed(by: model.replaceBits(with: ItemBitSet(capacity: model.count))) }
        if profile.bandMayBeEmpty {
            // Dear ImGui: the box's previous rect at activation is the press
            // point; items under it strictly are in the box without a change.
            engine.priming = true
            _ = engine.updateBand(to: bandRect(to: anchor), selection: &model)
            engine.priming = false
        }
        // Dear ImGui: a box from empty space that begins on an empty selection
        // (a replacing one empties it) makes its first item the anchor.
        anchorsFirstItem = profile.bandAnchorsFirstItem && !fromItem
        currentRect = bandRect(to: current)
        let before = model.selectedCount
        let moved = engine.updateBand(to: hitRect(spanRect(to: current) ?? currentRect), selection: &model)
        diff = diff.followed(by: moved).followed(by: anchorFirstItem(moved, before, &model))
        state = .began
        return update(.began, diff)
    }

    /// The band from the press to `point`: at least 1 × 1, or the bare span
    /// (``BandProfile/bandMayBeEmpty``).
    func bandRect(to point: Point) -> Rect {
        let profile = configuration.profile
        guard profile.bandMayBeEmpty else {
            return Rect.band(from: anchor, to: point, scale: configuration.scale, throughPointerPixel: profile.rectThroughPointerPixel)
        }
        return Rect(corner: anchor.roundedToPixels(scale: configuration.scale), point.roundedToPixels(scale: configuration.scale))
    }

    /// ``BandProfile/bandAnchorsFirstItem``: the first item an update of a
    /// band from empty space selects while the selection was empty (`before`:
    /// the count before the update) "acts as pressed", once: as a click on it
    /// with the modifiers held now (Dear ImGui's `IsStartedSetNavIdOnce`):
    /// it becomes the focus, and the anchor; with Shift the click is a range
    /// from the anchor (with Control too, the range takes the anchor's state,
    /// unselected), and the items the update selected after it stay selected.
    /// - Returns: the change beyond `diff`.
    mutating func anchorFirstItem(_ diff: SelectionDiff, _ before: Int, _ model: inout SelectionModel) -> SelectionDiff {
        guard anchorsFirstItem, before == 0, let f = diff.added.min() else { return SelectionDiff() }
        anchorsFirstItem = false
        model.focus = f
        guard heldModifiers.contains(.shift) else {
            model.anchor = f
            return SelectionDiff()
        }
        let a = model.anchor ?? f
        var target = ItemBitSet(capacity: model.count)
        if heldModifiers.contains(.control) {
            // The anchor's state (unselected: the selection was empty), or
            // selected when there was no anchor (`RangeSelected` unknown).
            target = model.selection
            for k in Swift.min(a, f)...Swift.max(a, f) { target[k] = model.anchor == nil }
        } else {
            for k in Swift.min(a, f)...Swift.max(a, f) where !model.isRemoved(k) { target[k] = true }
        }
        for k in diff.added where k != f { target[k] = true }
        model.anchor = a
        return model.replaceBits(with: target)
    }

    // MARK: The items after creation

    /// Adds an item; see `BandEngine.insertItem(_:selection:)`.
    public mutating func insertItem(_ rect: Rect, selection model: inout SelectionModel) -> (index: Int, diff: SelectionDiff) {
        engine.insertItem(rect, selection: &model)
    }

    /// Removes an item; see `BandEngine.removeItem(_:selection:)`.
    @discardableResult
    public mutating func removeItem(_ i: Int, selection model: inout SelectionModel) -> SelectionDiff { engine.removeItem(i, selection: &model) }

    /// Moves one item; see `BandEngine.setRect(_:ofItem:selection:)`.
    @discardableResult
    public mutating func setRect(_ rect: Rect, ofItem i: Int, selection model: inout SelectionModel) -> SelectionDiff {
        engine.setRect(rect, ofItem: i, selection: &model)
    }

    /// Gives every item a new rect; see `BandEngine.relayout(_:selection:)`.
    @discardableResult
    public mutating func relayout(_ rects: [Rect], selection model: inout SelectionModel) -> SelectionDiff {
        engine.relayout(rects, selection: &model)
    }

    func update(_ s: BandUpdate.State, _ diff: SelectionDiff, cancelled: Bool = false) -> BandUpdate {
        BandUpdate(
            state: s,
            rect: currentRect,
            mode: clearsThenAdds ? .replace : engine.mode,
            modifiers: initialModifierFlags,
            diff: diff,
            cancelled: cancelled
        )
    }
}
