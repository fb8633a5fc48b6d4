#!/usr/bin/env bash
# Counts the public API of each library module: the symbols a client can see
# (the compiler's symbol graph at public access, synthesized members
# included), and the declarations written `public`/`open` in Sources/
# (`@_spi(…) public` ones are not counted: they are seen only by a client that
# imports the SPI by name, here Benchmarks/ and Fuzz/).
#
#   Tools/public-api.sh            # print the table
#   Tools/public-api.sh --list M   # list module M's public symbols by kind
#   Tools/public-api.sh --max N    # also fail when the symbol total exceeds N
#
# Takes a debug build (about 15 s after `swift build`).
set -euo pipefail
cd "$(dirname "$0")/.."
max="" list=""
while [ $# -gt 0 ]; do
  case "$1" in
    --max) max="$2"; shift 2;;
    --list) list="$2"; shift 2;;
    *) echo "usage: Tools/public-api.sh [--max N] [--list MODULE]" >&2; exit 2;;
  esac
done
swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1 \
  || { echo "public-api: swift package dump-symbol-graph failed" >&2; exit 1; }
dir=$(swift build --show-bin-path)/../symbolgraph
python3 - "$dir" "$max" "$list" <<'PY'
import collections, glob, json, os, re, sys
d, limit, only = sys.argv[1], sys.argv[2], sys.argv[3]
modules = collections.OrderedDict()
for f in sorted(glob.glob(os.path.join(d, "PointerSim*.symbols.json"))):
    name = os.path.basename(f).split(".")[0].split("@")[0]
    if name.startswith("PointerSimPackage") or name.endswith("Tests") or name == "PointerSimTestSupport":
        continue
    syms = json.load(open(f))["symbols"]
    modules.setdefault(name, []).extend(s for s in syms if s["accessLevel"] in ("public", "open"))
decl = re.compile(r"^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s")
total = 0
written_total = 0
print(f"{'module':24} {'symbols':>8} {'types':>6} {'written':>8}")
for name, syms in modules.items():
    types = sum(1 for s in syms if s["kind"]["identifier"] in ("swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"))
    written = 0
    src = os.path.join("Sources", name)
    for root, _, files in os.walk(src):
        for fn in files:
            if fn.endswith(".swift"):
                with open(os.path.join(root, fn)) as fh:
                    written += sum(1 for line in fh if decl.match(line) and '@_spi(' not in line)
    total += len(syms); written_total += written
    print(f"{name:24} {len(syms):8} {types:6} {written:8}")
    if only == name:
        for s in sorted(syms, key=lambda s: (s["kind"]["identifier"], ".".join(s["pathComponents"]))):
            print("   ", s["kind"]["identifier"], ".".join(s["pathComponents"]))
print(f"{'total':24} {total:8} {'':6} {written_total:8}")
if limit and total > int(limit):
    print(f"public-api: {total} public symbols, more than the limit {limit}", file=sys.stderr)
    sys.exit(1)
PY
