// Derived from libinput 1.22.1: src/evdev-middle-button.c. The logic is
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

/// libinput's middle-button emulation (`evdev-middle-button.c`): left and
/// right pressed within 50 ms of each other become a middle click. Both the
/// fallback and the touchpad dispatch own one (`device->middlebutton`).
///
/// The state machine does not post buttons itself: each call collects the
/// presses and releases libinput's `middlebutton_post_event` would hand to
/// `evdev_pointer_notify_button` (at most two per call) in a ``Posts``, and
/// the owning dispatch posts them in order before it acts on the result.
/// O(1) per call, no allocation.
struct MiddleButtonEmulation: Sendable {
    enum State: Sendable { case idle, leftDown, rightDown, middle, leftUpPending, rightUpPending, passthrough, ignoreLR, ignoreL, ignoreR }
    enum Event: Sendable { case lDown, rDown, other, lUp, rUp, timeout, allUp }

    /// One button event for `evdev_pointer_notify_button`.
    struct Post: Sendable, Equatable {
        var time: Int64
        var button: UInt16
        var pressed: Bool
    }

    /// The posts of one call, in order (at most two: a held-back press and
    /// its release, or a held-back press and the button that passes).
    struct Posts: Sendable {
        private(set) var first: Post? = nil
        private(set) var second: Post? = nil
        var isEmpty: Bool { first == nil }
        mutating func append(_ p: Post) {
            precondition(second == nil, "middle-button emulation posts at most two buttons per call")
            if first == nil { first = p } else { second = p }
        }
    }

    /// `MIDDLEBUTTON_TIMEOUT`: 50 ms.
    static let timeout: Int64 = 50_000

    /// `middlebutton.enabled`.
    var enabled: Bool
    var state: State = .idle
    /// The armed timer's expiry (`middlebutton.timer`).
    var timer: Int64? = nil
    var firstEventTime: Int64 = 0
    var buttonMask: UInt32 = 0

    init(enabled: Bool = false) { self.enabled = enabled }

    /// libinput: middlebutton_set_state
    mutating func setState(_ s: State, _ time: Int64) {
        switch s {
        case .leftDown, .rightDown:
            timer = time + Self.timeout
            firstEventTime = time
        default:
            timer = nil
        }
        state = s
    }

    /// libinput: evdev_middlebutton_handle_event
    ///
    /// Runs one event through the state machine (libinput's per-state
    /// `evdev_middlebutton_*_handle_event` functions, one `case` each);
    /// returns whether the button event was consumed. When another button
    /// follows a left-down, libinput posts the left press at the other
    /// button's `time`; after a right-down it posts the right press at
    /// `first_event_time`. Both are kept here as libinput has them.
    @discardableResult
    mutating func handleEvent(_ event: Event, _ time: Int64, into posts: inout Posts) -> Bool {
        let L = EventCodes.BTN_LEFT, R = EventCodes.BTN_RIGHT, M = EventCodes.BTN_MIDDLE
        func post(_ t: Int64, _ b: UInt16, _ pressed: Bool) { posts.append(Post(time: t, button: b, pressed: pressed)) }
        switch state {
        case .idle:
            switch event {
            case .lDown: setState(.leftDown, time)
            case .rDown: setState(.rightDown, time)
            case .other: return false
            default: break
            }
        case .leftDown:
            switch event {
            case .rDown: post(time, M, true); setState(.middle, time)
            case .other: post(time, L, true); setState(.passthrough, time); return false
            case .lUp:
                post(firstEventTime, L, true)
                post(time, L, false)
                setState(.idle, time)
            case .timeout: post(firstEventTime, L, true); setState(.passthrough, time)
            default: break
            }
        case .rightDown:
            switch event {
            case .lDown: post(time, M, true); setState(.middle, time)
            case .other: post(firstEventTime, R, true); setState(.passthrough, time); return false
            case .rUp:
                post(firstEventTime, R, true)
                post(time, R, false)
                setState(.idle, time)
            case .timeout: post(firstEventTime, R, true); setState(.passthrough, time)
            default: break
            }
        case .middle:
            switch event {
            case .other: post(time, M, false); setState(.ignoreLR, time); return false
            case .rUp: post(time, M, false); setState(.leftUpPending, time)
            case .lUp: post(time, M, false); setState(.rightUpPending, time)
            default: break
            }
        case .leftUpPending:
            switch event {
            case .rDown: post(time, M, true); setState(.middle, time)
            case .other: setState(.ignoreL, time); return false
            case .lUp: setState(.idle, time)
            default: break
            }
        case .rightUpPending:
            switch event {
            case .lDown: post(time, M, true); setState(.middle, time)
            case .other: setState(.ignoreR, time); return false
            case .rUp: setState(.idle, time)
            default: break
            }
        case .passthrough:
            switch event {
            case .lDown, .rDown, .other, .rUp, .lUp: return false
            case .allUp: setState(.idle, time)
            case .timeout: break
            }
        case .ignoreLR:
            switch event {
            case .other: return false
            case .rUp: setState(.ignoreL, time)
            case .lUp: setState(.ignoreR, time)
            default: break
            }
        case .ignoreL:
            switch event {
            case .rDown, .other, .rUp: return false
            case .lUp: setState(.passthrough, time)
            default: break
            }
        case .ignoreR:
            switch event {
            case .lDown, .other, .lUp: return false
            case .rUp: setState(.passthrough, time)
            default: break
            }
        }
        return true
    }

    /// libinput: evdev_middlebutton_filter_button
    ///
    /// Whether emulation consumed the button; what it posts instead is in `posts`.
    mutating func filterButton(_ button: UInt16, pressed: Bool, time: Int64, into posts: inout Posts) -> Bool {
        guard enabled else { return false }
        let event: Event
        switch button {
        case EventCodes.BTN_LEFT: event = pressed ? .lDown : .lUp
        case EventCodes.BTN_RIGHT: event = pressed ? .rDown : .rUp
        default: event = .other
        }
        guard button >= EventCodes.BTN_LEFT, button - EventCodes.BTN_LEFT < 32 else { return true }
        let rc = handleEvent(event, time, into: &posts)
        let old = buttonMask
        let bit: UInt32 = 1 << UInt32(button - EventCodes.BTN_LEFT)
        if pressed { buttonMask |= bit } else { buttonMask &= ~bit }
        if old != buttonMask && buttonMask == 0 { handleEvent(.allUp, time, into: &posts) }
        return rc
    }

    /// libinput: evdev_pointer_notify_physical_button
    ///
    /// A physical button goes through emulation; when emulation does not
    /// consume it, it is posted after what emulation posted.
    mutating func notifyPhysicalButton(_ button: UInt16, pressed: Bool, time: Int64, into posts: inout Posts) {
        if filterButton(button, pressed: pressed, time: time, into: &posts) { return }
        posts.append(Post(time: time, button: button, pressed: pressed))
    }

    /// libinput: evdev_middlebutton_handle_timeout
    mutating func handleTimeout(_ now: Int64, into posts: inout Posts) {
        timer = nil
        handleEvent(.timeout, now, into: &posts)
    }
}
