import PointerSimCore
import Testing

@Suite struct BandProfileTests {
    @Test func uikitComparesFlagsByExactEquality() {
        let table: [(ModifierFlags, SelectionMode)] = [
            (ModifierFlags(), SelectionMode.replace), (.shift, .add), (.command, .toggle), (.control, .replace),
            ([.shift, .command], .replace), ([.shift, .capsLock], .replace), (.option, .replace), (.capsLock, .replace),
        ]
        for (flags, mode) in table { #expect(BandProfile.uikit.mode(for: flags) == mode, "\(flags)") }
    }

    @Test func qtGraphicsViewAddsStickyWithAnySetContainingControl() {
        let table: [(ModifierFlags, SelectionMode)] = [
            (ModifierFlags(), SelectionMode.replace), (.shift, .replace), (.command, .replace), (.control, .addSticky),
            ([.control, .shift], .addSticky), ([.control, .capsLock], .addSticky), (.option, .replace),
        ]
        for (flags, mode) in table { #expect(BandProfile.qtGraphicsView.mode(for: flags) == mode, "\(flags)") }
    }

    @Test func gtkTable() {
        let table: [(ModifierFlags, SelectionMode)] = [
            // Super and Meta (`command`) count for nothing in GTK on Linux.
            (ModifierFlags(), SelectionMode.replace), (.shift, .subtract), (.command, .replace), (.control, .add),
            ([.control, .shift], .toggle), ([.command, .shift], .subtract), ([.shift, .option], .subtract),
        ]
        for (flags, mode) in table { #expect(BandProfile.gtk.mode(for: flags) == mode, "\(flags)") }
    }

    @Test func thresholds() {
        let qt = BandProfile.qtGraphicsView, gtk = BandProfile.gtk
        #expect(!qt.thresholdReached(by: Vector(dx: 5, dy: 4.9)))
        #expect(qt.thresholdReached(by: Vector(dx: 5, dy: 5)))  // Manhattan 10 reaches it
        #expect(!gtk.thresholdReached(by: Vector(dx: 8, dy: 8)))  // must exceed 8 on an axis
        #expect(gtk.thresholdReached(by: Vector(dx: 0, dy: -8.5)))
        #expect(BandProfile.uikit.thresholdReached(by: .zero))
    }

    @Test func modeFormulas() {
        for s in [false, true] {
            for r in [false, true] {
                #expect(SelectionMode.replace.isSelected(start: s, inRect: r, everHit: r) == r)
                #expect(SelectionMode.add.isSelected(start: s, inRect: r, everHit: r) == (s || r))
                #expect(SelectionMode.toggle.isSelected(start: s, inRect: r, everHit: r) == (s != r))
                #expect(SelectionMode.subtract.isSelected(start: s, inRect: r, everHit: r) == (s && !r))
                for h in [false, true] {
                    #expect(SelectionMode.addSticky.isSelected(start: s, inRect: r && h, everHit: h) == (s || h))
                }
            }
        }
    }
}
