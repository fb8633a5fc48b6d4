import Foundation
import PointerSimTestSupport
import Testing

/// The package stands on its own: the README's library examples are the
/// example client's sources (Examples/Client, built and run by Tools/test.sh),
/// every relative link in the Markdown files and DocC catalogs resolves inside
/// the repository, and nothing names a file outside it.
@Suite struct DocumentationTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: Repository.root.appendingPathComponent(relative).path, encoding: .utf8)
    }

    /// Every `.md` file of the repository outside build folders.
    static var markdownFiles: [String] {
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: Repository.root.path) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            if p.hasPrefix(".") || p.contains("/.build") || p.hasPrefix("out/") { e.skipDescendants(); continue }
            if p.hasSuffix(".md") { out.append(p) }
        }
        return out.sorted()
    }

    @Test func readmeShowsTheExampleClientVerbatim() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked: [String] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("<!-- example: ") {
            let path = String(line.dropFirst("<!-- example: ".count).dropLast(" -->".count))
            #expect(lines[i + 1] == "```swift", "\(path): a ```swift block must follow the marker")
            guard let end = lines[(i + 2)...].firstIndex(of: "```") else { Issue.record("\(path): unterminated block"); continue }
            let snippet = lines[(i + 2)..<end].joined(separator: "\n") + "\n"
            #expect(snippet == (try Self.text(path)), "README.md's block differs from \(path): copy one to the other")
            checked.append(path)
        }
        #expect(checked == ["Examples/Client/Sources/CoreClient/main.swift", "Examples/Client/Sources/FormatsClient/main.swift"])
    }

    @Test func everyRelativeLinkResolvesInsideTheRepository() throws {
        let files = Self.markdownFiles
        #expect(files.contains("README.md") && files.contains { $0.hasPrefix("docs/") })
        #expect(files.contains { $0.contains(".docc/") })
        let root = Repository.root.standardizedFileURL.path
        for file in files {
            let text = try Self.text(file)
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                var target = String(rest[..<close])
                rest = rest[close...]
                if target.hasPrefix("#") { continue }
                #expect(!target.contains("://") && !target.hasPrefix("mailto:"), "\(file): \(target) points outside the repository")
                if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
                let base = Repository.root.appendingPathComponent(file).deletingLastPathComponent()
                let resolved = base.appendingPathComponent(target).standardizedFileURL.path
                #expect(resolved.hasPrefix(root + "/") || resolved == root, "\(file): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved), "\(file): \(target) does not exist")
            }
        }
    }

    @Test func nothingNamesAFileOutsideTheRepository() throws {
        // Spelled in pieces so that this file does not match itself.
        let forbidden = [
            "shared" + "/", "SEMANTICS" + ".md", "FORMATS" + ".md", "linux-input" + ".md", "band-workload" + ".md",
            "swift-on-this-machine" + ".md", "notes" + "/",
        ]
        let fm = FileManager.default
        var files = ["README.md"]
        for folder in ["Sources", "Tests", "Tools", "docs", "Traces", "Examples", "Fuzz"] {
            guard let e = fm.enumerator(atPath: Repository.root.appendingPathComponent(folder).path) else { continue }
            while let p = e.nextObject() as? String {
                if p.hasPrefix(".build") || p.contains("/.build") { e.skipDescendants(); continue }
                let ext = (p as NSString).pathExtension
                if ["swift", "md", "sh", "py", "c", "h", "txt", "json", "modulemap"].contains(ext) { files.append("\(folder)/\(p)") }
            }
        }
        for file in files {
            guard let text = try? Self.text(file) else { continue }
            for word in forbidden {
                #expect(!text.contains(word), "\(file) mentions \(word)")
            }
        }
    }
}
