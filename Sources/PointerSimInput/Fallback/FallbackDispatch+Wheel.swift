// Derived from libinput 1.22.1: src/evdev-wheel.c. The logic is re-expressed
// in Swift. libinput's notice (MIT licence), which covers this file
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

/// The wheel (`evdev-wheel.c`): low- and high-resolution clicks summed per
/// frame, a state machine that starts scrolling past half a detent and
/// keeps it for 500 ms, and one `POINTER_SCROLL_WHEEL` event per axis.
extension FallbackDispatch {
    /// `dispatch->wheel`: the wheel's state machine and its sums.
    struct Wheel: Sendable {
        enum State: Sendable { case none, accumulating, scrolling }
        enum Direction: Sendable { case unknown, vpos, vneg, hpos, hneg }
        var state = State.none
        var dir = Direction.unknown
        var loResX = 0, loResY = 0, hiResX = 0, hiResY = 0
        var emulateHiRes = false, hiResReceived = false
        /// `wheel.scroll_timer`'s expiry.
        var timer: Int64? = nil
    }

    enum WheelEvent { case accumulated, scroll, timeout, dirChanged }

    mutating func wheelEvent(_ event: WheelEvent, time: Int64) {
        switch wheel.state {
        case .none:
            if event == .scroll { wheel.state = .accumulating }
        case .accumulating:
            switch event {
            case .accumulated: wheel.state = .scrolling; wheel.timer = time + 500_000
            case .dirChanged: wheel.state = .none
            default: break
            }
        case .scrolling:
            switch event {
            case .scroll: wheel.timer = time + 500_000
            case .timeout: wheel.state = .none
            case .dirChanged: wheel.timer = nil; wheel.state = .none
            case .accumulated: break
            }
        }
    }

    mutating func wheelDirectionChange(_ dir: Wheel.Direction, time: Int64) {
        if dir != wheel.dir {
            wheel.dir = dir
            wheelEvent(.dirChanged, time: time)
        }
    }

    /// libinput: fallback_wheel_handle_state
    mutating func wheelHandleState(time: Int64, into out: inout [DecodedEvent]) {
        guard isPointer else { return }
        if !wheel.emulateHiRes && !wheel.hiResReceived && (wheel.loResX != 0 || wheel.loResY != 0) {
            wheel.emulateHiRes = true
            wheel.hiResX = wheel.loResX * 120; wheel.hiResY = wheel.loResY * 120
        }
        switch wheel.state {
        case .none: break
        case .accumulating:
            if abs(wheel.hiResX) >= 60 || abs(wheel.hiResY) >= 60 {
                wheelEvent(.accumulated, time: time)
                wheelFlush(time: time, into: &out)
            }
        case .scrolling:
            wheelFlush(time: time, into: &out)
        }
    }

    /// libinput: wheel_flush_scroll
    ///
    /// A `POINTER_SCROLL_WHEEL` per axis from the
    /// high-resolution sums (the low-resolution sums feed only the legacy
    /// `POINTER_AXIS` events, which are not modelled: they are reset here).
    mutating func wheelFlush(time: Int64, into out: inout [DecodedEvent]) {
        if isScrollPoint {
            let raw = (x: Double(wheel.loResX), y: Double(wheel.loResY) * -1)
            let n = filter?.constant(dx: raw.x, dy: raw.y) ?? raw
            postScroll(n, time: time, into: &out)
            wheel.hiResX = 0; wheel.hiResY = 0; wheel.loResX = 0; wheel.loResY = 0
            return
        }
        if wheel.hiResY != 0 {
            var v120 = Double(-wheel.hiResY), deg = Double(-wheel.hiResY) / 120.0 * wheelClickAngle.vertical
            if natural { v120 = -v120; deg = -deg }
            out.append(
                DecodedEvent(
                    time: time,
                    device: context.index,
                    origin: origin,
                    .scroll(source: .wheel, vertical: deg, horizontal: nil, v120Vertical: v120, v120Horizontal: nil)
                )
            )
            wheel.hiResY = 0
        }
        wheel.loResY = 0
        if wheel.hiResX != 0 {
            var v120 = Double(wheel.hiResX), deg = Double(wheel.hiResX) / 120.0 * wheelClickAngle.horizontal
            if invertHorizontal { v120 = -v120; deg = -deg }
            if natural { v120 = -v120; deg = -deg }
            out.append(
                DecodedEvent(
                    time: time,
                    device: context.index,
                    origin: origin,
                    .scroll(source: .wheel, vertical: nil, horizontal: deg, v120Vertical: nil, v120Horizontal: v120)
                )
            )
            wheel.hiResX = 0
        }
        wheel.loResX = 0
    }
}
