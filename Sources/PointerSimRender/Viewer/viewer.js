'use strict';
// The viewer page's script (`pointersim render`), the source of ViewerScript.swift
// (Tools/gen-viewer-script.sh writes it; RenderTests checks that it is up to date).
// Plain ES2017, no libraries, no network.
//
// Data: ReplayCapture's columns (varints, numbers in thousandths) decoded into
// typed arrays once. The state at log line k is found by binary search in
// those arrays (pointer, band rect, change lists) plus the selection replayed
// from the nearest checkpoint, so any moment costs O(log n + change) and a
// frame draws only what is inside the view.
//
// First the pure functions, which touch no page: Node runs their tests
// (Tests/PointerSimRenderScriptTests, `node --test`), which load this file as a
// module; then the page, which runs only where there is a document.
const PointerSimViewerLib = (function () {
// varints: unsigned (u) and zigzag-signed (s), as ReplayCapture writes them
function Reader(a) { this.a = a; this.i = 0; }
Reader.prototype.u = function () { let x = 0, m = 1, b; const a = this.a; do { b = a[this.i++]; x += (b & 127) * m; m *= 128; } while (b & 128); return x; };
Reader.prototype.s = function () { const z = this.u(); return (z % 2) ? -(z + 1) / 2 : z / 2; };
Reader.prototype.more = function () { return this.i < this.a.length; };
// the last index i < n with arr[i] <= v (arr sorted), or -1
function lastLE(arr, n, v) { let lo = 0, hi = n - 1, r = -1; while (lo <= hi) { const m = (lo + hi) >> 1; if (arr[m] <= v) { r = m; lo = m + 1; } else hi = m - 1; } return r; }
const f3 = m => String(m / 1000);  // thousandths → the log's number text
// the address: #t=SECONDS&profile=NAME
function hashProfile(hash) { const m = /[#&]profile=([^&]*)/.exec(hash); return m ? decodeURIComponent(m[1]) : null; }
function hashTime(hash) { const m = /t=([0-9.]+)/.exec(hash); return m ? parseFloat(m[1]) * 1000 : null; }
// the profile whose replay is drawn: the address's, when its replay is in the page, else the first
function profileIndex(name, prof, own) { const k = prof && name !== null ? prof.names.indexOf(name) : 0; return k > 0 && own ? k : 0; }
// A profile's selection changes (render --profiles; ReplayCapture's ProfileTrack): n changes,
// each a time delta (ms) and the items added and removed as runs of scene indices. Decoded
// into t (ms) and, for change j, its added runs off[2j] ..< off[2j+1] and its removed runs
// off[2j+1] ..< off[2j+2] of rs (start) and rl (length); vol[j]: the items changed before j.
function decodeProfileChanges(bytes, n) {
  const r = new Reader(bytes), t = new Float64Array(n), off = new Int32Array(2 * n + 1), vol = new Float64Array(n + 1), rs = [], rl = [];
  let ms = 0;
  for (let j = 0; j < n; j++) {
    ms += r.s(); t[j] = ms; let v = 0;
    for (let l = 0; l < 2; l++) { const c = r.u(); let end = 0; for (let q = 0; q < c; q++) { const s0 = end + r.s(), len = r.u() + 1; rs.push(s0); rl.push(len); end = s0 + len; v += len; } off[2 * j + l + 1] = rs.length; }
    vol[j + 1] = vol[j] + v;
  }
  return { n: n, t: t, off: off, vol: vol, rs: Int32Array.from(rs), rl: Int32Array.from(rl) };
}
// A profile's selection at any time, from its decoded changes over ni items starting from the
// initial indices: sel (a byte per item) and count, moved change by change forwards or back
// (each diff undone exactly), or from the nearest checkpoint (one per ni items changed, so the
// checkpoints hold no more bytes than the changes): a seek costs O(changed), at most O(ni).
function profileTrack(ch, ni, initial) {
  const sel = new Uint8Array(ni); let count = 0, at = -1;  // changes 0 ... at applied
  for (const i of initial) if (i >= 0 && i < ni && !sel[i]) { sel[i] = 1; count++; }
  const set = (i, v) => { if (i < ni && sel[i] !== v) { sel[i] = v; count += v ? 1 : -1; } };
  const apply = (j, fwd) => {
    for (let q = ch.off[2 * j]; q < ch.off[2 * j + 2]; q++) { const v = (q < ch.off[2 * j + 1]) === fwd ? 1 : 0; for (let i = ch.rs[q], e = i + ch.rl[q]; i < e; i++) set(i, v); }
  };
  const cps = [{ at: -1, bits: sel.slice(), count: count }], every = Math.max(ni, 1024);
  for (let j = 0; j < ch.n; j++) { apply(j, true); at = j; if (ch.vol[j + 1] - ch.vol[cps[cps.length - 1].at + 1] >= every) cps.push({ at: j, bits: sel.slice(), count: count }); }
  const track = {
    sel: sel, get count() { return count; },
    moveTo(j) {  // the selection after change j (-1: the initial one)
      j = Math.max(-1, Math.min(ch.n - 1, j));
      let c = cps.length - 1; while (c > 0 && cps[c].at > j) c--;
      const here = Math.abs(ch.vol[at + 1] - ch.vol[j + 1]), fromCp = ch.vol[j + 1] - ch.vol[cps[c].at + 1];
      if (fromCp + ni / 8 < here) { sel.set(cps[c].bits); count = cps[c].count; at = cps[c].at; }
      while (at < j) apply(++at, true);
      while (at > j) apply(at--, false);
      return track;
    },
    seek(ms) { return track.moveTo(lastLE(ch.t, ch.n, ms + 1e-6)); },
    indices() { const out = []; for (let i = 0; i < ni; i++) if (sel[i]) out.push(i); return out; },
  };
  return track;
}
// where each profile's selection differs from the first profile's (the first: where any two
// differ), as [from, to] spans in ms; a span still open at the end closes at end (or 1 ms on).
// Walks every profile's changes in time order, counting per profile the items where it and the
// first profile differ: O(profiles × changed items + items).
function profileDiffs(chs, ni, initial, end) {
  const P = chs.length, sels = chs.map(() => new Uint8Array(ni)), mism = new Int32Array(P), diff = chs.map(() => []), open = chs.map(() => -1), idx = new Int32Array(P);
  for (const s of sels) for (const i of initial) if (i >= 0 && i < ni) s[i] = 1;
  const set = (k, i, v) => {
    if (i >= ni || sels[k][i] === v) return; sels[k][i] = v;
    if (k) mism[k] += sels[0][i] === v ? -1 : 1; else for (let j = 1; j < P; j++) mism[j] += sels[j][i] === v ? -1 : 1;
  };
  for (;;) {
    let t = Infinity; for (let k = 0; k < P; k++) if (idx[k] < chs[k].n && chs[k].t[idx[k]] < t) t = chs[k].t[idx[k]];
    if (t === Infinity) break;
    for (let k = 0; k < P; k++) for (const ch = chs[k]; idx[k] < ch.n && ch.t[idx[k]] === t; idx[k]++) { const j = idx[k];
      for (let q = ch.off[2 * j]; q < ch.off[2 * j + 2]; q++) { const v = q < ch.off[2 * j + 1] ? 1 : 0; for (let i = ch.rs[q], e = i + ch.rl[q]; i < e; i++) set(k, i, v); } }
    let any = false; for (let k = 1; k < P; k++) if (mism[k]) any = true;
    for (let k = 0; k < P; k++) { const differ = k === 0 ? any : mism[k] > 0;
      if (differ && open[k] < 0) open[k] = t; if (!differ && open[k] >= 0) { diff[k].push([open[k], t]); open[k] = -1; } }
  }
  open.forEach((o, k) => { if (o >= 0) diff[k].push([o, Math.max(end, o + 1)]); });
  return diff;
}
// A list of items as the log writes it (docs/Formats/Log.md, "Long lists"): ids, "all", or
// {"count":N,"ranges":[[FIRST,LAST],…]} in scene indices: the one place that reads one, so either
// form works wherever a line carries items. Calls each(index) for the items among the first ni
// (ids through index, a Map from id to index), at most limit of them; returns how many.
function isItemList(v) { return Array.isArray(v) || v === 'all' || (v !== null && typeof v === 'object' && Array.isArray(v.ranges)); }
function forEachListed(v, ni, index, each, limit) {
  let n = 0; const max = limit === undefined ? Infinity : limit;
  if (Array.isArray(v)) { for (const id of v) { if (n >= max) break; const ix = typeof id === 'string' ? index.get(id) : undefined; if (ix !== undefined) { each(ix); n++; } } }
  else if (v === 'all') { for (let ix = 0; ix < ni && n < max; ix++) { each(ix); n++; } }
  else if (isItemList(v)) { for (const r of v.ranges) { for (let ix = Math.max(0, r[0]); ix <= r[1] && ix < ni && n < max; ix++) { each(ix); n++; } } }
  return n;
}
// a presented shape's bounds (points), from thousandths; bw: the beams' width (points)
function shapeBox(sm, px, py, bw) {
  if (sm.circle !== undefined) { const r = sm.circle / 2000; return [px - r, py - r, px + r, py + r]; }
  if (sm.roundedRect) { const q = sm.roundedRect.map(v => v / 1000); return [q[0], q[1], q[0] + q[2], q[1] + q[3]]; }
  if (sm.verticalBeam !== undefined) { const l = sm.verticalBeam / 2000; return [px - bw / 2, py - l, px + bw / 2, py + l]; }
  if (sm.horizontalBeam !== undefined) { const l = sm.horizontalBeam / 2000; return [px - l, py - bw / 2, px + l, py + bw / 2]; }
  if (sm.path) { const xs = sm.path.map(q => q[0] / 1000), ys = sm.path.map(q => q[1] / 1000); return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]; }
  return null;
}
// The drawing's extent: the view (0, 0, vw, vh) grown by every box added ([x0, y0, x1, y1]);
// done(m) rounds outwards and leaves m points more on each side that grew, for labels.
function extent(vw, vh) {
  let x0 = 0, y0 = 0, x1 = vw, y1 = vh;
  return { add(b) { if (!b) return; if (b[0] < x0) x0 = b[0]; if (b[1] < y0) y0 = b[1]; if (b[2] > x1) x1 = b[2]; if (b[3] > y1) y1 = b[3]; },
    done(m) { return [x0 < 0 ? Math.floor(x0 - m) : 0, y0 < 0 ? Math.floor(y0 - m) : 0, x1 > vw ? Math.ceil(x1 + m) : vw, y1 > vh ? Math.ceil(y1 + m) : vh]; } };
}
// the stage's scale: the whole extent (ew × eh) in the room there is, never above 1
function fitScale(availW, availH, ew, eh) { return Math.min(1, availW / ew, availH / eh); }
// Where a label of w × h goes (view points): at (x, y), kept inside the view [vx0, vy0,
// vx1, vy1] with margins of 2 and 1 screen pixels at scale S, and moved down or up a
// line at a time (up to 11) until it overlaps no box of placed; the box is added to placed.
function placeLabel(placed, x, y, w, h, view, S) {
  const vx0 = view[0], vy0 = view[1], vx1 = view[2], vy1 = view[3];
  let X = Math.max(vx0 + 2 / S, Math.min(vx1 - w - 2 / S, x)), Y0 = Math.max(vy0 + 1 / S, Math.min(vy1 - h - 1 / S, y));
  const free = Y => Y >= vy0 && Y + h <= vy1 && !placed.some(b => X < b[2] && X + w > b[0] && Y < b[3] && Y + h > b[1]);
  let Y = Y0;
  for (let d = 1; d < 12 && !free(Y); d++) { const up = Y0 - d * h, down = Y0 + d * h; Y = free(down) ? down : free(up) ? up : Y0; if (free(Y)) break; }
  placed.push([X, Y, X + w, Y + h]);
  return [X, Y];
}
// the panel's words
function fmtPt(p) { return p ? '(' + p[0] + ', ' + p[1] + ')' : '—'; }
function shapeWords(sh) {  // the pointer's shape, in words
  if (!sh) return '—';
  if ('circle' in sh) return 'circle, ' + sh.circle + ' pt across';
  if ('roundedRect' in sh) { const q = sh.roundedRect; return 'rounded rect ' + q[2] + ' × ' + q[3] + ' at (' + q[0] + ', ' + q[1] + '), corner radius ' + q[4]; }
  if ('verticalBeam' in sh) return 'vertical beam, ' + sh.verticalBeam + ' pt long';
  if ('horizontalBeam' in sh) return 'horizontal beam, ' + sh.horizontalBeam + ' pt long';
  if ('path' in sh) return 'path of ' + sh.path.length + ' points';
  return 'hidden';
}
const deg = a => +(a * 180 / Math.PI).toFixed(1);
// The pointer's trail (as the SVG summary draws it): of n points (xs, ys), the indices kept,
// each at least minD from the one kept before, the minimum doubling until at most max remain.
function thinPath(xs, ys, n, max) {
  let d = 0.5, keep = [];
  for (;;) {
    keep = []; let lx = 0, ly = 0;
    for (let i = 0; i < n; i++) { if (keep.length && (xs[i] - lx) ** 2 + (ys[i] - ly) ** 2 < d * d) continue; keep.push(i); lx = xs[i]; ly = ys[i]; }
    if (keep.length <= max) return keep;
    d *= 2;
  }
}
// Blue (0) → red (1) through purple, as the SVG colours the path by time (ReplayRenderer.timeColour).
function timeHue(f) { return Math.round(220 + 140 * Math.min(1, Math.max(0, f))) % 360; }
// Where the profile tags go on an item w × h (points): full names (widths full) in one row,
// else the short tags in one row, else either wrapped in rows of height rowH using at most
// maxH; [x, y] per tag from the item's top-left (gap around each), or null when none fits.
function layoutTags(full, short, w, rowH, gap, maxH) {
  const rows = ws => { const pos = []; let x = gap, y = gap; for (const tw of ws) { if (tw + 2 * gap > w) return null; if (x + tw + gap > w) { x = gap; y += rowH + gap; } pos.push([x, y]); x += tw + gap; } return y + rowH + gap <= maxH ? pos : null; };
  const oneRow = ws => ws.reduce((a, tw) => a + tw + gap, gap) <= w;
  const f1 = oneRow(full) && rows(full); if (f1) return { names: true, pos: f1 };
  const s1 = oneRow(short) && rows(short); if (s1) return { names: false, pos: s1 };
  const f = rows(full); if (f) return { names: true, pos: f };
  const sh = rows(short); return sh ? { names: false, pos: sh } : null;
}
// A text cut to at most max characters, ending in … when cut (the full text goes in a tooltip).
function fitText(text, max) { return text.length <= max ? text : text.slice(0, Math.max(0, max - 1)) + '…'; }
// Where a line of the log may wrap: after each comma (never inside a word); HTML-escaped.
function wrapHTML(text) { return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/,/g, ',<wbr>'); }
// Each profile's short tag, for items too narrow for the names: its initial, or
// when another profile shares it, the initials of its dash-separated parts, its
// first and last letters, then longer prefixes (uikit u, qt-itemview qi,
// qt-graphicsview qg, gtk gk, gtk3 g3, imgui i): the first that no other
// profile has among as many of its own.
function profileTags(names) {
  const cands = n => { const p = n.split('-'), c = [n[0]]; if (p.length > 1) c.push(p.map(w => w[0]).join('')); c.push(n[0] + n[n.length - 1]);
    for (let m = 2; m <= n.length; m++) c.push(n.slice(0, m)); return [...new Set(c)]; };
  const all = names.map(cands);
  return names.map((n, k) => { const mine = all[k];
    for (let l = 0; l < mine.length; l++) if (all.every((o, j) => j === k || !o.slice(0, l + 1).includes(mine[l]))) return mine[l];
    return n; });
}
return { Reader, lastLE, f3, thinPath, timeHue, layoutTags, fitText, wrapHTML, hashProfile, hashTime, profileIndex, decodeProfileChanges, profileTrack, profileDiffs, isItemList, forEachListed, shapeBox, extent, fitScale, placeLabel, fmtPt, shapeWords, deg, profileTags };
})();
if (typeof module === 'object' && module.exports) module.exports = PointerSimViewerLib;
if (typeof document === 'object') (function () {
const { Reader, lastLE, f3, thinPath, timeHue, layoutTags, fitText, wrapHTML, hashProfile, hashTime, profileIndex, decodeProfileChanges, profileTrack, profileDiffs, isItemList, forEachListed, fitScale, fmtPt, shapeWords, deg } = PointerSimViewerLib;
const $ = id => document.getElementById(id);
// render --profiles: the profiles' selections side by side, and each profile's own
// replay as ps-NAME-k (k ≥ 1); the address's profile=NAME picks the replay shown
const PROF = JSON.parse($('ps-profiles') ? $('ps-profiles').textContent : 'null');
const PROF_OWN = !!PROF && PROF.names.every((_, k) => !k || $('ps-data-' + k));  // every profile's replay is in the page
// the profiles' selections side by side (none when the scene's items are not carried: the replays only)
const PROF_SEL = !!PROF && PROF.changes.length === PROF.names.length;
const PK = profileIndex(hashProfile(location.hash), PROF, PROF_OWN);
const SUF = PK ? '-' + PK : '';
const H = JSON.parse($('ps-data' + SUF).textContent);
// the scene's items (ids, rects) and the raw input are in the first replay's data only (shared)
function b64(text) { const s = atob(text.trim()); const a = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i); return a; }
function bytes(id, shared) { return b64($('ps-' + id + (shared ? '' : SUF)).textContent); }
class Grow { constructor(T, n) { this.T = T; this.a = new T(Math.max(16, n || 16)); this.n = 0; }
  push(v) { if (this.n === this.a.length) { const b = new this.T(this.a.length * 2); b.set(this.a); this.a = b; } this.a[this.n++] = v; }
  done() { return this.a.subarray(0, this.n); } }

// ---- decode ------------------------------------------------------------
const t0 = performance.now();
const N = H.counts.records, KINDS = H.kinds;
const KIND_POINTER = 0, KIND_BEGAN = 1, KIND_SELECTING = 2, KIND_ENDED = 3;
const T = new Float64Array(N), K = new Uint8Array(N), ORD = new Int32Array(N);
{ const rt = new Reader(bytes('times')); let t = 0;
  for (let i = 0; i < N; i++) { const v = rt.u(), k = v % 8, z = (v - k) / 8; t += (z % 2) ? -(z + 1) / 2 : z / 2; T[i] = t; K[i] = k < 7 ? k : rt.u(); } }
const RARE_TEXT = N ? $('ps-rare' + SUF).textContent.split('\n').map(s => s.split('<\\/').join('</')) : [];
const IDS = (PK ? JSON.parse($('ps-data').textContent) : H).items.ids, NI = IDS.length, ID_INDEX = new Map();
IDS.forEach((id, i) => { if (!ID_INDEX.has(id)) ID_INDEX.set(id, i); });
// items
const IX = new Float64Array(NI), IY = new Float64Array(NI), IW = new Float64Array(NI), IH = new Float64Array(NI);
{ const r = new Reader(bytes('items', true)); let x = 0, y = 0, w = 0, h = 0;
  for (let i = 0; i < NI; i++) { x += r.s(); y += r.s(); w += r.s(); h += r.s(); IX[i] = x / 1000; IY[i] = y / 1000; IW[i] = w / 1000; IH[i] = h / 1000; } }
// pointer lines, band lines, rare lines
const P = H.counts.pointers;
const PREC = new Int32Array(P), MX = new Float64Array(P), MY = new Float64Array(P), PX = new Float64Array(P), PY = new Float64Array(P);
const CX = new Float64Array(P), CY = new Float64Array(P), SH = new Int32Array(P), ACC0 = new Int32Array(P), ACCN = new Uint8Array(P), ACCF = new Uint8Array(P);  // ACCF: 1 when the line gives the accessories' alphas (fading)
const AX = new Grow(Float64Array), AY = new Grow(Float64Array), AA = new Grow(Float64Array), AL = new Grow(Float64Array);
const BREC = new Grow(Int32Array), BK = new Grow(Uint8Array), BX = new Grow(Float64Array), BY = new Grow(Float64Array), BW = new Grow(Float64Array), BH = new Grow(Float64Array);
const BD0 = new Grow(Int32Array), BDA = new Grow(Int32Array), BDR = new Grow(Int32Array), BMODE = new Grow(Uint8Array), BCANCEL = new Grow(Uint8Array), BSTART = new Grow(Int32Array);
const DIDX = new Grow(Int32Array);
const BANDREC = new Grow(Int32Array), BANDJ = new Grow(Int32Array);  // the band lines among them
const KIND_SEL_FULL = 254, KIND_SEL_DIFF = 255;  // selection changes by kinds this viewer does not know
const RARE = [];  // {rec, obj}
const EVENTS = new Grow(Int32Array);  // every line but pointer lines
const MARKS = new Grow(Int32Array);   // "events" for Shift+arrows: every line but pointer and band.selecting
const MODES = Object.keys(H.modeColours);
const INLINE = [];  // shapes written inline (SH < 0: INLINE[-SH - 1]), in the templates' form
let lastInline = [0, 0, 0, 0, 0];
function readInline(r) {
  const kind = r.u();
  if (kind === 0) return { c: r.s() };
  if (kind === 1) { lastInline = lastInline.map(v => v + r.s()); return { r: lastInline.slice() }; }
  if (kind === 2) return { v: r.s() };
  if (kind === 3) return { h: r.s() };
  if (kind === 4) { const n = r.u(), p = []; for (let j = 0; j < n; j++) p.push([r.s(), r.s()]); return { p: p }; }
  return { x: 1 };
}
// A list of items as the log writes it (ids, "all" or ranges; forEachListed): pushes the
// indices of the items this page carries onto DIDX and returns how many.
const isList = isItemList;
function pushIndices(v) { return forEachListed(v, NI, ID_INDEX, ix => DIDX.push(ix)); }
// Drags (drag.began/moved/ended): per line, the dragged items (D[d0 ..< d0 + n]) and their offset; drawn offset while a drag runs.
const DRAGS = [], DRAGREC = [];
// Flocks (contextMenu.flocked): the items (D[d0 ..< d0 + n]) gathered at the menu's point, from
// the record until the next press's record (end: that record's index, N while none came).
const FLOCKS = [], FLOCKREC = [];
{ const rp = new Reader(bytes('pointers')), rb = new Reader(bytes('band'));
  let dragD0 = 0, dragN = 0;
  let mx = 0, my = 0, shape = 0, pi = 0, ri = 0, bx = 0, by = 0, bw = 0, bh = 0, mode = 0, start = -1;
  const textBands = H.bandLinesAsText;
  for (let i = 0; i < N; i++) {
    const k = K[i];
    if (k === KIND_POINTER) {
      const fl = rp.u(); mx += rp.s(); my += rp.s();
      PREC[pi] = i; MX[pi] = mx; MY[pi] = my; ORD[i] = pi;
      if (fl & 1) { PX[pi] = mx + rp.s(); PY[pi] = my + rp.s(); } else { PX[pi] = mx; PY[pi] = my; }
      if (fl & 2) { CX[pi] = rp.s(); CY[pi] = rp.s(); }
      if (fl & 4) { shape = rp.u() - 1; if (shape < 0) { INLINE.push(readInline(rp)); shape = -INLINE.length; } }
      SH[pi] = shape; ACC0[pi] = AX.n;
      if (fl & 8) { const c = rp.u(); ACCN[pi] = c; for (let j = 0; j < c; j++) { AX.push(PX[pi] + rp.s()); AY.push(PY[pi] + rp.s()); AA.push(rp.s()); AL.push(1000); } }
      if (fl & 16) { ACCF[pi] = 1; for (let j = 0; j < ACCN[pi]; j++) AL.a[ACC0[pi] + j] = rp.u(); }
      pi++;
      continue;
    }
    EVENTS.push(i);
    if (k === KIND_SELECTING && !textBands) {
      bx += rb.s(); by += rb.s(); bw += rb.s(); bh += rb.s();
      ORD[i] = BREC.n; BANDREC.push(i); BANDJ.push(BREC.n); BREC.push(i); BK.push(2); BX.push(bx); BY.push(by); BW.push(bw); BH.push(bh);
      BD0.push(DIDX.n); let c = rb.u(), last = -1;
      for (let j = 0; j < c; j++) { last += rb.s() + 1; DIDX.push(last); }
      BDA.push(c); c = rb.u(); last = -1;
      for (let j = 0; j < c; j++) { last += rb.s() + 1; DIDX.push(last); }
      BDR.push(c); BMODE.push(mode); BCANCEL.push(0); BSTART.push(start);
      continue;
    }
    const obj = JSON.parse(RARE_TEXT[ri]); ORD[i] = ri; RARE.push({ rec: i, obj: obj }); ri++;
    if (k !== KIND_SELECTING) MARKS.push(i);
    if (KINDS[k].startsWith('drag.')) {
      if (KINDS[k] === 'drag.began') { dragD0 = DIDX.n; dragN = pushIndices(obj.items); }
      const off = Array.isArray(obj.offset) ? obj.offset : [0, 0];
      DRAGREC.push(i); DRAGS.push({ d0: dragD0, n: dragN, dx: off[0], dy: off[1], active: KINDS[k] !== 'drag.ended' });
    }
    if (KINDS[k] === 'contextMenu.flocked') {
      const d0 = DIDX.n, n = pushIndices(obj.items), p = Array.isArray(obj.point) ? obj.point : [0, 0];
      FLOCKREC.push(i); FLOCKS.push({ d0: d0, n: n, x: p[0], y: p[1], end: N });
    } else if (FLOCKS.length && FLOCKS[FLOCKS.length - 1].end === N && /^(band\.began|selection\.changed|drag\.began|contextMenu\.requested|item\.primaryAction)$/.test(KINDS[k])) {
      FLOCKS[FLOCKS.length - 1].end = i;
    }
    if (k === KIND_BEGAN || k === KIND_SELECTING || k === KIND_ENDED) {
      const r = obj.rect; bx = Math.round(r[0] * 1000); by = Math.round(r[1] * 1000); bw = Math.round(r[2] * 1000); bh = Math.round(r[3] * 1000);
      if (k === KIND_BEGAN) { mode = Math.max(0, MODES.indexOf(obj.mode)); start = i; }
      BREC.push(i); BK.push(k); BX.push(bx); BY.push(by); BW.push(bw); BH.push(bh); BD0.push(DIDX.n);
      let a = 0, rm = 0;
      if (k === KIND_ENDED) a = pushIndices(obj.selection);
      if (k === KIND_SELECTING) { a = pushIndices(obj.added); rm = pushIndices(obj.removed); }
      BDA.push(a); BDR.push(rm); BMODE.push(mode); BCANCEL.push(k === KIND_ENDED && obj.cancelled ? 1 : 0); BSTART.push(start);
      BANDREC.push(i); BANDJ.push(BREC.n - 1);
    } else if (!/^(band|region|device)\./.test(KINDS[k]) && (isList(obj.selection) || isList(obj.added) || isList(obj.removed))) {
      // a kind this viewer does not know that changes the selection (say, a click's
      // selection.changed): a full "selection" replaces it, "added"/"removed" change it
      const full = isList(obj.selection);
      BREC.push(i); BK.push(full ? KIND_SEL_FULL : KIND_SEL_DIFF); BX.push(bx); BY.push(by); BW.push(bw); BH.push(bh); BD0.push(DIDX.n);
      const a = pushIndices(full ? obj.selection : obj.added), rm = full ? 0 : pushIndices(obj.removed);
      BDA.push(a); BDR.push(rm); BMODE.push(mode); BCANCEL.push(0); BSTART.push(start);
    }
  }
}
const NBAND = BANDREC.n, BANDR = BANDREC.done(), BANDX = BANDJ.done();
const NB = BREC.n;
const B = { rec: BREC.done(), k: BK.done(), x: BX.done(), y: BY.done(), w: BW.done(), h: BH.done(), d0: BD0.done(), da: BDA.done(), dr: BDR.done(), mode: BMODE.done(), cancel: BCANCEL.done(), start: BSTART.done() };
const D = DIDX.done(), ACC = { x: AX.done(), y: AY.done(), a: AA.done(), alpha: AL.done() };
const EV = EVENTS.done(), MK = MARKS.done();
function changeList(id, n, width) {
  const r = new Reader(bytes(id)), at = new Int32Array(n), v = []; for (let j = 0; j < width; j++) v.push(new Float64Array(n));
  let idx = 0; for (let i = 0; i < n; i++) { idx += r.u(); at[i] = idx; for (let j = 0; j < width; j++) v[j][i] = r.s(); }
  return { at: at, v: v, n: n, get(k, j, dflt) { const i = lastLE(at, n, k); return i < 0 ? dflt : v[j][i]; }, index(k) { return lastLE(at, n, k); } };
}
const SCROLL = changeList('scroll', H.counts.scroll, 2), AUTO = changeList('autoscroll', H.counts.autoscroll, 2);
const HELD = changeList('held', H.counts.held, 2), REGION = changeList('region', H.counts.region, 4);
// raw input lane
const NIN = H.counts.input, IN = { t: new Float64Array(NIN), type: new Uint8Array(NIN), a: new Float64Array(NIN), b: new Float64Array(NIN) };
{ const r = new Reader(bytes('input', true)); let t = 0;
  for (let i = 0; i < NIN; i++) { t += r.s(); IN.t[i] = t; const ty = r.u(); IN.type[i] = ty;
    if (ty === 0 || ty === 1 || ty === 4) { IN.a[i] = r.s(); IN.b[i] = r.s(); } else if (ty === 2 || ty === 3 || ty === 5 || ty === 7 || ty === 8) IN.a[i] = r.u(); } }
// selection checkpoints: the selection before band line c·CP, for every c
const CP = Math.max(256, Math.ceil(NB * Math.max(1, NI) / 48e6));
const sel = new Uint8Array(NI); let selApplied = 0, selCount = 0;
const initialSel = []; for (const id of H.initialSelection) { const i = ID_INDEX.get(id); if (i !== undefined) initialSel.push(i); }
function resetSel() { sel.fill(0); selCount = 0; for (const i of initialSel) { if (!sel[i]) { sel[i] = 1; selCount++; } } selApplied = 0; }
function applyBand(j) {
  const k = B.k[j], d0 = B.d0[j], a = B.da[j], r = B.dr[j];
  if (k === KIND_ENDED || k === KIND_SEL_FULL) { sel.fill(0); selCount = 0; for (let q = d0; q < d0 + a; q++) if (!sel[D[q]]) { sel[D[q]] = 1; selCount++; } }
  else if (k === KIND_SELECTING || k === KIND_SEL_DIFF) { for (let q = d0 + a; q < d0 + a + r; q++) if (sel[D[q]]) { sel[D[q]] = 0; selCount--; } for (let q = d0; q < d0 + a; q++) if (!sel[D[q]]) { sel[D[q]] = 1; selCount++; } }
}
const checkpoints = [];
resetSel();
for (let j = 0; j < NB; j++) { if (j % CP === 0) checkpoints.push({ bits: sel.slice(), count: selCount }); applyBand(j); }
selApplied = NB;
let SHOWN = sel;  // the selection drawn: the log's, or the shown profile's
function selectionAfter(bi) {  // apply band lines 0…bi
  const want = bi + 1;
  if (want < selApplied || want - selApplied > CP) {
    const c = Math.floor(want / CP); if (c < checkpoints.length) { sel.set(checkpoints[c].bits); selCount = checkpoints[c].count; selApplied = c * CP; } else resetSel();
  }
  while (selApplied < want) applyBand(selApplied++);
}
// spatial grid over the items, for culling
const CELL = 256, GW = Math.max(1, Math.ceil(H.view.contentWidth / CELL)), GH = Math.max(1, Math.ceil(H.view.contentHeight / CELL));
const gridStart = new Int32Array(GW * GH + 1), gridItems = new Int32Array(NI);
{ const cellOf = i => Math.min(GH - 1, Math.max(0, Math.floor(IY[i] / CELL))) * GW + Math.min(GW - 1, Math.max(0, Math.floor(IX[i] / CELL)));
  for (let i = 0; i < NI; i++) gridStart[cellOf(i) + 1]++;
  for (let c = 0; c < GW * GH; c++) gridStart[c + 1] += gridStart[c];
  const fill = gridStart.slice(0, GW * GH); for (let i = 0; i < NI; i++) gridItems[fill[cellOf(i)]++] = i; }
let maxItemW = 0, maxItemH = 0; for (let i = 0; i < NI; i++) { if (IW[i] > maxItemW) maxItemW = IW[i]; if (IH[i] > maxItemH) maxItemH = IH[i]; }
// item.geometryChanged lines (resizes by handles): [line, item index, rect]; the
// scene's rects kept to restore; applyGeometry(k) gives every item its rect at line k
const GEO = [], GEO0 = new Map();
for (let q = 0; q < MK.length; q++) { const i = MK[q]; if (KINDS[K[i]] !== 'item.geometryChanged') continue;
  const o = RARE[ORD[i]].obj, ix = ID_INDEX.get(o.item); if (ix === undefined) continue;
  GEO.push([i, ix, o.rect]); if (!GEO0.has(ix)) GEO0.set(ix, [IX[ix], IY[ix], IW[ix], IH[ix]]);
  maxItemW = Math.max(maxItemW, o.rect[2]); maxItemH = Math.max(maxItemH, o.rect[3]); }
function applyGeometry(k) {
  if (!GEO.length) return;
  for (const [ix, r] of GEO0) { IX[ix] = r[0]; IY[ix] = r[1]; IW[ix] = r[2]; IH[ix] = r[3]; }
  for (const [line, ix, r] of GEO) { if (line > k) break; IX[ix] = r[0]; IY[ix] = r[1]; IW[ix] = r[2]; IH[ix] = r[3]; }
}
// a region's rect now: an item region's follows its item
function regionRect(r) {
  if (r.item === undefined) return r.rect;
  const i = r.item, cx = IX[i] + r.anchor[0] * IW[i] + r.offset[0], cy = IY[i] + r.anchor[1] * IH[i] + r.offset[1];
  return [cx - r.size[0] / 2, cy - r.size[1] / 2, r.size[0], r.size[1]];
}
// The pointer's trail: the model pointer in content coordinates (view + the scroll offset of
// its line), thinned to at most 20,000 points (as the SVG summary), with each point's line.
const TRAIL = (() => { const xs = new Float64Array(P), ys = new Float64Array(P);
  for (let pi = 0; pi < P; pi++) { xs[pi] = (MX[pi] + SCROLL.get(PREC[pi], 0, 0)) / 1000; ys[pi] = (MY[pi] + SCROLL.get(PREC[pi], 1, 0)) / 1000; }
  const keep = thinPath(xs, ys, P, 20000), n = keep.length, t = { n: n, x: new Float64Array(n), y: new Float64Array(n), rec: new Int32Array(n) };
  keep.forEach((pi, q) => { t.x[q] = xs[pi]; t.y[q] = ys[pi]; t.rec[q] = PREC[pi]; });
  return t; })();
const decodeMs = performance.now() - t0;

// ---- state at a log line -------------------------------------------------
const END = N ? T[N - 1] : 0;  // ms
// ---- several profiles side by side (render --profiles) -----------------------
const PROF_COLOURS = ['#2a6bb8', '#2e9d4f', '#e67e22', '#9b59b6', '#d0021b', '#16a5a5', '#7a5c2e', '#e0479e'];  // one per registered profile (7), and one spare
// each profile's selection changes (diffs), and its selection at a time (moved diff by diff)
const PROF_CH = PROF_SEL ? PROF.changes.map((text, k) => decodeProfileChanges(b64(text), PROF.counts[k])) : [];
const PROF_TRACK = PROF_CH.map(ch => profileTrack(ch, NI, initialSel));
function profileAt(k, ms) { return PROF_TRACK[k].seek(ms); }
function profileSelection(k, ms) { return profileAt(k, ms).indices(); }
// where profile k's selection differs from the first profile's (k = 0: where any two differ)
const PROF_DIFF = PROF_SEL ? profileDiffs(PROF_CH, NI, initialSel, END) : [];
function profilesDifferAt(ms) { return PROF_DIFF.length > 0 && PROF_DIFF[0].some(([a, e]) => a <= ms + 1e-6 && ms + 1e-6 < e); }
function recordAt(ms) { return lastLE(T, N, ms + 1e-6); }
function shapeAt(pi) {
  const s = SH[pi] >= 0 ? H.shapes[SH[pi]] : INLINE[-SH[pi] - 1], px = PX[pi], py = PY[pi];
  if (!s) return { circle: H.config.system * 1000 };
  if ('c' in s) return { circle: s.c };
  if ('r' in s) return { roundedRect: [px + s.r[0], py + s.r[1], s.r[2], s.r[3], s.r[4]] };
  if ('v' in s) return { verticalBeam: s.v };
  if ('h' in s) return { horizontalBeam: s.h };
  if ('p' in s) return { path: s.p.map(q => [px + q[0], py + q[1]]) };
  return { hidden: true };
}
function shapeText(s) {
  if ('circle' in s) return '{"circle":' + f3(s.circle) + '}';
  if ('roundedRect' in s) return '{"roundedRect":[' + s.roundedRect.map(f3).join(',') + ']}';
  if ('verticalBeam' in s) return '{"verticalBeam":' + f3(s.verticalBeam) + '}';
  if ('horizontalBeam' in s) return '{"horizontalBeam":' + f3(s.horizontalBeam) + '}';
  if ('path' in s) return '{"path":[' + s.path.map(q => '[' + f3(q[0]) + ',' + f3(q[1]) + ']').join(',') + ']}';
  return '{"hidden":true}';
}
const idText = i => JSON.stringify(IDS[i]);
// The log line i, exactly as `pointersim replay --verbose` printed it.
function lineText(i) {
  const k = K[i], o = ORD[i], head = '{"t":' + f3(T[i]) + ',"event":' + JSON.stringify(KINDS[k]);
  if (k === KIND_POINTER) {
    let s = head + ',"model":[' + f3(MX[o]) + ',' + f3(MY[o]) + '],"presented":[' + f3(PX[o]) + ',' + f3(PY[o]) + '],"shape":' + shapeText(shapeAt(o));
    s += ',"content":[' + f3(CX[o]) + ',' + f3(CY[o]) + '],"accessories":[';
    for (let j = 0; j < ACCN[o]; j++) { const q = ACC0[o] + j; s += (j ? ',' : '') + '{"center":[' + f3(ACC.x[q]) + ',' + f3(ACC.y[q]) + '],"angle":' + f3(ACC.a[q]) + (ACCF[o] ? ',"alpha":' + f3(ACC.alpha[q]) : '') + '}'; }
    return s + ']}';
  }
  if (k === KIND_SELECTING && !H.bandLinesAsText) {
    const d0 = B.d0[o], a = B.da[o], r = B.dr[o];
    return head + ',"rect":[' + [B.x[o], B.y[o], B.w[o], B.h[o]].map(f3).join(',') + '],"added":' + listText(d0, a) + ',"removed":' + listText(d0 + a, r) + '}';
  }
  return RARE_TEXT[o];
}
// The list of D[from ..< from + n] (scene indices, ascending) as the log writes it:
// ids, or above 1,000 items "all" or {"count":N,"ranges":[[FIRST,LAST],…]} (Log.md, "Long lists").
function listText(from, n) {
  if (n <= 1000) { const ids = []; for (let q = from; q < from + n; q++) ids.push(idText(D[q])); return '[' + ids.join(',') + ']'; }
  if (n === NI && D[from] === 0 && D[from + n - 1] === NI - 1) return '"all"';
  const runs = []; let a = D[from], b = a;
  for (let q = from + 1; q < from + n; q++) { if (D[q] === b + 1) b = D[q]; else { runs.push('[' + a + ',' + b + ']'); a = b = D[q]; } }
  runs.push('[' + a + ',' + b + ']');
  return '{"count":' + n + ',"ranges":[' + runs.join(',') + ']}';
}
function bandAt(k) {
  const q = lastLE(BANDR, NBAND, k); if (q < 0) return null;
  const j = BANDX[q];
  const active = B.k[j] !== KIND_ENDED;
  return { j: j, active: active, ended: !active, cancelled: !!B.cancel[j], mode: MODES[B.mode[j]] || 'replace',
    rect: [B.x[j] / 1000, B.y[j] / 1000, B.w[j] / 1000, B.h[j] / 1000], endedAt: active ? null : T[B.rec[j]] };
}
function state(k) {
  const s = { line: k, t: k >= 0 ? T[k] / 1000 : 0 };
  const pi = lastLE(PREC, P, k);
  if (pi >= 0) {
    s.model = [MX[pi] / 1000, MY[pi] / 1000]; s.presented = [PX[pi] / 1000, PY[pi] / 1000];
    s.shapeMilli = shapeAt(pi); s.shape = JSON.parse(shapeText(s.shapeMilli)); s.content = [CX[pi] / 1000, CY[pi] / 1000];
    s.accessories = []; for (let j = 0; j < ACCN[pi]; j++) { const q = ACC0[pi] + j; s.accessories.push({ center: [ACC.x[q] / 1000, ACC.y[q] / 1000], angle: ACC.a[q] / 1000, alpha: ACC.alpha[q] / 1000 }); }
    s.pointerLine = PREC[pi];
  } else {
    s.model = null; s.presented = null; s.shape = null; s.accessories = []; s.content = [0, 0];
  }
  s.scroll = [SCROLL.get(k, 0, 0) / 1000, SCROLL.get(k, 1, 0) / 1000];
  s.autoscroll = [AUTO.get(k, 0, 0) / 1000, AUTO.get(k, 1, 0) / 1000];
  const buttons = HELD.get(k, 0, 0), mods = HELD.get(k, 1, 0);
  s.buttons = ['primary', 'secondary', 'middle'].filter((b, i) => buttons & (1 << i));
  s.modifiers = ['shift', 'control', 'option', 'command', 'capsLock'].filter((b, i) => mods & (1 << i));
  const reg = REGION.get(k, 0, 0);
  s.region = reg > 0 && H.regions[reg - 1] ? H.regions[reg - 1].id : null;
  s.regionIndex = reg - 1;
  s.effect = reg > 0 ? H.effects[REGION.get(k, 1, 0)] : null;
  s.latched = reg > 0 ? H.axes[REGION.get(k, 2, 0)] : 'none';
  s.accessorySet = reg > 0 ? REGION.get(k, 3, 0) : 0;
  const b = bandAt(k); s.band = b;
  const dq = lastLE(DRAGREC, DRAGREC.length, k), dg = dq >= 0 ? DRAGS[dq] : null;
  s.drag = dg && dg.active ? { items: Array.from(D.subarray(dg.d0, dg.d0 + Math.min(dg.n, 5000))), offset: [dg.dx, dg.dy] } : null;
  const fq = lastLE(FLOCKREC, FLOCKREC.length, k), fl = fq >= 0 ? FLOCKS[fq] : null;
  s.flock = fl && k < fl.end ? { items: Array.from(D.subarray(fl.d0, fl.d0 + Math.min(fl.n, 8))), count: fl.n, point: [fl.x, fl.y] } : null;
  if (NI) { selectionAfter(lastLE(B.rec, NB, k)); s.selectionCount = selCount; SHOWN = sel; }
  else s.selectionCount = 0;
  // render --profiles: the shown profile's selection as the comparison has it (its log's
  // band.began does not list what a band selects as it begins; the comparison does)
  if (PROF_SEL && NI) { const tr = profileAt(PK, s.t * 1000); SHOWN = tr.sel; s.selectionCount = tr.count; }
  // the last unplug
  s.removed = null;
  for (let r = lastLE(MK, MK.length, k); r >= 0 && T[k] - T[MK[r]] <= 2000; r--) { if (KINDS[K[MK[r]]] === 'device.removed') { s.removed = { t: T[MK[r]] / 1000, device: RARE[ORD[MK[r]]].obj.device }; break; } }
  // kinds this viewer does not know that name items or a point (focus, actions, menus): marked for a second
  s.marked = []; const seen = new Set();  // the latest line of each such kind, within a second
  for (let r = lastLE(MK, MK.length, k); r >= 0 && T[k] - T[MK[r]] <= 1000 && s.marked.length < 8; r--) {
    const i = MK[r], kind = KINDS[K[i]];
    if (/^(band|region|device)\./.test(kind) || seen.has(kind)) continue;
    seen.add(kind);
    const o = RARE[ORD[i]].obj;
    for (const key in o) { const v = o[key]; if (key === 'event' || key === 'selection' || key === 'added' || key === 'removed') continue;
      if (key === 'point' && Array.isArray(v) && v.length === 2 && typeof v[0] === 'number') { s.marked.push({ kind: kind, point: v }); continue; }
      forEachListed(isItemList(v) ? v : [v], NI, ID_INDEX, ix => s.marked.push({ kind: kind, item: ix }), 4); }
  }
  return s;
}
function selectedIds(limit) { const out = []; for (let i = 0; i < NI && out.length < limit; i++) if (SHOWN[i]) out.push(IDS[i]); return out; }

// ---- drawing the stage -----------------------------------------------------
const stage = $('stage'), sctx = stage.getContext('2d');
const VW = H.view.width, VH = H.view.height;
// The drawing's extent (view coordinates): the view and everything the session draws
// at any line — the pointer with its shape and accessories, the model pointer, the
// bands, items as they change geometry and the regions on them — so nothing is cut off.
const ACC_R = Math.max(6, ...H.accessorySets.flat().map(d => d.arrow !== undefined ? d.arrow * 0.75 : d.shape ? 0.75 * Math.max(...Object.values(d.shape).flat().filter(v => typeof v === 'number').map(Math.abs), 1) : 6)) + 1;
function shapeBox(sm, px, py) { return PointerSimViewerLib.shapeBox(sm, px, py, H.config.beamWidth); }  // from shapeAt's thousandths
const EXT = (() => {
  const ext = PointerSimViewerLib.extent(VW, VH), add = ext.add;
  for (let pi = 0; pi < P; pi++) {
    const mx = MX[pi] / 1000, my = MY[pi] / 1000, px = PX[pi] / 1000, py = PY[pi] / 1000;  // thousandths → points
    add([mx - 8, my - 8, mx + 8, my + 8]);
    if (pi === 0 || SH[pi] !== SH[pi - 1] || PX[pi] !== PX[pi - 1] || PY[pi] !== PY[pi - 1]) add(shapeBox(shapeAt(pi), px, py));
    for (let j = 0; j < ACCN[pi]; j++) { const q = ACC0[pi] + j, ax = ACC.x[q] / 1000, ay = ACC.y[q] / 1000; add([ax - ACC_R, ay - ACC_R, ax + ACC_R, ay + ACC_R]); }
  }
  for (let j = 0; j < NB; j++) {
    const k = B.k[j]; if (k !== KIND_BEGAN && k !== KIND_SELECTING && k !== KIND_ENDED) continue;
    const sx = SCROLL.get(B.rec[j], 0, 0) / 1000, sy = SCROLL.get(B.rec[j], 1, 0) / 1000, x = B.x[j] / 1000 - sx, y = B.y[j] / 1000 - sy;
    add([x, y, x + B.w[j] / 1000, y + B.h[j] / 1000]);
  }
  // items whose geometry changes (resized by handles), with the regions on them, at every change
  const itemRegions = H.regions.filter(r => r.item !== undefined);
  const around = (ix, line) => { const sx = SCROLL.get(line, 0, 0) / 1000, sy = SCROLL.get(line, 1, 0) / 1000;
    add([IX[ix] - sx, IY[ix] - sy, IX[ix] + IW[ix] - sx, IY[ix] + IH[ix] - sy]);
    for (const r of itemRegions) if (r.item === ix) { const q = regionRect(r); add([q[0] - sx, q[1] - sy, q[0] + q[2] - sx, q[1] + q[3] - sy]); } };
  if (NI) { for (const r of itemRegions) around(r.item, 0); for (const [line, ix] of GEO) { applyGeometry(line); around(ix, line); } applyGeometry(-1); }
  return ext.done(14);  // room for labels beside what sticks out
})();
const EW = EXT[2] - EXT[0], EH = EXT[3] - EXT[1];
let fit = 1, dpr = 1;
const zoom = { z: 1, x: EXT[0], y: EXT[1] };  // stage zoom: view points at the top-left, factor
// A scene without items or regions (a bare recording): the page opens zoomed onto where the
// pointer went, so its trail is not a scribble in a corner (fit or a double-click shows all)
const ZOOM0 = (() => {
  if (NI || H.regions.length || P < 2) return null;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let pi = 0; pi < P; pi++) { const x = MX[pi] / 1000, y = MY[pi] / 1000; if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y; }
  const m = 40, z = Math.min(40, EW / (x1 - x0 + 2 * m), EH / (y1 - y0 + 2 * m));
  return z > 1.25 ? { z: z, x: (x0 + x1) / 2 - EW / z / 2, y: (y0 + y1) / 2 - EH / z / 2 } : null;
})();
// What this frame drew (view coordinates), for tests: shapes and labels
let DRAWN = { boxes: [], labels: [] };
const layers = { items: true, trail: true, regions: true, band: true, pointer: true, model: true, accessories: true, overlays: true };
function layoutStage() {
  const avail = Math.max(200, window.innerWidth - Math.min(560, Math.max(300, window.innerWidth * 0.33)) - 40);
  const top = stage.getBoundingClientRect().top + window.scrollY, availH = Math.max(240, window.innerHeight - top - 16);
  fit = fitScale(avail, availH, EW, EH); dpr = window.devicePixelRatio || 1;
  stage.style.width = (EW * fit) + 'px'; stage.style.height = (EH * fit) + 'px';
  stage.width = Math.round(EW * fit * dpr); stage.height = Math.round(EH * fit * dpr);
}
function rr(ctx, x, y, w, h, r) { r = Math.max(0, Math.min(r, w / 2, h / 2)); ctx.beginPath(); ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r); ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath(); }
function shapePath(ctx, s, cx, cy) {  // s in thousandths, absolute (view) coordinates
  if (s.circle !== undefined) { ctx.beginPath(); ctx.arc(cx, cy, s.circle / 2000, 0, 2 * Math.PI); return true; }
  if (s.roundedRect) { const q = s.roundedRect; rr(ctx, q[0] / 1000, q[1] / 1000, q[2] / 1000, q[3] / 1000, q[4] / 1000); return true; }
  const bw = H.config.beamWidth;
  if (s.verticalBeam !== undefined) { const l = s.verticalBeam / 1000; rr(ctx, cx - bw / 2, cy - l / 2, bw, l, bw / 2); return true; }
  if (s.horizontalBeam !== undefined) { const l = s.horizontalBeam / 1000; rr(ctx, cx - l / 2, cy - bw / 2, l, bw, bw / 2); return true; }
  if (s.path) { ctx.beginPath(); s.path.forEach((q, i) => i ? ctx.lineTo(q[0] / 1000, q[1] / 1000) : ctx.moveTo(q[0] / 1000, q[1] / 1000)); ctx.closePath(); return true; }
  return false;
}
function styleShapePath(ctx, s) {  // a style shape (points), centred at 0,0
  if (s.circle !== undefined) { ctx.beginPath(); ctx.arc(0, 0, s.circle / 2, 0, 2 * Math.PI); }
  else if (s.roundedRect) { const w = s.roundedRect[0], h = s.roundedRect[1]; rr(ctx, -w / 2, -h / 2, w, h, s.roundedRect[2] == null ? 0 : s.roundedRect[2]); }
  else if (s.verticalBeam !== undefined) rr(ctx, -1, -s.verticalBeam / 2, 2, s.verticalBeam, 1);
  else if (s.horizontalBeam !== undefined) rr(ctx, -s.horizontalBeam / 2, -1, s.horizontalBeam, 2, 1);
  else if (s.path) { ctx.beginPath(); s.path.forEach((q, i) => i ? ctx.lineTo(q[0], q[1]) : ctx.moveTo(q[0], q[1])); ctx.closePath(); }
}
// Text on the stage at a size on screen (px), whatever the drawing's scale: labels stay readable at 1×.
let SCR = 1;
const F = (n, bold) => (bold ? 'bold ' : '') + (n / SCR) + 'px system-ui,sans-serif';
const EFFECT_COLOUR = { highlight: '#f5a623', lift: '#7b61ff', hover: '#50b4d8', system: '#999999', hidden: '#bbbbbb', none: '#777777', automatic: '#999999' };
// the pointer's trail up to line s.line (content coordinates), coloured by time as the SVG's path
function drawTrail(ctx, s, S) {
  if (!layers.trail || TRAIL.n < 2 || s.line < 0) return;
  {
    const last = lastLE(TRAIL.rec, TRAIL.n, s.line), span = Math.max(1, END), steps = 24;
    ctx.lineWidth = 1.5 / S; ctx.lineJoin = 'round'; ctx.lineCap = 'round';
    let q = 0;
    for (let c = 0; c < steps && q < last; c++) {
      const until = (c + 1) / steps * span; ctx.beginPath(); ctx.moveTo(TRAIL.x[q], TRAIL.y[q]);
      while (q < last && (T[TRAIL.rec[q + 1]] <= until || c === steps - 1)) { q++; ctx.lineTo(TRAIL.x[q], TRAIL.y[q]); }
      ctx.strokeStyle = 'hsla(' + timeHue(c / (steps - 1)) + ',75%,45%,0.6)'; ctx.stroke();
    }
    DRAWN.trail = last + 1;
  }
}
function drawStage(s) {
  const ctx = sctx;
  applyGeometry(s.line);
  const S = fit * zoom.z;  // screen px per view point
  SCR = S;
  ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.fillStyle = '#e8e8e8'; ctx.fillRect(0, 0, stage.width, stage.height);
  ctx.setTransform(dpr * S, 0, 0, dpr * S, -zoom.x * dpr * S, -zoom.y * dpr * S);
  ctx.fillStyle = '#f0f0f0'; ctx.fillRect(EXT[0], EXT[1], EW, EH);
  ctx.fillStyle = '#fafafa'; ctx.fillRect(0, 0, VW, VH);
  ctx.save(); ctx.beginPath(); ctx.rect(EXT[0], EXT[1], EW, EH); ctx.clip();
  const ox = s.scroll[0], oy = s.scroll[1];
  DRAWN = { boxes: [], labels: [], trail: 0, tags: [] }; placed = []; labelOffset = [ox, oy];
  const vx0 = zoom.x, vy0 = zoom.y, vx1 = zoom.x + EW / zoom.z, vy1 = zoom.y + EH / zoom.z;  // the view points on screen
  let trailDrawn = false;
  ctx.translate(-ox, -oy);
  // items inside the view
  if (layers.items && NI) {
    const x0 = ox + vx0 - maxItemW, y0 = oy + vy0 - maxItemH, x1 = ox + vx1, y1 = oy + vy1;
    const c0 = Math.max(0, Math.floor(x0 / CELL)), c1 = Math.min(GW - 1, Math.floor(x1 / CELL)), r0 = Math.max(0, Math.floor(y0 / CELL)), r1 = Math.min(GH - 1, Math.floor(y1 / CELL));
    const visible = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) { const g = r * GW + c; for (let q = gridStart[g]; q < gridStart[g + 1]; q++) { const i = gridItems[q]; if (IX[i] < x1 && IX[i] + IW[i] > x0 + maxItemW && IY[i] < y1 && IY[i] + IH[i] > y0 + maxItemH) visible.push(i); } }
    ctx.lineWidth = 1 / S;
    ctx.fillStyle = '#e4e4e4'; ctx.beginPath(); for (const i of visible) if (!SHOWN[i]) ctx.rect(IX[i], IY[i], IW[i], IH[i]); ctx.fill();
    ctx.fillStyle = '#4a90e2'; ctx.beginPath(); for (const i of visible) if (SHOWN[i]) ctx.rect(IX[i], IY[i], IW[i], IH[i]); ctx.fill();
    if (visible.length <= 5000) { ctx.strokeStyle = '#888'; ctx.beginPath(); for (const i of visible) ctx.rect(IX[i], IY[i], IW[i], IH[i]); ctx.stroke(); }
    drawTrail(ctx, s, S); trailDrawn = true;  // over the items, under their tags and ids
    // each profile's selection: a tag per profile along the item's top edge, named (its
    // short tag when the names do not fit), filled in its colour when selected; the id below
    const tagged = new Map();
    if (PROF_SEL && visible.length <= 2000) {
      // at the body's size (13 px on screen), in rows along the top when one row is too narrow
      const sets = PROF.names.map((_, k) => profileAt(k, s.t * 1000).sel), fs = 13 / S, pad = 2 / S, gap = 2 / S, h = fs + 2 * pad;
      ctx.font = fs + 'px system-ui,sans-serif'; ctx.textBaseline = 'middle'; ctx.textAlign = 'center';
      const tags = PointerSimViewerLib.profileTags(PROF.names);
      const full = PROF.names.map(n => ctx.measureText(n).width + 2 * pad), short = tags.map(n => ctx.measureText(n).width + 2 * pad);
      for (const i of visible) {
        const L = layoutTags(full, short, IW[i], h, gap, IH[i] * 0.7); if (!L) continue;
        let bottom = 0;
        PROF.names.forEach((n, k) => { const c = PROF_COLOURS[k % PROF_COLOURS.length], on = !!sets[k][i], w = (L.names ? full : short)[k], x = IX[i] + L.pos[k][0], y = IY[i] + L.pos[k][1];
          ctx.fillStyle = on ? c : '#fff'; ctx.fillRect(x, y, w, h); ctx.strokeStyle = c; ctx.lineWidth = (k === PK ? 2.5 : 1) / S; ctx.strokeRect(x, y, w, h);
          ctx.fillStyle = on ? '#fff' : c; ctx.fillText(L.names ? n : tags[k], x + w / 2, y + h / 2);
          placed.push([x - ox, y - oy, x + w - ox, y + h - oy]); DRAWN.tags.push(fs * S); bottom = Math.max(bottom, L.pos[k][1] + h + gap); });
        tagged.set(i, bottom);
      }
      ctx.lineWidth = 1 / S;
    }
    if (NI <= H.maxLabelled) {
      ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      for (const i of visible) {
        const top = tagged.get(i) || 0, ih = IH[i] - top;
        const id = IDS[i], size = Math.min(14 / S, ih * 0.7, IW[i] / Math.max(1, id.length) * 1.7);  // at most 14 px on screen
        if (size * S < 5) continue;
        const cy = IY[i] + top + ih / 2;
        ctx.font = size + 'px system-ui,sans-serif'; ctx.fillStyle = SHOWN[i] ? '#fff' : '#333';
        ctx.fillText(id, IX[i] + IW[i] / 2, cy);
        if (visible.length <= 200) { const w = ctx.measureText(id).width; placed.push([IX[i] + IW[i] / 2 - w / 2 - ox, cy - size / 2 - oy, IX[i] + IW[i] / 2 + w / 2 - ox, cy + size / 2 - oy]); }
      }
    }
  }
  // the dragged items, following the pointer while a drag runs
  if (layers.items && NI && s.drag && s.drag.items.length) {
    ctx.save(); ctx.translate(s.drag.offset[0], s.drag.offset[1]); ctx.globalAlpha = 0.6;
    ctx.beginPath(); for (const i of s.drag.items) ctx.rect(IX[i], IY[i], IW[i], IH[i]);
    ctx.fillStyle = '#4a90e2'; ctx.fill(); ctx.setLineDash([4, 3]); ctx.lineWidth = 1.5 / S; ctx.strokeStyle = '#2a6bb8'; ctx.stroke(); ctx.restore();
  }
  // a context menu's items flocked together at its point (uikit): a stack of their
  // shapes, at most 60 × 40 points each, with their count, kept inside the drawing
  if (layers.items && NI && s.flock && s.flock.items.length) {
    const f = s.flock, n = f.items.length;
    let w = 1, h = 1; for (const i of f.items) { w = Math.max(w, IW[i]); h = Math.max(h, IH[i]); }
    const sc = Math.min(1, 60 / w, 40 / h); w *= sc; h *= sc;
    const step = 4 / S, tw = w + step * (n - 1), th = h + step * (n - 1);
    let x = f.point[0] - ox - tw / 2, y = f.point[1] - oy - th / 2;
    x = Math.max(EXT[0], Math.min(x, EXT[0] + EW - tw)); y = Math.max(EXT[1], Math.min(y, EXT[1] + EH - th));
    ctx.save(); ctx.translate(ox, oy);
    for (let j = n - 1; j >= 0; j--) {
      rr(ctx, x + j * step, y + j * step, w, h, Math.min(6, w / 4, h / 4));
      ctx.fillStyle = '#4a90e2'; ctx.globalAlpha = 0.9; ctx.fill(); ctx.globalAlpha = 1; ctx.lineWidth = 1.5 / S; ctx.strokeStyle = '#fff'; ctx.stroke();
    }
    const r = Math.min(9 / S, w / 3, h / 3), bxc = x + tw - r, byc = y + r;
    ctx.beginPath(); ctx.arc(bxc, byc, r, 0, 2 * Math.PI); ctx.fillStyle = '#e0245e'; ctx.fill();
    ctx.fillStyle = '#fff'; ctx.font = (11 / S) + 'px system-ui,sans-serif'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillText(String(f.count), bxc, byc); ctx.textAlign = 'left'; ctx.textBaseline = 'alphabetic';
    ctx.restore();
    DRAWN.boxes.push(['flock', x, y, x + tw, y + th]);
  }
  // regions; the current one with its effect (scaled, moved by the parallax)
  const regionLabels = [];
  if (layers.regions) {
    ctx.textAlign = 'left'; ctx.textBaseline = 'alphabetic';
    H.regions.forEach((r, i) => {
      const current = i === s.regionIndex;
      // an item region: only while its item is selected (or it is current)
      if (r.item !== undefined && !current && !(NI && SHOWN[r.item])) return;
      const [x, y, w, h] = regionRect(r); if (x > ox + vx1 || y > oy + vy1 || x + w < ox + vx0 || y + h < oy + vy0) return;
      DRAWN.boxes.push(['region ' + r.id, x - ox, y - oy, x + w - ox, y + h - oy]);
      ctx.save();
      if (current && (s.effect === 'highlight' || s.effect === 'lift' || s.effect === 'hover')) {
        // where the region rests, faint, under its scaled and moved content
        rr(ctx, x, y, w, h, Math.min(8, w / 4, h / 4)); ctx.setLineDash([2, 3]); ctx.lineWidth = 1 / S; ctx.strokeStyle = 'rgba(155,89,182,0.6)'; ctx.stroke(); ctx.setLineDash([]);
        const p = H.config[s.effect], long = Math.max(w, h), k = long > 0 ? Math.max(1, (long + p.scaleUp) / long) : 1;
        ctx.translate(x + w / 2 + s.content[0], y + h / 2 + s.content[1]); ctx.scale(k, k); ctx.translate(-(x + w / 2), -(y + h / 2));
        if (s.effect === 'lift') { ctx.shadowColor = 'rgba(0,0,0,0.35)'; ctx.shadowBlur = 14; ctx.shadowOffsetY = 4; }
      }
      rr(ctx, x, y, w, h, Math.min(8, w / 4, h / 4));
      ctx.fillStyle = current ? (s.effect === 'hover' ? '#d6eef8' : s.effect === 'lift' ? '#ffffff' : '#f6ecff') : 'rgba(246,236,255,0.85)'; ctx.fill();
      ctx.shadowColor = 'transparent';
      ctx.setLineDash(current ? [] : [4, 3]); ctx.lineWidth = current ? 1.5 : 1; ctx.strokeStyle = current ? EFFECT_COLOUR[s.effect] || '#9b59b6' : '#9b59b6'; ctx.stroke();
      ctx.setLineDash([]);
      ctx.restore();
      regionLabels.push([r.id, x, y, w, h]);
    });
    ctx.fillStyle = '#6c3483';
    for (const [id, x, y, w, h] of regionLabels) { if (w > 30 && h > 12) placeLabel(ctx, id, x + 3 / S, y + 2 / S, F(12)); else placeLabel(ctx, id, x, y - 15 / S, F(12)); }
  }
  if (!trailDrawn) drawTrail(ctx, s, S);  // no items: over the regions
  // items named by recent events of other kinds (a focus, an action, a menu)
  // (one label per kind: at its point, else above its first item)
  const markLabels = new Map();
  for (const m of s.marked) {
    if (m.point) {  // a point the event names (content coordinates), e.g. a context click
      const [x, y] = m.point; ctx.strokeStyle = '#16a085'; ctx.lineWidth = 2 / S; ctx.beginPath(); ctx.arc(x, y, 7 / S, 0, 2 * Math.PI); ctx.moveTo(x - 11 / S, y); ctx.lineTo(x + 11 / S, y); ctx.moveTo(x, y - 11 / S); ctx.lineTo(x, y + 11 / S); ctx.stroke();
      DRAWN.boxes.push(['mark ' + m.kind, x - ox - 11 / S, y - oy - 11 / S, x - ox + 11 / S, y - oy + 11 / S]);
      markLabels.set(m.kind, [x + 9 / S, y - 23 / S]);
      continue;
    }
    const i = m.item; ctx.setLineDash([4, 3]); ctx.lineWidth = 2 / S; ctx.strokeStyle = '#16a085';
    ctx.strokeRect(IX[i] - 3, IY[i] - 3, IW[i] + 6, IH[i] + 6); ctx.setLineDash([]);
    DRAWN.boxes.push(['mark ' + m.kind, IX[i] - 3 - ox, IY[i] - 3 - oy, IX[i] + IW[i] + 3 - ox, IY[i] + IH[i] + 3 - oy]);
    if (!markLabels.has(m.kind)) markLabels.set(m.kind, [IX[i] - 3, IY[i] - 3 - 15 / S]);
  }
  ctx.fillStyle = '#16a085';
  for (const [kind, [x, y]] of markLabels) placeLabel(ctx, kind, x, y, F(12));
  // the band (content coordinates), or the last one for a second after it ended
  const b = s.band;
  if (layers.band && b && (b.active || T[s.line] - b.endedAt <= 1000)) {
    const [x, y, w, h] = b.rect, colour = b.cancelled ? '#d0021b' : H.modeColours[b.mode] || '#2a6bb8';
    ctx.lineWidth = 1.5 / Math.max(S, 0.5);
    if (b.active) { ctx.fillStyle = colour + '26'; ctx.fillRect(x, y, w, h); ctx.setLineDash([]); }
    else ctx.setLineDash([6, 4]);
    ctx.strokeStyle = colour; ctx.strokeRect(x, y, w, h); ctx.setLineDash([]);
    DRAWN.boxes.push(['band', x - ox, y - oy, x + w - ox, y + h - oy]);
    // the mode inside the band's top-left corner (inside the view when it scrolled away)
    ctx.fillStyle = colour;
    const label = b.mode + (b.active ? '' : b.cancelled ? ' · cancelled' : ' · ended');
    if (w * S > 40 && h * S > 16) placeLabel(ctx, label, Math.max(x, ox) + 3 / S, Math.max(y, oy) + 3 / S, F(12, true));
    if (b.cancelled) { ctx.beginPath(); ctx.moveTo(x + w - 9, y + h - 9); ctx.lineTo(x + w, y + h); ctx.moveTo(x + w, y + h - 9); ctx.lineTo(x + w - 9, y + h); ctx.stroke(); }
  }
  ctx.restore();  // back to view coordinates
  DRAWN.taken = placed;  // the labels and what they keep clear of (item ids, profile tags)
  ctx.save(); ctx.beginPath(); ctx.rect(EXT[0], EXT[1], EW, EH); ctx.clip();
  // outside the view (what sticks out of it): veiled, the view's edge drawn
  if (EW > VW || EH > VH) { ctx.fillStyle = 'rgba(230,230,230,0.45)'; ctx.beginPath(); ctx.rect(EXT[0], EXT[1], EW, EH); ctx.rect(VW, 0, -VW, VH); ctx.fill('evenodd');
    ctx.setLineDash([6, 4]); ctx.strokeStyle = '#777'; ctx.lineWidth = 1 / S; ctx.strokeRect(0, 0, VW, VH); ctx.setLineDash([]); }
  if (layers.overlays) drawOverlays(ctx, s);
  // the presented pointer (view coordinates, as the pointer line has it)
  if (s.presented && layers.pointer) {
    if (shapePath(ctx, s.shapeMilli, s.presented[0], s.presented[1])) {
      const platter = s.effect === 'highlight' && s.shape.roundedRect;
      // a large shape (a pointer shaped like the band or a platter) is only tinted, so what is under it stays legible
      const q0 = shapeBox(s.shapeMilli, s.presented[0], s.presented[1]), large = q0 && (q0[2] - q0[0]) * (q0[3] - q0[1]) > 40 * 40;
      ctx.fillStyle = platter ? 'rgba(60,60,60,0.22)' : large ? 'rgba(50,50,50,0.1)' : 'rgba(50,50,50,0.5)'; ctx.fill();
      ctx.lineWidth = 1; ctx.strokeStyle = 'rgba(0,0,0,0.55)'; ctx.stroke();
      const q = shapeBox(s.shapeMilli, s.presented[0], s.presented[1]); if (q) DRAWN.boxes.push(['pointer'].concat(q));
    }
  }
  if (s.presented && layers.accessories && s.accessories.length) {
    const set = H.accessorySets[s.accessorySet] || [];
    s.accessories.forEach((a, i) => {
      const d = set[i] || { arrow: 11, rotates: true };
      ctx.save(); ctx.translate(a.center[0], a.center[1]); if (d.rotates) ctx.rotate(a.angle);
      if (d.arrow !== undefined) { const z = d.arrow; ctx.beginPath(); ctx.moveTo(0, -z / 2); ctx.lineTo(z / 2, z / 2); ctx.lineTo(-z / 2, z / 2); ctx.closePath(); }
      else styleShapePath(ctx, d.shape);
      ctx.globalAlpha = a.alpha; ctx.fillStyle = '#1d1d1f'; ctx.fill(); ctx.restore();
      DRAWN.boxes.push(['accessory', a.center[0] - ACC_R, a.center[1] - ACC_R, a.center[0] + ACC_R, a.center[1] + ACC_R]);
    });
  }
  if (s.model && layers.model) {
    const [x, y] = s.model, z = 7 / S;
    ctx.strokeStyle = '#ff00ff'; ctx.lineWidth = 1.5 / S;
    ctx.beginPath(); ctx.moveTo(x - z, y); ctx.lineTo(x - z / 3, y); ctx.moveTo(x + z / 3, y); ctx.lineTo(x + z, y); ctx.moveTo(x, y - z); ctx.lineTo(x, y - z / 3); ctx.moveTo(x, y + z / 3); ctx.lineTo(x, y + z); ctx.stroke();
    ctx.fillStyle = '#ff00ff'; ctx.beginPath(); ctx.arc(x, y, 2.2 / S, 0, 2 * Math.PI); ctx.fill();
    DRAWN.boxes.push(['model', x - z, y - z, x + z, y + z]);
  }
  ctx.restore();
  ctx.strokeStyle = '#999'; ctx.lineWidth = 1 / S; ctx.strokeRect(0, 0, VW, VH);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0); ctx.font = '12px system-ui,sans-serif'; ctx.textAlign = 'right'; ctx.textBaseline = 'bottom';
  ctx.fillStyle = 'rgba(0,0,0,0.55)'; ctx.fillText(zoom.z > 1 ? 'zoom ' + zoom.z.toFixed(1) + '× · drag to pan · double-click resets' : 'wheel zooms the scene', EW * fit - 6, EH * fit - 4);
}
// Labels (view points, drawn in content coordinates less labelOffset): kept inside the
// drawing on screen and moved up or down a line until they overlap no label placed before.
let placed = [], labelOffset = [0, 0];
function placeLabel(ctx, text, x, y, font) {
  ctx.font = font; ctx.textAlign = 'left'; ctx.textBaseline = 'top';
  const w = ctx.measureText(text).width, h = parseFloat(font.replace(/^bold /, '')) + 2 / SCR;
  const [X, Y] = PointerSimViewerLib.placeLabel(placed, x - labelOffset[0], y - labelOffset[1], w, h, [zoom.x, zoom.y, zoom.x + EW / zoom.z, zoom.y + EH / zoom.z], fit * zoom.z);
  DRAWN.labels.push([text, X, Y, X + w, Y + h]);
  // a white halo first, so that a label stays legible over items and bands
  ctx.save(); ctx.lineWidth = 3 / SCR; ctx.lineJoin = 'round'; ctx.strokeStyle = 'rgba(255,255,255,0.85)'; ctx.strokeText(text, X + labelOffset[0], Y + labelOffset[1]); ctx.restore();
  ctx.fillText(text, X + labelOffset[0], Y + labelOffset[1]);
}
function drawOverlays(ctx, s) {
  const cw = H.view.contentWidth, ch = H.view.contentHeight;
  // scroll bars and offset
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  if (ch > VH) { const h = VH * VH / ch, y = s.scroll[1] / (ch - VH) * (VH - h); rr(ctx, VW - 6, y + 1, 4, h - 2, 2); ctx.fill(); }
  if (cw > VW) { const w = VW * VW / cw, x = s.scroll[0] / (cw - VW) * (VW - w); rr(ctx, x + 1, VH - 6, w - 2, 4, 2); ctx.fill(); }
  ctx.font = F(12); ctx.textAlign = 'right'; ctx.textBaseline = 'top'; ctx.fillStyle = '#555';
  if (cw > VW || ch > VH) ctx.fillText('scroll offset (' + s.scroll[0] + ', ' + s.scroll[1] + ')', VW - 12 / SCR, 4 / SCR);
  // autoscroll: the edge zones it scrolls toward
  const [vx, vy] = s.autoscroll, z = H.config.edgeZone;
  if (vx || vy) {
    ctx.fillStyle = 'rgba(245,166,35,0.35)';
    if (vy > 0) ctx.fillRect(0, VH - z, VW, z); if (vy < 0) ctx.fillRect(0, 0, VW, z);
    if (vx > 0) ctx.fillRect(VW - z, 0, z, VH); if (vx < 0) ctx.fillRect(0, 0, z, VH);
    ctx.fillStyle = '#b06f00'; ctx.textAlign = 'center'; ctx.textBaseline = vy > 0 ? 'bottom' : 'top'; ctx.font = F(13, true);
    ctx.fillText('autoscroll ' + (vy > 0 ? '↓' : vy < 0 ? '↑' : '') + (vx > 0 ? '→' : vx < 0 ? '←' : '') + ' ' + Math.round(Math.hypot(vx, vy)) + ' pt/s', VW / 2, vy > 0 ? VH - z - 2 : z + 2);
  }
  // the latch: the latched axes through the presented pointer
  if (s.latched && s.latched !== 'none' && s.presented) {
    const [x, y] = s.presented;
    ctx.strokeStyle = '#e67e22'; ctx.lineWidth = 1; ctx.setLineDash([5, 4]); ctx.beginPath();
    if (s.latched === 'horizontal' || s.latched === 'both') { ctx.moveTo(0, y); ctx.lineTo(VW, y); }
    if (s.latched === 'vertical' || s.latched === 'both') { ctx.moveTo(x, 0); ctx.lineTo(x, VH); }
    ctx.stroke(); ctx.setLineDash([]);
    ctx.fillStyle = '#e67e22'; ctx.font = F(12, true); ctx.textAlign = 'left'; ctx.textBaseline = 'bottom';
    ctx.fillText('latched: ' + s.latched + ' (' + s.region + ')', 6 / SCR, VH - 6 / SCR);
  }
  if (s.removed) {
    ctx.fillStyle = 'rgba(208,2,27,0.9)'; ctx.fillRect(0, 0, VW, 22 / SCR);
    ctx.fillStyle = '#fff'; ctx.font = F(13, true); ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
    ctx.fillText('⚠ device removed: ' + s.removed.device + ' at ' + s.removed.t + ' s', 8 / SCR, 11 / SCR);
  }
}

// ---- the timeline: lanes drawn once per size/zoom, the cursor per frame --------
const tl = $('timeline'), tctx = tl.getContext('2d');
const LABEL = 86;
const LANES = [{ name: 'band', h: 16 }, { name: 'region', h: 16 }, { name: 'events', h: 14 }];
if (H.hasInput) LANES.push({ name: 'input speed', h: 26 }, { name: 'buttons', h: 10 }, { name: 'scroll · keys', h: 12 });
if (PROF_SEL) LANES.push({ name: 'profiles', h: 6 * PROF.names.length + 2 });
let view0 = 0, view1 = Math.max(END, 1), tlCache = null;
function tlHeight() { return 16 + LANES.reduce((a, l) => a + l.h + 3, 0) + 2; }
function xOf(ms) { return LABEL + (ms - view0) / (view1 - view0) * (tl.clientWidth - LABEL - 8); }
function msOf(x) { return view0 + (x - LABEL) / (tl.clientWidth - LABEL - 8) * (view1 - view0); }
let TL_LABELS = [];  // the axis labels drawn: [text, x0, x1] (for tests: none past the edge)
function buildTimeline() {
  const w = tl.clientWidth, h = tlHeight(); TL_LABELS = [];
  tl.style.height = h + 'px'; tl.width = Math.round(w * dpr); tl.height = Math.round(h * dpr);
  const c = document.createElement('canvas'); c.width = tl.width; c.height = tl.height;
  const ctx = c.getContext('2d'); ctx.scale(dpr, dpr);
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, w, h);
  // axis in trace seconds
  const span = (view1 - view0) / 1000, steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600];
  const step = steps.find(s => s * 1000 / (view1 - view0) * (w - LABEL) >= 70) || 3600;
  ctx.font = '11px system-ui,sans-serif'; ctx.fillStyle = '#666'; ctx.strokeStyle = '#eee'; ctx.textBaseline = 'top';
  for (let s = Math.ceil(view0 / 1000 / step) * step; s * 1000 <= view1; s += step) {
    const x = xOf(s * 1000); ctx.beginPath(); ctx.moveTo(x, 12); ctx.lineTo(x, h); ctx.stroke();
    const label = +s.toFixed(3) + ' s', lw = ctx.measureText(label).width, lx = x + 2 + lw <= w - 2 ? x + 2 : x - 2 - lw;
    if (lx >= LABEL - 2) { ctx.fillText(label, lx, 1); TL_LABELS.push([label, lx, lx + lw]); }
  }
  ctx.textAlign = 'left';
  let y = 16;
  const lane = {};
  for (const l of LANES) { lane[l.name] = { y: y, h: l.h }; ctx.fillStyle = '#f4f4f4'; ctx.fillRect(LABEL, y, w - LABEL - 8, l.h); ctx.fillStyle = '#555'; ctx.textBaseline = 'middle'; ctx.fillText(l.name, 4, y + l.h / 2); y += l.h + 3; }
  const i0 = Math.max(0, lastLE(T, N, view0)), i1 = lastLE(T, N, view1);
  const span1 = (a, b, L, colour, top, hh) => { const x0 = Math.max(LABEL, xOf(a)), x1 = Math.min(w - 8, Math.max(xOf(b), x0 + 1)); if (x1 < LABEL) return; ctx.fillStyle = colour; ctx.fillRect(x0, L.y + (top || 0), x1 - x0, hh || L.h); };
  // band lane: each band from began to ended in its mode's colour; autoscroll in orange; cancels red
  { const L = lane.band; let lastX = -1;
    for (let j = 0; j < NB; j++) {
      if (B.k[j] === KIND_ENDED) { const a = B.start[j] >= 0 ? T[B.start[j]] : T[B.rec[j]], e = T[B.rec[j]]; if (e < view0 || a > view1) continue;
        const x = xOf(e); if (Math.floor(x) === lastX && xOf(e) - xOf(a) < 1) continue; lastX = Math.floor(x);
        span1(a, e, L, (H.modeColours[MODES[B.mode[j]]] || '#2a6bb8'), 0, L.h - 5);
        if (B.cancel[j]) { ctx.fillStyle = '#d0021b'; ctx.fillRect(Math.max(LABEL, xOf(e) - 1), L.y, 3, L.h); } }
    }
    const lb = NBAND ? BANDX[NBAND - 1] : -1;  // a band still active at the end
    if (lb >= 0 && B.k[lb] !== KIND_ENDED && B.start[lb] >= 0) span1(T[B.start[lb]], END, L, H.modeColours[MODES[B.mode[lb]]] || '#2a6bb8', 0, L.h - 5);
    for (let i = 0; i < AUTO.n; i++) if (AUTO.v[0][i] || AUTO.v[1][i]) { const a = T[AUTO.at[i]], e = i + 1 < AUTO.n ? T[AUTO.at[i + 1]] : END; if (e >= view0 && a <= view1) span1(a, e, L, '#f5a623', L.h - 4, 4); } }
  // profiles lane: the top row red where the profiles' selections differ; row k (k ≥ 1) in
  // profile k's colour where its selection differs from the first profile's
  if (PROF_SEL) { const L = lane.profiles;
    PROF_DIFF.forEach((spans, k) => { for (const [a, e] of spans) if (e >= view0 && a <= view1)
      span1(a, e, L, k === 0 ? '#d0021b' : PROF_COLOURS[k % PROF_COLOURS.length], 1 + 6 * k, 5); }); }
  // region lane: the current region, coloured by effect; latched darker
  { const L = lane.region;
    for (let i = 0; i < REGION.n; i++) { if (!REGION.v[0][i]) continue; const a = T[REGION.at[i]], e = i + 1 < REGION.n ? T[REGION.at[i + 1]] : END; if (e < view0 || a > view1) continue;
      span1(a, e, L, EFFECT_COLOUR[H.effects[REGION.v[1][i]]] || '#9b59b6', 0, L.h);
      if (REGION.v[2][i]) span1(a, e, L, '#e67e22', L.h - 5, 5); } }
  // events lane: unplugs red, other kinds (band and region aside) grey
  { const L = lane.events; let lastX = -1;
    for (let q = 0; q < MK.length; q++) { const i = MK[q]; if (T[i] < view0 || T[i] > view1) continue; const kind = KINDS[K[i]];
      if (kind.startsWith('band.') || kind.startsWith('region.')) continue;
      const x = Math.floor(xOf(T[i])); if (x === lastX) continue; lastX = x;
      ctx.fillStyle = kind === 'device.removed' ? '#d0021b' : '#666'; ctx.fillRect(x - 1, L.y, 3, L.h); } }
  if (H.hasInput) {
    // speed: the fastest motion per pixel column (decimated)
    const L = lane['input speed'], cols = new Float32Array(Math.ceil(w)); let lastT = -1, maxV = 0;
    let lx = NaN, ly = NaN;  // the last absolute position (a pointer-level trace's moves, thousandths)
    for (let i = 0; i < NIN; i++) { if (IN.type[i] !== 0 && IN.type[i] !== 1) continue; const t = IN.t[i];
      const d = IN.type[i] === 0 ? Math.hypot(IN.a[i], IN.b[i]) / 16 : isNaN(lx) ? 0 : Math.hypot(IN.a[i] - lx, IN.b[i] - ly) / 1000;
      if (IN.type[i] === 1) { lx = IN.a[i]; ly = IN.b[i]; }
      if (lastT >= 0 && t >= view0 && t <= view1) { const dt = Math.max(1, t - lastT); const v = d / dt * 1000; const x = Math.floor(xOf(t)); if (x >= 0 && x < cols.length && v > cols[x]) cols[x] = v; if (v > maxV) maxV = v; }
      lastT = t; }
    ctx.fillStyle = '#3b7dd8';
    for (let x = 0; x < cols.length; x++) if (cols[x] > 0) { const hh = Math.max(1, cols[x] / maxV * L.h); ctx.fillRect(x, L.y + L.h - hh, 1, hh); }
    ctx.fillStyle = '#555'; ctx.textBaseline = 'top'; if (maxV) ctx.fillText('max ' + Math.round(maxV) + ' pt/s', LABEL + 2, L.y);
    const BL = lane.buttons, down = [-1, -1, -1], colours = ['#2a6bb8', '#e67e22', '#2e9d4f'];
    const K2 = lane['scroll · keys']; let modsSince = -1, mods = 0; let lastX = -1;
    for (let i = 0; i < NIN; i++) { const ty = IN.type[i], t = IN.t[i];
      if (ty === 2) down[IN.a[i]] = t;
      else if (ty === 3 && down[IN.a[i]] >= 0) { if (t >= view0 && down[IN.a[i]] <= view1) span1(down[IN.a[i]], t, BL, colours[IN.a[i]], IN.a[i] * 3, 4); down[IN.a[i]] = -1; }
      else if (ty === 4 && t >= view0 && t <= view1) { const x = Math.floor(xOf(t)); if (x !== lastX) { ctx.fillStyle = IN.b[i] > 0 || IN.a[i] > 0 ? '#8e44ad' : '#16a0a0'; ctx.fillRect(x, K2.y + (IN.b[i] > 0 ? K2.h / 2 : 0), 1, K2.h / 2); lastX = x; } }
      else if (ty === 5) { if (mods && modsSince >= 0 && t >= view0 && modsSince <= view1) span1(modsSince, t, K2, 'rgba(46,157,79,0.45)', 0, K2.h); mods = IN.a[i]; modsSince = t; }
      else if ((ty === 6 || ty === 7) && t >= view0 && t <= view1) { ctx.fillStyle = '#d0021b'; ctx.fillRect(Math.floor(xOf(t)) - 1, K2.y, 3, K2.h); }
      else if (ty === 8 && t >= view0 && t <= view1) { ctx.fillStyle = '#e67e22'; ctx.fillRect(Math.floor(xOf(t)) - 1, K2.y, 2, K2.h); } }
    for (let b = 0; b < 3; b++) if (down[b] >= 0) span1(down[b], END, BL, colours[b], b * 3, 4);
    if (mods && modsSince >= 0) span1(modsSince, END, K2, 'rgba(46,157,79,0.45)', 0, K2.h);
  }
  tlCache = c;
}
function drawTimeline(s) {
  if (!tlCache) buildTimeline();
  tctx.setTransform(1, 0, 0, 1, 0, 0); tctx.drawImage(tlCache, 0, 0);
  tctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const x = xOf(cur.ms); tctx.fillStyle = '#d0021b'; tctx.fillRect(x - 0.75, 12, 1.5, tl.height / dpr - 12);
}

// ---- side panels -------------------------------------------------------------
const stateTable = $('state'), logPre = $('log'), evBox = $('events'), evSpacer = $('eventsSpacer');
const ROW = 18; let evRows = [], evCurrent = -1;
// the lines wrap after commas (<wbr>), never inside a word, so none is cut at the right
const logBefore = document.createElement('span'), logCur = document.createElement('span'), logAfter = document.createElement('span');
logCur.className = 'cur'; logCur.id = 'curline'; logPre.append(logBefore, logCur, logAfter);
evSpacer.style.height = (EV.length * ROW) + 'px';
if (!EV.length) { const d = document.createElement('div'); d.id = 'noEvents'; d.style.cssText = 'padding:6px;color:#666;font:13px system-ui,sans-serif;white-space:normal';
  d.textContent = 'No events: ' + (N ? 'every one of the ' + N + ' log lines is a pointer line (no press, band, region or other event happened).' : 'the log is empty.'); evBox.appendChild(d); }
function evSummary(i) {
  const k = KINDS[K[i]];
  if (k === 'band.selecting' && !H.bandLinesAsText) { const o = ORD[i]; return '+' + B.da[o] + ' −' + B.dr[o] + ' [' + [B.x[o], B.y[o], B.w[o], B.h[o]].map(f3).join(', ') + ']'; }
  const o = RARE[ORD[i]].obj, parts = [];
  for (const key in o) { if (key === 't' || key === 'event') continue; let v = JSON.stringify(o[key]); if (v.length > 60) v = v.slice(0, 57) + '…'; parts.push(key + ' ' + v); }
  return parts.join('  ');
}
let evChars = 0;  // characters that fit in a row (monospace), so that no row is cut at the right
function measureEventChars() { const m = document.createElement('span'); m.style.cssText = 'font:12px ui-monospace,monospace;visibility:hidden;position:absolute;white-space:pre'; m.textContent = 'x'.repeat(100); evBox.appendChild(m);
  const cw = m.getBoundingClientRect().width / 100; m.remove(); evChars = Math.max(20, Math.floor((evBox.clientWidth - 10) / cw)); }
function renderEvents() {  // only the rows in sight, from a pool of divs
  if (!evChars) measureEventChars();
  const top = evBox.scrollTop, first = Math.max(0, Math.floor(top / ROW) - 2), last = Math.min(EV.length, first + Math.ceil(evBox.clientHeight / ROW) + 5);
  let n = 0;
  for (let q = first; q < last; q++, n++) {
    let d = evRows[n];
    if (!d) { d = document.createElement('div'); d.onclick = () => { pause(); seekLine(+d.dataset.line); }; evBox.appendChild(d); evRows.push(d); }
    const i = EV[q];
    if (d.dataset.line !== String(i) || d.dataset.chars !== String(evChars)) { const text = f3(T[i]).padStart(8) + '  ' + KINDS[K[i]].padEnd(19) + ' ' + evSummary(i);
      d.textContent = fitText(text, evChars); d.title = text; d.dataset.line = i; d.dataset.chars = evChars; d.style.top = (q * ROW) + 'px'; }
    d.className = 'row' + (q === evCurrent ? ' cur' : ''); d.style.display = '';
  }
  for (; n < evRows.length; n++) evRows[n].style.display = 'none';
}
evBox.addEventListener('scroll', renderEvents);
// The list follows the current line; while scrubbing or playing at most ten
// times a second (moving a scrolled list costs a layout), at once otherwise.
let evLastUpdate = 0, evTimer = 0, evWanted = -1, evHeight = 0;
function updateEvents(k, now) {
  evWanted = k;
  const t = performance.now();
  if (!now && t - evLastUpdate < 100) { if (!evTimer) evTimer = setTimeout(() => { evTimer = 0; updateEvents(evWanted, true); }, 100); return; }
  evLastUpdate = t;
  const q = lastLE(EV, EV.length, k);
  if (q !== evCurrent) {
    evCurrent = q;
    if (!evHeight) evHeight = evBox.clientHeight;
    if (q >= 0) { const y = q * ROW; if (y < evBox.scrollTop || y > evBox.scrollTop + evHeight - ROW) evBox.scrollTop = Math.max(0, y - evHeight / 2); }
    renderEvents();
  }
}
function updatePanels(s) {
  const rows = [
    ['log line', (s.line + 1) + ' of ' + N, 'line'],  // the time: in the header's clock only
    ['model pointer', fmtPt(s.model), 'model'], ['presented', fmtPt(s.presented), 'presented'],
    ['shape', shapeWords(s.shape), 'shape'],
    ['accessories', s.accessories.length ? s.accessories.map(a => fmtPt(a.center) + ' at ' + deg(a.angle) + '°' + (a.alpha < 1 ? ' (opacity ' + a.alpha + ')' : '')).join(' · ') : '—', 'accessories'],
    ['content', fmtPt(s.content) + (s.content[0] || s.content[1] ? ' pt: the region’s content moved with the pointer (parallax)' : ''), 'content'],
    ['region', s.region ? s.region + ' · ' + s.effect + (s.latched !== 'none' ? ' · latched ' + s.latched : '') : '—', 'region'],
    ['band', s.band && s.band.active ? s.band.mode + ' [' + s.band.rect.join(', ') + ']' : s.band ? 'none (last ' + (s.band.cancelled ? 'cancelled' : 'ended') + ')' : '—', 'band'],
    ['selection', s.selectionCount + (s.selectionCount ? ': ' + selectedIds(12).join(' ') + (s.selectionCount > 12 ? ' …' : '') : ''), 'selection'],
    ['scroll offset', fmtPt(s.scroll) + (s.autoscroll[0] || s.autoscroll[1] ? ' · autoscroll ' + fmtPt(s.autoscroll) + ' pt/s' : ''), 'scroll'],
    ['held', (s.buttons.join(' ') || '—') + ' · ' + (s.modifiers.join(' ') || 'no modifiers'), 'held'],
  ];
  if (PROF_SEL) { const tracks = PROF.names.map((_, k) => profileAt(k, s.t * 1000));
    rows.push(['profiles', PROF.names.map((n, k) => { const c = tracks[k].count; return n + ' ' + c + (c && c <= 6 ? ' (' + tracks[k].indices().map(i => IDS[i]).join(' ') + ')' : ''); }).join(' · ')
      + (profilesDifferAt(s.t * 1000) ? ' — differ' : ' — agree') + ' (drawn: ' + PROF.names[PK] + ')', 'profiles']); }
  if (stateTable.rows.length !== rows.length) { stateTable.innerHTML = ''; for (const r of rows) { const tr = stateTable.insertRow(); tr.insertCell().outerHTML = '<th>' + r[0] + '</th>'; tr.insertCell().id = 'st-' + r[2]; } }
  rows.forEach((r, i) => { stateTable.rows[i].cells[1].textContent = r[1]; });
  const a = Math.max(0, s.line - 3), b = Math.min(N - 1, s.line + 3); let before = '', after = '';
  for (let i = a; i < s.line; i++) before += lineText(i) + '\n';
  for (let i = s.line + 1; i <= b; i++) after += lineText(i) + '\n';
  logBefore.innerHTML = wrapHTML(before); logCur.innerHTML = wrapHTML(N && s.line >= 0 ? lineText(s.line) : '(empty log)'); logAfter.innerHTML = wrapHTML('\n' + after);
  $('clock').textContent = 't = ' + (cur.ms / 1000).toFixed(3) + ' s / ' + (END / 1000).toFixed(3) + ' s · line ' + (s.line + 1) + ' / ' + N;
}
// legend
{ const items = [['#e4e4e4', 'item'], ['#4a90e2', 'selected item'], ['#f6ecff', 'pointer region'], ['rgba(50,50,50,0.5)', 'presented pointer'], ['#ff00ff', 'model pointer (crosshair)'], ['#1d1d1f', 'accessory (arrow)'], ['#e67e22', 'latched axis'], ['rgba(245,166,35,0.6)', 'autoscroll zone'], ['#d0021b', 'cancelled band / unplug'], ['#16a085', 'item or point an event names']];
  if (EW > VW || EH > VH) items.push(['rgba(230,230,230,0.9)', 'outside the view']);
  for (const m of MODES) items.push([H.modeColours[m], m + ' band']);
  for (const e of ['highlight', 'lift', 'hover']) items.push([EFFECT_COLOUR[e], e + ' (region lane)']);
  items.push(['#666', 'event (events lane)']);
  if (H.hasInput) items.push(['#3b7dd8', 'input speed'], ['#2a6bb8', 'button held (buttons lane)'], ['#8e44ad', 'scroll (scroll · keys lane)'], ['rgba(46,157,79,0.45)', 'modifiers held']);
  if (PROF_SEL) PointerSimViewerLib.profileTags(PROF.names).forEach((g, k) => { const n = PROF.names[k]; items.push([PROF_COLOURS[k % PROF_COLOURS.length], 'tag ' + n + (g !== n ? ' (' + g + ')' : '') + ': selected under ' + n + (k ? '; profiles lane: differs from ' + PROF.names[0] : '')]); });
  if (PROF_SEL) items.push(['#d0021b', 'profiles lane: the profiles differ']);
  $('legend').innerHTML = items.map(i => '<div><span class="sw" style="background:' + i[0] + '"></span>' + i[1] + '</div>').join(''); }

// ---- time, playback, input ---------------------------------------------------
const cur = { ms: 0, line: -1 };
let scrubbing = false;  // set by scripts that scrub (the scale test), like a drag
const PROFILE = { state: 0, stage: 0, timeline: 0, panels: 0, events: 0, frames: 0 };  // ms spent per part, for the scale test
let playing = false, speed = 1, lastFrame = 0, hashTimer = 0, lastState = null, writtenHash = location.hash;
function render() {
  const p0 = performance.now(), s = state(cur.line); lastState = s;
  const p1 = performance.now(); drawStage(s); const p2 = performance.now(); drawTimeline(s);
  const p3 = performance.now(); updatePanels(s); const p4 = performance.now(); updateEvents(cur.line, !playing && !dragging && !scrubbing); const p5 = performance.now();
  PROFILE.state += p1 - p0; PROFILE.stage += p2 - p1; PROFILE.timeline += p3 - p2; PROFILE.panels += p4 - p3; PROFILE.events += p5 - p4; PROFILE.frames++;
  document.body.dataset.line = cur.line; document.body.dataset.t = s.t;
  // the address follows (throttled: browsers limit history updates)
  if (!hashTimer) hashTimer = setTimeout(() => {
    hashTimer = 0;
    if (location.hash !== writtenHash) return;  // a new address is pending: its hashchange seeks
    const h = '#t=' + (cur.ms / 1000).toFixed(3).replace(/\.?0+$/, '') + profileHash(PK);
    if (h !== location.hash) history.replaceState(null, '', h);
    writtenHash = location.hash;
  }, 200);
}
function seek(ms) { cur.ms = Math.max(0, Math.min(END, ms)); cur.line = Math.max(N ? 0 : -1, recordAt(cur.ms)); render(); }
function seekLine(i) { cur.line = Math.max(0, Math.min(N - 1, i)); cur.ms = T[cur.line]; render(); }
function pause() { playing = false; $('play').textContent = 'play'; if (N) updateEvents(cur.line, true); }
function play() { if (cur.ms >= END) seek(0); playing = true; lastFrame = performance.now(); $('play').textContent = 'pause'; requestAnimationFrame(tick); }
function tick(now) {
  if (!playing) return;
  const ms = cur.ms + (now - lastFrame) * speed; lastFrame = now;
  seek(ms); if (cur.ms >= END) { pause(); return; }
  requestAnimationFrame(tick);
}
function stepLine(dir) {  // the previous/next log line at another time
  if (!N) return;
  if (dir > 0) { const i = lastLE(T, N, T[Math.max(cur.line, 0)] + 1e-6) + 1; if (i < N) seekLine(lastLE(T, N, T[i] + 1e-6)); }
  else { const i = cur.line >= 0 ? lastLE(T, N, T[cur.line] - 1e-6) : -1; if (i >= 0) seekLine(i); }
}
function stepEvent(dir) {  // the previous/next event (every line but pointer and band.selecting lines)
  const q = lastLE(MK, MK.length, cur.line);
  if (dir > 0) { let r = q + 1; while (r < MK.length && MK[r] <= cur.line) r++; if (r < MK.length) seekLine(MK[r]); }
  else { let r = q; if (r >= 0 && MK[r] === cur.line) r--; if (r >= 0) seekLine(MK[r]); }
}
$('play').onclick = () => playing ? pause() : play();
$('prevLine').onclick = () => { pause(); stepLine(-1); }; $('nextLine').onclick = () => { pause(); stepLine(1); };
$('prevEvent').onclick = () => { pause(); stepEvent(-1); }; $('nextEvent').onclick = () => { pause(); stepEvent(1); };
$('speed').onchange = e => { speed = +e.target.value; };
document.addEventListener('keydown', e => {
  if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
  if (e.key === ' ') { e.preventDefault(); playing ? pause() : play(); }
  else if (e.key === 'ArrowRight') { e.preventDefault(); pause(); e.shiftKey ? stepEvent(1) : stepLine(1); }
  else if (e.key === 'ArrowLeft') { e.preventDefault(); pause(); e.shiftKey ? stepEvent(-1) : stepLine(-1); }
  else if (e.key === 'Home') { pause(); seek(0); } else if (e.key === 'End') { pause(); seek(END); }
});
let dragging = false;
tl.addEventListener('pointerdown', e => { dragging = true; tl.setPointerCapture(e.pointerId); pause(); seek(msOf(e.offsetX)); });
tl.addEventListener('pointermove', e => {
  if (dragging) { seek(msOf(e.offsetX)); return; }
  // the time under the mouse and the nearest event, as a tooltip
  const ms = msOf(e.offsetX), r = lastLE(T, N, ms), q = lastLE(MK, MK.length, r), q2 = q + 1 < MK.length ? q + 1 : q;
  const best = q < 0 ? q2 : (q2 >= 0 && Math.abs(T[MK[q2]] - ms) < Math.abs(T[MK[q]] - ms) ? q2 : q);
  tl.title = (Math.max(0, ms) / 1000).toFixed(3) + ' s' + (best >= 0 && Math.abs(xOf(T[MK[best]]) - e.offsetX) < 6 ? ' · ' + KINDS[K[MK[best]]] + ' at ' + f3(T[MK[best]]) + ' s' : '');
});
tl.addEventListener('pointerup', () => { dragging = false; updateEvents(cur.line, true); });
tl.addEventListener('wheel', e => { e.preventDefault(); const m = msOf(e.offsetX), f = Math.exp(e.deltaY * 0.002);
  const span = Math.max(5, Math.min(Math.max(END, 1), (view1 - view0) * f)); view0 = Math.max(0, m - (m - view0) / (view1 - view0) * span); view1 = view0 + span;
  if (view1 > Math.max(END, 1)) { view1 = Math.max(END, 1); view0 = Math.max(0, view1 - span); } tlCache = null; render(); }, { passive: false });
tl.addEventListener('dblclick', () => { view0 = 0; view1 = Math.max(END, 1); tlCache = null; render(); });
window.addEventListener('resize', () => { evHeight = 0; evChars = 0; layoutStage(); tlCache = null; render(); });
// zoom the stage (wheel), pan it (drag), reset (double-click): labels of dense scenes become legible
function stagePoint(e) { return [zoom.x + e.offsetX / (fit * zoom.z), zoom.y + e.offsetY / (fit * zoom.z)]; }
function clampZoom() { zoom.z = Math.max(1, Math.min(40, zoom.z)); zoom.x = Math.max(EXT[0], Math.min(EXT[2] - EW / zoom.z, zoom.x)); zoom.y = Math.max(EXT[1], Math.min(EXT[3] - EH / zoom.z, zoom.y)); }
stage.addEventListener('wheel', e => { e.preventDefault(); const [px, py] = stagePoint(e), z = zoom.z * Math.exp(-e.deltaY * 0.002);
  zoom.x = px - (px - zoom.x) * zoom.z / Math.max(1, Math.min(40, z)); zoom.y = py - (py - zoom.y) * zoom.z / Math.max(1, Math.min(40, z)); zoom.z = z; clampZoom(); render(); }, { passive: false });
let panFrom = null;
stage.addEventListener('pointerdown', e => { if (zoom.z > 1) { panFrom = [e.offsetX, e.offsetY, zoom.x, zoom.y]; stage.setPointerCapture(e.pointerId); } });
stage.addEventListener('pointermove', e => { if (panFrom) { zoom.x = panFrom[2] - (e.offsetX - panFrom[0]) / (fit * zoom.z); zoom.y = panFrom[3] - (e.offsetY - panFrom[1]) / (fit * zoom.z); clampZoom(); render(); } });
stage.addEventListener('pointerup', () => { panFrom = null; });
stage.addEventListener('mousemove', e => {  // the item or region under the mouse, as a tooltip (labels or not)
  if (!lastState) return;
  const [vx, vy] = stagePoint(e), x = vx + lastState.scroll[0], y = vy + lastState.scroll[1];
  let tip = 'view (' + Math.round(vx) + ', ' + Math.round(vy) + ') · content (' + Math.round(x) + ', ' + Math.round(y) + ')';
  for (let i = H.regions.length - 1; i >= 0; i--) { if (H.regions[i].item !== undefined && !(NI && SHOWN[H.regions[i].item])) continue; const r = regionRect(H.regions[i]); if (x >= r[0] && x < r[0] + r[2] && y >= r[1] && y < r[1] + r[3]) { tip += ' · region ' + H.regions[i].id; break; } }
  if (NI) { const c = Math.min(GW - 1, Math.max(0, Math.floor(x / CELL))), rw = Math.min(GH - 1, Math.max(0, Math.floor(y / CELL)));
    outer: for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) { const g = (rw + dr) * GW + c + dc; if (rw + dr < 0 || rw + dr >= GH || c + dc < 0 || c + dc >= GW) continue;
      for (let q = gridStart[g]; q < gridStart[g + 1]; q++) { const i = gridItems[q]; if (x >= IX[i] && x < IX[i] + IW[i] && y >= IY[i] && y < IY[i] + IH[i]) { tip += ' · item ' + IDS[i] + (SHOWN[i] ? ' (selected)' : ''); break outer; } } } }
  stage.title = tip;
});
stage.addEventListener('dblclick', () => { zoom.z = 1; zoom.x = EXT[0]; zoom.y = EXT[1]; render(); });
function zoomBy(f) {  // about the middle of what is on screen
  const cx = zoom.x + EW / zoom.z / 2, cy = zoom.y + EH / zoom.z / 2;
  zoom.z = Math.max(1, Math.min(40, zoom.z * f)); zoom.x = cx - EW / zoom.z / 2; zoom.y = cy - EH / zoom.z / 2; clampZoom(); render();
}
$('zoomIn').onclick = () => zoomBy(1.5); $('zoomOut').onclick = () => zoomBy(1 / 1.5);
$('zoomFit').onclick = () => { zoom.z = 1; zoom.x = EXT[0]; zoom.y = EXT[1]; render(); };
function fromHash() { return hashTime(location.hash); }
function profileHash(k) { return PROF_OWN ? '&profile=' + encodeURIComponent(PROF.names[k]) : ''; }
if (PROF) {  // the profile whose replay is drawn: a choice that reloads the page at the same moment
  const box = $('profileBox'), sel = $('profile'); box.hidden = false;
  PROF.names.forEach((n, k) => { const o = document.createElement('option'); o.value = k; o.textContent = n; o.disabled = !PROF_OWN && k > 0; sel.appendChild(o); });
  sel.value = PK; sel.onchange = () => { location.hash = '#t=' + (cur.ms / 1000).toFixed(3).replace(/\.?0+$/, '') + profileHash(+sel.value); };
  $('profileNote').textContent = !PROF_SEL ? PROF.names[PK] + '’s replay (the scene’s ' + H.items.count + ' items are not drawn: no tags)' : PROF_OWN ? 'items, band, panel and events: ' + PROF.names[PK] + '’s replay; the tags on the items: every profile'
    : 'only ' + PROF.names[0] + '’s replay is in this page (its inputs could be read once); the tags on the items: every profile';
}
window.addEventListener('hashchange', () => {
  const hp = hashProfile(location.hash); if (PROF_OWN && hp !== null && hp !== PROF.names[PK]) { location.reload(); return; }
  writtenHash = location.hash; const ms = fromHash(); if (ms !== null && Math.abs(ms - cur.ms) > 0.5) { pause(); seek(ms); } });
$('title').textContent = H.title + ' — ' + N + ' log lines, ' + (END / 1000) + ' s' + (H.items.count > NI ? ' (' + H.items.count + ' items, not drawn)' : '') + (PROF ? ' · ' + PROF.names[PK] : '');
tl.style.height = tlHeight() + 'px';
layoutStage();
if (ZOOM0) { Object.assign(zoom, ZOOM0); clampZoom(); }
const start = fromHash(); seek(start === null ? 0 : start);
// For tests and scripts: the state at a time, the log line text, the layers.
window.PointerSimViewer = { seek: s => seek(s * 1000), time: () => cur.ms / 1000, playing: () => playing, seekLine: seekLine, state: () => lastState, lineText: lineText, lines: N,
  profiles: t => { if (!PROF_SEL) return null; const r = Object.fromEntries(PROF.names.map((n, k) => [n, profileSelection(k, t * 1000).map(i => IDS[i])])); PROF_TRACK.forEach((tr, k) => profileAt(k, lastState ? lastState.t * 1000 : 0)); return r; },
  profileDiffs: () => PROF_DIFF, lanes: () => LANES.map(l => l.name), timelineLabels: () => { if (!tlCache) buildTimeline(); return TL_LABELS.slice(); },
  inputCounts: () => { const c = {}; for (let i = 0; i < NIN; i++) c[IN.type[i]] = (c[IN.type[i]] || 0) + 1; return c; },
  profileShown: () => PROF ? PROF.names[PK] : null, profileReplays: PROF_OWN, extent: () => EXT.slice(), drawn: () => DRAWN, zoom: () => Object.assign({}, zoom),
  duration: END / 1000, layers: layers, redraw: render, decodeMs: decodeMs, selected: () => selectedIds(1e9), profile: PROFILE, scrubbing: on => { scrubbing = on; }, stepLine: stepLine, stepEvent: stepEvent };
})();
