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
/// gives them (UICollectionView's `allowsSelection`,
/// `allowsMultipleSelection`, `allowsSelectionDuringEditing`,
/// `allowsMultipleSelectionDuringEditing`, `allowsFocus`,
/// `selectionFollowsFocus`, `isEditing`, and the delegate's
/// `shouldBeginMultipleSelectionInteractionAt`).
///
/// The defaults are the package's (everything allowed, as scenes have always
/// behaved); ``uikit`` has UIKit's defaults (docs/Selection.md, "Selection
/// settings").
public struct SelectionConfiguration: Sendable, Hashable {
    /// Items may be selected outside edit mode (UIKit's `allowsSelection`;
    /// default true). When false, clicks, keys and bands change no selection.
    public var allowsSelection = true
    /// More than one item may be selected outside edit mode (UIKit's
    /// `allowsMultipleSelection`; default true here, false in ``uikit``).
    /// When false a click selects one item, Shift and Command-A do not
    /// extend, and no band begins (unless the multiple-selection interaction
    /// may begin: ``beginsMultipleSelectionInteraction``).
    public var allowsMultipleSelection = true
    /// Items may be selected in edit mode (UIKit's `allowsSelectionDuringEditing`;
    /// default true here, false in ``uikit``).
    public var allowsSelectionDuringEditing = true
    /// More than one item may be selected in edit mode (UIKit's
    /// `allowsMultipleSelectionDuringEditing`; default true here, false in ``uikit``).
    public var allowsMultipleSelectionDuringEditing = true
    /// A band (from empty space or dragged from an item) outside edit mode
    /// begins UIKit's multiple-selection interaction: the view enters edit
    /// mode as the band begins (`shouldBeginMultipleSelectionInteractionAt`
    /// answering true, then `didBeginMultipleSelectionInteractionAt`; logged
    /// `editing.began`). Only with ``allowsMultipleSelectionDuringEditing``
    /// (default false).
    public var beginsMultipleSelectionInteraction = false
    /// Items can be dragged (UIKit's `dragInteractionEnabled`; default false
    /// here): a press on an item that moves past the threshold drags the
    /// selection if the item is selected, else the item alone (`drag.*`
    /// records), instead of beginning a band; bands still begin in empty space.
    public var dragInteractionEnabled = false
    /// The collection view has a list layout (`UICollectionLayoutListConfiguration`;
    /// default false): UIKit builds band selection into non-list collection
    /// views only ("This interaction is built into non-list UICollectionViews",
    /// "Take your iPad apps to the next level", WWDC21), so no band begins.
    public var listLayout = false
    /// A band needs UIKit's multiple-selection interaction: it begins only
    /// where the delegate's `shouldBeginMultipleSelectionInteractionAt`
    /// answers true (``beginsMultipleSelectionInteraction``), as "Any
    /// UICollectionView that supports the existing one- and two-finger
    /// multiselection gestures via the shouldBeginMultipleSelectionInteraction
    /// API gets this behavior" (WWDC21). True in ``uikit`` (a collection view);
    /// false in the package's defaults (a view whose bands follow
    /// ``allowsMultipleSelection`` alone).
    public var bandNeedsMultipleSelectionInteraction = false
    /// Both multiple-selection settings at once (the scene's old `multiple`
    /// key): reads ``allowsMultipleSelection``, sets it and
    /// ``allowsMultipleSelectionDuringEditing``.
    @usableFromInline package var multiple: Bool {
        get { allowsMultipleSelection }
        set { allowsMultipleSelection = newValue; allowsMultipleSelectionDuringEditing = newValue }
    }
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

    /// UIKit's defaults: selection allowed, multiple selection not, nothing
    /// in edit mode; bands only with the multiple-selection interaction.
    public static var uikit: SelectionConfiguration {
        var c = SelectionConfiguration()
        c.allowsMultipleSelection = false
        c.allowsSelectionDuringEditing = false
        c.allowsMultipleSelectionDuringEditing = false
        c.bandNeedsMultipleSelectionInteraction = true
        return c
    }

    /// Whether items may be selected in the current mode (``editing`` or not).
    @usableFromInline package var allowsSelectionNow: Bool { editing ? allowsSelectionDuringEditing : allowsSelection }
    /// Whether more than one item may be selected in the current mode.
    @usableFromInline package var allowsMultipleNow: Bool {
        allowsSelectionNow && (editing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection)
    }
    /// Whether a band may begin now, or will once the multiple-selection
    /// interaction puts the view in edit mode.
    @usableFromInline package var bandMayBegin: Bool {
        if listLayout { return false }
        let interactionMayBegin =
            !editing && beginsMultipleSelectionInteraction && allowsSelectionDuringEditing && allowsMultipleSelectionDuringEditing
        if bandNeedsMultipleSelectionInteraction {
            return beginsMultipleSelectionInteraction && (editing ? allowsMultipleNow : interactionMayBegin)
        }
        return allowsMultipleNow || interactionMayBegin
    }
}

/// How a toolkit treats clicks, context clicks and keys on a collection, as
/// data next to its band rules (``BandProfile/clicks``). ``uikit``, ``qt`` and
/// ``gtk`` are the built-in readings; every field is documented where it
/// comes from or marked **our choice**.
public struct ClickRules: Sendable, Hashable {
    /// When a primary click changes the selection.
    public enum Timing: String, Sendable, Hashable, CaseIterable {
        /// At the press (Qt's QAbstractItemView, GTK's list item click gesture).
        case press
        /// At the release, if the press did not become a band (UIKit).
        case release
    }
    /// What a primary click on empty space does besides the band.
    public enum EmptyClick: String, Sendable, Hashable, CaseIterable {
        /// Nothing more: the band handles it (UIKit: the press is a 1×1 band,
        /// which in replace mode clears).
        case band
        /// The selection is cleared at the press unless a toggle modifier is
        /// held (QGraphicsView, QAbstractItemView ExtendedSelection).
        case clearAtPress
        /// The selection is kept (GtkGridView).
        case keep
        /// Clear at the release, when the pointer never went as far as the
        /// band's threshold from the press, is over no item and no modifier is
        /// held (Dear ImGui's `ImGuiMultiSelectFlags_ClearOnClickVoid`: `IsMouseReleased`,
        /// not `IsMouseDragPastThreshold`, `KeyMods == ImGuiMod_None`, nothing hovered).
        case clearAtRelease
    }
    /// When the primary action fires.
    public enum PrimaryAction: String, Sendable, Hashable, CaseIterable {
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
    /// The second press must be closer than ``doubleClickDistance`` (GTK's
    /// `gtk-double-click-distance` test is strict); `false`: at most that far.
    public var doubleClickDistanceIsStrict = false

    /// How the presses of a quick series count.
    public enum ClickSeries: String, Sendable, Hashable, CaseIterable {
        /// Two plain clicks on one item make a double click; a third press
        /// starts over (PointerSim's reading for UIKit).
        case plainPairs
        /// Any two presses in a row (any modifiers) make a double click, and
        /// the press after a double click starts over (Qt: QGuiApplication
        /// forgets the press after it reports a double click). It activates
        /// the item under the second press when the first was on the same
        /// item or on empty space (QGraphicsScene hands it to the item unless
        /// another item grabbed the first press, which turns it into a press).
        case pairs
        /// The presses on one item count on while each follows the previous
        /// within the time and distance (GtkGestureClick's `n_press`); the
        /// second press activates, the later ones do not.
        case series
        /// Every press counts, on any target, when it comes within the interval
        /// and the distance of the press before; the series goes on past two
        /// (Dear ImGui's `io.MouseClickedCount`): the second press is a double
        /// click (on an item: its primary action), every later one is not, and
        /// each counts as a double click's press for the rules that ask.
        case anyTarget
        /// GDK 3's multiple clicks (`_gdk_event_button_generate`): a press
        /// within the time and distance of the previous one is a double click
        /// (it activates the item it hits, whatever the first press hit); the
        /// press after a double click is a triple click when it comes within
        /// twice the time of the double click's first press and within the
        /// distance of it (it does nothing, and the next press starts over),
        /// else it may make a double click with the press before it.
        case gdk
    }
    /// How presses count toward a double click.
    public var clickSeries: ClickSeries = .plainPairs
    /// The second press must come sooner than ``doubleClickInterval`` after
    /// the first (Qt: `timestamp - mousePressTime < interval`); `false`: at
    /// most that late.
    public var doubleClickIntervalIsStrict = false
    /// Pointer motion farther than ``doubleClickDistance`` from the press
    /// (on either axis) ends the series (QGuiApplication forgets the press
    /// on such a move).
    public var motionEndsClickSeries = false
    /// A key ends the series (PointerSim's reading for UIKit); `false`: keys
    /// between the presses do not matter (Qt, GTK).
    public var keyEndsClickSeries = true
    /// The press that makes a double click only activates: no selection
    /// change at it or its release, and no band from it (Qt delivers it as
    /// `MouseButtonDblClick` alone: QAbstractItemView::mouseDoubleClickEvent,
    /// QGraphicsView::mouseDoubleClickEvent).
    public var doubleClickPressOnlyActivates = false
    /// Select-all (and deselect-all) fire only with exactly their flags held
    /// (Qt's `QKeySequence::SelectAll`, GTK's shortcuts): Control+Shift+A is
    /// not select-all; `false`: the flags held need only include them
    /// (PointerSim's reading for UIKit).
    public var selectAllIsExact = false
    /// Every key acts only with one of its bindings' flag sets held exactly
    /// (GTK's shortcuts: arrows and Space with none, the toggle modifier, the
    /// range modifier or both; Return with none): Option+arrow or
    /// Super+Space do nothing; `false`: other flags held do not matter (Qt,
    /// UIKit).
    public var keyBindingsAreExact = false
    /// A range needs an anchor: with none, a range click or arrow selects (or
    /// with the toggle modifier toggles) its item alone and makes it the
    /// anchor (GTK: `gtk_list_base_select_item` without a selected position);
    /// `false`: the range starts at the focused item (Qt) or the item itself.
    public var rangeNeedsAnchor = false
    /// What an arrow with a toggle modifier does (the toggle modifier is
    /// tested before the range modifier in Qt's `extendedSelectionCommand`).
    public enum ToggleArrow: String, Sendable, Hashable, CaseIterable {
        /// Nothing special: the range modifier, if held, extends.
        case asPlain
        /// Moves the focus only (and the anchor with it), even with the range
        /// modifier held (Qt).
        case movesFocusOnly
        /// Alone: moves the focus only; with the range modifier: the range
        /// takes the anchor's state (GTK's `gtk_list_base_select_item`,
        /// modify + extend).
        case movesFocusOrAnchorStateRange
    }
    /// Arrows with a toggle modifier.
    public var toggleArrow: ToggleArrow = .asPlain
    /// Left and Right move to the previous and next item in scene order,
    /// across row ends (QListView's flow, GtkGridView's `move_focus_across`);
    /// `false`: to the nearest item in that direction, as Up and Down do.
    public var horizontalArrowsFollowOrder = false
    /// An arrow that finds no item beyond the focused one still acts on the
    /// focused item (GTK grabs focus and selects at the clamped position);
    /// `false`: nothing happens (Qt: the current item does not change).
    public var arrowAtEdgeActs = false
    /// With these held (exactly, with ``keyBindingsAreExact``), `a` clears the
    /// selection (GTK's `list.unselect-all`, Control+Shift+A).
    public var deselectAllModifiers: [ModifierFlags] = []
    /// A press on an item moves the keyboard focus to it at once, even when
    /// the click acts at the release or the press becomes a band (GTK's list
    /// item grabs focus at the press); `false`: focus moves with the click.
    public var focusMovesAtPress = false
    /// A press on an item's max edge hits it (GTK picks widgets with their
    /// max edges included); `false`: rects are half-open.
    public var pressHitsMaxEdges = false
    /// Up and Down move by rows of a grid in scene order, as GtkGridView's
    /// `move_focus_along` does: the row length is the number of items that
    /// share the first item's top edge; Up moves back a row unless on the
    /// first row; Down moves a row on, or to the last item when the row below
    /// is short, unless `n / columns ≤ position / columns` (so on a full grid
    /// Down from the last row goes to the last item: GTK 4.8 tests `n_items /
    /// n_columns`, not `(n_items − 1) / n_columns`); `false`: the nearest item
    /// in that direction.
    public var verticalArrowsByGridRow = false
    /// A press that ends a click series by its distance (while the double-click
    /// time runs) starts no new series: the press after it is a first press
    /// too (GtkGestureClick stops itself inside the press it is handling, and
    /// that press is not counted; measured in GTK 4.8.3).
    public var seriesBreakingPressStartsNoSeries = false
    /// The second press of a double click starts no band, whatever the drag
    /// after it (GTK: the click gesture claims the press and the drag gesture
    /// loses it; Qt: see ``doubleClickPressOnlyActivates``).
    public var doubleClickPressStartsNoBand = false
    /// Tab moves keyboard focus out of the view: arrows, Space, Return and
    /// select-all do nothing until a press on an item focuses it again (GTK);
    /// `false`: Tab does nothing.
    public var tabLeavesView = false
    /// Keyboard focus starts on the first item, as when the view takes focus
    /// other than by a click (QAbstractItemView::focusInEvent, GtkListBase's
    /// focus); `false`: no item has focus until a click or an arrow.
    public var focusStartsOnFirstItem = false

    /// A press on an item's max edge (the first item in scene order whose
    /// closed rect holds the point, the point outside its half-open rect)
    /// hits the item only when it is selected; otherwise it is a press on
    /// empty space (GTK 3's `gtk_icon_view_button_press`: "we consider only the
    /// cells' area as the item area if the item is not selected").
    public var maxEdgePressNeedsSelection = false
    /// A range is the grid rectangle between the anchor and the item: every
    /// item whose column and row lie between theirs (columns and rows are the
    /// items' left and top edges), replacing the selection (GTK 3's
    /// `gtk_icon_view_select_all_between`); `false`: the items between them
    /// in scene order.
    public var rangeIsGridRectangle = false
    /// A range click with no anchor clears the selection and makes the item
    /// the anchor, selecting nothing (GTK 3's `gtk_icon_view_button_press`).
    public var rangeWithoutAnchorClears = false
    /// Escape while a band is active ends it where it is: the selection stays
    /// as the band made it, and the rest of the press does nothing (GTK 3's
    /// `gtk_icon_view_key_press` stops the rubberband); `false`: see
    /// ``escapeCancelsBand``.
    public var escapeEndsBand = false

    /// What a click with both the range and the toggle modifier does.
    public enum RangeWithToggle: String, Sendable, Hashable, CaseIterable {
        /// Adds the range to the selection (PointerSim's reading for UIKit).
        case addRange
        /// The range modifier wins: a range click (Qt's `extendedSelectionCommand`
        /// tests Shift first).
        case range
        /// The range takes the anchor's state: added when the anchor is
        /// selected, removed when it is not; with no anchor a toggle click
        /// (GTK's `gtk_list_base_select_item`, modify + extend).
        case anchorState
    }
    /// Range + toggle modifiers.
    public var rangeWithToggle: RangeWithToggle = .addRange
    /// A range click replaces only the range of the previous range click and
    /// keeps what other clicks selected (QItemSelectionModel's current
    /// selection beside its committed ranges); `false`: the range replaces the
    /// whole selection.
    public var rangeKeepsOtherSelection = false
    /// A press on empty space forgets the anchor, so the next range starts at
    /// the focused item (QAbstractItemView sets its range start to the
    /// pressed index, invalid there).
    public var emptyClickDropsAnchor = false
    /// A plain press on a selected item changes nothing; the release at the
    /// press point selects it alone (QGraphicsItem and QAbstractItemView
    /// decide at the release; a release elsewhere changes nothing).
    public var selectedPressWaitsForRelease = false
    /// A toggle press on an item changes nothing; the release at the press
    /// point toggles it (QGraphicsItem::mouseReleaseEvent; a release
    /// elsewhere changes nothing).
    public var toggleWaitsForRelease = false
    /// A context menu over more than one item flocks them together at the
    /// menu's point (`contextMenu.flocked`): "Affected items flock together"
    /// ("Build a desktop-class iPad app", WWDC22).
    public var contextMenuFlocks = false
    /// Every release at the press point of a press on an item (not a range
    /// press) selects the item alone, or toggles it with a toggle modifier
    /// held at the release, as the waiting presses above do
    /// (QGraphicsItem::mouseReleaseEvent: a plain press selected the item
    /// already; a release with Control held toggles it off again).
    public var everyReleaseAtPressPointActs = false
    /// With ``Timing/release``: the modifiers that decide the click are those
    /// held at the release (GTK's click gesture reads them at the release), or
    /// at the press (UIKit).
    public var modifiersReadAtRelease = false
    /// Escape while the primary button is held or a band is active cancels
    /// the band (**our choice** for UIKit); `false`: Escape is ignored then
    /// (GTK).
    public var escapeCancelsBand = true
    /// An arrow without modifiers selects the newly focused item alone, and
    /// an arrow with a toggle modifier only moves the focus (Qt's and GTK's
    /// item views); `false`: arrows move the focus only (unless
    /// `selectionFollowsFocus`).
    public var arrowsSelect = false
    /// Keys act on the items: arrows, Space, Return and select-all (QGraphicsView's
    /// items take no keyboard focus: `false`, no key does anything to them).
    public var keysActOnItems = true
    /// Space selects the focused item (added, never removed) and Space with a
    /// toggle modifier toggles it (Qt's `extendedSelectionCommand`); `false`:
    /// Space toggles.
    public var spaceSelects = false
    /// A press on a selected item starts no band (Dear ImGui: its selectable
    /// is pressed at the release, `ImGuiButtonFlags_PressedOnClickRelease`, and only
    /// a press calls `BoxSelectPreStartDrag`).
    public var selectedItemStartsNoBand = false
    /// A press on a selected item (any modifiers) changes nothing; the release
    /// with the pointer over that item, however far it went, acts as a click
    /// with the modifiers held at the release (Dear ImGui's `SelectOnAuto`).
    public var selectedItemActsAtRelease = false
    /// The double-click distance is Euclidean (`false`: per axis).
    public var doubleClickDistanceIsEuclidean = false
    /// Arrows, Space and Return act (`false`: only Escape and select-all, as in
    /// Dear ImGui without `ImGuiConfigFlags_NavEnableKeyboard`).
    public var navigationKeysAct = true
    /// Keys act only once a press in the view gave it focus.
    public var keysNeedPress = false
    /// Where items overlap, a press hits the first in scene order (Dear ImGui:
    /// the first item submitted takes the hover); `false`: the topmost (last).
    public var pressHitsFirstItem = false
    /// Escape while the primary button is held acts as it does otherwise (it
    /// clears the selection), and cancels an active band (Dear ImGui:
    /// `ClearOnEscape` deactivates the box-select); a press that has not become
    /// a band goes on.
    public var escapeClearsDuringPress = false
    /// With ``contextClickSelects``, a context click on empty space clears the
    /// selection (Qt); `false`: it leaves it (Dear ImGui).
    public var contextClickClearsOnEmpty = true

    /// Creates rules.
    public init(
        toggleModifiers: [ModifierFlags],
        contextClickModifiers: ModifierFlags,
        selectAllModifiers: [ModifierFlags],
        timing: Timing,
        emptyClick: EmptyClick,
        itemsAcceptPress: Bool,
        contextClickSelects: Bool,
        primaryAction: PrimaryAction,
        escapeClears: Bool
    ) {
        self.toggleModifiers = toggleModifiers; self.contextClickModifiers = contextClickModifiers
        self.selectAllModifiers = selectAllModifiers; self.timing = timing; self.emptyClick = emptyClick
        self.itemsAcceptPress = itemsAcceptPress; self.contextClickSelects = contextClickSelects
        self.primaryAction = primaryAction; self.escapeClears = escapeClears
    }

    /// Whether the flags held make a click toggle.
    @usableFromInline package func toggles(_ held: ModifierFlags) -> Bool { toggleModifiers.contains { !$0.isEmpty && held.isSuperset(of: $0) } }
    /// Whether the flags held make a click extend a range.
    @usableFromInline package func extendsRange(_ held: ModifierFlags) -> Bool { !rangeModifier.isEmpty && held.isSuperset(of: rangeModifier) }
    /// Whether a primary press with these flags is a context click.
    @usableFromInline package func isContextClick(_ held: ModifierFlags) -> Bool {
        !contextClickModifiers.isEmpty && held.isSuperset(of: contextClickModifiers)
    }
    /// Whether `a` with these flags selects all.
    @usableFromInline package func selectsAll(_ held: ModifierFlags) -> Bool { binds(selectAllModifiers, held) }
    /// Whether `a` with these flags clears the selection.
    @usableFromInline package func deselectsAll(_ held: ModifierFlags) -> Bool { binds(deselectAllModifiers, held) }
    /// Whether a key binding with one of these flag sets fires with `held`.
    func binds(_ sets: [ModifierFlags], _ held: ModifierFlags) -> Bool {
        let h = held.subtracting(.capsLock)
        return sets.contains { !$0.isEmpty && (selectAllIsExact ? h == $0 : h.isSuperset(of: $0)) }
    }
    /// Whether a navigation or selection key binds with `held`
    /// (``keyBindingsAreExact``): none, the toggle modifier, the range
    /// modifier, or both.
    @usableFromInline package func bindsKey(_ held: ModifierFlags) -> Bool {
        guard keyBindingsAreExact else { return true }
        let h = held.subtracting(.capsLock), t = toggleModifiers.first ?? []
        return h.isEmpty || h == t || h == rangeModifier || h == t.union(rangeModifier)
    }

    /// UICollectionView with `allowsMultipleSelection` (lightweight multiple
    /// selection, iPadOS 15/16): a click adds its item to the selection or
    /// removes it (so does Command-click), Shift extends, Control-click is a
    /// context click, selection at the release, empty space is a band, the
    /// primary action when a click selects a single cell without extending an
    /// existing selection, the context menu never changes the selection.
    public static let uikit = BandProfile.uikit.clicks

    /// The click rules of the `qt` profile, an alias of `qt-itemview`
    /// (QAbstractItemView in ExtendedSelection, QListView's rule values).
    @available(*, deprecated, message: "qt is an alias of qt-itemview: use BandProfile.qtItemView.clicks")
    public static var qt: ClickRules { BandProfile.qtItemView.clicks }

    /// GtkGridView: Control (or Meta) toggles, Shift extends, selection at the
    /// press, empty space keeps the selection, bands may start on items, the
    /// right button does not select, `activate` on a double click.
    public static let gtk = BandProfile.gtk.clicks
}
