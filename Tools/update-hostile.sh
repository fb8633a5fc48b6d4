#!/bin/sh
# Rewrites the expected exit status, standard output and standard error of
# every hostile-input case (Traces/hostile/*.case) from the debug build:
#   swift build --product pointersim && Tools/update-hostile.sh
# then review the diffs (git diff Traces/hostile). Each .case file keeps its
# comment lines (#) and its `args:` line; HostileInputTests runs the same
# command and compares all three exactly.
set -eu
cd "$(dirname "$0")/.."
bin=${POINTERSIM_BIN:-.build/debug/pointersim}
for c in Traces/hostile/*.case; do
    args=$(sed -n 's/^args: //p' "$c")
    tmp=$(mktemp -d)
    set +e
    # shellcheck disable=SC2086
    timeout 60 "$bin" $args >"$tmp/out" 2>"$tmp/err"
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
