// The viewer script's pure functions under Node (`node --test`, a step of
// Tools/test.sh's quick tier): Sources/PointerSimRender/Viewer/viewer.js loads
// as a module and hands them out; the page itself runs only in a browser
// (Tools/test-browser.sh, in --full).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const V = require(path.join(__dirname, '../../Sources/PointerSimRender/Viewer/viewer.js'));

test('varints: unsigned in 7-bit groups, signed as zigzag, as ReplayCapture writes them', () => {
  // 0, 127, 128, 300, 2^35 (more than 32 bits: no bit operators on the value)
  const r = new V.Reader(Uint8Array.from([0, 127, 0x80, 0x01, 0xac, 0x02, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]));
  assert.deepEqual([r.u(), r.u(), r.u(), r.u(), r.u()], [0, 127, 128, 300, 2 ** 35]);
  assert.equal(r.more(), false);
  const z = new V.Reader(Uint8Array.from([0, 1, 2, 3, 4, 0xff, 0x01]));
  assert.deepEqual([z.s(), z.s(), z.s(), z.s(), z.s(), z.s()], [0, -1, 1, -2, 2, -128]);
});

test('lastLE: the last index whose value is at most v, within the first n', () => {
  const a = Float64Array.from([0, 10, 10, 20, 30]);
  assert.equal(V.lastLE(a, 5, -1), -1);
  assert.equal(V.lastLE(a, 5, 0), 0);
  assert.equal(V.lastLE(a, 5, 10), 2);   // the last of equal values
  assert.equal(V.lastLE(a, 5, 19.9), 2);
  assert.equal(V.lastLE(a, 5, 1e9), 4);
  assert.equal(V.lastLE(a, 3, 1e9), 2);  // n bounds the search
  assert.equal(V.lastLE(a, 0, 5), -1);
  // against a scan, on random sorted arrays
  let seed = 7; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let round = 0; round < 200; round++) {
    const n = Math.floor(rnd() * 20), arr = Array.from({ length: n }, () => Math.floor(rnd() * 10)).sort((x, y) => x - y), v = Math.floor(rnd() * 12) - 1;
    let want = -1; for (let i = 0; i < n; i++) if (arr[i] <= v) want = i;
    assert.equal(V.lastLE(arr, n, v), want, JSON.stringify({ arr, v }));
  }
});

test('formatting: thousandths as the log writes numbers, points, shapes, angles', () => {
  assert.equal(V.f3(1500), '1.5');
  assert.equal(V.f3(-250), '-0.25');
  assert.equal(V.f3(0), '0');
  assert.equal(V.fmtPt([3, -4.5]), '(3, -4.5)');
  assert.equal(V.fmtPt(null), '—');
  assert.equal(V.shapeWords({ circle: 19 }), 'circle, 19 pt across');
  assert.equal(V.shapeWords({ roundedRect: [1, 2, 30, 40, 5] }), 'rounded rect 30 × 40 at (1, 2), corner radius 5');
  assert.equal(V.shapeWords({ verticalBeam: 20 }), 'vertical beam, 20 pt long');
  assert.equal(V.shapeWords({ horizontalBeam: 12 }), 'horizontal beam, 12 pt long');
  assert.equal(V.shapeWords({ path: [[0, 0], [1, 1], [2, 0]] }), 'path of 3 points');
  assert.equal(V.shapeWords({}), 'hidden');
  assert.equal(V.shapeWords(null), '—');
  assert.equal(V.deg(Math.PI / 2), 90);
  assert.equal(V.deg(1), 57.3);
});

test('the address: time in seconds to ms, profile by name', () => {
  assert.equal(V.hashTime('#t=1.25'), 1250);
  assert.equal(V.hashTime('#t=2&profile=qt'), 2000);
  assert.equal(V.hashTime(''), null);
  assert.equal(V.hashProfile('#t=2&profile=qt'), 'qt');
  assert.equal(V.hashProfile('#profile=a%20b'), 'a b');
  assert.equal(V.hashProfile('#t=2'), null);
  const prof = { names: ['uikit', 'qt', 'gtk'] };
  assert.equal(V.profileIndex('gtk', prof, true), 2);
  assert.equal(V.profileIndex('gtk', prof, false), 0, 'a profile whose replay is not in the page is not drawn');
  assert.equal(V.profileIndex('nope', prof, true), 0);
  assert.equal(V.profileIndex(null, prof, true), 0);
  assert.equal(V.profileIndex('qt', null, true), 0);
});

// Writes profile changes as ReplayCapture's ProfileTrack does: per change the time delta
// (signed), then the added and the removed items as runs (count; start from the last run's
// end, signed; length less one). changes: [[ms, [added…], [removed…]], …], indices ascending.
function encodeChanges(changes) {
  const out = [], u = v => { do { let b = v % 128; v = Math.floor(v / 128); if (v) b |= 128; out.push(b); } while (v); }, s = v => u(v < 0 ? -2 * v - 1 : 2 * v);
  const runs = l => { const r = []; for (const i of l) { const last = r[r.length - 1]; if (last && last[1] === i) last[1]++; else r.push([i, i + 1]); } return r; };
  let ms = 0;
  for (const [t, a, rm] of changes) {
    s(t - ms); ms = t;
    for (const l of [a, rm]) { const r = runs(l); u(r.length); let end = 0; for (const [x, y] of r) { s(x - end); u(y - x - 1); end = y; } }
  }
  return V.decodeProfileChanges(Uint8Array.from(out), changes.length);
}

test('profile changes: decoded from their varints into times and runs', () => {
  const ch = encodeChanges([[100, [1, 2, 3, 7], []], [250, [0], [2, 3]]]);
  assert.deepEqual(Array.from(ch.t), [100, 250]);
  assert.deepEqual(Array.from(ch.off), [0, 2, 2, 3, 4]);
  assert.deepEqual(Array.from(ch.rs), [1, 7, 0, 2]);
  assert.deepEqual(Array.from(ch.rl), [3, 1, 1, 2]);
  assert.deepEqual(Array.from(ch.vol), [0, 4, 7]);
  assert.equal(V.decodeProfileChanges(new Uint8Array(0), 0).n, 0);
});

test('profile selection: the diffs replayed from the initial selection, forwards and back', () => {
  const ch = encodeChanges([[100, [1, 2], [0]], [250, [3], [1, 2]], [400, [5], []]]);
  const tr = V.profileTrack(ch, 6, [0]);
  const at = ms => tr.seek(ms).indices();
  assert.deepEqual(at(-1), [0], 'before the first change: the initial selection');
  assert.deepEqual(at(99.99), [0]);
  assert.deepEqual(at(100), [1, 2]);
  assert.deepEqual(at(1e6), [3, 5]);
  assert.equal(tr.count, 2);
  assert.deepEqual(at(249), [1, 2], 'back: each diff undone');
  assert.deepEqual(at(0), [0]);
  assert.equal(tr.count, 1);
  assert.deepEqual(at(300), [3]);
  // many changes over few items: checkpoints (one per 1,024 items changed) and long jumps agree with a replay from the start
  const many = [], want = [new Set([0])];
  let cur = new Set([0]);
  for (let j = 0; j < 3000; j++) {
    const add = [], rm = [];
    for (let i = 0; i < 40; i++) { const on = ((i * 7 + j * 13) % 5) < 2; if (on && !cur.has(i)) add.push(i); if (!on && cur.has(i)) rm.push(i); }
    add.forEach(i => cur.add(i)); rm.forEach(i => cur.delete(i)); many.push([j * 10, add, rm]); want.push(new Set(cur));
  }
  const t2 = V.profileTrack(encodeChanges(many), 40, [0]);
  for (const j of [2999, 5, 1800, 1799, 0, 2500, 12, 2999, -1]) {
    assert.deepEqual(t2.moveTo(j).indices(), [...want[j + 1]].sort((a, b) => a - b), `after change ${j}`);
    assert.equal(t2.count, want[j + 1].size);
  }
});

test('profile differences: spans where each profile differs from the first', () => {
  const a = encodeChanges([[100, [1], []], [300, [2], []]]);
  const b = encodeChanges([[100, [1], []], [200, [2], []]]);  // ahead of a from 200 to 300
  const c = encodeChanges([[150, [4], []]]);                  // empty while a has [1] (from 100), then [4]: to the end
  const d = V.profileDiffs([a, b, c], 8, [], 1000);
  assert.deepEqual(d[1], [[200, 300]]);
  assert.deepEqual(d[2], [[100, 1000]]);
  assert.deepEqual(d[0], [[100, 1000]], 'the first profile: where any two differ');
  assert.deepEqual(V.profileDiffs([a, b], 8, [], 1000)[0], [[200, 300]]);
  // a span open at the end of a replay of length 0 still has a width
  assert.deepEqual(V.profileDiffs([encodeChanges([]), encodeChanges([[0, [7], []]])], 8, [], 0)[1], [[0, 1]]);
  assert.deepEqual(V.profileDiffs([a, a], 8, [], 500), [[], []]);
  // from a shared initial selection [2, 3]: one drops 3 at 50; the other drops both at 20 and takes 2 back at 80
  const keep = encodeChanges([[50, [], [3]]]), clear = encodeChanges([[20, [], [2, 3]], [80, [2], []]]);
  assert.deepEqual(V.profileDiffs([keep, clear], 8, [2, 3], 100)[1], [[20, 80]]);
});

test('item lists: ids, "all" and ranges read through one function, limited', () => {
  const index = new Map([['a', 0], ['b', 1], ['c', 2], ['d', 3]]), got = (v, limit) => { const out = []; const n = V.forEachListed(v, 4, index, i => out.push(i), limit); assert.equal(n, out.length); return out; };
  assert.deepEqual(got(['b', 'zz', 'd']), [1, 3], 'ids; unknown ones left out');
  assert.deepEqual(got('all'), [0, 1, 2, 3]);
  assert.deepEqual(got({ count: 3, ranges: [[0, 0], [2, 9]] }), [0, 2, 3], 'ranges: scene indices, cut at the items carried');
  assert.deepEqual(got('all', 2), [0, 1]);
  assert.deepEqual(got(['a', 'b', 'c'], 2), [0, 1]);
  assert.deepEqual(got([7, null]), []);
  assert.equal(V.isItemList('all') && V.isItemList([]) && V.isItemList({ ranges: [] }), true);
  assert.equal(V.isItemList('r0c0') || V.isItemList(null) || V.isItemList({ count: 2 }), false);
});

test('extent: the view grown by what sticks out, rounded outwards, with room for labels', () => {
  const e = V.extent(800, 600);
  assert.deepEqual(e.done(14), [0, 0, 800, 600], 'nothing added: the view');
  e.add([10, 10, 20, 20]); e.add(null);
  assert.deepEqual(e.done(14), [0, 0, 800, 600], 'inside the view: no margin either');
  e.add([-5.5, 100, 30, 610.2]);
  assert.deepEqual(e.done(14), [-20, 0, 800, 625]);
  e.add([700, -1, 801, 5]);
  assert.deepEqual(e.done(0), [-6, -1, 801, 611]);
});

test('fit: the whole drawing in the room there is, never enlarged', () => {
  assert.equal(V.fitScale(1000, 1000, 500, 400), 1);
  assert.equal(V.fitScale(400, 1000, 800, 600), 0.5);
  assert.equal(V.fitScale(1000, 300, 800, 600), 0.5);
});

test('shape bounds: each presented shape, in points from thousandths', () => {
  assert.deepEqual(V.shapeBox({ circle: 20000 }, 50, 60, 2), [40, 50, 60, 70]);
  assert.deepEqual(V.shapeBox({ roundedRect: [1000, 2000, 30000, 40000, 5000] }, 0, 0, 2), [1, 2, 31, 42]);
  assert.deepEqual(V.shapeBox({ verticalBeam: 20000 }, 10, 10, 2), [9, 0, 11, 20]);
  assert.deepEqual(V.shapeBox({ horizontalBeam: 20000 }, 10, 10, 4), [0, 8, 20, 12]);
  assert.deepEqual(V.shapeBox({ path: [[0, 5000], [3000, -1000]] }, 0, 0, 2), [0, -1, 3, 5]);
  assert.equal(V.shapeBox({}, 0, 0, 2), null);
});

test('label placement: inside the view, off the labels placed before', () => {
  const view = [0, 0, 100, 100];
  const placed = [];
  assert.deepEqual(V.placeLabel(placed, 10, 10, 30, 12, view, 1), [10, 10]);
  // the same spot: one line down
  assert.deepEqual(V.placeLabel(placed, 10, 10, 30, 12, view, 1), [10, 22]);
  // and again: down is taken, up leaves the view, so two lines down
  assert.deepEqual(V.placeLabel(placed, 10, 10, 30, 12, view, 1), [10, 34]);
  // past the right and bottom edges: pulled in by the margins (2 and 1 screen pixels)
  assert.deepEqual(V.placeLabel([], 95, 99, 30, 12, view, 1), [68, 87]);
  assert.deepEqual(V.placeLabel([], 95, 99, 30, 12, view, 2), [69, 87.5]);
  // past the left and top edges
  assert.deepEqual(V.placeLabel([], -50, -50, 30, 12, [10, 20, 200, 200], 1), [12, 21]);
  // the boxes placed never overlap, however crowded, while there is room
  const many = [];
  for (let i = 0; i < 8; i++) V.placeLabel(many, 20, 40, 40, 10, [0, 0, 200, 200], 1);
  for (let i = 0; i < many.length; i++) for (let j = i + 1; j < many.length; j++) {
    const p = many[i], q = many[j];
    assert.ok(!(p[0] < q[2] && p[2] > q[0] && p[1] < q[3] && p[3] > q[1]), `labels ${i} and ${j} overlap`);
  }
  assert.equal(many.length, 8);
});

test('profile tags: the initial, or the shortest abbreviation no other profile shares', () => {
  assert.deepEqual(V.profileTags(['uikit', 'qt', 'gtk']), ['u', 'q', 'g']);
  assert.deepEqual(V.profileTags(['uikit', 'qt-itemview', 'qt-graphicsview', 'gtk', 'gtk3', 'imgui']), ['u', 'qi', 'qg', 'gk', 'g3', 'i']);
  const tags = V.profileTags(['a', 'ab', 'abc', 'x-y', 'x-z']);
  assert.equal(new Set(tags).size, tags.length, 'every tag distinct: ' + tags);
});

test('trail: points closer than the spacing dropped, the spacing doubled until few enough remain', () => {
  const xs = Float64Array.from([0, 0.1, 1, 1.2, 5, 5, 9]), ys = new Float64Array(7);
  assert.deepEqual(V.thinPath(xs, ys, 7, 100), [0, 2, 4, 6], 'at least half a point apart');
  assert.deepEqual(V.thinPath(xs, ys, 7, 3), [0, 4, 6], 'spacing 2, then 4: three points');
  assert.deepEqual(V.thinPath(xs, ys, 0, 10), []);
  const n = 50000, big = Float64Array.from({ length: n }, (_, i) => i), kept = V.thinPath(big, new Float64Array(n), n, 20000);
  assert.ok(kept.length <= 20000 && kept.length >= 10000 && kept[0] === 0, `${kept.length} of ${n}`);
});

test('time colour: blue at the start, red at the end, as the SVG path', () => {
  assert.equal(V.timeHue(0), 220);
  assert.equal(V.timeHue(1), 0);
  assert.equal(V.timeHue(0.5), 290);
  assert.equal(V.timeHue(-3), 220);
  assert.equal(V.timeHue(7), 0);
});

test('profile tags: one row of names, else of short tags, else wrapped rows, else none', () => {
  const full = [30, 20, 25], short = [8, 12, 12];
  assert.deepEqual(V.layoutTags(full, short, 100, 17, 2, 60), { names: true, pos: [[2, 2], [34, 2], [56, 2]] });
  assert.deepEqual(V.layoutTags(full, short, 40, 17, 2, 60), { names: false, pos: [[2, 2], [12, 2], [26, 2]] });
  // six short tags on a 100-point item: two rows (the second starts where the first is full)
  const six = [11, 17, 20, 20, 20, 8];
  const L = V.layoutTags([40, 80, 110, 30, 35, 40], six, 100, 17, 2, 42);
  assert.equal(L.names, false);
  assert.deepEqual(L.pos, [[2, 2], [15, 2], [34, 2], [56, 2], [78, 2], [2, 21]]);
  assert.equal(V.layoutTags([60, 80], [50, 50], 100, 17, 2, 30), null, 'two rows do not fit in 30 points');
  assert.equal(V.layoutTags([30], [10], 100, 17, 2, 15), null, 'nor one row in 15');
  assert.equal(V.layoutTags([40], [40], 20, 17, 2, 60), null, 'a tag wider than the item');
});

test('panel text: cut with an ellipsis to fit, log lines wrap after commas, HTML escaped', () => {
  assert.equal(V.fitText('abcdef', 6), 'abcdef');
  assert.equal(V.fitText('abcdefg', 6), 'abcde…');
  assert.equal(V.fitText('abc', 1), '…');
  assert.equal(V.wrapHTML('{"a":[1,2],"b":"<\\/x>&"}'), '{"a":[1,<wbr>2],<wbr>"b":"&lt;\\/x&gt;&amp;"}');
  assert.equal(V.wrapHTML('r0c0 r0c1'), 'r0c0 r0c1', 'no break inside an id');
});
