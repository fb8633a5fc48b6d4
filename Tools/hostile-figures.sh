#!/bin/sh
# The figures of docs/Limits.md: time and peak memory of the release build on
# each hostile input of issues #8 and #21 (the big ones are generated in a temporary
# folder). Usage:
#   swift build -c release --product pointersim && Tools/hostile-figures.sh
set -u
cd "$(dirname "$0")/.."
bin=${POINTERSIM_BIN:-.build/release/pointersim}
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

# Issue #21 (Traces/hostile/round3; docs/Limits.md's second table).
r3=Traces/hostile/round3
run "evemu removal marker at 9223372036853.999999 s" decode $r3/evemu-removal-int64.evemu
run "libinput record row at Int64.max s" decode $r3/libinput-row-int64.yaml
run "libinput record removal marker at 1e17 s" decode $r3/libinput-marker-1e17.yaml
run "render of a trace at 1e16 s" render $r3/trace-time-1e16.trace --output $r3/null.svg
run "--udev LIBINPUT_FUZZ_35=Int64.max" decode $samsung --udev LIBINPUT_FUZZ_35=9223372036854775807
run "--quirk AttrTrackpointMultiplier=1e308" decode Traces/libinput/trackpoint-ibm-tpps2.desc $r3/trackpoint.events --quirk AttrTrackpointMultiplier=1e308
tap=Traces/libinput/touchpad-alps-dualpoint-st.tap
grep -hv '^#' Traces/libinput/mouse-ps2-generic.libinput.txt >"$tmp/block.txt"
n=$(wc -l <"$tmp/block.txt")
: >"$tmp/ref.txt"
i=0; while [ $((i * n)) -lt 4000000 ]; do cat "$tmp/block.txt"; i=$((i + 1)); done | head -n 4000000 >"$tmp/ref.txt"
run "--compare with a 4,000,000-line reference" decode Traces/libinput/mouse-ps2-generic.desc Traces/libinput/mouse-ps2-generic.events --compare "$tmp/ref.txt"
rm -f "$tmp/ref.txt"
/usr/bin/time -f "%e s %M KB" -o "$tmp/time" sh -c "'$bin' decode $tap.evemu --compare $tap.libinput.txt >/dev/full 2>'$tmp/err'; echo \$? >'$tmp/status'"
echo "decode --compare REF > /dev/full: exit $(cat "$tmp/status"), $(tail -n 1 "$tmp/time"); $(head -n 1 "$tmp/err")"
run "--output a link to /dev/full" decode $tap.evemu --output $r3/full.jsonl
run "--output ''" decode $tap.evemu --output ''
run "libinput 1.29 quirks list" decode Traces/libinput-record/libinput-1.29-quirks-hid.yaml
run "20 Shift+arrows over 99,856 items" replay $r3/keys-shift-range-100k.trace --scene $r3/keys-uikit-100k.scene.json --output $r3/null.jsonl
