// Derived from libinput 1.22.1: the key counts of src/evdev.c. The logic is
// re-expressed in Swift. libinput's notice (MIT licence), which covers this
// file (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2010 Intel Corporation
// Copyright © 2013 Jonas Ådahl
// Copyright © 2013-2018 Red Hat, Inc.
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

/// How many times each key and button is down on a device
/// (`device->key_count`): the count both dispatches post buttons and keys
/// through, so that the seat sees a press when it goes 0 → 1 and a release
/// when it returns to 0. Codes at or above `KEY_CNT`'s range (0x300) are
/// ignored. O(1) per update, no allocation after `init`.
struct KeyDownCounts: Sendable {
    static let keyCount = 0x300
    private var counts: [Int32]

    init() { counts = [Int32](repeating: 0, count: Self.keyCount) }

    /// The count of `code` (0 outside the range).
    subscript(code: Int) -> Int { code >= 0 && code < Self.keyCount ? Int(counts[code]) : 0 }

    /// libinput: evdev_update_key_down_count
    ///
    /// The new count, or `nil` for a code outside the range or a release of
    /// a code that is not down (libinput asserts it never happens).
    mutating func update(_ code: UInt16, pressed: Bool) -> Int? {
        let i = Int(code)
        guard i < Self.keyCount else { return nil }
        if pressed {
            counts[i] += 1
        } else {
            guard counts[i] > 0 else { return nil }
            counts[i] -= 1
        }
        return Int(counts[i])
    }

    /// libinput: evdev_pointer_post_button
    ///
    /// Counts the button; whether the seat sees the change (press 0 → 1,
    /// release → 0), which the dispatch then posts.
    mutating func postButton(_ code: UInt16, pressed: Bool) -> Bool {
        guard let n = update(code, pressed: pressed) else { return false }
        return pressed ? n == 1 : n == 0
    }

    /// libinput: evdev_keyboard_notify_key
    ///
    /// Counts the key; whether the seat sees the change.
    mutating func notifyKey(_ code: UInt16, pressed: Bool) -> Bool {
        postButton(code, pressed: pressed)
    }
}
