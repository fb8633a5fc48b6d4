/// libinput's settings for devices of the fallback dispatch (mice, pointing
/// sticks, keyboards), each with libinput's default.
public struct FallbackConfiguration: Sendable, Hashable {
    /// The defaults.
    public init() {}
}
