// Derived from libinput 1.22.1: src/evdev-mt-touchpad-tap.c. The logic is
// re-expressed in Swift. libinput's notice (MIT licence), which covers this
// file (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2013-2015 Red Hat, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining a
// copy of this software and associated documentation files (the "Software"),
// to deal in the Software without restriction, including without limitation
// the rights to use, copy, modify, merge, publish, distribute, sublicense,
// and/or sell copies of the Software, and to permit persons to whom the
// Software is furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice (including the next
// paragraph) shall be included in all copies or substantial portions of the
// Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
// THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
// FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
// DEALINGS IN THE SOFTWARE.

/// Tapping (`evdev-mt-touchpad-tap.c`); follows libinput 1.22's tap state
/// machine. Off by default (libinput enables it by default only on pads
/// without a left button); when on: a touch released within 180 ms that
/// moved at most 1.3 mm taps (1, 2, 3 fingers → left, right, middle: the
/// LRM map), the press is sent at the touch's time and the release after
/// the drag timeout (160 ms + 20 ms per finger) unless the finger comes back
/// to drag; drag lock (off by default) keeps a drag 300 ms after the lift.
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
    var buttonsPressed: UInt32 = 0
    var savedPressTime: Int64 = 0
    var savedReleaseTime: Int64 = 0
}

extension TouchpadDispatch {
    enum TapEvent: Sendable { case touch, motion, release, button, timeout, thumb, palm, palmUp }

    static let tapTimeout: Int64 = 180_000
    static let dragTimeoutBase: Int64 = 160_000
    static let dragTimeoutPerFinger: Int64 = 20_000
    static let dragLockTimeout: Int64 = 300_000
    static let tapMoveThreshold = 1.3

    var tapEnabled: Bool { tap.enabled && !tap.suspended }

    /// libinput: tp_tap_notify
    ///
    /// The button is `button_map[tp->tap.map][nfingers - 1]`: lrm (left,
    /// right, middle) or lmr (left, middle, right). libinput defers a map
    /// change until the tap state is idle; ours is fixed when the device is added.
    mutating func tapNotify(_ time: Int64, _ nfingers: Int, pressed: Bool) {
        guard nfingers >= 1 && nfingers <= 3 else { return }
        let lmr = settings.tapButtonMap == .lmr
        let button =
            nfingers == 1
            ? EventCodes.BTN_LEFT
            : nfingers == 2
                ? (lmr ? EventCodes.BTN_MIDDLE : EventCodes.BTN_RIGHT)
                : (lmr ? EventCodes.BTN_RIGHT : EventCodes.BTN_MIDDLE)
        if pressed { tap.buttonsPressed |= 1 << UInt32(nfingers) } else { tap.buttonsPressed &= ~(1 << UInt32(nfingers)) }
        postButton(time, button, pressed: pressed)
    }

    /// libinput: tp_tap_set_timer
    mutating func tapSetTimer(_ time: Int64) { tap.timer = time + Self.tapTimeout }
    /// libinput: tp_tap_set_drag_timer
    mutating func tapSetDragTimer(_ time: Int64, _ n: Int) { tap.timer = time + Self.dragTimeoutBase + Int64(n) * Self.dragTimeoutPerFinger }
    /// libinput: tp_tap_set_draglock_timer
    mutating func tapSetDraglockTimer(_ time: Int64) { tap.timer = time + Self.dragLockTimeout }
    /// libinput: tp_tap_clear_timer
    mutating func tapClearTimer() { tap.timer = nil }
    /// libinput: tp_tap_move_to_dead
    mutating func tapMoveToDead(_ i: Int?) {
        tap.state = .dead
        if let i { touches[i].tapState = .dead }
        tapClearTimer()
    }

    static func tapped(_ n: Int) -> TapState.State { [.tapped1, .tapped2, .tapped3][n - 1] }
    static func draggingOrDoubletap(_ n: Int) -> TapState.State { [.draggingOrDoubletap1, .draggingOrDoubletap2, .draggingOrDoubletap3][n - 1] }
    static func dragging(_ n: Int) -> TapState.State { [.dragging1, .dragging2, .dragging3][n - 1] }
    static func draggingWait(_ n: Int) -> TapState.State { [.draggingWait1, .draggingWait2, .draggingWait3][n - 1] }
    static func draggingOrTap(_ n: Int) -> TapState.State { [.draggingOrTap1, .draggingOrTap2, .draggingOrTap3][n - 1] }
    static func dragging2(_ n: Int) -> TapState.State { [.dragging2_1, .dragging2_2, .dragging2_3][n - 1] }

    /// libinput: tp_tap_idle_handle_event
    ///
    /// (libinput logs a bug for motion and thumb events here; we ignore them.)
    mutating func tapIdleHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .touch; tap.savedPressTime = time; tapSetTimer(time)
        case .button: tap.state = .dead
        case .palm: tap.state = .idle
        default: break
        }
    }

    /// libinput: tp_tap_touch_handle_event
    mutating func tapTouchHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .touch2; tap.savedPressTime = time; tapSetTimer(time)
        case .release:
            tapNotify(tap.savedPressTime, 1, pressed: true)
            if tap.dragEnabled {
                tap.state = .tapped1; tap.savedReleaseTime = time; tapSetDragTimer(time, 1)
            } else {
                tapNotify(time, 1, pressed: false); tap.state = .idle
            }
        case .motion: tapMoveToDead(i)
        case .timeout: tap.state = .hold; tapClearTimer(); gestureTapTimeout(time)
        case .button: tap.state = .dead
        case .thumb:
            tap.state = .idle
            if let i { touches[i].tapIsThumb = true; touches[i].tapState = .dead }
            tap.nfingersDown -= 1
            tapClearTimer()
        case .palm: tap.state = .idle; tapClearTimer()
        case .palmUp: break
        }
    }

    /// libinput: tp_tap_hold_handle_event
    mutating func tapHoldHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .touch2; tap.savedPressTime = time; tapSetTimer(time)
        case .release: tap.state = .idle
        case .motion: tapMoveToDead(i)
        case .button: tap.state = .dead
        case .thumb:
            tap.state = .idle
            if let i { touches[i].tapIsThumb = true; touches[i].tapState = .dead }
            tap.nfingersDown -= 1
        case .palm: tap.state = .idle
        default: break
        }
    }

    /// libinput: tp_tap_tapped_handle_event
    mutating func tapTappedHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .touch: tap.state = Self.draggingOrDoubletap(n); tap.savedPressTime = time; tapSetTimer(time)
        case .timeout: tap.state = .idle; tapNotify(tap.savedReleaseTime, n, pressed: false)
        case .button: tap.state = .dead; tapNotify(tap.savedReleaseTime, n, pressed: false)
        default: break
        }
    }

    /// libinput: tp_tap_touch2_handle_event
    mutating func tapTouch2HandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .touch3; tap.savedPressTime = time; tapSetTimer(time)
        case .release: tap.state = .touch2Release; tap.savedReleaseTime = time; tapSetTimer(time)
        case .motion: tapMoveToDead(i)
        case .timeout: tap.state = .touch2Hold; gestureTapTimeout(time)
        case .button: tap.state = .dead
        case .palm: tap.state = .touch
        default: break
        }
    }

    /// libinput: tp_tap_touch2_hold_handle_event
    mutating func tapTouch2HoldHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .touch3; tap.savedPressTime = time; tapSetTimer(time)
        case .release: tap.state = .hold
        case .motion: tapMoveToDead(i)
        case .timeout: tap.state = .touch2Hold
        case .button: tap.state = .dead
        case .palm: tap.state = .hold
        default: break
        }
    }

    /// libinput: tp_tap_touch2_release_handle_event
    mutating func tapTouch2ReleaseHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch:
            tap.state = .touch2Hold
            if let i { touches[i].tapState = .dead }
            tapClearTimer()
        case .release:
            tapNotify(tap.savedPressTime, 2, pressed: true)
            if tap.dragEnabled {
                tap.state = .tapped2; tapSetDragTimer(time, 2)
            } else {
                tapNotify(tap.savedReleaseTime, 2, pressed: false); tap.state = .idle
            }
        case .motion: tapMoveToDead(i)
        case .timeout: tap.state = .hold
        case .button: tap.state = .dead
        case .palm:
            tapNotify(tap.savedPressTime, 1, pressed: true)
            if tap.dragEnabled { tap.state = .tapped1 } else { tapNotify(tap.savedReleaseTime, 1, pressed: false); tap.state = .idle }
        default: break
        }
    }

    /// libinput: tp_tap_touch3_handle_event
    mutating func tapTouch3HandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .dead; tapClearTimer()
        case .motion: tapMoveToDead(i)
        case .timeout: tap.state = .touch3Hold; tapClearTimer(); gestureTapTimeout(time)
        case .release: tap.state = .touch3Release; tap.savedReleaseTime = time; tapSetTimer(time)
        case .button: tap.state = .dead
        case .palm: tap.state = .touch2
        default: break
        }
    }

    /// libinput: tp_tap_touch3_hold_handle_event
    mutating func tapTouch3HoldHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch: tap.state = .dead; tapSetTimer(time)
        case .release: tap.state = .touch2Hold
        case .motion: tapMoveToDead(i)
        case .button: tap.state = .dead
        case .palm: tap.state = .touch2Hold
        default: break
        }
    }

    /// libinput: tp_tap_touch3_release_handle_event
    mutating func tapTouch3ReleaseHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .touch3; tap.savedPressTime = time; tapSetTimer(time)
        case .release: tap.state = .touch3Release2; tapSetTimer(time)
        case .motion:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tapMoveToDead(i)
        case .timeout:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .touch2Hold
        case .button:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .dead
        case .palm: tap.state = .touch2Release
        default: break
        }
    }

    /// libinput: tp_tap_touch3_release2_handle_event
    mutating func tapTouch3Release2HandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .touch:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .touch2; tap.savedPressTime = time; tapSetTimer(time)
        case .release:
            tapNotify(tap.savedPressTime, 3, pressed: true)
            if tap.dragEnabled {
                tap.state = .tapped3; tapSetDragTimer(time, 3)
            } else {
                tapNotify(tap.savedReleaseTime, 3, pressed: false); tap.state = .idle
            }
        case .motion:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tapMoveToDead(i)
        case .timeout:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .hold
        case .button:
            tapNotify(tap.savedPressTime, 3, pressed: true); tapNotify(tap.savedReleaseTime, 3, pressed: false)
            tap.state = .dead
        case .palm:
            tapNotify(tap.savedPressTime, 2, pressed: true)
            if tap.dragEnabled { tap.state = .tapped2 } else { tapNotify(tap.savedReleaseTime, 2, pressed: false); tap.state = .idle }
        default: break
        }
    }

    /// libinput: tp_tap_dragging_or_doubletap_handle_event
    mutating func tapDraggingOrDoubletapHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .touch:
            tapNotify(tap.savedReleaseTime, n, pressed: false)
            tap.state = .touch2; tap.savedPressTime = time; tapSetTimer(time)
        case .release:
            tap.state = .tapped1
            tapNotify(tap.savedReleaseTime, n, pressed: false)
            tapNotify(tap.savedPressTime, 1, pressed: true)
            tap.savedReleaseTime = time
            tapSetTimer(time)
        case .motion, .timeout: tap.state = Self.dragging(n)
        case .button: tap.state = .dead; tapNotify(tap.savedReleaseTime, n, pressed: false)
        case .palm: tap.state = Self.tapped(n)
        default: break
        }
    }

    /// libinput: tp_tap_dragging_handle_event
    mutating func tapDraggingHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .touch: tap.state = Self.dragging2(n)
        case .release:
            if tap.dragLockEnabled {
                tap.state = Self.draggingWait(n); tapSetDraglockTimer(time)
            } else {
                tapNotify(time, n, pressed: false); tap.state = .idle
            }
        case .button: tap.state = .dead; tapNotify(time, n, pressed: false)
        case .palm: tapNotify(tap.savedReleaseTime, n, pressed: false); tap.state = .idle
        default: break
        }
    }

    /// libinput: tp_tap_dragging_wait_handle_event
    mutating func tapDraggingWaitHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .touch: tap.state = Self.draggingOrTap(n); tapSetTimer(time)
        case .timeout: tap.state = .idle; tapNotify(time, n, pressed: false)
        case .button: tap.state = .dead; tapNotify(time, n, pressed: false)
        default: break
        }
    }

    /// libinput: tp_tap_dragging_tap_handle_event
    mutating func tapDraggingTapHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .touch:
            tapNotify(time, n, pressed: false)
            tapClearTimer()
            tapMoveToDead(i)
        case .release: tap.state = .idle; tapNotify(time, n, pressed: false)
        case .motion, .timeout: tap.state = Self.dragging(n)
        case .button: tap.state = .dead; tapNotify(time, n, pressed: false)
        case .palm: tap.state = Self.draggingWait(n)
        default: break
        }
    }

    /// libinput: tp_tap_dragging2_handle_event
    mutating func tapDragging2HandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64, nfingersTapped n: Int) {
        switch event {
        case .release: tap.state = Self.dragging(n)
        case .touch: tap.state = .dead; tapNotify(time, n, pressed: false)
        case .button: tap.state = .dead; tapNotify(time, n, pressed: false)
        case .palm: tap.state = Self.dragging(n)
        default: break
        }
    }

    /// libinput: tp_tap_dead_handle_event
    mutating func tapDeadHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch event {
        case .release, .palm, .palmUp: if tap.nfingersDown == 0 { tap.state = .idle }
        default: break
        }
    }

    /// libinput: tp_tap_handle_event
    ///
    /// Hands the event to the current state's function; after it, an idle
    /// or dead state has no timer.
    mutating func tapHandleEvent(_ i: Int?, _ event: TapEvent, _ time: Int64) {
        switch tap.state {
        case .idle: tapIdleHandleEvent(i, event, time)
        case .touch: tapTouchHandleEvent(i, event, time)
        case .hold: tapHoldHandleEvent(i, event, time)
        case .tapped1: tapTappedHandleEvent(i, event, time, nfingersTapped: 1)
        case .tapped2: tapTappedHandleEvent(i, event, time, nfingersTapped: 2)
        case .tapped3: tapTappedHandleEvent(i, event, time, nfingersTapped: 3)
        case .touch2: tapTouch2HandleEvent(i, event, time)
        case .touch2Hold: tapTouch2HoldHandleEvent(i, event, time)
        case .touch2Release: tapTouch2ReleaseHandleEvent(i, event, time)
        case .touch3: tapTouch3HandleEvent(i, event, time)
        case .touch3Hold: tapTouch3HoldHandleEvent(i, event, time)
        case .touch3Release: tapTouch3ReleaseHandleEvent(i, event, time)
        case .touch3Release2: tapTouch3Release2HandleEvent(i, event, time)
        case .draggingOrDoubletap1: tapDraggingOrDoubletapHandleEvent(i, event, time, nfingersTapped: 1)
        case .draggingOrDoubletap2: tapDraggingOrDoubletapHandleEvent(i, event, time, nfingersTapped: 2)
        case .draggingOrDoubletap3: tapDraggingOrDoubletapHandleEvent(i, event, time, nfingersTapped: 3)
        case .dragging1: tapDraggingHandleEvent(i, event, time, nfingersTapped: 1)
        case .dragging2: tapDraggingHandleEvent(i, event, time, nfingersTapped: 2)
        case .dragging3: tapDraggingHandleEvent(i, event, time, nfingersTapped: 3)
        case .draggingWait1: tapDraggingWaitHandleEvent(i, event, time, nfingersTapped: 1)
        case .draggingWait2: tapDraggingWaitHandleEvent(i, event, time, nfingersTapped: 2)
        case .draggingWait3: tapDraggingWaitHandleEvent(i, event, time, nfingersTapped: 3)
        case .draggingOrTap1: tapDraggingTapHandleEvent(i, event, time, nfingersTapped: 1)
        case .draggingOrTap2: tapDraggingTapHandleEvent(i, event, time, nfingersTapped: 2)
        case .draggingOrTap3: tapDraggingTapHandleEvent(i, event, time, nfingersTapped: 3)
        case .dragging2_1: tapDragging2HandleEvent(i, event, time, nfingersTapped: 1)
        case .dragging2_2: tapDragging2HandleEvent(i, event, time, nfingersTapped: 2)
        case .dragging2_3: tapDragging2HandleEvent(i, event, time, nfingersTapped: 3)
        case .dead: tapDeadHandleEvent(i, event, time)
        }
        if tap.state == .idle || tap.state == .dead { tapClearTimer() }
    }

    /// libinput: tp_tap_exceeds_motion_threshold
    func tapExceedsMotionThreshold(_ i: Int) -> Bool {
        let t = touches[i]
        let mm = physDelta(Double(t.point.x - t.tapInitial.x), Double(t.point.y - t.tapInitial.y))
        if modelSynapticsSerial && (nfingersDown > 2 || oldNfingersDown > 2)
            && (nfingersDown > numSlots || oldNfingersDown > numSlots)
        {
            return false
        }
        if semiMT && nfingersDown != oldNfingersDown { return false }
        return (mm.x * mm.x + mm.y * mm.y).squareRoot() > Self.tapMoveThreshold
    }

    /// libinput: tp_tap_handle_state
    ///
    /// Whether motion is to be held back (while a tap may still happen).
    mutating func tapHandleState(_ time: Int64) -> Bool {
        if !tapEnabled { return false }
        if buttons.isClickpad && queued & Self.queuedPress != 0 { tapHandleEvent(nil, .button, time) }
        for i in touches.indices {
            if !touches[i].dirty || touches[i].state == .none { continue }
            if buttons.isClickpad && queued & Self.queuedPress != 0 { touches[i].tapState = .dead }
            if touches[i].tapIsThumb { continue }
            if touches[i].tapIsPalm {
                if touches[i].state == .end { tapHandleEvent(i, .palmUp, time) }
                continue
            }
            if touches[i].state == .hovering { continue }
            if touches[i].palmState != .none {
                touches[i].tapIsPalm = true
                touches[i].tapState = .dead
                if touches[i].state != .begin {
                    tapHandleEvent(i, .palm, time)
                    tap.nfingersDown = Swift.max(0, tap.nfingersDown - 1)
                }
            } else if touches[i].state == .begin {
                if thumbIgnoredForTap(i) { touches[i].tapIsThumb = true; continue }
                touches[i].tapState = .touch
                touches[i].tapInitial = touches[i].point
                tap.nfingersDown += 1
                tapHandleEvent(i, .touch, time)
                if palmTapIsPalm(i) { tapHandleEvent(i, .motion, time) }
            } else if touches[i].state == .end {
                if touches[i].wasDown {
                    tap.nfingersDown = Swift.max(0, tap.nfingersDown - 1)
                    tapHandleEvent(i, .release, time)
                }
                touches[i].tapState = .idle
            } else if tap.state != .idle && thumbIgnored(i) {
                tapHandleEvent(i, .thumb, time)
            } else if tap.state != .idle && tapExceedsMotionThreshold(i) {
                for k in touches.indices where touches[k].tapState == .touch { touches[k].tapState = .dead }
                tapHandleEvent(i, .motion, time)
            }
        }
        switch tap.state {
        case .touch, .tapped1, .tapped2, .tapped3, .draggingOrDoubletap1, .draggingOrDoubletap2, .draggingOrDoubletap3,
            .draggingOrTap1, .draggingOrTap2, .draggingOrTap3, .touch2, .touch3:
            return true
        default:
            return false
        }
    }

    /// libinput: tp_tap_handle_timeout
    mutating func tapHandleTimeout(_ time: Int64) {
        tapHandleEvent(nil, .timeout, time)
        for i in touches.indices where touches[i].state != .none && touches[i].tapState != .idle {
            touches[i].tapState = .dead
        }
    }

    /// libinput: tp_release_all_taps
    mutating func tapReleaseAll(_ time: Int64) {
        for n in 1...3 where tap.buttonsPressed & (1 << UInt32(n)) != 0 { tapNotify(time, n, pressed: false) }
        for i in touches.indices where touches[i].state != .none && !touches[i].tapIsPalm {
            touches[i].tapIsPalm = true
            touches[i].tapState = .dead
        }
        tap.state = .idle
        tap.nfingersDown = 0
    }

    /// libinput: tp_tap_enabled_update
    mutating func tapEnabledUpdate(suspended: Bool, enabled: Bool, _ time: Int64) {
        let was = tapEnabled
        tap.suspended = suspended
        tap.enabled = enabled
        if tapEnabled == was { return }
        if tapEnabled {
            for i in touches.indices where touches[i].state != .none {
                touches[i].tapIsPalm = true
                touches[i].tapState = .dead
            }
            tap.state = .idle
            tap.nfingersDown = 0
        } else {
            tapReleaseAll(time)
        }
    }

    mutating func tapSuspend(_ time: Int64) { tapEnabledUpdate(suspended: true, enabled: tap.enabled, time) }
    mutating func tapResume(_ time: Int64) { tapEnabledUpdate(suspended: false, enabled: tap.enabled, time) }

    /// libinput: tp_tap_dragging
    func tapDragging() -> Bool {
        switch tap.state {
        case .dragging1, .dragging2, .dragging3, .dragging2_1, .dragging2_2, .dragging2_3,
            .draggingWait1, .draggingWait2, .draggingWait3, .draggingOrTap1, .draggingOrTap2, .draggingOrTap3:
            return true
        default: return false
        }
    }

    /// libinput: tp_tap_dragging_or_double_tapping
    func tapDraggingOrDoubleTapping() -> Bool {
        switch tap.state {
        case .draggingOrDoubletap1, .draggingOrDoubletap2, .draggingOrDoubletap3: return true
        default: return false
        }
    }
}

extension TouchpadDispatch {
    /// libinput: tp_init_tap
    ///
    /// Tapping is on by default only on a pad without a left button
    /// (`tp_tap_default`); tap-and-drag on, drag lock off.
    mutating func initTap(_ d: DeviceDescription) {
        typealias C = EventCodes
        tap.enabled = settings.tapping ?? !d.has(type: C.EV_KEY, code: C.BTN_LEFT)
        tap.dragEnabled = settings.tapAndDrag
        tap.dragLockEnabled = settings.dragLock
    }
}
