import PointerSimCore

extension DeviceDecoder {
    // MARK: Mice and trackpoints

    /// Order within a frame (**our choice**): motion, then buttons, then scrolling.
    mutating func mouseFrame(_ syn: EvdevEvent, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let t = syn.time
        var dx = 0, dy = 0, wheel = 0, hwheel = 0, moved = false, scrolled = false
        for e in frame where e.type == C.EV_REL {
            switch e.code {
            case C.REL_X: dx += Int(e.value); moved = true
            case C.REL_Y: dy += Int(e.value); moved = true
            case C.REL_WHEEL: if !hasHiResWheel { wheel += Int(e.value) * 120; scrolled = true }
            case C.REL_WHEEL_HI_RES: wheel += Int(e.value); scrolled = true
            case C.REL_HWHEEL: if !hasHiResHWheel { hwheel += Int(e.value) * 120; scrolled = true }
            case C.REL_HWHEEL_HI_RES: hwheel += Int(e.value); scrolled = true
            default: break
            }
        }
        if moved && (dx != 0 || dy != 0) {
            let a = mouseFilter.filter(dx: Double(dx), dy: Double(dy), time: Self.microseconds(syn))
            let k = configuration.pointsPerUnit
            out.append(PointerEvent(time: t, .delta(Vector(dx: a.dx * k, dy: a.dy * k))))
        }
        for e in frame where e.type == C.EV_KEY {
            if let b = Self.button(e.code), e.value != 2 { setButton(b, e.value != 0, t, &out) }
        }
        if scrolled && (wheel != 0 || hwheel != 0) {
            // Wheel up (positive) scrolls up: the content offset shrinks.
            let p = configuration.scrollPointsPerDetent / 120
            out.append(PointerEvent(time: t, .scroll(Vector(dx: Double(hwheel) * p, dy: -Double(wheel) * p))))
        }
    }
}
