// Derived from libinput 1.22.1: src/evdev-fallback.c (event processing and
// frames). The logic is re-expressed in Swift. libinput's notice (MIT
// licence), which covers this file (THIRD-PARTY-NOTICES.md lists every file it
// covers):
//
// Copyright © 2010 Intel Corporation
// Copyright © 2013 Jonas Ådahl
// Copyright © 2013-2018 Red Hat, Inc.
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

/// Frames (`evdev-fallback.c`): each event updates the frame's state;
/// `fallback_handle_state` at the `SYN_REPORT` posts relative motion, the
/// wheel, then buttons through debouncing.
extension FallbackDispatch {
    /// Processes one frame (`fallback_interface_process` per event, then
    /// `fallback_handle_state` at the `SYN_REPORT`).
    @usableFromInline package mutating func process(frame events: [EvdevEvent], time: Int64, frame: Int, into out: inout [DecodedEvent]) {
        origin = .frame(frame)
        for e in events {
            if !disabled.isEmpty && disabled.contains(UInt32(e.type) << 16 | UInt32(e.code)) { continue }
            switch e.type {
            case C.EV_REL: processRelative(e, time: time)
            case C.EV_KEY: processKey(e, time: time, into: &out)
            case C.EV_SYN where e.code == C.SYN_REPORT: handleState(time: time, into: &out)
            default: break
            }
        }
    }

    mutating func processRelative(_ e: EvdevEvent, time: Int64) {
        switch e.code {
        case C.REL_X:
            guard isPointer else { return }
            relX += Int(e.value); pendingRel = true
        case C.REL_Y:
            guard isPointer else { return }
            relY += Int(e.value); pendingRel = true
        case C.REL_WHEEL:
            wheel.loResY += Int(e.value)
            if wheel.emulateHiRes { wheel.hiResY += Int(e.value) * 120 }
            wheelEvent(.scroll, time: time)
        case C.REL_HWHEEL:
            wheel.loResX += Int(e.value)
            if wheel.emulateHiRes { wheel.hiResX += Int(e.value) * 120 }
            wheelEvent(.scroll, time: time)
        case C.REL_WHEEL_HI_RES:
            wheel.hiResY += Int(e.value); wheel.hiResReceived = true
            wheelDirectionChange(e.value > 0 ? .vpos : .vneg, time: time)
            wheelEvent(.scroll, time: time)
        case C.REL_HWHEEL_HI_RES:
            wheel.hiResX += Int(e.value); wheel.hiResReceived = true
            wheelDirectionChange(e.value > 0 ? .hpos : .hneg, time: time)
            wheelEvent(.scroll, time: time)
        default: break
        }
    }

    /// libinput's `get_key_type`.
    enum KeyType { case none, key, button }
    static func keyType(_ code: UInt16) -> KeyType {
        switch code {
        case 0x140...0x148, 0x14a, 0x14d, 0x14e, 0x14f: return .none  // BTN_TOOL_*, BTN_TOUCH
        default: break
        }
        if code >= 1 && code <= 248 { return .key }  // KEY_ESC … KEY_MICMUTE
        if code >= 0x100 && code <= 0x151 { return .button }  // BTN_MISC … BTN_GEAR_UP
        if code >= 0x160 && code <= 0x21e { return .key }  // KEY_OK … KEY_LIGHTS_TOGGLE
        if code >= 0x220 && code <= 0x223 { return .button }  // BTN_DPAD_*
        if code >= 0x230 && code < 0x2c0 { return .key }  // KEY_ALS_TOGGLE … < BTN_TRIGGER_HAPPY
        if code >= 0x2c0 && code <= 0x2e7 { return .button }  // BTN_TRIGGER_HAPPY1 … 40
        return .none
    }

    mutating func processKey(_ e: EvdevEvent, time: Int64, into out: inout [DecodedEvent]) {
        guard e.value != 2, Int(e.code) < Self.keyCount else { return }
        if e.code == C.BTN_TOUCH { return }
        let type = Self.keyType(e.code)
        let down = hwKeys[Int(e.code)]
        switch type {
        case .none: break
        case .key, .button:
            if (e.value != 0 && down) || (e.value == 0 && !down) { return }
            pendingKey = true
        }
        hwKeys[Int(e.code)] = e.value != 0
        if type == .key { keyboardNotify(e.code, pressed: e.value != 0, time: time, into: &out) }
    }

    /// `evdev_keyboard_notify_key` through the device's key counts
    /// (``KeyDownCounts/notifyKey(_:pressed:)``); only a keyboard posts.
    mutating func keyboardNotify(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        if downCount.notifyKey(code, pressed: pressed) && isKeyboard {
            out.append(DecodedEvent(time: time, device: context.index, origin: origin, .key(code: code, pressed: pressed)))
        }
    }

    /// libinput: fallback_handle_state
    mutating func handleState(time: Int64, into out: inout [DecodedEvent]) {
        if pendingRel { flushRelative(time: time, into: &out) }
        wheelHandleState(time: time, into: &out)
        if pendingKey {
            var wantDebounce = false
            for code in 0..<Self.keyCount where hwKeys[code] != lastHwKeys[code] && Self.keyType(UInt16(code)) == .button {
                wantDebounce = true; break
            }
            if wantDebounce { debounceHandleState(time: time, into: &out) }
            lastHwKeys = hwKeys
        }
        pendingRel = false
        pendingKey = false
    }

    /// libinput: fallback_flush_relative_motion
    mutating func flushRelative(time: Int64, into out: inout [DecodedEvent]) {
        guard isPointer else { return }
        // fallback_rotate_relative: matrix_mult_vec on the integer deltas.
        if let m = rotation {
            let x = Double(relX), y = Double(relY)
            let tx = x * m.0 + y * m.1, ty = x * m.2 + y * m.3
            relX = Int(tx.isFinite ? Swift.max(-2e9, Swift.min(2e9, tx)) : 0)
            relY = Int(ty.isFinite ? Swift.max(-2e9, Swift.min(2e9, ty)) : 0)
        }
        let raw = (x: Double(relX), y: Double(relY))
        relX = 0; relY = 0
        if postButtonScroll(raw, time: time, into: &out) { return }
        guard filter != nil else { return }
        let a = filter!.filter(dx: raw.x, dy: raw.y, time: time)  // in place: no copy of the trackers
        if a.x == 0 && a.y == 0 { return }
        out.append(
            DecodedEvent(
                time: time,
                device: context.index,
                origin: origin,
                .motion(dx: a.x, dy: a.y, dxUnaccelerated: raw.x, dyUnaccelerated: raw.y)
            )
        )
    }
}
