/// The presented pointer over time: the ``Simulator``'s transitions
/// (``PointerAnimation``) and, with `verbose` and a
/// ``SimulationOptions/frameInterval``, the `pointer` records sampled while
/// one animates (docs/Regions.md, "Presentation over time").
///
/// The target frame (what the pointer would show with no animation) is the
/// `Simulator`'s (``Simulator/pointerFrame``), handed in by each call.
struct PresentationSampler: Sendable {
    /// The transition in progress, if any.
    var animator: PointerAnimator
    /// ``SimulationOptions/verbose``.
    let verbose: Bool
    /// ``SimulationOptions/frameInterval``.
    let frameInterval: Double?
    /// The scene's region configuration (the animation's numbers, the
    /// presented shapes).
    let configuration: PointerRegionConfiguration

    /// A sampler for a scene's animation and a run's options.
    init(configuration: PointerRegionConfiguration, options: SimulationOptions) {
        animator = PointerAnimator(animation: configuration.animation)
        verbose = options.verbose
        frameInterval = options.frameInterval
        self.configuration = configuration
    }

    /// The presented pointer at `t` for the target `target`.
    func frame(at t: Double, target: PointerFrame) -> PointerFrame {
        animator.frame(at: t, target: target, configuration: configuration)
    }

    /// After an event: a region change (entered, exited, latched, unlatched,
    /// a style asked again, an item region moving in or out) starts a
    /// transition from what was presented; a band beginning or ending is a cut.
    /// Any other change of the target at an instant without pointer motion
    /// (a release recentring a constrained axis, say) starts one too.
    mutating func startTransition(
        at t: Double,
        from before: PointerFrame,
        target pointerFrame: PointerFrame,
        records: ArraySlice<LogRecord>,
        motion: Bool
    ) {
        var regionChanged = false, cut = false
        for r in records {
            switch r.event {
            case .regionEntered, .regionExited, .regionLatched, .regionUnlatched, .regionStyleChanged: regionChanged = true
            case .bandBegan, .bandEnded: cut = true
            default: break
            }
        }
        if cut {
            animator.begin(at: t, from: before, cut: true)
        } else if regionChanged || !motion && animator.frame(at: t, target: pointerFrame, configuration: configuration) != before {
            animator.begin(at: t, from: before)
        }
    }

    /// With `verbose` and a ``SimulationOptions/frameInterval``: `pointer`
    /// records on the grid of that interval, after the last event (`now`) and
    /// before `t`, while a transition animates.
    func sampleFrames(after now: Double, until t: Double, target pointerFrame: PointerFrame, into out: inout [LogRecord]) {
        guard verbose, let dt = frameInterval, dt > 0 else { return }
        var k = (now / dt).rounded(.down) + 1
        var n = 0
        while n < 10_000 {
            let s = k * dt
            guard s < t, animator.isAnimating(at: s) else { return }
            if s > now {
                out.append(LogRecord(time: s, .pointer(animator.frame(at: s, target: pointerFrame, configuration: configuration))))
            }
            k += 1; n += 1
        }
    }

    /// When the input ends at `now`: the instant the transition in progress
    /// ends, if frames are sampled and one is in progress; else nil.
    func end(after now: Double) -> Double? {
        guard verbose, let dt = frameInterval, dt > 0, animator.isAnimating(at: now) else { return nil }
        return animator.end
    }
}
