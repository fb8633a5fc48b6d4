#!/usr/bin/env bash
# The hook for the README's test command: runs the end-to-end test of
# `pointersim live --record` on a real Linux kernel in qemu
# (Tools/vm-test/run.sh; about 1-2 minutes on a fresh machine, most of it
# installing qemu and downloading Debian's kernel package; ~15 s on a re-run).
# It fails (exit 1) with a clear message when something it needs is missing.
# POINTERSIM_SKIP_VM_TEST=1 skips it, saying so loudly.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${POINTERSIM_SKIP_VM_TEST:-0}" = 1 ]; then
	echo "== end-to-end VM test SKIPPED (POINTERSIM_SKIP_VM_TEST=1)" >&2
	exit 0
fi
echo "== end-to-end test on a real kernel (qemu): pointersim live --record" >&2
exec Tools/vm-test/run.sh "$@"
