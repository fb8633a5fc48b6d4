import PointerSimCore

/// libinput's touchpad settings (`libinput_device_config_*` for touchpads),
/// each with libinput 1.22's default. `nil` means "libinput's default for
/// this device", which depends on the device (see each property).
@usableFromInline package struct TouchpadConfiguration: Sendable, Hashable {
    /// Scroll methods (`LIBINPUT_CONFIG_SCROLL_*`).
    @usableFromInline package enum ScrollMethod: String, Sendable, Hashable, CaseIterable {
        /// No scrolling.
        case none
        /// Two-finger scrolling (`SCROLL_2FG`).
        case twoFinger
        /// Edge scrolling (`SCROLL_EDGE`): the right 7 mm scroll vertically, the bottom 7 mm horizontally.
        case edge
    }

    /// Click methods (`LIBINPUT_CONFIG_CLICK_METHOD_*`).
    @usableFromInline package enum ClickMethod: String, Sendable, Hashable, CaseIterable {
        /// Physical buttons only (`CLICK_METHOD_NONE`).
        case none
        /// Software button areas at the bottom (and top on `TOPBUTTONPAD`s) of a clickpad.
        case buttonAreas
        /// The number of fingers decides the button (1 left, 2 right, 3 middle).
        case clickfinger
    }

    /// Tap-to-click; `nil`: libinput's default, off — except on pads without
    /// a left button (`tp_tap_default`). libinput's timings: 180 ms to tap,
    /// 1.3 mm of motion at most, the release 160 ms + 20 ms per finger later
    /// (the tap-and-drag window), 300 ms drag lock.
    @usableFromInline package var tapping: Bool? = nil
    /// Tap-and-drag when tapping is on (default on).
    @usableFromInline package var tapAndDrag = true
    /// Drag lock when tapping is on (default off).
    @usableFromInline package var dragLock = false
    /// The buttons of one-, two- and three-finger taps (default lrm: left,
    /// right, middle; `--set-tap-map`).
    @usableFromInline package var tapButtonMap: LibinputOptions.TapButtonMap = .lrm
    /// The scroll method; `nil`: two-finger on pads that can report two
    /// fingers (slots or `BTN_TOOL_DOUBLETAP`), else edge.
    @usableFromInline package var scrollMethod: ScrollMethod? = nil
    /// The click method; `nil`: clickfinger on Apple clickpads and
    /// Chromebook/System76/Clevo-W740SU quirked pads, button areas on other
    /// clickpads, none on pads with physical buttons.
    @usableFromInline package var clickMethod: ClickMethod? = nil
    /// Natural (inverted) scrolling (default off).
    @usableFromInline package var naturalScrolling = false
    /// Disable-while-typing (default on; paired keyboards only, as `tp_want_dwt`).
    @usableFromInline package var disableWhileTyping = true
    /// Disable-while-trackpointing (default on).
    @usableFromInline package var disableWhileTrackpointing = true
    /// Middle-button emulation; `nil`: on for non-clickpads without a
    /// middle button (and ALPS), off for clickpads.
    @usableFromInline package var middleEmulation: Bool? = nil
    /// Left-handed buttons (default off).
    @usableFromInline package var leftHanded = false
    /// Hold gestures; `nil`: on for multitouch pads with more than one
    /// slot that are not semi-MT (libinput's default).
    @usableFromInline package var holdGestures: Bool? = nil
    /// The acceleration profile; `nil`: the decoder's profile
    /// (``DecoderConfiguration/acceleration``, adaptive by default).
    @usableFromInline package var accelerationProfile: AccelerationProfile? = nil
    /// The speed setting −1…1; `nil`: the decoder's (``DecoderConfiguration/speed``, 0 by default).
    @usableFromInline package var speed: Double? = nil

    /// The defaults.
    @usableFromInline package init() {}
}
