// Derived from libinput 1.22.1: the button and button-scrolling parts of
// src/evdev.c and src/evdev-fallback.c. The logic is re-expressed in Swift.
// libinput's notice (MIT licence), which covers this file
// (THIRD-PARTY-NOTICES.md lists every file it covers):
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

/// Buttons (`evdev.c`): a physical button goes through middle-button
/// emulation, then to button scrolling when it is the scroll button, then
/// to the device's key counts and the seat. Scroll events go through the
/// shared ``EvdevScroll`` poster.
extension FallbackDispatch {
    /// `evdev_pointer_notify_physical_button`
    /// (``MiddleButtonEmulation/notifyPhysicalButton(_:pressed:time:into:)``):
    /// what it posts goes to ``notifyButton(_:pressed:time:into:)``, in order.
    mutating func notifyPhysicalButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        var posts = MiddleButtonEmulation.Posts()
        middle.notifyPhysicalButton(code, pressed: pressed, time: time, into: &posts)
        notifyMiddlePosts(posts, into: &out)
    }

    /// libinput: evdev_pointer_notify_button
    mutating func notifyButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        if scrollMethod == .onButtonDown && code == scrollButton {
            buttonScrollButton(pressed: pressed, time: time, into: &out)
            return
        }
        postButton(code, pressed: pressed, time: time, into: &out)
    }

    /// `evdev_pointer_post_button` through the device's key counts
    /// (``KeyDownCounts/postButton(_:pressed:)``); only a pointer posts.
    mutating func postButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        if downCount.postButton(code, pressed: pressed) && isPointer {
            out.append(DecodedEvent(time: time, device: context.index, origin: origin, .button(code: code, pressed: pressed)))
        }
    }

    /// libinput: evdev_button_scroll_button
    mutating func buttonScrollButton(pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        switch scrollLock {
        case .disabled: break
        case .idle: scrollLock = .firstDown
        case .firstDown: scrollLock = .firstUp; return
        case .firstUp: scrollLock = .secondDown; return
        case .secondDown: scrollLock = .idle
        }
        if pressed {
            if scrollButton < 0x110 + 5 {
                buttonScrollState = .buttonDown
                buttonScrollTimer = time + 200_000
            } else {
                buttonScrollState = .ready
            }
            buttonDownTime = time
        } else {
            buttonScrollTimer = nil
            switch buttonScrollState {
            case .idle: break
            case .buttonDown, .ready:
                postButton(scrollButton, pressed: true, time: buttonDownTime, into: &out)
                postButton(scrollButton, pressed: false, time: time, into: &out)
            case .scrolling:
                stopScroll(time: time, into: &out)
            }
            buttonScrollState = .idle
        }
    }

    /// libinput: evdev_button_scroll_timeout
    mutating func buttonScrollTimeout() {
        buttonScrollState = .ready
    }

    /// libinput: post_button_scroll
    ///
    /// Motion while the scroll button is held scrolls instead.
    mutating func postButtonScroll(_ raw: (x: Double, y: Double), time: Int64, into out: inout [DecodedEvent]) -> Bool {
        guard scrollMethod == .onButtonDown else { return false }
        switch buttonScrollState {
        case .idle: return false
        case .buttonDown: return true
        case .ready, .scrolling:
            buttonScrollState = .scrolling
            let n = filter?.constant(dx: raw.x, dy: raw.y) ?? raw
            postScroll(n, time: time, into: &out)
            return true
        }
    }

    /// `evdev_post_scroll` (``EvdevScroll/post(dx:dy:)``) posted as
    /// `evdev_notify_axis_continous` does: natural scrolling applied.
    mutating func postScroll(_ delta: (x: Double, y: Double), time: Int64, into out: inout [DecodedEvent]) {
        guard let p = scroll.post(dx: delta.x, dy: delta.y) else { return }
        var ex = p.dx, ey = p.dy
        if natural { ex = -ex; ey = -ey }
        out.append(
            DecodedEvent(
                time: time,
                device: context.index,
                origin: origin,
                .scroll(
                    source: .continuous,
                    vertical: p.axes & EvdevScroll.vertical != 0 ? ey : nil,
                    horizontal: p.axes & EvdevScroll.horizontal != 0 ? ex : nil,
                    v120Vertical: nil,
                    v120Horizontal: nil
                )
            )
        )
    }

    /// `evdev_stop_scroll` (``EvdevScroll/stop()``): a zero event on the axes that scrolled.
    mutating func stopScroll(time: Int64, into out: inout [DecodedEvent]) {
        let axes = scroll.stop()
        if axes != 0 && isPointer {
            out.append(
                DecodedEvent(
                    time: time,
                    device: context.index,
                    origin: origin,
                    .scroll(
                        source: .continuous,
                        vertical: axes & EvdevScroll.vertical != 0 ? 0 : nil,
                        horizontal: axes & EvdevScroll.horizontal != 0 ? 0 : nil,
                        v120Vertical: nil,
                        v120Horizontal: nil
                    )
                )
            )
        }
    }
}
