import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline

/// Files under Traces/recordings and Traces/input.
package enum RecordingFiles {
    package static var root: URL { Repository.root }
    package static func path(_ rel: String) -> String { root.appendingPathComponent("Traces/" + rel).path }

    /// Every item of a recording, its devices merged by time (raw times).
    package static func items(_ r: any RawEventReader) throws -> [RawItem] {
        var m = StreamMerge<RawItem>()
        for s in r.streams { _ = m.addSource { try s.read(into: &$0) } }
        var out: [RawItem] = []
        while let (_, item) = try m.next() { out.append(item) }
        return out
    }

    package static func readAll(_ r: any RawEventReader) throws -> [EvdevEvent] {
        try items(r).compactMap { if case .event(_, let e) = $0 { e } else { nil } }
    }

    /// Every pointer event of the streams, merged as replay merges them.
    package static func events(_ streams: [any PointerEventStream]) throws -> [PointerEvent] {
        var m = try Replay.merged(streams)
        var out: [PointerEvent] = []
        while let (_, e) = try m.next() { out.append(e) }
        return out
    }

    package static func temp(_ text: String, _ ext: String = "evemu") throws -> String {
        let p = FileManager.default.temporaryDirectory.appendingPathComponent("ps-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }
}
