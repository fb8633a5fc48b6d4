/// Options of a simulation run that are not part of the scene.
public struct SimulationOptions: Sendable, Hashable {
    /// Emit a `pointer` record after every processed input event.
    public var verbose = false
    /// With `verbose`, also sample the presented pointer every this many
    /// seconds while a transition animates between inputs (nil: no samples;
    /// `1/60`: 60 Hz); docs/Regions.md, "Presentation over time".
    public var frameInterval: Double?
    /// Creates the default options.
    public init(verbose: Bool = false, frameInterval: Double? = nil) { self.verbose = verbose; self.frameInterval = frameInterval }
}

/// The simulation: pointer-level events in, interaction log records out, on
/// the trace's clock. Deterministic: the same events give the same records.
///
/// Who gets a primary press (**our choice**, documented in the README):
/// 1. a pointer region that claims it (``PointerRegion/claimsPress``; by
///    default a latching region or one whose resolved effect is `highlight` or
///    `lift`): no band, no click;
/// 2. else an item under the pointer: the press is a click on it (selected at
///    the press or the release, per ``ClickRules/timing``); if the pointer then
///    moves past the profile's threshold (any motion for UIKit) a band begins
///    from the press point instead (unless the toolkit's items accept the
///    press, `beginsOnItems` is false or `shouldBegin` says no);
/// 3. else empty space: the band begins as before (for UIKit at the press, a
///    1×1 band) after Qt's clear-at-press.
///
/// Item ids map to item indices by scene order: item i is `scene.items[i]`,
/// and the selection model maps ids back to indices.
///
/// The simulator owns the selection (``selectionModel``); the band
/// interaction and the click controller each act on it, and the region
/// interaction's events become log records here.
///
/// Feed events in time order with ``process(_:into:)``.
///
/// Which oracle serves which test: the simulator is the oracle for
/// everything a user does (clicks, bands, keys, regions, scrolling), the one
/// `pointersim replay` and `pointersim conform` use; its presses mean what
/// ``BandConfiguration/PressMeaning/click`` means to a
/// ``BandSelectionInteraction``, which agrees with it step by step (for a
/// band alone, tested with presses on empty space, the interaction's default
/// meaning agrees too).
public struct Simulator: Sendable {
    /// The scene.
    public let scene: Scene
    /// The options.
    public let options: SimulationOptions
    /// The selection: selected items, keyboard focus, the anchor of ranges,
    /// the item ids' index table.
    public private(set) var selectionModel: SelectionModel
    /// The band-selection interaction (the items' geometry and the band).
    public private(set) var band: BandSelectionInteraction
    /// The toolkit's rules for clicks, keys and context menus.
    public private(set) var clicks: SelectionController
    /// The model pointer, in view points, clamped to the view.
    public private(set) var pointer: Point
    /// The modifier flags held.
    public private(set) var modifiers: ModifierFlags = []
    /// The buttons held.
    public private(set) var buttons: Set<PointerButton> = []
    /// The content's scroll offset.
    public private(set) var contentOffset: Vector
    /// The time of the last processed event (the simulation clock, which
    /// never goes back).
    @usableFromInline package private(set) var now: Double = 0
    /// Whether an event was processed (before that, any time is accepted).
    var started = false
    /// The pointer regions.
    public private(set) var regions: RegionInteraction
    /// Autoscroll.
    @usableFromInline package private(set) var autoscroller: Autoscroller
    /// The item ids in scene order: id of item index i (a view of the scene's
    /// items: no second array of ids).
    @usableFromInline package var itemIDs: ItemIDs { ItemIDs(items: scene.items) }

    /// The ids of a scene's items, by index.
    @usableFromInline package struct ItemIDs: RandomAccessCollection, Sendable {
        let items: [SceneItem]
        /// The first index (0).
        @usableFromInline package var startIndex: Int { 0 }
        /// The item count.
        @usableFromInline package var endIndex: Int { items.count }
        /// The id of item `i`.
        @usableFromInline package subscript(i: Int) -> String { items[i].id }
    }

    /// Who has the current primary press.
    enum Press: Sendable {
        case none
        /// A region claimed it.
        case region
        /// A context click (UIKit's Control-click).
        case context
        /// An item: a click until the pointer moves past the profile's
        /// threshold (any motion for UIKit); then a band from the press point
        /// (unless refused: the item accepts the press, `beginsOnItems` is
        /// false or `shouldBegin` said no) or an item drag.
        case item(Int, anchor: Point, modifiers: ModifierFlags, dragged: Bool, bandRefused: Bool)
        /// A drag of items (``SelectionConfiguration/dragInteractionEnabled``):
        /// the item pressed, the press point (content), the items dragged.
        case drag(Int, anchor: Point, items: LogItemList)
        /// Empty space: the band's.
        case empty
        /// Cancelled: the rest of the press is ignored.
        case ignored
    }
    var press = Press.none
    /// For each of the scene's item regions, its item's index (nil: no item has the id).
    let itemRegionItems: [Int?]
    /// What the item regions present were computed from: the selection
    /// model's ``SelectionModel/changeCount`` and ``geometryChanges``. An
    /// input that changes neither (a move, a scroll) costs no pass over the
    /// item regions.
    var itemRegionsComputedFrom: (selection: UInt64, geometry: UInt64) = (0, 0)
    /// Counts the changes of item rects (resizes).
    var geometryChanges: UInt64 = 0
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
    /// The presented pointer over time.
    @usableFromInline package private(set) var animator: PointerAnimator

    /// Creates a simulation of a scene.
    /// - Complexity: O(n) in the scene's items (the spatial index).
    public init(scene: Scene, options: SimulationOptions = SimulationOptions()) {
        self.init(scene: scene, regionProvider: SceneRegionProvider(regions: scene.regions), options: options)
    }

    /// Creates a simulation of a scene whose regions come from a custom provider
    /// (the scene's own `regions` are then not used).
    /// - Complexity: O(n) in the scene's items (the spatial index).
    public init(scene: Scene, regionProvider: any PointerRegionProvider, options: SimulationOptions = SimulationOptions()) {
        regions = RegionInteraction(provider: regionProvider, configuration: scene.regionConfiguration)
        animator = PointerAnimator(animation: scene.regionConfiguration.animation)
        self.scene = scene
        self.options = options
        // The initial selection is the only lookup most runs make: a scene
        // with one builds the id table now.
        selectionModel = SelectionModel(items: scene.items, selectedIDs: scene.initialSelection)
        var config = scene.band
        config.scale = scene.view.scale
        if !scene.selection.bandMayBegin { config.isEnabled = false }
        let items = scene.items
        band = BandSelectionInteraction(edges: ItemEdges(count: items.count) { items[$0].rect }, configuration: config)
        clicks = SelectionController(configuration: scene.selection, rules: scene.band.profile.clicks)
        clicks.startFocus(selection: &selectionModel)
        autoscroller = Autoscroller(configuration: scene.autoscroll, view: scene.view)
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        pointer = scene.view.clampPointer(start)
        contentOffset = scene.view.clampOffset(scene.view.contentOffset)
        let model = selectionModel
        itemRegionItems = scene.itemRegions.map { model.index(of: $0.item) }
        // Present from the start (no record: the pointer is in no region before the first event).
        regions.itemRegions = presentItemRegions()
        itemRegionsComputedFrom = (selectionModel.changeCount, geometryChanges)
    }

    /// The pointer in content coordinates.
    @usableFromInline package var contentPoint: Point { pointer + contentOffset }

    /// The selected item ids, in scene order.
    public var selection: [String] { selectionModel.selectedItems.map { itemIDs[$0] } }

    /// The index of the item with this id (the first, if repeated).
    /// - Complexity: O(1) on average; the first call builds the table of
    ///   every id (O(n)), shared by the simulator's copies.
    @usableFromInline package func itemIndex(of id: String) -> Int? { selectionModel.index(of: id) }

    /// The items of a selection diff's list as the log writes them: ids, or
    /// runs of scene indices above ``LogItemList/compactThreshold``.
    func logItems(_ count: Int, _ runs: @autoclosure () -> [Range<Int>], _ indices: @autoclosure () -> [Int]) -> LogItemList {
        count > LogItemList.compactThreshold ? LogItemList(runs: runs(), of: scene.items) : LogItemList(indices().map { itemIDs[$0] })
    }
    func logAdded(_ d: SelectionDiff) -> LogItemList { logItems(d.addedCount, d.addedRuns, d.added) }
    func logRemoved(_ d: SelectionDiff) -> LogItemList { logItems(d.removedCount, d.removedRuns, d.removed) }
    /// The whole selection as the log writes it.
    var logSelection: LogItemList {
        let s = selectionModel.selection
        return logItems(selectionModel.selectedCount, s.runs, s.members)
    }

    var primaryHeld: Bool {
        guard buttons.contains(.primary) else { return false }
        if case .context = press { return false }
        return true
    }

    /// Processes one event, appending the records it causes (autoscroll steps
    /// due before it come first).
    ///
    /// The clock never goes back: an event stamped before the previous one
    /// is processed, and logged, at the previous one's time. Recordings give
    /// such events: libinput dates a button event it held back to when the
    /// button changed (middle-button emulation after its timeout, button
    /// scrolling when the button comes up without motion, debouncing), after
    /// other devices' later events already went out.
    public mutating func process(_ event: PointerEvent, into out: inout [LogRecord]) {
        let t = started ? Swift.max(event.time, now) : event.time
        let animating = animator.animation.isEnabled
        if animating && started { sampleFrames(until: t, into: &out) }
        started = true
        let before = animating ? animator.frame(at: t, target: pointerFrame, configuration: scene.regionConfiguration) : nil
        let firstRecord = out.count
        runAutoscroll(until: t, into: &out)
        autoscrollStepsSinceInput = 0
        now = t
        switch event.kind {
        case .move(let p):
            movePointer(to: p, at: t, into: &out)
            updateRegions(at: t, into: &out)
        case .delta(let v):
            movePointer(to: pointer + v, at: t, into: &out)
            updateRegions(at: t, into: &out)
        case .press(let b):
            guard buttons.insert(b).inserted else { break }
            if b == .primary {
                pressPrimary(at: t, into: &out)
            } else {
                updateRegions(moved: false, at: t, into: &out)
                if b == .secondary { contextClick(at: t, into: &out) }
            }
        case .release(let b):
            guard buttons.remove(b) != nil else { break }
            if b == .primary {
                releasePrimary(at: t, into: &out)
            } else {
                updateRegions(moved: false, at: t, into: &out)
            }
        case .modifiers(let m):
            modifiers = m
            updateRegions(moved: false, at: t, into: &out)
        case .scroll(let v):
            scroll(by: v, at: t, into: &out)
        case .cancel:
            cancelPress(at: t, into: &out)
        case .invalidate(let id):
            emit(regions.invalidate(regionID: id, location: contentPoint, modifiers: modifiers, primaryHeld: primaryHeld), at: t, into: &out)
        case .deviceRemoved(let name):
            out.append(LogRecord(time: t, .deviceRemoved(device: name)))
        case .key(let k):
            if k == .escape, buttons.contains(.primary) || band.isActive {
                // GTK ignores Escape during a band; UIKit's cancels it (our choice).
                if clicks.rules.escapeCancelsBand { cancelPress(at: t, into: &out) }
                // GTK 3 ends it where it is (issue #31).
                else if clicks.rules.escapeEndsBand, band.isActive { endBandByEscape(at: t, into: &out) }
            } else {
                emit(clicks.key(k, modifiers: modifiers, selection: &selectionModel, items: band.engine), at: t, into: &out)
                keyCommand(k, at: t, into: &out)
            }
        }
        refreshItemRegions(at: t, into: &out)
        scheduleAutoscroll(at: t)
        if let before {
            let motion: Bool
            switch event.kind {
            case .move, .delta, .scroll: motion = true
            default: motion = false
            }
            startTransition(at: t, from: before, records: out[firstRecord...], motion: motion)
        }
        if options.verbose { out.append(LogRecord(time: t, .pointer(presentedFrame))) }
    }

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

    /// The presented pointer now, animated (``PointerAnimation``): the same
    /// as ``pointerFrame`` unless a transition is in progress.
    @usableFromInline package var presentedFrame: PointerFrame {
        animator.frame(at: now, target: pointerFrame, configuration: scene.regionConfiguration)
    }

    /// After an event: a region change (entered, exited, latched, unlatched,
    /// a style asked again, an item region moving in or out) starts a
    /// transition from what was presented; a band beginning or ending is a cut.
    /// Any other change of the target at an instant without pointer motion
    /// (a release recentring a constrained axis, say) starts one too.
    mutating func startTransition(at t: Double, from before: PointerFrame, records: ArraySlice<LogRecord>, motion: Bool) {
        var regionChanged = false, cut = false
        for r in records {
            switch r.event {
            case .regionEntered, .regionExited, .regionLatched, .regionUnlatched, .regionStyleChanged: regionChanged = true
            case .bandBegan, .bandEnded: cut = true
            default: break
            }
        }
        if cut {
            animator.begin(at: t, from: before, cut: true)
        } else if regionChanged || !motion && animator.frame(at: t, target: pointerFrame, configuration: scene.regionConfiguration) != before {
            animator.begin(at: t, from: before)
        }
    }

    /// With `verbose` and a ``SimulationOptions/frameInterval``: `pointer`
    /// records on the grid of that interval, after the last event and
    /// before `t`, while a transition animates.
    mutating func sampleFrames(until t: Double, into out: inout [LogRecord]) {
        guard options.verbose, let dt = options.frameInterval, dt > 0 else { return }
        var k = (now / dt).rounded(.down) + 1
        var n = 0
        while n < 10_000 {
            let s = k * dt
            guard s < t, animator.isAnimating(at: s) else { return }
            if s > now {
                out.append(LogRecord(time: s, .pointer(animator.frame(at: s, target: pointerFrame, configuration: scene.regionConfiguration))))
            }
            k += 1; n += 1
        }
    }

    /// The input has ended (a replay's last event is processed). With
    /// `verbose` and a ``SimulationOptions/frameInterval``, a transition still
    /// in progress is sampled to its end: `pointer` records on the frame grid,
    /// then one at the instant it ends, with the frame it comes to rest at.
    /// Without them, or with no transition in progress, it records nothing.
    /// Autoscroll does not run on after the input. Events processed later are
    /// stamped no earlier than that last record.
    ///
    /// - Complexity: O(frames sampled), at most 10,000.
    public mutating func finish(into out: inout [LogRecord]) {
        guard started, options.verbose, let dt = options.frameInterval, dt > 0, animator.isAnimating(at: now) else { return }
        let end = animator.end
        sampleFrames(until: end - 1e-9, into: &out)  // the grid point at `end` is the record below
        now = end
        out.append(LogRecord(time: end, .pointer(presentedFrame)))
    }

    /// Processes a sequence of events.
    public mutating func process<S: Sequence>(_ events: S) -> [LogRecord] where S.Element == PointerEvent {
        var out: [LogRecord] = []
        for e in events { process(e, into: &out) }
        return out
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
            press = .context
            contextClick(at: t, into: &out)
            return
        }
        // The regions see the press first (is it a control's?); their records
        // follow the band's, as they always have.
        let regionEvents = regions.press(location: contentPoint, modifiers: modifiers)
        if regionClaimsPress {
            press = .region
            beginResize()
        } else {
            let item = clicks.pressedItem(at: contentPoint, items: band.engine, selection: selectionModel)
            let (meaning, events) = clicks.pressPrimary(on: item, modifiers: modifiers, time: t, point: pointer, selection: &selectionModel, items: band.engine)
            emit(events, at: t, into: &out)
            switch meaning {
            case .item(let i, let refused):
                press = .item(i, anchor: contentPoint, modifiers: modifiers, dragged: false, bandRefused: refused)
            case .ignored:
                press = .ignored
            case .empty:
                press = .empty
                emit(band.press(at: contentPoint, modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
            }
        }
        emit(regionEvents, at: t, into: &out)
    }

    mutating func releasePrimary(at t: Double, into out: inout [LogRecord]) {
        let p = press
        press = .none
        switch p {
        case .context:
            return
        case .region:
            if resize != nil {
                applyResize(settled: true, at: t, into: &out)
                resize = nil
            }
        case .drag(let i, let anchor, let items):
            _ = clicks.releaseItem(i, modifiers: modifiers, atPressPoint: false, dragged: true, selection: &selectionModel, items: band.engine)
            out.append(LogRecord(time: t, .dragEnded(point: contentPoint, offset: contentPoint - anchor, items: items, cancelled: false)))
        case .item(let i, let anchor, _, let dragged, _):
            emit(clicks.releaseItem(i, modifiers: modifiers, atPressPoint: contentPoint == anchor, dragged: dragged, selection: &selectionModel, items: band.engine), at: t, into: &out)
        default:
            break
        }
        emit(band.release(modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
        emit(regions.release(location: contentPoint, modifiers: modifiers), at: t, into: &out)
    }

    mutating func contextClick(at t: Double, into out: inout [LogRecord]) {
        if regionClaimsPress { return }  // the control's own menu, not the items'
        let item = band.engine.item(at: contentPoint, closed: clicks.rules.pressHitsMaxEdges)
        emit(clicks.contextClick(item: item, point: contentPoint, selection: &selectionModel, items: band.engine), at: t, into: &out)
    }

    /// A `cancel` event, or Escape while the primary button is held: cancels
    /// the band (restoring the selection of the press) and ignores the rest
    /// of the press.
    mutating func cancelPress(at t: Double, into out: inout [LogRecord]) {
        emit(band.cancel(selection: &selectionModel), at: t, into: &out)
        if buttons.contains(.primary) {
            switch press {
            case .item, .empty: press = .ignored
            case .drag(_, let anchor, let items):
                out.append(LogRecord(time: t, .dragEnded(point: contentPoint, offset: contentPoint - anchor, items: items, cancelled: true)))
                press = .ignored
            default: break
            }
        }
    }

    // issue #31 (gtk3) begin
    /// Escape while a band is active under ``ClickRules/escapeEndsBand``
    /// (GTK 3's `gtk_icon_view_key_press` stops the rubberband): the band ends
    /// with the selection it made, and the rest of the press does nothing.
    mutating func endBandByEscape(at t: Double, into out: inout [LogRecord]) {
        emit(band.release(modifiers: modifiers, selection: &selectionModel), at: t, into: &out)
        if buttons.contains(.primary) { press = .ignored }
    }
    // issue #31 (gtk3) end

    /// The presented pointer now: while a band is active, the band rect (the
    /// pointer "stretches into a rectangle"); else the system pointer (a 19 pt
    /// circle at the model pointer) outside regions, or the current region's
    /// style applied.
    @usableFromInline package var pointerFrame: PointerFrame {
        if let r = band.selectionRect {
            return PointerFrame(model: pointer, presented: pointer, shape: .roundedRect(r.offsetBy(Vector(dx: -contentOffset.dx, dy: -contentOffset.dy)), radius: 0))
        }
        return regions.frame(model: pointer, contentOffset: contentOffset)
    }

    /// Asks the region provider about the pointer (motion, button or modifier change).
    mutating func updateRegions(moved: Bool = true, at t: Double, into out: inout [LogRecord]) {
        emit(regions.update(location: contentPoint, modifiers: modifiers, primaryHeld: primaryHeld, moved: moved), at: t, into: &out)
    }

    mutating func movePointer(to p: Point, at t: Double, into out: inout [LogRecord]) {
        pointer = scene.view.clampPointer(p)
        clicks.pointerMoved(to: pointer)
        if buttons.contains(.primary) { followPress(at: t, into: &out) }
    }

    /// The pointer (or the content under it) moved while the primary button is held.
    mutating func followPress(at t: Double, into out: inout [LogRecord]) {
        switch press {
        case .region:
            applyResize(settled: false, at: t, into: &out)
        case .empty:
            emit(band.move(to: contentPoint, selection: &selectionModel), at: t, into: &out)
        case .drag(_, let anchor, _):
            // The dragged items follow the pointer.
            out.append(LogRecord(time: t, .dragMoved(point: contentPoint, offset: contentPoint - anchor)))
        case .item(let i, let anchor, let m, let dragged, let refused):
            guard dragged || (contentPoint != anchor && scene.band.profile.thresholdReached(by: contentPoint - anchor)) else { return }
            if !dragged && clicks.configuration.dragInteractionEnabled {
                // A drag of the selection (the item pressed is selected) or of the item alone.
                let items = selectionModel.isSelected(i) ? logSelection : LogItemList([itemIDs[i]])
                press = .drag(i, anchor: anchor, items: items)
                out.append(LogRecord(time: t, .dragBegan(point: anchor, items: items)))
                out.append(LogRecord(time: t, .dragMoved(point: contentPoint, offset: contentPoint - anchor)))
                return
            }
            if !dragged { press = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: refused) }
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
                press = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: true)
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

    /// The autoscroll velocity for the current pointer, points per second.
    @usableFromInline package var autoscrollVelocity: Vector {
        autoscroller.velocity(pointer: pointer, contentOffset: contentOffset, bandActive: band.isActive)
    }

    mutating func scheduleAutoscroll(at t: Double) {
        autoscroller.schedule(at: t, velocity: autoscrollVelocity)
    }

    /// Runs the autoscroll steps due by `t` (``process(_:into:)`` does this
    /// first): ``nextAutoscrollStep(until:into:)`` until none is due.
    @usableFromInline package mutating func runAutoscroll(until t: Double, into out: inout [LogRecord]) {
        while nextAutoscrollStep(until: t, into: &out) {}
    }

    /// Takes the next autoscroll step due by `t`, if any, appending its
    /// records (a `band.selecting` record while the content moves, then, with
    /// `verbose`, a `pointer` record: the band-shaped pointer follows the
    /// band); returns whether a step was taken. A caller that shows each step
    /// (a replay, the viewer) calls it until it returns false before handing
    /// the simulator the next event.
    ///
    /// Between two inputs, the first ``loggedAutoscrollSteps`` steps are taken
    /// one at a time; the steps due after them are taken together in closed
    /// form, as one step: the content moves as far as they would have moved
    /// it, stopping at the content's edge, and one record (at the last such
    /// step) carries the band and the composed selection change. So a band
    /// held at the edge of a 10^12-point content for 10^9 s costs a few
    /// thousand records per input, not 10^11 (docs/BandSelection.md, "Autoscroll").
    @usableFromInline package mutating func nextAutoscrollStep(until t: Double, into out: inout [LogRecord]) -> Bool {
        let v = autoscrollVelocity
        let time: Double
        if autoscrollStepsSinceInput >= Self.loggedAutoscrollSteps, v != .zero {
            let due = autoscroller.dueSteps(until: t)
            guard due > 0 else { return false }
            let k = Swift.min(due, autoscrollStepsToEdge(v))
            let dt = autoscroller.configuration.tickInterval
            time = autoscroller.advance(by: k, until: t)
            let before = contentOffset
            now = time
            scroll(by: v * (dt * Double(k)), at: time, into: &out)
            // Nothing moves any more (the offset is too large for a step
            // to change it): the rest of the steps due change nothing.
            if contentOffset == before { autoscroller.skip(until: t) }
        } else {
            guard let s = autoscroller.step(until: t, velocity: v) else { return false }
            autoscrollStepsSinceInput += 1
            time = s.time
            now = time
            scroll(by: s.delta, at: time, into: &out)
        }
        refreshItemRegions(at: time, into: &out)
        if options.verbose { out.append(LogRecord(time: time, .pointer(pointerFrame))) }
        return true
    }

    /// How many autoscroll steps are taken one at a time between two inputs
    /// (a minute at 60 steps a second); see ``runAutoscroll(until:into:)``.
    @usableFromInline package static let loggedAutoscrollSteps = 3600

    /// The autoscroll steps taken one at a time since the last input.
    @usableFromInline package private(set) var autoscrollStepsSinceInput = 0

    /// The number of steps at velocity `v` that take the content to its edge
    /// on some axis (at least 1).
    func autoscrollStepsToEdge(_ v: Vector) -> Int {
        let dt = autoscroller.configuration.tickInterval
        let m = scene.view.maxOffset
        var k = Double(Int.max / 2)
        for (speed, offset, maxOffset) in [(v.dx, contentOffset.dx, m.dx), (v.dy, contentOffset.dy, m.dy)] where speed != 0 {
            let room = speed > 0 ? maxOffset - offset : offset
            k = Swift.min(k, (room / (Swift.abs(speed) * dt)).rounded(.up))
        }
        return k.isFinite ? Swift.max(1, Int(k)) : 1
    }

    /// The log records of the regions' events.
    func emit(_ events: RegionEvents, at t: Double, into out: inout [LogRecord]) {
        for e in events { out.append(LogRecord(time: t, e.logEvent)) }
    }

    mutating func emit(_ update: BandUpdate?, at t: Double, into out: inout [LogRecord]) {
        guard let u = update else { return }
        switch u.state {
        case .began:
            // The log's `band.began` has no diff. When the band changes the
            // selection as it begins (its first rect hits items, as `qt`'s does
            // past the threshold; a replace band clears at the press), a
            // `band.selecting` line at the same time says so, so that the log's
            // diffs compose at every line (docs/Formats/Log.md).
            out.append(LogRecord(time: t, .bandBegan(rect: u.rect, modifiers: u.modifiers, mode: u.mode)))
            if !u.diff.isEmpty {
                out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: logAdded(u.diff), removed: logRemoved(u.diff))))
            }
            beginMultipleSelectionInteraction(at: u.rect.origin, time: t, into: &out)
        case .selecting:
            out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: logAdded(u.diff), removed: logRemoved(u.diff))))
        case .ended:
            out.append(LogRecord(time: t, .bandEnded(rect: u.rect, selection: logSelection, cancelled: u.cancelled)))
        case .possible:
            break
        }
    }

    mutating func emit(_ events: [SelectionEvent], at t: Double, into out: inout [LogRecord]) {
        for e in events {
            switch e {
            case .changed(let cause, let d):
                out.append(LogRecord(time: t, .selectionChanged(cause: cause, added: logAdded(d), removed: logRemoved(d))))
            case .focusMoved(let i):
                out.append(LogRecord(time: t, .focusMoved(item: itemIDs[i])))
            case .primaryAction(let i):
                out.append(LogRecord(time: t, .itemPrimaryAction(item: itemIDs[i])))
            case .contextMenu(let p, let items):
                out.append(LogRecord(time: t, .contextMenuRequested(point: p, items: items.map { itemIDs[$0] })))
                if clicks.rules.contextMenuFlocks && items.count > 1 {
                    out.append(LogRecord(time: t, .contextMenuFlocked(point: p, items: items.map { itemIDs[$0] })))
                }
            }
        }
    }

    // MARK: Item regions and resizing (docs/Regions.md, "Regions that follow the selection")

    /// The item regions present for the selection, focus and item rects now, in scene order.
    /// - Complexity: O(item regions).
    func presentItemRegions() -> [(region: PointerRegion, source: SceneRegion)] {
        var out: [(region: PointerRegion, source: SceneRegion)] = []
        for (k, r) in scene.itemRegions.enumerated() {
            guard let i = presentItem(ofItemRegion: k) else { continue }
            out.append((r.pointerRegion(for: band.engine.rect(of: i)), r.region))
        }
        return out
    }

    /// The item of the scene's item region `k` when the region is present
    /// now (its item there, and selected or focused as its presence asks),
    /// else nil.
    func presentItem(ofItemRegion k: Int) -> Int? {
        guard let i = itemRegionItems[k], !band.engine.isRemoved(i) else { return nil }
        let present: Bool
        switch scene.itemRegions[k].presence {
        case .selected: present = selectionModel.isSelected(i)
        case .focused: present = selectionModel.focus == i
        case .selectedOrFocused: present = selectionModel.isSelected(i) || selectionModel.focus == i
        }
        return present ? i : nil
    }

    /// After an event: the item regions that appeared, disappeared or moved
    /// are handed to the region interaction, which re-evaluates the pointer
    /// (`region.*` records). Nothing for a scene without item regions.
    /// - Complexity: O(1) when neither the selection, the focus nor an
    ///   item's rect changed since the last call; else O(item regions).
    mutating func refreshItemRegions(at t: Double, into out: inout [LogRecord]) {
        guard !scene.itemRegions.isEmpty else { return }
        if let r = resize, presentItem(ofItemRegion: r.handle) == nil {
            // The handle went away during its drag (a key took its item out of
            // the selection): the resize ends there, settled (**our choice**),
            // and a handle that comes under the held pointer may latch but
            // resizes nothing until a press of its own.
            resize = nil
            applyResize(r, settled: true, at: t, into: &out)
        }
        let from = (selectionModel.changeCount, geometryChanges)
        guard from != itemRegionsComputedFrom else { return }
        itemRegionsComputedFrom = from
        let now = presentItemRegions()
        guard !now.elementsEqual(regions.itemRegions, by: { $0.region == $1.region }) else { return }
        emit(regions.setItemRegions(now, location: contentPoint, modifiers: modifiers, primaryHeld: primaryHeld), at: t, into: &out)
    }

    /// A press a latched item region claimed: a resize begins if the region resizes its item.
    mutating func beginResize() {
        resize = nil
        guard regions.isLatched, let c = regions.current else { return }
        for (k, r) in scene.itemRegions.enumerated() where r.region.id == c.id && r.resizes {
            guard let i = itemRegionItems[k] else { return }
            resize = Resize(handle: k, item: i, start: band.engine.rect(of: i), anchor: contentPoint)
            return
        }
    }

    /// The pointer moved during a resize (or the press ended: `settled`):
    /// the item's new rect goes to the band engine at once, is logged
    /// (`item.geometryChanged`), and the item regions follow.
    mutating func applyResize(settled: Bool, at t: Double, into out: inout [LogRecord]) {
        guard let r = resize else { return }
        applyResize(r, settled: settled, at: t, into: &out)
    }

    /// ``applyResize(settled:at:into:)`` for resize `r`.
    mutating func applyResize(_ r: Resize, settled: Bool, at t: Double, into out: inout [LogRecord]) {
        let handle = scene.itemRegions[r.handle]
        let new = handle.resized(r.start, by: contentPoint - r.anchor, bounds: scene.view.contentSize, configuration: scene.regionConfiguration, settled: settled)
        guard ItemEdges.edges(new) != band.engine.edges[r.item] else { return }
        // No band is active during a region's press: the selection does not change.
        _ = band.setRect(new, ofItem: r.item, selection: &selectionModel)
        geometryChanges &+= 1
        // The rect as the engine holds it (edges: its width may differ from
        // `new`'s in the last bit), so that the log and the hit tests agree.
        out.append(LogRecord(time: t, .itemGeometryChanged(item: itemIDs[r.item], rect: band.engine.rect(of: r.item))))
        refreshItemRegions(at: t, into: &out)
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
