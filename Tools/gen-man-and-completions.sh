#!/usr/bin/env bash
# Writes the manual page and the shell completion scripts of `pointersim`
# into out/: out/pointersim.1 (swift-argument-parser's generate-manual
# plugin) and out/completions/{pointersim.bash,_pointersim,pointersim.fish}.
# Install them where your system looks, e.g.
#   sudo cp out/pointersim.1 /usr/local/share/man/man1/
#   sudo cp out/completions/pointersim.bash /etc/bash_completion.d/pointersim
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out/completions
. Tools/lib/build.sh
bin=$(build_pointersim)
"$bin" --generate-completion-script bash > out/completions/pointersim.bash
"$bin" --generate-completion-script zsh > out/completions/_pointersim
"$bin" --generate-completion-script fish > out/completions/pointersim.fish
swift package generate-manual --configuration debug >&2
cp .build/plugins/GenerateManual/outputs/pointersim/pointersim.1 out/pointersim.1
echo "wrote out/pointersim.1 and out/completions/ (bash, zsh, fish)"
