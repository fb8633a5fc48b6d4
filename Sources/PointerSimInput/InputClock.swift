/// The range of the one integer clock (microseconds) every raw time lives on:
/// evemu and `libinput record` event times and removal markers, timers, the
/// tail after the last event; and the range of trace times (seconds).
///
/// Times lie within 0 … ``maximumSeconds`` (9×10⁹ s, some 285 years: a
/// `CLOCK_REALTIME` stamp of the year 2255). The readers refuse a time beyond
/// it with a message naming the file, the line and the value; inside it every
/// sum the decoder forms (a time plus a timer's timeout, plus the tail of up to
/// an hour) stays far from `Int64`'s limits, and every time is an exact double
/// to the microsecond (below 2⁵³ µs). The conversions here saturate, so a
/// library caller that bypasses the readers gets a clamped time, never a trap.
@usableFromInline package enum InputClock {
    /// The latest time accepted, in whole seconds.
    @usableFromInline package static let maximumSeconds: Int64 = 9_000_000_000
    /// The latest time accepted, in µs.
    @usableFromInline package static let maximumMicroseconds: Int64 = maximumSeconds * 1_000_000 + 999_999

    /// Whether `seconds` (whole seconds of a time) lies within the clock's range.
    @inlinable package static func contains(seconds: Int64) -> Bool { seconds >= 0 && seconds <= maximumSeconds }

    /// Whether `seconds` (a trace time) lies within the clock's range.
    @inlinable package static func contains(seconds: Double) -> Bool { seconds >= 0 && seconds < Double(maximumSeconds + 1) }

    /// The message of a time beyond the range, quoting it as `text`.
    @usableFromInline package static func beyondRange(_ text: String) -> String {
        "time \(text) is beyond the clock's range (0 … \(maximumSeconds) s)"
    }

    /// `a + b` µs, saturating at `Int64`'s limits.
    @inlinable package static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (s, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? .max : .min) : s
    }

    /// Seconds as µs, rounded and saturating (NaN as 0).
    @inlinable package static func microseconds(seconds: Double) -> Int64 {
        let us = (seconds * 1_000_000).rounded()
        if us.isNaN { return 0 }
        if us >= 9.2e18 { return .max }
        if us <= -9.2e18 { return .min }
        return Int64(us)
    }
}
