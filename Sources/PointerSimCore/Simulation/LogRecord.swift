/// One line of the interaction log (docs/Formats/Log.md).
public struct LogRecord: Sendable, Hashable {
    /// Seconds from the trace's first event.
    public var time: Double
    /// What happened.
    public var event: LogEvent
    /// Creates a record.
    public init(time: Double, _ event: LogEvent) { self.time = time; self.event = event }
}

/// A presented pointer shape, as it appears in `pointer` lines.
public enum PointerShapeValue: Sendable, Hashable {
    /// A circle of the given diameter (the system pointer is 19 pt).
    case circle(diameter: Double)
    /// A rounded rectangle.
    case roundedRect(Rect, radius: Double)
    /// A vertical text beam.
    case verticalBeam(length: Double)
    /// A horizontal text beam.
    case horizontalBeam(length: Double)
    /// A closed polygon.
    case path([Point])
    /// No pointer is drawn.
    case hidden
}

/// The presented pointer after one input frame (`--verbose`).
public struct PointerFrame: Sendable, Hashable {
    /// Where the device puts the pointer (view points).
    public var model: Point
    /// Where it is drawn.
    public var presented: Point
    /// What is drawn.
    public var shape: PointerShapeValue
    /// The content's parallax offset under an effect.
    public var content: Vector
    /// Accessory centres and rotation angles.
    public var accessories: [(center: Point, angle: Double)]
    /// The accessories' opacities while they fade in or out (docs/Regions.md,
    /// "Presentation over time"); empty: all opaque.
    public var accessoryAlphas: [Double] = []

    /// Creates a frame.
    public init(model: Point, presented: Point, shape: PointerShapeValue, content: Vector = .zero, accessories: [(center: Point, angle: Double)] = [])
    {
        self.model = model; self.presented = presented; self.shape = shape; self.content = content; self.accessories = accessories
    }

    /// Equal when every field, accessories included, is equal.
    public static func == (a: PointerFrame, b: PointerFrame) -> Bool {
        a.model == b.model && a.presented == b.presented && a.shape == b.shape && a.content == b.content
            && a.accessories.count == b.accessories.count
            && zip(a.accessories, b.accessories).allSatisfy { $0.center == $1.center && $0.angle == $1.angle }
            && a.accessoryAlphas == b.accessoryAlphas
    }
    /// Hashes the fields (accessories excluded; equality still compares them).
    public func hash(into h: inout Hasher) { h.combine(model); h.combine(presented); h.combine(shape); h.combine(content) }
}

/// The item ids of a log record, in scene order (`added`, `removed`, a band's
/// `selection`): the ids themselves, or, for a list the simulator made of
/// more than 1,000 items, runs of scene indices over the
/// scene's items, which the log writes compactly (docs/Formats/Log.md,
/// "Long lists"). Either way it reads as the list of ids.
public struct LogItemList: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// Lists of more than this many items made from a selection are kept as
    /// runs (and written as `{"count":…,"ranges":…}` or `"all"`); shorter
    /// ones as ids, as the log has always written them.
    @usableFromInline package static let compactThreshold = 1000

    enum Storage: Sendable {
        case ids([String])
        /// Runs of indices into the scene's items; `ends[k]`: the items in runs 0 … k.
        case runs(items: [SceneItem], runs: [Range<Int>], ends: [Int])
    }
    let storage: Storage

    /// A list of ids.
    public init(_ ids: [String]) { storage = .ids(ids) }
    /// A list of ids.
    public init(arrayLiteral elements: String...) { storage = .ids(elements) }
    /// The items of ascending, disjoint runs of indices into `items`, kept
    /// as runs.
    public init(runs: [Range<Int>], of items: [SceneItem]) {
        var ends: [Int] = [], n = 0
        ends.reserveCapacity(runs.count)
        for r in runs { n += r.count; ends.append(n) }
        storage = .runs(items: items, runs: runs, ends: ends)
    }
    /// The runs of scene indices and the scene's item count, when the list
    /// is kept as runs (nil: ids).
    public var runs: (ranges: [Range<Int>], itemCount: Int)? {
        if case .runs(let items, let r, _) = storage { return (r, items.count) }
        return nil
    }

    /// The first position (0).
    public var startIndex: Int { 0 }
    /// The number of ids.
    public var endIndex: Int {
        switch storage {
        case .ids(let a): return a.count
        case .runs(_, _, let ends): return ends.last ?? 0
        }
    }
    /// The id at position `i`.
    /// - Complexity: O(1) for ids, O(log runs) for runs.
    public subscript(i: Int) -> String {
        switch storage {
        case .ids(let a): return a[i]
        case .runs(let items, let runs, let ends):
            var lo = 0, hi = ends.count - 1
            while lo < hi { let m = (lo + hi) / 2; if ends[m] > i { hi = m } else { lo = m + 1 } }
            let before = lo == 0 ? 0 : ends[lo - 1]
            return items[runs[lo].lowerBound + (i - before)].id
        }
    }
    /// Equal when the ids are equal, in order.
    public static func == (a: LogItemList, b: LogItemList) -> Bool { a.count == b.count && a.elementsEqual(b) }
    /// Hashes the count and the first id.
    public func hash(into h: inout Hasher) { h.combine(count); h.combine(first) }
}

/// The kinds of log lines.
public enum LogEvent: Sendable, Hashable {
    /// `band.began`: rect, initial modifiers, mode.
    case bandBegan(rect: Rect, modifiers: ModifierFlags, mode: SelectionMode)
    /// `band.selecting`: rect, ids added and removed since the previous band line (scene order).
    case bandSelecting(rect: Rect, added: LogItemList, removed: LogItemList)
    /// `band.ended`: rect, the full selection (scene order), whether cancelled.
    case bandEnded(rect: Rect, selection: LogItemList, cancelled: Bool)
    /// `region.entered`, with the resolved effect name.
    case regionEntered(region: String, effect: String)
    /// `region.latched`, with the latching axes.
    case regionLatched(region: String, axes: Axes)
    /// `region.unlatched`.
    case regionUnlatched(region: String)
    /// `region.exited`.
    case regionExited(region: String)
    /// `region.styleChanged`.
    case regionStyleChanged(region: String)
    /// `device.removed`.
    case deviceRemoved(device: String)
    /// `pointer` (`--verbose` only).
    case pointer(PointerFrame)
    /// `selection.changed`: a click or a key changed the selection (bands
    /// report through their `band.*` lines); ids in scene order.
    case selectionChanged(cause: SelectionCause, added: LogItemList, removed: LogItemList)
    /// `focus.moved`: keyboard focus is now on this item.
    case focusMoved(item: String)
    /// `item.primaryAction`: the item's primary action (UIKit's
    /// `performPrimaryActionForItemAt`; each profile's own, docs/Selection.md).
    case itemPrimaryAction(item: String)
    /// `item.keyCommand`: a key command (a letter with Command held, other
    /// than the profile's select-all) delivered to the focused item, with the
    /// key and the flags held (docs/UIKitSources.md, `key.command`).
    case itemKeyCommand(item: String, key: String, modifiers: ModifierFlags)
    /// `contextMenu.requested`: a context click at a point (content
    /// coordinates, as UIKit gives the collection view's point), with the
    /// target items in scene order (none: empty space); more than
    /// 1,000 items (`LogItemList.compactThreshold`) are kept as runs (the log's
    /// long-list form).
    case contextMenuRequested(point: Point, items: LogItemList)
    /// `contextMenu.flocked`: the items of a context menu over more than one
    /// item flock together at its point (profiles with `contextMenuFlocks`:
    /// `uikit`, "Affected items flock together", WWDC22), in scene order;
    /// long lists as runs, as for `contextMenu.requested`.
    case contextMenuFlocked(point: Point, items: LogItemList)
    /// `item.geometryChanged`: the item's rect is now this (a resize by a
    /// handle; content coordinates).
    case itemGeometryChanged(item: String, rect: Rect)
    /// `editing.began`: UIKit's multiple-selection interaction began (a band
    /// outside edit mode) and the view entered edit mode; the band's press
    /// point (content coordinates) and the item there (none: empty space).
    case editingBegan(point: Point, items: [String])
    /// `drag.began`: a press on an item moved past the threshold in a scene
    /// that enables dragging: the items dragged (the selection when the
    /// pressed item is selected, else that item) and the press point (content).
    case dragBegan(point: Point, items: LogItemList)
    /// `drag.moved`: the pointer (or the content under it) moved during a
    /// drag: the point (content) and the offset of the dragged items from
    /// where they started, which is the pointer's from the press point.
    case dragMoved(point: Point, offset: Vector)
    /// `drag.ended`: the drag ended at the release (or was cancelled): the
    /// point (content), the offset the items followed the pointer by, the items.
    case dragEnded(point: Point, offset: Vector, items: LogItemList, cancelled: Bool)

    /// The `event` field.
    public var name: String {
        switch self {
        case .bandBegan: return "band.began"
        case .bandSelecting: return "band.selecting"
        case .bandEnded: return "band.ended"
        case .regionEntered: return "region.entered"
        case .regionLatched: return "region.latched"
        case .regionUnlatched: return "region.unlatched"
        case .regionExited: return "region.exited"
        case .regionStyleChanged: return "region.styleChanged"
        case .deviceRemoved: return "device.removed"
        case .pointer: return "pointer"
        case .selectionChanged: return "selection.changed"
        case .focusMoved: return "focus.moved"
        case .itemPrimaryAction: return "item.primaryAction"
        case .itemKeyCommand: return "item.keyCommand"
        case .contextMenuRequested: return "contextMenu.requested"
        case .contextMenuFlocked: return "contextMenu.flocked"
        case .itemGeometryChanged: return "item.geometryChanged"
        case .editingBegan: return "editing.began"
        case .dragBegan: return "drag.began"
        case .dragMoved: return "drag.moved"
        case .dragEnded: return "drag.ended"
        }
    }
}
