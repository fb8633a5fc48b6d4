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
///    1×1 band) after a clear-at-press (``ClickRules/emptyClick``).
///
/// Item ids map to item indices by scene order: item i is `scene.items[i]`,
/// and the selection model maps ids back to indices.
///
/// The simulator owns the selection (``selectionModel``); the band
/// interaction and the click controller each act on it, and the region
/// interaction's events become log records here.
///
/// What a press given to the items does, and the motion, release, cancel
/// and keys after it, is the profile's selection behaviour (`SelectionBehaviour`:
/// the rule-driven `RuleBehaviour`, or a port of a widget's own code): the
/// simulator names no widget.
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
    public let scene: SimulationScene
    /// The options.
    public let options: SimulationOptions
    /// The selection: selected items, keyboard focus, the anchor of ranges,
    /// the item ids' index table.
    public internal(set) var selectionModel: SelectionModel
    /// The band-selection interaction (the items' geometry and the band).
    public internal(set) var band: BandSelectionInteraction
    /// The toolkit's rules for clicks, keys and context menus.
    public internal(set) var clicks: SelectionController
    /// The model pointer, in view points, clamped to the view.
    public internal(set) var pointer: Point
    /// The modifier flags held.
    public internal(set) var modifiers: ModifierFlags = []
    /// The buttons held.
    public internal(set) var buttons: Set<PointerButton> = []
    /// The content's scroll offset.
    public internal(set) var contentOffset: Vector
    /// The pointer regions.
    public internal(set) var regions: RegionInteraction

    // The parts, one job each (docs/Architecture.md, "The simulator").

    /// The clock (`SimulationClock.swift`).
    var clock = SimulationClock()
    /// Who has the primary press (`PressStateMachine.swift`; the press's
    /// effects: `Simulator+Press.swift`).
    var press = PressStateMachine()
    /// Autoscroll steps between inputs (`AutoscrollScheduler.swift`,
    /// `Simulator+Autoscroll.swift`).
    var autoscroll: AutoscrollScheduler
    /// The item regions present (`ItemRegionPresence.swift`,
    /// `Simulator+ItemRegions.swift`).
    var itemRegionPresence: ItemRegionPresence
    /// Resizes by item regions' handles (`ItemResizer.swift`,
    /// `Simulator+ItemRegions.swift`).
    var resizer = ItemResizer()
    /// The presented pointer over time (`PresentationSampler.swift`,
    /// `Simulator+Presentation.swift`).
    var presentation: PresentationSampler
    /// The log's records (`LogBuilder.swift`, `Simulator+Log.swift`).
    let log: LogBuilder
    /// The widget's selection behaviour: what a primary press, the motion
    /// while it is held, its release, a cancel and the keys do
    /// (``SelectionBehaviour``; the profile names its conformer).
    package internal(set) var behaviour: any SelectionBehaviour
    /// The band the widget shows now: the band interaction's rect, or the
    /// behaviour's own band.
    package var shownBandRect: Rect? { band.selectionRect ?? behaviour.shownBand }

    /// The time of the last processed event (the simulation clock, which
    /// never goes back).
    @usableFromInline package var now: Double { clock.now }
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

    /// Creates a simulation of a scene.
    /// - Complexity: O(n) in the scene's items (the spatial index).
    public init(scene: SimulationScene, options: SimulationOptions = SimulationOptions()) {
        self.init(scene: scene, regionProvider: SceneRegionProvider(regions: scene.regions), options: options)
    }

    /// Creates a simulation of a scene whose regions come from a custom provider
    /// (the scene's own `regions` are then not used).
    /// - Complexity: O(n) in the scene's items (the spatial index).
    public init(scene: SimulationScene, regionProvider: any PointerRegionProvider, options: SimulationOptions = SimulationOptions()) {
        regions = RegionInteraction(provider: regionProvider, configuration: scene.regionConfiguration)
        presentation = PresentationSampler(configuration: scene.regionConfiguration, options: options)
        self.scene = scene
        self.options = options
        log = LogBuilder(items: scene.items)
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
        behaviour = SelectionBehaviours.make(for: scene, bandEnabled: config.isEnabled)
        autoscroll = AutoscrollScheduler(autoscroller: Autoscroller(configuration: scene.autoscroll, view: scene.view))
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        pointer = scene.view.clampPointer(start)
        contentOffset = scene.view.clampOffset(scene.view.contentOffset)
        itemRegionPresence = ItemRegionPresence(regions: scene.itemRegions, selection: selectionModel)
        // Present from the start (no record: the pointer is in no region before the first event).
        regions.itemRegions = presentItemRegions()
        itemRegionPresence.computedFrom = (selectionModel.changeCount, resizer.geometryChanges)
    }

    /// The pointer in content coordinates.
    @usableFromInline package var contentPoint: Point { pointer + contentOffset }

    /// The selected item ids, in scene order.
    public var selection: [String] { selectionModel.selectedItems.map { itemIDs[$0] } }

    /// The index of the item with this id (the first, if repeated).
    /// - Complexity: O(1) on average; the first call builds the table of
    ///   every id (O(n)), shared by the simulator's copies.
    @usableFromInline package func itemIndex(of id: String) -> Int? { selectionModel.index(of: id) }

    var primaryHeld: Bool { press.primaryHeld(buttons: buttons) }

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
        let t = clock.time(of: event.time)
        let animating = presentation.animator.animation.isEnabled
        if animating && clock.started { sampleFrames(until: t, into: &out) }
        clock.started = true
        let before = animating ? presentation.frame(at: t, target: pointerFrame) : nil
        let firstRecord = out.count
        runAutoscroll(until: t, into: &out)
        autoscroll.stepsSinceInput = 0
        clock.now = t
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
            band.heldModifiers = m  // #31: a band may read the flags held now
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
            behave(at: t, into: &out) { b, e, s, band, c, o in b.key(k, e, selection: &s, band: &band, clicks: &c, into: &o) }
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
        guard clock.started, let end = presentation.end(after: now) else { return }
        sampleFrames(until: end - 1e-9, into: &out)  // the grid point at `end` is the record below
        clock.now = end
        out.append(LogRecord(time: end, .pointer(presentedFrame)))
    }

    /// Processes a sequence of events.
    public mutating func process<S: Sequence>(_ events: S) -> [LogRecord] where S.Element == PointerEvent {
        var out: [LogRecord] = []
        for e in events { process(e, into: &out) }
        return out
    }

    /// The presented pointer now: while a band is active, the band rect (the
    /// pointer "stretches into a rectangle"); else the system pointer (a 19 pt
    /// circle at the model pointer) outside regions, or the current region's
    /// style applied.
    @usableFromInline package var pointerFrame: PointerFrame {
        if let r = band.selectionRect {
            return PointerFrame(
                model: pointer,
                presented: pointer,
                shape: .roundedRect(r.offsetBy(Vector(dx: -contentOffset.dx, dy: -contentOffset.dy)), radius: 0)
            )
        }
        return regions.frame(model: pointer, contentOffset: contentOffset)
    }
}
