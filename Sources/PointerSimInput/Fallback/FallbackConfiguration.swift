/// libinput's settings for devices of the fallback dispatch (mice, pointing
/// sticks, keyboards), each with libinput's default. The acceleration
/// profile and speed are ``DecoderConfiguration/acceleration`` and
/// ``DecoderConfiguration/speed`` (libinput: adaptive, 0).
@usableFromInline package struct FallbackConfiguration: Sendable, Hashable {
    /// libinput's scroll methods for pointer devices.
    @usableFromInline package enum ScrollMethod: String, Sendable, Hashable, CaseIterable {
        /// `LIBINPUT_CONFIG_SCROLL_NO_SCROLL`.
        case none
        /// `LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN`: motion while the scroll
        /// button is held scrolls (`POINTER_SCROLL_CONTINUOUS`).
        case onButtonDown
    }

    /// Left-handed button mapping (libinput default: off).
    @usableFromInline package var leftHanded = false
    /// Middle-button emulation (left + right within 50 ms = middle).
    /// `nil`: libinput's default, on only for devices with left and right
    /// but no middle button.
    @usableFromInline package var middleButtonEmulation: Bool? = nil
    /// The scroll method. `nil`: libinput's default, button scrolling for
    /// pointing sticks and for mice with a middle button but no wheel, none otherwise.
    @usableFromInline package var scrollMethod: ScrollMethod? = nil
    /// The scroll button. `nil`: libinput's default (`BTN_MIDDLE` if present,
    /// else the first of `BTN_SIDE`…`BTN_TASK`, else `BTN_RIGHT`).
    @usableFromInline package var scrollButton: UInt16? = nil
    /// Button-scroll lock (libinput default: off).
    @usableFromInline package var scrollButtonLock = false
    /// Natural (inverted) scrolling (libinput default: off).
    @usableFromInline package var naturalScrolling = false
    /// The clockwise rotation of relative motion in degrees, 0 … 359
    /// (`--set-rotation-angle`, default 0). libinput 1.22 offers it only on
    /// trackballs (the `ModelTrackball` quirk) and only in multiples of 90°;
    /// elsewhere, or another angle, it is ignored.
    @usableFromInline package var rotationAngle: Int = 0
    /// Button debouncing. `nil`: libinput's behaviour, on unless the
    /// `ModelBouncingKeys` quirk says the device debounces itself.
    @usableFromInline package var debouncing: Bool? = nil

    /// The defaults.
    @usableFromInline package init() {}
}
