import Foundation
import PointerSimCore
import PointerSimTesting
import Testing
import WrongToggle

/// The model as PointerSimTesting sees it: a band selection.
struct Model: BandSelectionModel {
    var band: ToggleBand
    var pointer = Point.zero
    init(scene: SimulationScene) { band = ToggleBand(scene: scene) }
    mutating func press(at point: Point, modifiers: ModifierFlags) { pointer = point; band.press(at: point, modifiers: modifiers) }
    mutating func move(to point: Point) { pointer = point; band.update(point) }
    mutating func release(modifiers: ModifierFlags) { band.release() }
    mutating func cancel() {}
    var selection: [String] { band.selection }
}

@Test func toggleBandConformsToPointerSim() {
    // A profile whose plain band toggles (UIKit's rules otherwise).
    var toggling = BandProfile.uikit
    toggling.name = "toggling"
    toggling.defaultMode = .toggle
    let directory = ProcessInfo.processInfo.environment["POINTERSIM_COUNTEREXAMPLES"]
    let found = Conformance.expect(
        band: Model.self,
        generator: SessionGenerator(kind: .band, profile: toggling),
        sessions: 1000,
        counterexampleDirectory: directory,
        candidates: 40
    )
    // The files written replay to the same divergence.
    if let d = found, let directory {
        let saved = try? Counterexample.read(name: "counterexample", directory: directory)
        let again = saved.flatMap { try? Conformance.firstDivergence($0, subject: Conformance.subject(band: Model.self)) }
        #expect(again?.step == d.step)
        if again?.step == d.step { print("the counterexample files replay to the divergence at step \(d.step)") }
    }
}
