// Derived from libinput 1.22.1: src/evdev-mt-touchpad-gestures.c. The logic is
// re-expressed in Swift. libinput's notice (MIT licence), which covers this
// file (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2015 Red Hat, Inc.
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

/// The gesture state machine (`evdev-mt-touchpad-gestures.c`): one finger
/// moves the pointer, two fingers scroll (or pinch), three and four swipe;
/// 1.22's hold gestures (a 40 ms "quick" hold for one or two fingers, 180 ms
/// otherwise) and the 100 ms finger-count switch debounce. Two-finger
/// scrolling: not accelerated (the constant filter), a 0-unit start
/// threshold with the finger movement before the scroll as buildup,
/// direction lock after 100 ms along one axis (5 units to unlock the other
/// axis, free diagonal beyond 5 mm), and a final 0 event on both axes.
/// Follows libinput 1.22's algorithms.
extension TouchpadDispatch {
    enum GestureEvent: Sendable { case reset, fingerDetected, holdTimeout, holdAndMotion, pointerMotion, scroll, swipe, pinch }

    static let quickHoldTimeout: Int64 = 40_000
    static let defaultHoldTimeout: Int64 = 180_000
    static let switchTimeout: Int64 = 100_000
    static let swipeTimeout: Int64 = 150_000
    static let pinchTimeout: Int64 = 300_000
    static let holdAndMotionThreshold = 0.5
    static let pinchDisambiguationThreshold = 1.5

    /// libinput: tp_get_touches_delta
    func touchesDelta(average: Bool) -> (x: Double, y: Double) {
        var dx = 0.0, dy = 0.0
        var n = 0
        for i in 0..<Swift.min(numSlots, touches.count) {
            if !touchActiveForGesture(i) { continue }
            n += 1
            if touches[i].dirty {
                let d = getDelta(i)
                dx += Double(d.x); dy += Double(d.y)
            }
        }
        if !average || n == 0 { return (dx, dy) }
        return (dx / Double(n), dy / Double(n))
    }

    mutating func gestureInitScroll() {
        scroll.activeH = false; scroll.activeV = false
        scroll.durationH = 0; scroll.durationV = 0
        scroll.vector = (0, 0)
        scroll.timePrev = 0
    }

    mutating func gestureStart(_ time: Int64) {
        if gesture.started { return }
        switch gesture.state {
        case .hold, .holdAndMotion:
            emit(time, .gesture(.init(kind: .hold, phase: .begin, fingers: gesture.fingerCount)))
        case .scroll:
            gestureInitScroll()
        case .pinch:
            emit(time, .gesture(.init(kind: .pinch, phase: .begin, fingers: gesture.fingerCount)))
        case .swipe:
            emit(time, .gesture(.init(kind: .swipe, phase: .begin, fingers: gesture.fingerCount)))
        default: break
        }
        gesture.started = true
    }

    /// libinput: tp_get_raw_pointer_motion
    func rawPointerMotion() -> (x: Double, y: Double) {
        if buttons.isClickpad && buttons.state != 0 { return touchesDelta(average: false) }
        return touchesDelta(average: true)
    }

    func hasPendingPointerMotion() -> Bool {
        if queued & Self.queuedMotion == 0 { return false }
        let r = rawPointerMotion()
        return !(r.x == 0 && r.y == 0)
    }

    /// libinput: tp_gesture_post_pointer_motion
    mutating func gesturePostPointerMotion(_ time: Int64) {
        let raw = rawPointerMotion()
        let delta = filterMotion(raw.x, raw.y, time)
        if !(delta.dx == 0 && delta.dy == 0) || !(raw.x == 0 && raw.y == 0) {
            emit(time, .motion(dx: delta.dx, dy: delta.dy, dxUnaccelerated: raw.x, dyUnaccelerated: raw.y * xyScaleCoeff))
        }
    }

    /// libinput: tp_gesture_get_active_touches
    func gestureActiveTouches(max count: Int) -> [Int] {
        var r: [Int] = []
        for i in touches.indices where touchActiveForGesture(i) {
            r.append(i)
            if r.count == count { break }
        }
        return r
    }

    static func sameDirections(_ d1: UInt32, _ d2: UInt32) -> Bool {
        ((d1 | (d1 >> 1)) & d2) != 0 || ((d2 | (d2 >> 1)) & d1) != 0
            || (d1 & 0x80 != 0 && d2 & 0x01 != 0) || (d2 & 0x80 != 0 && d1 & 0x01 != 0)
    }

    func gestureMMMoved(_ i: Int) -> Double {
        let t = touches[i]
        let mm = unitDeltaToMM(abs(t.point.x - t.gestureInitial.x), abs(t.point.y - t.gestureInitial.y))
        return (mm.x * mm.x + mm.y * mm.y).squareRoot()
    }

    func gestureDirection(_ i: Int) -> UInt32 {
        let t = touches[i]
        let mm = physDelta(Double(t.point.x - t.gestureInitial.x), Double(t.point.y - t.gestureInitial.y))
        return Direction.of(x: mm.x, y: mm.y)
    }

    func pinchInfo() -> (distance: Double, angle: Double, center: (x: Double, y: Double)) {
        guard gesture.touches.0 >= 0, gesture.touches.1 >= 0 else { return (1, 0, (0, 0)) }
        let a = touches[gesture.touches.0], b = touches[gesture.touches.1]
        let n = normalizeDelta(Double(a.point.x - b.point.x), Double(a.point.y - b.point.y))
        let distance = (n.x * n.x + n.y * n.y).squareRoot()
        let angle = _atan2(n.y, n.x) * 180.0 / Double.pi
        return (distance, angle, ((Double(a.point.x) + Double(b.point.x)) / 2, (Double(a.point.y) + Double(b.point.y)) / 2))
    }

    mutating func gestureInitPinch() {
        let p = pinchInfo()
        gesture.initialDistance = p.distance; gesture.angle = p.angle; gesture.center = p.center
        gesture.prevScale = 1.0
    }

    /// libinput: tp_gesture_set_scroll_buildup
    mutating func gestureSetScrollBuildup() {
        guard gesture.touches.0 >= 0, gesture.touches.1 >= 0 else { return }
        let a = touches[gesture.touches.0], b = touches[gesture.touches.1]
        let d0 = (Double(a.point.x - a.gestureInitial.x), Double(a.point.y - a.gestureInitial.y))
        let d1 = (Double(b.point.x - b.gestureInitial.x), Double(b.point.y - b.gestureInitial.y))
        let avg = ((d0.0 + d1.0) / 2, (d0.1 + d1.1) / 2)
        let n = normalizeDelta(avg.0, avg.1)
        evdevScroll.buildup = (n.x, n.y)
    }

    /// libinput: tp_gesture_apply_scroll_constraints
    ///
    /// Direction lock.
    mutating func applyScrollConstraints(raw: (x: Double, y: Double), delta: inout (dx: Double, dy: Double), _ time: Int64) {
        let active: Int64 = 100_000, inactive: Int64 = 50_000, eventTimeout: Int64 = 100_000
        if scroll.activeH && scroll.activeV { return }
        var tdelta: Int64 = 0
        if scroll.timePrev != 0 { tdelta = time - scroll.timePrev }
        if tdelta > eventTimeout { tdelta = 0 }
        scroll.timePrev = time
        let mm = physDelta(raw.x, raw.y)
        var decay: Double
        if tdelta > 0 {
            let recent = (Double(eventTimeout) / 2.0 - Double(tdelta)) / (Double(eventTimeout) / 2.0)
            let later = Double(eventTimeout - tdelta) / (Double(eventTimeout) * 2.0)
            decay = Double(tdelta) <= 0.33 * Double(eventTimeout) ? recent : later
        } else {
            decay = 0.0
        }
        let vx = scroll.vector.x * decay + mm.x, vy = scroll.vector.y * decay + mm.y
        let length = (vx * vx + vy * vy).squareRoot()
        scroll.vector = (vx, vy)
        let deg75 = 3.73, deg60 = 1.73, deg30 = 0.57, deg15 = 0.27
        let slope = vx != 0 ? abs(vy / vx) : Double.infinity
        let minVector = 0.15
        if slope >= deg30 && length > minVector {
            scroll.durationV += tdelta
            if scroll.durationV > active { scroll.durationV = active }
            if slope >= deg75 {
                if scroll.durationH > tdelta { scroll.durationH -= tdelta } else { scroll.durationH = 0 }
            }
        }
        if slope < deg60 && length > minVector {
            scroll.durationH += tdelta
            if scroll.durationH > active { scroll.durationH = active }
            if slope < deg15 {
                if scroll.durationV > tdelta { scroll.durationV -= tdelta } else { scroll.durationV = 0 }
            }
        }
        if scroll.durationH == active {
            scroll.activeH = true
            if scroll.durationV < inactive { scroll.activeV = false }
        }
        if scroll.durationV == active {
            scroll.activeV = true
            if scroll.durationH < inactive { scroll.activeH = false }
        }
        if length > 5.0 && slope < 1.73 && slope >= 0.57 { scroll.activeV = true; scroll.activeH = true }
        if !scroll.activeH && scroll.activeV { delta.dx = 0 }
        if scroll.activeH && !scroll.activeV { delta.dy = 0 }
        if !scroll.activeH && !scroll.activeV {
            if slope >= deg60 { delta.dx = 0 }
            if slope < deg30 { delta.dy = 0 }
        }
    }

    func isQuickHold() -> Bool { gesture.fingerCount == 1 || gesture.fingerCount == 2 }

    func useHoldTimer() -> Bool {
        if !tap.enabled { return true }
        if isQuickHold() { return true }
        if gesture.fingerCount > 3 { return true }
        if tap.state == .hold || tap.state == .touch2Hold || tap.state == .touch3Hold { return true }
        if tap.state == .dead { return true }
        return false
    }

    mutating func setHoldTimer(_ time: Int64) {
        if !gesture.holdEnabled { return }
        if useHoldTimer() { gesture.holdTimer = time + (isQuickHold() ? Self.quickHoldTimeout : Self.defaultHoldTimeout) }
    }

    /// libinput: tp_gesture_handle_event
    mutating func gestureHandleEvent(_ event: GestureEvent, _ time: Int64) {
        switch gesture.state {
        case .none:
            switch event {
            case .reset: gesture.holdTimer = nil
            case .fingerDetected: setHoldTimer(time); gesture.state = .unknown
            case .pointerMotion: gesture.state = .pointerMotion
            case .scroll: gesture.state = .scroll
            default: break
            }
        case .unknown:
            switch event {
            case .reset: gesture.holdTimer = nil; gesture.state = .none
            case .holdTimeout: gesture.state = .hold; gestureStart(time)
            case .pointerMotion: gesture.state = .pointerMotion
            case .scroll: gesture.holdTimer = nil; gestureSetScrollBuildup(); gesture.state = .scroll
            case .swipe: gesture.holdTimer = nil; gesture.state = .swipe
            case .pinch: gesture.holdTimer = nil; gestureInitPinch(); gesture.state = .pinch
            default: break
            }
        case .hold:
            switch event {
            case .reset: gesture.holdTimer = nil; gesture.state = .none
            case .holdAndMotion: gesture.state = .holdAndMotion
            case .pointerMotion: gestureCancel(time); gesture.state = .pointerMotion
            case .scroll: gestureSetScrollBuildup(); gestureCancel(time); gesture.state = .scroll
            case .swipe: gestureCancel(time); gesture.state = .swipe
            case .pinch: gestureInitPinch(); gestureCancel(time); gesture.state = .pinch
            default: break
            }
        case .holdAndMotion:
            switch event {
            case .reset: gesture.holdTimer = nil; gesture.state = .none
            case .pointerMotion: gestureCancel(time); gesture.state = .pointerMotion
            default: break
            }
        case .pointerMotion:
            switch event {
            case .reset: gesture.holdTimer = nil; gesture.state = .none
            case .holdTimeout:
                if gesture.fingerCount != 1 { break }
                if gesture.touches.0 >= 0, gestureMMMoved(gesture.touches.0) < Self.holdAndMotionThreshold {
                    gesture.state = .holdAndMotion
                    gestureStart(time)
                }
            default: break
            }
        case .scroll:
            switch event {
            case .reset: gesture.holdTimer = nil; gesture.state = .none
            case .pinch: gestureInitPinch(); gestureCancel(time); gesture.state = .pinch
            default: break
            }
        case .pinch, .swipe:
            if event == .reset { gesture.holdTimer = nil; gesture.state = .none }
        }
    }

    mutating func gestureHoldTimeout(_ now: Int64) {
        if tapDraggingOrDoubleTapping() || tapDragging() { return }
        gestureHandleEvent(.holdTimeout, now)
    }

    /// libinput: tp_gesture_tap_timeout
    mutating func gestureTapTimeout(_ time: Int64) {
        if !gesture.holdEnabled { return }
        if !isQuickHold() { gestureHandleEvent(.holdTimeout, time) }
    }

    /// libinput: tp_gesture_detect_motion_gestures
    mutating func detectMotionGestures(_ time: Int64) {
        let first = gesture.touches.0, second = gesture.touches.1
        var minMove = 1.5, maxMove = 4.0
        let firstMM = gestureMMMoved(first)
        if gesture.fingerCount == 1 {
            if !hasPendingPointerMotion() { return }
            let isHoldAndMotion = firstMM < Self.holdAndMotionThreshold
            if gesture.state == .hold && isHoldAndMotion { gestureHandleEvent(.holdAndMotion, time); return }
            if gesture.state == .holdAndMotion && isHoldAndMotion { return }
            gestureHandleEvent(.pointerMotion, time)
            return
        }
        if gesture.enabled && gesture.fingerCount > 2 && gesture.fingerCount > numSlots {
            gestureHandleEvent(.swipe, time)
            return
        }
        maxMove += 2.0 * Double(gesture.fingerCount - 2)
        minMove += 0.5 * Double(gesture.fingerCount - 2)
        let secondMM = gestureMMMoved(second)
        let a = touches[first], b = touches[second]
        let distance = unitDeltaToMM(abs(a.point.x - b.point.x), abs(a.point.y - b.point.y))
        if firstMM < 1 && secondMM < 1 { return }
        let thumbTouch: Int, thumbMM: Double, fingerMM: Double
        if a.point.y > b.point.y {
            thumbTouch = first; thumbMM = firstMM; fingerMM = secondMM
        } else {
            thumbTouch = second; thumbMM = secondMM; fingerMM = firstMM
        }
        if (!gesture.enabled || (distance.x < 40.0 && distance.y < 7.0)) && time > gesture.initialTime + Self.swipeTimeout {
            gestureHandleEvent(gesture.fingerCount == 2 ? .scroll : .swipe, time)
            return
        }
        if firstMM >= maxMove || secondMM >= maxMove {
            if thumb.detect && thumbMM < minMove {
                thumbSuppress(thumbTouch)
                gestureCancel(time)
                return
            }
            if (!gesture.enabled || fingerMM < minMove) && gesture.fingerCount == 2 {
                gestureHandleEvent(.scroll, time)
                return
            }
            if fingerMM < minMove && gesture.fingerCount > 2 && gesture.enabled && thumb.pinchEligible {
                gestureHandleEvent(.pinch, time)
                return
            }
        }
        if firstMM < minMove || secondMM < minMove { return }
        let d1 = gestureDirection(first), d2 = gestureDirection(second)
        if gesture.fingerCount > numSlots || Self.sameDirections(d1, d2) {
            if gesture.fingerCount == 2 { gestureHandleEvent(.scroll, time); return }
            if gesture.enabled { gestureHandleEvent(.swipe, time); return }
        }
        gestureHandleEvent(.pinch, time)
    }

    func gestureIsPinch() -> Bool {
        let first = gesture.touches.0, second = gesture.touches.1
        guard first >= 0, second >= 0 else { return false }
        if Self.sameDirections(gestureDirection(first), gestureDirection(second)) { return false }
        if gestureMMMoved(first) < Self.pinchDisambiguationThreshold { return false }
        if gestureMMMoved(second) < Self.pinchDisambiguationThreshold { return false }
        return true
    }

    mutating func gestureHandleStateNone(_ time: Int64) {
        let active = gestureActiveTouches(max: 4)
        if active.isEmpty { return }
        var first = active[0]
        var second = active.count > 1 ? active[1] : -1
        if active.count == 1 {
            touches[first].gestureInitial = touches[first].point
            gesture.touches.0 = first
            gestureHandleEvent(.fingerDetected, time)
            return
        }
        if !gesture.enabled {
            if active.count == 2 { gestureHandleEvent(.scroll, time) }
            return
        }
        if active.count > 2 {
            second = active[0]
            var i = 1
            while i < active.count && i < numSlots {
                if touches[active[i]].point.y < touches[first].point.y {
                    first = active[i]
                } else if touches[active[i]].point.y >= touches[second].point.y {
                    second = active[i]
                }
                i += 1
            }
            if first == second { return }
        }
        gesture.initialTime = time
        touches[first].gestureInitial = touches[first].point
        touches[second].gestureInitial = touches[second].point
        gesture.touches = (first, second)
        gestureHandleEvent(.fingerDetected, time)
    }

    mutating func gestureHandleStateScroll(_ time: Int64) {
        if scroll.method != .twoFinger { return }
        if time < gesture.initialTime + Self.pinchTimeout && gestureIsPinch() {
            gestureHandleEvent(.pinch, time)
            return
        }
        let raw = touchesDelta(average: true)
        var delta = filterMotionUnaccelerated(raw.x, raw.y)
        if delta.dx == 0 && delta.dy == 0 { return }
        gestureStart(time)
        applyScrollConstraints(raw: raw, delta: &delta, time)
        postScroll(time, dx: delta.dx, dy: delta.dy)
    }

    mutating func gestureHandleStateSwipe(_ time: Int64) {
        let raw = touchesDelta(average: true)
        let delta = filterMotion(raw.x, raw.y, time)
        if !(delta.dx == 0 && delta.dy == 0) || !(raw.x == 0 && raw.y == 0) {
            let unaccel = filterMotionUnaccelerated(raw.x, raw.y)
            gestureStart(time)
            emit(
                time,
                .gesture(
                    .init(
                        kind: .swipe,
                        phase: .update,
                        fingers: gesture.fingerCount,
                        dx: delta.dx,
                        dy: delta.dy,
                        dxUnaccelerated: unaccel.dx,
                        dyUnaccelerated: unaccel.dy
                    )
                )
            )
        }
    }

    mutating func gestureHandleStatePinch(_ time: Int64) {
        let p = pinchInfo()
        // libinput divides by the distance at the pinch's start: two touches
        // at one point then (no real touchpad reports that; fuzzed input
        // does) make it 0 and its scale NaN or infinite, which no log can
        // hold. Here the first non-zero distance becomes the reference
        // instead, and the scale is 1 until there is one.
        if gesture.initialDistance == 0 { gesture.initialDistance = p.distance }
        let scale = gesture.initialDistance > 0 ? p.distance / gesture.initialDistance : 1
        var angleDelta = p.angle - gesture.angle
        gesture.angle = p.angle
        if angleDelta > 180.0 { angleDelta -= 360.0 } else if angleDelta < -180.0 { angleDelta += 360.0 }
        let fdelta = (p.center.x - gesture.center.x, p.center.y - gesture.center.y)
        gesture.center = p.center
        let delta = filterMotion(fdelta.0, fdelta.1, time)
        if delta.dx == 0 && delta.dy == 0 && fdelta.0 == 0 && fdelta.1 == 0 && scale == gesture.prevScale && angleDelta == 0 { return }
        let unaccel = filterMotionUnaccelerated(fdelta.0, fdelta.1)
        gestureStart(time)
        emit(
            time,
            .gesture(
                .init(
                    kind: .pinch,
                    phase: .update,
                    fingers: gesture.fingerCount,
                    dx: delta.dx,
                    dy: delta.dy,
                    dxUnaccelerated: unaccel.dx,
                    dyUnaccelerated: unaccel.dy,
                    scale: scale,
                    angleDelta: angleDelta
                )
            )
        )
        gesture.prevScale = scale
    }

    mutating func gesturePostGesture(_ time: Int64, ignoreMotion: Bool) {
        if gesture.state == .none { gestureHandleStateNone(time) }
        if gesture.state == .unknown { if !ignoreMotion { detectMotionGestures(time) } }
        if gesture.state == .hold {
            gestureStart(time)
            if !ignoreMotion { detectMotionGestures(time) }
        }
        if gesture.state == .pointerMotion { if queued & Self.queuedMotion != 0 { gesturePostPointerMotion(time) } }
        if gesture.state == .holdAndMotion {
            if queued & Self.queuedMotion != 0 { gesturePostPointerMotion(time) }
            detectMotionGestures(time)
        }
        if gesture.state == .scroll { gestureHandleStateScroll(time) }
        if gesture.state == .swipe { gestureHandleStateSwipe(time) }
        if gesture.state == .pinch { gestureHandleStatePinch(time) }
    }

    func gestureThumbMoved() -> Bool {
        guard let t = thumbTouch(), touchActiveForGesture(t) else { return false }
        return gestureMMMoved(t) >= Self.pinchDisambiguationThreshold
    }

    /// libinput: tp_gesture_post_events
    mutating func gesturePostEvents(_ time: Int64, ignoreMotion: Bool) {
        if gesture.fingerCount == 0 { return }
        if tapDragging() || (buttons.isClickpad && buttons.state != 0 && thumb.state == .finger) {
            if gesture.state != .pointerMotion {
                gestureCancel(time)
                gestureHandleEvent(.pointerMotion, time)
            }
            gesture.fingerCount = 1
            gesture.fingerCountPending = 0
        }
        if gesture.fingerCountPending != 0 { return }
        if time < gesture.initialTime + Self.pinchTimeout && gestureThumbMoved() { thumbReset() }
        if gesture.fingerCount <= 4 { gesturePostGesture(time, ignoreMotion: ignoreMotion) }
    }

    /// libinput: tp_gesture_stop_twofinger_scroll
    mutating func gestureStopTwofingerScroll(_ time: Int64) {
        if scroll.method != .twoFinger { return }
        stopScroll(time)
    }

    mutating func gestureEnd(_ time: Int64, cancelled: Bool) {
        if !gesture.started { gestureHandleEvent(.reset, time); return }
        switch gesture.state {
        case .hold, .holdAndMotion:
            emit(time, .gesture(.init(kind: .hold, phase: .end, fingers: gesture.fingerCount, cancelled: cancelled)))
        case .scroll:
            gestureStopTwofingerScroll(time)
        case .pinch:
            emit(time, .gesture(.init(kind: .pinch, phase: .end, fingers: gesture.fingerCount, cancelled: cancelled, scale: gesture.prevScale)))
        case .swipe:
            emit(time, .gesture(.init(kind: .swipe, phase: .end, fingers: gesture.fingerCount, cancelled: cancelled)))
        default: break
        }
        gesture.started = false
        gestureHandleEvent(.reset, time)
    }

    mutating func gestureCancel(_ time: Int64) { gestureEnd(time, cancelled: true) }
    mutating func gestureStop(_ time: Int64) { gestureEnd(time, cancelled: false) }

    mutating func gestureCancelMotionGestures(_ time: Int64) {
        if gesture.started && gesture.state != .hold { gestureEnd(time, cancelled: true) }
    }

    mutating func gestureFingerCountSwitchTimeout(_ now: Int64) {
        if gesture.fingerCountPending == 0 { return }
        gestureCancel(now)
        gesture.fingerCount = gesture.fingerCountPending
        gesture.fingerCountPending = 0
    }

    /// libinput: tp_gesture_handle_state
    mutating func gestureHandleState(_ time: Int64) {
        var active = 0
        for i in touches.indices where touchActiveForGesture(i) { active += 1 }
        if active != gesture.fingerCount {
            if active == 0 {
                gestureStop(time)
                gesture.fingerCount = 0
                gesture.fingerCountPending = 0
            } else if !gesture.started {
                gesture.fingerCount = active
                gesture.fingerCountPending = 0
                if gesture.state == .unknown || gesture.state == .pointerMotion { gestureHandleEvent(.reset, time) }
            } else if active != gesture.fingerCountPending {
                gesture.fingerCountPending = active
                gesture.switchTimer = time + Self.switchTimeout
            }
        } else {
            gesture.fingerCountPending = 0
        }
    }

    // MARK: evdev scroll posting

    /// `evdev_post_scroll` (``EvdevScroll/post(dx:dy:)``) posted as
    /// `evdev_notify_axis_finger`.
    mutating func postScroll(_ time: Int64, dx: Double, dy: Double) {
        if let p = evdevScroll.post(dx: dx, dy: dy) { notifyAxisFinger(time, axes: p.axes, dx: p.dx, dy: p.dy) }
    }

    /// `evdev_stop_scroll` (``EvdevScroll/stop()``): a 0 event on the scrolling axes.
    mutating func stopScroll(_ time: Int64) {
        let axes = evdevScroll.stop()
        if axes != 0 { notifyAxisFinger(time, axes: axes, dx: 0, dy: 0, natural: false) }
    }
}

extension TouchpadDispatch {
    /// libinput: tp_init_gesture
    ///
    /// Gestures need a multitouch pad that is not semi-MT; hold gestures
    /// follow them unless set.
    mutating func initGesture() {
        gesture.enabled = !semiMT && numSlots > 1
        gesture.holdEnabled = settings.holdGestures ?? gesture.enabled
        if !gesture.enabled { gesture.holdEnabled = false }
    }
}
