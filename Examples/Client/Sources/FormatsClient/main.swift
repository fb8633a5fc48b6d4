import PointerSimCore
import PointerSimFormats

// A scene and a trace, as they would be in files (docs/Formats/Scene.md,
// docs/Formats/Trace.md); SceneFile.load(path:) and a TraceReader read them
// from disk.
let scene = try SceneFile.parse("""
    {
      "format": "pointersim-scene/1",
      "band": { "profile": "qt-graphicsview" },
      "items": [ { "id": "a", "rect": [10, 10, 40, 30] }, { "id": "b", "rect": [60, 10, 40, 30] } ],
      "regions": [ { "id": "button", "rect": [200, 200, 60, 30], "style": { "effect": "highlight" } } ]
    }
    """, file: "example.scene.json")
let events = try PointerSimTrace.parse("""
    pointersim-trace 1
    0.00 move 5 5
    0.01 modifiers control
    0.02 press primary
    0.05 move 70 30
    0.10 release primary
    0.20 move 230 215
    """, file: "example.trace")

// The interaction log, line by line, exactly as `pointersim replay` writes it.
var sim = Simulator(scene: scene)
for record in sim.process(events) {
    print(LogLine.render(record))
}
