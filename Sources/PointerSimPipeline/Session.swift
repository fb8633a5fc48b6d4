import PointerSimCore

/// The one simulation session of replay, live and render: pointer events go
/// in one at a time, each tagged with the input it came from, and come out
/// as steps: every autoscroll step due before the event on its own (the
/// `Simulator` hands them out, see `Simulator/nextAutoscrollStep(until:into:)`),
/// then the event's own step, each with the log records it caused.
///
/// `pointersim replay` writes the records of every step, `pointersim live`
/// the same for live devices (so a live recording replays to the live log),
/// and `pointersim render` draws each step with the simulator's state after
/// it and feeds its input lane from the steps of raw recordings.
public struct Session {
    /// Where the event of a step came from.
    public enum Input: Sendable, Hashable {
        /// A `pointersim-trace` file: its index among the replay's paths.
        case trace(Int)
        /// The raw recordings (evemu, `libinput record`), merged and decoded together.
        case recordings
        /// Live devices.
        case devices
    }

    /// One step: an autoscroll step or the closing one of ``finish(_:)``
    /// (`event` and `input` nil), or an input event, with the records it
    /// caused, in order.
    public struct Step {
        /// The input event processed, or nil for an autoscroll or closing step.
        public var event: PointerEvent?
        /// The input the event came from, or nil for an autoscroll or closing step.
        public var input: Input?
        /// The log records of this step, in order.
        public var records: [LogRecord]
    }

    /// The simulation.
    public private(set) var simulator: Simulator
    private var step = Step(event: nil, input: nil, records: [])

    /// A session over a scene.
    public init(scene: SimulationScene, options: SimulationOptions) {
        simulator = Simulator(scene: scene, options: options)
    }

    /// Processes one event from `input`: hands every autoscroll step due
    /// before it, then the event's step, to `body` with the simulator after
    /// the step. An autoscroll step that changed nothing and logged nothing is
    /// not handed out.
    /// - Throws: what `body` throws.
    public mutating func process(_ event: PointerEvent, from input: Input, _ body: (Step, Simulator) throws -> Void) rethrows {
        while simulator.nextAutoscrollStep(until: event.time, into: &step.records) {
            if !step.records.isEmpty { try body(step, simulator); step.records.removeAll(keepingCapacity: true) }
        }
        step.event = event
        step.input = input
        simulator.process(event, into: &step.records)
        try body(step, simulator)
        step.event = nil
        step.input = nil
        // Most inputs log nothing: no generic removal to make of an empty list.
        if !step.records.isEmpty { step.records.removeAll(keepingCapacity: true) }
    }

    /// The input has ended: hands the simulator's last step (the frames of a
    /// pointer transition still in progress, see `Simulator/finish(into:)`)
    /// to `body`, when it recorded anything.
    /// - Throws: what `body` throws.
    public mutating func finish(_ body: (Step, Simulator) throws -> Void) rethrows {
        simulator.finish(into: &step.records)
        guard !step.records.isEmpty else { return }
        try body(step, simulator)
        step.records.removeAll(keepingCapacity: true)
    }
}
