// Derived from libinput 1.22.1: src/evdev-mt-touchpad-buttons.c. The logic is
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

/// Physical buttons, clickpad software button areas, clickfinger and
/// middle-button emulation (`evdev-mt-touchpad-buttons.c`,
/// `evdev-middle-button.c`); follows libinput 1.22's state machines.
///
/// Button areas: the bottom strip is 10 mm or 15 % of the pad's height,
/// whichever is smaller; it splits at half the width into left and right,
/// with a middle button over the centre 25 % (37.5 %–62.5 %) unless
/// middle-button emulation is on. `TOPBUTTONPAD`s add a 10 mm top strip
/// (left below 40 %, right above 60 %). A touch entering a top area arms a
/// 100 ms timer; leaving it arms a 300 ms one.
extension TouchpadDispatch {
    static let buttonEnterTimeout: Int64 = 100_000
    static let buttonLeaveTimeout: Int64 = 300_000

    // MARK: Areas

    /// libinput: tp_init_softbuttons
    ///
    /// `tp_init_softbuttons` / `tp_switch_click_method`.
    mutating func switchClickMethod() {
        switch buttons.clickMethod {
        case .buttonAreas: initSoftbuttons()
        case .clickfinger, .none: buttons.bottomTopEdge = Self.intMax
        }
    }

    mutating func initSoftbuttons() {
        let width = widthMM, height = heightMM
        let my = height * 0.15 > 10 ? height - 10 : height * 0.85
        buttons.bottomTopEdge = mmToUnitsY(my)
        buttons.bottomRightLeftEdge = mmToUnitsX(width * 0.5)
        buttons.bottomMiddleLeftEdge = Self.intMax
        if middle.enabled { return }
        let mbLeft: Int, mbRight: Int
        if context.facts.quirkBool("ModelTouchpadVisibleMarker") ?? false {
            mbLeft = mmToUnitsX(width / 2 - 5); mbRight = mmToUnitsX(width / 2 + 5)
        } else {
            mbLeft = mmToUnitsX(width * 0.375); mbRight = mmToUnitsX(width * 0.625)
        }
        buttons.bottomMiddleLeftEdge = mbLeft
        buttons.bottomRightLeftEdge = mbRight
    }

    /// libinput: tp_init_top_softbuttons
    mutating func initTopSoftbuttons(multiplier: Double) {
        if buttons.hasTopButtons {
            buttons.topBottomEdge = mmToUnitsY(10 * multiplier)
            buttons.topRightLeftEdge = mmToUnitsX(widthMM * 0.60)
            buttons.topLeftRightEdge = mmToUnitsX(widthMM * 0.40)
        } else {
            buttons.topBottomEdge = Self.intMin
        }
    }

    func inBottomArea(_ i: Int) -> Bool { touches[i].point.y >= buttons.bottomTopEdge }
    func inBottomRight(_ i: Int) -> Bool { inBottomArea(i) && touches[i].point.x > buttons.bottomRightLeftEdge }
    func inBottomMiddle(_ i: Int) -> Bool { inBottomArea(i) && !inBottomRight(i) && touches[i].point.x > buttons.bottomMiddleLeftEdge }
    func inTopArea(_ i: Int) -> Bool { touches[i].point.y <= buttons.topBottomEdge }
    func inTopRight(_ i: Int) -> Bool { inTopArea(i) && touches[i].point.x > buttons.topRightLeftEdge }
    func inTopMiddle(_ i: Int) -> Bool {
        inTopArea(i) && touches[i].point.x >= buttons.topLeftRightEdge && touches[i].point.x <= buttons.topRightLeftEdge
    }
    /// libinput: tp_button_is_inside_softbutton_area
    func inSoftbuttonArea(_ i: Int) -> Bool { inTopArea(i) || inBottomArea(i) }
    /// libinput: tp_button_touch_active
    func buttonTouchActive(_ i: Int) -> Bool { touches[i].buttonState == .area || touches[i].buttonHasMoved }

    // MARK: The per-touch state machine

    mutating func buttonSetState(_ i: Int, _ state: ButtonState, _ event: ButtonEvent, _ time: Int64) {
        touches[i].buttonTimer = nil
        touches[i].buttonState = state
        switch state {
        case .none: touches[i].buttonCurrent = .none
        case .area: touches[i].buttonCurrent = .inArea
        case .bottom: touches[i].buttonCurrent = event
        case .top: break
        case .topNew:
            touches[i].buttonCurrent = event
            touches[i].buttonTimer = time + Self.buttonEnterTimeout
        case .topToIgnore:
            touches[i].buttonTimer = time + Self.buttonLeaveTimeout
        case .ignore: touches[i].buttonCurrent = .none
        }
    }

    mutating func releaseOtherBottomTouches(_ otherStart: Int64) {
        for i in touches.indices {
            if touches[i].buttonState != .bottom || touches[i].buttonHasMoved { continue }
            let a = otherStart, b = touches[i].buttonInitialTime
            let tdelta = a > b ? a - b : b - a
            if tdelta > 80_000 { continue }
            touches[i].buttonHasMoved = true
        }
    }

    /// libinput: tp_button_handle_event
    mutating func buttonHandleEvent(_ i: Int, _ event: ButtonEvent, _ time: Int64) {
        let isBottom = event == .inBottomR || event == .inBottomM || event == .inBottomL
        let isTop = event == .inTopR || event == .inTopM || event == .inTopL
        switch touches[i].buttonState {
        case .none:
            if isBottom {
                buttonSetState(i, .bottom, event, time)
            } else if isTop {
                buttonSetState(i, .topNew, event, time)
            } else if event == .inArea {
                buttonSetState(i, .area, event, time)
            } else if event == .up {
                buttonSetState(i, .none, event, time)
            }
        case .area:
            if event == .up { buttonSetState(i, .none, event, time) }
        case .bottom:
            if isBottom {
                if event != touches[i].buttonCurrent { buttonSetState(i, .bottom, event, time) }
            } else if isTop || event == .inArea {
                buttonSetState(i, .area, event, time)
                releaseOtherBottomTouches(touches[i].buttonInitialTime)
            } else if event == .up {
                buttonSetState(i, .none, event, time)
            }
        case .top:
            if isBottom || event == .inArea {
                buttonSetState(i, .topToIgnore, event, time)
            } else if isTop {
                if event != touches[i].buttonCurrent { buttonSetState(i, .topNew, event, time) }
            } else if event == .up {
                buttonSetState(i, .none, event, time)
            }
        case .topNew:
            if isBottom || event == .inArea {
                buttonSetState(i, .area, event, time)
            } else if isTop {
                if event != touches[i].buttonCurrent { buttonSetState(i, .topNew, event, time) }
            } else if event == .up {
                buttonSetState(i, .none, event, time)
            } else if event == .press || event == .timeout {
                buttonSetState(i, .top, event, time)
            }
        case .topToIgnore:
            if isTop {
                buttonSetState(i, event == touches[i].buttonCurrent ? .top : .topNew, event, time)
            } else if event == .up {
                buttonSetState(i, .none, event, time)
            } else if event == .timeout {
                buttonSetState(i, .ignore, event, time)
            }
        case .ignore:
            if event == .up { buttonSetState(i, .none, event, time) } else if event == .press { touches[i].buttonCurrent = .inArea }
        }
    }

    /// libinput: tp_button_check_for_movement
    ///
    /// A bottom-area touch that moved 5 mm becomes a pointer touch.
    mutating func buttonCheckForMovement(_ i: Int) {
        if touches[i].buttonHasMoved || touches[i].buttonState != .bottom { return }
        let t = touches[i]
        let mm = unitDeltaToMM(t.point.x - t.buttonInitial.x, t.point.y - t.buttonInitial.y)
        if (mm.x * mm.x + mm.y * mm.y).squareRoot() > 5.0 {
            touches[i].buttonHasMoved = true
            releaseOtherBottomTouches(t.buttonInitialTime)
        }
    }

    /// libinput: tp_button_handle_state
    mutating func buttonHandleState(_ time: Int64) {
        for i in touches.indices {
            let s = touches[i].state
            if s == .none || s == .hovering { continue }
            if s == .begin {
                touches[i].buttonInitial = touches[i].point
                touches[i].buttonInitialTime = time
                touches[i].buttonHasMoved = false
            }
            if s == .end {
                buttonHandleEvent(i, .up, time)
            } else if touches[i].dirty {
                let event: ButtonEvent
                if inBottomArea(i) {
                    event = inBottomRight(i) ? .inBottomR : (inBottomMiddle(i) ? .inBottomM : .inBottomL)
                    buttonCheckForMovement(i)
                } else if inTopArea(i) {
                    event = inTopRight(i) ? .inTopR : (inTopMiddle(i) ? .inTopM : .inTopL)
                } else {
                    event = .inArea
                }
                buttonHandleEvent(i, event, time)
            }
            if queued & Self.queuedRelease != 0 { buttonHandleEvent(i, .release, time) }
            if queued & Self.queuedPress != 0 { buttonHandleEvent(i, .press, time) }
        }
    }

    /// libinput: tp_process_button
    mutating func processButton(_ e: EvdevEvent, _ time: Int64) {
        let mask: UInt32 = 1 << UInt32(e.code - EventCodes.BTN_LEFT)
        if buttons.isClickpad && e.code != EventCodes.BTN_LEFT { return }
        if e.value != 0 {
            buttons.state |= mask
            queued |= Self.queuedPress
        } else {
            buttons.state &= ~mask
            queued |= Self.queuedRelease
        }
    }

    // MARK: Posting

    /// libinput: tp_post_button_events
    ///
    /// `tp_post_button_events`; returns whether motion is to be ignored (never: 0).
    mutating func postButtonEvents(_ time: Int64) -> Bool {
        if buttons.isClickpad || modelAppleOneButton { postClickpadButtons(time) } else { postPhysicalButtons(time) }
        return false
    }

    func toLeftHanded(_ b: UInt16) -> UInt16 {
        guard leftHanded else { return b }
        if b == EventCodes.BTN_LEFT { return EventCodes.BTN_RIGHT }
        if b == EventCodes.BTN_RIGHT { return EventCodes.BTN_LEFT }
        return b
    }

    /// libinput: tp_post_physical_buttons
    mutating func postPhysicalButtons(_ time: Int64) {
        var current = buttons.state, old = buttons.oldState
        var button = EventCodes.BTN_LEFT
        while current != 0 || old != 0 {
            if (current & 1) ^ (old & 1) != 0 {
                notifyPhysicalButton(time, toLeftHanded(button), pressed: current & 1 != 0)
            }
            button += 1; current >>= 1; old >>= 1
        }
    }

    /// `evdev_pointer_notify_physical_button`
    /// (``MiddleButtonEmulation/notifyPhysicalButton(_:pressed:time:into:)``):
    /// what it posts goes to the seat, in order.
    mutating func notifyPhysicalButton(_ time: Int64, _ button: UInt16, pressed: Bool) {
        var posts = MiddleButtonEmulation.Posts()
        middle.notifyPhysicalButton(button, pressed: pressed, time: time, into: &posts)
        postMiddlePosts(posts)
    }

    /// libinput: tp_clickfinger_within_distance
    func clickfingerWithinDistance(_ a: Int?, _ b: Int?) -> Bool {
        guard let a, let b else { return false }
        if thumbIgnored(a) || thumbIgnored(b) { return false }
        let xres = Double(axisX.resolution), yres = Double(axisY.resolution)
        let x = Double(abs(touches[a].point.x - touches[b].point.x)) / xres
        let y = Double(abs(touches[a].point.y - touches[b].point.y)) / yres
        if x > 40 || y > 30 { return false }
        if y <= 20 { return true }
        if abs(axisY.maximum - axisY.minimum) / axisY.resolution < 50 { return true }
        let bottom = axisY.maximum - 20 * axisY.resolution
        return (touches[a].point.y > bottom) == (touches[b].point.y > bottom)
    }

    /// libinput: tp_clickfinger_set_button
    func clickfingerButton() -> UInt16 {
        var n = 0
        var first: Int? = nil, second: Int? = nil
        for i in touches.indices {
            let s = touches[i].state
            if s != .begin && s != .update { continue }
            if thumbIgnored(i) || touches[i].palmState != .none { continue }
            n += 1
            if first == nil { first = i } else if second == nil { second = i }
        }
        if n == 2 { n = clickfingerWithinDistance(first, second) ? 2 : 1 }
        switch n {
        case 0, 1: return EventCodes.BTN_LEFT
        case 2: return EventCodes.BTN_RIGHT
        case 3: return EventCodes.BTN_MIDDLE
        default: return 0
        }
    }

    /// libinput: tp_notify_clickpadbutton
    mutating func notifyClickpadButton(_ time: Int64, _ button: UInt16, isTop: Bool, pressed: Bool) {
        // Top buttons go through a paired trackpoint when there is one (not modelled: no trackpoint dispatch here).
        edgeScrollStopEvents(time)
        var b = button
        if buttons.clickMethod == .clickfinger && pressed {
            b = clickfingerButton()
            buttons.active = b
            if b == 0 { return }
        }
        postButton(time, b, pressed: pressed)
    }

    /// libinput: tp_post_clickpadbutton_buttons
    mutating func postClickpadButtons(_ time: Int64) {
        let current = buttons.state, old = buttons.oldState
        var isTop = false
        if !buttons.clickPending && current == old { return }
        var button: UInt16
        let pressed: Bool
        if current != 0 {
            var area: UInt32 = 0
            let AREA: UInt32 = 1, LEFT: UInt32 = 2, MIDDLE: UInt32 = 4, RIGHT: UInt32 = 8
            for t in touches {
                switch t.buttonCurrent {
                case .inArea: area |= AREA
                case .inTopL: isTop = true; area |= LEFT
                case .inBottomL: area |= LEFT
                case .inTopM: isTop = true; area |= MIDDLE
                case .inBottomM: area |= MIDDLE
                case .inTopR: isTop = true; area |= RIGHT
                case .inBottomR: area |= RIGHT
                default: break
                }
            }
            if area == 0 && buttons.clickMethod != .clickfinger {
                buttons.clickPending = true
                return
            }
            var wantLeftHanded = true
            if (middle.enabled || isTop) && area & LEFT != 0 && area & RIGHT != 0 {
                button = EventCodes.BTN_MIDDLE
            } else if area & MIDDLE != 0 {
                button = EventCodes.BTN_MIDDLE
            } else if area & RIGHT != 0 {
                button = EventCodes.BTN_RIGHT
            } else if area & LEFT != 0 {
                button = EventCodes.BTN_LEFT
            } else {
                button = EventCodes.BTN_LEFT
                wantLeftHanded = false
            }
            if isTop { wantLeftHanded = false }
            if wantLeftHanded { button = toLeftHanded(button) }
            buttons.active = button
            buttons.activeIsTopButton = isTop
            pressed = true
        } else {
            button = buttons.active
            isTop = buttons.activeIsTopButton
            buttons.active = 0
            buttons.activeIsTopButton = false
            pressed = false
        }
        buttons.clickPending = false
        if button != 0 { notifyClickpadButton(time, button, isTop: isTop, pressed: pressed) }
    }
}

/// Middle-button emulation (`evdev-middle-button.c`): the touchpad's glue
/// to the shared ``MiddleButtonEmulation``. What the state machine posts
/// goes to the seat (`evdev_pointer_notify_button` has no button scrolling
/// on a touchpad), in order.
extension TouchpadDispatch {
    /// The middle-button timer fired.
    mutating func middleTimeout(_ time: Int64) {
        var posts = MiddleButtonEmulation.Posts()
        middle.handleTimeout(time, into: &posts)
        postMiddlePosts(posts)
    }

    mutating func postMiddlePosts(_ posts: MiddleButtonEmulation.Posts) {
        if let p = posts.first { postButton(p.time, p.button, pressed: p.pressed) }
        if let p = posts.second { postButton(p.time, p.button, pressed: p.pressed) }
    }
}

extension TouchpadDispatch {
    /// libinput: tp_init_buttons
    ///
    /// Whether the pad is a clickpad (`INPUT_PROP_BUTTONPAD`, or a left
    /// button without a right one), has top buttons, and its click method
    /// (`tp_click_get_default_method`).
    mutating func initButtons(_ d: DeviceDescription) {
        typealias C = EventCodes
        let facts = context.facts
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        let hasLeft = has(C.EV_KEY, C.BTN_LEFT), hasRight = has(C.EV_KEY, C.BTN_RIGHT)
        buttons.isClickpad = d.properties.contains(C.INPUT_PROP_BUTTONPAD)
        if !buttons.isClickpad && hasLeft && !hasRight && !modelAppleOneButton { buttons.isClickpad = true }
        buttons.hasTopButtons = d.properties.contains(C.INPUT_PROP_TOPBUTTONPAD)
        let quirkedClickfinger = [
            "ModelChromebook", "ModelSystem76Bonobo", "ModelSystem76Galago", "ModelSystem76Kudu",
            "ModelClevoW740SU", "ModelAppleTouchpadOneButton",
        ].contains { facts.quirkBool($0) ?? false }
        let defaultClick: TouchpadConfiguration.ClickMethod =
            quirkedClickfinger ? .clickfinger : (!buttons.isClickpad ? .none : (modelAppleTouchpad ? .clickfinger : .buttonAreas))
        buttons.clickMethod = settings.clickMethod ?? defaultClick
    }

    /// libinput: tp_init_middlebutton_emulation
    mutating func initMiddlebuttonEmulation(_ d: DeviceDescription) {
        let hasMiddle = d.has(type: EventCodes.EV_KEY, code: EventCodes.BTN_MIDDLE)
        if buttons.isClickpad {
            middle.enabled = settings.middleEmulation ?? false
        } else if !hasMiddle {
            middle.enabled = settings.middleEmulation ?? true
        } else if modelAlpsSerial {
            middle.enabled = settings.middleEmulation ?? true
        } else {
            middle.enabled = false
        }
    }
}
