import PointerSimCore

/// A stream of pointer events in time order, read in batches so that large
/// recordings replay in bounded memory.
public protocol PointerEventStream: AnyObject {
    /// Appends the next events (a batch) to `events`; returns false once
    /// there are no more.
    /// - Throws: ``InputError`` for malformed input, after appending the
    ///   events before it.
    func read(into events: inout [PointerEvent]) throws -> Bool
    /// Where this stream's time 0 lies on the trace clock, known after the
    /// first read: 0 for a trace file; for raw recordings, their first raw
    /// item (their events are rebased on it), which is also where they start.
    var clockZero: Double { get }
    /// The trace-clock time at which the stream starts if that is earlier
    /// than its first event (raw recordings whose first frames give no
    /// pointer event); `nil`: its first event.
    var startTime: Double? { get }
}

extension PointerEventStream {
    /// By default a stream starts at its first event.
    public var startTime: Double? { nil }
}

/// A stream over events already in memory.
public final class ArrayEventStream: PointerEventStream {
    private var events: [PointerEvent]
    /// Creates a stream.
    public init(_ events: [PointerEvent]) { self.events = events }
    /// On the trace clock.
    public var clockZero: Double { 0 }
    /// Hands out all the events at once.
    public func read(into out: inout [PointerEvent]) throws -> Bool {
        out.append(contentsOf: events)
        events = []
        return false
    }
}
