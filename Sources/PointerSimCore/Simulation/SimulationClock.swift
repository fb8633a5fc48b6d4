/// The ``Simulator``'s clock: the time of the last processed event, which
/// never goes back.
///
/// An event stamped before the previous one is processed, and logged, at the
/// previous one's time (``Simulator/process(_:into:)`` says why recordings
/// give such events); before the first event any time is accepted.
struct SimulationClock: Sendable {
    /// The time of the last processed event (or of the last autoscroll step
    /// or sampled frame taken since).
    var now: Double = 0
    /// Whether an event was processed (before that, any time is accepted).
    var started = false

    /// The time an event stamped `time` is processed at.
    func time(of time: Double) -> Double { started ? Swift.max(time, now) : time }
}
