#if os(Linux)
import Synchronization
#endif

/// The id → index table of one simulator and its copies: built at the first
/// lookup (under a lock on Linux; elsewhere, where `Mutex` needs newer
/// systems than the package supports, with the simulator).
final class ItemIDMap: Sendable {
    #if os(Linux)
    let state = Mutex<ItemIDTable?>(nil)
    let items: [SceneItem]
    init(_ items: [SceneItem]) { self.items = items }
    func index(of id: String) -> Int? {
        state.withLock { table in
            if table == nil { table = ItemIDTable(items) }
            return table!.index(of: id, in: items)
        }
    }
    #else
    let table: ItemIDTable
    let items: [SceneItem]
    init(_ items: [SceneItem]) { self.items = items; table = ItemIDTable(items) }
    func index(of id: String) -> Int? { table.index(of: id, in: items) }
    #endif
}

/// The item ids' inverse: an open-addressing
/// table keyed by a 64-bit hash of the id, each slot the item's index and 32
/// bits of the hash (8 bytes a slot, at least two slots per item), so that
/// building and looking up compare ids only when those bits agree.
struct ItemIDTable: Sendable {
    var slots: [UInt64]  // (index + 1) << 32 | tag; 0: empty
    let mask: Int

    init(_ items: [SceneItem]) {
        var size = 16
        while size < 2 * items.count { size <<= 1 }
        mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        let m = mask
        slots.withUnsafeMutableBufferPointer { t in
            for i in items.indices {
                let id = items[i].id
                let h = Self.hash(id), tag = h >> 32
                var k = Int(truncatingIfNeeded: h) & m
                var repeated = false
                while t[k] != 0 {
                    if t[k] & 0xffff_ffff == tag && items[Int(t[k] >> 32) - 1].id == id { repeated = true; break }  // keeps the first index
                    k = (k + 1) & m
                }
                if !repeated { t[k] = UInt64(i + 1) << 32 | tag }
            }
        }
        self.slots = slots
    }

    /// FNV-1a over the UTF-8 bytes, mixed.
    @inline(__always) static func hash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h ^ (h >> 29) &* 0xbf58_476d_1ce4_e5b9
    }

    func index(of id: String, in items: [SceneItem]) -> Int? {
        let h = Self.hash(id), tag = h >> 32
        var k = Int(truncatingIfNeeded: h) & mask
        while slots[k] != 0 {
            if slots[k] & 0xffff_ffff == tag, case let i = Int(slots[k] >> 32) - 1, items[i].id == id { return i }
            k = (k + 1) & mask
        }
        return nil
    }
}

/// Options of a simulation run that are not part of the scene.
public struct SimulationOptions: Sendable, Hashable {
    /// Emit a `pointer` record after every processed input event.
    public var verbose = false
    /// Creates the default options.
    public init(verbose: Bool = false) { self.verbose = verbose }
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
/// Item ids map to the engine's item indices by scene order:
/// ``itemIDs``[i] is index i, ``itemIndex(of:)`` the inverse.
///
/// Feed events in time order with ``process(_:into:)``.
public struct Simulator: Sendable {
    /// The scene.
    public let scene: Scene
    /// The options.
    public let options: SimulationOptions
    /// The band-selection interaction (it holds the selection).
    public private(set) var band: BandSelectionInteraction
    /// Clicks, keyboard focus and context menus.
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
    public private(set) var now: Double = 0
    /// Whether an event was processed (before that, any time is accepted).
    var started = false
    /// The pointer regions.
    public private(set) var regions: RegionInteraction
    /// Autoscroll.
    public private(set) var autoscroller: Autoscroller
    /// The item ids in scene order: id of item index i (a view of the scene's
    /// items: no second array of ids).
    public var itemIDs: ItemIDs { ItemIDs(items: scene.items) }

    /// The ids of a scene's items, by index.
    public struct ItemIDs: RandomAccessCollection, Sendable {
        let items: [SceneItem]
        /// The first index (0).
        public var startIndex: Int { 0 }
        /// The item count.
        public var endIndex: Int { items.count }
        /// The id of item `i`.
        public subscript(i: Int) -> String { items[i].id }
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
        /// Empty space: the band's.
        case empty
        /// Cancelled: the rest of the press is ignored.
        case ignored
    }
    var press = Press.none
    var pendingLogDiff = SelectionDiff()

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
        self.scene = scene
        self.options = options
        idMap = ItemIDMap(scene.items)
        // The initial selection is the only lookup most runs make: a scene
        // with one builds the table now.
        let map = idMap
        let initial = scene.initialSelection.compactMap { map.index(of: $0) }
        var config = scene.band
        config.scale = scene.view.scale
        if !scene.selection.multiple { config.isEnabled = false }
        let items = scene.items
        band = BandSelectionInteraction(
            edges: ItemEdges(count: items.count) { items[$0].rect }, configuration: config, initialSelection: initial)
        clicks = SelectionController(configuration: scene.selection, rules: scene.band.profile.clicks)
        clicks.startFocus(itemCount: items.count)
        autoscroller = Autoscroller(configuration: scene.autoscroll, view: scene.view)
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        pointer = scene.view.clampPointer(start)
        contentOffset = scene.view.clampOffset(scene.view.contentOffset)
    }

    /// The pointer in content coordinates.
    public var contentPoint: Point { pointer + contentOffset }

    /// The selected item ids, in scene order.
    public var selection: [String] { band.selectedItems.map { itemIDs[$0] } }

    /// The index of the item with this id (the first, if repeated).
    /// - Complexity: O(1) on average; the first call builds the table of
    ///   every id (O(n)), shared by the simulator's copies.
    public func itemIndex(of id: String) -> Int? { idMap.index(of: id) }

    /// The id → index map, built once, at the first lookup.
    let idMap: ItemIDMap

    /// The items of a selection diff's list as the log writes them: ids, or
    /// runs of scene indices above ``LogItemList/compactThreshold``.
    func logItems(_ count: Int, _ runs: @autoclosure () -> [Range<Int>], _ indices: @autoclosure () -> [Int]) -> LogItemList {
        count > LogItemList.compactThreshold ? LogItemList(runs: runs(), of: scene.items) : LogItemList(indices().map { itemIDs[$0] })
    }
    func logAdded(_ d: SelectionDiff) -> LogItemList { logItems(d.addedCount, d.addedRuns, d.added) }
    func logRemoved(_ d: SelectionDiff) -> LogItemList { logItems(d.removedCount, d.removedRuns, d.removed) }
    /// The whole selection as the log writes it.
    var logSelection: LogItemList {
        let s = band.engine.selection
        return logItems(band.engine.selectedCount, s.runs, s.members)
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
        started = true
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
            } else {
                emit(clicks.key(k, modifiers: modifiers, band: &band), at: t, into: &out)
            }
        }
        scheduleAutoscroll(at: t)
        if options.verbose { out.append(LogRecord(time: t, .pointer(pointerFrame))) }
    }

    /// Processes a sequence of events.
    public mutating func process<S: Sequence>(_ events: S) -> [LogRecord] where S.Element == PointerEvent {
        var out: [LogRecord] = []
        for e in events { process(e, into: &out) }
        return out
    }

    /// Whether the current region claims a primary press.
    public var regionClaimsPress: Bool {
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
        } else if let i = band.engine.item(at: contentPoint, closed: rules.pressHitsMaxEdges) {
            emit(clicks.pressItem(i, modifiers: modifiers, time: t, point: pointer, band: &band), at: t, into: &out)
            let refused = rules.itemsAcceptPress || rules.doubleClickPressStartsNoBand && clicks.lastPressWasDoubleClick
            press = .item(i, anchor: contentPoint, modifiers: modifiers, dragged: false, bandRefused: refused)
        } else {
            press = .empty
            emit(clicks.clickEmpty(modifiers: modifiers, time: t, point: pointer, band: &band), at: t, into: &out)
            if clicks.lastPressOnlyActivated || rules.doubleClickPressStartsNoBand && clicks.lastPressWasDoubleClick {
                press = .ignored  // Qt: a double click's second press starts no band
            } else {
                emit(band.press(at: contentPoint, modifiers: modifiers), at: t, into: &out)
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
        case .item(let i, let anchor, _, let dragged, _):
            emit(clicks.releaseItem(i, modifiers: modifiers, atPressPoint: contentPoint == anchor, dragged: dragged, band: &band), at: t, into: &out)
        default:
            break
        }
        emit(band.release(modifiers: modifiers), at: t, into: &out)
        emit(regions.release(location: contentPoint, modifiers: modifiers), at: t, into: &out)
    }

    mutating func contextClick(at t: Double, into out: inout [LogRecord]) {
        if regionClaimsPress { return }  // the control's own menu, not the items'
        let item = band.engine.item(at: contentPoint, closed: clicks.rules.pressHitsMaxEdges)
        emit(clicks.contextClick(item: item, point: contentPoint, band: &band), at: t, into: &out)
    }

    /// A `cancel` event, or Escape while the primary button is held: cancels
    /// the band (restoring the selection of the press) and ignores the rest
    /// of the press.
    mutating func cancelPress(at t: Double, into out: inout [LogRecord]) {
        emit(band.cancel(), at: t, into: &out)
        if buttons.contains(.primary) {
            switch press {
            case .item, .empty: press = .ignored
            default: break
            }
        }
    }

    /// The presented pointer now: while a band is active, the band rect (the
    /// pointer "stretches into a rectangle"); else the system pointer (a 19 pt
    /// circle at the model pointer) outside regions, or the current region's
    /// style applied.
    public var pointerFrame: PointerFrame {
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
        case .empty:
            emit(band.move(to: contentPoint), at: t, into: &out)
        case .item(let i, let anchor, let m, let dragged, let refused):
            guard dragged || (contentPoint != anchor && scene.band.profile.thresholdReached(by: contentPoint - anchor)) else { return }
            if !dragged { press = .item(i, anchor: anchor, modifiers: m, dragged: true, bandRefused: refused) }
            guard !refused else { return }
            if band.isActive {
                emit(band.move(to: contentPoint), at: t, into: &out)
            } else if let began = band.press(at: anchor, modifiers: m) {
                // The band from an item: pressed at the press point, with the press's modifiers.
                emit(began, at: t, into: &out)
                emit(band.move(to: contentPoint), at: t, into: &out)
            } else if band.isPending, let began = band.move(to: contentPoint) {
                emit(began, at: t, into: &out)  // the profile's threshold, already reached
            } else {
                _ = band.cancel()
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
    public var autoscrollVelocity: Vector {
        autoscroller.velocity(pointer: pointer, contentOffset: contentOffset, bandActive: band.isActive)
    }

    mutating func scheduleAutoscroll(at t: Double) {
        autoscroller.schedule(at: t, velocity: autoscrollVelocity)
    }

    /// Runs the autoscroll steps due by `t` (``process(_:into:)`` does this
    /// first); a caller that wants the scroll offset of each step can run
    /// them one at a time, up to `autoscroller.nextTick`.
    ///
    /// Between two inputs, the first ``loggedAutoscrollSteps`` steps are taken
    /// one at a time (each a `band.selecting` record while the content
    /// moves); the steps due after them are taken together in closed form:
    /// the content moves as far as they would have moved it, stopping at the
    /// content's edge, and one record (at the last such step) carries the
    /// band and the composed selection change. So a band held at the edge of
    /// a 10^12-point content for 10^9 s costs a few thousand records per
    /// input, not 10^11 (docs/BandSelection.md, "Autoscroll").
    public mutating func runAutoscroll(until t: Double, into out: inout [LogRecord]) {
        while true {
            let v = autoscrollVelocity
            if autoscrollStepsSinceInput >= Self.loggedAutoscrollSteps, v != .zero {
                let due = autoscroller.dueSteps(until: t)
                guard due > 0 else { return }
                let k = Swift.min(due, autoscrollStepsToEdge(v))
                let dt = autoscroller.configuration.tickInterval
                let time = autoscroller.advance(by: k, until: t)
                let before = contentOffset
                now = time
                scroll(by: v * (dt * Double(k)), at: time, into: &out)
                // Nothing moves any more (the offset is too large for a step
                // to change it): the rest of the steps due change nothing.
                if contentOffset == before { autoscroller.skip(until: t); return }
                continue
            }
            guard let s = autoscroller.step(until: t, velocity: v) else { return }
            autoscrollStepsSinceInput += 1
            now = s.time
            scroll(by: s.delta, at: s.time, into: &out)
        }
    }

    /// How many autoscroll steps are taken one at a time between two inputs
    /// (a minute at 60 steps a second); see ``runAutoscroll(until:into:)``.
    public static let loggedAutoscrollSteps = 3600

    /// The autoscroll steps taken one at a time since the last input.
    public private(set) var autoscrollStepsSinceInput = 0

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
            // The log's `band.began` has no diff: the first `selecting` line carries it.
            pendingLogDiff = u.diff
            out.append(LogRecord(time: t, .bandBegan(rect: u.rect, modifiers: u.modifiers, mode: u.mode)))
        case .selecting:
            let d = pendingLogDiff.followed(by: u.diff)
            pendingLogDiff = SelectionDiff()
            out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: logAdded(d), removed: logRemoved(d))))
        case .ended:
            pendingLogDiff = SelectionDiff()
            out.append(LogRecord(time: t, .bandEnded(rect: u.rect, selection: logSelection, cancelled: u.cancelled)))
        case .possible:
            break
        }
    }

    mutating func emit(_ events: [SelectionEvent], at t: Double, into out: inout [LogRecord]) {
        for e in events {
            switch e {
            case .changed(let cause, let d):
                // A band whose `began` diff is still unlogged (no `band.selecting`
                // line yet) logs it first, so that the log's diffs compose.
                if !pendingLogDiff.isEmpty, let r = band.selectionRect {
                    out.append(LogRecord(time: t, .bandSelecting(rect: r, added: logAdded(pendingLogDiff), removed: logRemoved(pendingLogDiff))))
                    pendingLogDiff = SelectionDiff()
                }
                out.append(LogRecord(time: t, .selectionChanged(cause: cause, added: logAdded(d), removed: logRemoved(d))))
            case .focusMoved(let i):
                out.append(LogRecord(time: t, .focusMoved(item: itemIDs[i])))
            case .primaryAction(let i):
                out.append(LogRecord(time: t, .itemPrimaryAction(item: itemIDs[i])))
            case .contextMenu(let p, let items):
                out.append(LogRecord(time: t, .contextMenuRequested(point: p, items: items.map { itemIDs[$0] })))
            }
        }
    }
}
