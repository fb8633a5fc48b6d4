import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PointerSimCore
import PointerSimFormats

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
        let base = (directory as NSString).appendingPathComponent(name)
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

    /// Creates `path` and its missing parents as folders.
    static func makeDirectory(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return }
            throw WriteError(description: "\(path): not a folder")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path && parent != "/" { try makeDirectory(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw WriteError(description: "\(path): \(reason(errno))") }
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
        let base = (directory as NSString).appendingPathComponent(name)
        let scene = try SceneFile.load(path: base + ".scene.json")
        let text = try String(contentsOfFile: base + ".trace", encoding: .utf8)
        return ConformanceSession(scene: scene, events: try PointerSimTrace.parse(text, file: base + ".trace"))
    }
}
