#!/bin/sh
# Rewrites the expected exit status, standard output and standard error of
# every hostile-input case (Traces/hostile/*.case, the first corpus, and
# Traces/hostile/options-clock-outputs/*.case, the second, Traces/hostile/bounds/*.case, the
# third, Traces/hostile/conform/*.case, pointersim conform's,
# Traces/hostile/messages-and-conform/*.case, the fifth round's; POINTERSIM_HOSTILE_CASES="FILES"
# limits it to some) from the debug build (built first; POINTERSIM_BIN=PATH
# uses another binary):
#   Tools/update-hostile.sh
# then review the diffs (git diff Traces/hostile). Each .case file keeps its
# comment lines (#) and its `args:` line; HostileInputTests runs the same
# command and compares all three exactly. Arguments are split at spaces, with
# no globbing; a lone '' is an empty argument.
set -eu
cd "$(dirname "$0")/.."
. Tools/lib/build.sh
bin=${POINTERSIM_BIN:-$(build_pointersim)}
for c in ${POINTERSIM_HOSTILE_CASES:-Traces/hostile/*.case Traces/hostile/options-clock-outputs/*.case Traces/hostile/bounds/*.case Traces/hostile/conform/*.case Traces/hostile/messages-and-conform/*.case}; do
    args=$(sed -n 's/^args: //p' "$c")
    tmp=$(mktemp -d)
    set -f
    set --
    for w in $args; do
        if [ "$w" = "''" ]; then set -- "$@" ""; else set -- "$@" "$w"; fi
    done
    set +f
    set +e
    timeout 60 "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    set -e
    { grep '^#' "$c" || true
      echo "args: $args"
      echo "status: $status"
      echo "stdout:"
      cat "$tmp/out"
      echo "stderr:"
      cat "$tmp/err"
    } >"$tmp/case"
    mv "$tmp/case" "$c"
    rm -rf "$tmp"
done
