/// When the ``Simulator`` takes autoscroll steps between inputs, and how far
/// each moves the content (docs/BandSelection.md, "Autoscroll"): the first
/// ``loggedSteps`` steps after an input one at a time, the rest due before
/// the next input together in closed form.
///
/// The velocity comes from the ``Autoscroller`` for the `Simulator`'s pointer;
/// the `Simulator` moves the content by each step and logs it.
struct AutoscrollScheduler: Sendable {
    /// The autoscroller (velocity, tick grid, due steps).
    var autoscroller: Autoscroller
    /// The autoscroll steps taken one at a time since the last input.
    var stepsSinceInput = 0

    /// How many autoscroll steps are taken one at a time between two inputs
    /// (a minute at 60 steps a second); see ``Simulator/runAutoscroll(until:into:)``.
    static let loggedSteps = 3600

    /// One step to take: its time, the content's move, and whether it stands
    /// for several steps due together (closed form).
    struct Step: Sendable {
        var time: Double
        var delta: Vector
        var batched: Bool
    }

    /// The next step due by `t` at velocity `v` for content at `contentOffset`
    /// (of at most `maxOffset`), if any; ``Simulator/nextAutoscrollStep(until:into:)``
    /// takes it.
    mutating func nextStep(until t: Double, velocity v: Vector, contentOffset: Vector, maxOffset: Vector) -> Step? {
        if stepsSinceInput >= Self.loggedSteps, v != .zero {
            let due = autoscroller.dueSteps(until: t)
            guard due > 0 else { return nil }
            let k = Swift.min(due, stepsToEdge(v, contentOffset: contentOffset, maxOffset: maxOffset))
            let dt = autoscroller.configuration.tickInterval
            let time = autoscroller.advance(by: k, until: t)
            return Step(time: time, delta: v * (dt * Double(k)), batched: true)
        } else {
            guard let s = autoscroller.step(until: t, velocity: v) else { return nil }
            stepsSinceInput += 1
            return Step(time: s.time, delta: s.delta, batched: false)
        }
    }

    /// The number of steps at velocity `v` that take the content to its edge
    /// on some axis (at least 1).
    func stepsToEdge(_ v: Vector, contentOffset: Vector, maxOffset m: Vector) -> Int {
        let dt = autoscroller.configuration.tickInterval
        var k = Double(Int.max / 2)
        for (speed, offset, maxOffset) in [(v.dx, contentOffset.dx, m.dx), (v.dy, contentOffset.dy, m.dy)] where speed != 0 {
            let room = speed > 0 ? maxOffset - offset : offset
            k = Swift.min(k, (room / (Swift.abs(speed) * dt)).rounded(.up))
        }
        return k.isFinite ? Swift.max(1, Int(k)) : 1
    }
}
