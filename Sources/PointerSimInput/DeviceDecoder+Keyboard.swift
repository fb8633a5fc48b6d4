import PointerSimCore

extension DeviceDecoder {
    // MARK: Keyboards

    static func modifier(_ code: UInt16) -> ModifierFlags? {
        typealias C = EventCodes
        switch code {
        case C.KEY_LEFTSHIFT, C.KEY_RIGHTSHIFT: return .shift
        case C.KEY_LEFTCTRL, C.KEY_RIGHTCTRL: return .control
        case C.KEY_LEFTALT, C.KEY_RIGHTALT: return .option
        case C.KEY_LEFTMETA, C.KEY_RIGHTMETA: return .command
        default: return nil
        }
    }

    mutating func keyFrame(_ t: Double, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let before = modifiers
        var changed = false
        var keys: [Key] = []
        for e in frame {
            if e.type == C.EV_LED && e.code == C.LED_CAPSL {
                capsLock = e.value != 0; changed = true
                continue
            }
            guard e.type == C.EV_KEY, e.code < 0x100 else { continue }
            switch e.value {
            case 1:
                guard keysDown.insert(e.code).inserted else { continue }
                if e.code == C.KEY_CAPSLOCK { capsLock.toggle() }
                if let k = KeyNames.key(e.code), k != .escape || configuration.escapeCancels { keys.append(k) }
                changed = true
            case 0:
                guard keysDown.remove(e.code) != nil else { continue }  // orphan release: ignored
                changed = true
            default: continue  // autorepeat
            }
        }
        guard changed else { return }
        var m: ModifierFlags = capsLock ? .capsLock : []
        for k in keysDown { if let f = Self.modifier(k) { m.insert(f) } }
        modifiers = m
        if m != before { out.append(PointerEvent(time: t, .modifiers(m))) }
        for k in keys { out.append(PointerEvent(time: t, .key(k))) }
    }
}
