// Derived from libinput 1.22.1: the typed quirk accessors of src/quirks.c. The
// logic is re-expressed in Swift. libinput's notice (MIT licence), which
// covers this file (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2018 Red Hat, Inc.
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

/// What udev (its builtins, rules and hwdb) and libinput's quirks files say
/// about a device: the facts libinput reads besides the kernel's own
/// description (`ID_INPUT_TOUCHPAD`, `MOUSE_DPI`, `LIBINPUT_FUZZ_*`,
/// `AttrPressureRange`, `ModelAppleTouchpad`, …).
///
/// Values are kept as the strings udev and the quirks files hold, with typed
/// accessors that parse them the way libinput does.
public struct DeviceFacts: Sendable, Hashable {
    /// udev properties (`ID_INPUT_TOUCHPAD=1`, `MOUSE_DPI=400@125`, `LIBINPUT_FUZZ_00=8`, …).
    public var udev: [String: String]
    /// libinput quirks that match the device (`AttrPressureRange=10:8`, `ModelAppleTouchpad=1`, …).
    public var quirks: [String: String]

    /// Creates facts.
    public init(udev: [String: String] = [:], quirks: [String: String] = [:]) {
        self.udev = udev; self.quirks = quirks
    }

    /// Whether a udev property is set to a true value (`"1"`).
    @usableFromInline package func udevFlag(_ name: String) -> Bool { udev[name] == "1" }

    /// A udev property parsed as an integer.
    @usableFromInline package func udevInt(_ name: String) -> Int? { udev[name].flatMap { Int($0) } }

    /// A boolean quirk (`ModelAppleTouchpad=1`); `nil` when absent.
    @usableFromInline package func quirkBool(_ name: String) -> Bool? { quirks[name].map { $0 == "1" } }

    /// An unsigned integer quirk (`AttrPalmPressureThreshold=150`).
    @usableFromInline package func quirkUInt(_ name: String) -> UInt32? { quirks[name].flatMap { UInt32($0) } }

    /// A signed integer quirk.
    @usableFromInline package func quirkInt(_ name: String) -> Int32? { quirks[name].flatMap { Int32($0) } }

    /// A floating-point quirk (`AttrTrackpointMultiplier=1.25`).
    @usableFromInline package func quirkDouble(_ name: String) -> Double? { quirks[name].flatMap { Double($0) } }

    /// A range quirk `upper:lower` (`AttrPressureRange=10:8`), as libinput's `quirks_get_range`.
    @usableFromInline package func quirkRange(_ name: String) -> (upper: Int, lower: Int)? {
        guard let v = quirks[name] else { return nil }
        let parts = v.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let u = Int(parts[0]), let l = Int(parts[1]) else { return nil }
        return (u, l)
    }

    /// A dimension quirk `WxH` (`AttrSizeHint=100x55`, `AttrResolutionHint=40x40`).
    @usableFromInline package func quirkDimensions(_ name: String) -> (width: Int, height: Int)? {
        guard let v = quirks[name] else { return nil }
        let parts = v.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        return (w, h)
    }
}
