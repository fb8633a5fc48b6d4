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
/// Feed events in time order with ``process(_:into:)``.
public struct Simulator: Sendable {
    /// The scene.
    public let scene: Scene
    /// The options.
    public let options: SimulationOptions
    /// The band-selection interaction.
    public private(set) var band: BandSelectionInteraction
    /// The model pointer, in view points, clamped to the view.
    public private(set) var pointer: Point
    /// The modifier flags held.
    public private(set) var modifiers: ModifierFlags = []
    /// The buttons held.
    public private(set) var buttons: Set<PointerButton> = []
    /// The content's scroll offset.
    public private(set) var contentOffset: Vector
    /// The time of the last processed event.
    public private(set) var now: Double = 0
    /// The pointer regions.
    public private(set) var regions: RegionInteraction

    var nextAutoscrollTick: Double? = nil
    var autoscrollOrigin = 0.0
    var autoscrollSteps = 0
    let itemIDs: [String]

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
        itemIDs = scene.items.map(\.id)
        var indexByID: [String: Int] = [:]
        for (i, item) in scene.items.enumerated() where indexByID[item.id] == nil { indexByID[item.id] = i }
        var config = scene.band
        config.scale = scene.view.scale
        band = BandSelectionInteraction(
            items: scene.items.map(\.rect), configuration: config,
            initialSelection: scene.initialSelection.compactMap { indexByID[$0] })
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        pointer = scene.view.clampPointer(start)
        contentOffset = scene.view.clampOffset(scene.view.contentOffset)
    }

    /// The pointer in content coordinates.
    public var contentPoint: Point { pointer + contentOffset }

    /// The selected item ids, in scene order.
    public var selection: [String] { band.selectedItems.map { itemIDs[$0] } }

    /// Processes one event, appending the records it causes (autoscroll steps
    /// due before it come first).
    public mutating func process(_ event: PointerEvent, into out: inout [LogRecord]) {
        runAutoscroll(until: event.time, into: &out)
        now = event.time
        let t = event.time
        switch event.kind {
        case .move(let p):
            movePointer(to: p, at: t, into: &out)
            updateRegions(at: t, into: &out)
        case .delta(let v):
            movePointer(to: pointer + v, at: t, into: &out)
            updateRegions(at: t, into: &out)
        case .press(let b):
            buttons.insert(b)
            if b == .primary {
                emit(band.press(at: contentPoint, modifiers: modifiers), at: t, into: &out)
                regions.press(location: contentPoint, modifiers: modifiers, at: t, into: &out)
            } else {
                updateRegions(moved: false, at: t, into: &out)
            }
        case .release(let b):
            guard buttons.remove(b) != nil else { break }
            if b == .primary {
                emit(band.release(modifiers: modifiers), at: t, into: &out)
                regions.release(location: contentPoint, modifiers: modifiers, at: t, into: &out)
            } else {
                updateRegions(moved: false, at: t, into: &out)
            }
        case .modifiers(let m):
            modifiers = m
            updateRegions(moved: false, at: t, into: &out)
        case .scroll(let v):
            scroll(by: v, at: t, into: &out)
        case .cancel:
            emit(band.cancel(), at: t, into: &out)
        case .invalidate(let id):
            regions.invalidate(regionID: id, location: contentPoint, modifiers: modifiers, primaryHeld: buttons.contains(.primary), at: t, into: &out)
        case .deviceRemoved(let name):
            out.append(LogRecord(time: t, .deviceRemoved(device: name)))
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

    /// The presented pointer now: the system pointer (a 19 pt circle at the
    /// model pointer) outside regions, else the current region's style applied.
    public var pointerFrame: PointerFrame {
        regions.frame(model: pointer, contentOffset: contentOffset)
    }

    /// Asks the region provider about the pointer (motion, button or modifier change).
    mutating func updateRegions(moved: Bool = true, at t: Double, into out: inout [LogRecord]) {
        regions.update(location: contentPoint, modifiers: modifiers, primaryHeld: buttons.contains(.primary), moved: moved, at: t, into: &out)
    }

    mutating func movePointer(to p: Point, at t: Double, into out: inout [LogRecord]) {
        pointer = scene.view.clampPointer(p)
        if buttons.contains(.primary) { emit(band.move(to: contentPoint), at: t, into: &out) }
    }

    /// Scrolls the content; when the offset changes, the band follows (its
    /// anchor is in content coordinates) and the regions are asked again.
    mutating func scroll(by v: Vector, at t: Double, into out: inout [LogRecord]) {
        let new = scene.view.clampOffset(contentOffset + v)
        guard new != contentOffset else { return }
        contentOffset = new
        emit(band.move(to: contentPoint), at: t, into: &out)
        updateRegions(at: t, into: &out)
    }

    /// The autoscroll velocity for the current pointer, points per second.
    public var autoscrollVelocity: Vector {
        let a = scene.autoscroll
        guard a.isEnabled, band.isActive, a.edgeZone > 0 else { return .zero }
        let size = scene.view.size, maxOffset = scene.view.maxOffset
        func axis(_ p: Double, _ length: Double, _ offset: Double, _ maxOff: Double) -> Double {
            guard maxOff > 0 else { return 0 }
            let fromLow = p, fromHigh = length - p
            if fromLow < a.edgeZone && offset > 0 {
                return -a.maxSpeed * Swift.min(1, (a.edgeZone - Swift.max(0, fromLow)) / a.edgeZone)
            }
            if fromHigh < a.edgeZone && offset < maxOff {
                return a.maxSpeed * Swift.min(1, (a.edgeZone - Swift.max(0, fromHigh)) / a.edgeZone)
            }
            return 0
        }
        return Vector(
            dx: axis(pointer.x, size.width, contentOffset.dx, maxOffset.dx),
            dy: axis(pointer.y, size.height, contentOffset.dy, maxOffset.dy))
    }

    mutating func scheduleAutoscroll(at t: Double) {
        if autoscrollVelocity == .zero {
            nextAutoscrollTick = nil
        } else if nextAutoscrollTick == nil {
            autoscrollOrigin = t
            autoscrollSteps = 1
            nextAutoscrollTick = t + scene.autoscroll.tickInterval
        }
    }

    mutating func runAutoscroll(until t: Double, into out: inout [LogRecord]) {
        let dt = scene.autoscroll.tickInterval
        guard dt > 0 else { nextAutoscrollTick = nil; return }
        // A step due at the same instant as an event runs first; the nanosecond
        // tolerance absorbs binary rounding of origin + n·dt.
        while let tick = nextAutoscrollTick, tick <= t + 1e-9 {
            let v = autoscrollVelocity
            if v == .zero { nextAutoscrollTick = nil; break }
            let at = Swift.min(tick, t)  // never after the event that is due
            now = at
            scroll(by: v * dt, at: at, into: &out)
            // Ticks sit on a grid from where autoscroll started (origin + n·dt),
            // so rounding errors never accumulate.
            autoscrollSteps += 1
            nextAutoscrollTick = autoscrollOrigin + Double(autoscrollSteps) * dt
        }
    }

    mutating func emit(_ update: BandUpdate?, at t: Double, into out: inout [LogRecord]) {
        guard let u = update else { return }
        switch u.state {
        case .began:
            out.append(LogRecord(time: t, .bandBegan(rect: u.rect, modifiers: u.modifiers, mode: u.mode)))
        case .selecting:
            out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: u.diff.added.map { itemIDs[$0] }, removed: u.diff.removed.map { itemIDs[$0] })))
        case .ended:
            out.append(LogRecord(time: t, .bandEnded(rect: u.rect, selection: selection, cancelled: u.cancelled)))
        case .possible:
            break
        }
    }
}
