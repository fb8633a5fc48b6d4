import PointerSimCore
import PointerSimFormats

extension ReplayRenderer {
    /// A self-contained HTML viewer (no network): the scene drawn in view
    /// coordinates at any trace time, a timeline with band, region, event and
    /// raw-input lanes, play at 0.25×/1×/4× of trace time, stepping, the
    /// current log line and the event list, `#t=SECONDS` links. The data are
    /// ``ReplayCapture``'s columns, base64 in the page, decoded into typed
    /// arrays when it opens.
    /// - Complexity: O(items carried + log lines) time; the page holds a few
    ///   bytes per log line.
    public static func html(_ c: ReplayCapture, title: String) -> String {
        html(c, others: [], title: title)
    }

    /// The viewer of ``html(_:title:)`` for `render --profiles`: `c` is the
    /// first profile's replay (with the profiles' selections side by side),
    /// `others` the same inputs replayed under each further profile, in the
    /// order of `c`'s profiles. The page shows one profile's replay at a time
    /// (its items, band, panel and events) and switches between them.
    /// - Complexity: O(items carried + log lines) time per replay.
    package static func html(_ c: ReplayCapture, others: [ReplayCapture], title: String) -> String {
        var out = ""
        out.reserveCapacity(c.times.bytes.count * 4 / 3 + c.pointers.bytes.count * 4 / 3 + c.bandColumn.bytes.count * 4 / 3 + 200_000)
        out += "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\n"
        out += "<title>\(xml(title)) — PointerSim replay</title>\n<style>\(viewerCSS)</style></head><body>\n"
        out += viewerBody
        // The first replay's data as ps-NAME, a further profile k's as ps-NAME-k;
        // the scene's items (ids and rects) and the raw input once, in the first.
        for (k, c) in ([c] + others).enumerated() {
            let suffix = k == 0 ? "" : "-\(k)"
            out += "<script type=\"application/json\" id=\"ps-data\(suffix)\">" + scriptSafe(header(c, title: title, ids: k == 0)) + "</script>\n"
            out += "<script type=\"text/plain\" id=\"ps-rare\(suffix)\">" + scriptSafe(c.rare.joined(separator: "\n")) + "</script>\n"
            func stream(_ id: String, _ s: ByteStream) { out += "<script type=\"text/plain\" id=\"ps-\(id)\(suffix)\">" + s.base64() + "</script>\n" }
            stream("times", c.times); stream("pointers", c.pointers); stream("band", c.bandColumn)
            stream("scroll", c.scrollChanges.stream); stream("autoscroll", c.autoscrollChanges.stream)
            stream("held", c.heldChanges.stream); stream("region", c.regionChanges.stream)
            if k == 0 { stream("items", itemRects(c)); stream("input", c.input?.stream ?? ByteStream()) }
        }
        out += "<script type=\"application/json\" id=\"ps-profiles\">" + profilesJSON(c) + "</script>\n"
        out += "<script>\n" + viewerJS + "\n</script>\n</body></html>\n"
        return out
    }

    /// `</` cannot appear inside a script element; `<\/` means the same in JSON
    /// (and the page turns it back in the log lines it prints).
    static func scriptSafe(_ s: String) -> String {
        s.contains("</") ? s.replacing("</", with: "<\\/") : s
    }

    static func itemRects(_ c: ReplayCapture) -> ByteStream {
        var s = ByteStream()
        guard c.itemsCarried else { return s }
        var last = (0, 0, 0, 0)
        for item in c.scene.items {
            let r = (milli(item.rect.x), milli(item.rect.y), milli(item.rect.width), milli(item.rect.height))
            s.s(r.0 - last.0); s.s(r.1 - last.1); s.s(r.2 - last.2); s.s(r.3 - last.3)
            last = r
        }
        return s
    }

    static func json(_ s: String) -> String { var o = ""; appendJSONString(s, to: &o); return o }

    /// `render --profiles`: `{"names": [...], "counts": [n, …], "changes": ["BASE64", …]}`,
    /// each profile's selection changes as diffs (`ProfileTrack`); empty
    /// lists when the scene's items are not carried (the replays only); then,
    /// when there are any, `"why": [[ms, {profile: {rule, words, source}}], …]`
    /// (`compare --explain`'s reasons at the first input of each difference);
    /// `null` without profiles.
    static func profilesJSON(_ c: ReplayCapture) -> String {
        guard let p = c.profiles else { return "null" }
        return "{\"names\":" + LogLine.stringsJSON(p.names) + ",\"counts\":[" + p.tracks.map { String($0.count) }.joined(separator: ",")
            + "],\"changes\":[" + p.tracks.map { "\"" + $0.stream.base64() + "\"" }.joined(separator: ",") + "]"
            + (c.explanations.isEmpty ? "" : ",\"why\":[" + c.explanations.map { "[\($0.ms)," + $0.why + "]" }.joined(separator: ",") + "]")
            + "}"
    }

    /// The replay's header; `ids`: with the items' ids (the first replay's
    /// only: the further profiles' replays share them).
    static func header(_ c: ReplayCapture, title: String, ids: Bool = true) -> String {
        let scene = c.scene, v = scene.view, rc = scene.regionConfiguration
        var h = "{\"format\":\"pointersim-viewer/1\",\"title\":" + json(title)
        h +=
            ",\"view\":{\"width\":\(n(v.size.width)),\"height\":\(n(v.size.height)),\"scale\":\(n(v.scale)),\"contentWidth\":\(n(v.contentSize.width)),\"contentHeight\":\(n(v.contentSize.height))}"
        h += ",\"items\":{\"count\":\(scene.items.count),\"carried\":\(c.itemsCarried),\"ids\":"
        h += c.itemsCarried && ids ? LogLine.stringsJSON(scene.items.map(\.id)) : "[]"
        h += "},\"initialSelection\":" + LogLine.stringsJSON(scene.initialSelection)
        h += ",\"regions\":["
        for (i, r) in scene.regions.enumerated() {
            if i > 0 { h += "," }
            let style = r.style ?? .system
            h += "{\"id\":" + json(r.id) + ",\"rect\":" + LogLine.rectJSON(r.rect) + ",\"latching\":" + json(r.latchingAxes.name)
            h += ",\"effect\":" + json(style.effect.rawValue) + ",\"resolved\":" + json(rc.resolve(style.effect, for: r.rect.size).rawValue) + "}"
        }
        // Item regions (docs/Regions.md): placed on their item's rect as it is at each line.
        if c.itemsCarried {
            for r in scene.itemRegions {
                guard let item = c.itemIndex[r.item] else { continue }
                if h.last != "[" { h += "," }
                let style = r.region.style ?? .system
                let rect = r.rect(for: scene.items[item].rect)
                h += "{\"id\":" + json(r.region.id) + ",\"rect\":" + LogLine.rectJSON(rect) + ",\"latching\":" + json(r.region.latchingAxes.name)
                h += ",\"effect\":" + json(style.effect.rawValue) + ",\"resolved\":" + json(rc.resolve(style.effect, for: rect.size).rawValue)
                h +=
                    ",\"item\":\(item),\"anchor\":" + LogLine.pointJSON(r.anchor) + ",\"size\":" + LogLine.numbersJSON([r.size.width, r.size.height])
                h += ",\"offset\":" + LogLine.numbersJSON([r.offset.dx, r.offset.dy]) + "}"
            }
        }
        h += "],\"kinds\":" + LogLine.stringsJSON(c.kinds)
        h += ",\"shapes\":[" + c.shapeTemplates.joined(separator: ",") + "]"
        h += ",\"accessorySets\":[" + c.accessorySets.joined(separator: ",") + "]"
        h += ",\"effects\":" + LogLine.stringsJSON(ReplayCapture.effects)
        h += ",\"axes\":[\"none\",\"horizontal\",\"vertical\",\"both\"]"
        h +=
            ",\"counts\":{\"records\":\(c.recordCount),\"pointers\":\(c.pointerCount),\"rare\":\(c.rare.count),\"scroll\":\(c.scrollChanges.count),\"autoscroll\":\(c.autoscrollChanges.count),\"held\":\(c.heldChanges.count),\"region\":\(c.regionChanges.count),\"input\":\(c.input?.count ?? 0)}"
        h += ",\"bandLinesAsText\":\(!c.itemsCarried)"
        h += ",\"inputStrings\":" + LogLine.stringsJSON(c.input?.strings ?? [])
        h += ",\"hasInput\":\(c.input != nil)"
        func params(_ p: PointerEffectParameters) -> String { "{\"scaleUp\":\(n(p.scaleUp)),\"parallax\":\(n(p.parallax))}" }
        h +=
            ",\"config\":{\"system\":\(n(rc.systemPointerDiameter)),\"beamWidth\":\(n(rc.beamWidth)),\"highlight\":\(params(rc.highlight)),\"lift\":\(params(rc.lift)),\"hover\":\(params(rc.hover)),\"edgeZone\":\(n(scene.autoscroll.edgeZone))}"
        h += ",\"modeColours\":{" + modeColours.map { json($0.mode) + ":" + json($0.colour) }.joined(separator: ",") + "}"
        h += ",\"maxLabelled\":\(maxLabelledItems)}"
        return h
    }
}
