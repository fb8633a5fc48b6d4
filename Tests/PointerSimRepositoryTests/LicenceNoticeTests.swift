import Foundation
import PointerSimTestSupport
import Testing

/// THIRD-PARTY-NOTICES.md against the files it names: each listed file
/// exists and carries its source's notice, and no file ported from libinput
/// is missing from the list (issue #33).
@Suite struct LicenceNoticeTests {
    static let notices = "THIRD-PARTY-NOTICES.md"
    static let mitPermission = "Permission is hereby granted, free of charge, to any person obtaining a"
    static let mitWarranty = "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR"
    static let lgplNotice = "SPDX-License-Identifier: LGPL-2.1-or-later"

    /// The backquoted paths listed as `- \`path\`` in the section whose
    /// heading starts with `heading`.
    static func listed(under heading: String) throws -> [String] {
        let text = try Repository.text(notices)
        guard let start = text.range(of: "\n## " + heading) else {
            throw FixtureError("\(notices): no section \"## \(heading)\"")
        }
        let rest = text[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
    }

    /// The header comment of a file: its leading `//` lines.
    static func header(_ relative: String) throws -> String {
        try Repository.text(relative).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("//") }.joined(separator: "\n")
    }

    /// Every Swift file under Sources/ that ports libinput: a `/// libinput:`
    /// marker or a "Derived from libinput" header.
    static func libinputDerivedSources() throws -> Set<String> {
        let root = Repository.root.path + "/"
        var found = Set<String>()
        let walker = FileManager.default.enumerator(atPath: root + "Sources")
        while let name = walker?.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            let relative = "Sources/" + name
            let text = try Repository.text(relative)
            let marked = text.split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("/// libinput: ")
            }
            if marked || text.hasPrefix("// Derived from libinput") { found.insert(relative) }
        }
        return found
    }

    /// What is wrong with the libinput list: a listed file whose header
    /// lacks the notice or a copyright line, a derived file not listed.
    static func libinputProblems(
        listed: [String],
        derived: Set<String>,
        header: (String) throws -> String
    ) rethrows -> [String] {
        var problems: [String] = []
        for file in listed {
            let h = try header(file)
            if !(h.contains(mitPermission) && h.contains(mitWarranty)) {
                problems.append("\(file): its header lacks libinput's permission notice")
            }
            if !h.contains("Copyright © ") { problems.append("\(file): its header names no copyright holder") }
        }
        for file in derived.subtracting(listed).sorted() {
            problems.append("\(file): ported from libinput but not listed in \(notices)")
        }
        return problems
    }

    @Test func everyLibinputFileIsListedAndCarriesLibinputsNotice() throws {
        let listed = try Self.listed(under: "libinput")
        let derived = try Self.libinputDerivedSources()
        #expect(listed.count >= 20 && derived.count >= 20)
        #expect(try Self.libinputProblems(listed: listed, derived: derived, header: Self.header) == [])
    }

    /// The check itself catches a ported file without the notice and one
    /// left out of the list.
    @Test func theCheckCatchesAMissingNoticeAndAMissingEntry() throws {
        let headers = [
            "A.swift": "// Derived from libinput 1.22.1: x.\n// Copyright © 2020 Someone",
            "B.swift": try Self.header("Sources/PointerSimInput/Evdev/KeyDownCounts.swift"),
        ]
        let problems = Self.libinputProblems(
            listed: ["A.swift", "B.swift"],
            derived: ["A.swift", "B.swift", "C.swift"],
            header: { headers[$0] ?? "" }
        )
        #expect(
            problems == [
                "A.swift: its header lacks libinput's permission notice",
                "C.swift: ported from libinput but not listed in \(Self.notices)",
            ]
        )
    }

    @Test func systemdFilesCarryTheLGPLNotice() throws {
        let listed = try Self.listed(under: "systemd")
        #expect(listed.count == 2)
        for file in listed {
            #expect(try Self.header(file).contains(Self.lgplNotice), "\(file): no LGPL notice in its header")
        }
        #expect(try Repository.text("LICENSES/LGPL-2.1.txt").contains("GNU LESSER GENERAL PUBLIC LICENSE"))
    }

    @Test func copiedRecordingsCarryTheirNotice() throws {
        let listed = try Self.listed(under: "Device recordings")
        #expect(listed.count == 3)
        for file in listed {
            let text = try Repository.text(file)
            #expect(
                text.contains("Copyright © 2012-2013 Red Hat, Inc.") && text.contains(Self.mitPermission),
                "\(file): the recordings' notice is missing"
            )
        }
    }
}
