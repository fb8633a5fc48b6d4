/// Bounds on what a device description and its events may hold before the
/// decoder sees them: a recording is data, not a kernel, and a hostile one
/// (an axis from -2e9 to +2e9, a minimum above the maximum, a billion slots)
/// must not overflow the decoder's integer arithmetic or its allocations.
/// Real devices lie far inside these bounds, so their decoding is unchanged
/// (docs/Decoding.md, "Hostile values").
@usableFromInline package enum HostileValues {
    /// Axis values, ranges, fuzz and resolution are clamped to ±2^28 (268 435 456
    /// units): the difference of two positions then fits in 30 bits and
    /// the sum of two squared differences in 61, inside `Int`.
    @usableFromInline package static let axisLimit: Int32 = 1 << 28
    /// The most multitouch slots a device may declare (`ABS_MT_SLOT`'s
    /// maximum + 1); the kernel filter keeps 64 as well.
    @usableFromInline package static let maxSlots: Int32 = 64

    /// An axis value clamped to ±``axisLimit``.
    @inlinable package static func clamp(_ v: Int32) -> Int32 { Swift.min(Swift.max(v, -axisLimit), axisLimit) }

    /// The description with every axis inside the bounds: values clamped to
    /// ±``axisLimit``, a minimum above the maximum swapped with it, a
    /// negative resolution taken as none (0), negative fuzz and flat as 0, and
    /// `ABS_MT_SLOT`'s range 0…``maxSlots`` − 1. A description already inside
    /// is returned unchanged.
    @usableFromInline package static func sanitized(_ d: DeviceDescription) -> DeviceDescription {
        var out = d
        for (code, a) in d.absInfo {
            var s = a
            s.minimum = clamp(a.minimum); s.maximum = clamp(a.maximum)
            if s.minimum > s.maximum { swap(&s.minimum, &s.maximum) }
            s.value = clamp(a.value)
            s.fuzz = Swift.max(0, clamp(a.fuzz)); s.flat = Swift.max(0, clamp(a.flat))
            s.resolution = Swift.max(0, clamp(a.resolution))
            if code == EventCodes.ABS_MT_SLOT {
                s.minimum = 0
                s.maximum = Swift.min(Swift.max(s.maximum, 0), maxSlots - 1)
                s.value = Swift.min(Swift.max(s.value, 0), s.maximum)
            }
            if s != a { out.absInfo[code] = s }
        }
        return out
    }

    /// The event with an `EV_ABS` value clamped to ±``axisLimit`` (others unchanged).
    @inlinable package static func sanitized(_ e: EvdevEvent) -> EvdevEvent {
        guard e.type == EventCodes.EV_ABS, e.value > axisLimit || e.value < -axisLimit else { return e }
        var r = e
        r.value = clamp(e.value)
        return r
    }
}
