import PointerSimCore
import PointerSimFormats
import PointerSimTestSupport
import Testing

/// The test helpers of Tests/PointerSimTestSupport/SimulatorLiterals.swift:
/// a literal plays as the same files replay, a differing log is reported at
/// the caller's line with its first differing line, and a bad literal names
/// itself by the test's file and line.
@Suite struct SimulatorLiteralsTests {
    static let scene = #"""
        {"format": "pointersim-scene/1", "view": {"width": 400, "height": 300, "scale": 1},
         "items": [{"id": "a", "rect": [10, 10, 50, 50]}, {"id": "b", "rect": [100, 10, 50, 50]}]}
        """#

    @Test func aSceneLiteralAndATraceLiteralPlayAsTheirFilesReplay() throws {
        let (sim, log) = try replayLiterals(
            scene: Self.scene,
            trace: """
                0 move 5 5
                0.1 press primary
                0.2 move 120 40
                0.3 release primary
                """
        )
        #expect(sim.selection == ["a", "b"])
        // The same literals as files, read by the readers `pointersim replay` uses.
        var fromFiles = Simulator(scene: try SceneFile.parse(Self.scene, file: "s.scene.json"))
        let events = try PointerSimTrace.parse(
            "pointersim-trace 1\n0 move 5 5\n0.1 press primary\n0.2 move 120 40\n0.3 release primary\n",
            file: "t.trace"
        )
        #expect(fromFiles.process(events) == log)
        assertLog(
            log,
            #"""
            {"t":0.1,"event":"band.began","rect":[5,5,1,1],"modifiers":[],"mode":"replace"}
            {"t":0.2,"event":"band.selecting","rect":[5,5,115,35],"added":["a","b"],"removed":[]}
            {"t":0.3,"event":"band.ended","rect":[5,5,115,35],"selection":["a","b"],"cancelled":false}
            """#
        )
        #expect(logText(log).hasSuffix("\"cancelled\":false}\n") && logText(log).split(separator: "\n").count == 3)
        // A literal with its header reads the same.
        var withHeader = try Simulator(sceneLiteral: Self.scene)
        #expect(try withHeader.play("pointersim-trace 1\n0 move 5 5\n0.1 press primary\n0.2 move 120 40\n0.3 release primary") == log)
    }

    @Test func aDifferentLogIsRecordedAtTheCallerWithItsFirstDifferingLine() throws {
        let log = try replayLiterals(scene: Self.scene, trace: "0 move 5 5\n0.1 press primary\n0.2 move 120 40\n0.3 release primary").log
        let here = #_sourceLocation
        withKnownIssue {
            assertLog(
                log,
                #"""
                {"t":0.1,"event":"band.began","rect":[5,5,1,1],"modifiers":[],"mode":"replace"}
                {"t":0.2,"event":"band.selecting","rect":[5,5,115,35],"added":["a"],"removed":[]}
                {"t":0.3,"event":"band.ended","rect":[5,5,115,35],"selection":["a","b"],"cancelled":false}
                """#,
                sourceLocation: here
            )
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation == here && text.contains("line 2 differs (3 lines, expected 3)")
                && text.contains(#" expected: {"t":0.2,"event":"band.selecting","rect":[5,5,115,35],"added":["a"],"removed":[]}"#)
                && text.contains(#"   actual: {"t":0.2,"event":"band.selecting","rect":[5,5,115,35],"added":["a","b"],"removed":[]}"#)
        }
        // A line too few: the first line one of them lacks.
        withKnownIssue {
            assertLines(["x", "y"], ["x", "y", "z"], "golden", sourceLocation: here)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation == here && text.hasPrefix("golden: line 3 differs (2 lines, expected 3)")
                && text.contains(" expected: z") && text.contains("actual: (no line: 2 lines)")
        }
        // Whole texts compare every byte: a missing final newline is a difference.
        withKnownIssue {
            assertLines("a\nb\n", "a\nb", sourceLocation: here)
        } matching: {
            $0.sourceLocation == here
        }
        withKnownIssue {
            assertLines("a\r\nb", "a\nb", sourceLocation: here)
        } matching: { issue in
            issue.sourceLocation == here && issue.comments.map(\.rawValue).joined().contains("line 1 differs (2 lines, expected 2)")
        }
        assertLines("a\nb\n", "a\nb\n")
    }

    @Test func aBadLiteralNamesItselfByTheTestsFileAndLine() throws {
        let line = #_sourceLocation.line + 1
        let trace = #expect(throws: InputError.self) { try traceLiteral("0 move 5 5\n0.1 press nothing") }
        #expect(
            "\(trace!)".contains("trace literal (header added as line 1) at PointerSimFormatsTests/SimulatorLiteralsTests.swift:\(line):3:"),
            "\(trace!)"
        )
        let sceneLine = #_sourceLocation.line + 1
        let scene = #expect(throws: InputError.self) { try sceneLiteral(#"{"format": "pointersim-scene/1", "items": 3}"#) }
        #expect("\(scene!)".contains("scene literal at PointerSimFormatsTests/SimulatorLiteralsTests.swift:\(sceneLine):1:"), "\(scene!)")
    }
}
