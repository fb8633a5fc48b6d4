// The viewer page's style and markup; its script is in ViewerScript.swift.

extension ReplayRenderer {
    static let viewerCSS = #"""
        body{font:13px/1.35 system-ui,sans-serif;margin:0;background:#fff;color:#222}
        header{display:flex;gap:10px;align-items:center;padding:6px 10px;background:#f3f3f3;border-bottom:1px solid #ccc;flex-wrap:wrap}
        header h1{font-size:14px;margin:0 8px 0 0;font-weight:600}
        header button{font-size:13px;min-width:32px;padding:2px 6px}
        #clock{font-variant-numeric:tabular-nums;min-width:20em;font-weight:600}
        #timeline{display:block;width:100%;height:120px;cursor:col-resize;border-bottom:1px solid #ccc;touch-action:none}
        main{display:flex;gap:10px;padding:8px 10px;align-items:flex-start}
        #stagebox{flex:0 1 auto;min-width:200px;position:relative}
        #stage{display:block;border:1px solid #999;background:#fafafa}
        #side{flex:1 1 320px;min-width:280px;max-width:560px;display:flex;flex-direction:column;gap:8px}
        #state{border-collapse:collapse;font-size:12px;width:100%}
        #state th{text-align:left;font-weight:600;padding:1px 6px 1px 0;white-space:nowrap;vertical-align:top;color:#555}
        #state td{font-family:ui-monospace,monospace;word-break:normal;overflow-wrap:break-word;padding:1px 0}
        #legend{display:grid;grid-template-columns:repeat(3,auto);gap:1px 10px;font-size:11px}
        #legend span.sw{display:inline-block;width:14px;height:10px;margin-right:5px;vertical-align:-1px;border:1px solid #888}
        #events{height:200px;overflow-y:auto;border:1px solid #ccc;font:12px ui-monospace,monospace;position:relative}
        #events div.row{position:absolute;left:0;right:0;height:18px;line-height:18px;padding:0 4px;white-space:nowrap;overflow:hidden;cursor:pointer}
        #events div.row:hover{background:#eef}
        #events div.row.cur{background:#ffe9a8}
        #log{font:12px ui-monospace,monospace;background:#f6f6f6;border:1px solid #ddd;margin:0 10px 10px;padding:4px 6px;white-space:pre-wrap;word-break:normal;overflow-wrap:anywhere}
        #log .cur{background:#ffe9a8;display:inline-block;min-width:100%}
        h2{font-size:12px;margin:4px 0 2px;color:#555;text-transform:uppercase;letter-spacing:.04em}
        kbd{font:11px ui-monospace,monospace;border:1px solid #bbb;border-radius:3px;padding:0 3px;background:#fff}
        """#

    static let viewerBody = #"""
        <header>
        <h1 id="title"></h1>
        <button id="prevEvent" title="previous event (Shift+←)">« event</button>
        <button id="prevLine" title="previous log line (←)">‹ line</button>
        <button id="play" title="play / pause (space)">play</button>
        <button id="nextLine" title="next log line (→)">line ›</button>
        <button id="nextEvent" title="next event (Shift+→)">event »</button>
        <label>speed <select id="speed"><option value="0.25">0.25×</option><option value="1" selected>1×</option><option value="4">4×</option></select></label>
        <span title="zoom the scene (or the wheel on it; drag pans)">scene <button id="zoomOut">−</button><button id="zoomIn">+</button><button id="zoomFit">fit</button></span>
        <label id="profileBox" hidden>replay of <select id="profile"></select></label> <span id="profileNote" style="color:#555"></span>
        <span id="clock"></span>
        <span style="color:#666"><kbd>space</kbd> play · <kbd>←</kbd><kbd>→</kbd> line · <kbd>⇧</kbd>+<kbd>←</kbd><kbd>→</kbd> event · the wheel zooms the timeline or the scene, drag pans, double-click resets</span>
        </header>
        <canvas id="timeline"></canvas>
        <main>
        <div id="stagebox"><canvas id="stage"></canvas></div>
        <div id="side">
        <h2>Legend</h2>
        <div id="legend"></div>
        <h2>At this moment</h2>
        <table id="state"></table>
        <h2>Events (click to jump)</h2>
        <div id="events"><div id="eventsSpacer"></div></div>
        </div>
        </main>
        <h2 style="margin:0 10px">Log lines around this moment</h2>
        <pre id="log"></pre>

        """#
}
