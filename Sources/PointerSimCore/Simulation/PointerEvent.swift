/// A pointer button.
public enum PointerButton: String, Sendable, Hashable, CaseIterable {
    /// The primary button (BTN_LEFT, a clickpad's left area): the one that
    /// starts bands and latches regions.
    case primary
    /// The secondary button (BTN_RIGHT).
    case secondary
    /// The middle button (BTN_MIDDLE).
    case middle
}

/// One input to the simulation, at pointer level, on the trace's clock.
///
/// Recordings of raw devices are decoded into these; the `pointersim-trace`
/// format writes them directly.
public struct PointerEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The model pointer moves to an absolute location in view points.
        case move(Point)
        /// The model pointer moves by a delta in view points (already accelerated).
        case delta(Vector)
        /// A button goes down.
        case press(PointerButton)
        /// A button goes up.
        case release(PointerButton)
        /// The full set of modifier flags now held.
        case modifiers(ModifierFlags)
        /// The content scrolls by a delta in points (positive `dy` scrolls down:
        /// the content offset grows).
        case scroll(Vector)
        /// Cancels an active band (a `cancel` line, Escape, an unplug).
        case cancel
        /// Bumps a region's generation: the next update exits and re-enters it.
        case invalidate(String)
        /// An input device went away.
        case deviceRemoved(String)
    }

    /// Seconds on the trace's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    @inlinable public init(time: Double, _ kind: Kind) { self.time = time; self.kind = kind }
}
