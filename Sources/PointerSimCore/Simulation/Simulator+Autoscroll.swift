// The Simulator's autoscroll: the steps `AutoscrollScheduler` schedules
// move the content, and are logged, here.

extension Simulator {
    /// The autoscroller.
    @usableFromInline package var autoscroller: Autoscroller { autoscroll.autoscroller }

    /// The autoscroll velocity for the current pointer, points per second.
    @usableFromInline package var autoscrollVelocity: Vector {
        autoscroll.autoscroller.velocity(pointer: pointer, contentOffset: contentOffset, bandActive: band.isActive)
    }

    mutating func scheduleAutoscroll(at t: Double) {
        autoscroll.autoscroller.schedule(at: t, velocity: autoscrollVelocity)
    }

    /// Runs the autoscroll steps due by `t` (``process(_:into:)`` does this
    /// first): ``nextAutoscrollStep(until:into:)`` until none is due.
    @usableFromInline package mutating func runAutoscroll(until t: Double, into out: inout [LogRecord]) {
        while nextAutoscrollStep(until: t, into: &out) {}
    }

    /// Takes the next autoscroll step due by `t`, if any, appending its
    /// records (a `band.selecting` record while the content moves, then, with
    /// `verbose`, a `pointer` record: the band-shaped pointer follows the
    /// band); returns whether a step was taken. A caller that shows each step
    /// (a replay, the viewer) calls it until it returns false before handing
    /// the simulator the next event.
    ///
    /// Between two inputs, the first ``loggedAutoscrollSteps`` steps are taken
    /// one at a time; the steps due after them are taken together in closed
    /// form, as one step: the content moves as far as they would have moved
    /// it, stopping at the content's edge, and one record (at the last such
    /// step) carries the band and the composed selection change. So a band
    /// held at the edge of a 10^12-point content for 10^9 s costs a few
    /// thousand records per input, not 10^11 (docs/BandSelection.md, "Autoscroll").
    @usableFromInline package mutating func nextAutoscrollStep(until t: Double, into out: inout [LogRecord]) -> Bool {
        // No step scheduled (every input but those of a band at an edge):
        // neither branch of `AutoscrollScheduler.nextStep` would take one.
        guard autoscroll.autoscroller.nextTick != nil else { return false }
        let v = autoscrollVelocity
        guard let s = autoscroll.nextStep(until: t, velocity: v, contentOffset: contentOffset, maxOffset: scene.view.maxOffset) else { return false }
        let time = s.time
        let before = contentOffset
        clock.now = time
        scroll(by: s.delta, at: time, into: &out)
        // Nothing moves any more (the offset is too large for a step
        // to change it): the rest of the steps due change nothing.
        if s.batched && contentOffset == before { autoscroll.autoscroller.skip(until: t) }
        refreshItemRegions(at: time, into: &out)
        if options.verbose { out.append(LogRecord(time: time, .pointer(pointerFrame))) }
        return true
    }

    /// How many autoscroll steps are taken one at a time between two inputs
    /// (a minute at 60 steps a second); see ``runAutoscroll(until:into:)``.
    @usableFromInline package static var loggedAutoscrollSteps: Int { AutoscrollScheduler.loggedSteps }

    /// The autoscroll steps taken one at a time since the last input.
    @usableFromInline package var autoscrollStepsSinceInput: Int { autoscroll.stepsSinceInput }
}
