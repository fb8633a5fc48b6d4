import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats

/// The conformance protocol (docs/Formats/Conform.md): JSON Lines over a
/// child's standard input and output.
@usableFromInline package enum ConformProtocol {
    /// The line that starts a session: `{"session": N, "scene": {…}}`, the
    /// scene as a scene file writes it, on one line.
    @usableFromInline package static func sceneLine(_ scene: Scene, session: Int) -> String {
        let oneLine = SceneFile.render(scene).split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
        return "{\"session\": \(session), \"scene\": \(oneLine)}"
    }

    /// A step: `{"step": K, "t": T, "event": "move", "x": X, "y": Y, "line": "T move X Y"}`
    /// (`button` for press and release, `modifiers` for modifiers, `key`,
    /// `dx`/`dy` for delta and scroll, `region` for invalidate, `device` for
    /// removed); `line` is the step as a trace line writes it, exactly.
    @usableFromInline package static func stepLine(_ e: PointerEvent, step: Int) -> String {
        var s = "{\"step\": \(step), \"t\": \(formatExactNumber(e.time)), \"event\": "
        func str(_ v: String) -> String { var o = ""; appendJSONString(v, to: &o); return o }
        switch e.kind {
        case .move(let p): s += "\"move\", \"x\": \(formatExactNumber(p.x)), \"y\": \(formatExactNumber(p.y))"
        case .delta(let v): s += "\"delta\", \"dx\": \(formatExactNumber(v.dx)), \"dy\": \(formatExactNumber(v.dy))"
        case .scroll(let v): s += "\"scroll\", \"dx\": \(formatExactNumber(v.dx)), \"dy\": \(formatExactNumber(v.dy))"
        case .press(let b): s += "\"press\", \"button\": \(str(b.rawValue))"
        case .release(let b): s += "\"release\", \"button\": \(str(b.rawValue))"
        case .modifiers(let m): s += "\"modifiers\", \"modifiers\": [" + m.names.map(str).joined(separator: ", ") + "]"
        case .cancel: s += "\"cancel\""
        case .invalidate(let r): s += "\"invalidate\", \"region\": \(str(r))"
        case .deviceRemoved(let d): s += "\"removed\", \"device\": \(str(d))"
        case .key(let k): s += "\"key\", \"key\": \(str(k.description))"
        }
        return s + ", \"line\": " + str(formatExactNumber(e.time) + " " + PointerSimTrace.describe(e.kind, exact: true)) + "}"
    }

    /// The line that ends a session: `{"end": N}`.
    @usableFromInline package static func endLine(session: Int) -> String { "{\"end\": \(session)}" }

    /// Errors in what the child says.
    @usableFromInline package struct ProtocolError: Error, CustomStringConvertible {
        @usableFromInline package var description: String
    }

    /// An answer line: `{"step": K, "selection": [ids], "band": [x, y, w, h] | null, "focus": id | null}`
    /// (`band`, `focus`, `region` optional), or `{"skipped": "why"}`.
    /// - Returns: the step and the answer, or nil step with the skip reason.
    @usableFromInline package static func parseAnswer(_ line: String) throws -> (step: Int?, answer: ConformanceAnswer?, skipped: String?) {
        let node: JSONNode
        do { node = try JSONParser.parse(line, file: "<child>") } catch {
            throw ProtocolError(description: "expected a JSON answer ({\"step\": K, \"selection\": [...]} or {\"skipped\": \"why\"}), found: \(line.prefix(80))")
        }
        guard case .object(let members) = node.value else { throw ProtocolError(description: "expected a JSON object, found: \(line)") }
        var o: [String: JSONNode] = [:]
        for (k, v) in members { o[k] = v }
        if let s = o["skipped"] {
            guard case .string(let why) = s.value else { throw ProtocolError(description: "\"skipped\" must be a string: \(line)") }
            return (nil, nil, why)
        }
        guard case .number(let k)? = o["step"]?.value, k >= 0, k == k.rounded() else {
            throw ProtocolError(description: "expected {\"step\": K, \"selection\": [...]} or {\"skipped\": \"why\"}, found: \(line)")
        }
        var selection: [String]? = nil
        if let s = o["selection"] {
            guard case .array(let ids) = s.value else { throw ProtocolError(description: "\"selection\" must be an array of ids: \(line)") }
            selection = try ids.map { n in
                guard case .string(let id) = n.value else { throw ProtocolError(description: "\"selection\" must be an array of ids: \(line)") }
                return id
            }
        }
        var band: Rect?? = .none
        if let b = o["band"] {
            switch b.value {
            case .null: band = .some(nil)
            case .array(let v) where v.count == 4:
                let n = try v.map { x -> Double in
                    guard case .number(let d) = x.value else { throw ProtocolError(description: "\"band\" must be [x, y, w, h] or null: \(line)") }
                    return d
                }
                band = .some(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
            default: throw ProtocolError(description: "\"band\" must be [x, y, w, h] or null: \(line)")
            }
        }
        func optionalString(_ key: String) throws -> String?? {
            guard let f = o[key] else { return .none }
            switch f.value {
            case .null: return .some(nil)
            case .string(let s): return .some(s)
            default: throw ProtocolError(description: "\"\(key)\" must be a string or null: \(line)")
            }
        }
        return (Int(k), ConformanceAnswer(selection: selection, band: band, focus: try optionalString("focus"), region: try optionalString("region")), nil)
    }
}

/// An implementation in any language, run as a child process (`/bin/sh -c
/// COMMAND`) that speaks ``ConformProtocol`` on its standard input and
/// output. One child plays every session, in turn.
@usableFromInline package final class ExecSubject: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe()
    var buffer: [UInt8] = []
    var sessionIndex = 0
    /// The command.
    @usableFromInline package let command: String
    /// How long the child may take to send one answer line, in seconds.
    @usableFromInline package let timeout: Double

    /// Starts the child.
    @usableFromInline package init(command: String, timeout: Double = 30) throws {
        self.command = command
        self.timeout = timeout
        signal(SIGPIPE, SIG_IGN)  // a child that exits early is an error, not our death
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Closes the child's input and waits for it to exit.
    @usableFromInline package func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { finish() } }

    /// The error for a child that ended (or closed its streams) before
    /// answering every step: waits for it, and names its exit status.
    func ended() -> ConformProtocol.ProtocolError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return ConformProtocol.ProtocolError(description: "the implementation (\(command)) ended before answering every step (exit status \(process.terminationStatus))")
    }

    func readLine() throws -> String {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                if line.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
                return line
            }
            var pfd = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(min(timeout * 1000, Double(Int32.max)))) == 0 {
                process.terminate()
                throw ConformProtocol.ProtocolError(description: "the implementation (\(command)) gave no answer within \(formatExactNumber(timeout)) s")
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { throw ended() }
            buffer.append(contentsOf: data)
        }
    }

    /// Plays one session: writes the scene, the steps and the end, then reads
    /// one answer per step (or a skip).
    @usableFromInline package func play(_ session: ConformanceSession) throws -> ConformanceOutcome {
        var text = ConformProtocol.sceneLine(session.scene, session: sessionIndex) + "\n"
        for (k, e) in session.events.enumerated() { text += ConformProtocol.stepLine(e, step: k) + "\n" }
        text += ConformProtocol.endLine(session: sessionIndex) + "\n"
        sessionIndex += 1
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        } catch {
            throw ended()
        }
        var answers: [ConformanceAnswer] = []
        while answers.count < session.events.count {
            let (step, answer, skipped) = try ConformProtocol.parseAnswer(try readLine())
            if let why = skipped { return .skipped(why) }
            guard step == answers.count, let answer else {
                throw ConformProtocol.ProtocolError(description: "expected the answer to step \(answers.count), found step \(step ?? -1)")
            }
            answers.append(answer)
        }
        return .answered(answers)
    }

    /// This child as a subject for the runner.
    @usableFromInline package var subject: ConformanceSubject { { try self.play($0) } }
}
