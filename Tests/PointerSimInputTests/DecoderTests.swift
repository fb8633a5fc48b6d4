import PointerSimCore
import PointerSimInput
import Testing

@Suite struct DecoderTests {
    var none: DecoderConfiguration { var c = DecoderConfiguration(); c.acceleration = .none; return c }

    @Test func classification() {
        #expect(DeviceKind.classify(Fx.mouse()) == .mouse)
        #expect(DeviceKind.classify(Fx.keyboard()) == .keyboard)
        #expect(DeviceKind.classify(Fx.clickpad()) == .clickpad)
        var tp = Fx.clickpad(); tp.properties = [0]
        #expect(DeviceKind.classify(tp) == .touchpad)
        var stick = Fx.mouse(); stick.properties = [5]
        #expect(DeviceKind.classify(stick) == .trackpoint)
        var screen = Fx.clickpad(); screen.properties = [1]
        #expect(DeviceKind.classify(screen) == .other)
    }

    @Test func mouseSumsAFrameAndActsAtSynReport() throws {
        var d = try DeviceDecoder(description: Fx.mouse(), configuration: none)
        let evs = Fx.frame(1, [(Fx.R, 0, 3), (Fx.R, 1, -2), (Fx.R, 0, 4), (Fx.K, 272, 1)])
        #expect(evs.dropLast().flatMap { d.feed($0) }.isEmpty)
        let out = d.feed(evs.last!)
        #expect(out.map(\.kind) == [.delta(Vector(dx: 7, dy: -2)), .press(.primary)])
        #expect(out.allSatisfy { $0.time == 1 })
        // A repeated press and an orphan release change nothing; right → secondary.
        let more = Fx.feed(&d, Fx.frame(2, [(Fx.K, 272, 1)]) + Fx.frame(3, [(Fx.K, 273, 0)]) + Fx.frame(4, [(Fx.K, 273, 1), (Fx.K, 272, 0)]))
        #expect(more.map(\.kind) == [.press(.secondary), .release(.primary)])
    }

    @Test func wheelAndHiResWheel() throws {
        var c = none; c.scrollPointsPerDetent = 40
        // Without hi-res: one detent up = 40 points towards the top (negative dy).
        var plain = Fx.mouse(); plain.codes[2] = [0, 1, 6, 8]
        var d = try DeviceDecoder(description: plain, configuration: c)
        #expect(Fx.scrolls(Fx.feed(&d, Fx.frame(0, [(Fx.R, 8, 1), (Fx.R, 6, -2)]))) == [Vector(dx: -80, dy: -40)])
        // With hi-res: the legacy wheel is ignored, 120 per detent.
        var h = try DeviceDecoder(description: Fx.mouse(), configuration: c)
        #expect(Fx.scrolls(Fx.feed(&h, Fx.frame(0, [(Fx.R, 8, -1), (Fx.R, 11, -60)]))) == [Vector(dx: 0, dy: 20)])
    }

    @Test func flatAccelerationOnTheRawDelta() throws {
        var c = DecoderConfiguration(); c.acceleration = .flat; c.speed = -0.5; c.pointsPerUnit = 2
        var d = try DeviceDecoder(description: Fx.mouse(), configuration: c)
        #expect(Fx.deltas(Fx.feed(&d, Fx.frame(0, [(Fx.R, 0, 10)]))) == [Vector(dx: 10, dy: 0)])
    }

    @Test func synDroppedDiscardsUpToTheNextReport() throws {
        var d = try DeviceDecoder(description: Fx.mouse(), configuration: none)
        var evs = Fx.frame(0, [(Fx.R, 0, 1)])
        evs += [EvdevEvent(sec: 0, usec: 10, type: 2, code: 0, value: 300), EvdevEvent(sec: 0, usec: 10, type: 0, code: 3, value: 0),
                EvdevEvent(sec: 0, usec: 20, type: 2, code: 0, value: 500), EvdevEvent(sec: 0, usec: 20, type: 1, code: 272, value: 1),
                EvdevEvent(sec: 0, usec: 30, type: 0, code: 0, value: 0)]
        evs += Fx.frame(1, [(Fx.R, 0, 2)])
        let out = Fx.feed(&d, evs)
        #expect(out.map(\.kind) == [.delta(Vector(dx: 1, dy: 0)), .delta(Vector(dx: 2, dy: 0))])
    }

    @Test func liveResyncAppliesReleasesButStartsNoTouch() throws {
        var m = try DeviceDecoder(description: Fx.mouse(), configuration: none)
        _ = Fx.feed(&m, Fx.frame(0, [(Fx.K, 272, 1)]))
        let r = m.resync(Fx.frame(1, [(Fx.R, 0, 50), (Fx.K, 272, 0)]))
        #expect(r.map(\.kind) == [.release(.primary)])
        var pad = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        _ = pad.resync(Fx.frame(0, [(Fx.A, 0x39, 4), (Fx.A, 0x35, 100), (Fx.A, 0x36, 100)]))
        // The slot never got a touch: motion of it moves nothing.
        #expect(Fx.feed(&pad, Fx.frame(0.012, [(Fx.A, 0x35, 200)])).isEmpty)
    }

    // MARK: Touchpads

    @Test func oneFingerMotionInMillimetresOnThe32UnitsPerMMClickpad() throws {
        var d = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        #expect(d.resolution == (32, 32))
        var out = Fx.feed(&d, Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 1000), (Fx.A, 0x36, 1000), (Fx.K, 330, 1), (Fx.K, 325, 1)]))
        #expect(out.isEmpty)  // the first frame of a touch never moves
        out = Fx.feed(&d, Fx.frame(0.012, [(Fx.A, 0x35, 1032)]) + Fx.frame(0.024, [(Fx.A, 0x35, 1016), (Fx.A, 0x36, 1064)]))
        let mm = 1000 / 25.4  // 1 mm of travel in 1000-dpi units
        let ds = Fx.deltas(out)
        #expect(ds.count == 2)
        #expect(abs(ds[0].dx - mm) < 1e-9 && ds[0].dy == 0)
        #expect(abs(ds[1].dx + mm / 2) < 1e-9 && abs(ds[1].dy - 2 * mm) < 1e-9)
    }

    @Test func yIsScaledToTheXResolution() throws {
        var pad = Fx.clickpad()
        pad.absInfo[0x36]!.resolution = 16; pad.absInfo[1]!.resolution = 16
        var d = try DeviceDecoder(description: pad, configuration: none)
        let out = Fx.feed(&d, Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 1000), (Fx.A, 0x36, 1000)]) + Fx.frame(0.012, [(Fx.A, 0x36, 1016)]))
        #expect(abs(Fx.deltas(out)[0].dy - 1000 / 25.4) < 1e-9)  // 16 units = 1 mm
    }

    @Test func fallbackResolutionIs69By50mm() throws {
        // The Synaptics recording's ranges: 1472…5472 × 1408…4448, no resolution.
        var pad = Fx.clickpad(resolution: 0, maxX: 5472, maxY: 4448, minX: 1472, minY: 1408)
        pad.absInfo[0x2f] = AbsInfo(minimum: 0, maximum: 1)
        let d = try DeviceDecoder(description: pad, configuration: none)
        #expect(d.resolution == (57, 60))  // 4000 / 69 = 57, 3040 / 50 = 60 (integer division, as libinput)
        // Soft buttons: strip = min(10 mm, 15 % of 50.67 mm) = 7.6 mm = 456 units → y ≥ 3992.
        #expect(d.softButton(x: 2000, y: 3991) == nil)
        #expect(d.softButton(x: 2000, y: 3992) == .primary)
        #expect(d.softButton(x: 5000, y: 4400) == .secondary)
        #expect(d.softButton(x: 3472, y: 4400) == .middle)
    }

    @Test func softButtonAreasOnTheElantechPad() throws {
        // 3260 × 2282 at 32/mm: 101.9 × 71.3 mm; strip = min(10 mm, 10.7 mm) = 320 units → y ≥ 1962.
        // Middle: 25 % of 3260 = 815 wide, centred: 1222.5 … 2037.5; right half: x > 1630.
        let d = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        // libinput's edges: 61.3125 mm × 32 = 1962; 37.5 % and 62.5 % of 101.875 mm → 1222.5 → 1222, 2037.5 → 2037.
        let e = d.softButtonEdges
        #expect(e.top == 1962 && e.middleLeft == 1222 && e.rightLeft == 2037)
        #expect(d.softButton(x: 100, y: 1961) == nil)
        #expect(d.softButton(x: 100, y: 1962) == .primary)
        #expect(d.softButton(x: 1222, y: 2100) == .primary)
        #expect(d.softButton(x: 1223, y: 2100) == .middle)
        #expect(d.softButton(x: 2037, y: 2100) == .middle)
        #expect(d.softButton(x: 2038, y: 2100) == .secondary)
        var c = none; c.middleButtonWidthFraction = 0
        let noMiddle = try DeviceDecoder(description: Fx.clickpad(), configuration: c)
        #expect(noMiddle.softButton(x: 1630, y: 2100) == .primary)
        #expect(noMiddle.softButton(x: 1631, y: 2100) == .secondary)
    }

    @Test func physicalClickUsesTheSoftButtonAndRestingFingersDoNotMove() throws {
        var d = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        var evs = Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 3000), (Fx.A, 0x36, 2100), (Fx.K, 330, 1), (Fx.K, 325, 1)])
        evs += Fx.frame(0.012, [(Fx.A, 0x35, 2990)])            // resting in the strip: no motion
        evs += Fx.frame(0.024, [(Fx.K, 272, 1)])                 // click in the right area
        evs += Fx.frame(0.036, [(Fx.A, 0x35, 2980)])             // pinned: < 1.5 mm
        evs += Fx.frame(0.048, [(Fx.K, 272, 0)])
        let out = Fx.feed(&d, evs)
        #expect(out.map(\.kind) == [.press(.secondary), .release(.secondary)])
        // A finger that began above the strip and slid into its right half clicks left (main area).
        var e = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        let slid = Fx.feed(&e, Fx.frame(0, [(Fx.A, 0x39, 2), (Fx.A, 0x35, 3000), (Fx.A, 0x36, 1900)]) + Fx.frame(0.012, [(Fx.A, 0x36, 2100)])
            + Fx.frame(0.024, [(Fx.K, 272, 1)]) + Fx.frame(0.036, [(Fx.K, 272, 0)]))
        #expect(slid.map(\.kind) == [.delta(Vector(dx: 0, dy: 200 / 32 * 1000 / 25.4)), .press(.primary), .release(.primary)])
    }

    @Test func historyResetsWhenTheFingerCountChangesAndJumpsAreDropped() throws {
        var d = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        var evs = Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 1000), (Fx.A, 0x36, 1000), (Fx.K, 330, 1), (Fx.K, 325, 1)])
        evs += Fx.frame(0.012, [(Fx.A, 0x2f, 1), (Fx.A, 0x39, 2), (Fx.A, 0x35, 2000), (Fx.A, 0x36, 1000), (Fx.A, 0x2f, 0), (Fx.A, 0x35, 1100)])
        evs += Fx.frame(0.024, [(Fx.A, 0x2f, 1), (Fx.A, 0x39, -1), (Fx.A, 0x2f, 0), (Fx.A, 0x35, 1200)])
        evs += Fx.frame(0.036, [(Fx.A, 0x35, 1232)])             // 1 mm: moves
        evs += Fx.frame(0.048, [(Fx.A, 0x35, 1232 + 21 * 32)])   // 21 mm in 12 ms: a jump
        evs += Fx.frame(0.060, [(Fx.A, 0x35, 1232 + 22 * 32)])   // 1 mm again
        evs += Fx.frame(0.160, [(Fx.A, 0x35, 1232 + 50 * 32)])   // 28 mm but 100 ms later: not a jump
        let ds = Fx.deltas(Fx.feed(&d, evs))
        let mm = 1000 / 25.4
        #expect(ds.count == 3)
        #expect(abs(ds[0].dx - mm) < 1e-9 && abs(ds[1].dx - mm) < 1e-9 && abs(ds[2].dx - 28 * mm) < 1e-9)
    }

    @Test func twoFingersScrollAndPalmsAreIgnored() throws {
        var d = try DeviceDecoder(description: Fx.clickpad(), configuration: none)
        var evs = Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 1000), (Fx.A, 0x36, 1000), (Fx.A, 0x2f, 1), (Fx.A, 0x39, 2), (Fx.A, 0x35, 1500), (Fx.A, 0x36, 1000)])
        evs += Fx.frame(0.012, [(Fx.A, 0x2f, 0), (Fx.A, 0x36, 1032), (Fx.A, 0x2f, 1), (Fx.A, 0x36, 1032)])
        let s = Fx.scrolls(Fx.feed(&d, evs))
        #expect(s.count == 1 && abs(s[0].dy - 1000 / 25.4 * 0.9 * 0.2968) < 1e-9 && s[0].dx == 0)
        // Slot 1 becomes a palm: slot 0 alone moves the pointer.
        let p = Fx.feed(&d, Fx.frame(0.024, [(Fx.A, 0x37, 2)]) + Fx.frame(0.036, [(Fx.A, 0x2f, 0), (Fx.A, 0x35, 1032), (Fx.A, 0x2f, 1), (Fx.A, 0x35, 1600)]))
        #expect(Fx.scrolls(p).isEmpty && Fx.deltas(p).count == 1)
    }

    @Test func touchpadWithPhysicalButtonsAndTrackpoint() throws {
        var pad = Fx.clickpad(); pad.properties = [0]; pad.codes[1] = [272, 273, 325, 330]
        var d = try DeviceDecoder(description: pad, configuration: none)
        #expect(d.kind == .touchpad)
        let out = Fx.feed(&d, Fx.frame(0, [(Fx.A, 0x39, 1), (Fx.A, 0x35, 100), (Fx.A, 0x36, 2200), (Fx.K, 273, 1)]) + Fx.frame(0.012, [(Fx.A, 0x35, 132), (Fx.K, 273, 0)]))
        // No soft buttons on a pad with real buttons: the bottom edge moves the pointer.
        #expect(out.map(\.kind) == [.press(.secondary), .delta(Vector(dx: 1000 / 25.4, dy: 0)), .release(.secondary)])
        var stick = Fx.mouse(); stick.properties = [5]
        var s = try DeviceDecoder(description: stick, configuration: none)
        #expect(s.kind == .trackpoint)
        #expect(Fx.deltas(Fx.feed(&s, Fx.frame(0, [(Fx.R, 0, -3), (Fx.R, 1, 2)]))) == [Vector(dx: -3, dy: 2)])
    }

    @Test func protocolAAndSemiMTAreRejected() {
        var a = Fx.clickpad(); a.codes[3]!.remove(0x2f); a.absInfo[0x2f] = nil
        #expect(throws: DecoderError.self) { try DeviceDecoder(description: a, configuration: none) }
        do { _ = try DeviceDecoder(description: a, configuration: none) } catch { #expect(error.message.contains("protocol A")) }
        var semi = Fx.clickpad(); semi.properties.insert(3)
        do { _ = try DeviceDecoder(description: semi, configuration: none); Issue.record("accepted") } catch { #expect(error.message.contains("semi-MT")) }
    }

    // MARK: Keyboards

    @Test func modifiersCapsLockAndEscape() throws {
        var d = try DeviceDecoder(description: Fx.keyboard(), configuration: none)
        var out = Fx.feed(&d, Fx.frame(0, [(Fx.K, 42, 0)]))  // orphan release
        #expect(out.isEmpty)
        out = Fx.feed(&d, Fx.frame(1, [(Fx.K, 42, 1)]) + Fx.frame(1.5, [(Fx.K, 42, 2)], syn: 1) + Fx.frame(2, [(Fx.K, 54, 1), (Fx.K, 125, 1)])
            + Fx.frame(3, [(Fx.K, 42, 0)]) + Fx.frame(4, [(Fx.K, 54, 0)]) + Fx.frame(5, [(Fx.K, 58, 1)]) + Fx.frame(5.1, [(Fx.K, 58, 0)])
            + Fx.frame(6, [(Fx.K, 1, 1)]) + Fx.frame(7, [(Fx.K, 58, 1), (Fx.K, 58, 0)]))
        #expect(out.map(\.kind) == [.modifiers(.shift), .modifiers([.shift, .command]), .modifiers(.command),
                                    .modifiers([.command, .capsLock]), .key(.escape), .modifiers(.command)])
    }

    @Test func selectionKeysComeAfterTheFrameModifiers() throws {
        var d = try DeviceDecoder(description: Fx.keyboard(), configuration: none)
        // Shift and Down in one frame: the key sees Shift; autorepeat and releases give nothing;
        // KEY_ENTER and KEY_KPENTER are Return; letters by the kernel's names.
        let out = Fx.feed(&d, Fx.frame(1, [(Fx.K, 42, 1), (Fx.K, 108, 1)]) + Fx.frame(1.5, [(Fx.K, 108, 2)], syn: 1)
            + Fx.frame(2, [(Fx.K, 108, 0), (Fx.K, 42, 0)]) + Fx.frame(3, [(Fx.K, 103, 1), (Fx.K, 105, 1), (Fx.K, 106, 1)])
            + Fx.frame(4, [(Fx.K, 57, 1), (Fx.K, 28, 1), (Fx.K, 96, 1), (Fx.K, 15, 1), (Fx.K, 30, 1), (Fx.K, 44, 1), (Fx.K, 16, 1)]))
        #expect(out.map(\.kind) == [
            .modifiers(.shift), .key(.down), .modifiers([]), .key(.up), .key(.left), .key(.right),
            .key(.space), .key(.return), .key(.return), .key(.tab), .key(.letter("a")), .key(.letter("z")), .key(.letter("q")),
        ])
        var quiet = none; quiet.escapeCancels = false
        var e = try DeviceDecoder(description: Fx.keyboard(), configuration: quiet)
        #expect(Fx.feed(&e, Fx.frame(1, [(Fx.K, 1, 1)])).isEmpty)
    }

    @Test func capsLockLEDWins() throws {
        var d = try DeviceDecoder(description: Fx.keyboard(capsLED: 1), configuration: none)
        #expect(d.modifiers == .capsLock)
        let out = Fx.feed(&d, Fx.frame(1, [(Fx.K, 58, 1), (0x11, 1, 1)]))  // the toggle says off, the LED says on
        #expect(out.isEmpty && d.modifiers == .capsLock)
        let off = Fx.feed(&d, Fx.frame(2, [(0x11, 1, 0)]))
        #expect(off.map(\.kind) == [.modifiers([])])
    }

    // MARK: Merging

    @Test func mergerUnionsModifiersAndCountsButtons() throws {
        var m = try InputMerger(devices: [Fx.keyboard("k1"), Fx.keyboard("k2"), Fx.mouse("m1"), Fx.mouse("m2")], configuration: none)
        func feed(_ dev: Int, _ evs: [EvdevEvent]) -> [PointerEvent.Kind] { evs.flatMap { m.feed(device: dev, $0) }.map(\.kind) }
        #expect(feed(0, Fx.frame(0, [(Fx.K, 42, 1)])) == [.modifiers(.shift)])
        #expect(feed(1, Fx.frame(1, [(Fx.K, 54, 1)])) == [])                 // still shift
        #expect(feed(0, Fx.frame(2, [(Fx.K, 42, 0)])) == [])                 // k2 still holds it
        #expect(feed(2, Fx.frame(3, [(Fx.K, 272, 1)])) == [.press(.primary)])
        #expect(feed(3, Fx.frame(4, [(Fx.K, 272, 1)])) == [])
        #expect(feed(2, Fx.frame(5, [(Fx.K, 272, 0)])) == [])                // m2 still holds it
        #expect(m.removeDevice(3, at: 6).map(\.kind) == [.cancel, .release(.primary), .deviceRemoved("m2")])
        #expect(m.removeDevice(1, at: 7).map(\.kind) == [.modifiers([]), .deviceRemoved("k2")])
        #expect(feed(1, Fx.frame(8, [(Fx.K, 42, 1)])) == [])                 // removed devices are ignored
    }
}
