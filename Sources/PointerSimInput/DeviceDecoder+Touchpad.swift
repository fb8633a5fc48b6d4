import PointerSimCore

extension DeviceDecoder {
    // MARK: Touchpads

    /// libinput's `evdev_device_mm_to_units`: mm × resolution + minimum, truncated.
    static func units(_ mm: Double, _ res: Double, _ min: Double) -> Int64 { Int64((mm * res + min).rounded(.towardZero)) }

    /// The soft-button edges of a pad (see ``softButtonEdges``).
    static func softButtonEdges(
        width: Double, height: Double, resX: Double, resY: Double, minX: Double, minY: Double, configuration c: DecoderConfiguration
    ) -> (top: Int64, middleLeft: Int64?, rightLeft: Int64) {
        let wmm = width / resX, hmm = height / resY
        let topMM = hmm * c.softButtonHeightFraction > c.softButtonHeightMM ? hmm - c.softButtonHeightMM : hmm * (1 - c.softButtonHeightFraction)
        let top = units(topMM, resY, minY)
        let f = c.middleButtonWidthFraction
        if f > 0 {
            return (top, units(wmm * (0.5 - f / 2), resX, minX), units(wmm * (0.5 + f / 2), resX, minX))
        }
        return (top, nil, units(wmm * 0.5, resX, minX))
    }

    func inButtonArea(_ y: Int32) -> Bool {
        guard kind == .clickpad else { return false }
        return Int64(y) >= softButtonEdges.top
    }

    /// The soft button for a touch at a position (clickpads): the bottom strip
    /// is min(10 mm, 15 %) tall; right of the right edge → secondary, right of
    /// the middle area's left edge → middle, else primary; `nil` above the strip.
    public func softButton(x: Int32, y: Int32) -> PointerButton? {
        guard inButtonArea(y) else { return nil }
        let e = softButtonEdges
        if Int64(x) > e.rightLeft { return .secondary }
        if let m = e.middleLeft, Int64(x) > m { return .middle }
        return .primary
    }

    mutating func touchpadFrame(_ syn: EvdevEvent, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let t = syn.time
        let us = Self.microseconds(syn)
        var physical: Bool? = nil
        // Buttons are emitted after the frame's motion, as for mice.
        var buttonOut: [PointerEvent] = []
        for e in frame {
            if e.type == C.EV_ABS {
                if isMT {
                    switch e.code {
                    case C.ABS_MT_SLOT: slot = Int(e.value)
                    case C.ABS_MT_TRACKING_ID:
                        guard touches.indices.contains(slot) else { continue }
                        let old = touches[slot].trackingID
                        if e.value < 0 {
                            if old >= 0 { touches[slot].ended = true; touches[slot].trackingID = -1 }
                        } else if e.value != old {  // a repeated id is a duplicate: ignored (libevdev)
                            touches[slot].trackingID = e.value
                            touches[slot].began = true; touches[slot].ended = false
                            touches[slot].last = nil; touches[slot].pinnedAt = nil; touches[slot].toolType = 0
                            touches[slot].restingInButtons = false
                        }
                    case C.ABS_MT_POSITION_X:
                        if touches.indices.contains(slot) { touches[slot].x = e.value; touches[slot].dirty = true }
                    case C.ABS_MT_POSITION_Y:
                        if touches.indices.contains(slot) { touches[slot].y = e.value; touches[slot].dirty = true }
                    case C.ABS_MT_TOOL_TYPE:
                        if touches.indices.contains(slot) { touches[slot].toolType = e.value }
                    default: break
                    }
                } else {
                    if e.code == C.ABS_X { touches[0].x = e.value; touches[0].dirty = true }
                    if e.code == C.ABS_Y { touches[0].y = e.value; touches[0].dirty = true }
                }
            } else if e.type == C.EV_KEY {
                switch e.code {
                case C.BTN_TOOL_FINGER: if e.value == 1 { toolFingers = 1 } else if e.value == 0 && toolFingers == 1 { toolFingers = 0 }
                case C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP, C.BTN_TOOL_QUADTAP, C.BTN_TOOL_QUINTTAP:
                    let n = e.code == C.BTN_TOOL_QUINTTAP ? 5 : Int(e.code - C.BTN_TOOL_DOUBLETAP) + 2
                    if e.value == 1 { toolFingers = n } else if e.value == 0 && toolFingers == n { toolFingers = 0 }
                case C.BTN_TOUCH where !isMT:
                    if e.value == 1 && touches[0].trackingID < 0 {
                        touches[0].trackingID = 0; touches[0].began = true; touches[0].last = nil
                        touches[0].restingInButtons = false; touches[0].pinnedAt = nil
                    } else if e.value == 0 && touches[0].trackingID >= 0 { touches[0].trackingID = -1; touches[0].ended = true }
                case C.BTN_LEFT where kind == .clickpad: if e.value != 2 { physical = e.value != 0 }
                default:
                    if kind == .touchpad, let b = Self.button(e.code), e.value != 2 { setButton(b, e.value != 0, t, &buttonOut) }
                }
            }
        }
        // Finger count; any change resets every motion history.
        var down = 0
        for i in touches.indices where touches[i].active { down += 1 }
        if toolFingers > touches.count { down = toolFingers }
        if down != fingers {
            fingers = down
            for i in touches.indices { touches[i].last = nil }
        }
        // Per-touch deltas, jump filter, soft-button area, pin release.
        let ref = configuration.jumpReferenceInterval * 1_000_000
        for i in touches.indices where touches[i].active {
            var tc = touches[i]
            tc.delta = nil
            if tc.began { tc.restingInButtons = inButtonArea(tc.y) }
            else if tc.restingInButtons && !inButtonArea(tc.y) { tc.restingInButtons = false }
            if let p = tc.pinnedAt {
                let mx = Double(tc.x - p.x) / resX, my = Double(tc.y - p.y) / resY
                if _hypot(mx, my) >= configuration.pinReleaseMM { tc.pinnedAt = nil }
            }
            if tc.dirty || tc.began {
                if let l = tc.last {
                    let dt = Double(us - l.t)
                    let ddx = Double(tc.x - l.x), ddy = Double(tc.y - l.y)
                    var jump = false
                    if dt > 0 && dt <= 2.5 * ref {
                        let mm = _hypot(ddx / resX, ddy / resY) * ref / dt
                        jump = mm > configuration.jumpThresholdMM
                    }
                    if !jump { tc.delta = (ddx, ddy * resX / resY) }
                }
                tc.last = (tc.x, tc.y, us)
            }
            touches[i] = tc
        }
        // The physical click: which soft button, and pin the fingers.
        if let p = physical {
            if p && !physicalDown {
                physicalDown = true
                var areas: Set<PointerButton> = []
                // As libinput: a touch that began in the strip (still resting there)
                // clicks the area under it; one that began above is the main area (left).
                for tc in touches where tc.active && tc.toolType != C.MT_TOOL_PALM {
                    areas.insert(tc.restingInButtons ? softButton(x: tc.x, y: tc.y) ?? .primary : .primary)
                }
                let b: PointerButton = areas.contains(.middle) ? .middle : areas.contains(.secondary) ? .secondary : .primary
                clickButton = b
                for i in touches.indices where touches[i].active { touches[i].pinnedAt = (touches[i].x, touches[i].y) }
                setButton(b, true, t, &buttonOut)
            } else if !p && physicalDown {
                physicalDown = false
                if let b = clickButton { setButton(b, false, t, &buttonOut) }
                clickButton = nil
            }
        }
        // Gesture: one active finger points, two scroll.
        var moving: [(dx: Double, dy: Double)] = []
        var activeCount = 0
        for tc in touches where tc.active && tc.toolType != C.MT_TOOL_PALM && tc.pinnedAt == nil && !tc.restingInButtons {
            activeCount += 1
            if let d = tc.delta { moving.append(d) }
        }
        if activeCount == 1, let d = moving.first, d.dx != 0 || d.dy != 0 {
            let a = tpFilter.filter(dx: d.dx, dy: d.dy, time: us)
            let k = configuration.pointsPerUnit
            out.append(PointerEvent(time: t, .delta(Vector(dx: a.dx * k, dy: a.dy * k))))
        } else if activeCount == 2 && configuration.twoFingerScroll && !moving.isEmpty {
            var sx = 0.0, sy = 0.0
            for d in moving { sx += d.dx; sy += d.dy }
            sx /= Double(moving.count); sy /= Double(moving.count)
            if sx != 0 || sy != 0 {
                let s = tpFilter.scroll(dx: sx, dy: sy)
                let k = configuration.pointsPerUnit
                out.append(PointerEvent(time: t, .scroll(Vector(dx: s.dx * k, dy: s.dy * k))))
            }
        }
        out.append(contentsOf: buttonOut)
        for i in touches.indices {
            touches[i].dirty = false; touches[i].began = false
            if touches[i].ended { touches[i].ended = false; touches[i].last = nil; touches[i].delta = nil; touches[i].pinnedAt = nil }
        }
    }
}
