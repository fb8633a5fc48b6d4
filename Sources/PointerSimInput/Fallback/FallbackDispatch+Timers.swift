// Ported from libinput 1.22.1 (MIT licence, © 2010 Intel Corporation,
// © 2013 Jonas Ådahl, © 2013-2018 Red Hat, Inc.): the timers of
// src/evdev-fallback.c, evdev-debounce.c, evdev-wheel.c,
// evdev-middle-button.c and evdev.c, and device removal.
// The logic is re-expressed in Swift.

/// Timers (debounce 25/12 ms, middle button 50 ms, button scroll 200 ms,
/// wheel 500 ms) on the trace clock, and removal.
extension FallbackDispatch {
    /// The earliest armed timer.
    public var nextTimerExpiry: Int64? {
        func earlier(_ a: Int64?, _ b: Int64?) -> Int64? {
            guard let a else { return b }
            guard let b else { return a }
            return Swift.min(a, b)
        }
        return earlier(earlier(earlier(debounce.timer, debounce.timerShort), earlier(wheel.timer, middle.timer)), buttonScrollTimer)
    }

    /// Fires the timers due by `now`, earliest first.
    public mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent]) {
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
    public mutating func resynchronised() {
        relX = 0; relY = 0; pendingRel = false
    }

    /// libinput: evdev_device_remove
    ///
    /// Timers are cancelled, then every key and
    /// button the seat sees as down is released (`release_pressed_keys`).
    public mutating func remove(at time: Int64, into out: inout [DecodedEvent]) {
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
