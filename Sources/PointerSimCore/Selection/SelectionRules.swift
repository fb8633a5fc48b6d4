/// What changed a selection, as the `selection.changed` log line says it.
public enum SelectionCause: String, Sendable, Hashable {
    /// A click (primary, or the selecting part of a context click).
    case click
    /// A key (Space, Shift+arrow, Command-A, Escape, an arrow with
    /// `selectionFollowsFocus`).
    case key
    /// A band (the library's ``SelectionController`` reports it; the log
    /// keeps the `band.*` lines for bands).
    case band
}

/// The collection view's selection settings, as a scene's `selection` object
/// gives them (UICollectionView's `allowsMultipleSelection`, `allowsFocus`,
/// `selectionFollowsFocus`, `isEditing`).
public struct SelectionConfiguration: Sendable, Hashable {
    /// More than one item may be selected (default true). When false a click
    /// selects one item, Shift and Command-A do not extend, and no band begins.
    public var multiple = true
    /// Items take keyboard focus: arrows move it, clicks put it on the clicked
    /// item (default true).
    public var focus = true
    /// Moving focus with an arrow selects the focused item alone (default false).
    public var selectionFollowsFocus = false
    /// Edit mode: a click toggles its item (as a tap does with
    /// `allowsMultipleSelection`) and there is no primary action (default false).
    public var editing = false
    /// Creates the defaults.
    public init() {}
}

/// How a toolkit treats clicks, context clicks and keys on a collection, as
/// data next to its band rules (``BandProfile/clicks``). ``uikit``, ``qt`` and
/// ``gtk`` are the built-in readings; every field is documented where it
/// comes from or marked **our choice**.
public struct ClickRules: Sendable, Hashable {
    /// When a primary click changes the selection.
    public enum Timing: String, Sendable, Hashable {
        /// At the press (Qt's QAbstractItemView, GTK's list item click gesture).
        case press
        /// At the release, if the press did not become a band (UIKit).
        case release
    }
    /// What a primary click on empty space does besides the band.
    public enum EmptyClick: String, Sendable, Hashable {
        /// Nothing more: the band handles it (UIKit: the press is a 1×1 band,
        /// which in replace mode clears).
        case band
        /// The selection is cleared at the press unless a toggle modifier is
        /// held (QGraphicsView, QAbstractItemView ExtendedSelection).
        case clearAtPress
        /// The selection is kept (GtkGridView).
        case keep
    }
    /// When the primary action fires.
    public enum PrimaryAction: String, Sendable, Hashable {
        /// On a click that selects a single item without extending an existing
        /// selection (UIKit's `performPrimaryActionForItemAt`, after the
        /// selection changes): the item was not selected and nothing else is.
        case singleClick
        /// On the second press of a double click on the same item (Qt's
        /// `activated`, GTK's `activate` without `single-click-activate`).
        case doubleClick
    }

    /// Any of these flag sets (each must be held) makes a click toggle its item.
    public var toggleModifiers: [ModifierFlags]
    /// A plain click toggles its item too, adding it to the selection or
    /// removing it (UIKit's `allowsMultipleSelection`: "tapping a cell adds it
    /// to the current selection … tapping the cell again removes it"); false:
    /// a plain click selects its item alone (Qt, GTK).
    public var plainClickToggles: Bool = false
    /// Held, this makes a click (or an arrow) extend a range from the anchor.
    public var rangeModifier: ModifierFlags = .shift
    /// Held with the primary button, these make the click a context click
    /// (UIKit: Control-click). Empty: only the secondary button.
    public var contextClickModifiers: ModifierFlags
    /// With these held, `a` selects all.
    public var selectAllModifiers: [ModifierFlags]
    /// When a click selects.
    public var timing: Timing
    /// Empty-space clicks.
    public var emptyClick: EmptyClick
    /// A press on an item never starts a band (the item accepts the press: Qt).
    public var itemsAcceptPress: Bool
    /// A context click on an unselected item selects it alone first (Qt),
    /// except while a band is active (the band owns the selection).
    public var contextClickSelects: Bool
    /// When the primary action fires.
    public var primaryAction: PrimaryAction
    /// Escape (no band active) clears the selection (**our choice** for UIKit;
    /// Qt and GTK bind nothing to it in item views).
    public var escapeClears: Bool
    /// Two presses within this time (seconds) … (400 ms: Qt's and GTK's default).
    public var doubleClickInterval: Double = 0.4
    /// … and this distance (points, per axis; GTK's 5) are a double click.
    public var doubleClickDistance: Double = 5

    /// Creates rules.
    public init(
        toggleModifiers: [ModifierFlags], contextClickModifiers: ModifierFlags, selectAllModifiers: [ModifierFlags],
        timing: Timing, emptyClick: EmptyClick, itemsAcceptPress: Bool, contextClickSelects: Bool,
        primaryAction: PrimaryAction, escapeClears: Bool
    ) {
        self.toggleModifiers = toggleModifiers; self.contextClickModifiers = contextClickModifiers
        self.selectAllModifiers = selectAllModifiers; self.timing = timing; self.emptyClick = emptyClick
        self.itemsAcceptPress = itemsAcceptPress; self.contextClickSelects = contextClickSelects
        self.primaryAction = primaryAction; self.escapeClears = escapeClears
    }

    /// Whether the flags held make a click toggle.
    public func toggles(_ held: ModifierFlags) -> Bool { toggleModifiers.contains { !$0.isEmpty && held.isSuperset(of: $0) } }
    /// Whether the flags held make a click extend a range.
    public func extendsRange(_ held: ModifierFlags) -> Bool { !rangeModifier.isEmpty && held.isSuperset(of: rangeModifier) }
    /// Whether a primary press with these flags is a context click.
    public func isContextClick(_ held: ModifierFlags) -> Bool { !contextClickModifiers.isEmpty && held.isSuperset(of: contextClickModifiers) }
    /// Whether `a` with these flags selects all.
    public func selectsAll(_ held: ModifierFlags) -> Bool { selectAllModifiers.contains { !$0.isEmpty && held.isSuperset(of: $0) } }

    /// UICollectionView with `allowsMultipleSelection` (lightweight multiple
    /// selection, iPadOS 15/16): a click adds its item to the selection or
    /// removes it (so does Command-click), Shift extends, Control-click is a
    /// context click, selection at the release, empty space is a band, the
    /// primary action when a click selects a single cell without extending an
    /// existing selection, the context menu never changes the selection.
    public static let uikit: ClickRules = {
        var r = ClickRules(
            toggleModifiers: [.command], contextClickModifiers: .control, selectAllModifiers: [.command],
            timing: .release, emptyClick: .band, itemsAcceptPress: false, contextClickSelects: false,
            primaryAction: .singleClick, escapeClears: true)
        r.plainClickToggles = true
        return r
    }()

    /// QAbstractItemView's ExtendedSelection and QGraphicsView: Control toggles
    /// (Ctrl+Shift adds a range), selection at the press, empty space clears at
    /// the press, an item accepts the press (no band from it), a right click
    /// selects the clicked item first, `activated` on a double click.
    public static let qt = ClickRules(
        toggleModifiers: [.control], contextClickModifiers: [], selectAllModifiers: [.control],
        timing: .press, emptyClick: .clearAtPress, itemsAcceptPress: true, contextClickSelects: true,
        primaryAction: .doubleClick, escapeClears: false)

    /// GtkGridView: Control (or Meta) toggles, Shift extends, selection at the
    /// press, empty space keeps the selection, bands may start on items, the
    /// right button does not select, `activate` on a double click.
    public static let gtk = ClickRules(
        toggleModifiers: [.control, .command], contextClickModifiers: [], selectAllModifiers: [.control, .command],
        timing: .press, emptyClick: .keep, itemsAcceptPress: false, contextClickSelects: false,
        primaryAction: .doubleClick, escapeClears: false)
}
