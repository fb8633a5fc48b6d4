/// How a band changes the selection (docs/BandSelection.md, "Selection modes"). `start` is the
/// selection at the press, `inRect` the items the current rect hits.
public enum SelectionMode: String, Sendable, Hashable, CaseIterable {
    /// `inRect`, live.
    case replace
    /// `start ∪ inRect`, live; an item the rect leaves returns to its start state.
    case add
    /// `start Δ inRect`, live, reverting the same way.
    case toggle
    /// `start ∪` every item any rect of this drag has hit (Qt's AddToSelection); never deselects.
    case addSticky
    /// `start − inRect`, applied at the end (GTK).
    case subtract
    /// `start ∪ inRect`, live; an item a rect of this drag hit and no longer
    /// hits is deselected, whatever its start state (Dear ImGui's box-select:
    /// an item entering the box is selected, an item leaving it toggled).
    case addUntilLeft

    /// Whether the selection follows the band while it moves (`subtract` is
    /// applied only when the band ends).
    public var isLive: Bool { self != .subtract }

    /// The selection state of one item in this mode.
    /// - Parameters:
    ///   - start: selected at the press.
    ///   - inRect: hit by the current rect.
    ///   - everHit: hit by any rect of this drag so far.
    @inlinable public func isSelected(start: Bool, inRect: Bool, everHit: Bool) -> Bool {
        switch self {
        case .replace: return inRect
        case .add: return start || inRect
        case .toggle: return start != inRect
        case .addSticky: return start || everHit
        case .subtract: return start && !inRect
        case .addUntilLeft: return inRect || (start && !everHit)
        }
    }
}

/// Which items a band hits (docs/BandSelection.md, "Hit rules"). Touching edges never count.
public enum HitRule: String, Sendable, Hashable, CaseIterable {
    /// The item and the band overlap with positive area (UIKit; Qt's IntersectsItemShape).
    case intersects
    /// The item lies strictly inside the band.
    case contains

    /// Whether an item rectangle is hit by a band rectangle.
    @inlinable public func hits(item: Rect, band: Rect) -> Bool {
        switch self {
        case .intersects: return band.intersects(item)
        case .contains: return band.containsStrictly(item)
        }
    }
}

/// A toolkit's band-selection rules, as data: how the modifier flags choose a
/// mode, when the band begins, when modifiers are read and when the selection
/// is applied. ``uikit`` is the default; ``qt`` and ``gtk`` reproduce those
/// toolkits; users can build their own.
public struct BandProfile: Sendable, Hashable {
    /// How a rule's flags are compared with the flags held.
    public enum Match: String, Sendable, Hashable {
        /// The flags held equal the rule's flags exactly (UIKit).
        case exact
        /// The flags held include all of the rule's flags (Qt, GTK).
        case includes
    }

    /// One line of the flag-set → mode table.
    public struct Rule: Sendable, Hashable {
        /// The flags the rule looks for.
        public var flags: ModifierFlags
        /// How they are compared.
        public var match: Match
        /// The mode chosen when the rule matches.
        public var mode: SelectionMode
        /// Creates a rule.
        public init(_ flags: ModifierFlags, _ match: Match = .exact, _ mode: SelectionMode) {
            self.flags = flags; self.match = match; self.mode = mode
        }
        /// Whether the rule matches the flags held.
        @inlinable public func matches(_ held: ModifierFlags) -> Bool {
            match == .exact ? held == flags : held.isSuperset(of: flags)
        }
    }

    /// How the distance from the press is measured for the drag threshold.
    public enum DistanceMetric: String, Sendable, Hashable {
        /// `|dx| + |dy|` (Qt's `manhattanLength()`).
        case manhattan
        /// `max(|dx|, |dy|)` (GTK's `gtk_drag_check_threshold`).
        case chebyshev
        /// The Euclidean length.
        case euclidean
    }

    /// When the modifier flags that choose the mode are read.
    public enum ModifierTiming: String, Sendable, Hashable {
        /// At the press (`initialModifierFlags`): UIKit, Qt.
        case press
        /// At the release: GTK.
        case release
    }

    /// When the mode's selection is applied.
    public enum Application: String, Sendable, Hashable {
        /// On every update (modes that are live by nature; `subtract` is always at the end).
        case live
        /// Only when the band ends: the selection does not change while selecting.
        case atEnd
    }

    /// The profile's name (`uikit`, `qt`, `gtk`, or a user's).
    public var name: String
    /// The table, tried in order; the first matching rule wins.
    public var rules: [Rule]
    /// The mode when no rule matches.
    public var defaultMode: SelectionMode
    /// The drag distance before the band begins; 0 begins it at the press.
    public var threshold: Double
    /// How the threshold distance is measured.
    public var thresholdMetric: DistanceMetric
    /// Whether the distance must exceed the threshold (`>`, GTK) or only reach it (`≥`, Qt).
    public var thresholdIsStrict: Bool
    /// When modifiers are read.
    public var modifiersReadAt: ModifierTiming
    /// When the selection is applied.
    public var application: Application
    /// The toolkit's clicks, context clicks and keys (a custom profile keeps
    /// its base's).
    public var clicks: ClickRules
    /// The band covers the pixel under the pointer too: one pixel more than
    /// the span on each axis (Qt's `QRect(press, |d| + 1)`, GTK's
    /// rubberband); `false`: the span, at least 1 × 1 (UIKit).
    public var rectThroughPointerPixel = false
    /// While the pointer is back within the threshold of the press, the band
    /// keeps its last rect and selection (QGraphicsView stops updating it).
    public var holdsWithinThreshold = false
    /// An item whose min edge touches the band's max edge is hit too (GTK 4.8's
    /// `gtk_grid_view_get_items_in_rect` takes the cells from `floor(x / w)` to
    /// `floor((x + width) / w)`): the band reaches through its far edges. (The
    /// band's near edges stay strict; an item whose min edge lies within
    /// 1/1024 pixel beyond the far edge also counts.)
    public var hitsItemsTouchingFarEdge = false
    /// Presses, drags and keys follow QAbstractItemView as QListView has it
    /// (`QtItemView`: the `qt-itemview` profile), not the band and click rules.
    public var itemViewModel = false
    /// The band is the span from the press to the pointer, of zero width or
    /// height when they share a column or row, and a band of zero width (or
    /// height) hits the items it crosses strictly inside (Dear ImGui's
    /// `ImRect::Overlaps`, strict on each axis); `false`: at least 1 × 1.
    public var bandMayBeEmpty = false
    /// The mode of a band dragged from an item, whatever the modifiers (Dear
    /// ImGui: only a box from empty space without Ctrl or Shift clears the
    /// selection); nil: the table's.
    public var bandFromItemMode: SelectionMode? = nil
    /// A band from empty space that begins on an empty selection (or empties
    /// it) makes the first item it selects (the first in scene order) the
    /// anchor and focus, as a click on it would (Dear ImGui's
    /// `IsStartedSetNavIdOnce`: that item "acts as pressed").
    public var bandAnchorsFirstItem = false
    /// Items are tested against the band's own span, from the press to the
    /// pointer on the pixel grid, which is empty (hits nothing) while the
    /// pointer is in line with the press on either axis (GTK 3's
    /// `gtk_icon_view_item_hit_test` needs a positive overlap with
    /// `width = |x1 - x2|`); `false`: the band rect, at least 1 × 1.
    public var emptySpanHitsNothing = false

    /// Creates a profile.
    public init(
        name: String,
        rules: [Rule],
        defaultMode: SelectionMode = .replace,
        threshold: Double = 0,
        thresholdMetric: DistanceMetric = .euclidean,
        thresholdIsStrict: Bool = false,
        modifiersReadAt: ModifierTiming = .press,
        application: Application = .live,
        clicks: ClickRules = .uikit
    ) {
        self.name = name; self.rules = rules; self.defaultMode = defaultMode; self.threshold = threshold
        self.thresholdMetric = thresholdMetric; self.thresholdIsStrict = thresholdIsStrict
        self.modifiersReadAt = modifiersReadAt; self.application = application; self.clicks = clicks
    }

    /// The mode the flags choose.
    /// - Complexity: O(rules).
    public func mode(for flags: ModifierFlags) -> SelectionMode {
        rules.first { $0.matches(flags) }?.mode ?? defaultMode
    }

    /// Whether a drag by `v` from the press has reached the threshold.
    @usableFromInline package func thresholdReached(by v: Vector) -> Bool {
        if threshold <= 0 { return true }
        let d: Double
        switch thresholdMetric {
        case .manhattan: d = v.manhattanLength
        case .chebyshev: d = v.chebyshevLength
        case .euclidean: d = v.length
        }
        return thresholdIsStrict ? d > threshold : d >= threshold
    }

    /// UIBandSelectionInteraction: flags compared by exact equality; shift → add,
    /// command → toggle, anything else → replace; begins at the press; live.
    public static let uikit = ProfileDefinition.uikit.profile

    /// The profile `qt` names: ``qtItemView``, QAbstractItemView as QListView
    /// has it. Until 0.x `qt` was a mix that no real widget does
    /// (QGraphicsView's presses, bands and drags with QListView's clicks,
    /// ranges and keys); for QGraphicsView's band use ``qtGraphicsView``.
    @available(*, deprecated, renamed: "qtItemView", message: "qt is an alias of qt-itemview (QListView); QGraphicsView's band is qtGraphicsView")
    public static var qt: BandProfile { qtItemView }

    /// QGraphicsView with RubberBandDrag over selectable QGraphicsItems, whole:
    /// its band (any set with Control → addSticky, else replace; begins after
    /// a Manhattan distance of 10, `QApplication::startDragDistance()`), and QGraphicsItem's clicks (Shift is a plain click,
    /// Control toggles at the release) and no keys (the items take no focus).
    public static let qtGraphicsView = ProfileDefinition.qtGraphicsView.profile

    /// QAbstractItemView in ExtendedSelection as QListView has it, whole:
    /// presses, clicks with every modifier, the current index and the range
    /// start, the drag selection of the rect from the press point to the
    /// pointer (from an item or from empty space, no threshold, its command
    /// read at every move: Control toggles, Shift adds, else replaces),
    /// double clicks and keys (`QtItemView`). The table below is what a
    /// drag's first move chooses; `qt` is an alias of this profile.
    public static let qtItemView = ProfileDefinition.qtItemView.profile

    /// GtkListView/GridView rubberband: control+shift → toggle, control → add,
    /// shift → subtract (Super and Meta count for nothing on Linux); begins after 8 points on
    /// either axis; modifiers read at the release, selection applied at the end.
    public static let gtk = ProfileDefinition.gtk.profile

    /// Dear ImGui 1.93.0's multi-select with `BoxSelect2d`, `ClearOnEscape` and
    /// `ClearOnClickVoid` over selectables (its demo's box-select): the box
    /// begins once the pointer has gone 6 points (Euclidean, `io.MouseDragThreshold`)
    /// from the press, on empty space or an unselected item; Ctrl or Shift at
    /// the press keep the selection (docs/Selection.md, "Dear ImGui").
    public static let imgui = ProfileDefinition.imgui.profile

    /// GTK 3's GtkIconView in `GTK_SELECTION_MULTIPLE` (GTK 3.24): the band
    /// begins at a press on empty space (none from items), which clears the
    /// selection unless Control is held; Control (with anything) toggles the
    /// items the band crosses, anything else replaces; modifiers read at the
    /// press, live; items hit with a positive overlap of the band's span
    /// (`gtk_icon_view_update_rubberband_selection`).
    public static let gtk3 = ProfileDefinition.gtk3.profile

    /// The registered (built-in) profiles, in the order lists name them: the
    /// one list every profile name comes from (the scene reader, the command
    /// line's `--profiles` and `--profile`, their help, the documentation's
    /// tables). Each comes from its file, `Sources/PointerSimCore/Profiles/`,
    /// which holds its band fields, its click rules and, for a port of a
    /// widget's code, its selection behaviour; adding a profile is its file,
    /// its line in the list there, and its corpus. Other names for a
    /// registered profile are in ``aliases``.
    public static let registered: [BandProfile] = ProfileRegistry.definitions.map(\.profile)

    /// The registered profiles' names, in order.
    public static var registeredNames: [String] { registered.map(\.name) }

    /// Other names a scene or the command line may give a registered
    /// profile, each with the name of the profile it stands for: `qt` is
    /// `qt-itemview`.
    public static let aliases: [(alias: String, name: String)] = ProfileRegistry.definitions.flatMap { d in d.aliases.map { ($0, d.name) } }

    /// Every name ``named(_:)`` accepts: the registered names, then the aliases.
    public static var acceptedNames: [String] { registeredNames + aliases.map(\.alias) }

    /// The registered profile with this name or alias (``aliases``), or nil.
    /// The profile keeps its own name: `named("qt")?.name` is `qt-itemview`.
    public static func named(_ name: String) -> BandProfile? {
        let canonical = aliases.first { $0.alias == name }?.name ?? name
        return registered.first { $0.name == canonical }
    }

    /// The registered names as a sentence's list, each alias after its
    /// profile: "uikit, qt-graphicsview, gtk, qt-itemview (or qt), imgui or gtk3".
    package static var registeredNameList: String {
        let n = registeredNames.map { name in
            let a = aliases.filter { $0.name == name }.map(\.alias)
            return a.isEmpty ? name : "\(name) (or \(a.joined(separator: ", ")))"
        }
        return n.count < 2 ? n.joined() : n.dropLast().joined(separator: ", ") + " or " + n.last!
    }

    /// The registered names for a help text's list, each alias after its
    /// profile: "uikit, qt-graphicsview, gtk, qt-itemview (alias qt), imgui".
    package static var registeredNamesForHelp: String {
        registeredNames.map { name in
            let a = aliases.filter { $0.name == name }.map(\.alias)
            return a.isEmpty ? name : "\(name) (alias \(a.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}
