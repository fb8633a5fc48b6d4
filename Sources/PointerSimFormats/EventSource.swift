import PointerSimCore

/// A stream of pointer events in time order, read lazily so that large
/// recordings replay in bounded memory.
public protocol PointerEventSource: AnyObject {
    /// The next event, or `nil` at the end.
    /// - Throws: ``InputError`` for malformed input.
    func next() throws -> PointerEvent?
    /// The trace-clock time at which the recording starts, once the first
    /// event has been read, if it is earlier than that event (a raw recording
    /// whose first frames produce no pointer event). `nil`: the first event's time.
    var startTime: Double? { get }
}

extension PointerEventSource {
    /// By default a source starts at its first event.
    public var startTime: Double? { nil }
}

/// A source over events already in memory.
public final class ArrayEventSource: PointerEventSource {
    private let events: [PointerEvent]
    private var index = 0
    /// Creates a source.
    public init(_ events: [PointerEvent]) { self.events = events }
    /// The next event.
    public func next() throws -> PointerEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}

/// Several sources merged by timestamp (ties keep the order of the sources),
/// with times rebased so that the earliest event is at 0.
public final class MergedEventSource: PointerEventSource {
    private let sources: [any PointerEventSource]
    private var heads: [PointerEvent?]
    private var primed = false
    /// The trace-clock time of the earliest event (subtracted from every event).
    public private(set) var origin: Double = 0

    /// Merges sources.
    public init(_ sources: [any PointerEventSource]) {
        self.sources = sources
        heads = Array(repeating: nil, count: sources.count)
    }

    /// The next event in time order.
    /// - Complexity: O(number of sources).
    public func next() throws -> PointerEvent? {
        if !primed {
            primed = true
            for i in sources.indices { heads[i] = try sources[i].next() }
            var starts = heads.compactMap { $0?.time }
            starts.append(contentsOf: sources.compactMap(\.startTime))
            origin = starts.min() ?? 0
        }
        var best: Int? = nil
        for i in heads.indices {
            guard let h = heads[i] else { continue }
            if let b = best, let hb = heads[b], hb.time <= h.time { continue }
            best = i
        }
        guard let b = best, var e = heads[b] else { return nil }
        heads[b] = try sources[b].next()
        e.time -= origin
        return e
    }
}
