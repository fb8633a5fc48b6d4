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

    /// Creates a frame.
    public init(model: Point, presented: Point, shape: PointerShapeValue, content: Vector = .zero, accessories: [(center: Point, angle: Double)] = []) {
        self.model = model; self.presented = presented; self.shape = shape; self.content = content; self.accessories = accessories
    }

    /// Equal when every field, accessories included, is equal.
    public static func == (a: PointerFrame, b: PointerFrame) -> Bool {
        a.model == b.model && a.presented == b.presented && a.shape == b.shape && a.content == b.content
            && a.accessories.count == b.accessories.count
            && zip(a.accessories, b.accessories).allSatisfy { $0.center == $1.center && $0.angle == $1.angle }
    }
    /// Hashes the fields (accessories excluded; equality still compares them).
    public func hash(into h: inout Hasher) { h.combine(model); h.combine(presented); h.combine(shape); h.combine(content) }
}

/// The kinds of log lines.
public enum LogEvent: Sendable, Hashable {
    /// `band.began`: rect, initial modifiers, mode.
    case bandBegan(rect: Rect, modifiers: ModifierFlags, mode: SelectionMode)
    /// `band.selecting`: rect, ids added and removed since the previous band line (scene order).
    case bandSelecting(rect: Rect, added: [String], removed: [String])
    /// `band.ended`: rect, the full selection (scene order), whether cancelled.
    case bandEnded(rect: Rect, selection: [String], cancelled: Bool)
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
    case selectionChanged(cause: SelectionCause, added: [String], removed: [String])
    /// `focus.moved`: keyboard focus is now on this item.
    case focusMoved(item: String)
    /// `item.primaryAction`: the item's primary action (UIKit's
    /// `performPrimaryActionForItemAt`, Qt's `activated`, GTK's `activate`).
    case itemPrimaryAction(item: String)
    /// `contextMenu.requested`: a context click at a point (content
    /// coordinates, as UIKit gives the collection view's point), with the
    /// target items in scene order (none: empty space).
    case contextMenuRequested(point: Point, items: [String])

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
        case .contextMenuRequested: return "contextMenu.requested"
        }
    }
}
