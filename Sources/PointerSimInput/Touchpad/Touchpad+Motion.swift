// Derived from libinput 1.22.1: the touch life cycle, motion history, jump,
// wobble and hysteresis handling of src/evdev-mt-touchpad.c. The logic is
// re-expressed in Swift. libinput's notice (MIT licence), which covers this
// file (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2014-2015 Red Hat, Inc.
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

/// Touch life cycle, fake fingers, the motion history, jumps, wobble and
/// hysteresis, pinning (`evdev-mt-touchpad.c`); follows libinput 1.22's
/// algorithms.
extension TouchpadDispatch {
    // MARK: Fake fingers (BTN_TOUCH, BTN_TOOL_*)

    /// libinput: tp_fake_finger_count
    ///
    /// The BTN_TOOL_* finger count, or the overflow marker.
    var fakeFingerCount: Int {
        if fakeTouches & Self.fakeFingerOverflow != 0 { return Int(Self.fakeFingerOverflow) }
        let v = fakeTouches >> 1
        return v == 0 ? 0 : v.trailingZeroBitCount + 1  // ffs
    }

    var fakeFingerIsTouching: Bool { fakeTouches & 1 != 0 }

    /// libinput: tp_fake_finger_set
    mutating func fakeFingerSet(_ code: UInt16, pressed: Bool) {
        typealias C = EventCodes
        var shift: UInt32
        switch code {
        case C.BTN_TOUCH:
            if !pressed { fakeTouches &= ~Self.fakeFingerOverflow }
            shift = 0
        case C.BTN_TOOL_FINGER: shift = 1
        case C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP, C.BTN_TOOL_QUADTAP:
            shift = UInt32(code - C.BTN_TOOL_DOUBLETAP) + 2
        case C.BTN_TOOL_QUINTTAP:
            if pressed { fakeTouches |= Self.fakeFingerOverflow }
            return
        default: return
        }
        if pressed {
            fakeTouches &= ~Self.fakeFingerOverflow
            fakeTouches |= 1 << shift
        } else {
            fakeTouches &= ~(1 << shift)
        }
    }

    // MARK: Touch life cycle

    /// libinput: tp_new_touch
    mutating func newTouch(_ i: Int, _ time: Int64) {
        switch touches[i].state {
        case .begin, .update, .hovering: return
        case .maybeEnd:
            nfingersDown += 1
            touches[i].state = .update
            touches[i].hasEnded = false
            return
        default: break
        }
        touches[i].historyCount = 0
        touches[i].dirty = true
        touches[i].hasEnded = false
        touches[i].wasDown = false
        touches[i].palmState = .none
        touches[i].state = .hovering
        touches[i].isPinned = false
        touches[i].lastSpeed = 0
        touches[i].exceededCount = 0
        touches[i].xMotionHistory = 0
        queued |= Self.queuedMotion
    }

    /// libinput: tp_begin_touch
    mutating func beginTouch(_ i: Int, _ time: Int64) {
        touches[i].dirty = true
        touches[i].state = .begin
        touches[i].initialTime = time
        touches[i].wasDown = true
        nfingersDown += 1
        touches[i].palmTime = time
        touches[i].tapIsThumb = false
        touches[i].tapIsPalm = false
        touches[i].exceededCount = 0
        hysteresis.lastMotionTime = time
    }

    /// libinput: tp_maybe_end_touch
    mutating func maybeEndTouch(_ i: Int, _ time: Int64) {
        switch touches[i].state {
        case .none, .maybeEnd, .end: return
        case .hovering, .begin, .update: break
        }
        if touches[i].state != .hovering {
            nfingersDown = Swift.max(0, nfingersDown - 1)
            touches[i].state = .maybeEnd
        } else {
            touches[i].state = .none
        }
        touches[i].dirty = true
    }

    /// libinput: tp_recover_ended_touch
    mutating func recoverEndedTouch(_ i: Int) {
        touches[i].dirty = true
        touches[i].state = .update
        nfingersDown += 1
    }

    /// libinput: tp_end_touch
    mutating func endTouch(_ i: Int, _ time: Int64) {
        guard touches[i].state == .maybeEnd else { return }
        touches[i].dirty = true
        touches[i].palmState = .none
        touches[i].state = .end
        touches[i].isPinned = false
        touches[i].palmTime = 0
        touches[i].exceededCount = 0
        queued |= Self.queuedMotion
    }

    /// libinput: tp_end_sequence
    mutating func endSequence(_ i: Int, _ time: Int64) {
        touches[i].hasEnded = true
        maybeEndTouch(i, time)
    }

    /// libinput: tp_restore_synaptics_touches
    mutating func restoreSynapticsTouches(_ time: Int64) {
        let n = fakeFingerCount
        if n < 3 { return }
        if nfingersDown >= n || (nfingersDown == numSlots && n == numSlots) { return }
        for i in 0..<Swift.min(numSlots, touches.count) where touches[i].state == .maybeEnd {
            recoverEndedTouch(i)
        }
    }

    /// libinput: tp_process_fake_touches
    mutating func processFakeTouches(_ time: Int64) {
        let n = fakeFingerCount
        if n == Int(Self.fakeFingerOverflow) { return }
        if modelSynapticsSerial { restoreSynapticsTouches(time) }
        if modelAlpsSerial && n > 1 && hasMT && nactiveSlots > 0 && n > nactiveSlots && nactiveSlots < numSlots {
            numSlots = nactiveSlots
        }
        let start = hasMT ? numSlots : 0
        if start < touches.count {
            for i in start..<touches.count {
                if i < n { newTouch(i, time) } else { endSequence(i, time) }
            }
        }
    }

    // MARK: Unhover (touch begin/end by pressure, size or fake fingers)

    mutating func unhoverTouches(_ time: Int64) {
        if usePressure { unhoverPressure(time) } else if useTouchSize { unhoverSize(time) } else { unhoverFakeTouches(time) }
    }

    /// libinput: tp_unhover_pressure
    mutating func unhoverPressure(_ time: Int64) {
        var nfake = fakeFingerCount
        if nfake == Int(Self.fakeFingerOverflow) { nfake = 0 }
        var realFingersDown = 0
        for i in 0..<Swift.min(numSlots, touches.count) {
            if touches[i].state == .none { continue }
            if touches[i].dirty {
                if touches[i].state == .hovering {
                    if touches[i].pressure >= pressureHigh {
                        touches[i].historyCount = 0
                        beginTouch(i, time)
                    }
                } else if nfake <= numSlots || numSlots == 1 {
                    if touches[i].pressure < pressureLow { maybeEndTouch(i, time) }
                }
            }
            if touches[i].state == .begin || touches[i].state == .update { realFingersDown += 1 }
        }
        if nfake <= numSlots || nfingersDown == 0 { return }
        if realFingersDown > 0 {
            for i in touches.indices where touches[i].state == .hovering {
                touches[i].historyCount = 0
                beginTouch(i, time)
                if nfingersDown >= nfake { break }
            }
        }
        if nfingersDown > nfake || realFingersDown == 0 {
            for i in touches.indices.reversed() {
                let s = touches[i].state
                if s == .hovering || s == .none || s == .maybeEnd { continue }
                maybeEndTouch(i, time)
                if realFingersDown > 0 && nfingersDown == nfake { break }
            }
        }
    }

    /// libinput: tp_unhover_size
    mutating func unhoverSize(_ time: Int64) {
        let low = touchSizeLow, high = touchSizeHigh
        for i in 0..<Swift.min(numSlots, touches.count) {
            if touches[i].state == .none || !touches[i].dirty { continue }
            let t = touches[i]
            if t.state == .hovering {
                if (t.major > high && t.minor > low) || (t.major > low && t.minor > high) {
                    touches[i].historyCount = 0
                    beginTouch(i, time)
                }
            } else if t.major < low || t.minor < low {
                maybeEndTouch(i, time)
            }
        }
    }

    /// libinput: tp_unhover_fake_touches
    mutating func unhoverFakeTouches(_ time: Int64) {
        if fakeTouches == 0 && nfingersDown == 0 { return }
        let nfake = fakeFingerCount
        if nfake == Int(Self.fakeFingerOverflow) { return }
        if nfingersDown == nfake && ((nfingersDown == 0 && !fakeFingerIsTouching) || (nfingersDown > 0 && fakeFingerIsTouching)) {
            return
        }
        if fakeFingerIsTouching && nfingersDown < nfake {
            for i in touches.indices where touches[i].state == .hovering {
                beginTouch(i, time)
                if nfingersDown >= nfake { break }
            }
        }
        if nfingersDown > nfake || !fakeFingerIsTouching {
            for i in touches.indices.reversed() {
                let s = touches[i].state
                if s == .hovering || s == .none { continue }
                maybeEndTouch(i, time)
                if fakeFingerIsTouching && nfingersDown == nfake { break }
            }
        }
    }

    /// libinput: tp_position_fake_touches
    ///
    /// Fake touches take the top-most real touch's position.
    mutating func positionFakeTouches() {
        if fakeFingerCount <= numSlots || nfingersDown == 0 { return }
        var topmost: Int? = nil
        for i in 0..<Swift.min(numSlots, touches.count) {
            let s = touches[i].state
            if s == .end || s == .none { continue }
            if topmost == nil || touches[i].point.y < touches[topmost!].point.y { topmost = i }
        }
        guard let top = topmost else { return }
        let start = hasMT ? numSlots : 1
        if start < touches.count {
            for i in start..<touches.count where touches[i].state != .none {
                touches[i].point = touches[top].point
                touches[i].pressure = touches[top].pressure
                if !touches[i].dirty { touches[i].dirty = touches[top].dirty }
            }
        }
    }

    // MARK: Motion history

    /// libinput: tp_need_motion_history_reset
    mutating func needMotionHistoryReset() -> Bool {
        var rc = false
        if nfingersDown != oldNfingersDown { return true }
        if modelLenovoT450 {
            if queued & Self.queuedMotion != 0 {
                if nonmotionEventCount > 10 {
                    queued &= ~Self.queuedMotion
                    rc = true
                }
                nonmotionEventCount = 0
            }
            if queued & (Self.queuedOtherAxis | Self.queuedMotion) == Self.queuedOtherAxis { nonmotionEventCount += 1 }
        }
        return rc
    }

    /// libinput: tp_motion_history_push
    mutating func motionHistoryPush(_ i: Int, _ time: Int64) {
        let idx = (touches[i].historyIndex + 1) % 4
        if touches[i].historyCount < 4 { touches[i].historyCount += 1 }
        touches[i].setSample(idx, HistoryPoint(time: time, point: touches[i].point))
        touches[i].historyIndex = idx
    }

    /// libinput: tp_get_delta
    ///
    /// The latest history step.
    func getDelta(_ i: Int) -> Point {
        let t = touches[i]
        if t.historyCount <= 1 { return Point() }
        let a = t.historyOffset(0).point, b = t.historyOffset(1).point
        return Point(x: a.x - b.x, y: a.y - b.y)
    }

    /// libinput: tp_calculate_motion_speed
    ///
    /// As libinput's `tp_calculate_motion_speed` (multitouch pads only).
    mutating func calculateMotionSpeed(_ i: Int, _ time: Int64) {
        if !hasMT || semiMT { return }
        let t = touches[i]
        if t.state != .update || t.historyCount < 4 { return }
        let last = t.historyOffset(1)
        let mm = unitDeltaToMM(abs(t.point.x - last.point.x), abs(t.point.y - last.point.y))
        let distance = (mm.x * mm.x + mm.y * mm.y).squareRoot()
        let dt = time &- last.time
        touches[i].lastSpeed = distance / Double(UInt64(bitPattern: dt)) * 1_000_000
    }

    /// libinput: tp_detect_jumps
    ///
    /// A delta above 20 mm or 7 mm more than the last, per 12 ms.
    mutating func detectJumps(_ i: Int, _ time: Int64) -> Bool {
        if jumpDetectionDisabled || modelWacom { return false }
        if touches[i].historyCount == 0 { touches[i].jumpLastDeltaMM = 0; return false }
        let reference: Int64 = 12_000
        let last = touches[i].historyOffset(0)
        let tdelta = UInt64(bitPattern: time &- last.time)
        if Double(tdelta) > 2.5 * Double(reference) || tdelta == 0 { return false }
        let p = touches[i].point
        let mm = unitDeltaToMM(abs(p.x - last.point.x), abs(p.y - last.point.y))
        let absDistance = (mm.x * mm.x + mm.y * mm.y).squareRoot() * Double(reference) / Double(tdelta)
        let relDistance = absDistance - touches[i].jumpLastDeltaMM
        if modelAlpsSerial && p.x == 4095 && p.y == 0 {
            touches[i].point = last.point
            return true
        }
        let isJump = absDistance > 20.0 || relDistance > 7
        touches[i].jumpLastDeltaMM = absDistance
        return isJump
    }

    /// libinput: tp_process_msc_timestamp
    ///
    /// A sleeping i2c controller's swallowed events.
    mutating func processMscTimestamp(_ time: Int64) {
        if mscNow == 0 { mscState = .expectFirst; mscInterval = 0; return }
        switch mscState {
        case .expectFirst:
            if mscNow > 20_000 { mscState = .ignore } else { mscState = .expectDelay; mscInterval = mscNow }
        case .expectDelay:
            if UInt64(mscNow) > UInt64(mscInterval) * 2 {
                let tdelta = mscNow &- mscInterval
                for i in touches.indices where touches[i].state == .update {
                    for k in 0..<touches[i].historyCount {
                        let idx = (touches[i].historyIndex - k + 4) % 4
                        var h = touches[i].sample(idx)
                        h.time = time - Int64(tdelta) - Int64(mscInterval) * Int64(k)
                        touches[i].setSample(idx, h)
                    }
                }
                mscState = .ignore
                filter.restart(time: time - Int64(tdelta))
            }
        case .ignore: break
        }
    }

    // MARK: Wobble and hysteresis

    /// libinput: tp_detect_wobbling
    ///
    /// Right-left-right within 40 ms turns hysteresis on.
    mutating func detectWobbling(_ i: Int, _ time: Int64) {
        if nfingersDown != 1 || nfingersDown != oldNfingersDown { return }
        if hysteresis.enabled || touches[i].historyCount == 0 { return }
        if queued & Self.queuedMotion == 0 { touches[i].xMotionHistory = 0; return }
        let prev = touches[i].historyOffset(0).point
        let dx = prev.x - touches[i].point.x, dy = prev.y - touches[i].point.y
        let dtime = time &- hysteresis.lastMotionTime
        hysteresis.lastMotionTime = time
        if (dx == 0 && dy != 0) || UInt64(bitPattern: dtime) > 40_000 {
            touches[i].xMotionHistory = 0
            return
        }
        touches[i].xMotionHistory >>= 1
        if dx > 0 {
            touches[i].xMotionHistory |= 1 << 2
            if touches[i].xMotionHistory == 0x5 { hysteresis.enabled = true }
        }
    }

    /// libinput: tp_motion_hysteresis
    mutating func motionHysteresis(_ i: Int) {
        if !hysteresis.enabled { return }
        if touches[i].historyCount > 0 {
            touches[i].point = Self.hysteresis(touches[i].point, center: touches[i].hysteresisCenter, margin: hysteresis.margin)
        }
        touches[i].hysteresisCenter = touches[i].point
    }

    /// libinput: evdev_hysteresis
    ///
    /// The centre of an ellipse of radii `margin`,
    /// dragged by the finger; results truncated to integers as libinput's.
    static func hysteresis(_ p: Point, center: Point, margin: Point) -> Point {
        let dx = p.x - center.x, dy = p.y - center.y
        let dx2 = dx * dx, dy2 = dy * dy
        let a = margin.x, b = margin.y
        if a == 0 || b == 0 { return p }
        let normalized = (Double(dx2) / Double(a * a) + Double(dy2) / Double(b * b)).squareRoot()
        if normalized < 1.0 { return center }
        let fingerDistance = Double(dx2 + dy2).squareRoot()
        let marginDistance = fingerDistance / normalized
        var lagX: Double, lagY: Double
        if dx != 0 {
            let gradient = Double(dy) / Double(dx)
            lagX = marginDistance / (gradient * gradient + 1).squareRoot()
            lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
        } else {
            lagX = 0; lagY = marginDistance
        }
        let x = dx >= 0 ? Double(p.x) - lagX : Double(p.x) + lagX
        let y = dy >= 0 ? Double(p.y) - lagY : Double(p.y) + lagY
        return Point(x: Int(x), y: Int(y))
    }

    // MARK: Pinning

    /// libinput: tp_unpin_finger
    ///
    /// A pinned touch moves again after 1.5 mm.
    mutating func unpinFinger(_ i: Int) {
        guard touches[i].isPinned else { return }
        let t = touches[i]
        let mm = unitDeltaToMM(abs(t.point.x - t.pinnedCenter.x), abs(t.point.y - t.pinnedCenter.y))
        if (mm.x * mm.x + mm.y * mm.y).squareRoot() >= context.configuration.pinReleaseMM { touches[i].isPinned = false }
    }

    /// libinput: tp_pin_fingers
    mutating func pinFingers() {
        for i in touches.indices {
            touches[i].isPinned = true
            touches[i].pinnedCenter = touches[i].point
        }
    }

    /// libinput: tp_touch_active
    func touchActive(_ i: Int) -> Bool {
        let t = touches[i]
        return (t.state == .begin || t.state == .update) && t.palmState == .none && !t.isPinned
            && !thumbIgnored(i) && buttonTouchActive(i) && edgeScrollTouchActive(i)
    }

    /// libinput: tp_touch_active_for_gesture
    func touchActiveForGesture(_ i: Int) -> Bool {
        let t = touches[i]
        return (t.state == .begin || t.state == .update) && t.palmState == .none && !t.isPinned
            && !thumbIgnoredForGesture(i) && buttonTouchActive(i) && edgeScrollTouchActive(i)
    }

    /// libinput: tp_filter_motion
    ///
    /// Device deltas → accelerated normalised deltas.
    mutating func filterMotion(_ dx: Double, _ dy: Double, _ time: Int64) -> (dx: Double, dy: Double) {
        if dx == 0 && dy == 0 { return (0, 0) }
        return filter.filter(dx: dx, dy: dy * xyScaleCoeff, time: time)
    }

    /// libinput: tp_filter_motion_unaccelerated
    func filterMotionUnaccelerated(_ dx: Double, _ dy: Double) -> (dx: Double, dy: Double) {
        if dx == 0 && dy == 0 { return (0, 0) }
        return filter.constant(dx: dx, dy: dy * xyScaleCoeff)
    }

    /// libinput: tp_normalize_delta
    func normalizeDelta(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
        (dx * xScaleCoeff, dy * yScaleCoeff)
    }

    /// libinput: tp_phys_delta
    func physDelta(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
        (dx / Double(axisX.resolution), dy / Double(axisY.resolution))
    }
}
