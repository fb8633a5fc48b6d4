import PointerSimCore
import PointerSimFormats
import PointerSimPipeline

/// The raw-input lane of the viewer: what the input devices of a recording
/// did, under the timeline, so one sees why the pointer did what it did.
///
/// Today it shows the pointer-level events the decoder feeds the simulator
/// (motion deltas — the page derives the speed —, buttons, scroll, modifier
/// keys, Escape's cancel, selection keys, unplugs). ``events(paths:scene:)`` is the one place
/// that decides what the lane shows: point it at a finer decoded stream
/// (libinput-level events) and the rest follows.
public enum InputLane {
    /// One lane event, on the recording's own clock.
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

    /// The events of the raw recordings among `paths` (evemu, `libinput
    /// record`), in time order, as `(time, event)`; nil when there are none.
    /// This is the function to switch to the decoded event stream.
    /// - Throws: `InputError` as `replay` does.
    public static func events(paths: [String], scene: Scene) throws -> (any Sequence<(Double, Event)>)? {
        let raw = try paths.filter { p in
            let format = InputFormat.detect(try LineReader(InputFile(path: p)).prefix(InputFormat.prefixLength))
            return format == .evemu || format == .evemuEvents || format == .libinputRecord
        }
        guard !raw.isEmpty else { return nil }
        let sources = try TraceInputs.open(paths: raw, scene: scene)
        return AnySequence { () -> AnyIterator<(Double, Event)> in
            var iterators = sources.makeIterator()
            var current = iterators.next()
            var batch: [PointerEvent] = [], index = 0, more = true
            return AnyIterator {
                while let s = current {
                    if index == batch.count {
                        batch.removeAll(keepingCapacity: true); index = 0
                        // Errors were reported by the replay itself, which read the same files first
                        // (the events before one still come).
                        if more { more = (try? s.read(into: &batch)) ?? false }
                        if batch.isEmpty { current = iterators.next(); more = true; continue }
                    }
                    let e = batch[index]
                    index += 1
                    // Raw recordings count from their first event: back on the trace clock.
                    let t = s.clockZero + e.time
                    switch e.kind {
                    case .delta(let v): return (t, .motion(dx: v.dx, dy: v.dy))
                    case .move(let p): return (t, .position(x: p.x, y: p.y))
                    case .press(let b): return (t, .button(b, down: true))
                    case .release(let b): return (t, .button(b, down: false))
                    case .scroll(let v): return (t, .scroll(dx: v.dx, dy: v.dy))
                    case .modifiers(let m): return (t, .modifiers(m))
                    case .cancel: return (t, .cancel)
                    case .deviceRemoved(let d): return (t, .removed(d))
                    case .key(let k): return (t, .key(k.description))
                    case .invalidate: continue
                    }
                }
                return nil
            }
        }
    }

    /// The lane captured for the page, on the replay's clock (`origin` is the
    /// time the replay subtracted from every event).
    static func capture(paths: [String], scene: Scene, origin: Double) throws -> InputLaneCapture? {
        // The raw files were merged with any pointersim traces; their events
        // keep their own times, so subtracting the replay's origin aligns them.
        guard let events = try events(paths: paths, scene: scene) else { return nil }
        var c = InputLaneCapture()
        for (t, e) in events { c.add(t - origin, e) }
        return c
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
