#!/usr/bin/env bash
# Installs the `pointersim` command: a release build, its manual page and its
# shell completions, into a prefix (default ~/.local):
#   PREFIX/bin/pointersim
#   PREFIX/share/man/man1/pointersim.1                     (man pointersim)
#   PREFIX/share/bash-completion/completions/pointersim    (bash-completion reads it)
#   PREFIX/share/zsh/site-functions/_pointersim            (add it to $fpath)
#   PREFIX/share/fish/vendor_completions.d/pointersim.fish
# and says what to add to PATH when PREFIX/bin is not on it.
#
#   Tools/install.sh [--prefix DIR]     (DIR relative to the folder it is run from)
#   Tools/install.sh --uninstall [--prefix DIR]
#
# Without installing, `swift run pointersim ARGS...` (from the repository)
# runs the debug build. Installs what is missing first (Tools/setup.sh). The
# release build takes a few minutes on 2 cores the first time (README.md).
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
prefix=${HOME:?}/.local
uninstall=0
while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) [ $# -ge 2 ] && [ -n "$2" ] || { echo "usage: Tools/install.sh [--prefix DIR] [--uninstall]" >&2; exit 64; }
		prefix=$(from_caller "$2"); shift 2 ;;
	--prefix=*) prefix=$(from_caller "${1#--prefix=}"); shift ;;
	--uninstall) uninstall=1; shift ;;
	-h|--help) sed -n '2,17p' "$0"; exit 0 ;;
	*) echo "usage: Tools/install.sh [--prefix DIR] [--uninstall]" >&2; exit 64 ;;
	esac
done
files=(bin/pointersim share/man/man1/pointersim.1 share/bash-completion/completions/pointersim
	share/zsh/site-functions/_pointersim share/fish/vendor_completions.d/pointersim.fish)
if [ $uninstall = 1 ]; then
	for f in "${files[@]}"; do [ -e "$prefix/$f" ] && rm -f "$prefix/$f" && echo "removed $prefix/$f"; done
	exit 0
fi

Tools/setup.sh
. Tools/lib/build.sh
echo "install: building pointersim (release)" >&2
bin=$(build_pointersim release)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" --generate-completion-script bash > "$tmp/pointersim.bash"
"$bin" --generate-completion-script zsh > "$tmp/_pointersim"
"$bin" --generate-completion-script fish > "$tmp/pointersim.fish"
# The manual page from swift-argument-parser's generate-manual plugin (from the
# release build just made).
swift package generate-manual --configuration release >&2 \
	|| { echo "install: error: swift package generate-manual failed" >&2; exit 1; }
man=.build/plugins/GenerateManual/outputs/pointersim/pointersim.1
[ -s "$man" ] || { echo "install: error: the manual page $man was not written" >&2; exit 1; }

install -D -m 755 "$bin" "$prefix/bin/pointersim"
install -D -m 644 "$man" "$prefix/share/man/man1/pointersim.1"
install -D -m 644 "$tmp/pointersim.bash" "$prefix/share/bash-completion/completions/pointersim"
install -D -m 644 "$tmp/_pointersim" "$prefix/share/zsh/site-functions/_pointersim"
install -D -m 644 "$tmp/pointersim.fish" "$prefix/share/fish/vendor_completions.d/pointersim.fish"
for f in "${files[@]}"; do echo "installed $prefix/$f"; done
echo "pointersim $("$prefix/bin/pointersim" --version) is installed in $prefix/bin"
case ":$PATH:" in
*":$prefix/bin:"*) echo "$prefix/bin is on your PATH: run pointersim --help" ;;
*) echo "$prefix/bin is not on your PATH; add it (e.g. to ~/.profile or ~/.bashrc), then open a new shell:"
   echo "  export PATH=\"$prefix/bin:\$PATH\""
   echo "(until then: $prefix/bin/pointersim --help)" ;;
esac
case ":${MANPATH:-}:" in
*":$prefix/share/man:"*|::) ;;   # man finds PREFIX/share/man beside a PATH entry PREFIX/bin
*) echo "for man pointersim, add $prefix/share/man to MANPATH" ;;
esac
