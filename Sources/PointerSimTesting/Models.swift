import PointerSimCore

/// An implementation of pointer selection as a whole (bands, clicks, keys),
/// stepped one event at a time. The runner creates one per session.
public protocol PointerSelectionModel {
    /// Starts over a scene (its items, initial selection, profile).
    init(scene: SimulationScene)
    /// Handles one event and says what it shows now. Report only what you
    /// model (``ConformanceAnswer/init(selection:band:focus:region:)``).
    mutating func handle(_ event: PointerEvent) -> ConformanceAnswer
}

/// An implementation of a band selection alone, UIBandSelectionInteraction
/// style: presses of the primary button on empty space, motion while held,
/// release, cancel. Points are in content coordinates. Run it with
/// ``Conformance/subject(band:)`` over sessions of kind
/// ``SessionGenerator/Kind/band`` (no press over an item: a press over an
/// item is a click, which a band alone does not model).
public protocol BandSelectionModel {
    /// Starts over a scene (its items, initial selection, profile).
    init(scene: SimulationScene)
    /// The primary button went down at `point` with `modifiers` held.
    mutating func press(at point: Point, modifiers: ModifierFlags)
    /// The pointer moved to `point` while the button is held.
    mutating func move(to point: Point)
    /// The button went up with `modifiers` held.
    mutating func release(modifiers: ModifierFlags)
    /// The band was cancelled (restore the selection of the press).
    mutating func cancel()
    /// The selected ids, in scene order.
    var selection: [String] { get }
    /// The band rect while a band is shown; return `nil` always if you do not
    /// model it and set ``reportsBand`` to false.
    var bandRect: Rect? { get }
    /// Whether ``bandRect`` is compared (default false).
    var reportsBand: Bool { get }
}

extension BandSelectionModel {
    public var reportsBand: Bool { false }
    public var bandRect: Rect? { nil }
}

/// An implementation of pointer regions: which region the pointer is in.
public protocol PointerRegionModel {
    /// Starts over a scene (its regions).
    init(scene: SimulationScene)
    /// Handles one event; returns the id of the region the pointer is in.
    mutating func handle(_ event: PointerEvent) -> String?
}

/// Steps a ``BandSelectionModel`` from a session's events: tracks the
/// pointer (clamped to the view) and the modifiers, forwards primary presses,
/// moves while held, releases and cancels.
struct BandModelDriver<M: BandSelectionModel>: PointerSelectionModel {
    var model: M
    var view: ViewGeometry
    var pointer: Point
    var modifiers: ModifierFlags = []
    var held = false

    init(scene: SimulationScene) {
        model = M(scene: scene)
        view = scene.view
        pointer = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
    }

    mutating func handle(_ event: PointerEvent) -> ConformanceAnswer {
        switch event.kind {
        case .move(let p): pointer = view.clampPointer(p); if held { model.move(to: pointer) }
        case .delta(let v): pointer = view.clampPointer(pointer + v); if held { model.move(to: pointer) }
        case .press(.primary): if !held { held = true; model.press(at: pointer, modifiers: modifiers) }
        case .release(.primary): if held { held = false; model.release(modifiers: modifiers) }
        case .modifiers(let m): modifiers = m
        case .cancel: model.cancel()
        default: break
        }
        return ConformanceAnswer(selection: model.selection, band: model.reportsBand ? .some(model.bandRect) : .none)
    }
}

/// Steps a ``PointerRegionModel``.
struct RegionModelDriver<M: PointerRegionModel>: PointerSelectionModel {
    var model: M
    init(scene: SimulationScene) { model = M(scene: scene) }
    mutating func handle(_ event: PointerEvent) -> ConformanceAnswer {
        ConformanceAnswer(selection: nil, region: .some(model.handle(event)))
    }
}
