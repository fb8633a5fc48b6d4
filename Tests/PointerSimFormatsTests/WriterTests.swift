import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimTestSupport
import Testing

/// The exact writers: traces and scenes written back parse to the same values,
/// bit for bit. (The property over generated traces and scenes is in
/// PointerSimTestingTests.)
@Suite struct WriterTests {
    @Test func traceNumbersAreWrittenExactly() throws {
        // The case: three decimals would write `0 move 1.001 2`.
        let events = [PointerEvent(time: 0.0004, .move(Point(x: 1.0005, y: 2.00049))), PointerEvent(time: 1e-7, .scroll(Vector(dx: -0.0, dy: 5e20)))]
        let text = PointerSimTrace.render(events)
        #expect(text == "pointersim-trace 1\n0.0004 move 1.0005 2.00049\n1e-07 scroll -0.0 5e+20\n")
        let back = try PointerSimTrace.parse(text.replacingOccurrences(of: "1e-07", with: "0.0004"))
        #expect(back[0] == events[0])
        #expect(back[1].kind == events[1].kind)
        if case .scroll(let v) = back[1].kind { #expect(v.dx.sign == .minus) }
        #expect(formatExactNumber(3) == "3" && formatExactNumber(0.1) == "0.1" && formatExactNumber(-0.0) == "-0.0")
    }

    /// Every scene committed under Traces/ and docs/ reads back from its rendering
    /// as the same scene, and renders again to the same text.
    @Test func everyCommittedSceneRoundTrips() throws {
        let root = Repository.root
        var checked = 0
        for dir in ["Traces", "Examples", "docs"] {
            guard let e = FileManager.default.enumerator(atPath: root.appendingPathComponent(dir).path) else { continue }
            for case let rel as String in e where rel.hasSuffix(".scene.json") {
                let path = root.appendingPathComponent(dir).appendingPathComponent(rel).path
                var ignored: [String] = []
                guard let setup = try? SceneFile.loadSetup(path: path, warnings: &ignored) else { continue }  // the hostile ones
                let scene = setup.scene
                let text = SceneFile.render(setup)
                let backSetup = try SceneFile.parseSetup(text, file: rel, warnings: &ignored)
                let back = backSetup.scene
                #expect(SceneFile.render(backSetup) == text, "\(rel)")
                #expect(backSetup.decoder == setup.decoder, "\(rel)")
                #expect(back.items == scene.items && back.regions == scene.regions && back.band == scene.band, "\(rel)")
                #expect(back.initialSelection == scene.initialSelection && back.view == scene.view && back.pointer == scene.pointer, "\(rel)")
                #expect(back.selection == scene.selection && back.autoscroll == scene.autoscroll, "\(rel)")
                #expect(back.itemRegions == scene.itemRegions && back.regionConfiguration == scene.regionConfiguration, "\(rel)")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }
}
