import PointerSimCore

/// The raw-input lane of the viewer: what the input devices of a recording
/// did, under the timeline, so one sees why the pointer did what it did.
///
/// Today it shows the pointer-level events the decoder feeds the simulator
/// (motion deltas — the page derives the speed —, buttons, scroll, modifier
/// keys, Escape's cancel, selection keys, unplugs), taken from the replay's
/// own steps (the input is decoded once). ``event(for:)`` is the one place
/// that decides what the lane shows: point it at a finer decoded stream
/// (libinput-level events) and the rest follows.
public enum InputLane {
    /// One lane event.
    public enum Event: Sendable, Hashable {
        /// Relative motion, points (after acceleration).
        case motion(dx: Double, dy: Double)
        /// Absolute motion (a pointer-level trace).
        case position(x: Double, y: Double)
        /// A button went down (`true`) or up.
        case button(PointerButton, down: Bool)
        /// Scrolling, points.
        case scroll(dx: Double, dy: Double)
        /// The modifier keys now held.
        case modifiers(ModifierFlags)
        /// A cancel key (Escape).
        case cancel
        /// A key that drives selection and focus (arrows, Space, Return, Tab, letters).
        case key(String)
        /// A device was unplugged.
        case removed(String)
    }

    /// What the lane shows for a pointer event of any input (a recording's
    /// decoded event or a trace's), or nil.
    /// This is the function to switch to the decoded event stream.
    public static func event(for e: PointerEvent) -> Event? {
        switch e.kind {
        case .delta(let v): .motion(dx: v.dx, dy: v.dy)
        case .move(let p): .position(x: p.x, y: p.y)
        case .press(let b): .button(b, down: true)
        case .release(let b): .button(b, down: false)
        case .scroll(let v): .scroll(dx: v.dx, dy: v.dy)
        case .modifiers(let m): .modifiers(m)
        case .cancel: .cancel
        case .deviceRemoved(let d): .removed(d)
        case .key(let k): .key(k.description)
        case .invalidate: nil
        }
    }
}

/// The lane's columns: time delta (ms), type, values (thousandths; motion in sixteenths).
struct InputLaneCapture {
    var stream = ByteStream()
    var count = 0
    var lastTime = 0
    var strings: [String] = []

    mutating func add(_ time: Double, _ e: InputLane.Event) {
        let t = milli(time)
        stream.s(t - lastTime); lastTime = t
        count += 1
        switch e {
        // motion in sixteenths of a point: the lane shows speed, not the log's exact numbers
        case .motion(let dx, let dy): stream.u(0); stream.s(Int((dx * 16).rounded())); stream.s(Int((dy * 16).rounded()))
        case .position(let x, let y): stream.u(1); stream.s(milli(x)); stream.s(milli(y))
        case .button(let b, let down):
            stream.u(down ? 2 : 3); stream.u(b == .primary ? 0 : b == .secondary ? 1 : 2)
        case .scroll(let dx, let dy): stream.u(4); stream.s(milli(dx)); stream.s(milli(dy))
        case .modifiers(let m): stream.u(5); stream.u(Int(m.rawValue))
        case .cancel: stream.u(6)
        case .removed(let d): stream.u(7); stream.u(strings.count); strings.append(d)
        case .key(let k): stream.u(8); stream.u(strings.count); strings.append(k)
        }
    }
}
