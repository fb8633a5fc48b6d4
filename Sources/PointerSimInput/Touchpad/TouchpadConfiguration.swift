/// libinput's touchpad settings (`libinput_device_config_*` for touchpads),
/// each with libinput's default.
public struct TouchpadConfiguration: Sendable, Hashable {
    /// The defaults.
    public init() {}
}
