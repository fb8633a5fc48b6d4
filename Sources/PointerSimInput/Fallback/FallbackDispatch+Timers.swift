// Derived from libinput 1.22.1: the timers of src/evdev-fallback.c,
// evdev-debounce.c, evdev-wheel.c, evdev-middle-button.c and evdev.c, and
// device removal. The logic is re-expressed in Swift. libinput's notice (MIT
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

/// Timers (debounce 25/12 ms, middle button 50 ms, button scroll 200 ms,
/// wheel 500 ms) on the trace clock, and removal.
extension FallbackDispatch {
    /// The earliest armed timer.
    @usableFromInline package var nextTimerExpiry: Int64? {
        func earlier(_ a: Int64?, _ b: Int64?) -> Int64? {
            guard let a else { return b }
            guard let b else { return a }
            return Swift.min(a, b)
        }
        return earlier(earlier(earlier(debounce.timer, debounce.timerShort), earlier(wheel.timer, middle.timer)), buttonScrollTimer)
    }

    /// Fires the timers due by `now`, earliest first.
    @usableFromInline package mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent]) {
        origin = .timer
        while let t = nextTimerExpiry, t <= now {
            if debounce.timerShort == t {
                debounce.timerShort = nil
                debounceEvent(.timeoutShort, time: t, into: &out)
            } else if debounce.timer == t {
                debounce.timer = nil
                debounceEvent(.timeout, time: t, into: &out)
            } else if middle.timer == t {
                middleTimeout(t, into: &out)
            } else if buttonScrollTimer == t {
                buttonScrollTimer = nil
                buttonScrollTimeout()
            } else if wheel.timer == t {
                wheel.timer = nil
                wheelEvent(.timeout, time: t)
            }
        }
    }

    /// Nothing to restart: the fallback dispatch keeps no motion history
    /// across a `SYN_DROPPED` besides the filter's (libinput does not restart it).
    @usableFromInline package mutating func resynchronised() {
        relX = 0; relY = 0; pendingRel = false
    }

    /// libinput: evdev_device_remove
    ///
    /// Timers are cancelled, then every key and
    /// button the seat sees as down is released (`release_pressed_keys`).
    @usableFromInline package mutating func remove(at time: Int64, into out: inout [DecodedEvent]) {
        origin = .removal
        buttonScrollTimer = nil; middle.timer = nil
        for code in 0..<Self.keyCount where downCount[code] > 0 {
            switch Self.keyType(UInt16(code)) {
            case .none: break
            case .key: keyboardNotify(UInt16(code), pressed: false, time: time, into: &out)
            case .button: notifyButton(UInt16(code), pressed: false, time: time, into: &out)
            }
        }
        hwKeys = [Bool](repeating: false, count: Self.keyCount)
        lastHwKeys = hwKeys
        debounce.timer = nil; debounce.timerShort = nil; wheel.timer = nil
    }
}
