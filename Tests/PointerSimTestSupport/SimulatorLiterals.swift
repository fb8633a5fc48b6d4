import PointerSimCore
import PointerSimFormats
import Testing

// Test helpers in the manner of swift-argument-parser's
// `ArgumentParserTestHelpers` (`AssertParse`, `AssertEqualStrings`, …): a
// simulator from a scene literal, a trace literal played through it, and a
// log compared line by line. A failure is recorded at the caller's
// `sourceLocation`, and says the first line that differs; a literal that does
// not parse throws the reader's error, which names the literal by the file
// and line of the test that wrote it.

/// The name a literal's reader errors give it: `what at FILE:LINE`.
func literalName(_ what: String, _ sourceLocation: SourceLocation) -> String {
    "\(what) at \(sourceLocation.fileID):\(sourceLocation.line)"
}

/// The scene of a scene literal: the text of a `*.scene.json` file
/// (docs/Formats/Scene.md), read as `pointersim replay --scene` reads one.
/// - Throws: ``InputError`` naming the literal (`scene literal at FILE:LINE`),
///   the line within it and what was expected.
public func sceneLiteral(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SimulationScene {
    try SceneFile.parse(json, file: literalName("scene literal", sourceLocation))
}

/// The events of a trace literal (docs/Formats/Trace.md): its event lines,
/// with or without the `pointersim-trace 1` header (added when missing, so an
/// error's line within the literal counts from it as line 1).
/// - Throws: ``InputError`` naming the literal (`trace literal at FILE:LINE`).
public func traceLiteral(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [PointerEvent] {
    let first = text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
    let hasHeader = first?.split(separator: " ", omittingEmptySubsequences: true).first == "pointersim-trace"
    let name = literalName(hasHeader ? "trace literal" : "trace literal (header added as line 1)", sourceLocation)
    return try PointerSimTrace.parse(hasHeader ? text : "pointersim-trace 1\n" + text, file: name)
}

extension Simulator {
    /// A simulator of a scene literal (``sceneLiteral(_:sourceLocation:)``);
    /// without one, of the built-in scene (`SimulationScene.default`, what
    /// `pointersim replay` plays without `--scene`).
    public init(
        sceneLiteral json: String? = nil,
        options: SimulationOptions = SimulationOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scene = try json.map { try PointerSimTestSupport.sceneLiteral($0, sourceLocation: sourceLocation) } ?? .default
        self.init(scene: scene, options: options)
    }

    /// Plays a trace literal (``traceLiteral(_:sourceLocation:)``) from where
    /// the simulator is and returns the records its events gave, in order.
    @discardableResult
    public mutating func play(_ trace: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [LogRecord] {
        process(try traceLiteral(trace, sourceLocation: sourceLocation))
    }
}

/// The log of a scene literal and a trace literal, played from the start:
/// what `pointersim replay TRACE --scene SCENE` writes, as records.
public func replayLiterals(
    scene: String? = nil,
    trace: String,
    options: SimulationOptions = SimulationOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (simulator: Simulator, log: [LogRecord]) {
    var sim = try Simulator(sceneLiteral: scene, options: options, sourceLocation: sourceLocation)
    let log = try sim.play(trace, sourceLocation: sourceLocation)
    return (sim, log)
}

/// The records as the log's JSON Lines (docs/Formats/Log.md), one a line,
/// each ended by a newline: byte for byte what `pointersim replay` writes.
public func logText(_ records: [LogRecord]) -> String {
    records.map { LogLine.render($0) + "\n" }.joined()
}

/// Records a failure at `sourceLocation` unless the records' log
/// (``logText(_:)``) is `expected`: the log's lines against the expected
/// ones, each of those trimmed and blank ones dropped, so a multi-line
/// literal may be indented and end with or without a newline. The failure names the first line that differs
/// (its number, the expected and the actual line) and both line counts.
public func assertLog(
    _ records: [LogRecord],
    _ expected: String,
    _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let wanted = lines(expected).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    assertLines(records.map { LogLine.render($0) }, wanted, comment, sourceLocation: sourceLocation)
}

/// Records a failure at `sourceLocation` unless `actual` equals `expected`
/// exactly (every byte, line ends included), naming the first line that
/// differs, with both, and the two line counts; `comment` (a golden's name)
/// begins the message. For golden files and whole outputs.
public func assertLines(
    _ actual: String,
    _ expected: String,
    _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    assertLines(lines(actual), lines(expected), comment, sourceLocation: sourceLocation)
}

/// The lines of `text` split at each LF byte (a CR before it stays in its
/// line), a final newline giving an empty last line.
private func lines(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
}

/// Records a failure at `sourceLocation` unless the lists of lines are
/// equal, naming the first line that differs (or the first line one of them
/// lacks), with both, and the two counts.
public func assertLines(
    _ actual: [String],
    _ expected: [String],
    _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let n = min(actual.count, expected.count)
    let i = (0..<n).first { actual[$0] != expected[$0] } ?? n
    let count = { (n: Int) in n == 1 ? "1 line" : "\(n) lines" }
    let show = { (l: [String]) in i < l.count ? l[i] : "(no line: \(count(l.count)))" }
    Issue.record(
        Comment(
            rawValue: prefix(comment) + """
                line \(i + 1) differs (\(count(actual.count)), expected \(expected.count))
                 expected: \(show(expected))
                   actual: \(show(actual))
                """
        ),
        sourceLocation: sourceLocation
    )
}

private func prefix(_ comment: String) -> String { comment.isEmpty ? "" : comment + ": " }

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
