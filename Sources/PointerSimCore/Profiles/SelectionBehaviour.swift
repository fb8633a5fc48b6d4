// A widget's selection behaviour: what the ``Simulator`` hands a primary
// press, the pointer's motion while it is held, its release, a cancel and
// the keys to, and what comes back (docs/Architecture.md, "Profiles").

/// What a widget's behaviour is told about one input: its time, the pointer
/// in content and in view coordinates, the modifier flags held and whether
/// the primary button is held.
package struct BehaviourInput: Sendable {
    /// The input's time (the simulation clock).
    package var time: Double
    /// The pointer in content coordinates (where items are).
    package var point: Point
    /// The pointer in view coordinates.
    package var viewPoint: Point
    /// The modifier flags held.
    package var modifiers: ModifierFlags
    /// Whether the primary button is held.
    package var primaryHeld: Bool
}

/// Where a widget's behaviour puts what it did, in order: selection changes,
/// focus, primary actions and context menus (``SelectionEvent``), band
/// updates, and log facts of its own (drags, a band it draws itself). Each
/// becomes its log records at once, so a band's records see the selection as
/// it is when the band's update is given.
package struct BehaviourOutput: Sendable {
    /// The input's time: every record is stamped with it.
    let time: Double
    /// The scene's items, for the records' ids.
    let log: LogBuilder
    /// The profile's ``ClickRules/contextMenuFlocks``.
    let contextMenuFlocks: Bool
    /// The records so far (the simulator's, lent for the call).
    var records: [LogRecord] = []

    /// The records of selection events (changes, focus, actions, menus).
    mutating func emit(_ events: [SelectionEvent]) {
        log.emit(events, contextMenuFlocks: contextMenuFlocks, at: time, into: &records)
    }

    /// The records of a band update (the selection after it is `selection`).
    mutating func emit(_ update: BandUpdate, selection: SelectionModel) {
        log.emit(update, selection: selection, at: time, into: &records)
    }

    /// A log fact as it is.
    mutating func append(_ event: LogEvent) { records.append(LogRecord(time: time, event)) }
}

/// A widget's selection behaviour, one per kind of widget, as libinput has
/// one dispatch per kind of device (`struct evdev_dispatch_interface`; the
/// house's model is `DeviceDispatch` in PointerSimInput): the ``Simulator``
/// gives it every primary press that no pointer region claims and that is
/// not a context click, the pointer's motion and the content's scrolling
/// while that press lasts, the release, a cancel and the keys;
/// it changes the selection and appends what happened to a
/// ``BehaviourOutput``.
///
/// The simulator owns the parts it lends: the selection model, the band
/// interaction (the items' geometry, their hit tests and the band) and the
/// click controller (the profile's ``ClickRules``, the selection
/// configuration, context clicks). It knows no widget: which conformer plays
/// a scene is the profile's (``SelectionBehaviours/make(for:bandEnabled:)``,
/// `Profiles/Profiles.swift`). The rule-driven conformer, ``RuleBehaviour``,
/// plays every profile by its click rules and band fields; a profile that
/// holds a port of its widget's own code names that port instead.
///
/// Calls come once per input, never per item: a conformer's own loops over
/// items are its own (no dynamic dispatch inside them).
package protocol SelectionBehaviour: Sendable {
    /// The band the widget shows now when the band interaction has none
    /// (a band the widget draws itself), or nil.
    var shownBand: Rect? { get }

    /// The pointer moved (any button held or none), to `point` in content coordinates.
    mutating func pointerMoved(to point: Point)

    /// A primary press that no region claimed and that is no context click.
    mutating func press(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )

    /// The pointer moved while the press given to
    /// ``press(_:selection:band:clicks:into:)`` is held.
    mutating func move(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )

    /// The content scrolled under the pointer (a scroll event, an autoscroll
    /// step) while the press given to ``press(_:selection:band:clicks:into:)``
    /// is held; `input.point` is the content point now under the pointer.
    mutating func scroll(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )

    /// The primary button came up after a press given to
    /// ``press(_:selection:band:clicks:into:)``. (The band interaction's own
    /// release and the regions' follow, the simulator's.)
    mutating func release(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )

    /// A `cancel` event, or a key that cancels the press: the rest of the
    /// press, if `input.primaryHeld`, is ignored (the band interaction's own
    /// cancel came first, the simulator's).
    mutating func cancel(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )

    /// A key went down.
    mutating func key(
        _ key: Key,
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    )
}

extension SelectionBehaviour {
    /// No band of its own by default.
    package var shownBand: Rect? { nil }
    /// Motion means nothing by default.
    package mutating func pointerMoved(to point: Point) {}
    /// Scrolling under a press is a move of the pointer over the content by default.
    package mutating func scroll(
        _ input: BehaviourInput,
        selection: inout SelectionModel,
        band: inout BandSelectionInteraction,
        clicks: inout SelectionController,
        into out: inout BehaviourOutput
    ) {
        move(input, selection: &selection, band: &band, clicks: &clicks, into: &out)
    }
}

/// The conformers of ``SelectionBehaviour`` a profile may name, and the one
/// place that picks the conformer of a scene.
package enum SelectionBehaviours {
    /// The behaviour that plays `scene` (its profile's; `bandEnabled`: the
    /// band may begin at all): the first port of ``ports`` that plays it,
    /// else ``RuleBehaviour``.
    package static func make(for scene: SimulationScene, bandEnabled: Bool) -> any SelectionBehaviour {
        for port in ports {
            if let b = port.make(scene, bandEnabled) { return b }
        }
        return RuleBehaviour(scene: scene)
    }

    /// A port of one widget's own code: it plays a scene when its profile
    /// names it and the scene's settings are those the port models.
    package struct Port: Sendable {
        /// The port's name (a profile file's).
        package let name: String
        /// The port for `scene`, or nil when it does not play it.
        package let make: @Sendable (_ scene: SimulationScene, _ bandEnabled: Bool) -> (any SelectionBehaviour)?
    }

    /// The ports, from the profiles' files (``ProfileDefinition/port``).
    package static let ports: [Port] = ProfileRegistry.definitions.compactMap(\.port)
}
