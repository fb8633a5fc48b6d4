// Derived from libinput 1.22.1: src/evdev-mt-touchpad-edge-scroll.c. The logic
// is re-expressed in Swift. libinput's notice (MIT licence), which covers this
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

/// Edge scrolling (`evdev-mt-touchpad-edge-scroll.c`), the default scroll
/// method of pads that cannot report two fingers: a touch that starts in
/// the right 7 mm scrolls vertically, in the bottom 7 mm (pads at least
/// 40 mm high, or clickpads) horizontally, once it moved 3 mm (normalised
/// units) or after 300 ms (not on pads with button areas); not accelerated;
/// a 0 event ends each scroll. Follows libinput 1.22's state machine.
extension TouchpadDispatch {
    static let edgeRight: UInt32 = 1, edgeBottom: UInt32 = 2
    static let edgeScrollLockTimeout: Int64 = 300_000
    /// `DEFAULT_SCROLL_THRESHOLD`: 3 mm in 1000-dpi units.
    static let edgeScrollThreshold = 1000.0 / 25.4 * 3

    enum ScrollEvent: Sendable { case touch, motion, release, timeout, posted }

    /// libinput: tp_touch_get_edge
    func touchGetEdge(_ i: Int) -> UInt32 {
        if scroll.method != .edge { return 0 }
        var e: UInt32 = 0
        if touches[i].point.x > scroll.rightEdge { e |= Self.edgeRight }
        if touches[i].point.y > scroll.bottomEdge { e |= Self.edgeBottom }
        return e
    }

    func edgeScrollTouchActive(_ i: Int) -> Bool { touches[i].edgeState == .area }

    mutating func edgeScrollSetState(_ i: Int, _ state: EdgeScrollState, _ time: Int64) {
        touches[i].scrollTimer = nil
        touches[i].edgeState = state
        switch state {
        case .none: touches[i].edge = 0
        case .edgeNew:
            touches[i].edge = touchGetEdge(i)
            touches[i].scrollInitial = touches[i].point
            if buttons.clickMethod != .buttonAreas { touches[i].scrollTimer = time + Self.edgeScrollLockTimeout }
        case .edge: break
        case .area: touches[i].edge = 0
        }
    }

    mutating func edgeScrollHandleEvent(_ i: Int, _ event: ScrollEvent, _ time: Int64) {
        switch touches[i].edgeState {
        case .none:
            if event == .touch { edgeScrollSetState(i, touchGetEdge(i) != 0 ? .edgeNew : .area, time) }
        case .edgeNew:
            switch event {
            case .motion:
                touches[i].edge &= touchGetEdge(i)
                if touches[i].edge == 0 { edgeScrollSetState(i, .area, time) }
            case .release: edgeScrollSetState(i, .none, time)
            case .timeout, .posted: edgeScrollSetState(i, .edge, time)
            case .touch: break
            }
        case .edge:
            switch event {
            case .motion:
                if touches[i].edge == Self.edgeRight | Self.edgeBottom {
                    touches[i].edge &= touchGetEdge(i)
                    if touches[i].edge == 0 { edgeScrollSetState(i, .area, time) }
                }
            case .release: edgeScrollSetState(i, .none, time)
            default: break
            }
        case .area:
            if event == .release { edgeScrollSetState(i, .none, time) }
        }
    }

    /// libinput: tp_edge_scroll_handle_state
    mutating func edgeScrollHandleState(_ time: Int64) {
        if scroll.method != .edge {
            for i in touches.indices {
                if touches[i].state == .begin { touches[i].edgeState = .area } else if touches[i].state == .end { touches[i].edgeState = .none }
            }
            return
        }
        for i in touches.indices where touches[i].dirty {
            switch touches[i].state {
            case .none, .hovering: break
            case .begin: edgeScrollHandleEvent(i, .touch, time)
            case .update: edgeScrollHandleEvent(i, .motion, time)
            case .maybeEnd, .end: edgeScrollHandleEvent(i, .release, time)
            }
        }
    }

    /// libinput: tp_edge_scroll_post_events
    ///
    /// `tp_edge_scroll_post_events`; returns whether edge scrolling consumed the frame (never: libinput returns 0).
    mutating func edgeScrollPostEvents(_ time: Int64) -> Bool {
        for i in touches.indices {
            if !touches[i].dirty { continue }
            if touches[i].palmState != .none || thumbIgnored(i) { continue }
            let edge = touches[i].edge
            if edge != 0 && (touchGetEdge(i) & edge) == 0 { continue }
            let vertical: Bool
            switch edge {
            case 0:
                if touches[i].scrollDirection != -1 {
                    let axes: UInt32 = touches[i].scrollDirection == 0 ? 1 : 2
                    notifyAxisFinger(time, axes: axes, dx: 0, dy: 0)
                    touches[i].scrollDirection = -1
                }
                continue
            case Self.edgeRight: vertical = true
            case Self.edgeBottom: vertical = false
            default: continue
            }
            let raw = getDelta(i)
            var normalized = filterMotionUnaccelerated(Double(raw.x), Double(raw.y))
            switch touches[i].edgeState {
            case .edgeNew:
                let tmp = normalized
                let t = touches[i]
                let n = normalizeDelta(Double(t.point.x - t.scrollInitial.x), Double(t.point.y - t.scrollInitial.y))
                let d = vertical ? n.y : n.x
                normalized = abs(d) < Self.edgeScrollThreshold ? (0, 0) : tmp
            default: break
            }
            let delta = vertical ? normalized.dy : normalized.dx
            if delta == 0.0 { continue }
            notifyAxisFinger(time, axes: vertical ? 1 : 2, dx: normalized.dx, dy: normalized.dy)
            touches[i].scrollDirection = vertical ? 0 : 1
            edgeScrollHandleEvent(i, .posted, time)
        }
        return false
    }

    /// libinput: tp_edge_scroll_stop_events
    mutating func edgeScrollStopEvents(_ time: Int64) {
        for i in touches.indices where touches[i].scrollDirection != -1 {
            let axes: UInt32 = touches[i].scrollDirection == 0 ? 1 : 2
            notifyAxisFinger(time, axes: axes, dx: 0, dy: 0)
            touches[i].scrollDirection = -1
            touches[i].edge = 0
            touches[i].edgeState = .area
        }
    }
}
