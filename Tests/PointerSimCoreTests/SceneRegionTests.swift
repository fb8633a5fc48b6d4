import PointerSimCore
import Testing

/// A scene region keeps its latching, styles and press claim in a shared box
/// only when it sets them (issue #10: a million plain regions cost their ids
/// and rects): a value type all the same.
@Suite struct SceneRegionTests {
    @Test func aPlainRegionIsItsIdAndRectAndAPointer() {
        #expect(MemoryLayout<SceneRegion>.stride <= 56)
    }

    @Test func propertiesBehaveAsStoredValues() {
        let plain = SceneRegion(id: "a", rect: Rect(x: 1, y: 2, width: 3, height: 4))
        var r = plain
        r.latchingAxes = .horizontal
        r.style = PointerStyle()
        r.claimsPress = false
        r.modifierStyles = [ModifierStyle(modifiers: .shift, style: PointerStyle())]
        #expect(r.latchingAxes == .horizontal && r.style == PointerStyle() && r.claimsPress == false && r.modifierStyles.count == 1)
        // A copy is independent of the original (value semantics through the box).
        var copy = r
        copy.latchingAxes = .vertical
        #expect(r.latchingAxes == .horizontal && copy.latchingAxes == .vertical)
        #expect(copy != r)
        // Equal values are equal and hash alike, however they were made.
        let made = SceneRegion(
            id: "a",
            rect: plain.rect,
            latchingAxes: .horizontal,
            style: PointerStyle(),
            modifierStyles: [ModifierStyle(modifiers: .shift, style: PointerStyle())],
            claimsPress: false
        )
        #expect(made == r && made.hashValue == r.hashValue)
        // Back to every default: equal to a plain region.
        r.latchingAxes = .none; r.style = nil; r.claimsPress = nil; r.modifierStyles = []
        #expect(r == plain && r.hashValue == plain.hashValue)
        #expect(Set([r, plain, made]).count == 2)
    }
}
