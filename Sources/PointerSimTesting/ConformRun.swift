import Foundation
import PointerSimCore
import PointerSimFormats

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

    /// Creates a run of `command`.
    @usableFromInline package init(command: String) { self.command = command }

    /// The exit statuses.
    @usableFromInline package enum Status: Int32, Sendable {
        /// Every session agreed (or was skipped).
        case agreed = 0
        /// A divergence was found (and written).
        case diverged = 1
        /// The child broke the protocol or exited early (EX_PROTOCOL).
        case protocolError = 76
        /// The child could not be started (EX_UNAVAILABLE).
        case unavailable = 69
        /// The counterexample files could not be written (EX_CANTCREAT).
        case cannotWrite = 73
    }

    /// Runs; returns what to print and the exit status: the report (for
    /// ``Status/agreed`` and ``Status/diverged``, standard output's), or the
    /// error message (standard error's, starting with `pointersim: `).
    @usableFromInline package func run() -> (output: String, status: Status) {
        var generator = SessionGenerator(kind: kind, profile: profile, wholePixels: wholePixels)
        generator.grid = grid
        let what = "\(sessions) session\(sessions == 1 ? "" : "s") (kind \(kind.rawValue), profile \(profile?.name ?? "any"), seed \(seed))"
        let child: ExecSubject
        do { child = try ExecSubject(command: command, timeout: timeout) } catch {
            return ("pointersim: conform: cannot run \(command): \(error)\n", .unavailable)
        }
        defer { child.finish() }
        if let saved {
            do {
                switch try child.play(saved) {
                case .skipped(let why): return ("conform: \(savedName): skipped by the implementation: \(why)\n", .agreed)
                case .answered(let answers):
                    guard let d = Conformance.divergence(saved, answers: answers) else { return ("conform: \(savedName): agrees\n", .agreed) }
                    return ("conform: \(savedName): diverges at step \(d.step):\n" + d.explanation + "\n", .diverged)
                }
            } catch {
                return ("pointersim: conform: \(error)\n", .protocolError)
            }
        }
        let report: Conformance.Report
        do {
            report = try Conformance.check(generator.sessions(count: sessions, seed: seed), subject: child.subject, divergencesToShrink: candidates, domain: generator.accepts)
        } catch {
            return ("pointersim: conform: \(error)\n", .protocolError)
        }
        guard let d = report.divergence, let original = report.original, let index = report.divergentSession else {
            let skipped = report.skipped == 0 ? "" : ", \(report.skipped) skipped by the implementation"
            return ("conform: \(what): all agree\(skipped)\n", .agreed)
        }
        func size(_ s: ConformanceSession) -> String {
            "\(s.events.count) step\(s.events.count == 1 ? "" : "s") and \(s.scene.items.count) item\(s.scene.items.count == 1 ? "" : "s")"
        }
        var out = "conform: \(what): session \(index) diverges at step \(original.step); shrunk from \(size(original.session)) to \(size(d.session)):\n"
        out += d.explanation + "\n"
        do {
            let files = try Counterexample.write(d.session, name: name, directory: directory, comment: d.explanation)
            out += "written: " + files.joined(separator: ", ") + "\n"
            out += "replay: pointersim replay --scene \(files[0]) \(files[1])\n"
        } catch {
            return (out + "pointersim: conform: cannot write the counterexample: \(error)\n", .cannotWrite)
        }
        return (out, .diverged)
    }
}
