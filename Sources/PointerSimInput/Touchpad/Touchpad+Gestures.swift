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
        scrollActiveH = false; scrollActiveV = false
        scrollDurationH = 0; scrollDurationV = 0
        scrollVector = (0, 0)
        scrollTimePrev = 0
    }

    mutating func gestureStart(_ time: Int64) {
        if gestureStarted { return }
        switch gestureState {
        case .hold, .holdAndMotion:
            emit(time, .gesture(.init(kind: .hold, phase: .begin, fingers: gestureFingerCount)))
        case .scroll:
            gestureInitScroll()
        case .pinch:
            emit(time, .gesture(.init(kind: .pinch, phase: .begin, fingers: gestureFingerCount)))
        case .swipe:
            emit(time, .gesture(.init(kind: .swipe, phase: .begin, fingers: gestureFingerCount)))
        default: break
        }
        gestureStarted = true
    }

    /// libinput: tp_get_raw_pointer_motion
    func rawPointerMotion() -> (x: Double, y: Double) {
        if isClickpad && buttonsState != 0 { return touchesDelta(average: false) }
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
        guard gestureTouches.0 >= 0, gestureTouches.1 >= 0 else { return (1, 0, (0, 0)) }
        let a = touches[gestureTouches.0], b = touches[gestureTouches.1]
        let n = normalizeDelta(Double(a.point.x - b.point.x), Double(a.point.y - b.point.y))
        let distance = (n.x * n.x + n.y * n.y).squareRoot()
        let angle = _atan2(n.y, n.x) * 180.0 / Double.pi
        return (distance, angle, ((Double(a.point.x) + Double(b.point.x)) / 2, (Double(a.point.y) + Double(b.point.y)) / 2))
    }

    mutating func gestureInitPinch() {
        let p = pinchInfo()
        gestureInitialDistance = p.distance; gestureAngle = p.angle; gestureCenter = p.center
        gesturePrevScale = 1.0
    }

    /// libinput: tp_gesture_set_scroll_buildup
    mutating func gestureSetScrollBuildup() {
        guard gestureTouches.0 >= 0, gestureTouches.1 >= 0 else { return }
        let a = touches[gestureTouches.0], b = touches[gestureTouches.1]
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
        if scrollActiveH && scrollActiveV { return }
        var tdelta: Int64 = 0
        if scrollTimePrev != 0 { tdelta = time - scrollTimePrev }
        if tdelta > eventTimeout { tdelta = 0 }
        scrollTimePrev = time
        let mm = physDelta(raw.x, raw.y)
        var decay: Double
        if tdelta > 0 {
            let recent = (Double(eventTimeout) / 2.0 - Double(tdelta)) / (Double(eventTimeout) / 2.0)
            let later = Double(eventTimeout - tdelta) / (Double(eventTimeout) * 2.0)
            decay = Double(tdelta) <= 0.33 * Double(eventTimeout) ? recent : later
        } else {
            decay = 0.0
        }
        let vx = scrollVector.x * decay + mm.x, vy = scrollVector.y * decay + mm.y
        let length = (vx * vx + vy * vy).squareRoot()
        scrollVector = (vx, vy)
        let deg75 = 3.73, deg60 = 1.73, deg30 = 0.57, deg15 = 0.27
        let slope = vx != 0 ? abs(vy / vx) : Double.infinity
        let minVector = 0.15
        if slope >= deg30 && length > minVector {
            scrollDurationV += tdelta
            if scrollDurationV > active { scrollDurationV = active }
            if slope >= deg75 {
                if scrollDurationH > tdelta { scrollDurationH -= tdelta } else { scrollDurationH = 0 }
            }
        }
        if slope < deg60 && length > minVector {
            scrollDurationH += tdelta
            if scrollDurationH > active { scrollDurationH = active }
            if slope < deg15 {
                if scrollDurationV > tdelta { scrollDurationV -= tdelta } else { scrollDurationV = 0 }
            }
        }
        if scrollDurationH == active {
            scrollActiveH = true
            if scrollDurationV < inactive { scrollActiveV = false }
        }
        if scrollDurationV == active {
            scrollActiveV = true
            if scrollDurationH < inactive { scrollActiveH = false }
        }
        if length > 5.0 && slope < 1.73 && slope >= 0.57 { scrollActiveV = true; scrollActiveH = true }
        if !scrollActiveH && scrollActiveV { delta.dx = 0 }
        if scrollActiveH && !scrollActiveV { delta.dy = 0 }
        if !scrollActiveH && !scrollActiveV {
            if slope >= deg60 { delta.dx = 0 }
            if slope < deg30 { delta.dy = 0 }
        }
    }

    func isQuickHold() -> Bool { gestureFingerCount == 1 || gestureFingerCount == 2 }

    func useHoldTimer() -> Bool {
        if !tap.enabled { return true }
        if isQuickHold() { return true }
        if gestureFingerCount > 3 { return true }
        if tap.state == .hold || tap.state == .touch2Hold || tap.state == .touch3Hold { return true }
        if tap.state == .dead { return true }
        return false
    }

    mutating func setHoldTimer(_ time: Int64) {
        if !holdEnabled { return }
        if useHoldTimer() { holdTimer = time + (isQuickHold() ? Self.quickHoldTimeout : Self.defaultHoldTimeout) }
    }

    /// libinput: tp_gesture_handle_event
    mutating func gestureHandleEvent(_ event: GestureEvent, _ time: Int64) {
        switch gestureState {
        case .none:
            switch event {
            case .reset: holdTimer = nil
            case .fingerDetected: setHoldTimer(time); gestureState = .unknown
            case .pointerMotion: gestureState = .pointerMotion
            case .scroll: gestureState = .scroll
            default: break
            }
        case .unknown:
            switch event {
            case .reset: holdTimer = nil; gestureState = .none
            case .holdTimeout: gestureState = .hold; gestureStart(time)
            case .pointerMotion: gestureState = .pointerMotion
            case .scroll: holdTimer = nil; gestureSetScrollBuildup(); gestureState = .scroll
            case .swipe: holdTimer = nil; gestureState = .swipe
            case .pinch: holdTimer = nil; gestureInitPinch(); gestureState = .pinch
            default: break
            }
        case .hold:
            switch event {
            case .reset: holdTimer = nil; gestureState = .none
            case .holdAndMotion: gestureState = .holdAndMotion
            case .pointerMotion: gestureCancel(time); gestureState = .pointerMotion
            case .scroll: gestureSetScrollBuildup(); gestureCancel(time); gestureState = .scroll
            case .swipe: gestureCancel(time); gestureState = .swipe
            case .pinch: gestureInitPinch(); gestureCancel(time); gestureState = .pinch
            default: break
            }
        case .holdAndMotion:
            switch event {
            case .reset: holdTimer = nil; gestureState = .none
            case .pointerMotion: gestureCancel(time); gestureState = .pointerMotion
            default: break
            }
        case .pointerMotion:
            switch event {
            case .reset: holdTimer = nil; gestureState = .none
            case .holdTimeout:
                if gestureFingerCount != 1 { break }
                if gestureTouches.0 >= 0, gestureMMMoved(gestureTouches.0) < Self.holdAndMotionThreshold {
                    gestureState = .holdAndMotion
                    gestureStart(time)
                }
            default: break
            }
        case .scroll:
            switch event {
            case .reset: holdTimer = nil; gestureState = .none
            case .pinch: gestureInitPinch(); gestureCancel(time); gestureState = .pinch
            default: break
            }
        case .pinch, .swipe:
            if event == .reset { holdTimer = nil; gestureState = .none }
        }
    }

    mutating func gestureHoldTimeout(_ now: Int64) {
        if tapDraggingOrDoubleTapping() || tapDragging() { return }
        gestureHandleEvent(.holdTimeout, now)
    }

    /// libinput: tp_gesture_tap_timeout
    mutating func gestureTapTimeout(_ time: Int64) {
        if !holdEnabled { return }
        if !isQuickHold() { gestureHandleEvent(.holdTimeout, time) }
    }

    /// libinput: tp_gesture_detect_motion_gestures
    mutating func detectMotionGestures(_ time: Int64) {
        let first = gestureTouches.0, second = gestureTouches.1
        var minMove = 1.5, maxMove = 4.0
        let firstMM = gestureMMMoved(first)
        if gestureFingerCount == 1 {
            if !hasPendingPointerMotion() { return }
            let isHoldAndMotion = firstMM < Self.holdAndMotionThreshold
            if gestureState == .hold && isHoldAndMotion { gestureHandleEvent(.holdAndMotion, time); return }
            if gestureState == .holdAndMotion && isHoldAndMotion { return }
            gestureHandleEvent(.pointerMotion, time)
            return
        }
        if gestureEnabled && gestureFingerCount > 2 && gestureFingerCount > numSlots {
            gestureHandleEvent(.swipe, time)
            return
        }
        maxMove += 2.0 * Double(gestureFingerCount - 2)
        minMove += 0.5 * Double(gestureFingerCount - 2)
        let secondMM = gestureMMMoved(second)
        let a = touches[first], b = touches[second]
        let distance = unitDeltaToMM(abs(a.point.x - b.point.x), abs(a.point.y - b.point.y))
        if firstMM < 1 && secondMM < 1 { return }
        let thumb: Int, thumbMM: Double, fingerMM: Double
        if a.point.y > b.point.y { thumb = first; thumbMM = firstMM; fingerMM = secondMM }
        else { thumb = second; thumbMM = secondMM; fingerMM = firstMM }
        if (!gestureEnabled || (distance.x < 40.0 && distance.y < 7.0)) && time > gestureInitialTime + Self.swipeTimeout {
            gestureHandleEvent(gestureFingerCount == 2 ? .scroll : .swipe, time)
            return
        }
        if firstMM >= maxMove || secondMM >= maxMove {
            if detectThumbs && thumbMM < minMove {
                thumbSuppress(thumb)
                gestureCancel(time)
                return
            }
            if (!gestureEnabled || fingerMM < minMove) && gestureFingerCount == 2 {
                gestureHandleEvent(.scroll, time)
                return
            }
            if fingerMM < minMove && gestureFingerCount > 2 && gestureEnabled && thumbPinchEligible {
                gestureHandleEvent(.pinch, time)
                return
            }
        }
        if firstMM < minMove || secondMM < minMove { return }
        let d1 = gestureDirection(first), d2 = gestureDirection(second)
        if gestureFingerCount > numSlots || Self.sameDirections(d1, d2) {
            if gestureFingerCount == 2 { gestureHandleEvent(.scroll, time); return }
            if gestureEnabled { gestureHandleEvent(.swipe, time); return }
        }
        gestureHandleEvent(.pinch, time)
    }

    func gestureIsPinch() -> Bool {
        let first = gestureTouches.0, second = gestureTouches.1
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
            gestureTouches.0 = first
            gestureHandleEvent(.fingerDetected, time)
            return
        }
        if !gestureEnabled {
            if active.count == 2 { gestureHandleEvent(.scroll, time) }
            return
        }
        if active.count > 2 {
            second = active[0]
            var i = 1
            while i < active.count && i < numSlots {
                if touches[active[i]].point.y < touches[first].point.y { first = active[i] }
                else if touches[active[i]].point.y >= touches[second].point.y { second = active[i] }
                i += 1
            }
            if first == second { return }
        }
        gestureInitialTime = time
        touches[first].gestureInitial = touches[first].point
        touches[second].gestureInitial = touches[second].point
        gestureTouches = (first, second)
        gestureHandleEvent(.fingerDetected, time)
    }

    mutating func gestureHandleStateScroll(_ time: Int64) {
        if scrollMethod != .twoFinger { return }
        if time < gestureInitialTime + Self.pinchTimeout && gestureIsPinch() {
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
            emit(time, .gesture(.init(kind: .swipe, phase: .update, fingers: gestureFingerCount, dx: delta.dx, dy: delta.dy,
                                      dxUnaccelerated: unaccel.dx, dyUnaccelerated: unaccel.dy)))
        }
    }

    mutating func gestureHandleStatePinch(_ time: Int64) {
        let p = pinchInfo()
        // libinput divides by the distance at the pinch's start: two touches
        // at one point then (no real touchpad reports that; fuzzed input
        // does) make it 0 and its scale NaN or infinite, which no log can
        // hold. Here the first non-zero distance becomes the reference
        // instead, and the scale is 1 until there is one.
        if gestureInitialDistance == 0 { gestureInitialDistance = p.distance }
        let scale = gestureInitialDistance > 0 ? p.distance / gestureInitialDistance : 1
        var angleDelta = p.angle - gestureAngle
        gestureAngle = p.angle
        if angleDelta > 180.0 { angleDelta -= 360.0 } else if angleDelta < -180.0 { angleDelta += 360.0 }
        let fdelta = (p.center.x - gestureCenter.x, p.center.y - gestureCenter.y)
        gestureCenter = p.center
        let delta = filterMotion(fdelta.0, fdelta.1, time)
        if delta.dx == 0 && delta.dy == 0 && fdelta.0 == 0 && fdelta.1 == 0 && scale == gesturePrevScale && angleDelta == 0 { return }
        let unaccel = filterMotionUnaccelerated(fdelta.0, fdelta.1)
        gestureStart(time)
        emit(time, .gesture(.init(kind: .pinch, phase: .update, fingers: gestureFingerCount, dx: delta.dx, dy: delta.dy,
                                  dxUnaccelerated: unaccel.dx, dyUnaccelerated: unaccel.dy, scale: scale, angleDelta: angleDelta)))
        gesturePrevScale = scale
    }

    mutating func gesturePostGesture(_ time: Int64, ignoreMotion: Bool) {
        if gestureState == .none { gestureHandleStateNone(time) }
        if gestureState == .unknown { if !ignoreMotion { detectMotionGestures(time) } }
        if gestureState == .hold {
            gestureStart(time)
            if !ignoreMotion { detectMotionGestures(time) }
        }
        if gestureState == .pointerMotion { if queued & Self.queuedMotion != 0 { gesturePostPointerMotion(time) } }
        if gestureState == .holdAndMotion {
            if queued & Self.queuedMotion != 0 { gesturePostPointerMotion(time) }
            detectMotionGestures(time)
        }
        if gestureState == .scroll { gestureHandleStateScroll(time) }
        if gestureState == .swipe { gestureHandleStateSwipe(time) }
        if gestureState == .pinch { gestureHandleStatePinch(time) }
    }

    func gestureThumbMoved() -> Bool {
        guard let thumb = thumbTouch(), touchActiveForGesture(thumb) else { return false }
        return gestureMMMoved(thumb) >= Self.pinchDisambiguationThreshold
    }

    /// libinput: tp_gesture_post_events
    mutating func gesturePostEvents(_ time: Int64, ignoreMotion: Bool) {
        if gestureFingerCount == 0 { return }
        if tapDragging() || (isClickpad && buttonsState != 0 && thumbState == .finger) {
            if gestureState != .pointerMotion {
                gestureCancel(time)
                gestureHandleEvent(.pointerMotion, time)
            }
            gestureFingerCount = 1
            gestureFingerCountPending = 0
        }
        if gestureFingerCountPending != 0 { return }
        if time < gestureInitialTime + Self.pinchTimeout && gestureThumbMoved() { thumbReset() }
        if gestureFingerCount <= 4 { gesturePostGesture(time, ignoreMotion: ignoreMotion) }
    }

    /// libinput: tp_gesture_stop_twofinger_scroll
    mutating func gestureStopTwofingerScroll(_ time: Int64) {
        if scrollMethod != .twoFinger { return }
        stopScroll(time)
    }

    mutating func gestureEnd(_ time: Int64, cancelled: Bool) {
        if !gestureStarted { gestureHandleEvent(.reset, time); return }
        switch gestureState {
        case .hold, .holdAndMotion:
            emit(time, .gesture(.init(kind: .hold, phase: .end, fingers: gestureFingerCount, cancelled: cancelled)))
        case .scroll:
            gestureStopTwofingerScroll(time)
        case .pinch:
            emit(time, .gesture(.init(kind: .pinch, phase: .end, fingers: gestureFingerCount, cancelled: cancelled, scale: gesturePrevScale)))
        case .swipe:
            emit(time, .gesture(.init(kind: .swipe, phase: .end, fingers: gestureFingerCount, cancelled: cancelled)))
        default: break
        }
        gestureStarted = false
        gestureHandleEvent(.reset, time)
    }

    mutating func gestureCancel(_ time: Int64) { gestureEnd(time, cancelled: true) }
    mutating func gestureStop(_ time: Int64) { gestureEnd(time, cancelled: false) }

    mutating func gestureCancelMotionGestures(_ time: Int64) {
        if gestureStarted && gestureState != .hold { gestureEnd(time, cancelled: true) }
    }

    mutating func gestureFingerCountSwitchTimeout(_ now: Int64) {
        if gestureFingerCountPending == 0 { return }
        gestureCancel(now)
        gestureFingerCount = gestureFingerCountPending
        gestureFingerCountPending = 0
    }

    /// libinput: tp_gesture_handle_state
    mutating func gestureHandleState(_ time: Int64) {
        var active = 0
        for i in touches.indices where touchActiveForGesture(i) { active += 1 }
        if active != gestureFingerCount {
            if active == 0 {
                gestureStop(time)
                gestureFingerCount = 0
                gestureFingerCountPending = 0
            } else if !gestureStarted {
                gestureFingerCount = active
                gestureFingerCountPending = 0
                if gestureState == .unknown || gestureState == .pointerMotion { gestureHandleEvent(.reset, time) }
            } else if active != gestureFingerCountPending {
                gestureFingerCountPending = active
                gestureSwitchTimer = time + Self.switchTimeout
            }
        } else {
            gestureFingerCountPending = 0
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
