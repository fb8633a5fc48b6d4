#!/usr/bin/env bash
# Measures `pointersim decode` with libinput's options against the references of
# real libinput under the same options (Traces/libinput/config, jobs-config.txt):
# one line per job: name, settings, the --compare summary.
# usage: Tools/libinput-ref/check-config-fidelity.sh [TAG-REGEX]   (e.g. '@tap$')
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tools/lib/build.sh
bin=${POINTERSIM:-$(build_pointersim)}
rec=Traces/libinput
grep -v '^#' Tools/libinput-ref/jobs-config.txt | grep . | while IFS='|' read -r name desc events settings same; do
	[[ -z "${1:-}" || "$name" =~ $1 ]] || continue
	ref="$rec/config/$name.libinput.txt"
	# "default-output": libinput's events were those of the default run
	[ "$same" = default-output ] && ref="$rec/${name%@*}.libinput.txt"
	# shellcheck disable=SC2086
	s=$("$bin" decode $settings --compare "$ref" "$rec/$desc" ${events:+"$rec/$events"} 2>&1 || true)
	printf '%s|%s|%s\n' "$name" "$settings" "$s"
done
