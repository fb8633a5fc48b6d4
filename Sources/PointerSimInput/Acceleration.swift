/// A pointer-acceleration profile (libinput's `LIBINPUT_CONFIG_ACCEL_PROFILE_*`).
public enum AccelerationProfile: String, Sendable, CaseIterable {
    /// Raw deltas: a mouse moves by its counts; a touchpad by its motion
    /// normalised to 1000 dpi (1 mm = 39.37 units). **Our choice** (libinput has no such profile).
    case none
    /// A constant factor (`max(0.005, 1 + speed)`), libinput's flat profile.
    case flat
    /// libinput's default velocity-dependent curve.
    case adaptive
}
