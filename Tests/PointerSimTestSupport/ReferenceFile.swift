import Foundation
@_spi(Fuzz) import PointerSimFormats

/// One file of libinput's reference output (`Tools/libinput-ref`), read by
/// the package's own reader, ``LibinputReference`` (events, `# udev:` and
/// `# quirk:` lines), plus the header's other `# key: value` lines (`desc`,
/// `events`, `kernel-device`, ...), which name the recording it was made of.
package struct ReferenceFile: Sendable {
    /// The file's name without `.libinput.txt` or `.txt`.
    package var name: String
    /// Where it was read from (or the name given).
    package var path: String
    /// The events, udev properties and quirks.
    package var reference: LibinputReference
    /// The header's `# key: value` lines, the first of each key (without the
    /// `udev` and `quirk` lines, which are in ``reference``).
    package var header: [String: String]

    /// The events, in order.
    package var events: [LibinputReference.Event] { reference.events }
    /// The header's `# udev:` properties.
    package var udev: [String: String] { reference.udev }
    /// The header's `# quirk:` lines.
    package var quirks: [String: String] { reference.quirks }

    /// Reads the file at `path`.
    /// - Throws: ``FixtureError`` naming the file when it cannot be read.
    package init(path: String) throws {
        self.init(name: Self.name(ofFile: path), path: path, text: try Repository.text(atPath: path))
    }

    /// Reads a reference from its text.
    package init(name: String, path: String? = nil, text: String) {
        self.name = name
        self.path = path ?? name
        reference = LibinputReference(text: text)
        var header: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("# ") {
            let body = line.dropFirst(2)
            guard let colon = body.firstIndex(of: ":"), !body[..<colon].contains(" ") else { continue }
            let key = String(body[..<colon])
            guard key != "udev", key != "quirk", header[key] == nil else { continue }
            header[key] = String(body[body.index(after: colon)...].drop { $0 == " " })
        }
        self.header = header
    }

    /// A file's name without its folder and `.libinput.txt` or `.txt`.
    package static func name(ofFile path: String) -> String {
        let file = (path as NSString).lastPathComponent
        if file.hasSuffix(".libinput.txt") { return String(file.dropLast(13)) }
        if file.hasSuffix(".txt") { return String(file.dropLast(4)) }
        return file
    }

    /// The number `key` of `event`.
    /// - Throws: ``FixtureError`` naming this file, the event and the key
    ///   when it is missing or not a number.
    package func number(_ key: String, of event: LibinputReference.Event) throws -> Double {
        guard let v = event.number(key) else { throw malformed(event, "no number \(key)=") }
        return v
    }

    /// The integer `key` of `event`.
    /// - Throws: ``FixtureError`` as ``number(_:of:)`` does.
    package func integer(_ key: String, of event: LibinputReference.Event) throws -> Int {
        guard let v = event.fields[key].flatMap({ Int($0) }) else { throw malformed(event, "no integer \(key)=") }
        return v
    }

    /// The text `key` of `event`.
    /// - Throws: ``FixtureError`` as ``number(_:of:)`` does.
    package func field(_ key: String, of event: LibinputReference.Event) throws -> String {
        guard let v = event.fields[key] else { throw malformed(event, "no \(key)=") }
        return v
    }

    /// An error naming this file and `event`.
    package func malformed(_ event: LibinputReference.Event, _ what: String) -> FixtureError {
        let index = events.firstIndex(of: event).map { "event \($0 + 1)" } ?? "an event"
        return FixtureError("\(path): \(index) (\(event.type)\(event.fields["src"].map { " src=\($0)" } ?? "")): \(what)")
    }
}

/// libinput fidelity's tolerance: `a` is within 1 % (relative to
/// `reference`) or 0.02 units of `reference` (``FidelityReport/close(_:_:)``,
/// the figure every fidelity test and `pointersim decode --compare` use).
package func withinLibinputTolerance(_ a: Double, of reference: Double) -> Bool {
    FidelityReport.close(a, reference)
}
