// Derived from libinput 1.22.1: the fallback dispatch's use of
// src/evdev-middle-button.c. The logic is re-expressed in Swift. libinput's
// notice (MIT licence), which covers this file (THIRD-PARTY-NOTICES.md lists
// every file it covers):
//
// Copyright © 2010 Intel Corporation
// Copyright © 2013 Jonas Ådahl
// Copyright © 2013-2018 Red Hat, Inc.
// Copyright © 2014-2015 Red Hat, Inc. (evdev-middle-button.c)
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

/// Middle-button emulation (`evdev-middle-button.c`): the fallback
/// dispatch's glue to the shared ``MiddleButtonEmulation``. What the state
/// machine posts goes to `evdev_pointer_notify_button`
/// (``FallbackDispatch/notifyButton(_:pressed:time:into:)``), in order.
extension FallbackDispatch {
    /// The middle-button timer fired.
    mutating func middleTimeout(_ time: Int64, into out: inout [DecodedEvent]) {
        var posts = MiddleButtonEmulation.Posts()
        middle.handleTimeout(time, into: &posts)
        notifyMiddlePosts(posts, into: &out)
    }

    mutating func notifyMiddlePosts(_ posts: MiddleButtonEmulation.Posts, into out: inout [DecodedEvent]) {
        if let p = posts.first { notifyButton(p.button, pressed: p.pressed, time: p.time, into: &out) }
        if let p = posts.second { notifyButton(p.button, pressed: p.pressed, time: p.time, into: &out) }
    }
}
