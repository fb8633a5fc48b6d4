/// The `qt-itemview` profile's mouse and keyboard handling: a port of what
/// Qt 6 does in a QListView (ListMode, LeftToRight, wrapping, gridSize) in
/// ExtendedSelection, step for step, with the selection kept as
/// QItemSelectionModel keeps it (committed ranges, and the current selection
/// merged into them by the current command). Each function names the Qt
/// function it follows (qabstractitemview.cpp, qlistview.cpp,
/// qitemselectionmodel.cpp, qguiapplication.cpp); the corpus
/// Traces/toolkits/qt/itemview-*.jsonl checks it against real Qt 6.12.
///
/// The items are laid out in rows of cells (a QListView's segments): an
/// item's cell reaches from its own min corner to the next item's in its
/// row and to the next row's top (the last row and column: the item's own
/// size). A ``BandSelectionInteraction`` (the band API, whatever its press
/// meaning) does not model this port: under `qt-itemview` only the
/// ``Simulator`` plays it. QTableView differs in its ranges and its drag rect (our reading:
/// rows and columns of cells, not model order); it is not modelled.
package struct QtItemView: Sendable {
    /// QItemSelectionModel's current command.
    enum Command: Sendable { case select, deselect, toggle }

    /// The committed ranges (`QItemSelectionModelPrivate::ranges`), one bit
    /// an item, owned here (never shared with the model, so changed in place),
    /// and a range outside which no item is committed (so that clearing
    /// costs the range, not the items).
    var committed: ItemBitSet
    var committedSpan: Range<Int> = 0..<0
    /// The current selection (`currentSelection`) as ascending, disjoint,
    /// non-adjacent runs of indices, and its command (`currentCommand`).
    var current: [Range<Int>] = []
    var command = Command.select
    /// The ranges of indices whose merged selection may have changed since
    /// the last ``publish(_:_:into:)`` (the model is updated on these only).
    var dirty: [Range<Int>] = []
    /// What the selection model held when this last left it: a change made
    /// elsewhere (a context click, the scene's initial selection) is taken
    /// as committed.
    var lastSeen: UInt64 = .max

    /// `QAbstractItemViewPrivate` state.
    var pressedIndex: Int?
    /// Before any press: (−1, −1) (measured: the band of a drag whose
    /// presses all kept the range start runs from there).
    package private(set) var pressedPosition = Point(x: -1, y: -1)
    var currentSelectionStartIndex: Int?
    var noSelectionOnMousePress = false
    /// `ctrlDragSelectionFlag`: nil (NoUpdate), or select/deselect.
    var ctrlDragSelection: Command?
    var dragSelecting = false
    /// The elastic band (`QListViewPrivate::elasticBand`) while drag selecting.
    package private(set) var elasticBand: Rect?
    /// Whether a drag selection is logged as a band (after its `band.began`).
    var bandLogged = false

    /// QGuiApplication's double-click state: the last press that can begin one.
    var lastPress: (time: Double, point: Point)?
    /// The pointer's last position, and whether the last move changed it
    /// (Qt delivers no mouse move without a change of position).
    var lastPoint: Point?
    var lastMoveMoved = true

    /// The rows of cells (a row's items are consecutive in model order): row
    /// k holds items `rowStart[k] ..< rowStart[k + 1]`; each item's cell
    /// min x (`cellX`, by item).
    let rowStart: [Int]
    let cellX: [Double]
    /// The bottom edge of the last row (`segmentPositions.last`).
    let bottom: Double
    /// Each row's extent along the flow (its last cell's max x).
    let extents: [Double]
    /// The rows' tops and the last row's bottom edge (`segmentPositions`), and
    /// whether they ascend (then searched by bisection; a scene whose rows
    /// do not ascend keeps the linear search, which finds the same row Qt's
    /// search would only for ascending rows, as before).
    let positions: [Double]
    let positionsAscend: Bool
    /// The number of rows.
    var rowCount: Int { rowStart.count - 1 }

    /// The port over items with these rects, in model order.
    /// - Complexity: O(n); 8 bytes an item (each cell's min x) and 24 a row.
    package init<C: RandomAccessCollection>(rects: C) where C.Element == Rect, C.Index == Int {
        var rowStart: [Int] = [], tops: [Double] = [], extents: [Double] = []
        var cellX: [Double] = []
        cellX.reserveCapacity(rects.count)
        for (i, r) in zip(rects.indices, rects) {
            if let top = tops.last, top == r.minY, let x = cellX.last, r.minX > x {
                extents[extents.count - 1] = r.maxX
            } else {
                rowStart.append(i - rects.startIndex)
                tops.append(r.minY)
                extents.append(r.maxX)
            }
            cellX.append(r.minX)
        }
        rowStart.append(cellX.count)
        self.rowStart = rowStart
        self.cellX = cellX
        self.extents = extents
        var bottom = 0.0
        if let top = tops.last {
            let first = rowStart[rowStart.count - 2]
            bottom = (first..<cellX.count).map { rects[rects.startIndex + $0].maxY }.max() ?? top
        }
        self.bottom = bottom
        positions = tops + [bottom]
        positionsAscend = zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }
        committed = ItemBitSet(capacity: rects.count)
    }

    /// Whether the port plays a scene with these settings: the QListView
    /// the corpus measures (multiple selection, keyboard focus, no editing,
    /// selection not following focus, no item drags, band enabled). Other
    /// settings keep the rule-based model with the profile's click rules
    /// (our reading: QAbstractItemView's other selection modes are not
    /// measured).
    package static func models(_ c: SelectionConfiguration, bandEnabled: Bool) -> Bool {
        c.allowsSelection && c.allowsMultipleSelection && c.focus && !c.selectionFollowsFocus && !c.editing
            && !c.dragInteractionEnabled && !c.beginsMultipleSelectionInteraction && bandEnabled
    }

    // MARK: The selection model (qitemselectionmodel.cpp)

    /// Whether item `i` is in the merged selection (the committed ranges
    /// with the current selection merged by the current command).
    func mergedContains(_ i: Int) -> Bool {
        // The last run starting at or before i holds it, if any does.
        var lo = 0, hi = current.count
        while lo < hi { let m = (lo + hi) / 2; if current[m].lowerBound <= i { lo = m + 1 } else { hi = m } }
        let c = committed[i], s = lo > 0 && current[lo - 1].contains(i)
        switch command {
        case .select: return c || s
        case .deselect: return c && !s
        case .toggle: return c != s
        }
    }

    /// The current selection's bits in word `w`; `cursor` (a position in
    /// `current`) moves on as the words are asked for in ascending order.
    @inline(__always) func currentWord(_ w: Int, _ cursor: inout Int) -> UInt64 {
        let lo = w << 6, hi = lo + 64
        while cursor < current.count && current[cursor].upperBound <= lo { cursor += 1 }
        var bits: UInt64 = 0, k = cursor
        while k < current.count && current[k].lowerBound < hi {
            bits |= ItemBitSet.mask(Swift.max(current[k].lowerBound, lo)..<Swift.min(current[k].upperBound, hi), word: w)
            k += 1
        }
        return bits
    }

    /// Word `w` of the merged selection (words asked for in ascending order, one cursor).
    @inline(__always) func mergedWord(_ w: Int, _ cursor: inout Int) -> UInt64 {
        let c = committed.words[w], s = currentWord(w, &cursor)
        switch command {
        case .select: return c | s
        case .deselect: return c & ~s
        case .toggle: return c ^ s
        }
    }

    /// Takes a selection changed elsewhere as committed.
    /// - Complexity: O(1) when the model did not change since this left it,
    ///   else O(n / 64).
    mutating func sync(_ model: SelectionModel) {
        guard model.changeCount != lastSeen else { return }
        let words = model.selection.words
        var cursor = 0
        guard words.indices.contains(where: { words[$0] != mergedWord($0, &cursor) }) else { return }
        committed = model.selection
        committedSpan = 0..<committed.capacity
        setCurrentRuns([])
        command = .select
        dirty = []
    }

    /// Replaces the current selection's runs.
    mutating func setCurrentRuns(_ runs: [Range<Int>]) { current = runs }

    /// `QItemSelectionModel::select(selection, command)`: `clear` empties
    /// both parts, without `keepCurrent` the current selection is merged
    /// into the committed ranges first (`finalize`), and a command makes
    /// `items` (ascending, disjoint, non-adjacent runs) the current selection.
    /// - Complexity: O(runs + changed words): a clear costs the committed
    ///   span, a finalize the current selection's words, a new current
    ///   selection the words where it differs from the last.
    mutating func select(_ items: [Range<Int>], clear: Bool, keepCurrent: Bool, _ cmd: Command?) {
        if clear {
            dirty.append(committedSpan)
            dirty += current
            committed.setRange(committedSpan, to: false)
            committedSpan = 0..<0
            setCurrentRuns([])
        }
        if !keepCurrent && !current.isEmpty {
            // finalize(): the merged selection becomes the committed one (it does not change).
            for r in current {
                switch command {
                case .select: committed.setRange(r, to: true)
                case .deselect: committed.setRange(r, to: false)
                case .toggle: committed.toggleRange(r)
                }
            }
            committedSpan = Self.hull(committedSpan, current.first!.lowerBound..<current.last!.upperBound)
            setCurrentRuns([])
        }
        if let cmd {
            if cmd == command { dirty += Self.symmetricDifference(current, items) } else { dirty += current; dirty += items }
            command = cmd
            setCurrentRuns(items)
        }
    }

    /// Hands the merged selection to the model (on the ranges that may have
    /// changed), with the change as an event.
    mutating func publish(_ cause: SelectionCause, _ model: inout SelectionModel, into out: inout [SelectionEvent]) {
        let ranges = Self.normalized(dirty)
        dirty = []
        var cursor = 0
        let diff = model.applyWords(on: ranges) { mergedWord($0, &cursor) }
        if !diff.isEmpty { out.append(.changed(cause: cause, diff: diff)) }
    }

    mutating func setCurrent(_ i: Int, _ model: inout SelectionModel, into out: inout [SelectionEvent]) {
        guard model.focus != i else { return }
        model.focus = i
        model.anchor = currentSelectionStartIndex
        out.append(.focusMoved(i))
    }

    // MARK: Geometry (qlistview.cpp)

    /// `QListModeViewBase::intersectingSet` for an area already normalized:
    /// the rows whose top lies in it (from the row holding its top), and in
    /// each the cells from the one holding its left edge whose left lies in
    /// it; as ascending runs of indices (a row's items are consecutive).
    /// - Complexity: O(log n + rows visited · log cells).
    func intersectingSet(left l: Double, top t: Double, right r: Double, bottom b: Double) -> [Range<Int>] {
        guard rowCount > 0 else { return [] }
        // qBinarySearch over the rows' tops and the last row's bottom edge: the last at or above t.
        var seg = 0
        if positionsAscend {
            var lo = 0, hi = positions.count  // the first position > t
            while lo < hi { let m = (lo + hi) / 2; if positions[m] <= t { lo = m + 1 } else { hi = m } }
            seg = Swift.max(lo - 1, 0)
        } else {
            for (k, p) in positions.enumerated() where p <= t { seg = k }
        }
        var out: [Range<Int>] = []
        while seg < rowCount && positions[seg] <= b {
            defer { seg += 1 }
            if extents[seg] < l { continue }
            let first = rowStart[seg], end = rowStart[seg + 1]
            // The last cell whose left is at or before l (else the first); cell lefts ascend in a row.
            var lo = first, hi = end
            while lo < hi { let m = (lo + hi) / 2; if cellX[m] <= l { lo = m + 1 } else { hi = m } }
            let k = Swift.max(lo - 1, first)
            // Then the cells from k whose left is at or before r.
            lo = k; hi = end
            while lo < hi { let m = (lo + hi) / 2; if cellX[m] <= r { lo = m + 1 } else { hi = m } }
            guard lo > k else { continue }
            let run = k..<lo
            if let last = out.last, last.upperBound == run.lowerBound {
                out[out.count - 1] = last.lowerBound..<run.upperBound
            } else {
                out.append(run)
            }
        }
        return out
    }

    /// Qt 6's `QRect::normalized()` of the rect from `a` to `b` (both
    /// included), as inclusive pixel bounds: an axis that runs backwards by
    /// more than one pixel becomes `b + 1 … a − 1`.
    static func normalized(_ a: Point, _ b: Point) -> (l: Double, t: Double, r: Double, b: Double) {
        var (l, r) = (a.x, b.x), (t, bt) = (a.y, b.y)
        if r < l - 1 { (l, r) = (r + 1, l - 1) }
        if bt < t - 1 { (t, bt) = (bt + 1, t - 1) }
        return (l, t, r, bt)
    }

    /// `QListView::setSelection(rect, …)` as drag selection (the visual
    /// selection mode): the items whose cells the rect from `a` to `b`
    /// meets; a 1 × 1 rect takes the last item at that point. nil: Qt
    /// selects nothing at all (a null rect: one pixel back on both axes).
    func dragItems(from a: Point, to b: Point) -> [Range<Int>]? {
        if b.x == a.x - 1 && b.y == a.y - 1 { return nil }
        if a == b { return intersectingSet(left: a.x, top: a.y, right: a.x, bottom: a.y).last.map { [$0.upperBound - 1..<$0.upperBound] } ?? [] }
        let n = Self.normalized(a, b)
        return intersectingSet(left: n.l, top: n.t, right: n.r, bottom: n.b)
    }

    /// The logical selection of `QListView::setSelection` (a Shift-click, a
    /// Shift+arrow): the items from `a` to `b` in model order (the flow's
    /// rows between the two cells).
    static func range(_ a: Int, _ b: Int) -> [Range<Int>] { [Swift.min(a, b)..<Swift.max(a, b) + 1] }

    /// The log's band rect when QListView paints none (one pixel back from
    /// the press on an axis): the pixels from the press to the pointer, both
    /// included.
    package static func spannedRect(_ a: Point, _ b: Point) -> Rect {
        Rect(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: Swift.abs(a.x - b.x) + 1, height: Swift.abs(a.y - b.y) + 1)
    }

    /// `QRect::center()` of an item's rect (whole pixels, rounded down).
    static func center(_ r: Rect) -> Point {
        Point(x: ((2 * r.minX + r.width - 1) / 2).rounded(.down), y: ((2 * r.minY + r.height - 1) / 2).rounded(.down))
    }

    /// The elastic band QListView paints for the rect from `a` to `b` (nil:
    /// not valid, nothing painted).
    static func band(_ a: Point, _ b: Point) -> Rect? {
        let n = normalized(a, b)
        // Less than a pixel on an axis (a fractional pointer): nothing painted.
        guard n.r - n.l + 1 >= 1, n.b - n.t + 1 >= 1 else { return nil }
        return Rect(x: n.l, y: n.t, width: n.r - n.l + 1, height: n.b - n.t + 1)
    }

    // MARK: The mouse (qabstractitemview.cpp, qguiapplication.cpp)

    /// Whether a press at `time`, `point` is the second of a double click
    /// (QGuiApplication: sooner than 400 ms after the last press, within 5
    /// pixels of it on each axis, the pointer not having left that square
    /// in between; the press after a double click begins a new one).
    mutating func isDoubleClick(time: Double, point: Point) -> Bool {
        // Qt's event timestamps are whole milliseconds: 0.41 − 0.01 is 400 ms, not a double click
        // (in Double it is 0.39999…, which was; found by the old `qt` corpus, qt-self-dbl-400ms-lv).
        if let p = lastPress, (time * 1000).rounded() - (p.time * 1000).rounded() < 400, Swift.abs(point.x - p.point.x) <= 5,
            Swift.abs(point.y - p.point.y) <= 5
        {
            lastPress = nil
            return true
        }
        lastPress = (time, point)
        return false
    }

    /// The pointer moved (any button): a move out of the double-click square forgets the press.
    package mutating func pointerMoved(to point: Point) {
        lastMoveMoved = point != lastPoint
        lastPoint = point
        if let p = lastPress, Swift.abs(point.x - p.point.x) > 5 || Swift.abs(point.y - p.point.y) > 5 { lastPress = nil }
    }

    /// A primary press on `item` (nil: empty space) at `point`:
    /// `QAbstractItemView::mousePressEvent`, or `mouseDoubleClickEvent` when
    /// QGuiApplication makes it a double click.
    package mutating func press(
        item: Int?,
        point: Point,
        modifiers: ModifierFlags,
        time: Double,
        selection model: inout SelectionModel
    ) -> [SelectionEvent] {
        sync(model)
        defer { lastSeen = model.changeCount }
        var out: [SelectionEvent] = []
        dragSelecting = false
        elasticBand = nil
        bandLogged = false
        lastPoint = point
        if isDoubleClick(time: time, point: point), let i = item, pressedIndex == i {
            // mouseDoubleClickEvent on the pressed index: doubleClicked and activated, nothing else.
            out.append(.primaryAction(i))
            pressedIndex = nil
            return out
        }
        let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
        let selected = item.map { mergedContains($0) } ?? false
        // extendedSelectionCommand for a press.
        enum PressCommand { case noUpdate, clear, selectCurrent, toggle, clearAndSelect }
        let cmd: PressCommand
        if !shift && !control && selected {
            cmd = .noUpdate
        } else if item == nil {
            cmd = !shift && !control ? .clear : .noUpdate
        } else if shift {
            cmd = .selectCurrent
        } else if control {
            cmd = .toggle
        } else {
            cmd = .clearAndSelect
        }
        pressedIndex = item
        noSelectionOnMousePress = cmd == .noUpdate || item == nil
        if cmd != .selectCurrent {
            pressedPosition = point
            currentSelectionStartIndex = item
        } else if currentSelectionStartIndex == nil {
            currentSelectionStartIndex = model.focus
        }
        guard let i = item else {
            // Forces a finalize() even if the press is not on an item.
            select([], clear: false, keepCurrent: false, nil)
            publish(.click, &model, into: &out)
            return out
        }
        setCurrent(i, &model, into: &out)
        switch cmd {
        case .noUpdate, .clear:
            break
        case .clearAndSelect:
            select([i..<i + 1], clear: true, keepCurrent: false, .select)
        case .toggle:
            let flag: Command = selected ? .deselect : .select
            ctrlDragSelection = flag
            select([i..<i + 1], clear: false, keepCurrent: false, flag)
        case .selectCurrent:
            let start = currentSelectionStartIndex ?? i
            select(Self.range(start, i), clear: false, keepCurrent: true, .select)
        }
        publish(.click, &model, into: &out)
        return out
    }

    /// The pointer moved with the primary button held: `QAbstractItemView::mouseMoveEvent`
    /// (drag selection of the rect from the last press point to the
    /// pointer, the command read from the modifiers held now) and
    /// `QListView::mouseMoveEvent` (the elastic band). Returns the events,
    /// and whether the drag selection began with this move.
    package mutating func drag(
        to point: Point,
        item: Int?,
        modifiers: ModifierFlags,
        selection model: inout SelectionModel
    ) -> (events: [SelectionEvent], began: Bool)? {
        guard lastMoveMoved else { return nil }
        sync(model)
        defer { lastSeen = model.changeCount }
        var out: [SelectionEvent] = []
        let began = !dragSelecting
        dragSelecting = true
        let items = dragItems(from: pressedPosition, to: point)
        if let items {
            if modifiers.contains(.control) {
                // ToggleCurrent, or the pressed item's flag after a Control-press on an item.
                select(items, clear: false, keepCurrent: true, ctrlDragSelection ?? .toggle)
            } else if modifiers.contains(.shift) {
                select(items, clear: false, keepCurrent: true, .select)
            } else {
                select(items, clear: true, keepCurrent: true, .select)
            }
            publish(.band, &model, into: &out)
        }
        if let i = item { setCurrent(i, &model, into: &out) }
        // A move with Control held (without Shift) over an item makes that
        // item the range start (measured: Traces/toolkits/qt/itemview-rules.jsonl
        // `ctrl-drag-anchor`, `shift-ctrl-drag-keeps-anchor`,
        // `ctrl-drag-over-empty-keeps-anchor`; not in the functions named above).
        if modifiers.contains(.control) && !modifiers.contains(.shift), let i = item { currentSelectionStartIndex = i }
        elasticBand = Self.band(pressedPosition, point)
        return (out, began)
    }

    /// The primary button came up: `QAbstractItemView::mouseReleaseEvent`
    /// (a press that selected nothing selects at the release: the item alone
    /// if it was pressed selected, or nothing on empty space) and
    /// `QListView::mouseReleaseEvent` (the band goes).
    package mutating func release(
        item: Int?,
        modifiers: ModifierFlags,
        selection model: inout SelectionModel
    ) -> [SelectionEvent] {
        sync(model)
        defer { lastSeen = model.changeCount }
        var out: [SelectionEvent] = []
        ctrlDragSelection = nil
        if noSelectionOnMousePress {
            noSelectionOnMousePress = false
            let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
            let onPressed = item != nil && item == pressedIndex && mergedContains(item!)
            if (onPressed || item == nil) && !dragSelecting && !shift && !control {
                select(item.map { [$0..<$0 + 1] } ?? [], clear: true, keepCurrent: false, .select)
                publish(.click, &model, into: &out)
            }
        }
        dragSelecting = false
        elasticBand = nil
        return out
    }

    // MARK: Keys (QAbstractItemView::keyPressEvent, QListView::moveCursor)

    package mutating func key(_ key: Key, modifiers: ModifierFlags, selection model: inout SelectionModel, items: BandEngine) -> [SelectionEvent] {
        sync(model)
        defer { lastSeen = model.changeCount }
        var out: [SelectionEvent] = []
        let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
        switch key {
        case .left, .right, .up, .down:
            guard let f = model.focus else { return out }
            let next: Int?
            switch key {
            case .left: next = f > 0 ? f - 1 : nil
            case .right: next = f + 1 < items.count ? f + 1 : nil
            case .up: next = items.nearestItem(from: f, direction: .up)
            default: next = items.nearestItem(from: f, direction: .down)
            }
            guard let n = next, n != f else { return out }
            if dragSelecting && !control {
                // During a drag selection an arrow is Clear|SelectCurrent (Shift:
                // SelectCurrent), and QListView selects visually: the cells the
                // rect between the two items' centres meets.
                if currentSelectionStartIndex == nil { currentSelectionStartIndex = f }
                setCurrent(n, &model, into: &out)
                let a = items.rect(of: currentSelectionStartIndex!), b = items.rect(of: n)
                let picked = dragItems(from: Self.center(a), to: Self.center(b)) ?? []
                select(picked, clear: !shift, keepCurrent: true, .select)
                publish(.key, &model, into: &out)
            } else if control {
                // NoUpdate: the current index moves, the range starts there.
                currentSelectionStartIndex = n
                setCurrent(n, &model, into: &out)
            } else if shift {
                if currentSelectionStartIndex == nil { currentSelectionStartIndex = f }
                setCurrent(n, &model, into: &out)
                select(Self.range(currentSelectionStartIndex!, n), clear: false, keepCurrent: true, .select)
                publish(.key, &model, into: &out)
            } else {
                currentSelectionStartIndex = n
                setCurrent(n, &model, into: &out)
                select([n..<n + 1], clear: true, keepCurrent: false, .select)
                publish(.key, &model, into: &out)
            }
        case .space:
            guard let f = model.focus else { return out }
            select([f..<f + 1], clear: false, keepCurrent: false, control ? .toggle : .select)
            publish(.key, &model, into: &out)
        case .return:
            if let f = model.focus { out.append(.primaryAction(f)) }
        case .letter("a") where modifiers == .control:
            select(items.count > 0 ? [0..<items.count] : [], clear: true, keepCurrent: false, .select)
            publish(.key, &model, into: &out)
        default:
            break
        }
        return out
    }
}
