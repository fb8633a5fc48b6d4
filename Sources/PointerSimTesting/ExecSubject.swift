import Foundation
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats

#if canImport(Glibc)
import Glibc
#endif

/// The conformance protocol (docs/Formats/Conform.md): JSON Lines over a
/// child's standard input and output.
@usableFromInline package enum ConformProtocol {
    /// The line that starts a session: `{"session": N, "scene": {…}}`, the
    /// scene as a scene file writes it, on one line.
    @usableFromInline package static func sceneLine(_ scene: SimulationScene, session: Int) -> String {
        let oneLine = SceneFile.render(scene, profileInFull: true).split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
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
        /// The command could not be run at all (exit status 69, not 76).
        @usableFromInline package var unavailable = false
        @usableFromInline package init(description: String) { self.description = description }
        @usableFromInline package init(unavailable: String) { description = unavailable; self.unavailable = true }
    }

    /// The start of a line, for messages (never a whole, maybe huge, line).
    static func excerpt(_ line: String) -> String { line.count > 80 ? line.prefix(80) + "…" : line }

    /// The deepest nesting of `[` and `{` outside strings, counted up to
    /// `limit + 1` in one pass.
    static func nesting(_ line: String, limit: Int) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for b in line.utf8 {
            if inString {
                if escaped { escaped = false } else if b == 92 { escaped = true } else if b == 34 { inString = false }
                continue
            }
            switch b {
            case 34: inString = true
            case 91, 123: depth += 1; deepest = max(deepest, depth); if deepest > limit { return deepest }
            case 93, 125: depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// An answer line: `{"step": K, "selection": [ids], "band": [x, y, w, h] | null, "focus": id | null}`
    /// (`band`, `focus`, `region` optional), or `{"skipped": "why"}`.
    /// - Returns: the step and the answer, or nil step with the skip reason.
    @usableFromInline package static func parseAnswer(_ line: String) throws -> (step: Int?, answer: ConformanceAnswer?, skipped: String?) {
        if nesting(line, limit: ExecSubject.maxNesting) > ExecSubject.maxNesting {
            throw ProtocolError(description: "an answer nested deeper than \(ExecSubject.maxNesting) levels (the limit): \(excerpt(line))")
        }
        let node: JSONNode
        do { node = try JSONParser.parse(line, file: "<child>") } catch {
            throw ProtocolError(
                description: "expected a JSON answer ({\"step\": K, \"selection\": [...]} or {\"skipped\": \"why\"}), found: \(excerpt(line))"
            )
        }
        guard case .object(let members) = node.value else { throw ProtocolError(description: "expected a JSON object, found: \(excerpt(line))") }
        var o: [String: JSONNode] = [:]
        for (k, v) in members { o[k] = v }
        if let s = o["skipped"] {
            guard case .string(let why) = s.value else { throw ProtocolError(description: "\"skipped\" must be a string: \(excerpt(line))") }
            return (nil, nil, why)
        }
        guard case .number(let k)? = o["step"]?.value, k >= 0, k == k.rounded() else {
            throw ProtocolError(description: "expected {\"step\": K, \"selection\": [...]} or {\"skipped\": \"why\"}, found: \(excerpt(line))")
        }
        var selection: [String]? = nil
        if let s = o["selection"] {
            guard case .array(let ids) = s.value else { throw ProtocolError(description: "\"selection\" must be an array of ids: \(excerpt(line))") }
            selection = try ids.map { n in
                guard case .string(let id) = n.value else {
                    throw ProtocolError(description: "\"selection\" must be an array of ids: \(excerpt(line))")
                }
                return id
            }
        }
        var band: Rect?? = .none
        if let b = o["band"] {
            switch b.value {
            case .null: band = .some(nil)
            case .array(let v) where v.count == 4:
                let n = try v.map { x -> Double in
                    guard case .number(let d) = x.value else {
                        throw ProtocolError(description: "\"band\" must be [x, y, w, h] or null: \(excerpt(line))")
                    }
                    return d
                }
                band = .some(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
            default: throw ProtocolError(description: "\"band\" must be [x, y, w, h] or null: \(excerpt(line))")
            }
        }
        func optionalString(_ key: String) throws -> String?? {
            guard let f = o[key] else { return .none }
            switch f.value {
            case .null: return .some(nil)
            case .string(let s): return .some(s)
            default: throw ProtocolError(description: "\"\(key)\" must be a string or null: \(excerpt(line))")
            }
        }
        return (
            Int(k), ConformanceAnswer(selection: selection, band: band, focus: try optionalString("focus"), region: try optionalString("region")), nil
        )
    }
}

/// The process groups of the implementations running now, so that a
/// SIGINT, SIGTERM or SIGHUP that ends `pointersim` ends them too (they are
/// in groups of their own, out of reach of the terminal's signals).
enum ChildGroups {
    static let capacity = 128
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
        let p = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        p.initialize(repeating: 0, count: capacity)
        return p
    }()
    nonisolated(unsafe) static var installed = false
    static let lock = NSLock()

    static func add(_ group: pid_t) {
        lock.lock(); defer { lock.unlock() }
        install()
        for k in 0..<capacity where slots[k] == 0 { slots[k] = group; return }
    }

    static func remove(_ group: pid_t) {
        lock.lock(); defer { lock.unlock() }
        for k in 0..<capacity where slots[k] == group { slots[k] = 0 }
    }

    /// Kills every group, then ends this process by the same signal (only
    /// async-signal-safe calls).
    static let handler: @convention(c) (Int32) -> Void = { sig in
        for k in 0..<ChildGroups.capacity {
            let g = ChildGroups.slots[k]
            if g > 0 { killpg(g, SIGKILL) }
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }

    /// Installs ``handler`` for the signals that end a run (unblocking them:
    /// a parent's thread pool may have started us with them blocked),
    /// except one already ignored (nohup).
    static func install() {
        guard !installed else { return }
        installed = true
        _ = slots
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig, handler)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(sig, SIG_IGN) }
        }
    }
}

/// An implementation in any language, run as a child process (`/bin/sh -c
/// COMMAND`) that speaks ``ConformProtocol`` on its standard input and
/// output. One child plays every session, in turn.
///
/// Bounded whatever the child does: it runs in a process group of its own
/// (`posix_spawn` with `POSIX_SPAWN_SETPGROUP`), which is killed at a
/// timeout, at a protocol error and at ``finish()``; the runner writes the
/// session and reads the answers together (`poll`), so no session size can
/// deadlock the pipes; an answer line is read in linear time and may be at
/// most ``maxLineBytes`` long, nested at most ``maxNesting`` deep.
@usableFromInline package final class ExecSubject: @unchecked Sendable {
    /// The longest answer line accepted, in bytes (without its newline).
    @usableFromInline package static let maxLineBytes = 1 << 20
    /// The deepest nesting of brackets and braces accepted in an answer.
    @usableFromInline package static let maxNesting = 32
    /// How long the child may take to exit once its input is closed, at most.
    @usableFromInline package static let exitGrace = 2.0

    /// The command.
    @usableFromInline package let command: String
    /// How long the child may take to send one answer line, in seconds
    /// (0: no limit).
    @usableFromInline package let timeout: Double
    /// ``timeout`` as a span: 0 is no limit.
    var limit: Double { timeout == 0 ? .infinity : timeout }
    /// The child's process id, which is also its process group's.
    @usableFromInline package let pid: pid_t
    var toChild: Int32
    let fromChild: Int32
    var buffer: [UInt8] = []
    var head = 0
    var scanned = 0
    var endOfOutput = false
    var pending: [UInt8] = []
    var pendingAt = 0
    var inputClosedByChild = false
    var reaped = false
    var answeredAny = false
    var sessionIndex = 0
    /// The steps of the session in play (or the last) answered so far.
    var answeredSteps = 0

    /// Starts the child in a process group of its own.
    @usableFromInline package init(command: String, timeout: Double = 30) throws {
        self.command = command
        self.timeout = timeout
        signal(SIGPIPE, SIG_IGN)  // a child that exits early is an error, not our death
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1]
        func openPipe(_ fds: inout [Int32]) -> Bool {
            guard pipe(&fds) == 0 else { return false }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // only the dup2'd ends reach the child
            return true
        }
        guard openPipe(&inPipe) else {
            throw ConformProtocol.ProtocolError(unavailable: "cannot run \(command): no pipe (\(String(cString: strerror(errno))))")
        }
        guard openPipe(&outPipe) else {
            close(inPipe[0]); close(inPipe[1])
            throw ConformProtocol.ProtocolError(unavailable: "cannot run \(command): no pipe (\(String(cString: strerror(errno))))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group; the signals we ignore or block back to their defaults.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        let argv: [UnsafeMutablePointer<CChar>?] =
            ["/bin/sh", "-c", command].map { (word: String) -> UnsafeMutablePointer<CChar>? in strdup(word) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        close(inPipe[0]); close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0])
            throw ConformProtocol.ProtocolError(unavailable: "cannot run /bin/sh: \(String(cString: strerror(rc)))")
        }
        pid = child
        ChildGroups.add(child)
        toChild = inPipe[1]
        fromChild = outPipe[0]
        _ = fcntl(toChild, F_SETFL, fcntl(toChild, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fromChild, F_SETFL, fcntl(fromChild, F_GETFL) | O_NONBLOCK)
    }

    deinit { finish(); close(fromChild) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The child's exit, if it has exited (not reaped: its process id, and
    /// so its group's, stays reserved until ``reap()``).
    func exitStatus() -> String? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return reaped ? "unknown" : nil }
        let who = info._sifields._sigchld.si_pid
        guard who == pid else { return nil }
        let code = info._sifields._sigchld.si_status
        return info.si_code == CLD_EXITED ? "exit status \(code)" : "killed by signal \(code)"
    }

    /// Waits up to `seconds` for the child to exit; its status, or nil.
    func waitExit(_ seconds: Double) -> String? {
        let deadline = Self.now() + seconds
        while true {
            if let s = exitStatus() { return s }
            if Self.now() >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// Kills the child's whole process group (grandchildren included) and
    /// reaps the child.
    func stop() {
        guard !reaped else { return }
        killpg(pid, SIGKILL)
        ChildGroups.remove(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }

    /// Closes the child's input, gives it a moment to exit
    /// (``exitGrace`` or the timeout, the shorter), then kills its process
    /// group: nothing it started outlives the run.
    @usableFromInline package func finish() {
        guard !reaped else { return }
        if toChild >= 0 { close(toChild); toChild = -1 }
        _ = waitExit(min(limit, Self.exitGrace))
        stop()
    }

    func fail(_ message: String) -> ConformProtocol.ProtocolError {
        stop()
        return ConformProtocol.ProtocolError(description: message)
    }

    /// The error for a child that closed its output before answering every
    /// step: its exit status, or that it was still running (then stopped).
    func ended() -> ConformProtocol.ProtocolError {
        if toChild >= 0 { close(toChild); toChild = -1 }
        let status = waitExit(min(limit, Self.exitGrace))
        stop()
        guard let status else {
            return ConformProtocol.ProtocolError(
                description: "the implementation (\(command)) closed its standard output before answering every step and kept running (stopped)"
            )
        }
        if !answeredAny && (status == "exit status 127" || status == "exit status 126") {
            return ConformProtocol.ProtocolError(
                unavailable: "cannot run \(command): /bin/sh gave \(status) (\(status.hasSuffix("127") ? "command not found" : "not executable"))"
            )
        }
        return ConformProtocol.ProtocolError(description: "the implementation (\(command)) ended before answering every step (\(status))")
    }

    /// Waits (at most until `deadline`) for output to read or room to write,
    /// and does what it can of both.
    func pump(until deadline: Double) throws {
        let writing = pendingAt < pending.count && !inputClosedByChild && toChild >= 0
        // The output while it is open, the input while there is something to write.
        var fds: [pollfd] = []
        if !endOfOutput { fds.append(pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)) }
        if writing { fds.append(pollfd(fd: toChild, events: Int16(POLLOUT), revents: 0)) }
        guard !fds.isEmpty else { return }
        let ms = max(0, min(Double(Int32.max), ((deadline - Self.now()) * 1000).rounded(.up)))
        let ready = poll(&fds, nfds_t(fds.count), Int32(ms))
        if ready < 0 && errno != EINTR { throw fail("poll failed: \(String(cString: strerror(errno)))") }
        guard ready > 0 else { return }
        let reading = !endOfOutput && fds[0].revents != 0
        if writing && fds[fds.count - 1].revents != 0 {
            let n = pending.withUnsafeBytes { p in
                write(toChild, p.baseAddress! + pendingAt, min(pending.count - pendingAt, 1 << 16))
            }
            if n > 0 { pendingAt += n } else if n < 0 && errno != EAGAIN && errno != EINTR { inputClosedByChild = true }
        }
        if reading {
            // Whole chunks: reading stops at the line limit, so memory stays bounded.
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fromChild, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
            } else if n == 0 {
                endOfOutput = true
            } else if errno != EAGAIN && errno != EINTR {
                endOfOutput = true
            }
        }
    }

    /// The next complete line, if the buffer holds one (searched from where
    /// the last search stopped: linear in the line's length).
    func takeLine() throws -> String? {
        if let nl = buffer[(head + scanned)...].firstIndex(of: 10) {
            let line = String(decoding: buffer[head..<nl], as: UTF8.self)
            head = nl + 1
            scanned = 0
            if head >= 1 << 16 && head * 2 >= buffer.count { buffer.removeFirst(head); head = 0 }
            return line
        }
        scanned = buffer.count - head
        if scanned > Self.maxLineBytes {
            throw fail("the implementation (\(command)) sent an answer line longer than \(Self.maxLineBytes) bytes (the limit)")
        }
        return nil
    }

    func readLine() throws -> String {
        let deadline = Self.now() + limit
        while true {
            if let line = try takeLine() {
                if line.utf8.allSatisfy({ $0 == 32 || $0 == 13 }) { continue }
                return line
            }
            if endOfOutput { throw ended() }
            if Self.now() >= deadline {
                throw fail("the implementation (\(command)) gave no answer within \(formatExactNumber(timeout)) s")
            }
            try pump(until: deadline)
        }
    }

    /// Writes what is left of the session (the child may answer, or skip,
    /// before it has read all of it).
    func flush() throws {
        let deadline = Self.now() + limit
        while pendingAt < pending.count && !inputClosedByChild {
            if Self.now() >= deadline {
                throw fail("the implementation (\(command)) did not read the session within \(formatExactNumber(timeout)) s")
            }
            try pump(until: deadline)
            // Nothing is asked of it meanwhile: output here is bounded too.
            if buffer.count - head > Self.maxLineBytes {
                throw fail("the implementation (\(command)) sent more than \(Self.maxLineBytes) bytes beyond its answers before reading the session")
            }
        }
        pending = []; pendingAt = 0
    }

    /// Plays one session: writes the scene, the steps and the end while
    /// reading one answer per step (or a skip).
    /// `number` is the session's number in the seed's sessions (what the
    /// report and `--only` call it); without it, one more than the last.
    @usableFromInline package func play(_ session: ConformanceSession, number: Int? = nil) throws -> ConformanceOutcome {
        guard !reaped else { throw ConformProtocol.ProtocolError(description: "the implementation (\(command)) was stopped") }
        if let n = number { sessionIndex = n }
        var text = ConformProtocol.sceneLine(session.scene, session: sessionIndex) + "\n"
        for (k, e) in session.events.enumerated() { text += ConformProtocol.stepLine(e, step: k) + "\n" }
        text += ConformProtocol.endLine(session: sessionIndex) + "\n"
        sessionIndex += 1
        pending = Array(text.utf8); pendingAt = 0
        var answers: [ConformanceAnswer] = []
        answeredSteps = 0
        while answers.count < session.events.count {
            let parsed: (step: Int?, answer: ConformanceAnswer?, skipped: String?)
            do { parsed = try ConformProtocol.parseAnswer(try readLine()) } catch let e as ConformProtocol.ProtocolError {
                stop(); throw e
            }
            answeredAny = true
            if let why = parsed.skipped { try flush(); return .skipped(why) }
            guard parsed.step == answers.count, let answer = parsed.answer else {
                throw fail("expected the answer to step \(answers.count), found step \(parsed.step ?? -1)")
            }
            answers.append(answer)
            answeredSteps = answers.count
        }
        try flush()
        return .answered(answers)
    }

    /// This child as a subject for the runner.
    @usableFromInline package var subject: ConformanceSubject { { try self.play($0) } }
}
