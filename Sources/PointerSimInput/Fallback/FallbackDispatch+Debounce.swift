// Derived from libinput 1.22.1: src/evdev-debounce.c. The logic is
// re-expressed in Swift. libinput's notice (MIT licence), which covers this
// file (THIRD-PARTY-NOTICES.md lists every file it covers):
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

/// Button debouncing (`evdev-debounce.c`): a release within 25 ms of a
/// press is held back, and a device seen bouncing (a release and press
/// within 12 ms) gets its releases delayed from then on.
extension FallbackDispatch {
    /// `dispatch->debounce`: the state machine, the button it follows and its two timers.
    struct Debounce: Sendable {
        enum State: Sendable {
            case isUp, isDown, isDownWaiting, isUpDelaying, isUpDelayingSpurious, isUpDetectingSpurious
            case isDownDetectingSpurious, isUpWaiting, isDownDelaying, disabled
        }
        enum Event: Sendable { case press, release, timeout, timeoutShort, otherButton }
        var state: State
        var code: UInt16 = 0
        var time: Int64 = 0
        /// The 25 ms and the 12 ms timers' expiries.
        var timer: Int64? = nil, timerShort: Int64? = nil
        var spuriousEnabled = false

        init(state: State) { self.state = state }
    }

    /// libinput: fallback_debounce_handle_state
    mutating func debounceHandleState(time: Int64, into out: inout [DecodedEvent]) {
        var changed: [UInt16] = []
        for code in 0..<Self.keyCount where Self.keyType(UInt16(code)) == .button && hwKeys[code] != lastHwKeys[code] {
            changed.append(UInt16(code))
            if changed.count == 16 { break }
        }
        var flushed = false
        if changed.count > 1 || changed.first != debounce.code {
            debounceEvent(.otherButton, time: time, into: &out)
            flushed = true
        }
        for code in changed {
            let isDown = hwKeys[Int(code)]
            if flushed && debounce.state != .disabled {
                debounce.state = !isDown ? .isDown : .isUp
                flushed = false
            }
            debounce.code = code
            debounceEvent(isDown ? .press : .release, time: time, into: &out)
            if changed.count > 1 {
                debounceEvent(.otherButton, time: time, into: &out)
                flushed = true
            }
        }
    }

    mutating func debounceNotify(pressed: Bool, into out: inout [DecodedEvent]) {
        let code = toLeftHanded(debounce.code)
        notifyPhysicalButton(code, pressed: pressed, time: debounce.time, into: &out)
    }

    func toLeftHanded(_ code: UInt16) -> UInt16 {
        guard leftHanded else { return code }
        if code == C.BTN_LEFT { return C.BTN_RIGHT }
        if code == C.BTN_RIGHT { return C.BTN_LEFT }
        return code
    }

    mutating func debounceEvent(_ event: Debounce.Event, time: Int64, into out: inout [DecodedEvent]) {
        let bounce: Int64 = 25_000, spurious: Int64 = 12_000
        if event == .otherButton { debounce.timer = nil; debounce.timerShort = nil }
        switch debounce.state {
        case .isUp:
            if event == .press {
                debounce.time = time
                debounce.timer = time + bounce
                debounce.state = .isDownWaiting
                debounceNotify(pressed: true, into: &out)
            }
        case .isDown:
            if event == .release {
                debounce.time = time
                debounce.timer = time + bounce
                debounce.timerShort = time + spurious
                if debounce.spuriousEnabled {
                    debounce.state = .isUpDelayingSpurious
                } else {
                    debounce.state = .isUpDetectingSpurious
                    debounceNotify(pressed: false, into: &out)
                }
            }
        case .isDownWaiting:
            switch event {
            case .release:
                debounce.timer = time + bounce
                debounce.state = .isUpDelaying
                debounce.time = time
            case .timeout, .otherButton: debounce.state = .isDown
            default: break
            }
        case .isUpDelaying:
            switch event {
            case .press:
                debounce.timer = time + bounce
                debounce.state = .isDownWaiting
            case .timeout, .otherButton:
                debounce.state = .isUp
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        case .isUpDelayingSpurious:
            switch event {
            case .press:
                debounce.state = .isDown
                debounce.timer = nil; debounce.timerShort = nil
            case .timeoutShort:
                debounce.state = .isUpWaiting
                debounceNotify(pressed: false, into: &out)
            case .otherButton:
                debounce.state = .isUp
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        case .isUpDetectingSpurious:
            switch event {
            case .press:
                debounce.timer = time + bounce
                debounce.timerShort = time + spurious
                debounce.time = time
                debounce.state = .isDownDetectingSpurious
            case .timeout, .otherButton: debounce.state = .isUp
            case .timeoutShort: debounce.state = .isUpWaiting
            default: break
            }
        case .isDownDetectingSpurious:
            switch event {
            case .release:
                debounce.timer = time + bounce
                debounce.timerShort = time + spurious
                debounce.state = .isUpDetectingSpurious
            case .timeoutShort:
                debounce.timer = nil
                debounce.state = .isDown
                debounce.spuriousEnabled = true
                debounceNotify(pressed: true, into: &out)
            case .timeout, .otherButton:
                debounce.state = .isDown
                debounceNotify(pressed: true, into: &out)
            default: break
            }
        case .isUpWaiting:
            switch event {
            case .press:
                debounce.timer = time + bounce
                debounce.time = time
                debounce.state = .isDownDelaying
            case .timeout, .otherButton: debounce.state = .isUp
            default: break
            }
        case .isDownDelaying:
            switch event {
            case .release:
                debounce.timer = time + bounce
                debounce.state = .isUpWaiting
            case .timeout, .otherButton:
                debounce.state = .isDown
                debounceNotify(pressed: true, into: &out)
            default: break
            }
        case .disabled:
            switch event {
            case .press:
                debounce.time = time
                debounceNotify(pressed: true, into: &out)
            case .release:
                debounce.time = time
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        }
    }
}
