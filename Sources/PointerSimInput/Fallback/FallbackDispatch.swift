/// libinput's fallback dispatch (`evdev-fallback.c`): mice, pointing sticks,
/// keyboards and everything else. Placeholder.
public struct FallbackDispatch: DeviceDispatch {
    let context: DeviceContext
    /// Creates the dispatch.
    public init(context: DeviceContext) { self.context = context }
    /// Processes one frame.
    public mutating func process(frame events: [EvdevEvent], time: Int64, frame: Int, into out: inout [DecodedEvent]) {}
    /// No timers yet.
    public var nextTimerExpiry: Int64? { nil }
    /// No timers yet.
    public mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent]) {}
    /// Restarts motion histories.
    public mutating func resynchronised() {}
    /// Releases what is held.
    public mutating func remove(at time: Int64, into out: inout [DecodedEvent]) {}
}
