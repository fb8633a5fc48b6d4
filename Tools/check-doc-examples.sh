#!/usr/bin/env bash
# The documentation's examples, built and run as a newcomer would (issue #45):
#   1. the sh blocks' pointersim invocations against the parser and the
#      $-transcripts run (Tools/doc-examples.py --commands; also a swift test);
#   2. every Swift example of the DocC catalogs (the getting-started articles
#      and the test-oracle article) copied into a new package that depends on
#      the repository by path under an unusual folder name, built, and each
#      program run (the test article's test with swift test).
# With --fresh-clone it first clones the repository (its committed HEAD) into
# a folder of another name and runs there, as on a fresh machine: the README's
# first command (Tools/run-demo.sh, timed), the install step
# (Tools/install.sh --prefix, then the installed pointersim, its manual page
# and completions), then 1 and 2 against the clone.
# With --install (and without --fresh-clone) it runs the install step from
# this checkout instead (Tools/install.sh --prefix into the scratch folder,
# reusing the release build when there is one: what the full tier does, on
# CI's own fresh clone, after its release build) and checks 1 and 2 with the
# installed pointersim.
#   Tools/check-doc-examples.sh [--fresh-clone | --install] [--keep]    (--keep: leave the scratch folder)
# Exit 0 when everything builds and runs as written.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fresh=0 keep=0 install=0
for a in "$@"; do
	case "$a" in
	--fresh-clone) fresh=1 ;;
	--install) install=1 ;;
	--keep) keep=1 ;;
	*) echo "usage: Tools/check-doc-examples.sh [--fresh-clone | --install] [--keep]" >&2; exit 64 ;;
	esac
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pointersim-doc-examples.XXXXXX")
[ $keep = 1 ] && echo "check-doc-examples: scratch folder $scratch (kept)" >&2 || trap 'rm -rf "$scratch"' EXIT
fail() { echo "check-doc-examples: FAILED: $*" >&2; exit 1; }
t() { echo "check-doc-examples: $1 ($(( SECONDS - $2 )) s)" >&2; }

# The repository under a folder name that is neither "pointersim" nor "PointerSim".
repo="$scratch/Some.Clone-of_the-repo"
if [ $fresh = 1 ]; then
	git clone -q "$here" "$repo"
	echo "check-doc-examples: cloned $(git -C "$repo" rev-parse --short HEAD) into $repo" >&2
	t0=$SECONDS
	(cd "$repo" && Tools/run-demo.sh > "$scratch/demo.out" 2> "$scratch/demo.err") || { tail -20 "$scratch/demo.err" >&2; fail "Tools/run-demo.sh"; }
	grep -q '"event":"band.ended"' "$scratch/demo.out" || fail "Tools/run-demo.sh printed no band.ended"
	t "the README's first command, Tools/run-demo.sh, on the fresh clone: exit 0" $t0
fi
if [ $fresh = 1 ] || [ $install = 1 ]; then
	# (without --fresh-clone: from this checkout's own folder, so that its builds are reused)
	src=$repo
	[ $fresh = 1 ] || { ln -s "$here" "$repo"; src=$here; }
	t0=$SECONDS
	prefix="$scratch/prefix"
	(cd "$src" && Tools/install.sh --prefix "$prefix" > "$scratch/install.out" 2> "$scratch/install.err") \
		|| { tail -20 "$scratch/install.err" >&2; fail "Tools/install.sh --prefix $prefix"; }
	cat "$scratch/install.out" >&2
	grep -q "is not on your PATH" "$scratch/install.out" || fail "install.sh did not say that $prefix/bin is not on PATH"
	for f in bin/pointersim share/man/man1/pointersim.1 share/bash-completion/completions/pointersim \
		share/zsh/site-functions/_pointersim share/fish/vendor_completions.d/pointersim.fish; do
		[ -s "$prefix/$f" ] || fail "install.sh did not install $prefix/$f"
	done
	grep -Eq '^\.(TH|Dt) POINTERSIM' "$prefix/share/man/man1/pointersim.1" || fail "the manual page has no title (.Dt or .TH)"
	bash -n "$prefix/share/bash-completion/completions/pointersim" || fail "the bash completion script does not parse"
	t "the install step, Tools/install.sh --prefix: the command, its manual page and completions" $t0
	# After it, every script that names pointersim works: run-demo's hint is a command that runs.
	# (Without --fresh-clone, run-demo's debug build is this checkout's own.)
	(cd "$src" && PATH="$prefix/bin:$PATH" Tools/run-demo.sh > /dev/null 2> "$scratch/demo2.err") || fail "Tools/run-demo.sh after the install"
	hint=$(grep '^# To watch it: ' "$scratch/demo2.err" | sed 's/^# To watch it: //; s/, then open .*//')
	case "$hint" in pointersim\ render\ *) ;; *) fail "run-demo.sh's hint after the install is not 'pointersim render …': $hint" ;; esac
	(cd "$src" && PATH="$prefix/bin:$PATH" sh -c "$hint") || fail "the hint '$hint' does not run"
	echo "check-doc-examples: after the install, run-demo's hint runs: $hint" >&2
	bin="$prefix/bin/pointersim"
else
	ln -s "$here" "$repo"
	bin=$(cd "$here" && . Tools/lib/build.sh && build_pointersim)
fi

t0=$SECONDS
(cd "$repo" && python3 Tools/doc-examples.py --coverage && python3 Tools/doc-examples.py --commands "$bin") || fail "the sh blocks or the transcripts (above)"
t "the sh blocks against the parser, the transcripts run" $t0

t0=$SECONDS
client="$scratch/MyDocExamples"
mkdir -p "$client"
(cd "$repo" && python3 Tools/doc-examples.py --client "$client" --dependency "$repo") || fail "the package fragments (above)"
(cd "$client" && swift build --build-tests > "$scratch/client-build.log" 2>&1) || { grep -E "error|warning" "$scratch/client-build.log" | head -40 >&2; fail "the client package of the examples does not build"; }
t "the client package of the Swift examples builds (depends on $repo by path)" $t0
binpath=$(cd "$client" && swift build --show-bin-path)
while read -r kind name doc; do
	case "$kind" in
	program)
		# From the repository's folder: the examples read Traces/… as written.
		(cd "$repo" && "$binpath/$name" > "$scratch/$name.out" 2>&1) || { cat "$scratch/$name.out" >&2; fail "$name ($doc) exits $?"; }
		echo "check-doc-examples: ran $name ($doc): $(wc -l < "$scratch/$name.out") lines" >&2 ;;
	compile) echo "check-doc-examples: built $name ($doc; not run, see Tools/doc-examples.txt)" >&2 ;;
	test)
		(cd "$client" && swift test --skip-build --filter "$name" > "$scratch/$name.out" 2>&1) || { tail -30 "$scratch/$name.out" >&2; fail "$name ($doc): swift test failed"; }
		grep -q "passed" "$scratch/$name.out" || fail "$name: no test ran"
		echo "check-doc-examples: swift test $name ($doc): $(grep -c '✔ Test ' "$scratch/$name.out") passed" >&2 ;;
	esac
done < "$client/targets.txt"
echo "check-doc-examples: every example builds and runs as written"
