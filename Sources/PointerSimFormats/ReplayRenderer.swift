import PointerSimCore

/// Draws a replay: a static SVG of the whole session, or a self-contained
/// HTML viewer with a timeline (`pointersim render`).
///
/// Both are built from the scene and the log records of a `--verbose`
/// simulation (the `pointer` records give the pointer path).
public enum ReplayRenderer {
    /// The largest number of items drawn; a larger scene draws the first ones
    /// and says how many were left out.
    public static let maxDrawnItems = 20_000

    /// A static SVG: items (selected at the end filled), every band's final
    /// rect, the pointer's path and its end position.
    /// - Complexity: O(items drawn + records).
    public static func svg(scene: Scene, records: [LogRecord]) -> String {
        let (w, h) = (scene.view.contentSize.width, scene.view.contentSize.height)
        var final = Set(scene.initialSelection)
        var bands: [(Rect, Bool)] = []
        var path: [Point] = []
        // The pointer path is drawn in view coordinates shifted by the initial
        // scroll offset (pointer records carry view coordinates).
        let offset = scene.view.contentOffset
        for r in records {
            switch r.event {
            case .bandSelecting(_, let added, let removed): final.subtract(removed); final.formUnion(added)
            case .bandEnded(let rect, let selection, let cancelled): final = Set(selection); bands.append((rect, cancelled))
            case .selectionChanged(_, let added, let removed): final.subtract(removed); final.formUnion(added)
            case .pointer(let f): path.append(f.model + offset)
            default: break
            }
        }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(w)) \(n(h))\" width=\"\(n(w))\" height=\"\(n(h))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\" stroke=\"#999\"/>\n"
        for item in scene.items.prefix(maxDrawnItems) {
            let sel = final.contains(item.id)
            s += "<rect x=\"\(n(item.rect.x))\" y=\"\(n(item.rect.y))\" width=\"\(n(item.rect.width))\" height=\"\(n(item.rect.height))\" fill=\"\(sel ? "#4a90e2" : "#e4e4e4")\" stroke=\"#888\"><title>\(xml(item.id))</title></rect>\n"
        }
        if scene.items.count > maxDrawnItems {
            s += "<text x=\"4\" y=\"12\">\(scene.items.count - maxDrawnItems) items not drawn</text>\n"
        }
        for (rect, cancelled) in bands {
            s += "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\" fill=\"none\" stroke=\"\(cancelled ? "#d0021b" : "#2a6bb8")\" stroke-dasharray=\"4 3\"/>\n"
        }
        if !path.isEmpty {
            s += "<polyline fill=\"none\" stroke=\"#f5a623\" stroke-width=\"1.5\" points=\"" + path.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>\n"
            s += "<circle cx=\"\(n(path[path.count - 1].x))\" cy=\"\(n(path[path.count - 1].y))\" r=\"9.5\" fill=\"#333\" fill-opacity=\"0.5\"/>\n"
        }
        s += "</svg>\n"
        return s
    }

    /// A self-contained HTML page: the SVG scene, a timeline slider, play/pause,
    /// and the log line of the current moment; it needs no network.
    /// - Complexity: O(items drawn + records).
    public static func html(scene: Scene, records: [LogRecord], title: String) -> String {
        var items = "["
        for (i, item) in scene.items.prefix(maxDrawnItems).enumerated() {
            if i > 0 { items += "," }
            items += "["; appendJSONString(item.id, to: &items)
            items += ",\(n(item.rect.x)),\(n(item.rect.y)),\(n(item.rect.width)),\(n(item.rect.height))]"
        }
        items += "]"
        var log = "["
        for (i, r) in records.enumerated() {
            if i > 0 { log += ",\n" }
            log += LogLine.render(r)
        }
        log += "]"
        var initial = "["
        for (i, id) in scene.initialSelection.enumerated() { if i > 0 { initial += "," }; appendJSONString(id, to: &initial) }
        initial += "]"
        var titleText = ""
        appendJSONString(title, to: &titleText)
        let w = n(scene.view.contentSize.width), h = n(scene.view.contentSize.height)
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(xml(title)) — PointerSim replay</title>
            <style>
            body{font-family:sans-serif;margin:12px;background:#fff;color:#222}
            #stage{border:1px solid #999;background:#fafafa;max-width:100%;height:auto}
            #bar{display:flex;gap:8px;align-items:center;margin:8px 0}
            #t{width:60%} pre{background:#f3f3f3;padding:6px;white-space:pre-wrap;font-size:12px;min-height:3em}
            </style></head><body>
            <h3 id="title"></h3>
            <div id="bar"><button id="play">▶</button><input id="t" type="range" min="0" value="0"><span id="clock"></span></div>
            <svg id="stage" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(w) \(h)" width="\(w)" height="\(h)"></svg>
            <pre id="line"></pre>
            <script>
            const TITLE=\(titleText), ITEMS=\(items), LOG=\(log), INITIAL=\(initial), MORE=\(Swift.max(0, scene.items.count - maxDrawnItems));
            document.getElementById('title').textContent = TITLE + ' (' + LOG.length + ' log lines' + (MORE ? ', ' + MORE + ' items not drawn' : '') + ')';
            const NS='http://www.w3.org/2000/svg', stage=document.getElementById('stage'), slider=document.getElementById('t');
            const rects={};
            for (const [id,x,y,w,h] of ITEMS){const r=document.createElementNS(NS,'rect');r.setAttribute('x',x);r.setAttribute('y',y);r.setAttribute('width',w);r.setAttribute('height',h);r.setAttribute('stroke','#888');const tt=document.createElementNS(NS,'title');tt.textContent=id;r.appendChild(tt);stage.appendChild(r);rects[id]=r;}
            const band=document.createElementNS(NS,'rect');band.setAttribute('fill','#2a6bb8');band.setAttribute('fill-opacity','0.15');band.setAttribute('stroke','#2a6bb8');stage.appendChild(band);
            const ptr=document.createElementNS(NS,'circle');ptr.setAttribute('r','9.5');ptr.setAttribute('fill','#333');ptr.setAttribute('fill-opacity','0.5');stage.appendChild(ptr);
            slider.max=Math.max(0,LOG.length-1);
            function show(k){
              const sel=new Set(INITIAL); let rect=null, p=null, region='';
              for(let i=0;i<=k&&i<LOG.length;i++){const e=LOG[i];
                if(e.event==='band.began'){rect=e.rect}
                else if(e.event==='band.selecting'){rect=e.rect;e.removed.forEach(x=>sel.delete(x));e.added.forEach(x=>sel.add(x))}
                else if(e.event==='band.ended'){rect=null;sel.clear();e.selection.forEach(x=>sel.add(x))}
                else if(e.event==='selection.changed'){e.removed.forEach(x=>sel.delete(x));e.added.forEach(x=>sel.add(x))}
                else if(e.event==='pointer'){p=e.presented}
                else if(e.event==='region.entered'){region=e.region}
                else if(e.event==='region.exited'){region=''}}
              for(const id in rects){rects[id].setAttribute('fill',sel.has(id)?'#4a90e2':(id===region?'#f8e71c':'#e4e4e4'))}
              if(rect){band.setAttribute('x',rect[0]);band.setAttribute('y',rect[1]);band.setAttribute('width',rect[2]);band.setAttribute('height',rect[3]);band.style.display=''}else band.style.display='none';
              if(p){ptr.setAttribute('cx',p[0]);ptr.setAttribute('cy',p[1]);ptr.style.display=''}else ptr.style.display='none';
              const e=LOG[k]; document.getElementById('clock').textContent=e?('t = '+e.t+' s'):'';
              document.getElementById('line').textContent=e?JSON.stringify(e):'(empty log)';}
            slider.oninput=()=>show(+slider.value);
            let timer=null; document.getElementById('play').onclick=()=>{
              if(timer){clearInterval(timer);timer=null;return}
              timer=setInterval(()=>{if(+slider.value>=+slider.max){clearInterval(timer);timer=null;return}slider.value=+slider.value+1;show(+slider.value)},60)};
            show(0);
            </script></body></html>

            """
    }

    static func n(_ v: Double) -> String { formatLogNumber(v) }

    static func xml(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
