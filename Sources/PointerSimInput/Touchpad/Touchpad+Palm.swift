// Derived from libinput 1.22.1: src/evdev-mt-touchpad-thumb.c and the palm
// detection of src/evdev-mt-touchpad.c. The logic is re-expressed in Swift.
// libinput's notice (MIT licence), which covers this file
// (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2019 Matt Mayfield
// Copyright © 2019 Red Hat, Inc.
// Copyright © 2014-2015 Red Hat, Inc. (evdev-mt-touchpad.c)
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

/// Thumb and palm detection (`evdev-mt-touchpad-thumb.c`, the palm part of
/// `evdev-mt-touchpad.c`); follows libinput 1.22's algorithms.
///
/// Thumbs (clickpads at least 50 mm high): a touch starting below 85 % of
/// the height is jailed (ignored for pointer motion) until it leaves that
/// area or moves fast; with `AttrThumbPressureThreshold` /
/// `AttrThumbSizeThreshold`, pressure or size below 92 % decide. With two
/// fingers, the lower one is a thumb when they are far apart (> 25 mm
/// vertically) or when a new touch lands while another moves fast.
///
/// Palms: pressure above `AttrPalmPressureThreshold` (default 130, pads
/// with `ABS_MT_PRESSURE`), size above `AttrPalmSizeThreshold`,
/// `MT_TOOL_PALM`, touches starting in the side edges (8 % of the width, at
/// most 8 mm, pads at least 70 mm wide) or the top 5 % (pads over 55 mm
/// high without top buttons) until they move out within 200 ms, typing
/// (disable-while-typing) and trackpoint use.
extension TouchpadDispatch {
    // MARK: Thumbs

    mutating func thumbSetState(_ i: Int?, _ state: ThumbState) {
        let index = i.map { touches[$0].index } ?? Int(UInt32.max)
        if thumb.state == state && thumb.index == index { return }
        thumb.state = state
        thumb.index = index
    }

    mutating func thumbReset() {
        thumb.state = .finger
        thumb.index = Int(UInt32.max)
        thumb.pinchEligible = true
    }

    mutating func thumbLift() {
        thumb.state = .finger
        thumb.index = Int(UInt32.max)
    }

    func thumbInExclusionArea(_ i: Int) -> Bool {
        touches[i].point.y > thumb.lowerThumbLine && scroll.method != .edge
    }

    func thumbDetectPressureSize(_ i: Int) -> Bool {
        var isThumb = false
        if thumb.usePressure && touches[i].pressure > thumb.pressureThreshold && thumbInExclusionArea(i) { isThumb = true }
        if thumb.useSize && touches[i].major > thumb.sizeThreshold && Double(touches[i].minor) < Double(thumb.sizeThreshold) * 0.6 {
            isThumb = true
        }
        return isThumb
    }

    func thumbNeedsJail(_ i: Int) -> Bool {
        if touches[i].point.y < thumb.upperThumbLine || scroll.method == .edge { return false }
        if !thumbInExclusionArea(i) && (thumb.useSize || thumb.usePressure) && !thumbDetectPressureSize(i) { return false }
        if touches[i].exceededCount >= 10 { return false }
        return true
    }

    /// libinput: tp_thumb_ignored
    func thumbIgnored(_ i: Int) -> Bool {
        guard thumb.detect && thumb.index == touches[i].index else { return false }
        switch thumb.state {
        case .jailed, .pinch, .suppressed, .revivedJailed, .dead: return true
        default: return false
        }
    }

    func thumbIgnoredForTap(_ i: Int) -> Bool {
        guard thumb.detect && thumb.index == touches[i].index else { return false }
        switch thumb.state {
        case .pinch, .suppressed, .dead: return true
        default: return false
        }
    }

    func thumbIgnoredForGesture(_ i: Int) -> Bool {
        guard thumb.detect && thumb.index == touches[i].index else { return false }
        switch thumb.state {
        case .jailed, .suppressed, .revivedJailed, .dead: return true
        default: return false
        }
    }

    mutating func thumbSuppress(_ i: Int) {
        if thumb.state == .finger || thumb.state == .jailed || thumb.state == .pinch || thumb.index != touches[i].index {
            thumbSetState(i, .suppressed)
            return
        }
        thumbSetState(i, .dead)
    }

    mutating func thumbPinch(_ i: Int) {
        if thumb.state == .finger || thumb.state == .jailed || thumb.index != touches[i].index {
            thumbSetState(i, .pinch)
        } else if thumb.state != .pinch {
            thumbSuppress(i)
        }
    }

    mutating func thumbRevive(_ i: Int) {
        if (thumb.state != .suppressed && thumb.state != .pinch) || thumb.index != touches[i].index { return }
        thumbSetState(i, thumbNeedsJail(i) ? .revivedJailed : .revived)
    }

    /// libinput: tp_thumb_update_touch
    mutating func thumbUpdateTouch(_ i: Int, _ time: Int64) {
        if !thumb.detect { return }
        if touches[i].exceededCount >= 10 && thumb.pinchEligible && gesture.state == .none {
            thumb.pinchEligible = false
            if thumb.state == .pinch, let k = touches.firstIndex(where: { $0.index == thumb.index }) {
                thumbSetState(k, .suppressed)
            }
        }
        if touches[i].state == .end && touches[i].index == thumb.index { thumbLift(); return }
        if nfingersDown > 1 { return }
        thumbRevive(i)
        if touches[i].state == .begin && thumbNeedsJail(i) { thumbSetState(i, .jailed); return }
        if thumb.state == .jailed && !thumbNeedsJail(i) { thumbSetState(i, .finger) }
        if thumb.state == .revivedJailed && !thumbNeedsJail(i) { thumbSetState(i, .revived) }
    }

    /// libinput: tp_thumb_update_multifinger
    mutating func thumbUpdateMultifinger() {
        var first: Int? = nil, second: Int? = nil, newest: Int? = nil, oldest: Int? = nil
        var speedExceeded = 0
        for i in touches.indices {
            let t = touches[i]
            if t.state == .none || t.state == .hovering { continue }
            if t.state == .begin { newest = i }
            speedExceeded = Swift.max(speedExceeded, t.exceededCount)
            if oldest == nil || t.initialTime < touches[oldest!].initialTime { oldest = i }
            guard let f = first else { first = i; continue }
            if t.point.y > touches[f].point.y { second = first; first = i; continue }
            if second == nil || t.point.y > touches[second!].point.y { second = i }
        }
        guard let f = first, let s = second else { return }
        let mm = unitDeltaToMM(abs(touches[f].point.x - touches[s].point.x), abs(touches[f].point.y - touches[s].point.y))
        let scrollX = 35.0, scrollY = 25.0
        if let n = newest, thumb.state == .finger, nfingersDown >= 2, speedExceeded > 5,
            scroll.method != .twoFinger || (mm.x > scrollX || mm.y > scrollY)
        {
            thumbSuppress(n)
            return
        }
        if mm.x < scrollX && mm.y < scrollY { thumbLift(); return }
        if let n = newest, let o = oldest, touches[n].initialTime - touches[o].initialTime < 100_000,
            touches[f].point.y < thumb.lowerThumbLine
        {
            thumbLift()
            return
        }
        if mm.y > scrollY {
            if thumb.pinchEligible { thumbPinch(f) } else { thumbSuppress(f) }
        } else {
            thumbLift()
        }
    }

    /// libinput: tp_thumb_get_touch
    func thumbTouch() -> Int? {
        if thumb.index == Int(UInt32.max) { return nil }
        return touches.firstIndex { $0.index == thumb.index }
    }

    // MARK: Palms

    func palmWasInSideEdge(_ i: Int) -> Bool { touches[i].palmFirst.x < palm.leftEdge || touches[i].palmFirst.x > palm.rightEdge }
    func palmWasInTopEdge(_ i: Int) -> Bool { touches[i].palmFirst.y < palm.upperEdge }
    func palmInSideEdge(_ i: Int) -> Bool { touches[i].point.x < palm.leftEdge || touches[i].point.x > palm.rightEdge }
    func palmInTopEdge(_ i: Int) -> Bool { touches[i].point.y < palm.upperEdge }
    func palmInEdge(_ i: Int) -> Bool { palmInSideEdge(i) || palmInTopEdge(i) }

    /// libinput: tp_palm_tap_is_palm
    func palmTapIsPalm(_ i: Int) -> Bool { touches[i].state == .begin && palmInEdge(i) }

    mutating func palmDetectDWT(_ i: Int, _ time: Int64) -> Bool {
        if dwt.enabled && dwt.keyboardActive && touches[i].state == .begin {
            touches[i].palmState = .typing
            touches[i].palmFirst = touches[i].point
            return true
        }
        if !dwt.keyboardActive && touches[i].state == .update && touches[i].palmState == .typing {
            if touches[i].palmTime == 0 || touches[i].palmTime > dwt.keyboardLastPressTime { touches[i].palmState = .none }
        }
        return false
    }

    mutating func palmDetectTrackpoint(_ i: Int, _ time: Int64) -> Bool {
        if !palm.monitorTrackpoint { return false }
        if touches[i].palmState == .none && touches[i].state == .begin && palm.trackpointActive {
            touches[i].palmState = .trackpoint
            return true
        }
        if touches[i].palmState == .trackpoint && touches[i].state == .update && !palm.trackpointActive {
            if touches[i].palmTime == 0 || touches[i].palmTime > palm.trackpointLastEventTime { touches[i].palmState = .none }
        }
        return false
    }

    mutating func palmDetectTool(_ i: Int) -> Bool {
        if !palm.useMTTool { return false }
        if touches[i].palmState != .none && touches[i].palmState != .toolPalm { return false }
        if touches[i].palmState == .none && touches[i].isToolPalm {
            touches[i].palmState = .toolPalm
        } else if touches[i].palmState == .toolPalm && !touches[i].isToolPalm {
            touches[i].palmState = .none
        }
        return touches[i].palmState == .toolPalm
    }

    func palmMoveOutOfEdge(_ i: Int, _ time: Int64) -> Bool {
        let t = touches[i]
        if time < t.palmTime + 200_000 && !palmInEdge(i) {
            var directions: UInt32 = 0
            if palmWasInSideEdge(i) {
                directions = Direction.NE | Direction.E | Direction.SE | Direction.SW | Direction.W | Direction.NW
            } else if palmWasInTopEdge(i) {
                directions = Direction.S | Direction.SE | Direction.SW
            }
            if directions != 0 {
                let mm = physDelta(Double(t.point.x - t.palmFirst.x), Double(t.point.y - t.palmFirst.y))
                let dirs = Direction.of(x: mm.x, y: mm.y)
                if dirs & directions != 0 && dirs & ~directions == 0 { return true }
            }
        }
        return false
    }

    func palmMultifinger(_ i: Int) -> Bool {
        if nfingersDown < 2 { return false }
        for k in touches.indices where k != i {
            if touchActive(k) && touches[k].palmState == .none { return true }
        }
        return false
    }

    mutating func palmDetectTouchSize(_ i: Int) -> Bool {
        if !palm.useSize { return false }
        if touches[i].palmState != .none && touches[i].palmState != .touchSize { return false }
        if touches[i].major > palm.sizeThreshold || touches[i].minor > palm.sizeThreshold {
            touches[i].palmState = .touchSize
            return true
        }
        return false
    }

    mutating func palmDetectEdge(_ i: Int, _ time: Int64) -> Bool {
        if touches[i].palmState == .edge {
            if palmMultifinger(i) { touches[i].palmState = .none } else if palmMoveOutOfEdge(i, time) { touches[i].palmState = .none }
            return false
        }
        if palmMultifinger(i) { return false }
        if touches[i].state != .begin || !palmInEdge(i) { return false }
        if buttons.isClickpad && inSoftbuttonArea(i) { return false }
        if touchGetEdge(i) & Self.edgeRight != 0 { return false }
        touches[i].palmState = .edge
        touches[i].palmTime = time
        touches[i].palmFirst = touches[i].point
        return true
    }

    mutating func palmDetectPressure(_ i: Int) -> Bool {
        if !palm.usePressure { return false }
        if touches[i].palmState != .none && touches[i].palmState != .pressure { return false }
        if touches[i].pressure > palm.pressureThreshold { touches[i].palmState = .pressure }
        return touches[i].palmState == .pressure
    }

    /// libinput: tp_palm_detect
    mutating func palmDetect(_ i: Int, _ time: Int64) {
        if palmDetectPressure(i) { return }
        if palmDetectDWT(i, time) { return }
        if palmDetectTrackpoint(i, time) { return }
        if palmDetectTool(i) { return }
        if palmDetectTouchSize(i) { return }
        if palmDetectEdge(i, time) { return }
        _ = palmDetectPressure(i)
    }

    // MARK: Disable-while-typing and trackpoint activity

    static let keyboardTimeout1: Int64 = 200_000
    static let keyboardTimeout2: Int64 = 500_000
    static let trackpointActivityTimeout: Int64 = 300_000
    static let trackpointEventTimeout: Int64 = 40_000

    /// Touchpads watch the seat (keyboards for disable-while-typing, palm.trackpoints).
    @usableFromInline package var observesSeat: Bool { true }

    /// Pairing (`tp_interface_device_added`): keyboards as `tp_want_dwt`
    /// decides (an internal keyboard, or an external pad's own vid/pid
    /// keyboard), palm.trackpoints when both are internal.
    @usableFromInline package mutating func seatDeviceAdded(_ other: DeviceContext) {
        let f = other.facts
        // Trackpoint: tagged by udev, both devices internal (not USB/Bluetooth).
        if f.udevFlag("ID_INPUT_POINTINGSTICK") {
            let bus = other.description.bustype
            if !isExternal && bus != 0x03 && bus != 0x05 { palm.trackpoints.insert(other.index); hasTrackpoint = true }
        }
        // Keyboard: libinput tags EVDEV_TAG_KEYBOARD on devices with KEY_Q…KEY_P (evdev_tag_keyboard).
        let keys = other.description.codes[EventCodes.EV_KEY] ?? []
        if (16...25).allSatisfy({ keys.contains(UInt16($0)) }) {
            let wants: Bool
            if isExternal {
                wants = other.description.vendor == context.description.vendor && other.description.product == context.description.product
            } else {
                wants = Self.isInternalKeyboard(other)
            }
            if wants && dwt.pairedKeyboards.count < 4 { dwt.pairedKeyboards.insert(other.index) }
        }
    }

    /// libinput's `EVDEV_TAG_INTERNAL_KEYBOARD`: the quirk
    /// `AttrKeyboardIntegration=internal` (libinput's quirks set it for
    /// PS/2 keyboards and many laptop keyboards).
    static func isInternalKeyboard(_ c: DeviceContext) -> Bool {
        c.facts.quirks["AttrKeyboardIntegration"] == "internal"
    }

    @usableFromInline package mutating func seatDeviceRemoved(index: Int) {
        if dwt.pairedKeyboards.remove(index) != nil { dwt.keyboardActive = false }
        palm.trackpoints.remove(index)
        hasTrackpoint = !palm.trackpoints.isEmpty
    }

    /// Keyboard keys and trackpoint motion of the seat.
    @usableFromInline package mutating func observe(_ event: DecodedEvent, into o: inout [DecodedEvent]) {
        guard accepted else { return }
        if dwt.pairedKeyboards.contains(event.device), case .key(let code, let pressed) = event.kind {
            origin = event.origin; frameTime = event.time + Self.clockOffset
            swap(&out, &o); defer { swap(&out, &o) }
            keyboardEvent(event.time + Self.clockOffset, code, pressed: pressed)
        } else if palm.trackpoints.contains(event.device) && palm.monitorTrackpoint {
            switch event.kind {
            case .motion, .scroll:
                origin = event.origin; frameTime = event.time + Self.clockOffset
                swap(&out, &o); defer { swap(&out, &o) }
                trackpointEvent(event.time + Self.clockOffset)
            default: break
            }
        }
    }

    static func isModifier(_ k: UInt16) -> Bool {
        // LEFTCTRL, RIGHTCTRL, LEFTALT, RIGHTALT, LEFTSHIFT, RIGHTSHIFT, FN, CAPSLOCK, TAB, COMPOSE, RIGHTMETA, LEFTMETA
        switch k {
        case 29, 97, 56, 100, 42, 54, 0x1d0, 58, 15, 127, 126, 125: return true
        default: return false
        }
    }

    static func ignoreForDWT(_ k: UInt16) -> Bool {
        if isModifier(k) { return false }
        if k == 1 || k == 55 { return true }  // KEY_ESC, KEY_KPASTERISK
        return k >= 59  // KEY_F1
    }

    /// libinput: tp_keyboard_event
    mutating func keyboardEvent(_ time: Int64, _ key: UInt16, pressed: Bool) {
        if !pressed { dwt.keyMask.remove(key); dwt.modMask.remove(key); return }
        if !dwt.enabled { return }
        if Self.ignoreForDWT(key) { return }
        if Self.isModifier(key) { dwt.modMask.insert(key); return }
        let timeout: Int64
        if !dwt.keyboardActive {
            if !dwt.modMask.isEmpty { return }
            stopActions(time)
            dwt.keyboardActive = true
            timeout = Self.keyboardTimeout1
        } else {
            timeout = Self.keyboardTimeout2
        }
        dwt.keyboardLastPressTime = time
        dwt.keyMask.insert(key)
        dwt.keyboardTimer = time + timeout
    }

    /// libinput: tp_keyboard_timeout
    mutating func keyboardTimeout(_ now: Int64) {
        if dwt.enabled && !dwt.keyMask.isEmpty {
            dwt.keyboardTimer = now + Self.keyboardTimeout2
            dwt.keyboardLastPressTime = now
            return
        }
        tapResume(now)
        dwt.keyboardActive = false
    }

    /// libinput: tp_trackpoint_event
    mutating func trackpointEvent(_ time: Int64) {
        if !palm.dwtpEnabled { return }
        palm.trackpointLastEventTime = time
        palm.trackpointEventCount += 1
        if palm.trackpointEventCount < 3 {
            palm.trackpointTimer = time + Self.trackpointEventTimeout
            return
        }
        if !palm.trackpointActive {
            stopActions(time)
            palm.trackpointActive = true
        }
        palm.trackpointTimer = time + Self.trackpointActivityTimeout
    }

    /// libinput: tp_trackpoint_timeout
    mutating func trackpointTimeout(_ now: Int64) {
        if palm.trackpointActive {
            tapResume(now)
            palm.trackpointActive = false
        }
        palm.trackpointEventCount = 0
    }
}

extension TouchpadDispatch {
    /// libinput: tp_init_thumb
    ///
    /// Thumb detection on clickpads at least 50 mm high: the thumb lines at
    /// 85 % and 92 % of the height, pressure and size thresholds from the quirks.
    mutating func initThumb(_ d: DeviceDescription, hasMTPressure: Bool) {
        let facts = context.facts
        if buttons.isClickpad && heightMM >= 50 {
            thumb.detect = true
            thumb.upperThumbLine = mmToUnitsY(heightMM * 0.85)
            thumb.lowerThumbLine = mmToUnitsY(heightMM * 0.92)
            if hasMTPressure, let t = facts.quirkUInt("AttrThumbPressureThreshold") {
                thumb.usePressure = true; thumb.pressureThreshold = Int(t)
            }
            if d.has(type: EventCodes.EV_ABS, code: 0x30), let t = facts.quirkUInt("AttrThumbSizeThreshold") {
                thumb.useSize = true; thumb.sizeThreshold = Int(t)
            }
            thumbReset()
        }
    }
}
