// Derived from libinput 1.22.1: src/evdev-mt-touchpad.c. The logic is
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

/// libinput's touchpad dispatch (`evdev-mt-touchpad*.c`), ported to Swift;
/// follows libinput 1.22's algorithms and state machines.
///
/// Per frame: the frame's events update the touches (slots for protocol-B
/// pads; `ABS_X`/`ABS_Y` plus `BTN_TOOL_*` fake fingers for single-touch,
/// semi-MT and protocol-A pads), then `tp_handle_state` runs: pre-processing
/// (fake touches, pressure/size/fake-finger touch begin and end), processing
/// (jumps, thumbs, palms, wobble and hysteresis, the motion history, pinning,
/// the button, edge-scroll and gesture state machines), posting (buttons,
/// edge or two-finger scroll, pointer motion) and post-processing. Timers
/// (button areas, edge scroll, hold gestures, finger-count switch,
/// disable-while-typing, trackpoint, middle-button emulation, tapping) run on
/// the trace clock. See `docs/Touchpads.md` for what is modelled.
@usableFromInline package struct TouchpadDispatch: DeviceDispatch {
    // MARK: Types

    enum TouchState: Int, Sendable { case none, hovering, begin, update, maybeEnd, end }
    enum PalmState: Sendable { case none, edge, typing, trackpoint, toolPalm, pressure, touchSize, arbitration }
    enum ButtonEvent: Int, Sendable {
        case none = 0
        case inBottomR = 30
        case inBottomM, inBottomL, inTopR, inTopM, inTopL, inArea, up, press, release, timeout
    }
    enum ButtonState: Sendable { case none, area, bottom, top, topNew, topToIgnore, ignore }
    enum EdgeScrollState: Sendable { case none, edgeNew, edge, area }
    enum GestureState: Sendable { case none, unknown, hold, holdAndMotion, pointerMotion, scroll, pinch, swipe }
    enum ThumbState: Sendable { case finger, jailed, pinch, suppressed, revived, revivedJailed, dead }
    enum JumpState: Sendable { case ignore, expectFirst, expectDelay }

    /// `device_coords`: integer device units.
    struct Point: Sendable, Hashable { var x = 0; var y = 0 }

    struct HistoryPoint: Sendable { var time: Int64 = 0; var point = Point() }

    /// `struct tp_touch`.
    struct Touch: Sendable {
        let index: Int
        var state: TouchState = .none
        var hasEnded = true
        var dirty = false
        var point = Point()
        var initialTime: Int64 = 0
        var pressure = 0
        var isToolPalm = false
        var major = 0, minor = 0
        var wasDown = false
        var resetMotionHistory = false
        /// The motion history ring (4 samples, inline: a touch is plain data).
        var history = (HistoryPoint(), HistoryPoint(), HistoryPoint(), HistoryPoint())
        var historyIndex = 0, historyCount = 0
        var jumpLastDeltaMM = 0.0
        var hysteresisCenter = Point()
        var xMotionHistory: UInt8 = 0
        var isPinned = false
        var pinnedCenter = Point()
        // Soft buttons.
        var buttonState: ButtonState = .none
        var buttonCurrent: ButtonEvent = .none
        var buttonTimer: Int64? = nil
        var buttonInitial = Point()
        var buttonHasMoved = false
        var buttonInitialTime: Int64 = 0
        // Tapping.
        var tapState: TapTouchState = .idle
        var tapInitial = Point()
        var tapIsThumb = false
        var tapIsPalm = false
        // Edge scroll.
        var edgeState: EdgeScrollState = .none
        var edge: UInt32 = 0
        var scrollDirection = -1
        var scrollTimer: Int64? = nil
        var scrollInitial = Point()
        // Palm.
        var palmState: PalmState = .none
        var palmFirst = Point()
        var palmTime: Int64 = 0
        var gestureInitial = Point()
        var lastSpeed = 0.0
        var exceededCount = 0

        init(index: Int) { self.index = index }

        func historyOffset(_ offset: Int) -> HistoryPoint { sample((historyIndex - offset + 4) % 4) }

        func sample(_ k: Int) -> HistoryPoint {
            switch k {
            case 0: history.0;
            case 1: history.1;
            case 2: history.2;
            default: history.3
            }
        }

        mutating func setSample(_ k: Int, _ p: HistoryPoint) {
            switch k {
            case 0: history.0 = p;
            case 1: history.1 = p;
            case 2: history.2 = p;
            default: history.3 = p
            }
        }
    }

    /// `tp->hysteresis`.
    struct Hysteresis: Sendable {
        var enabled = false
        var margin = Point()
        var lastMotionTime: Int64 = 0
    }

    /// `tp->gesture`: the gesture state machine, its touches and timers.
    struct Gesture: Sendable {
        var enabled = false, started = false
        var fingerCount = 0, fingerCountPending = 0
        /// `finger_count_switch_timer`'s expiry.
        var switchTimer: Int64? = nil
        var state: GestureState = .none
        var touches: (Int, Int) = (-1, -1)
        var initialTime: Int64 = 0
        var initialDistance = 0.0, prevScale = 1.0, angle = 0.0
        var center = (x: 0.0, y: 0.0)
        /// `hold_timer`'s expiry.
        var holdTimer: Int64? = nil
        var holdEnabled = false
    }

    /// `tp->buttons`: clickpad, button areas and the buttons' state.
    struct Buttons: Sendable {
        var isClickpad = false, hasTopButtons = false, clickPending = false
        var state: UInt32 = 0, oldState: UInt32 = 0
        var active: UInt16 = 0, activeIsTopButton = false
        var bottomTopEdge = Int(Int32.max), bottomRightLeftEdge = 0, bottomMiddleLeftEdge = Int(Int32.max)
        var topBottomEdge = Int(Int32.min), topRightLeftEdge = 0, topLeftRightEdge = 0
        var clickMethod: TouchpadConfiguration.ClickMethod = .none
    }

    /// `tp->scroll`: the method, the edge-scroll edges and two-finger direction lock.
    struct Scroll: Sendable {
        var method: TouchpadConfiguration.ScrollMethod = .twoFinger
        var rightEdge = 0, bottomEdge = 0
        var activeH = false, activeV = false
        var vector = (x: 0.0, y: 0.0)
        var timePrev: Int64 = 0
        var durationH: Int64 = 0, durationV: Int64 = 0
        var natural = false
    }

    /// `tp->palm`: edges, pressure and size thresholds, trackpoint monitoring.
    struct Palm: Sendable {
        var rightEdge = Int(Int32.max), leftEdge = Int(Int32.min), upperEdge = Int(Int32.min)
        var useMTTool = false, usePressure = false, pressureThreshold = 130
        var useSize = false, sizeThreshold = 0
        var monitorTrackpoint = false, dwtpEnabled = true
        var trackpointActive = false, trackpointTimer: Int64? = nil, trackpointLastEventTime: Int64 = 0, trackpointEventCount = 0
        var trackpoints: Set<Int> = []
    }

    /// `tp->dwt`: disable-while-typing.
    struct DisableWhileTyping: Sendable {
        var enabled = false
        var pairedKeyboards: Set<Int> = []
        var keyMask = Set<UInt16>(), modMask = Set<UInt16>()
        var keyboardActive = false, keyboardTimer: Int64? = nil, keyboardLastPressTime: Int64 = 0
    }

    /// `tp->thumb`: thumb lines and thresholds, the thumb's state and touch.
    struct Thumb: Sendable {
        var detect = false
        var upperThumbLine = 0, lowerThumbLine = 0
        var usePressure = false, pressureThreshold = Int(Int32.max)
        var useSize = false, sizeThreshold = 0
        var state: ThumbState = .finger
        var index = Int(UInt32.max)
        var pinchEligible = true
    }

    /// An absolute axis as libinput sees it after udev and its own fixes.
    struct Axis: Sendable { var minimum = 0, maximum = 0, resolution = 1, fuzz = 0 }

    static let queuedMotion: UInt8 = 1, queuedPress: UInt8 = 2, queuedRelease: UInt8 = 4,
        queuedOtherAxis: UInt8 = 8, queuedTimestamp: UInt8 = 16
    static let fakeFingerOverflow: UInt32 = 1 << 7
    static let intMax = Int(Int32.max), intMin = Int(Int32.min)
    /// The dispatch's own clock runs this far (1000 s) ahead of the
    /// recording's timeline, like libinput's `CLOCK_MONOTONIC` that started
    /// long before the first event: libinput treats a time of 0 as "never"
    /// (`palm.time`, `scroll.time_prev`, tracker times, gesture start).
    static let clockOffset: Int64 = 1_000_000_000

    // MARK: State

    let context: DeviceContext
    let settings: TouchpadConfiguration
    /// False when libinput would reject the device (sanity checks).
    @usableFromInline package let accepted: Bool
    var out: [DecodedEvent] = []
    var origin: DecodedEvent.Origin = .added
    /// The time of the frame being processed (the dispatch's clock).
    var frameTime: Int64 = 0

    var touches: [Touch] = []
    var nfingersDown = 0, oldNfingersDown = 0
    var slot = 0
    var hasMT = false, semiMT = false
    var nactiveSlots = 0, numSlots = 1
    var fakeTouches: UInt32 = 0
    var jumpDetectionDisabled = false
    var usePressure = false, pressureHigh = 0, pressureLow = 0
    var useTouchSize = false, touchSizeHigh = 0, touchSizeLow = 0
    /// `tp->hysteresis`.
    var hysteresis = Hysteresis()
    var xScaleCoeff = 1.0, yScaleCoeff = 1.0, xyScaleCoeff = 1.0
    var filter: TouchpadMotionFilter
    var queued: UInt8 = 0
    var axisX = Axis(), axisY = Axis()
    /// `ABS_X`/`ABS_Y` (for `evdev_device_get_size`).
    var stX = Axis(), stY = Axis()
    var widthMM = 0.0, heightMM = 0.0
    var modelSynapticsSerial = false, modelAlpsSerial = false, modelLenovoT450 = false, modelWacom = false,
        modelAppleOneButton = false, modelAppleTouchpad = false
    var isExternal = false

    /// `tp->gesture`.
    var gesture = Gesture()

    /// `tp->buttons`.
    var buttons = Buttons()
    /// `device->middlebutton`.
    var middle = MiddleButtonEmulation()
    var leftHanded = false
    /// `device->key_count`: buttons down per code, as the seat counts them.
    var buttonDownCount = KeyDownCounts()
    var hasTrackpoint = false

    /// `tp->scroll`.
    var scroll = Scroll()
    /// `device->scroll`: buildup, direction bits (bit 0 vertical, bit 1 horizontal), thresholds.
    var evdevScroll = EvdevScroll(threshold: 0.0, directionLockThreshold: 5.0)

    /// `tp->tap`.
    var tap = TapState()

    /// `tp->palm`, with the trackpoint monitoring libinput keeps there.
    var palm = Palm()

    /// `tp->dwt`: disable-while-typing.
    var dwt = DisableWhileTyping()

    /// `tp->thumb`.
    var thumb = Thumb()

    // Quirks.
    /// Event codes a quirk disabled (`type << 16 | code`); their events are dropped as libevdev drops them.
    var disabledCodes: Set<UInt32> = []
    var nonmotionEventCount = 0
    var mscState: JumpState = .ignore, mscInterval: UInt32 = 0, mscNow: UInt32 = 0

    // MARK: Init

    /// libinput: tp_init
    ///
    /// Creates the dispatch. The `tp_init_*` functions run in libinput's
    /// order; before them, libinput's model quirks remove (or add) event
    /// codes and properties (`evdev_pre_configure_model_quirks`) and the
    /// device is tagged (`evdev_tag_touchpad`, which libinput's
    /// `evdev_mt_touchpad_create` calls first).
    @usableFromInline package init(context: DeviceContext) {
        self.context = context
        settings = context.configuration.touchpad
        let facts = context.facts
        // libinput's model quirks remove (or add) event codes and properties
        // before the dispatch sees the device (`evdev_pre_configure_model_quirks`).
        let (d, disabled) = Self.applyCodeQuirks(context.description, facts)
        accepted = Self.passSanityCheck(d)
        // tp_init_accel sets the filter once the axes are known; until then
        // one for a 1,000 dpi pad stands in (it filters nothing).
        filter = TouchpadMotionFilter(profile: .adaptive, speed: 0, dpi: 1000)
        disabledCodes = disabled

        let fake = extractAbsAxes(d)
        initDefaultResolution(fake: fake)
        widthMM = Double(stX.maximum - stX.minimum) / Double(stX.resolution)
        heightMM = Double(stY.maximum - stY.minimum) / Double(stY.resolution)
        let (hasMTPressure, hasPressure) = initPressurepad(d)

        modelSynapticsSerial = facts.quirkBool("ModelSynapticsSerialTouchpad") ?? false
        modelAlpsSerial = facts.quirkBool("ModelALPSSerialTouchpad") ?? false
        modelLenovoT450 = facts.quirkBool("ModelLenovoT450Touchpad") ?? false
        modelWacom = facts.quirkBool("ModelWacomTouchpad") ?? false
        modelAppleOneButton = facts.quirkBool("ModelAppleTouchpadOneButton") ?? false
        modelAppleTouchpad = facts.quirkBool("ModelAppleTouchpad") ?? false

        tagTouchpad(d)
        let ntouches = initSlots(d)
        if !initTouchSize(d) { initPressure(d, hasMTPressure: hasMTPressure, hasPressure: hasPressure) }
        initHysteresis()
        initAccel(d)
        initTap(d)
        initButtons(d)
        initMiddlebuttonEmulation(d)
        initLeftHanded()
        switchClickMethod()
        initTopSoftbuttons(multiplier: 1.0)
        initDwt()
        initDwtp()
        initPalmdetect(d, hasMTPressure: hasMTPressure)
        initScroll(ntouches: ntouches)
        initGesture()
        initThumb(d, hasMTPressure: hasMTPressure)
        jumpDetectionDisabled = facts.quirkBool("ModelLenovoX1Gen6Touchpad") ?? false
    }

    /// libinput: tp_pass_sanity_check
    ///
    /// Whether libinput accepts the device as a touchpad.
    static func passSanityCheck(_ d: DeviceDescription) -> Bool {
        typealias C = EventCodes
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        return has(C.EV_ABS, C.ABS_X) && has(C.EV_KEY, C.BTN_TOUCH) && has(C.EV_KEY, C.BTN_TOOL_FINGER)
    }

    /// libinput: evdev_extract_abs_axes
    ///
    /// The axes (with udev's `EVDEV_ABS_*` overrides and `LIBINPUT_FUZZ_*`),
    /// resolutions fixed from the quirks' hints (`evdev_fix_abs_resolution`).
    /// - Returns: whether a resolution had to be faked (no hint).
    mutating func extractAbsAxes(_ d: DeviceDescription) -> Bool {
        typealias C = EventCodes
        let facts = context.facts
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        func axis(_ code: UInt16) -> Axis {
            var a = Axis()
            if let i = d.absInfo[code] {
                a.minimum = Int(i.minimum); a.maximum = Int(i.maximum); a.resolution = Int(i.resolution)
            }
            if let o = Self.evdevAbsOverride(facts, code) {
                if let v = o.min { a.minimum = v }
                if let v = o.max { a.maximum = v }
                if let v = o.res { a.resolution = v }
            }
            return a
        }
        var fake = false
        var sx = axis(C.ABS_X), sy = axis(C.ABS_Y)
        func fixResolution(_ x: inout Axis, _ y: inout Axis) -> Bool {
            if x.resolution != 0 || y.resolution != 0 { return false }
            var xres = 1, yres = 1
            // Hints outside 1…65536 are ignored (DecoderOverrides); a size
            // hint larger than the axis still gives at least 1 unit/mm.
            let hints = 1...DecoderOverrides.hintLimit
            if let r = facts.quirkDimensions("AttrResolutionHint"), hints.contains(r.width), hints.contains(r.height) {
                xres = r.width; yres = r.height
            } else if let s = facts.quirkDimensions("AttrSizeHint"), hints.contains(s.width), hints.contains(s.height) {
                xres = Swift.max(1, (x.maximum - x.minimum) / s.width); yres = Swift.max(1, (y.maximum - y.minimum) / s.height)
            }
            x.resolution = xres; y.resolution = yres
            return xres == 1
        }
        if fixResolution(&sx, &sy) { fake = true }
        sx.fuzz = Self.fuzz(facts, C.ABS_X); sy.fuzz = Self.fuzz(facts, C.ABS_Y)
        var ax = sx, ay = sy
        let mtX: UInt16 = 0x35, mtY: UInt16 = 0x36
        let hasMTAxes = has(C.EV_ABS, mtX) && has(C.EV_ABS, mtY)
        if hasMTAxes {
            var mx = axis(mtX), my = axis(mtY)
            if fixResolution(&mx, &my) { fake = true }
            mx.fuzz = Self.fuzz(facts, mtX); my.fuzz = Self.fuzz(facts, mtY)
            ax = mx; ay = my
        }
        axisX = ax; axisY = ay; stX = sx; stY = sy
        return fake
    }

    /// libinput: tp_init_default_resolution
    ///
    /// A pad without a resolution is taken to be 69 × 50 mm. (Every axis is
    /// then at least 1 unit/mm.)
    mutating func initDefaultResolution(fake: Bool) {
        if fake {
            let xres = abs(axisX.maximum - axisX.minimum) / Int(context.configuration.fallbackPadWidthMM)
            let yres = abs(axisY.maximum - axisY.minimum) / Int(context.configuration.fallbackPadHeightMM)
            axisX.resolution = xres; axisY.resolution = yres; stX.resolution = xres; stY.resolution = yres
        }
        axisX.resolution = Swift.max(1, axisX.resolution); axisY.resolution = Swift.max(1, axisY.resolution)
        stX.resolution = Swift.max(1, stX.resolution); stY.resolution = Swift.max(1, stY.resolution)
    }

    /// libinput: tp_init_pressurepad
    ///
    /// A pressure axis with a resolution is a pressure pad's: neither
    /// pressure axis is used then.
    /// - Returns: whether `ABS_MT_PRESSURE` and `ABS_PRESSURE` are left.
    func initPressurepad(_ d: DeviceDescription) -> (mt: Bool, single: Bool) {
        typealias C = EventCodes
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        var hasMTPressure = has(C.EV_ABS, 0x3a), hasPressure = has(C.EV_ABS, 0x18)
        if let r = d.absInfo[0x3a], r.resolution != 0 { hasMTPressure = false; hasPressure = false }
        return (hasMTPressure, hasPressure)
    }

    /// libinput: evdev_tag_touchpad
    mutating func tagTouchpad(_ d: DeviceDescription) {
        switch context.facts.udev["ID_INPUT_TOUCHPAD_INTEGRATION"] {
        case "internal": isExternal = false
        case "external": isExternal = true
        default:
            isExternal = d.bustype == 0x05  // BUS_BLUETOOTH
            if d.vendor == 0x046d { isExternal = true }  // Logitech
            if modelWacom { isExternal = true }
        }
    }

    /// libinput: tp_init_slots
    ///
    /// With `tp_sync_slots`: the description's current values (slot 0 =
    /// `ABS_X`/`ABS_Y`).
    /// - Returns: the number of touches.
    mutating func initSlots(_ d: DeviceDescription) -> Int {
        typealias C = EventCodes
        let facts = context.facts
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        let mtX: UInt16 = 0x35, mtY: UInt16 = 0x36
        if has(C.EV_ABS, C.ABS_MT_SLOT), let s = d.absInfo[C.ABS_MT_SLOT] {
            numSlots = Int(s.maximum) + 1; slot = Int(s.value); hasMT = true
        } else {
            numSlots = 1; slot = 0; hasMT = false
        }
        semiMT = d.properties.contains(C.INPUT_PROP_SEMI_MT)
        if semiMT || (facts.quirkBool("ModelHPPavilionDM4Touchpad") ?? false) {
            numSlots = 1; slot = 0; hasMT = false
        }
        var nBtnTool = 1
        for (code, n) in [(C.BTN_TOOL_QUINTTAP, 5), (C.BTN_TOOL_QUADTAP, 4), (C.BTN_TOOL_TRIPLETAP, 3), (C.BTN_TOOL_DOUBLETAP, 2)]
        where has(C.EV_KEY, code) { nBtnTool = n; break }
        let ntouches = Swift.max(numSlots, nBtnTool)
        touches = (0..<ntouches).map { Touch(index: $0) }
        // tp_sync_slots: the description's current values (slot 0 = ABS_X/ABS_Y).
        touches[0].point = Point(x: Int(d.absInfo[hasMT ? mtX : C.ABS_X]?.value ?? 0), y: Int(d.absInfo[hasMT ? mtY : C.ABS_Y]?.value ?? 0))
        return ntouches
    }

    /// libinput: tp_init_touch_size
    ///
    /// - Returns: whether touches begin and end by their size.
    mutating func initTouchSize(_ d: DeviceDescription) -> Bool {
        typealias C = EventCodes
        func has(_ t: UInt16, _ c: UInt16) -> Bool { d.has(type: t, code: c) }
        let kernelSlots = has(C.EV_ABS, C.ABS_MT_SLOT) ? Int(d.absInfo[C.ABS_MT_SLOT]?.maximum ?? 0) + 1 : 0
        if has(C.EV_ABS, 0x30), let r = context.facts.quirkRange("AttrTouchSizeRange"), kernelSlots >= 5, !(r.upper == 0 && r.lower == 0) {
            useTouchSize = true; touchSizeHigh = r.upper; touchSizeLow = r.lower
        }
        return useTouchSize
    }

    /// libinput: tp_init_pressure
    mutating func initPressure(_ d: DeviceDescription, hasMTPressure: Bool, hasPressure: Bool) {
        let code: UInt16 = hasMT ? 0x3a : 0x18
        if hasMT ? hasMTPressure : hasPressure, let a = d.absInfo[code] {
            var hi: Int, lo: Int
            var ok = true
            if let r = context.facts.quirkRange("AttrPressureRange") {
                hi = r.upper; lo = r.lower
                if hi == 0 && lo == 0 { ok = false }
            } else {
                let range = Double(UInt32(bitPattern: a.maximum &- a.minimum))
                hi = Int(Double(a.minimum) + 0.12 * range)
                lo = Int(Double(a.minimum) + 0.10 * range)
            }
            if ok && !(hi > Int(a.maximum) || hi < Int(a.minimum) || lo > Int(a.maximum) || lo < Int(a.minimum)) {
                usePressure = true; pressureHigh = hi; pressureLow = lo
            }
        }
    }

    /// libinput: tp_init_hysteresis
    mutating func initHysteresis() {
        hysteresis.margin = Point(
            x: axisX.fuzz != 0 ? axisX.fuzz : axisX.resolution / 4,
            y: axisY.fuzz != 0 ? axisY.fuzz : axisY.resolution / 4
        )
        hysteresis.enabled = axisX.fuzz != 0 || axisY.fuzz != 0
    }

    /// libinput: tp_init_accel
    ///
    /// The dpi is the x axis's resolution × 25.4 (libinput's `tp_init` sets
    /// `device->dpi` so).
    mutating func initAccel(_ d: DeviceDescription) {
        let dpi = Int(Double(axisX.resolution) * 25.4)
        xScaleCoeff = (1000.0 / 25.4) / Double(axisX.resolution)
        yScaleCoeff = (1000.0 / 25.4) / Double(axisY.resolution)
        xyScaleCoeff = 1.0 * Double(axisX.resolution) / Double(axisY.resolution)
        let profile = settings.accelerationProfile ?? context.configuration.acceleration
        let speed = settings.speed ?? context.configuration.speed
        filter = TouchpadMotionFilter(
            profile: profile,
            speed: speed,
            dpi: dpi,
            velocityAveraging: context.facts.quirkBool("AttrUseVelocityAveraging") ?? false,
            bluetooth: d.bustype == 0x05
        )
    }

    /// libinput: tp_init_left_handed
    mutating func initLeftHanded() {
        leftHanded = settings.leftHanded && !modelAppleOneButton
    }

    /// libinput: tp_init_dwt
    mutating func initDwt() {
        dwt.enabled = settings.disableWhileTyping && !isExternal
    }

    /// libinput: tp_init_dwtp
    mutating func initDwtp() {
        palm.dwtpEnabled = settings.disableWhileTrackpointing
    }

    /// libinput: tp_init_palmdetect
    mutating func initPalmdetect(_ d: DeviceDescription, hasMTPressure: Bool) {
        typealias C = EventCodes
        if !isExternal {
            palm.monitorTrackpoint = true
            palm.useMTTool = d.has(type: C.EV_ABS, code: C.ABS_MT_TOOL_TYPE)
            initPalmdetectEdge()
            initPalmdetectPressure(hasMTPressure: hasMTPressure)
            initPalmdetectSize()
        }
    }

    /// libinput: tp_init_palmdetect_edge
    mutating func initPalmdetectEdge() {
        if widthMM >= 70.0 {
            let edge = Swift.min(8, widthMM * 0.08)
            palm.leftEdge = mmToUnitsX(edge)
            palm.rightEdge = mmToUnitsX(widthMM - edge)
            if !buttons.hasTopButtons && heightMM > 55 { palm.upperEdge = mmToUnitsY(heightMM * 0.05) }
        }
    }

    /// libinput: tp_init_palmdetect_pressure
    mutating func initPalmdetectPressure(hasMTPressure: Bool) {
        if hasMTPressure {
            palm.usePressure = true
            palm.pressureThreshold = Int(context.facts.quirkUInt("AttrPalmPressureThreshold") ?? 130)
        }
    }

    /// libinput: tp_init_palmdetect_size
    mutating func initPalmdetectSize() {
        if let t = context.facts.quirkUInt("AttrPalmSizeThreshold"), t != 0 { palm.useSize = true; palm.sizeThreshold = Int(t) }
    }

    /// libinput: tp_init_scroll
    mutating func initScroll(ntouches: Int) {
        let edgeWidth = widthMM - 7, edgeHeight = heightMM - 7
        scroll.rightEdge = mmToUnitsX(edgeWidth)
        let wantHoriz = buttons.isClickpad ? true : heightMM >= 40
        scroll.bottomEdge = wantHoriz ? mmToUnitsY(edgeHeight) : Self.intMax
        let hpDM4 = context.facts.quirkBool("ModelHPPavilionDM4Touchpad") ?? false
        let canTwoFinger = !hpDM4 && ntouches >= 2
        scroll.method = settings.scrollMethod ?? (canTwoFinger ? .twoFinger : .edge)
        if scroll.method == .twoFinger && !canTwoFinger { scroll.method = .edge }
        scroll.natural = settings.naturalScrolling
        evdevScroll.threshold = 0.0
        evdevScroll.directionLockThreshold = 5.0
    }

    /// Applies `AttrEventCodeDisable`, `AttrEventCodeEnable` (keys only),
    /// `AttrInputPropDisable` and `AttrInputPropEnable` to a description, as
    /// libinput's `evdev_pre_configure_model_quirks` does to its libevdev
    /// device. Entries are `;`-separated: an event type (`EV_ABS`), a code
    /// name (`BTN_RIGHT`), or `TYPE:0xCODE`; properties by name or number.
    /// - Returns: the description and the disabled codes (`type << 16 | code`).
    static func applyCodeQuirks(_ description: DeviceDescription, _ facts: DeviceFacts) -> (DeviceDescription, Set<UInt32>) {
        var d = description
        var disabled = Set<UInt32>()
        func entries(_ key: String) -> [(type: UInt16, code: UInt16?)] {
            guard let v = facts.quirks[key] else { return [] }
            var r: [(UInt16, UInt16?)] = []
            for raw in v.split(separator: ";") {
                let item = raw.trimmingSpaces
                if item.isEmpty { continue }
                let parts = item.split(separator: ":")
                if parts.count == 2, let t = EventCodes.type(named: String(parts[0])) {
                    let c =
                        parts[1].hasPrefix("0x")
                        ? UInt16(parts[1].dropFirst(2), radix: 16) : (UInt16(parts[1]) ?? EventCodes.code(named: String(parts[1]))?.code)
                    if let c { r.append((t, c)) }
                } else if let t = EventCodes.type(named: item) {
                    r.append((t, nil))
                } else if let tc = EventCodes.code(named: item) {
                    r.append((tc.type, tc.code))
                }
            }
            return r
        }
        for (t, c) in entries("AttrEventCodeDisable") {
            let codes = c.map { [$0] } ?? Array(d.codes[t] ?? [])
            for code in codes {
                d.codes[t]?.remove(code)
                if t == EventCodes.EV_ABS { d.absInfo[code] = nil }
                disabled.insert(UInt32(t) << 16 | UInt32(code))
            }
            if c == nil { d.codes[t] = nil }
        }
        for (t, c) in entries("AttrEventCodeEnable") where t == EventCodes.EV_KEY {
            if let c { d.codes[t, default: []].insert(c); disabled.remove(UInt32(t) << 16 | UInt32(c)) }
        }
        func props(_ key: String) -> [UInt16] {
            guard let v = facts.quirks[key] else { return [] }
            return v.split(separator: ";").compactMap { raw -> UInt16? in
                let item = raw.trimmingSpaces
                if let n = item.hasPrefix("0x") ? UInt16(item.dropFirst(2), radix: 16) : UInt16(item) { return n }
                return (0..<32).first { EventCodes.propertyName(UInt16($0)) == item }.map { UInt16($0) }
            }
        }
        for p in props("AttrInputPropDisable") { d.properties.remove(p) }
        for p in props("AttrInputPropEnable") { d.properties.insert(p) }
        return (d, disabled)
    }

    /// `LIBINPUT_FUZZ_%02x`, as `evdev_read_fuzz_prop` (invalid or negative: 0).
    static func fuzz(_ facts: DeviceFacts, _ code: UInt16) -> Int {
        let hex = DeviceFacts.hex2(code)
        guard let v = facts.udev["LIBINPUT_FUZZ_" + hex] ?? facts.udev["LIBINPUT_FUZZ_" + hex.uppercased()], let f = Int(v), f >= 0 else { return 0 }
        return Swift.min(f, DecoderOverrides.axisLimit)  // as the kernel's own fuzz (HostileValues)
    }

    /// udev's `EVDEV_ABS_<code>=min:max:res:fuzz:flat` override (hwdb), as
    /// the `keyboard` builtin applies it to the kernel device.
    static func evdevAbsOverride(_ facts: DeviceFacts, _ code: UInt16) -> (min: Int?, max: Int?, res: Int?)? {
        let hex = DeviceFacts.hex2(code)
        guard let v = facts.udev["EVDEV_ABS_" + hex.uppercased()] ?? facts.udev["EVDEV_ABS_" + hex] else { return nil }
        // Clamped as the kernel's own values are (HostileValues): ±2^28.
        let limit = DecoderOverrides.axisLimit
        let parts = v.split(separator: ":", omittingEmptySubsequences: false).map { Int($0).map { Swift.min(Swift.max($0, -limit), limit) } }
        func at(_ i: Int) -> Int? { i < parts.count ? parts[i] : nil }
        func resolution() -> Int? { at(parts.count == 1 ? 0 : 2).map { Swift.max($0, 0) } }
        if parts.count == 1 { return (nil, nil, resolution()) }  // a bare resolution
        return (at(0), at(1), resolution())
    }

    /// libinput: evdev_device_mm_to_units
    ///
    /// Truncated towards zero, as C's int conversion.
    static func mmToUnits(_ mm: Double, _ a: Axis) -> Int { Int(mm * Double(a.resolution) + Double(a.minimum)) }
    /// `evdev_device_mm_to_units` (x).
    func mmToUnitsX(_ mm: Double) -> Int { Self.mmToUnits(mm, axisX) }
    /// `evdev_device_mm_to_units` (y).
    func mmToUnitsY(_ mm: Double) -> Int { Self.mmToUnits(mm, axisY) }
    /// libinput: evdev_device_unit_delta_to_mm
    func unitDeltaToMM(_ dx: Int, _ dy: Int) -> (x: Double, y: Double) {
        (1.0 * Double(dx) / Double(axisX.resolution), 1.0 * Double(dy) / Double(axisY.resolution))
    }

    // MARK: Emitting

    /// Appends an event. An event a frame produces with an earlier time
    /// than the frame's (a tap's press at the touch-down time, the press
    /// middle-button emulation held back) is marked `.timer`, as libinput's
    /// reference tool labels every event whose time is not its frame's.
    mutating func emit(_ time: Int64, _ kind: DecodedEvent.Kind) {
        var o = origin
        if case .frame = o, time != frameTime { o = .timer }
        out.append(DecodedEvent(time: time - Self.clockOffset, device: context.index, origin: o, kind))
    }

    /// `evdev_pointer_post_button` through the device's key counts
    /// (``KeyDownCounts/postButton(_:pressed:)``).
    mutating func postButton(_ time: Int64, _ code: UInt16, pressed: Bool) {
        if buttonDownCount.postButton(code, pressed: pressed) {
            emit(time, .button(code: code, pressed: pressed))
        }
    }

    /// libinput: evdev_notify_axis_finger
    ///
    /// `evdev_notify_axis_finger` with natural scrolling; `axes` bit 0 vertical, bit 1 horizontal.
    mutating func notifyAxisFinger(_ time: Int64, axes: UInt32, dx: Double, dy: Double, natural: Bool = true) {
        var x = dx, y = dy
        if natural && scroll.natural { x = -x; y = -y }
        emit(
            time,
            .scroll(
                source: .finger,
                vertical: axes & 1 != 0 ? y : nil,
                horizontal: axes & 2 != 0 ? x : nil,
                v120Vertical: nil,
                v120Horizontal: nil
            )
        )
    }

    // MARK: DeviceDispatch

    /// Processes one frame (`tp_interface_process` per event).
    @usableFromInline package mutating func process(frame events: [EvdevEvent], time recordTime: Int64, frame: Int, into o: inout [DecodedEvent]) {
        guard accepted else { return }
        let time = recordTime + Self.clockOffset
        typealias C = EventCodes
        origin = .frame(frame)
        frameTime = time
        swap(&out, &o)
        defer { swap(&out, &o) }
        for e in events {
            if !disabledCodes.isEmpty && disabledCodes.contains(UInt32(e.type) << 16 | UInt32(e.code)) { continue }
            switch e.type {
            case C.EV_ABS:
                if hasMT { processAbsolute(e, time) } else { processAbsoluteST(e, time) }
            case C.EV_KEY:
                processKey(e, time)
            case C.EV_MSC:
                if e.code == 0x05 {  // MSC_TIMESTAMP
                    mscNow = UInt32(bitPattern: e.value)
                    queued |= Self.queuedTimestamp
                }
            case C.EV_SYN:
                // libinput runs tp_handle_state for every EV_SYN it is
                // handed, so a protocol-A pad's SYN_MT_REPORT (passed on by
                // libevdev and mtdev) runs the state machines mid-frame.
                if e.code == C.SYN_REPORT || e.code == C.SYN_MT_REPORT { handleState(time) }
            default: break
            }
        }
    }

    /// The earliest armed timer.
    @usableFromInline package var nextTimerExpiry: Int64? {
        guard accepted else { return nil }
        var best: Int64? = nil
        func consider(_ t: Int64?) { if let t, best == nil || t < best! { best = t } }
        for t in touches { consider(t.buttonTimer); consider(t.scrollTimer) }
        consider(gesture.holdTimer); consider(gesture.switchTimer); consider(dwt.keyboardTimer); consider(palm.trackpointTimer)
        consider(tap.timer); consider(middle.timer)
        return best.map { $0 - Self.clockOffset }
    }

    /// Fires the timers due by `now`, earliest first.
    @usableFromInline package mutating func fireTimers(upTo recordNow: Int64, into o: inout [DecodedEvent]) {
        guard accepted else { return }
        let now = recordNow + Self.clockOffset
        origin = .timer
        swap(&out, &o)
        defer { swap(&out, &o) }
        var guardCount = 0
        while guardCount < 10_000, let r = nextTimerExpiry, r + Self.clockOffset <= now {
            guardCount += 1
            fireOne(at: r + Self.clockOffset)
        }
    }

    /// Fires the first timer armed for exactly `t` (libinput's order among
    /// equal expiries is its list order; ours is fixed).
    mutating func fireOne(at t: Int64) {
        for i in touches.indices {
            if touches[i].buttonTimer == t { touches[i].buttonTimer = nil; buttonHandleEvent(i, .timeout, t); return }
            if touches[i].scrollTimer == t { touches[i].scrollTimer = nil; edgeScrollHandleEvent(i, .timeout, t); return }
        }
        if middle.timer == t { middleTimeout(t); return }
        if tap.timer == t { tap.timer = nil; tapHandleTimeout(t); return }
        if gesture.holdTimer == t { gesture.holdTimer = nil; gestureHoldTimeout(t); return }
        if gesture.switchTimer == t { gesture.switchTimer = nil; gestureFingerCountSwitchTimeout(t); return }
        if dwt.keyboardTimer == t { dwt.keyboardTimer = nil; keyboardTimeout(t); return }
        if palm.trackpointTimer == t { palm.trackpointTimer = nil; trackpointTimeout(t); return }
    }

    /// A `SYN_DROPPED` was resynchronised: motion histories restart.
    @usableFromInline package mutating func resynchronised() {
        for i in touches.indices { touches[i].historyCount = 0 }
    }

    /// The device goes away: libinput suspends it first (`tp_interface_suspend`
    /// → `tp_clear_state`): held buttons are released, taps resolved, every
    /// touch ends and the state machines run once more (a hold gesture
    /// ends, a scroll stops); then the timers are cancelled.
    @usableFromInline package mutating func remove(at recordTime: Int64, into o: inout [DecodedEvent]) {
        guard accepted else { return }
        let time = recordTime + Self.clockOffset
        origin = .removal
        swap(&out, &o)
        defer { swap(&out, &o) }
        clearState(time)
        for i in touches.indices { touches[i].buttonTimer = nil; touches[i].scrollTimer = nil }
        gesture.holdTimer = nil; gesture.switchTimer = nil; dwt.keyboardTimer = nil; palm.trackpointTimer = nil; tap.timer = nil; middle.timer = nil
    }

    /// libinput: tp_clear_state
    mutating func clearState(_ time: Int64) {
        if buttons.state != 0 {
            buttons.state = 0
            queued |= Self.queuedRelease
        }
        tapReleaseAll(time)
        for i in touches.indices { endSequence(i, time) }
        fakeTouches = 0
        thumbReset()
        handleState(time)
    }

    // MARK: Event processing

    var currentTouchIndex: Int { Swift.min(slot, touches.count - 1) }

    mutating func processAbsolute(_ e: EvdevEvent, _ time: Int64) {
        let i = currentTouchIndex
        switch e.code {
        case 0x35:
            touches[i].point.x = rotatedX(Int(e.value)); touches[i].dirty = true; queued |= Self.queuedMotion
        case 0x36:
            touches[i].point.y = rotatedY(Int(e.value)); touches[i].dirty = true; queued |= Self.queuedMotion
        case 0x2f:
            slot = Int(e.value)
        case 0x39:
            if e.value != -1 {
                nactiveSlots += 1
                newTouch(i, time)
            } else {
                nactiveSlots = Swift.max(0, nactiveSlots - 1)
                endSequence(i, time)
            }
        case 0x3a:
            touches[i].pressure = Int(e.value); touches[i].dirty = true; queued |= Self.queuedOtherAxis
        case 0x37:
            touches[i].isToolPalm = e.value == EventCodes.MT_TOOL_PALM; touches[i].dirty = true; queued |= Self.queuedOtherAxis
        case 0x30:
            touches[i].major = Int(e.value); touches[i].dirty = true; queued |= Self.queuedOtherAxis
        case 0x31:
            touches[i].minor = Int(e.value); touches[i].dirty = true; queued |= Self.queuedOtherAxis
        default: break
        }
    }

    mutating func processAbsoluteST(_ e: EvdevEvent, _ time: Int64) {
        let i = currentTouchIndex
        switch e.code {
        case 0x00:
            touches[i].point.x = rotatedX(Int(e.value)); touches[i].dirty = true; queued |= Self.queuedMotion
        case 0x01:
            touches[i].point.y = rotatedY(Int(e.value)); touches[i].dirty = true; queued |= Self.queuedMotion
        case 0x18:
            touches[i].pressure = Int(e.value); touches[i].dirty = true; queued |= Self.queuedOtherAxis
        default: break
        }
    }

    /// Left-handed rotation applies to tablets paired with the pad only (not modelled): identity.
    func rotatedX(_ v: Int) -> Int { v }
    func rotatedY(_ v: Int) -> Int { v }

    mutating func processKey(_ e: EvdevEvent, _ time: Int64) {
        typealias C = EventCodes
        if e.value == 2 { return }
        switch e.code {
        case C.BTN_LEFT, C.BTN_MIDDLE, C.BTN_RIGHT:
            processButton(e, time)
        case C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP, C.BTN_TOOL_QUADTAP, C.BTN_TOOL_QUINTTAP:
            fakeFingerSet(e.code, pressed: e.value != 0)
        default:
            // BTN_0/1/2: trackpoint buttons forwarded to a paired trackpoint (not modelled).
            break
        }
    }

    // MARK: tp_handle_state

    mutating func handleState(_ time: Int64) {
        preProcessState(time)
        processState(time)
        postEvents(time)
        postProcessState(time)
    }

    mutating func preProcessState(_ time: Int64) {
        if queued & Self.queuedTimestamp != 0 { processMscTimestamp(time) }
        processFakeTouches(time)
        unhoverTouches(time)
        for i in touches.indices {
            if touches[i].state == .maybeEnd { endTouch(i, time) }
            if touches[i].state == .end && touches[i].historyCount > 0 {
                touches[i].point = touches[i].historyOffset(0).point
            }
        }
    }

    mutating func processState(_ time: Int64) {
        var restartFilter = false
        var haveNewTouch = false
        positionFakeTouches()
        let wantMotionReset = needMotionHistoryReset()
        for i in touches.indices {
            if touches[i].state == .none { continue }
            if wantMotionReset {
                touches[i].historyCount = 0
                touches[i].resetMotionHistory = true
            } else if touches[i].resetMotionHistory {
                touches[i].historyCount = 0
                touches[i].resetMotionHistory = false
            }
            if !touches[i].dirty {
                if touches[i].exceededCount > 0 { touches[i].exceededCount -= 1 }
                motionHistoryPush(i, time)
                continue
            }
            if detectJumps(i, time) { touches[i].historyCount = 0 }
            thumbUpdateTouch(i, time)
            palmDetect(i, time)
            detectWobbling(i, time)
            motionHysteresis(i)
            motionHistoryPush(i, time)
            if touches[i].lastSpeed > 20 {
                if touches[i].exceededCount < 15 { touches[i].exceededCount += 1 }
            } else if touches[i].exceededCount > 0 {
                touches[i].exceededCount -= 1
            }
            calculateMotionSpeed(i, time)
            unpinFinger(i)
            if touches[i].state == .begin { haveNewTouch = true; restartFilter = true }
        }
        if thumb.detect && haveNewTouch && nfingersDown >= 2 { thumbUpdateMultifinger() }
        if restartFilter { filter.restart(time: time) }
        buttonHandleState(time)
        edgeScrollHandleState(time)
        if queued & Self.queuedPress != 0 && buttons.isClickpad { pinFingers() }
        gestureHandleState(time)
    }

    mutating func postEvents(_ time: Int64) {
        var ignoreMotion = false
        ignoreMotion = tapHandleState(time) || ignoreMotion
        ignoreMotion = postButtonEvents(time) || ignoreMotion
        if palm.trackpointActive || dwt.keyboardActive {
            edgeScrollStopEvents(time)
            gestureCancel(time)
            return
        }
        if ignoreMotion {
            edgeScrollStopEvents(time)
            gestureCancelMotionGestures(time)
            gesturePostEvents(time, ignoreMotion: true)
            return
        }
        if edgeScrollPostEvents(time) { return }
        gesturePostEvents(time, ignoreMotion: false)
    }

    mutating func postProcessState(_ time: Int64) {
        for i in touches.indices where touches[i].dirty {
            if touches[i].state == .end {
                touches[i].state = touches[i].hasEnded ? .none : .hovering
            } else if touches[i].state == .begin {
                touches[i].state = .update
            }
            touches[i].dirty = false
        }
        oldNfingersDown = nfingersDown
        buttons.oldState = buttons.state
        queued = 0
        if nfingersDown == 0 { thumbReset() }
    }

    mutating func stopActions(_ time: Int64) {
        edgeScrollStopEvents(time)
        gestureCancel(time)
        tapSuspend(time)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
