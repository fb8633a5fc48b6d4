/// One event as libinput's API would deliver it (`libinput_event_pointer`,
/// `libinput_event_keyboard`, `libinput_event_gesture`, device added/removed):
/// what `pointersim decode` prints and what the simulator's pointer events
/// are made from.
///
/// Times are integer microseconds on the recording's own timeline. libinput
/// stamps every event of a frame with the frame's `SYN_REPORT` time; an event
/// that a timer produced carries the timer's expiry time.
public struct DecodedEvent: Sendable, Hashable {
    /// Microseconds on the recording's timeline.
    public var time: Int64
    /// The device's index in the pipeline that decoded it.
    public var device: Int
    /// What produced it: a frame (its 0-based `SYN_REPORT` index among the
    /// device's frames), a timer, or the device's removal.
    public var origin: Origin
    /// The event.
    public var kind: Kind

    /// Creates an event.
    @inlinable public init(time: Int64, device: Int, origin: Origin, _ kind: Kind) {
        self.time = time; self.device = device; self.origin = origin; self.kind = kind
    }

    /// What produced an event.
    public enum Origin: Sendable, Hashable {
        /// The device's frame with this 0-based `SYN_REPORT` index.
        case frame(Int)
        /// A timer of the device (tap, gesture, button-area, debounce, …), or
        /// an event held back and stamped with an earlier time than the frame
        /// that released it (as libinput's reference tool labels both).
        case timer
        /// The device's removal (libinput releases what is held).
        case removal
        /// The device's appearance.
        case added
    }

    /// libinput's pointer-axis sources (`LIBINPUT_POINTER_AXIS_SOURCE_*`).
    public enum ScrollSource: String, Sendable, Hashable, CaseIterable {
        /// A mouse wheel (`POINTER_SCROLL_WHEEL`).
        case wheel
        /// Fingers on a touchpad (`POINTER_SCROLL_FINGER`).
        case finger
        /// A continuous source such as button scrolling on a trackpoint (`POINTER_SCROLL_CONTINUOUS`).
        case continuous
    }

    /// A gesture event (`LIBINPUT_EVENT_GESTURE_*`).
    public struct Gesture: Sendable, Hashable {
        /// Which gesture.
        public enum Kind: String, Sendable, Hashable, CaseIterable { case swipe, pinch, hold }
        /// Which phase.
        public enum Phase: String, Sendable, Hashable, CaseIterable { case begin, update, end }
        /// Which gesture.
        public var kind: Kind
        /// Which phase.
        public var phase: Phase
        /// The finger count.
        public var fingers: Int
        /// Whether an `end` was cancelled.
        public var cancelled: Bool
        /// The (accelerated) delta of the gesture's centre (`update` only).
        public var dx: Double, dy: Double
        /// The unaccelerated delta (`update` only).
        public var dxUnaccelerated: Double, dyUnaccelerated: Double
        /// Pinch only: the absolute scale since the begin, and the angle delta in degrees.
        public var scale: Double, angleDelta: Double

        /// Creates a gesture event.
        public init(
            kind: Kind,
            phase: Phase,
            fingers: Int,
            cancelled: Bool = false,
            dx: Double = 0,
            dy: Double = 0,
            dxUnaccelerated: Double = 0,
            dyUnaccelerated: Double = 0,
            scale: Double = 1,
            angleDelta: Double = 0
        ) {
            self.kind = kind; self.phase = phase; self.fingers = fingers; self.cancelled = cancelled
            self.dx = dx; self.dy = dy; self.dxUnaccelerated = dxUnaccelerated; self.dyUnaccelerated = dyUnaccelerated
            self.scale = scale; self.angleDelta = angleDelta
        }
    }

    /// The event's payload.
    public enum Kind: Sendable, Hashable {
        /// `LIBINPUT_EVENT_DEVICE_ADDED`.
        case deviceAdded
        /// `LIBINPUT_EVENT_DEVICE_REMOVED`.
        case deviceRemoved
        /// `LIBINPUT_EVENT_POINTER_MOTION`: the accelerated delta (libinput's
        /// normalised 1000-dpi units) and the unaccelerated one.
        case motion(dx: Double, dy: Double, dxUnaccelerated: Double, dyUnaccelerated: Double)
        /// `LIBINPUT_EVENT_POINTER_BUTTON`: the evdev code (`BTN_LEFT` = 272) and its new state.
        case button(code: UInt16, pressed: Bool)
        /// `LIBINPUT_EVENT_POINTER_SCROLL_*`: the scroll values per axis
        /// (`nil` for an axis the event does not carry; `0` on a carried axis
        /// is a scroll stop) and, for wheels, the v120 values.
        case scroll(source: ScrollSource, vertical: Double?, horizontal: Double?, v120Vertical: Double?, v120Horizontal: Double?)
        /// `LIBINPUT_EVENT_KEYBOARD_KEY`: the evdev key code and its new state.
        case key(code: UInt16, pressed: Bool)
        /// `LIBINPUT_EVENT_GESTURE_*`.
        case gesture(Gesture)
        /// Not a libinput event (`decode` does not print it): an LED of the
        /// device changed state (`EV_LED`), which keyboards' modifier state
        /// reads (caps lock).
        case led(code: UInt16, on: Bool)
        /// Not a libinput event (`decode` does not print it): the kernel
        /// released every held key because the device is going away (a frame
        /// of releases ending in `SYN_REPORT` value 1), which cancels a band.
        case releasedOnDisconnect
    }
}
