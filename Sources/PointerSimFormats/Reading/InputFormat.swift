/// The formats `replay` reads, recognised by content from the first bytes
/// of an input (`LineReader.prefix(_:)`), so pipes and FIFOs work as well
/// as files: the input is never opened twice.
public enum InputFormat: Sendable, Hashable {
    /// `pointersim-trace 1`.
    case pointerSimTrace
    /// An evemu recording: a single file, or the `.desc` of the split form.
    case evemu
    /// The events file of evemu's split form (its first line is `E:`).
    case evemuEvents
    /// `libinput record` YAML.
    case libinputRecord

    /// How many bytes ``detect(_:)`` looks at.
    @usableFromInline package static let prefixLength = 4096

    /// Recognises a format from the first bytes of an input:
    /// - `pointersim-trace`: the first line that is not blank or a comment starts with `pointersim-trace`;
    /// - evemu: a `# EVEMU` comment before anything else, or a first line `N:` (`E:`: an events file);
    /// - libinput: `# libinput record` at the very start, or top-level `version:` and `devices:` keys.
    /// A UTF-8 byte order mark at the start is skipped.
    public static func detect(_ prefix: [UInt8]) -> InputFormat? {
        let prefix = prefix.starts(with: [0xef, 0xbb, 0xbf]) ? Array(prefix.dropFirst(3)) : prefix
        if prefix.starts(with: LibinputRecordFormat.header.utf8) { return .libinputRecord }
        var sawVersion = false, sawDevices = false, beforeContent = true
        for line in prefix.split(separator: 10, omittingEmptySubsequences: true) {
            if line.starts(with: "version:".utf8) { sawVersion = true }
            if line.starts(with: "devices:".utf8) { sawDevices = true }
            guard beforeContent else { continue }
            let t = line.drop { $0 == 32 || $0 == 9 }
            if t.starts(with: "# EVEMU".utf8) { return .evemu }
            if t.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) || t.first == UInt8(ascii: "#") { continue }
            beforeContent = false
            if t.starts(with: "pointersim-trace".utf8) { return .pointerSimTrace }
            if t.starts(with: "N:".utf8) { return .evemu }
            if t.starts(with: "E:".utf8) { return .evemuEvents }
        }
        return sawVersion && sawDevices ? .libinputRecord : nil
    }
}
