#!/bin/bash
# Raw replay throughput side by side: two pointersim binaries replay the same
# recording alternately, RUNS times each, in one run; prints each run and the
# median wall time, events per second and peak RSS of each, and checks that
# both wrote the same log.
#
#   Tools/compare-replay.sh OLD_BIN NEW_BIN [FILE=/tmp/big.evemu] [RUNS=5]
#
# FILE defaults to the 200 MB recording of `Tools/gen-big-evemu.py
# /tmp/big.evemu 200 100` (3,485,803 events; made if missing). OLD_BIN is
# typically a release build of an older commit in a scratch clone:
#   git clone -q . /tmp/old && git -C /tmp/old checkout -q a346178 &&
#   (cd /tmp/old && swift build -c release --product pointersim)
set -euo pipefail
old=$1; new=$2; file=${3:-/tmp/big.evemu}; runs=${4:-5}
[ -f "$file" ] || python3 "$(dirname "$0")/gen-big-evemu.py" "$file" 200 100 >&2
events=$(grep -c '^E:' "$file")
a=$("$old" replay "$file" | md5sum); b=$("$new" replay "$file" | md5sum)
[ "$a" = "$b" ] || { echo "the two binaries write different logs" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$runs"); do
  for which in old new; do
    bin=$old; [ $which = new ] && bin=$new
    /usr/bin/time -f "%e %M" -o "$tmp/t" "$bin" replay "$file" > /dev/null
    read -r s kb < "$tmp/t"
    echo "$s $kb" >> "$tmp/$which"
    echo "run $r $which: $s s, $kb KB" >&2
  done
done
for which in old new; do
  sort -n "$tmp/$which" | awk -v w=$which -v e="$events" -v n="$runs" '{ s[NR] = $1; k[NR] = $2 }
    END { m = s[int((n + 1) / 2)]; printf "%s: median %.2f s (%.2f M events/s), min %.2f s, max %.2f s, peak RSS %d KB\n", w, m, e / m / 1e6, s[1], s[n], k[int((n + 1) / 2)] }'
done
