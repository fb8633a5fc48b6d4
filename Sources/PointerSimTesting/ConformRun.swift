import Foundation
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats

#if canImport(Glibc)
import Glibc
#endif

/// `pointersim conform`: generated sessions through an implementation run
/// as a child process, against PointerSim (the command is a thin wrapper
/// around this).
@usableFromInline package struct ConformRun: Sendable {
    /// The child's command line (run with `/bin/sh -c`).
    @usableFromInline package var command: String
    /// The kind of sessions.
    @usableFromInline package var kind: SessionGenerator.Kind = .selection
    /// The profile of every scene (`nil`: built-in profiles and variants).
    @usableFromInline package var profile: BandProfile?
    /// How the profile was given on the command line (for the rerun command).
    @usableFromInline package var profileArgument: String?
    /// Whole pixels only (scale 1, whole-number rects and points).
    @usableFromInline package var wholePixels = false
    /// How long the implementation may take to send one answer, in seconds.
    @usableFromInline package var timeout: Double = 30
    /// Grid scenes only (``SessionGenerator/grid``).
    @usableFromInline package var grid = false
    /// How many sessions.
    @usableFromInline package var sessions = 100
    /// The seed.
    @usableFromInline package var seed: UInt64 = 1
    /// How many divergent sessions to shrink (the smallest result is kept).
    @usableFromInline package var candidates = 10
    /// Where counterexample files go.
    @usableFromInline package var directory = "."
    /// Their name.
    @usableFromInline package var name = "counterexample"
    /// A saved session to play instead of generated ones (a counterexample's
    /// `NAME.scene.json` and `NAME.trace`): checks that it still diverges, or
    /// that a fix made it agree. Nothing is shrunk or written.
    @usableFromInline package var saved: ConformanceSession?
    /// The saved session's name, for messages.
    @usableFromInline package var savedName = ""
    /// The fewest sessions that must be compared (not skipped) for the run
    /// to pass.
    @usableFromInline package var minCompared = 1
    /// Play only this session (0-based) of the seed's sessions.
    @usableFromInline package var only: Int?
    /// How many implementations run side by side (each its own child).
    @usableFromInline package var jobs = 1
    /// Where to write a machine-readable report (`.json`, or `.xml`: JUnit).
    @usableFromInline package var reportPath: String?
    /// Show progress on standard error (set when it is a terminal).
    @usableFromInline package var progress = false

    /// The most sessions a run may ask for.
    @usableFromInline package static let maxSessions = 1_000_000_000
    /// The most jobs.
    @usableFromInline package static let maxJobs = 64

    /// Creates a run of `command`.
    @usableFromInline package init(command: String) { self.command = command }

    /// The exit statuses.
    @usableFromInline package enum Status: Int32, Sendable {
        /// Every session agreed (or was skipped), and enough were compared.
        case agreed = 0
        /// A divergence was found (and written).
        case diverged = 1
        /// Fewer sessions than `--min-compared` were compared (the others skipped).
        case tooFewCompared = 2
        /// The child broke the protocol or exited early (EX_PROTOCOL).
        case protocolError = 76
        /// The child could not be started (EX_UNAVAILABLE).
        case unavailable = 69
        /// The counterexample files or the report could not be written (EX_CANTCREAT).
        case cannotWrite = 73
    }

    /// What a run gives: standard output's text, standard error's, the status.
    @usableFromInline package struct Result: Sendable {
        @usableFromInline package var output = ""
        @usableFromInline package var errors = ""
        @usableFromInline package var status = Status.agreed
    }

    /// What happened to one session.
    enum SessionResult: Sendable {
        case agreed
        case skipped(String)
        case diverged(step: Int, explanation: String)
        /// The implementation broke the protocol during this session (its
        /// answers so far are lost with it): the run's error.
        case error(String, answered: Int)
    }

    /// The profile of `--profile FILE`: a scene file's (a text with
    /// `"format"`), or a profile object as a scene's `band.profile` is
    /// written (a built-in name, or `{"name": …, "rules": […], …}`).
    @usableFromInline package static func profile(text: String, file: String) throws -> BandProfile {
        if text.contains("\"format\"") { return try SceneFile.parse(text, file: file).band.profile }
        // On one line with the text: the parser's line numbers stay the file's.
        let scene = "{\"format\": \"\(SceneFile.formatTag)\", \"band\": {\"profile\": " + text + "\n}}"
        return try SceneFile.parse(scene, file: file).band.profile
    }

    /// Quotes a word for `/bin/sh`.
    static func shellQuote(_ s: String) -> String {
        if !s.isEmpty && s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0)) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The command that plays session `index` alone again.
    @usableFromInline package func rerunCommand(_ index: Int) -> String {
        var words = ["pointersim", "conform", "--exec", Self.shellQuote(command), "--kind", kind.rawValue]
        if let p = profileArgument { words += ["--profile", Self.shellQuote(p)] }
        if wholePixels { words.append("--whole-pixels") }
        if grid { words.append("--grid") }
        words += ["--seed", String(seed), "--only", String(index), "--timeout", formatExactNumber(timeout)]
        return words.joined(separator: " ")
    }

    /// Why the report or the counterexample folder could not be written,
    /// found before any session is played (nil: both look writable): a
    /// report in a folder that is missing or not writable, or that names a
    /// folder; an `--out` that is not a folder or cannot be made. (A write
    /// can still fail at the end, a full disk; that is a 73 then.)
    @usableFromInline package func outputProblem() -> String? {
        if let path = reportPath, let why = Counterexample.fileProblem(path) { return "cannot write the report: \(why)" }
        if saved == nil, let why = Counterexample.folderProblem(directory) { return "cannot write the counterexample: \(why)" }
        return nil
    }

    /// Runs, and writes the report if one is asked for.
    @usableFromInline package func run() -> Result {
        if let why = outputProblem() { return Result(errors: "pointersim: conform: \(why)\n", status: .cannotWrite) }
        var log = RunLog()
        var result = play(&log)
        if let path = reportPath {
            log.status = result.status
            let text = path.hasSuffix(".xml") ? log.junit(self) : log.json(self)
            do { try Counterexample.writeText(text, to: path) } catch {
                result.errors += "pointersim: conform: cannot write the report: \(error)\n"
                if result.status == .agreed { result.status = .cannotWrite }
            }
        }
        return result
    }

    /// Everything the report needs.
    struct RunLog {
        var results: [(Int, SessionResult)] = []
        var compared = 0
        var skipReasons: [(String, Int)] = []
        var error: String?
        var status = Status.agreed
        var summary = ""
        var divergence: (session: Int, step: Int, steps: Int, items: Int, explanation: String, files: [String])?

        mutating func skip(_ why: String) {
            if let k = skipReasons.firstIndex(where: { $0.0 == why }) { skipReasons[k].1 += 1 } else { skipReasons.append((why, 1)) }
        }
        var skipped: Int { skipReasons.reduce(0) { $0 + $1.1 } }
    }

    func play(_ log: inout RunLog) -> Result {
        var out = Result()
        func failure(_ error: any Error, _ stopProgress: () -> Void = {}) -> Result {
            stopProgress()
            let e = error as? ConformProtocol.ProtocolError
            log.error = "\(error)"
            return Result(
                output: out.output,
                errors: "pointersim: conform: \(error)\n",
                status: e?.unavailable == true ? .unavailable : .protocolError
            )
        }
        var children: [ExecSubject] = []
        defer { for c in children { c.finish() } }
        do {
            for _ in 0..<(saved == nil ? max(1, min(jobs, Self.maxJobs)) : 1) { children.append(try ExecSubject(command: command, timeout: timeout)) }
        } catch { return failure(error) }
        let child = children[0]
        if let saved {
            do {
                switch try child.play(saved) {
                case .skipped(let why):
                    log.skip(why)
                    return Result(
                        output: "conform: \(savedName): skipped by the implementation: \(why)\n",
                        status: minCompared > 0 ? .tooFewCompared : .agreed
                    )
                case .answered(let answers):
                    log.compared = 1
                    guard let d = Conformance.divergence(saved, answers: answers) else { return Result(output: "conform: \(savedName): agrees\n") }
                    return Result(output: "conform: \(savedName): diverges at step \(d.step):\n" + d.explanation + "\n", status: .diverged)
                }
            } catch { return failure(error) }
        }

        var generator = SessionGenerator(kind: kind, profile: profile, wholePixels: wholePixels)
        generator.grid = grid
        let count = only.map { $0 + 1 } ?? sessions
        let what =
            only.map { "session \($0) of seed \(seed) (kind \(kind.rawValue), profile \(profile?.name ?? "any"))" }
            ?? "\(sessions) session\(sessions == 1 ? "" : "s") (kind \(kind.rawValue), profile \(profile?.name ?? "any"), seed \(seed))"
        // Session k is made alone (SessionGenerator.session(_:seed:)): --only N starts at N.
        var next = only ?? 0
        var shown = 0.0
        func showProgress(_ done: Int) {
            guard progress else { return }
            let now = ExecSubject.now()
            guard now - shown >= 0.2 || done == count else { return }
            shown = now
            writeStandardError("\rconform: \(done - (only ?? 0))/\(count - (only ?? 0)) sessions\u{1B}[K")
        }
        func clearProgress() { if progress { writeStandardError("\r\u{1B}[K") } }
        var found = 0
        var original: (Divergence, Int)?
        var best: Divergence?
        let keepResults = reportPath != nil
        loop: while next < count {
            // A batch: one session per child, played side by side, then taken in order.
            var batch: [(Int, ConformanceSession)] = []
            while next < count && batch.count < children.count {
                batch.append((next, generator.session(next, seed: seed)))
                next += 1
            }
            if batch.isEmpty { continue }
            let outcomes = Self.playAll(batch, on: children)
            for (slot, ((index, session), outcome)) in zip(batch, outcomes).enumerated() {
                let answers: [ConformanceAnswer]
                switch outcome {
                case .failure(let error):
                    // The session in play is part of the report: played, with the error.
                    if keepResults { log.results.append((index, .error("\(error)", answered: children[slot].answeredSteps))) }
                    return failure(error, clearProgress)
                case .success(.skipped(let why)):
                    log.skip(why)
                    if keepResults { log.results.append((index, .skipped(why))) }
                    continue
                case .success(.answered(let a)): answers = a
                }
                log.compared += 1
                guard let d = Conformance.divergence(session, answers: answers) else {
                    if keepResults { log.results.append((index, .agreed)) }
                    continue
                }
                if keepResults { log.results.append((index, .diverged(step: d.step, explanation: d.explanation))) }
                if original == nil { original = (d, index) }
                let small: Divergence
                do { small = try Conformance.shrink(d, subject: child.subject, domain: generator.accepts) } catch {
                    return failure(error, clearProgress)
                }
                if let b = best {
                    if (small.session.events.count, small.session.scene.items.count) < (b.session.events.count, b.session.scene.items.count) {
                        best = small
                    }
                } else {
                    best = small
                }
                found += 1
                if found >= candidates { break loop }
            }
            showProgress(next)
        }
        clearProgress()
        let skipped = log.skipped
        var skipLines = ""
        if skipped > 0 {
            skipLines =
                ", \(log.compared) compared, \(skipped) skipped by the implementation:\n"
                + log.skipReasons.sorted { $0.1 > $1.1 }.map { "  \($0.1) × \($0.0)\n" }.joined()
        }
        guard let d = best, let (o, index) = original else {
            if log.compared < minCompared {
                out.output =
                    "conform: \(what): too few sessions compared: \(log.compared) (--min-compared \(minCompared))"
                    + (skipLines.isEmpty ? "\n" : skipLines.replacingOccurrences(of: ", \(log.compared) compared,", with: ";"))
                out.status = .tooFewCompared
                return out
            }
            out.output = "conform: \(what): all agree" + (skipLines.isEmpty ? "\n" : skipLines)
            return out
        }
        func size(_ s: ConformanceSession) -> String {
            "\(s.events.count) step\(s.events.count == 1 ? "" : "s") and \(s.scene.items.count) item\(s.scene.items.count == 1 ? "" : "s")"
        }
        out.output = "conform: \(what): session \(index) diverges at step \(o.step); shrunk from \(size(o.session)) to \(size(d.session)):\n"
        out.output += d.explanation + "\n"
        out.output += "rerun: \(rerunCommand(index))\n"
        log.divergence = (index, o.step, d.session.events.count, d.session.scene.items.count, d.explanation, [])
        out.status = .diverged
        do {
            let files = try Counterexample.write(d.session, name: name, directory: directory, comment: d.explanation)
            log.divergence?.files = files
            out.output += "written: " + files.joined(separator: ", ") + "\n"
            out.output += "replay: pointersim replay --scene \(files[0]) \(files[1])\n"
        } catch {
            out.errors = "pointersim: conform: cannot write the counterexample: \(error)\n"
            out.status = .cannotWrite
        }
        return out
    }

    /// Plays `sessions[k]` on `children[k]`, side by side when there are several.
    static func playAll(_ sessions: [(Int, ConformanceSession)], on children: [ExecSubject]) -> [Swift.Result<ConformanceOutcome, any Error>] {
        if sessions.count == 1 { return [Swift.Result { try children[0].play(sessions[0].1, number: sessions[0].0) }] }
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var results: [Swift.Result<ConformanceOutcome, any Error>?]
            init(_ n: Int) { results = Array(repeating: nil, count: n) }
        }
        let box = Box(sessions.count)
        DispatchQueue.concurrentPerform(iterations: sessions.count) { k in
            let r = Swift.Result { try children[k].play(sessions[k].1, number: sessions[k].0) }
            box.lock.lock(); box.results[k] = r; box.lock.unlock()
        }
        return box.results.map { $0! }
    }
}

/// Writes to standard error, unbuffered.
func writeStandardError(_ s: String) {
    var bytes = Array(s.utf8)
    var at = 0
    while at < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + at, $0.count - at) }
        if n <= 0 { if errno == EINTR { continue }; return }
        at += n
    }
}

extension ConformRun.RunLog {
    static func json(_ s: String) -> String { var o = ""; appendJSONString(s, to: &o); return o }

    func verdict() -> String {
        switch status {
        case .agreed: "agreed"
        case .diverged: "diverged"
        case .tooFewCompared: "too few compared"
        case .protocolError: "protocol error"
        case .unavailable: "cannot run"
        case .cannotWrite: "cannot write"
        }
    }

    /// The report as one JSON object (docs/Formats/Conform.md).
    func json(_ run: ConformRun) -> String {
        let j = Self.json
        var o =
            "{\n  \"command\": \(j(run.command)),\n  \"kind\": \(j(run.kind.rawValue)),\n  \"profile\": \(run.profile.map { j($0.name) } ?? "null"),\n"
        o += "  \"seed\": \(run.seed),\n  \"sessions\": \(run.only == nil ? run.sessions : 1),\n  \"played\": \(results.count),\n"
        o += "  \"compared\": \(compared),\n  \"skipped\": \(skipped),\n"
        o += "  \"skipReasons\": [" + skipReasons.map { "{\"reason\": \(j($0.0)), \"count\": \($0.1)}" }.joined(separator: ", ") + "],\n"
        o += "  \"status\": \(status.rawValue),\n  \"verdict\": \(j(verdict())),\n  \"error\": \(error.map(j) ?? "null"),\n"
        if let d = divergence {
            o += "  \"divergence\": {\"session\": \(d.session), \"step\": \(d.step), \"shrunkSteps\": \(d.steps), \"shrunkItems\": \(d.items), "
            o +=
                "\"explanation\": \(j(d.explanation)), \"files\": [\(d.files.map(j).joined(separator: ", "))], \"rerun\": \(j(run.rerunCommand(d.session)))},\n"
        } else {
            o += "  \"divergence\": null,\n"
        }
        o += "  \"results\": [\n"
        o += results.map { (k, r) -> String in
            switch r {
            case .agreed: "    {\"session\": \(k), \"result\": \"agreed\"}"
            case .skipped(let why): "    {\"session\": \(k), \"result\": \"skipped\", \"reason\": \(j(why))}"
            case .diverged(let step, let ex):
                "    {\"session\": \(k), \"result\": \"diverged\", \"step\": \(step), \"explanation\": \(j(ex)), \"rerun\": \(j(run.rerunCommand(k)))}"
            case .error(let e, let answered):
                "    {\"session\": \(k), \"result\": \"error\", \"answered\": \(answered), \"error\": \(j(e)), \"rerun\": \(j(run.rerunCommand(k)))}"
            }
        }.joined(separator: ",\n")
        return o + (results.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    static func xml(_ s: String) -> String {
        var o = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            case "\n", "\t": o.unicodeScalars.append(u)
            default:
                // XML 1.0 allows no other control characters, even escaped.
                if u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) { o += "\u{FFFD}" } else { o.unicodeScalars.append(u) }
            }
        }
        return o
    }

    /// The report as JUnit XML: one test case per session played (and one
    /// for the run's own failure: a protocol error, too few compared).
    func junit(_ run: ConformRun) -> String {
        let x = Self.xml
        let suite = "pointersim conform (kind \(run.kind.rawValue), profile \(run.profile?.name ?? "any"), seed \(run.seed))"
        let classname = "conform.\(run.kind.rawValue).\(run.profile?.name ?? "any")"
        var cases: [String] = []
        var failures = 0, errors = 0
        for (k, r) in results {
            let head = "    <testcase classname=\"\(x(classname))\" name=\"session \(k)\""
            switch r {
            case .agreed: cases.append(head + "/>")
            case .skipped(let why): cases.append(head + ">\n      <skipped message=\"\(x(why))\"/>\n    </testcase>")
            case .diverged(let step, let ex):
                failures += 1
                cases.append(
                    head
                        + ">\n      <failure message=\"diverges at step \(step)\" type=\"divergence\">\(x(ex + "\nrerun: " + run.rerunCommand(k)))</failure>\n    </testcase>"
                )
            case .error(let e, let answered):
                errors += 1
                cases.append(
                    head
                        + ">\n      <error message=\"\(x(e))\" type=\"\(x(verdict()))\">\(x("\(answered) step\(answered == 1 ? "" : "s") answered\nrerun: " + run.rerunCommand(k)))</error>\n    </testcase>"
                )
            }
        }
        let inSession = results.contains { if case .error = $0.1 { true } else { false } }
        if let e = error, !inSession {
            errors += 1
            cases.append(
                "    <testcase classname=\"\(x(classname))\" name=\"implementation\">\n      <error message=\"\(x(e))\" type=\"\(x(verdict()))\"/>\n    </testcase>"
            )
        } else if status == .tooFewCompared {
            failures += 1
            cases.append(
                "    <testcase classname=\"\(x(classname))\" name=\"sessions compared\">\n      <failure message=\"\(x("\(compared) compared, --min-compared \(run.minCompared)"))\" type=\"too few compared\"/>\n    </testcase>"
            )
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"pointersim conform\" \(counts)>\n  <testsuite name=\"\(x(suite))\" \(counts)>\n"
            + cases.map { $0 + "\n" }.joined() + "  </testsuite>\n</testsuites>\n"
    }
}
