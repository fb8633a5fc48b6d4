import ArgumentParser
import PointerSimFormats

/// Messages never echo hostile input: every argument a message quotes is
/// quoted by its first 40 characters (`InputError.excerpt`, docs/Limits.md;
/// a file name, with a `/`, whole up to 4096 bytes) with control characters escaped, and no message carries a raw control
/// character but its own line ends. The argument parser's own messages
/// (unknown options, bad values, our `validate()`s' errors) are rewritten
/// this way before they are written.
enum Messages {
    /// The longest option name any subcommand has, with its dashes, and
    /// some room: a longer `--name` (before any `=`) names no option.
    static let longestOptionName = 64

    /// `text` with every control character but the line feed escaped (as
    /// `InputError.excerpt` escapes them).
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for u in text.unicodeScalars {
            if isControl(u) { out += u.value == 0 ? "\\0" : "\\u{\(String(u.value, radix: 16))}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    static func isControl(_ u: Unicode.Scalar) -> Bool {
        u != "\n" && (u.value < 0x20 || (0x7f...0x9f).contains(u.value))
    }

    /// Whether a message would show `token` differently from how it is
    /// quoted: longer than the excerpt, or holding a control character.
    /// A file name (a token with a `/`) is shown whole up to 4096 bytes
    /// (`PATH_MAX`), as the messages of 65, 66 and 73 show them.
    static func needsQuoting(_ token: String) -> Bool {
        if token.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }) { return true }
        if token.contains("/") { return token.utf8.count > 4096 }
        return token.unicodeScalars.count > InputError.excerptLength
    }

    /// The parser's message `text` for `arguments`: each argument it
    /// repeats (and each value after an option's `=`) that is long or holds
    /// control characters replaced by its excerpt, then any control
    /// character left escaped.
    static func rewritten(_ text: String, arguments: [String]) -> String {
        var tokens = Set<String>()
        for a in arguments where needsQuoting(a) {
            tokens.insert(a)
            if a.hasPrefix("-"), let eq = a.firstIndex(of: "=") {
                let name = String(a[..<eq]), value = String(a[a.index(after: eq)...])
                if needsQuoting(name) { tokens.insert(name) }
                if needsQuoting(value) { tokens.insert(value) }
            }
        }
        var out = text
        // Longest first: a token inside a longer one is replaced with it.
        for t in tokens.sorted(by: { $0.utf8.count > $1.utf8.count }) where !t.isEmpty && out.contains(t) {
            out = out.replacingOccurrences(of: t, with: InputError.excerpt(t))
        }
        return escapingControls(out)
    }

    /// The arguments with every option that cannot exist (its name, before
    /// any `=`, longer than ``longestOptionName``) cut to its excerpt, so
    /// that the parser's "did you mean" (an edit distance to every option
    /// name: 2–16 s for a 120 kB name) stays cheap; the message quotes the
    /// excerpt. Arguments after `--`, and a value of an option that takes
    /// anything (`parsing: .unconditional`: a `-…` there is a value), are
    /// left as they are.
    static func cuttingImpossibleOptions(_ arguments: [String], unconditional: Set<String>) -> [String] {
        var out = arguments
        var k = 0
        while k < out.count {
            let a = out[k]
            if a == "--" { break }
            if unconditional.contains(a) { k += 2; continue }
            if a.hasPrefix("-"), a.count > 1 {
                let name = a.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                // A negative number is a value (`--set-speed -0.3`).
                if name.unicodeScalars.count > longestOptionName && Double(String(name)) == nil {
                    out[k] = InputError.excerpt(name)
                }
            }
            k += 1
        }
        return out
    }
}
