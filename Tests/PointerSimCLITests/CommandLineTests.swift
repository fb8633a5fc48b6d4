import Foundation
import PointerSimTestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func replayPrintsTheLogAndIsByteReproducible() throws {
        let args = ["replay", "Traces/band/uikit-add-shift.trace", "--scene", "Traces/band/uikit-add-shift.scene.json"]
        let a = try CLI.run(args), b = try CLI.run(args)
        #expect(a.status == 0 && a.stderr.isEmpty)
        #expect(
            a.stdout
                == (try String(contentsOfFile: CLI.root.appendingPathComponent("Traces/band/uikit-add-shift.expected.jsonl").path, encoding: .utf8))
        )
        #expect(a.stdout == b.stdout)
    }

    @Test func keysClicksAndContextMenusOnTheBuiltInScene() throws {
        let trace = try CLI.temp(
            "keys.trace",
            """
            pointersim-trace 1
            0.0 move 190 170
            0.1 press primary
            0.2 release primary
            0.3 modifiers shift
            0.4 key right
            0.5 modifiers
            0.6 press secondary
            0.7 release secondary
            """
        )
        let r = try CLI.run(["replay", trace])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(
            r.stdout == """
                {"t":0.2,"event":"selection.changed","cause":"click","added":["r1c1"],"removed":[]}
                {"t":0.2,"event":"focus.moved","item":"r1c1"}
                {"t":0.2,"event":"item.primaryAction","item":"r1c1"}
                {"t":0.4,"event":"selection.changed","cause":"key","added":["r1c2"],"removed":[]}
                {"t":0.4,"event":"focus.moved","item":"r1c2"}
                {"t":0.6,"event":"contextMenu.requested","point":[190,170],"items":["r1c1","r1c2"]}
                {"t":0.6,"event":"contextMenu.flocked","point":[190,170],"items":["r1c1","r1c2"]}

                """
        )
        let bad = try CLI.temp("bad.trace", "pointersim-trace 1\n0.0 key F1\n")
        let e = try CLI.run(["replay", bad])
        #expect(e.status == 65 && e.stderr.contains("bad.trace:2") && e.stderr.contains("unknown key \"F1\""))
    }

    @Test func replayWithoutASceneUsesTheBuiltInScene() throws {
        let r = try CLI.run(["replay", "Traces/band/uikit-replace-drag.trace"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(#"{"t":0.02,"event":"band.began","rect":[20,20,1,1],"modifiers":[],"mode":"replace"}"#))
    }

    @Test func malformedTraceLineExits65NamingFileLineAndExpectation() throws {
        let t = try CLI.temp("bad.trace", "pointersim-trace 1\n0.0 move 1 2\n0.1 press primary\n0.2 move 3\n")
        let r = try CLI.run(["replay", t])
        #expect(r.status == 65)
        #expect(r.stderr == "pointersim: \(t):4: move takes X Y, found 1 argument\n")
        // The trace streams: the lines its events before the error gave come out whole, as
        // for raw recordings (with --output the file would not appear at all).
        #expect(r.stdout == #"{"t":0.1,"event":"band.began","rect":[1,2,1,1],"modifiers":[],"mode":"replace"}"# + "\n")
    }

    @Test func unknownSceneKeyExits65NamingItsPath() throws {
        let s = try CLI.temp(
            "bad.scene.json",
            """
            {"format": "pointersim-scene/1", "items": [
              {"id": "a", "rect": [0, 0, 1, 1]}, {"id": "b", "rect": [0, 0, 1, 1]}, {"id": "c", "rect": [0, 0, 1, 1]},
              {"id": "d", "rcet": [0, 0, 1, 1]}]}
            """
        )
        let r = try CLI.run(["replay", "Traces/band/veto.trace", "--scene", s])
        #expect(r.status == 65)
        #expect(r.stderr.contains("items[3].rcet"))
        #expect(r.stdout.isEmpty)
    }

    @Test func missingFilesExit66() throws {
        let r = try CLI.run(["replay", "/nonexistent/trace"])
        #expect(r.status == 66)
        #expect(r.stderr.hasPrefix("pointersim: /nonexistent/trace: cannot open: No such file or directory"))
        let s = try CLI.run(["replay", "Traces/band/veto.trace", "--scene", "/nonexistent.scene.json"])
        #expect(s.status == 66)
    }

    @Test func outputFileIsWrittenWholeOrNotAtAll() throws {
        let out = try CLI.temp("log.jsonl", "previous content\n")
        let bad = try CLI.temp("bad.trace", "pointersim-trace 1\n0 press primary\n0.1 move 200 200\n0.05 release primary\n")
        let r = try CLI.run(["replay", bad, "--output", out])
        #expect(r.status == 65)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous content\n")
        let dir = URL(fileURLWithPath: out).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["log.jsonl"])  // no temporary left behind
        let ok = try CLI.run(["replay", "Traces/band/cancel.trace", "--scene", "Traces/band/cancel.scene.json", "--output", out])
        #expect(ok.status == 0 && ok.stdout.isEmpty)
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == (try String(contentsOfFile: CLI.root.appendingPathComponent("Traces/band/cancel.expected.jsonl").path, encoding: .utf8))
        )
    }

    @Test func aMistypedSubcommandGetsADidYouMeanAndTheList() throws {
        for args in [["replya", "x"], ["help", "replya"]] {
            let r = try CLI.run(args)
            #expect(r.status == 64 && r.stdout.isEmpty, "\(args): \(r.status)")
            #expect(r.stderr.hasPrefix("Error: 'replya' is not a subcommand. Did you mean 'replay'?\n"), "\(r.stderr)")
            for name in ["replay", "compare", "render", "decode", "live", "devices"] {
                #expect(r.stderr.contains("\n  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))"), "\(name) listed: \(r.stderr)")
            }
        }
        let far = try CLI.run(["zzzzzz"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean") && far.stderr.contains("  replay "), "\(far.stderr)")
        let help = try CLI.run(["help", "replay"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: pointersim replay"))
    }

    @Test func helpLeadsWithWhatMostUsersNeed() throws {
        for (command, first) in [("replay", "--scene"), ("render", "--scene"), ("live", "--device"), ("decode", "--output")] {
            let h = try CLI.run([command, "--help"]).stdout
            let mine = try #require(h.range(of: first)), libinput = try #require(h.range(of: "LIBINPUT CONFIGURATION"))
            #expect(mine.lowerBound < libinput.lowerBound, "\(command): \(first) before the libinput options")
            #expect(h.contains("--output") || command == "live")
        }
        #expect(try CLI.run(["replay", "--help"]).stdout.contains("--frames <frames>"))
        let decode = try CLI.run(["decode", "--help"]).stdout
        let tail = decode.components(separatedBy: "--tail <tail>").last?.components(separatedBy: "\n  --").first ?? ""
        #expect(tail.components(separatedBy: "default").count == 2, "one default for --tail: \(tail)")
    }

    @Test func replayOutputRefusesExtensionsItDoesNotWrite() throws {
        let usage = """
            Usage: pointersim replay <traces> ... [--scene <scene>] [--profile <profile>] [--output <output>] [--verbose [--frames <frames>]] [--narrate]
              See 'pointersim replay --help' for more information.

            """
        let dir = URL(fileURLWithPath: try CLI.temp("x", "")).deletingLastPathComponent().path
        for ext in ["svg", "html"] {
            let out = "\(dir)/replay.\(ext)"
            let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--output", out])
            #expect(r.status == 64)
            #expect(
                r.stderr
                    == "Error: --output \(out): replay writes the JSON Lines log, not .\(ext); to draw the replay use 'pointersim render TRACE... --output \(out)'\n"
                    + usage
            )
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let png = try CLI.run(["replay", "Traces/band/cancel.trace", "--output", "\(dir)/replay.png"])
        #expect(png.status == 64)
        #expect(
            png.stderr
                == "Error: --output \(dir)/replay.png: replay writes the JSON Lines log: give a name ending in .jsonl, .json, .log or .txt, or without an extension\n"
                + usage
        )
        for name in ["log.jsonl", "log.json", "run.log", "log.txt", "log", "a.d/log"] {
            if name.contains("/") { try FileManager.default.createDirectory(atPath: "\(dir)/a.d", withIntermediateDirectories: true) }
            let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--scene", "Traces/band/cancel.scene.json", "--output", "\(dir)/\(name)"])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name)")
            #expect(FileManager.default.fileExists(atPath: "\(dir)/\(name)"))
        }
    }

    @Test func anOutputFileThatCannotBeCreatedExits73() throws {
        let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--output", "/nonexistent-folder/log.jsonl"])
        #expect(r.status == 73)
        #expect(r.stderr == "pointersim: /nonexistent-folder/log.jsonl: cannot create: No such file or directory\n")
        #expect(r.stdout.isEmpty)
        let svg = try CLI.run(["render", "Traces/band/cancel.trace", "--output", "/nonexistent-folder/replay.svg"])
        #expect(svg.status == 73)
        #expect(svg.stderr == "pointersim: /nonexistent-folder/replay.svg: cannot create: No such file or directory\n")
    }

    @Test func versionIsPrinted() throws {
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "0.2.0\n")
    }

    /// The newest entry of CHANGELOG.md is the version the command prints, so
    /// raising one without the other fails.
    @Test func changelogNamesTheVersion() throws {
        let version = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .newlines)
        let changelog = try Repository.text("CHANGELOG.md")
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## [") }
        #expect(newest?.hasPrefix("## [\(version)]") == true, "newest entry: \(newest ?? "none"), --version: \(version)")
    }

    @Test func completionScriptsAreGenerated() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLI.run(["--generate-completion-script", shell])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(shell)")
            #expect(r.stdout.contains("replay") && r.stdout.contains("scene") && r.stdout.contains("bench"), "\(shell)")
        }
    }

    @Test func benchWarnsInADebugBuild() throws {
        let r = try CLI.run(["bench", "band", "--items", "1000", "--json"])
        #expect(r.status == 0)
        #if DEBUG
        #expect(
            r.stderr
                == "pointersim: warning: this is a debug build: timings are about 10 times slower than a release build (swift run -c release pointersim bench …)\n"
        )
        #else
        #expect(r.stderr.isEmpty)
        #endif
    }

    @Test func badCommandLineExits64() throws {
        #expect(try CLI.run(["replay"]).status == 64)
        #expect(try CLI.run(["replay", "x", "--bogus"]).status == 64)
        #expect(try CLI.run(["bench", "band", "--mode", "sideways"]).status == 64)
        #expect(try CLI.run(["bench", "band", "--stride", "7"]).status == 64)
    }

    @Test func benchReproducesTheReferenceDigests() throws {
        // N = 1,000 (fast even in a debug build); timing figures come from release builds.
        let r = try CLI.run(["bench", "band", "--items", "1000", "--mode", "toggle", "--json"])
        #expect(r.status == 0)
        #expect(
            r.stdout.hasPrefix(
                #"{"items":1000,"mode":"toggle","stride":1,"checkpoints":[{"k":40,"count":143,"sum":"d5bdde5965d690db"},{"k":250,"count":157,"sum":"de217232877098e4"},{"k":500,"count":199,"sum":"229b693236eb3213"},{"k":1000,"count":343,"sum":"5ae7b851b340958c"},{"k":1500,"count":257,"sum":"79592cc636bb16d0"},{"k":2000,"count":199,"sum":"229b693236eb3213"}],"build_ns":"#
            )
        )
        #expect(r.stdout.contains(#","median_ns":"#) && r.stdout.contains(#","p99_ns":"#))
        let sticky = try CLI.run(["bench", "band", "--items", "10000", "--mode", "addSticky", "--stride", "10", "--json"])
        #expect(sticky.stdout.contains(#"{"k":40,"count":1433,"sum":"a943c5cbafb886d9"}"#))
    }
}

@Suite struct RenderTests {
    @Test func rendersASelfContainedHTMLViewerAndAnSVG() throws {
        let dir = URL(fileURLWithPath: try CLI.temp("x", "")).deletingLastPathComponent().path
        let html = dir + "/replay.html", svg = dir + "/replay.svg"
        let args = ["Traces/band/uikit-add-shift.trace", "--scene", "Traces/band/uikit-add-shift.scene.json"]
        let r = try CLI.run(["render"] + args + ["--output", html])
        #expect(r.status == 0)
        let size = try FileManager.default.attributesOfItem(atPath: html)[.size] as? Int ?? -1
        // It says what it wrote: the path, what, the size, the log and the trace's length (the time it
        // took only on a terminal: read by a program, the message is the same from run to run).
        #expect(
            r.stderr.hasPrefix("pointersim: wrote \(html): HTML viewer, ")
                && r.stderr.hasSuffix("(\(size) bytes), 11 log lines over 0.3 s of trace\n") && r.stdout.isEmpty
        )
        let s = try CLI.run(["render"] + args + ["--output", svg])
        #expect(s.status == 0 && s.stderr.hasPrefix("pointersim: wrote \(svg): SVG summary, "))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http"))  // self-contained
        #expect(page.contains(#""format":"pointersim-viewer/1""#))
        #expect(page.contains(#"{"t":0.3,"event":"band.ended","rect":[30,30,120,60]"#))  // rare lines as text
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        // The final selection (r0c0 and r2c2, restored after the band shrank) is filled.
        #expect(picture.contains(##"fill="#4a90e2"><title>r0c0</title>"##))
        #expect(picture.contains(##"fill="#4a90e2"><title>r2c2</title>"##))
        #expect(picture.contains(##"fill="#e4e4e4"><title>r1c1</title>"##))
        #expect(picture.contains(">r1c1</text>") && picture.contains("<g id=\"legend\""))
        #expect(try CLI.run(["render"] + args + ["--output", dir + "/x.png"]).status == 64)
        #expect(try CLI.run(["render", "Traces/band/missing.trace", "--output", html]).status == 66)
    }
}
