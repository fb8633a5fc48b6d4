import Foundation
import PointerSimCore
import PointerSimFormats

#if canImport(Glibc)
import Glibc
#endif

/// Writes a session as a golden trace: `NAME.scene.json`, `NAME.trace` and
/// `NAME.expected.jsonl` (PointerSim's log), the layout of Traces/, so that
/// a counterexample becomes a golden test (`pointersim replay --scene
/// NAME.scene.json NAME.trace` prints `NAME.expected.jsonl`) and a viewer
/// page (`pointersim render`).
public enum Counterexample {
    /// PointerSim's log of a session, one JSON line per record.
    public static func expectedLog(_ session: ConformanceSession) -> String {
        var sim = Simulator(scene: session.scene)
        return sim.process(session.events).map { LogLine.render($0) + "\n" }.joined()
    }

    /// Writes the three files into `directory` (created if needed); the
    /// trace starts with `comment` as `#` lines (the divergence's
    /// explanation). Times are rebased so that the first event is at 0, as
    /// `pointersim replay` rebases them (the shrinker already tries that, so
    /// a shrunk session is usually there). Returns their paths.
    @discardableResult
    public static func write(_ session: ConformanceSession, name: String, directory: String, comment: String = "") throws -> [String] {
        var session = session
        if let t0 = session.events.first?.time, t0 != 0 { session.events = session.events.map { PointerEvent(time: $0.time - t0, $0.kind) } }
        try makeDirectory(directory)
        let base = joined(directory, name)
        var trace = PointerSimTrace.render(session.events)
        if !comment.isEmpty {
            let header = PointerSimTrace.header + "\n"
            let lines = comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 + "\n" }.joined()
            trace = header + lines + trace.dropFirst(header.count)
        }
        let files = [(base + ".scene.json", session.sceneText), (base + ".trace", trace), (base + ".expected.jsonl", expectedLog(session))]
        for (path, text) in files { try writeText(text, to: path) }
        return files.map(\.0)
    }

    /// A file that cannot be written, said plainly: the path and the system's reason.
    package struct WriteError: Error, CustomStringConvertible {
        /// `PATH: reason`.
        package var description: String
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// `name` in `directory`.
    static func joined(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder holding `path` (`.` for a bare name; `/` for `/x`).
    static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        let head = p[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// Creates `path` and its missing parents as folders (`x`, `q/r`,
    /// `/abs/x/y`, `a//b/`).
    static func makeDirectory(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return }
            throw WriteError(description: "\(path): not a folder")
        }
        let up = parent(path)
        if up != path && up != "." && up != "/" { try makeDirectory(up) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw WriteError(description: "\(path): \(reason(errno))") }
    }

    /// Why a file could not be created at `path`, or nil: it names a
    /// folder, or its folder is missing, not a folder or not writable.
    package static func fileProblem(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return "\(path): is a folder" }
            return access(path, W_OK) == 0 ? nil : "\(path): \(reason(errno))"
        }
        let up = parent(path)
        if stat(up, &st) != 0 { return "\(path): \(reason(errno))" }
        if st.st_mode & S_IFMT != S_IFDIR { return "\(path): \(up) is not a folder" }
        return access(up, W_OK | X_OK) == 0 ? nil : "\(path): \(reason(errno))"
    }

    /// Why ``makeDirectory(_:)`` could not make `path` or write in it, or
    /// nil: it is not a folder, or the nearest part that exists is not a
    /// writable folder. Nothing is made.
    package static func folderProblem(_ path: String) -> String? {
        var st = stat()
        var p = path
        while true {
            if stat(p, &st) == 0 {
                if st.st_mode & S_IFMT != S_IFDIR { return "\(p): not a folder" }
                return access(p, W_OK | X_OK) == 0 ? nil : "\(p): \(reason(errno))"
            }
            if errno != ENOENT && errno != ENOTDIR { return "\(p): \(reason(errno))" }
            let up = parent(p)
            if up == p { return nil }
            p = up
        }
    }

    /// Writes `text` to `path`, replacing it; a failure (at the open, the
    /// write or the close: a full disk shows only there) is a ``WriteError``.
    package static func writeText(_ text: String, to path: String) throws {
        guard let f = fopen(path, "w") else { throw WriteError(description: "\(path): \(reason(errno))") }
        let bytes = Array(text.utf8)
        let written = bytes.isEmpty ? 0 : fwrite(bytes, 1, bytes.count, f)
        let writeError = written == bytes.count ? 0 : errno
        let closed = fclose(f)
        let closeError = errno
        if writeError != 0 || closed != 0 { throw WriteError(description: "\(path): \(reason(writeError != 0 ? writeError : closeError))") }
    }

    /// Reads a counterexample back (its scene and trace).
    public static func read(name: String, directory: String) throws -> ConformanceSession {
        let base = joined(directory, name)
        let scene = try SceneFile.load(path: base + ".scene.json")
        let text = try String(contentsOfFile: base + ".trace", encoding: .utf8)
        return ConformanceSession(scene: scene, events: try PointerSimTrace.parse(text, file: base + ".trace"))
    }
}
