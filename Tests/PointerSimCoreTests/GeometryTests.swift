import PointerSimCore
import Testing

@Suite struct GeometryTests {
    @Test func bandRectIsNormalisedRoundedAndAtLeastOnePoint() {
        // Up-left drag: min corner and absolute size.
        #expect(Rect.band(from: Point(x: 100, y: 200), to: Point(x: 60.2, y: 150.9), scale: 2) == Rect(x: 60, y: 151, width: 40, height: 49))
        // A click is a 1×1 band at the press point.
        #expect(Rect.band(from: Point(x: 10.3, y: 10.3), to: Point(x: 10.3, y: 10.3), scale: 2) == Rect(x: 10.5, y: 10.5, width: 1, height: 1))
        // Half a point at scale 2 stays half a point wide before the 1-point floor.
        #expect(Rect.band(from: Point(x: 0, y: 0), to: Point(x: 0.5, y: 3), scale: 2).width == 1)
        // Scale 3 rounds to thirds.
        let r = Rect.band(from: Point(x: 0, y: 0), to: Point(x: 10.1, y: 10.2), scale: 3)
        #expect(abs(r.width - 10) < 1e-12 && abs(r.height - 31.0 / 3) < 1e-12)
    }

    @Test func pixelRoundingIsHalfAwayFromZero() {
        #expect(0.25.roundedToPixels(scale: 2) == 0.5)
        #expect((-0.25).roundedToPixels(scale: 2) == -0.5)
        #expect(0.24.roundedToPixels(scale: 2) == 0)
        #expect(1.3.roundedToPixels(scale: 1) == 1)
    }

    @Test func intersectionNeedsPositiveArea() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))  // touching edge
        #expect(!a.intersects(Rect(x: 5, y: 5, width: 0, height: 3)))  // zero width
        #expect(a.containsStrictly(Rect(x: 1, y: 1, width: 8, height: 8)))
        #expect(!a.containsStrictly(Rect(x: 0, y: 1, width: 8, height: 8)))  // touching edge
    }

    @Test func rubberBandKnownValues() {
        #expect(rubberBand(0, 100) == 0)
        // x = d/c gives exactly d/2.
        #expect(abs(rubberBand(100 / 0.55, 100) - 50) < 1e-9)
        #expect(abs(rubberBand(-100 / 0.55, 100) + 50) < 1e-9)
        #expect(rubberBand(1e12, 100) < 100)
        #expect(rubberBand(5, 0) == 0)
    }

    @Test func trigonometryMatchesKnownAngles() {
        for (angle, s, c) in [
            (0.0, 0.0, 1.0), (Double.pi / 2, 1, 0), (Double.pi, 0, -1), (3 * Double.pi / 2, -1, 0), (Double.pi / 6, 0.5, 0.8660254037844386),
        ] {
            #expect(abs(_sin(angle) - s) < 1e-15)
            #expect(abs(_cos(angle) - c) < 1e-15)
        }
        // Clockwise from the top, y down: π/2 points right, π points down.
        let right = Vector.direction(clockwiseFromTop: .pi / 2)
        #expect(abs(right.dx - 1) < 1e-15 && abs(right.dy) < 1e-15)
        let down = Vector.direction(clockwiseFromTop: .pi)
        #expect(abs(down.dx) < 1e-15 && abs(down.dy - 1) < 1e-15)
    }

    @Test func axesNames() {
        for name in ["none", "horizontal", "vertical", "both"] { #expect(Axes(name: name)?.name == name) }
        #expect(Axes.both.contains(Axis.vertical) && !Axes.horizontal.contains(Axis.vertical))
        #expect(Axes(name: "diagonal") == nil)
    }
}
