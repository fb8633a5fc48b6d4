import PointerSimCore
import PropertyBased
import Testing

/// End-to-end properties over random scenes and random pointer sessions: what
/// the log says must be consistent with itself and with a naive model.
@Suite struct SimulatorProperties {
    enum Step: Sendable {
        case move(Point)
        case press, release
        case modifiers(ModifierFlags)
        case scroll(Double)
        case cancel
    }

    static var step: Generator<Step, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...12), Gen<Point>.dragPoint, Gen<Int>.int(in: 0...31), Gen<Int>.int(in: -80...80)).map {
            (k: Int, p: Point, f: Int, s: Int) -> Step in
            switch k {
            case 0, 1: return .press
            case 2: return .release
            case 3: return .modifiers(ModifierFlags(rawValue: UInt8(f)))
            case 4: return .scroll(Double(s))
            case 5: return .cancel
            default: return .move(p)
            }
        }
    }

    @Test func logIsConsistentWithTheSelectionItReports() async {
        await propertyCheck(count: 120, input: Gen<Rect>.item.array(of: 0...40), Self.step.array(of: 1...40), Gen<Int>.int(in: 0...2), Gen<Bool>.bool)
        {
            (rects: [Rect], steps: [Step], profileIndex: Int, contains: Bool) in
            var scene = SimulationScene()
            scene.view.size = Size(width: 220, height: 220)
            scene.view.contentSize = Size(width: 220, height: 400)
            scene.items = rects.enumerated().map { SceneItem(id: "i\($0.offset)", rect: $0.element) }
            scene.initialSelection = scene.items.indices.filter { $0 % 3 == 0 }.map { "i\($0)" }
            scene.band.profile = [BandProfile.uikit, .qtGraphicsView, .gtk][profileIndex]
            scene.band.hitRule = contains ? .contains : .intersects
            var sim = Simulator(scene: scene)
            var t = 0.0
            var events: [PointerEvent] = []
            for s in steps {
                t += 0.01
                switch s {
                case .move(let p): events.append(PointerEvent(time: t, .move(p)))
                case .press: events.append(PointerEvent(time: t, .press(.primary)))
                case .release: events.append(PointerEvent(time: t, .release(.primary)))
                case .modifiers(let m): events.append(PointerEvent(time: t, .modifiers(m)))
                case .scroll(let dy): events.append(PointerEvent(time: t, .scroll(Vector(dx: 0, dy: dy))))
                case .cancel: events.append(PointerEvent(time: t, .cancel))
                }
            }
            let log = sim.process(events)
            var selection = Set(scene.initialSelection)
            var atPress = selection
            var active = false
            var mode = SelectionMode.replace
            var selectingSeen = false
            var lastTime = -1.0
            for r in log {
                #expect(r.time >= lastTime)
                lastTime = r.time
                switch r.event {
                case .bandBegan(let rect, _, let m):
                    mode = m
                    selectingSeen = false
                    #expect(!active)
                    active = true
                    atPress = selection
                    #expect(rect.width >= 1 && rect.height >= 1)
                case .bandSelecting(let rect, let added, let removed):
                    #expect(active)
                    #expect(rect.width >= 1 && rect.height >= 1 && rect.isNormalized)
                    // Diffs apply to the previous state: added were not selected, removed were.
                    #expect(Set(added).isDisjoint(with: selection) && Set(removed).isSubset(of: selection))
                    selection.subtract(removed); selection.formUnion(added)
                    selectingSeen = true
                    // Ids are in scene order.
                    #expect(Array(added) == added.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! })
                case .bandEnded(_, let final, let cancelled):
                    #expect(active)
                    active = false
                    if cancelled {
                        // A cancel restores the selection of the press.
                        #expect(Set(final) == atPress)
                    } else if scene.band.profile.application == .live && mode.isLive && selectingSeen {
                        // `ended` carries the last selection the diffs described (the
                        // press's own change is reported by the first selecting line).
                        #expect(Set(final) == selection)
                    }
                    selection = Set(final)
                    #expect(Array(final) == final.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! })
                case .selectionChanged(_, let added, let removed):
                    // Clicks (Qt's clear at the press) apply to the previous state too.
                    #expect(Set(added).isDisjoint(with: selection) && Set(removed).isSubset(of: selection))
                    selection.subtract(removed); selection.formUnion(added)
                    if !active { atPress = selection }
                default: break
                }
            }
            // (A band still active at the end has not reported its last change yet.)
            if !active { #expect(selection == Set(sim.selection)) }
        }
    }
}
