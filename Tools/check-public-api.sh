#!/usr/bin/env bash
# The one counter of the public API, and the one check of its budget: the
# symbols each library module declares at public access, as the compiler's
# symbol graph lists them (`swift package dump-symbol-graph`; synthesized
# members, such as the `==` of a synthesized Equatable, and SPI symbols are
# not counted: a client of `@_spi(…)` names it, here Benchmarks/ and Fuzz/).
#
#   Tools/check-public-api.sh            # print the table (declared symbols, with
#                                  # synthesized members, and types)
#   Tools/check-public-api.sh --list M   # list module M's declared public symbols by kind
#   Tools/check-public-api.sh --check    # also fail when a module declares more than
#                                  # its budget (Tools/api/budget.txt) or has no
#                                  # line there (run by Tools/test.sh's quick tier)
#
# Takes a debug build (about 15 s after `swift build`, a minute on a busy machine).
set -euo pipefail
cd "$(dirname "$0")/.."
check="" list=""
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift;;
    --list) list="$2"; shift 2;;
    *) echo "usage: Tools/check-public-api.sh [--check] [--list MODULE]" >&2; exit 2;;
  esac
done
swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1 \
  || { echo "check-public-api: swift package dump-symbol-graph failed" >&2; exit 1; }
dir=$(swift build --show-bin-path)/../symbolgraph
python3 - "$dir" "$check" "$list" Tools/api/budget.txt <<'PY'
import collections, glob, json, os, sys
d, check, only, budget_file = sys.argv[1:5]
KINDS = ("swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor")
modules = collections.OrderedDict()
for name in sorted(os.listdir("Sources")):
    if name.startswith("PointerSim") and os.path.isdir(os.path.join("Sources", name)):
        modules[name] = []
# <Module>.symbols.json, and <Module>@<Other>.symbols.json for its extensions of
# another module's types
for f in sorted(glob.glob(os.path.join(d, "PointerSim*.symbols.json"))):
    name = os.path.basename(f).split(".")[0].split("@")[0]
    if name in modules:
        modules[name].extend(s for s in json.load(open(f))["symbols"]
                             if s["accessLevel"] in ("public", "open") and not s.get("spi"))
def synthesized(s): return "::SYNTHESIZED::" in s["identifier"]["precise"]
print(f"{'module':24} {'declared':>9} {'with synthesized':>17} {'types':>6}")
totals = [0, 0]
declared = {}
for name, syms in modules.items():
    own = [s for s in syms if not synthesized(s)]
    declared[name] = len(own)
    types = sum(1 for s in own if s["kind"]["identifier"] in KINDS)
    totals[0] += len(own); totals[1] += len(syms)
    print(f"{name:24} {len(own):9} {len(syms):17} {types:6}")
    if only == name:
        for s in sorted(own, key=lambda s: (s["kind"]["identifier"], ".".join(s["pathComponents"]))):
            print("   ", s["kind"]["identifier"], ".".join(s["pathComponents"]))
print(f"{'total':24} {totals[0]:9} {totals[1]:17}")
if not check:
    sys.exit(0)
budget, bad = {}, []
for i, line in enumerate(open(budget_file), 1):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    parts = line.split()
    if len(parts) != 2 or not parts[1].isdigit():
        sys.exit(f"{budget_file}:{i}: expected `Module N`, got `{line}`")
    budget[parts[0]] = int(parts[1])
for name, n in declared.items():
    if name not in budget:
        bad.append(f"Sources/{name} has no line in {budget_file}")
    elif n > budget[name]:
        bad.append(f"{name} declares {n} public symbols, over its budget of {budget[name]} ({budget_file}): "
                   f"narrow the new ones to `package`, or raise the budget on purpose")
for name in budget:
    if name not in declared:
        bad.append(f"{budget_file} names {name}, which is not a module of Sources/")
sys.stdout.flush()
for b in bad:
    print("check-public-api: " + b, file=sys.stderr)
if bad:
    sys.exit(1)
print(f"check-public-api: every module within its budget ({budget_file})")
PY
