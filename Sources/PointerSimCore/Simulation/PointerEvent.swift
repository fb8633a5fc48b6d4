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
        /// One key pressed and released, with the modifiers then held
        /// (arrows move keyboard focus, Space toggles, Return is the primary
        /// action, Escape cancels a band or clears, Command-A selects all).
        case key(Key)
    }

    /// Seconds on the trace's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    @inlinable public init(time: Double, _ kind: Kind) { self.time = time; self.kind = kind }
}

/// A key that drives selection and keyboard focus (the trace's `key NAME`).
public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// The arrow keys.
    case left, right, up, down
    /// Space, Return, Escape, Tab.
    case space, `return`, escape, tab
    /// A letter key, `a` … `z` (lower case).
    case letter(Character)

    /// The names a trace may use: `left right up down space return escape tab a`…`z`.
    @usableFromInline package static let names: [String] =
        ["left", "right", "up", "down", "space", "return", "escape", "tab"]
        + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }

    /// The key with this name, or nil.
    public init?(name: String) {
        switch name {
        case "left": self = .left
        case "right": self = .right
        case "up": self = .up
        case "down": self = .down
        case "space": self = .space
        case "return": self = .return
        case "escape": self = .escape
        case "tab": self = .tab
        default:
            guard name.count == 1, let c = name.first, c >= "a", c <= "z" else { return nil }
            self = .letter(c)
        }
    }

    /// The trace name.
    public var description: String {
        switch self {
        case .left: return "left"
        case .right: return "right"
        case .up: return "up"
        case .down: return "down"
        case .space: return "space"
        case .return: return "return"
        case .escape: return "escape"
        case .tab: return "tab"
        case .letter(let c): return String(c)
        }
    }
}
