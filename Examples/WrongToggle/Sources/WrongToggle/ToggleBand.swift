import PointerSimCore

/// A band selection written from scratch, with the bug of issue 19: in toggle
/// mode, each update flips the items in the rect relative to the *current*
/// selection, where it should flip them relative to the selection at the
/// press (so an item inside the rect flips again at every update).
public struct ToggleBand {
    let items: [SceneItem]
    let profile: BandProfile
    let hitRule: HitRule
    let scale: Double
    public private(set) var selected: Set<String>
    var anchor: Point?
    var start: Set<String> = []
    var mode = SelectionMode.replace

    public init(scene: SimulationScene) {
        items = scene.items
        profile = scene.band.profile
        hitRule = scene.band.hitRule
        scale = scene.view.scale
        selected = Set(scene.initialSelection)
    }

    /// The band from the press to `point`, corners rounded to pixels, at least 1 × 1.
    public func rect(to point: Point) -> Rect? {
        guard let a = anchor else { return nil }
        return Rect.band(from: a, to: point, scale: scale, throughPointerPixel: profile.rectThroughPointerPixel)
    }

    public mutating func press(at point: Point, modifiers: ModifierFlags) {
        anchor = point
        start = selected
        mode = profile.mode(for: modifiers)
        update(point)
    }

    public mutating func update(_ point: Point) {
        guard let r = rect(to: point) else { return }
        let inRect = Set(items.filter { hitRule.hits(item: $0.rect, band: r) }.map(\.id))
        switch mode {
        case .replace: selected = inRect
        case .add: selected = start.union(inRect)
        case .toggle: selected = selected.symmetricDifference(inRect)  // the bug: `start`, not `selected`
        default: selected = start.union(inRect)
        }
    }

    public mutating func release() { anchor = nil }

    /// The selected ids in scene order.
    public var selection: [String] { items.map(\.id).filter { selected.contains($0) } }
}
