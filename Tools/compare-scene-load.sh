#!/bin/bash
# A scene load against python3's json.load of the same file, in one run:
# for each scene, json.load (time, peak RSS), then `BIN replay DRAG --scene
# SCENE`: the time from its start to its first line of output, its whole
# time and its peak RSS (and that as a multiple of the file's size).
#
#   Tools/compare-scene-load.sh BIN DIR SCENE...    # DIR from Tools/gen-big-scene.py DIR
#   e.g. Tools/compare-scene-load.sh .build/release/pointersim /tmp/big styled.scene.json latching.scene.json
set -euo pipefail
bin=$1; dir=$2; shift 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for name in "$@"; do
  s=$dir/$name; size=$(stat -c %s "$s")
  /usr/bin/time -f "%e %M" -o "$tmp/py" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$s"
  t0=$(date +%s.%N)
  /usr/bin/time -f "%e %M" -o "$tmp/ps" "$bin" replay "$dir/drag.trace" --scene "$s" | { read -r _; date +%s.%N > "$tmp/first"; cat > /dev/null; }
  first=$(echo "$(cat "$tmp/first") - $t0" | bc)
  read -r pt pm < "$tmp/py"; read -r st sm < "$tmp/ps"
  printf '%s %d MB: json.load %s s %s KB | first line %.2f s, whole %s s, peak %s KB (%.2fx the file)\n' \
    "$name" $((size / 1000000)) "$pt" "$pm" "$first" "$st" "$sm" "$(echo "$sm * 1024 / $size" | bc -l)"
done
