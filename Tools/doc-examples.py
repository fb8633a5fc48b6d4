#!/usr/bin/env python3
"""The code blocks of the documentation, checked so that an example cannot rot.

Every ```swift and ```sh block of README.md, docs/ and the DocC catalogs
(Sources/*/*.docc) has one line in Tools/doc-examples.txt saying how it is
checked (or why it is not), and every ```text block that starts with "$ " is a
transcript that is run:

  swift blocks
    program NAME    compiled into the executable target NAME of a client package
                    and run (blocks with the same NAME are one main.swift, in
                    the order of the file); its working folder is the repository
    compile NAME    the same, built but not run (the reason follows)
    test NAME       a Swift Testing file of the test target NAME, built and run
    manifest        a Package.swift fragment: its .package and .product forms
                    are the ones the client package uses
    client PATH     the file PATH of Examples/Client, verbatim (DocumentationTests)
    skip REASON
  sh blocks
    check           every `pointersim` invocation in it names a real subcommand
                    and options that subcommand has (its --help), every
                    Tools/... or Examples/... path exists
    skip REASON
  transcripts (```text whose first line starts with "$ "): each "$ COMMAND" is
    run with sh in a scratch folder (Traces/ and Examples/ linked in, the
    command on PATH; `cat FILE` of a file not there writes it from the lines
    shown) and its standard output and error must be the lines that follow;
    "…" stands for any text, a line of "…" alone for any lines; `xdg-open` is
    not run.

Usage:
  Tools/doc-examples.py --coverage                every block listed, no stale line (fast)
  Tools/doc-examples.py --commands BIN            the sh checks and the transcripts, with BIN as `pointersim`
  Tools/doc-examples.py --client DIR --dependency PATH
                                                  writes the client package of the swift blocks into DIR,
                                                  depending on PATH (a clone of the repository, any folder name)
  Tools/doc-examples.py --list                    the blocks and how each is checked
Exit status 0 when everything holds, 1 with one line per problem (FILE:LINE: what).
"""
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join("Tools", "doc-examples.txt")


def documents():
    files = ["README.md"] + sorted(glob.glob("docs/**/*.md", recursive=True)) + sorted(glob.glob("Sources/*/*.docc/*.md"))
    return [f for f in files if os.path.isfile(os.path.join(ROOT, f))]


def blocks(path):
    """(language, ordinal among the file's blocks of that language, first line number, text)."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    out, counts, i = [], {}, 0
    while i < len(lines):
        m = re.match(r"^(\s*)```(\w*)\s*$", lines[i])
        if m:
            indent, lang = len(m.group(1)), m.group(2)
            j = i + 1
            while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
                j += 1
            body = "\n".join(l[indent:] if l[:indent].strip() == "" else l for l in lines[i + 1:j])
            counts[lang] = counts.get(lang, 0) + 1
            out.append((lang, counts[lang], i + 1, body))
            i = j
        i += 1
    return out


def manifest():
    entries = {}
    for n, line in enumerate(open(os.path.join(ROOT, MANIFEST), encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        kind, _, arg = rest.strip().partition(" ")
        entries[key] = (kind, arg.strip(), n)
    return entries


def key(path, lang, k):
    return f"{path}#{lang}{k}"


def coverage():
    problems, seen = [], set()
    entries = manifest()
    for path in documents():
        for lang, k, line, _ in blocks(path):
            if lang not in ("swift", "sh"):
                continue
            name = key(path, lang, k)
            seen.add(name)
            if name not in entries:
                problems.append(f"{path}:{line}: the {lang} block {name} is not in {MANIFEST} (say how it is checked, or skip it with a reason)")
                continue
            kind, arg, n = entries[name]
            allowed = {"swift": ("program", "compile", "test", "manifest", "client", "skip"), "sh": ("check", "skip")}[lang]
            if kind not in allowed:
                problems.append(f"{MANIFEST}:{n}: {name}: '{kind}' is not a way to check a {lang} block ({', '.join(allowed)})")
            if kind in ("program", "compile", "test", "client") and not arg:
                problems.append(f"{MANIFEST}:{n}: {name}: '{kind}' needs a name")
            if kind == "skip" and len(arg) < 10:
                problems.append(f"{MANIFEST}:{n}: {name}: a skip needs its reason")
    for name, (_, _, n) in entries.items():
        if name not in seen:
            problems.append(f"{MANIFEST}:{n}: {name}: no such block (stale line)")
    return problems


# --- sh blocks: the invocations against the parser ----------------------------------

_help_cache = {}


def options_of(binary, words):
    """The subcommand path and the options its --help lists, or None for an unknown subcommand."""
    key_ = tuple(words)
    if key_ not in _help_cache:
        r = subprocess.run([binary] + list(words) + ["--help"], capture_output=True, text=True)
        if r.returncode != 0:
            _help_cache[key_] = None
        else:
            found = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b", r.stdout)) | {"--help", "-h", "--version"}
            if not words:
                # swift-argument-parser's own, which --help does not list
                found |= {"--generate-completion-script", "--experimental-dump-help"}
                found |= {"@subcommands"} | set(re.findall(r"^  ([a-z]+) ", r.stdout, re.M))
            _help_cache[key_] = found
    return _help_cache[key_]


def invocations(text, subcommands):
    """The argument lists after each word `pointersim` (bare, a path ending in
    /pointersim, or `swift run … pointersim`) that runs it: followed by a
    subcommand or an option, and not itself an option's value (`--bin PATH`)."""
    out = []
    for line in text.split("\n"):
        code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
        try:
            words = shlex.split(code, comments=False)
        except ValueError:
            words = code.split()
        for i, w in enumerate(words):
            if w == "pointersim" or w.endswith("/pointersim"):
                # `swift run pointersim` and `--product pointersim` name the product, not a run of it
                if i > 0 and words[i - 1].startswith("-"):
                    continue
                nxt = words[i + 1] if i + 1 < len(words) else ""
                if not (nxt.startswith("-") or nxt in subcommands or re.fullmatch(r"[a-z]+", nxt)):
                    continue
                args = []
                for a in words[i + 1:]:
                    if a in ("|", "||", "&&", ";", ">", "2>&1", ">/dev/null", "2>") or a.startswith(">") or a.startswith("2>"):
                        break
                    args.append(a)
                out.append((line, args))
    return out


def check_invocation(binary, args):
    if not args:
        return None
    if args[0].startswith("-"):
        opts = options_of(binary, [])
        bad = [a for a in args if a.startswith("-") and a.split("=")[0] not in opts and a != "-"]
        return f"pointersim has no option {bad[0]}" if bad else None
    sub = [args[0]]
    opts = options_of(binary, sub)
    if opts is None:
        return f"pointersim has no subcommand '{args[0]}'"
    rest = args[1:]
    if rest and not rest[0].startswith("-"):
        deeper = options_of(binary, sub + [rest[0]])
        if deeper is not None and rest[0] in ("band", "regions"):
            sub, opts, rest = sub + [rest[0]], deeper, rest[1:]
    for i, a in enumerate(rest):
        if a.startswith("--") or re.match(r"^-[a-zA-Z]$", a):
            flag = a.split("=")[0]
            if flag not in opts:
                return f"pointersim {' '.join(sub)} has no option {flag}"
            # A list of profiles (not a placeholder such as NAME|FILE): the command must take it.
            value = a.split("=", 1)[1] if "=" in a else (rest[i + 1] if i + 1 < len(rest) else "")
            if flag in ("--profiles", "--profile") and re.fullmatch(r"[a-z0-9,-]+", value or "-"):
                probe = ["compare", "/dev/null", "--profiles", value] if flag == "--profiles" else ["replay", "/dev/null", "--profile", value]
                r = subprocess.run([binary] + probe, capture_output=True, text=True)
                if r.returncode == 64:
                    return f"{flag} {value}: the command refuses it: {r.stderr.splitlines()[0] if r.stderr else ''}"
    return None


def check_sh(path, line, text, binary):
    problems = []
    subcommands = options_of(binary, []) or set()
    for src, args in invocations(text, subcommands):
        # A usage synopsis: [--a X] [--b|--c] — the options are the words starting with --
        flat = []
        for a in args:
            for part in re.split(r"[\[\]|]", a):
                if part:
                    flat.append(part)
        why = check_invocation(binary, flat)
        if why:
            problems.append(f"{path}:{line}: {why}: {src.strip()}")
    for m in re.finditer(r"(?<![\w/.])((?:Tools|Examples)/[\w./-]+)", text):
        p = m.group(1).rstrip(".")
        if not os.path.exists(os.path.join(ROOT, p)):
            problems.append(f"{path}:{line}: {p} does not exist")
    return problems


# --- transcripts -----------------------------------------------------------------------


def pattern(expected):
    """A regex of the lines shown: "…" any text on its line, a line of "…" alone any lines."""
    parts = []
    for l in expected.split("\n"):
        if l.strip() == "…":
            parts.append(r"(?:[^\n]*\n)*?")
            continue
        parts.append("[^\\n]*?".join(re.escape(x) for x in l.split("…")) + r"\n")
    return re.compile("".join(parts) + r"\Z", re.S)


def run_transcript(path, line, text, binary):
    problems = []
    steps, cur = [], None
    for l in text.split("\n"):
        if l.startswith("$ "):
            cur = [l[2:], []]
            steps.append(cur)
        elif cur is not None:
            cur[1].append(l)
    with tempfile.TemporaryDirectory() as d:
        for name in ("Traces", "Examples"):
            os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
        bindir = os.path.join(d, ".bin")
        os.mkdir(bindir)
        os.symlink(os.path.abspath(binary), os.path.join(bindir, "pointersim"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
        for cmd, shown in steps:
            command = cmd.split("  #", 1)[0].strip()
            expected = "\n".join(shown).rstrip("\n")
            words = command.split()
            if words and words[0] == "xdg-open":
                continue
            if len(words) == 2 and words[0] == "cat" and not os.path.exists(os.path.join(d, words[1])):
                with open(os.path.join(d, words[1]), "w", encoding="utf-8") as f:
                    f.write(expected + "\n")
                continue
            r = subprocess.run(["sh", "-c", "{ " + command + "\n} 2>&1"], cwd=d, env=env, capture_output=True, text=True, timeout=120)
            got = r.stdout
            # The argument parser's usage lines after an error message are
            # not shown on the pages.
            got = re.sub(r"\nUsage: pointersim [^\n]*\n  See 'pointersim [^\n]*' for more information\.\n?\Z", "\n", got)
            if not pattern(expected).match(got if got.endswith("\n") or not got else got + "\n") and not (expected == "" and got == ""):
                problems.append(f"{path}:{line}: `{command}` printed something else than the page shows:\n--- the page\n{expected}\n--- the command\n{got.rstrip()}")
    return problems


def profile_lists(binary):
    """Every comma-separated list of profile names in a code span of the pages
    (`uikit,qt-graphicsview,gtk`) is one `compare --profiles` takes."""
    problems = []
    names = set()
    r = subprocess.run([binary, "replay", "--help"], capture_output=True, text=True)
    m = re.search(r"--profile <NAME\|FILE>\s+The band profile, replacing the scene's: ([^.]*?), or a file", re.sub(r"\s+", " ", r.stdout))
    if m:
        names = set(re.findall(r"[a-z][a-z0-9-]*", re.sub(r"\s+", " ", m.group(1)).replace(" or ", ", ")))
    if not names:
        return [f"replay --help lists no profiles to check the pages' lists against"]
    for path in documents():
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        for m in re.finditer(r"`([a-z0-9-]+(?:,[a-z0-9-]+){2,})`", text):
            parts = m.group(1).split(",")
            if not all(p in names for p in parts):
                continue
            r = subprocess.run([binary, "compare", "/dev/null", "--profiles", m.group(1)], capture_output=True, text=True)
            if r.returncode == 64:
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{path}:{line}: the profile list {m.group(1)} is refused by compare --profiles: {r.stderr.splitlines()[0]}")
    return problems


def commands(binary):
    problems = profile_lists(binary)
    entries = manifest()
    for path in documents():
        for lang, k, line, text in blocks(path):
            if lang == "sh":
                kind = entries.get(key(path, lang, k), ("check",))[0]
                if kind == "check":
                    problems += check_sh(path, line, text, binary)
            elif lang == "text" and text.startswith("$ "):
                problems += run_transcript(path, line, text, binary)
    return problems


# --- the client package ----------------------------------------------------------------


def client(directory, dependency):
    entries = manifest()
    targets = {}   # name -> (kind, [(path, line, text)])
    manifests = []
    for path in documents():
        for lang, k, line, text in blocks(path):
            if lang != "swift":
                continue
            kind, arg, _ = entries.get(key(path, lang, k), ("skip", "", 0))
            if kind in ("program", "compile", "test"):
                t = targets.setdefault(arg, (kind, []))
                if t[0] != kind:
                    sys.exit(f"doc-examples: target {arg} is both {t[0]} and {kind}")
                t[1].append((path, line, text))
            elif kind == "manifest":
                manifests.append((path, line, text))
    problems = []
    # The manifest fragments name the package the one way that works under
    # any folder name: .package(name: "PointerSim", path: …) or a URL, and
    # .product(…, package: "PointerSim").
    for path, line, text in manifests:
        for m in re.finditer(r"\.product\(name: \"(\w+)\", package: \"([^\"]+)\"\)", text):
            if m.group(2) != "PointerSim":
                problems.append(f"{path}:{line}: .product(name: \"{m.group(1)}\", package: \"{m.group(2)}\"): the client builds with package: \"PointerSim\"")
        for m in re.finditer(r"^\s*(?://\s*)?\.package\(([^)]*)\)", text, re.M):
            a = m.group(1)
            if "path:" in a and 'name: "PointerSim"' not in a:
                problems.append(f"{path}:{line}: .package({a}): a path dependency needs name: \"PointerSim\" to be \"PointerSim\" under any folder name")
    libraries = ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline", "PointerSimRender", "PointerSimTesting", "PointerSimLive"]
    products = ", ".join(f'.product(name: "{l}", package: "PointerSim")' for l in libraries)
    decl = []
    for name, (kind, parts) in sorted(targets.items()):
        folder = os.path.join(directory, "Tests" if kind == "test" else "Sources", name)
        os.makedirs(folder, exist_ok=True)
        source = "".join(f"// {p}:{l}\n{t}\n" for p, l, t in parts)
        with open(os.path.join(folder, f"{name}.swift" if kind == "test" else "main.swift"), "w", encoding="utf-8") as f:
            f.write(source)
        decl.append(f'        .{"testTarget" if kind == "test" else "executableTarget"}(name: "{name}", dependencies: [{products}]),')
    with open(os.path.join(directory, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(f"""// swift-tools-version: 6.1
// Written by Tools/doc-examples.py: the documentation's Swift examples, each in
// a target of its own, depending on the repository by path as a user's package would.
import PackageDescription

let package = Package(
    name: "DocExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "PointerSim", path: {dependency!r})],
    targets: [
{chr(10).join(decl)}
    ]
)
""".replace("'", '"'))
    with open(os.path.join(directory, "targets.txt"), "w", encoding="utf-8") as f:
        for name, (kind, parts) in sorted(targets.items()):
            f.write(f"{kind} {name} {parts[0][0]}\n")
    return problems


def main(argv):
    os.chdir(ROOT)
    if argv[:1] == ["--coverage"]:
        problems = coverage()
    elif argv[:1] == ["--commands"] and len(argv) == 2:
        problems = commands(argv[1])
    elif argv[:1] == ["--client"] and len(argv) == 4 and argv[2] == "--dependency":
        problems = client(os.path.abspath(argv[1]), os.path.abspath(argv[3]))
    elif argv[:1] == ["--list"]:
        entries = manifest()
        for path in documents():
            for lang, k, line, text in blocks(path):
                if lang in ("swift", "sh"):
                    kind, arg, _ = entries.get(key(path, lang, k), ("MISSING", "", 0))
                    print(f"{path}:{line} {lang}{k}: {kind} {arg}")
                elif lang == "text" and text.startswith("$ "):
                    print(f"{path}:{line} transcript")
        return 0
    else:
        print(__doc__.split("Usage:")[1].split("Exit status")[0], file=sys.stderr)
        return 64
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
