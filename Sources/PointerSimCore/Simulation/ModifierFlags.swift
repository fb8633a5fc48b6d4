/// The modifier flags (UIKit's `UIKeyModifierFlags` subset; docs/Behaviour.md, "Modifier flags").
public struct ModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public var rawValue: UInt8
    /// Creates flags from raw bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift (KEY_LEFTSHIFT, KEY_RIGHTSHIFT).
    public static let shift = ModifierFlags(rawValue: 1 << 0)
    /// Control (KEY_LEFTCTRL, KEY_RIGHTCTRL).
    public static let control = ModifierFlags(rawValue: 1 << 1)
    /// Option / Alt (KEY_LEFTALT, KEY_RIGHTALT).
    public static let option = ModifierFlags(rawValue: 1 << 2)
    /// Command / Meta / Super / Logo (KEY_LEFTMETA, KEY_RIGHTMETA).
    public static let command = ModifierFlags(rawValue: 1 << 3)
    /// Caps Lock, a lock toggled by each press of KEY_CAPSLOCK.
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)

    /// Every flag with its name, in the canonical order used by logs and traces.
    @usableFromInline package static let named: [(name: String, flag: ModifierFlags)] = [
        ("shift", .shift), ("control", .control), ("option", .option), ("command", .command), ("capsLock", .capsLock),
    ]

    /// The names of the flags in the set, in canonical order.
    @usableFromInline package var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    /// The flag with the given name (`shift`, `control`, `option`, `command`,
    /// `capsLock`; `alt`, `meta`, `super` and `ctrl` are accepted as aliases).
    public init?(name: String) {
        switch name {
        case "shift": self = .shift
        case "control", "ctrl": self = .control
        case "option", "alt": self = .option
        case "command", "meta", "super", "logo", "cmd": self = .command
        case "capsLock", "capslock": self = .capsLock
        default: return nil
        }
    }

    /// The names joined by `+`, or `none`.
    public var description: String { isEmpty ? "none" : names.joined(separator: "+") }
}
