/// Tapping (`evdev-mt-touchpad-tap.c`). libinput's default for touchpads is
/// off; the state machine's states are kept so that the hold-gesture logic
/// reads them as libinput does.
enum TapTouchState: Sendable { case idle, touch, dead }

/// The tap state (`tp->tap`).
struct TapState: Sendable {
    enum State: Sendable {
        case idle, touch, hold, tapped1, tapped2, tapped3, touch2, touch2Hold, touch2Release, touch3, touch3Hold,
             touch3Release, touch3Release2, draggingOrDoubletap1, draggingOrDoubletap2, draggingOrDoubletap3,
             draggingOrTap1, draggingOrTap2, draggingOrTap3, dragging1, dragging2, dragging3,
             draggingWait1, draggingWait2, draggingWait3, dragging2_1, dragging2_2, dragging2_3, dead
    }
    var enabled = false
    var suspended = false
    var state: State = .idle
    var timer: Int64? = nil
    var dragEnabled = true
    var dragLockEnabled = false
    var nfingersDown = 0
}

extension TouchpadDispatch {
    /// `tp_tap_handle_state`: whether motion is to be ignored. Tapping is not modelled yet: never.
    mutating func tapHandleState(_ time: Int64) -> Bool { false }
    mutating func tapHandleTimeout(_ time: Int64) {}
    /// `tp_release_all_taps`.
    mutating func tapReleaseAll(_ time: Int64) {}
    mutating func tapSuspend(_ time: Int64) { tap.suspended = true }
    mutating func tapResume(_ time: Int64) { tap.suspended = false }
    func tapDragging() -> Bool {
        switch tap.state {
        case .dragging1, .dragging2, .dragging3, .dragging2_1, .dragging2_2, .dragging2_3,
             .draggingWait1, .draggingWait2, .draggingWait3, .draggingOrTap1, .draggingOrTap2, .draggingOrTap3: return true
        default: return false
        }
    }
    func tapDraggingOrDoubleTapping() -> Bool {
        switch tap.state {
        case .draggingOrDoubletap1, .draggingOrDoubletap2, .draggingOrDoubletap3: return true
        default: return false
        }
    }
}
