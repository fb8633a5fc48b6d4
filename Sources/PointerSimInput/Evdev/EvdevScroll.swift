// Derived from libinput 1.22.1: evdev_post_scroll and evdev_stop_scroll of
// src/evdev.c. The logic is re-expressed in Swift. libinput's notice (MIT
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

/// The scroll state libinput keeps per device (`device->scroll`: the
/// buildup, the axes scrolling, the thresholds) and its one poster,
/// `evdev_post_scroll` / `evdev_stop_scroll`, shared by the fallback
/// dispatch (button scrolling, scroll points) and the touchpad (two-finger
/// and edge scrolling).
///
/// The poster decides which axes scroll and by how much; the owning
/// dispatch emits the event with its source and options
/// (`evdev_notify_axis_finger` / `_continuous`). O(1), no allocation.
struct EvdevScroll: Sendable {
    /// Axis bits, as libinput's `bit(LIBINPUT_POINTER_AXIS_SCROLL_*)`.
    static let vertical: UInt32 = 1, horizontal: UInt32 = 2

    /// What `evdev_post_scroll` posts: the axes and the delta on them.
    struct Post: Sendable, Equatable {
        var axes: UInt32
        var dx: Double
        var dy: Double
    }

    /// `scroll.buildup`: movement summed before an axis starts scrolling.
    var buildup = (x: 0.0, y: 0.0)
    /// `scroll.direction`: the axes scrolling (``vertical``, ``horizontal``).
    var direction: UInt32 = 0
    /// `scroll.threshold`: the buildup that starts scrolling.
    var threshold: Double
    /// `scroll.direction_lock_threshold`: the delta that starts the other axis.
    var directionLockThreshold: Double

    init(threshold: Double, directionLockThreshold: Double) {
        self.threshold = threshold
        self.directionLockThreshold = directionLockThreshold
    }

    func isScrolling(_ axis: UInt32) -> Bool { direction & axis != 0 }

    /// libinput: evdev_post_scroll
    ///
    /// Builds up to the threshold, then the other axis needs the
    /// direction-lock threshold per event; returns what to post (`nil`: nothing).
    mutating func post(dx: Double, dy: Double) -> Post? {
        let V = Self.vertical, H = Self.horizontal
        if !isScrolling(V) { buildup.y += dy }
        if !isScrolling(H) { buildup.x += dx }
        if !isScrolling(H) && !isScrolling(V) {
            if abs(buildup.y) >= threshold { direction |= V }
            if abs(buildup.x) >= threshold { direction |= H }
        } else if !isScrolling(V) {
            if abs(dy) >= directionLockThreshold { direction |= V }
        } else if !isScrolling(H) {
            if abs(dx) >= directionLockThreshold { direction |= H }
        }
        var ex = dx, ey = dy
        if !isScrolling(V) { ey = 0 }
        if !isScrolling(H) { ex = 0 }
        if ex == 0 && ey == 0 { return nil }
        var axes = direction
        if ey == 0 { axes &= ~V }
        if ex == 0 { axes &= ~H }
        return Post(axes: axes, dx: ex, dy: ey)
    }

    /// libinput: evdev_stop_scroll
    ///
    /// Ends scrolling; returns the axes that scrolled, which get a zero
    /// event (0: nothing to post).
    mutating func stop() -> UInt32 {
        let axes = direction
        buildup = (0, 0)
        direction = 0
        return axes
    }
}
