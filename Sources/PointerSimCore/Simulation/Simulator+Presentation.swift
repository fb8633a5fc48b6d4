// The Simulator's presented pointer: `PresentationSampler` animates and
// samples it toward the Simulator's target frame (`pointerFrame`).

extension Simulator {
    /// The presented pointer over time.
    @usableFromInline package var animator: PointerAnimator { presentation.animator }

    /// The presented pointer now, animated (``PointerAnimation``): the same
    /// as ``pointerFrame`` unless a transition is in progress.
    @usableFromInline package var presentedFrame: PointerFrame {
        presentation.frame(at: now, target: pointerFrame)
    }

    /// After an event: ``PresentationSampler/startTransition(at:from:target:records:motion:)``
    /// toward the frame now.
    mutating func startTransition(at t: Double, from before: PointerFrame, records: ArraySlice<LogRecord>, motion: Bool) {
        let target = pointerFrame
        presentation.startTransition(at: t, from: before, target: target, records: records, motion: motion)
    }

    /// With `verbose` and a ``SimulationOptions/frameInterval``: `pointer`
    /// records on the grid of that interval, after the last event and
    /// before `t`, while a transition animates.
    func sampleFrames(until t: Double, into out: inout [LogRecord]) {
        presentation.sampleFrames(after: now, until: t, target: pointerFrame, into: &out)
    }
}
