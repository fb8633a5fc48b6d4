import PointerSimCore

/// The one place where evdev key codes become the simulator's selection keys
/// (the trace's `key NAME`): arrows, Space, Return (KEY_ENTER and
/// KEY_KPENTER), Escape, Tab and KEY_A … KEY_Z (the kernel's names, i.e. US
/// layout positions). A decoder emits one `.key` event per press (value 1),
/// after the modifier change of the same frame; autorepeat (value 2) and
/// releases give none. Escape is passed on as `.key(.escape)` (it cancels an
/// active band in the simulator) when `DecoderConfiguration.escapeCancels`.
public enum KeyNames {
    /// The selection key of an evdev key code, or nil.
    public static func key(_ code: UInt16) -> Key? {
        switch code {
        case 103: return .up
        case 105: return .left
        case 106: return .right
        case 108: return .down
        case 57: return .space
        case 28, 96: return .return
        case EventCodes.KEY_ESC: return .escape
        case 15: return .tab
        default:
            guard let i = letterCodes.firstIndex(of: code) else { return nil }
            return .letter(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(i))))
        }
    }

    /// KEY_A … KEY_Z, in alphabetical order.
    static let letterCodes: [UInt16] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
}
