import Foundation

/// The repository the tests run in, and its data files: the one place that
/// finds the root (from this file's path) and lists folders of fixtures.
public enum Repository {
    /// The repository's root folder (`Package.swift` is in it).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` (e.g. `Traces/libinput`) under the root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// `relative` under the root, as a path.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The text of the file at `relative` under the root.
    /// - Throws: ``FixtureError`` naming the file when it cannot be read.
    public static func text(_ relative: String) throws -> String { try text(atPath: path(relative)) }

    /// The text of the file at `path`.
    /// - Throws: ``FixtureError`` naming the file when it cannot be read.
    public static func text(atPath path: String) throws -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw FixtureError("\(path): cannot read it as UTF-8 text (\(error))")
        }
    }

    /// The bytes of the file at `relative` under the root.
    /// - Throws: ``FixtureError`` naming the file when it cannot be read.
    public static func data(_ relative: String) throws -> Data {
        do { return try Data(contentsOf: url(relative)) } catch {
            throw FixtureError("\(path(relative)): cannot read it (\(error))")
        }
    }

    /// Whether a file or folder exists at `path`.
    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The files directly in `folders` whose names end in `suffix`, by name
    /// within each folder, folders in the order given; a name met in an
    /// earlier folder hides the same name later. A missing folder adds nothing.
    public static func files(in folders: [String], suffix: String) -> [String] {
        var seen = Set<String>(), out: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(suffix) && !seen.contains(name) {
                seen.insert(name)
                out.append(folder + "/" + name)
            }
        }
        return out
    }

    /// The folders a colon-separated environment variable names, or `nil`
    /// when it is not set.
    public static func folders(fromEnvironment variable: String) -> [String]? {
        ProcessInfo.processInfo.environment[variable].map { $0.split(separator: ":").map(String.init) }
    }

    /// The value of an environment variable, or `nil`.
    public static func environment(_ variable: String) -> String? { ProcessInfo.processInfo.environment[variable] }

    /// A new file `name` holding `content`, in a folder of its own under the
    /// temporary folder; its path.
    public static func temporaryFile(_ name: String, _ content: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A data file of the repository that is missing or not what a test expects;
/// the description names the file.
public struct FixtureError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
