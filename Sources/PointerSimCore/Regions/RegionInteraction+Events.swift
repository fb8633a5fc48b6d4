/// One thing a region update did to the current region.
public enum RegionEvent: Sendable, Hashable {
    /// A region became current, with its resolved effect.
    case entered(region: String, effect: PointerEffect)
    /// The current region latched, along these axes.
    case latched(region: String, axes: Axes)
    /// The current region unlatched.
    case unlatched(region: String)
    /// The current region stopped being current.
    case exited(region: String)
    /// The current region's style was asked again (a modifier change).
    case styleChanged(region: String)
}

/// What one call of ``RegionInteraction`` did, in order: at most four
/// events (an invalidation can unlatch, exit, enter and latch), held
/// inline, so that a pointer update allocates nothing.
///
/// The ``Simulator`` turns them into log records (``LogEvent/regionEntered(region:effect:)``
/// and the others).
public struct RegionEvents: Sendable, Hashable, RandomAccessCollection {
    /// The most events one call makes.
    @usableFromInline package static let capacity = 4
    var e0: RegionEvent?, e1: RegionEvent?, e2: RegionEvent?, e3: RegionEvent?
    /// The number of events.
    public private(set) var endIndex = 0
    /// The first index (0).
    public var startIndex: Int { 0 }

    /// No events.
    public init() {}

    /// Event `i`, in the order they happened.
    public subscript(i: Int) -> RegionEvent {
        precondition(i >= 0 && i < endIndex, "region event index out of range")
        switch i {
        case 0: return e0!
        case 1: return e1!
        case 2: return e2!
        default: return e3!
        }
    }

    mutating func append(_ e: RegionEvent) {
        precondition(endIndex < Self.capacity, "more region events than one call makes")
        switch endIndex {
        case 0: e0 = e
        case 1: e1 = e
        case 2: e2 = e
        default: e3 = e
        }
        endIndex += 1
    }

    /// These events followed by `next` (at most ``capacity`` in all).
    mutating func append(contentsOf next: RegionEvents) {
        for e in next { append(e) }
    }
}

extension RegionEvent {
    /// The log's record of the event.
    @usableFromInline package var logEvent: LogEvent {
        switch self {
        case .entered(let id, let effect): return .regionEntered(region: id, effect: effect.rawValue)
        case .latched(let id, let axes): return .regionLatched(region: id, axes: axes)
        case .unlatched(let id): return .regionUnlatched(region: id)
        case .exited(let id): return .regionExited(region: id)
        case .styleChanged(let id): return .regionStyleChanged(region: id)
        }
    }
}
