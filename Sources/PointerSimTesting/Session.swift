import PointerSimCore
import PointerSimFormats

/// One test case: a scene and the pointer session played over it.
public struct ConformanceSession: Sendable {
    /// The scene.
    public var scene: SimulationScene
    /// The events, in time order (each is one step).
    public var events: [PointerEvent]
    /// Creates a session.
    public init(scene: SimulationScene, events: [PointerEvent]) { self.scene = scene; self.events = events }

    /// The trace file's text (exact: `PointerSimTrace.render(_:)`).
    public var traceText: String { PointerSimTrace.render(events) }
    /// The scene file's text (exact: `SceneFile.render(_:)`).
    public var sceneText: String { SceneFile.render(scene) }
}

/// What an implementation says after a step. `nil` fields were not reported
/// and are not compared.
public struct ConformanceAnswer: Sendable, Hashable, CustomStringConvertible {
    /// The selected item ids, in scene order.
    public var selection: [String]?
    /// Whether ``band`` is reported.
    public var reportsBand: Bool
    /// The band rect in content coordinates, `nil` when no band is shown.
    public var band: Rect?
    /// Whether ``focus`` is reported.
    public var reportsFocus: Bool
    /// The focused item's id.
    public var focus: String?
    /// Whether ``region`` is reported.
    public var reportsRegion: Bool
    /// The id of the pointer region the pointer is in.
    public var region: String?

    /// Creates an answer; leave out what the implementation does not model.
    public init(selection: [String]?, band: Rect?? = .none, focus: String?? = .none, region: String?? = .none) {
        self.selection = selection
        reportsBand = band != nil
        self.band = band ?? nil
        reportsFocus = focus != nil
        self.focus = focus ?? nil
        reportsRegion = region != nil
        self.region = region ?? nil
    }

    /// What differs from `expected`, compared only where this answer reports.
    public func differences(from expected: ConformanceAnswer) -> [String] {
        var out: [String] = []
        if let s = selection, let e = expected.selection, s != e { out.append("selection \(Self.list(s)), expected \(Self.list(e))") }
        if reportsBand, band != expected.band {
            out.append("band \(band.map(Self.rect) ?? "none"), expected \(expected.band.map(Self.rect) ?? "none")")
        }
        if reportsFocus, focus != expected.focus { out.append("focus \(focus ?? "none"), expected \(expected.focus ?? "none")") }
        if reportsRegion, region != expected.region { out.append("region \(region ?? "none"), expected \(expected.region ?? "none")") }
        return out
    }

    static func list(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }
    static func rect(_ r: Rect) -> String {
        "[\(formatExactNumber(r.x)), \(formatExactNumber(r.y)), \(formatExactNumber(r.width)), \(formatExactNumber(r.height))]"
    }

    public var description: String {
        var parts: [String] = []
        if let s = selection { parts.append("selection \(Self.list(s))") }
        if reportsBand { parts.append("band \(band.map(Self.rect) ?? "none")") }
        if reportsFocus { parts.append("focus \(focus ?? "none")") }
        if reportsRegion { parts.append("region \(region ?? "none")") }
        return parts.joined(separator: ", ")
    }
}

/// What an implementation did with a whole session.
public enum ConformanceOutcome: Sendable {
    /// One answer per step.
    case answered([ConformanceAnswer])
    /// The implementation cannot play this session (outside its domain), with why.
    case skipped(String)
}

/// An implementation under test, as the runner sees it: a whole session in,
/// its answers out. ``Conformance/subject(_:)`` makes one from a Swift model
/// stepped in process; `ExecSubject` from a child process
/// (`pointersim conform --exec`).
public typealias ConformanceSubject = (ConformanceSession) throws -> ConformanceOutcome
