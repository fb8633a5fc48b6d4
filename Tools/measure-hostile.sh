#!/bin/sh
# The figures of docs/Limits.md: time and peak memory of the release build on
# each hostile input of issues #8, #21, #37 and #44 (the big ones are generated in a temporary
# folder). Usage (the release build is made first; POINTERSIM_BIN=PATH uses
# another binary):
#   Tools/measure-hostile.sh
set -u
cd "$(dirname "$0")/.."
. Tools/lib/build.sh
bin=${POINTERSIM_BIN:-$(build_pointersim release)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
samsung=Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.evemu

# run LABEL ARGS...: prints "LABEL: exit N, T s, M KB, first line of stderr".
run() {
    label=$1; shift
    /usr/bin/time -f "%e s %M KB" -o "$tmp/time" "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    printf '%s: exit %s, %s, %s lines out; %s\n' "$label" "$status" "$(tail -n 1 "$tmp/time")" \
        "$(wc -l <"$tmp/out" | tr -d ' ')" "$(head -c 160 "$tmp/err" | head -n 1)"
}

run "touchpad X from -2e9 to +2e9" replay --verbose Traces/hostile/evemu-x-jump.evemu

awk '/^B:/ && !done { for (i = 0; i < 1100; i++) print "B: 01 ff ff ff ff ff ff ff ff"; done = 1 } { print }' "$samsung" >"$tmp/b.evemu"
run "1,100 B: 01 ff… lines" replay "$tmp/b.evemu"
awk '/^P:/ && !done { for (i = 0; i < 1100; i++) print "P: ff ff ff ff ff ff ff ff"; done = 1 } { print }' "$samsung" >"$tmp/p.evemu"
run "1,100 P: ff… lines" replay "$tmp/p.evemu"

# Pointer moves only (the log is then short): the figure is the reading.
awk 'BEGIN { print "pointersim-trace 1";
             for (i = 1; i <= 10000000; i++) printf "%.6f move %d %d\n", i * 0.000001, 100 + i % 700, 100 + i % 500 }' >"$tmp/long.trace"
run "pointersim-trace of 10^7 lines" replay "$tmp/long.trace"
/usr/bin/time -f "%e s %M KB" -o "$tmp/time" sh -c "cat '$tmp/long.trace' | '$bin' replay - >/dev/null"
echo "the same through a pipe (replay -): $(tail -n 1 "$tmp/time")"
mkfifo "$tmp/fifo"
cat "$tmp/long.trace" >"$tmp/fifo" &
run "the same through a FIFO" replay "$tmp/fifo"
rm -f "$tmp/long.trace"

run "a NUL byte inside a number" replay Traces/hostile/trace-nul-in-number.trace
run "band held at the edge of 1e12 pt until t=1e9" replay Traces/hostile/autoscroll-long-idle.trace --scene Traces/hostile/autoscroll-long-idle.scene.json
run "libinput record device with two events: keys" replay Traces/hostile/libinput-duplicate-events.yaml

for n in 10000 20000; do
    python3 Tools/gen-many-devices.py $n >"$tmp/many.yaml"
    run "$n devices in one libinput record file" replay "$tmp/many.yaml"
done
rm -f "$tmp/many.yaml"

awk 'BEGIN { printf "pointersim-trace 1\n0 press "; for (i = 0; i < 1000; i++) printf "%s", "xxxxxxxxxx"; print "" }' >"$tmp/token.trace"
run "a 10 kB token" replay "$tmp/token.trace"
awk 'BEGIN { printf "pointersim-trace 1\n0 press "; for (i = 0; i < 1000000; i++) printf "%s", "xxxxxxxxxx"; print "" }' >"$tmp/token.trace"
run "a 10 MB token" replay "$tmp/token.trace"

echo old >"$tmp/target.jsonl"; chmod 600 "$tmp/target.jsonl"; ln -s target.jsonl "$tmp/link.jsonl"
run "--output through a symlink" replay Traces/band/cancel.trace --output "$tmp/link.jsonl"
echo "  link still a link: $(test -L "$tmp/link.jsonl" && echo yes || echo no); target mode $(stat -c %a "$tmp/target.jsonl")"
run "--output /dev/null" replay Traces/band/cancel.trace --output /dev/null
mkdir "$tmp/folder"
run "--output a folder" replay Traces/band/cancel.trace --output "$tmp/folder"

# Issue #21 (Traces/hostile/options-clock-outputs; docs/Limits.md's second table).
oco=Traces/hostile/options-clock-outputs
run "evemu removal marker at 9223372036853.999999 s" decode $oco/evemu-removal-int64.evemu
run "libinput record row at Int64.max s" decode $oco/libinput-row-int64.yaml
run "libinput record removal marker at 1e17 s" decode $oco/libinput-marker-1e17.yaml
run "render of a trace at 1e16 s" render $oco/trace-time-1e16.trace --output $oco/null.svg
run "--udev LIBINPUT_FUZZ_35=Int64.max" decode $samsung --udev LIBINPUT_FUZZ_35=9223372036854775807
run "--quirk AttrTrackpointMultiplier=1e308" decode Traces/libinput/trackpoint-ibm-tpps2.desc $oco/trackpoint.events --quirk AttrTrackpointMultiplier=1e308
tap=Traces/libinput/touchpad-alps-dualpoint-st.tap
grep -hv '^#' Traces/libinput/mouse-ps2-generic.libinput.txt >"$tmp/block.txt"
n=$(wc -l <"$tmp/block.txt")
: >"$tmp/ref.txt"
i=0; while [ $((i * n)) -lt 4000000 ]; do cat "$tmp/block.txt"; i=$((i + 1)); done | head -n 4000000 >"$tmp/ref.txt"
run "--compare with a 4,000,000-line reference" decode Traces/libinput/mouse-ps2-generic.desc Traces/libinput/mouse-ps2-generic.events --compare "$tmp/ref.txt"
rm -f "$tmp/ref.txt"
/usr/bin/time -f "%e s %M KB" -o "$tmp/time" sh -c "'$bin' decode $tap.evemu --compare $tap.libinput.txt >/dev/full 2>'$tmp/err'; echo \$? >'$tmp/status'"
echo "decode --compare REF > /dev/full: exit $(cat "$tmp/status"), $(tail -n 1 "$tmp/time"); $(head -n 1 "$tmp/err")"
run "--output a link to /dev/full" decode $tap.evemu --output $oco/full.jsonl
run "--output ''" decode $tap.evemu --output ''
run "libinput 1.29 quirks list" decode Traces/libinput-record/libinput-1.29-quirks-hid.yaml
run "20 Shift+arrows over 99,856 items" replay $oco/keys-shift-range-100k.trace --scene $oco/keys-uikit-100k.scene.json --output $oco/null.jsonl

# Issue #37 (Traces/hostile/bounds; docs/Limits.md's third table).
bounds=Traces/hostile/bounds
run "one --enable-tap" decode $samsung --enable-tap
# shellcheck disable=SC2046
run "--enable-tap 20,000 times" decode $samsung $(i=0; while [ $i -lt 20000 ]; do printf -- '--enable-tap '; i=$((i + 1)); done)
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
items, regions = [], []
for r in range(250):
    for c in range(400):
        i = f"r{r}c{c}"
        items.append({"id": i, "rect": [c * 30, r * 30, 20, 20]})
        regions.append({"id": i + ".h", "item": i, "anchor": "right", "size": [8, 8], "latchingAxes": "horizontal", "resizes": True, "style": {"effect": "lift"}})
json.dump({"format": "pointersim-scene/1", "view": {"width": 1200, "height": 800, "content": {"width": 12000, "height": 7500}},
           "band": {"initialSelection": [i["id"] for i in items]}, "items": items, "itemRegions": regions}, open(d + "/handles.scene.json", "w"))
one = [{"id": f"h{k}", "item": "one", "anchor": [(k % 100) / 100, (k // 100 % 100) / 100], "size": [8, 8]} for k in range(100000)]
json.dump({"format": "pointersim-scene/1", "items": [{"id": "one", "rect": [100, 100, 400, 300]}], "band": {"initialSelection": ["one"]},
           "itemRegions": one}, open(d + "/one.scene.json", "w"))
with open(d + "/moves.trace", "w") as f:
    f.write("pointersim-trace 1\n")
    for m in range(2000):
        f.write(f"{(m + 1) * 0.001:.3f} move {(m * 7) % 40 * 30 + 20 + (m % 3) * 2} {(m * 13) % 26 * 30 + 10}\n")
with open(d + "/one.trace", "w") as f:
    f.write("pointersim-trace 1\n0.001 move 20 10\n")
PY
run "2,000 moves over 1e5 selected items with a handle each" replay "$tmp/moves.trace" --scene "$tmp/handles.scene.json"
run "  (one move)" replay "$tmp/one.trace" --scene "$tmp/handles.scene.json"
run "2,000 moves over 1e5 handles on one item" replay "$tmp/moves.trace" --scene "$tmp/one.scene.json"
run "  (one move)" replay "$tmp/one.trace" --scene "$tmp/one.scene.json"
rm -f "$tmp"/*.scene.json
run "compare --profiles with 10,002 names" compare Traces/band/cancel.trace --profiles "$(i=0; while [ $i -lt 3334 ]; do printf 'uikit,qt,gtk,'; i=$((i + 1)); done)uikit"
run "compare --profiles uikit,uikit" compare Traces/band/cancel.trace --profiles uikit,uikit
python3 Tools/gen-many-devices.py 1000000 >"$tmp/many.yaml"
run "1e6 devices in one libinput record file" replay "$tmp/many.yaml"
python3 Tools/gen-many-devices.py 1024 >"$tmp/many.yaml"
run "1,024 devices" replay "$tmp/many.yaml"
python3 - "$tmp/many.yaml" <<'PY'
import sys
codes = "[" + ", ".join(str(c) for c in range(1024)) + "]"
with open(sys.argv[1], "w") as out:
    out.write("# libinput record\nversion: 1\nndevices: 1024\nlibinput:\n  version: \"1.22.1\"\ndevices:\n")
    for d in range(1024):
        out.write("- node: /dev/input/event%d\n  evdev:\n    name: \"%s\"\n    id: [3, 4660, 22136, 273]\n    codes:\n" % (d, ("N%d" % d).ljust(65536, "x")))
        for t in range(32): out.write("      %d: %s\n" % (t, codes))
        out.write("    absinfo:\n")
        for a in range(64): out.write("      %d: [0, 1000, 0, 0, 10]\n" % a)
        out.write("    properties: %s\n  events:\n" % codes)
        out.write("  - evdev:\n    - [  0, %6d,   2,   0,       1]\n    - [  0, %6d,   0,   0,       0]\n" % (d, d))
PY
run "1,024 devices at every limit (240 MB)" replay "$tmp/many.yaml"
rm -f "$tmp/many.yaml"
run "a libinput record header indented with tabs" decode $bounds/libinput-tab-indent-header.yaml
run "--frames 1e9" replay Traces/band/cancel.trace --verbose --frames 1e9

# Issue #44 (Traces/hostile/messages-and-conform; docs/Limits.md's fifth table).
r5=Traces/hostile/messages-and-conform
word="replya$(python3 -c 'print("x" * 120000)')"
run "help with a 120 kB word" help "$word"
run "a bare 120 kB word" "$word"
run "a word with a title sequence" "$(printf '\033]0;pwned\007replay')"
run "an unknown option of 120 kB" replay Traces/band/cancel.trace "--$word"
run "conform --only 999999999" conform --exec $r5/namer.sh --kind band --only 999999999 --min-compared 0
run "conform --sessions 20000 --report MISSING/r.json" conform --exec $r5/never.sh --sessions 20000 --report "$tmp/missing/r.json"
(cd "$tmp" && run "conform --out q/r (relative, not there yet)" conform --exec "python3 '$OLDPWD/Examples/ConformPython/band_round_even.py'" --kind band --profile uikit --out q/r)
