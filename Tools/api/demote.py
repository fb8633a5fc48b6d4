#!/usr/bin/env python3
"""Narrows the public API to what a user reads (issue #18).

Reads Tools/api/internal.txt: lines `Module Name [spi=Group] [members]`,
where Name is a top-level type or function of Module that is an
implementation detail (`members`: the type stays public, its members are the
detail), or `Type.member`: that member of a public type (every declaration
of it in the type and its extensions, and all that is nested in it).
Every `public`/`open` declaration of that type (its own, its members', those
of extensions of it anywhere in the module) becomes `package`, or
`@_spi(Group) public` where a nested package (Benchmarks/, Fuzz/) needs it.
Then builds and, while the compiler answers "cannot be declared public
because … uses a package type", narrows those declarations too.

Run again after any merge: it is idempotent.
"""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECL = re.compile(r'^(\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)(public|open)(\s)')
TYPE = re.compile(r'\b(?:struct|class|enum|protocol|actor|extension|typealias|func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)')
STR = re.compile(r'"(?:\\.|[^"\\])*"')

def load_list():
    entries = {}
    with open(os.path.join(ROOT, 'Tools/api/internal.txt')) as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            spi, members = None, False
            for p in parts[2:]:
                if p.startswith('spi='):
                    spi = p[4:]
                elif p == 'members':
                    members = True
            entries.setdefault(parts[0], {})[parts[1]] = (spi, members)
    return entries

def member_name(code, m):
    # the member a declaration line declares: its name, or `init`/`subscript`
    rest = DECL.sub('', code, count=1).lstrip()
    rest = re.sub(r'^((static|class|final|mutating|nonmutating|override|convenience|required|private\(set\)|internal\(set\)|@\w+(\([^)]*\))?)\s+)*', '', rest)
    for kw in ('init', 'subscript'):
        if re.match(kw + r'\b[?!(<]?', rest):
            return kw
    return m.group(1) if m else None

def member_map(names):
    # {"Type": {"member": spi}} from the `Type.member` entries
    out = {}
    for n, (spi, _) in names.items():
        if '.' in n:
            t, m = n.split('.', 1)
            out.setdefault(t, {})[m] = spi
    return out

def narrow(line, spi, previous=''):
    m = DECL.match(line)
    if not m:
        return line
    attrs = m.group(1)
    if '@_spi(' in attrs:
        return line  # made SPI on purpose (a nested package reaches it)
    if spi:
        if '@_spi(' in attrs:
            return line
        return line[:m.start(1)] + attrs + f'@_spi({spi}) ' + m.group(2) + line[m.end(2):]
    # `@usableFromInline` keeps the declaration reachable from the
    # module's `@inlinable` code (the band engine's hot paths are inlinable).
    rest = line[m.end(3):]
    uf = '@usableFromInline '
    if re.search(r'@(inlinable|usableFromInline)\b', attrs) or re.match(r'\s*extension\b', rest) \
            or re.search(r'@inlinable\b', previous.split('//', 1)[0]):
        uf = ''
    return line[:m.start(2)] + uf + 'package' + line[m.end(2):]

def process_file(path, names):
    with open(path) as f:
        lines = f.read().split('\n')
    out, depth, stack, in_ml = [], 0, [], False  # stack: (name, depth at open)
    pending = None
    changed = False
    members = member_map(names)
    inside = None  # (depth to return to, spi) while in a narrowed member's body
    for line in lines:
        code = line
        if in_ml:
            if code.count('"""') % 2 == 1:
                in_ml = False
            out.append(line)
            continue
        if code.count('"""') % 2 == 1:
            in_ml = True
            code = code.split('"""', 1)[0]
        code = STR.sub('""', code)
        if '//' in code:
            code = code.split('//', 1)[0]
        stripped = code.strip()
        outer = stack[0][0] if stack else None
        m = TYPE.search(code)
        if depth == 0 and m:
            outer_here = m.group(1)
        else:
            outer_here = outer
        new = line
        opens_member = False
        if DECL.match(line) and outer_here in names:
            spi, only_members = names[outer_here]
            # `members`: the type stays public, its members narrow.
            if not (only_members and (depth == 0)):
                new = narrow(line, spi, out[-1] if out else '')
        elif inside is not None and DECL.match(line):
            new = narrow(line, inside[1], out[-1] if out else '')
        elif DECL.match(line) and depth == 1 and outer in members \
                and member_name(code, m) in members[outer]:
            mname = member_name(code, m)
            new = narrow(line, members[outer][mname], out[-1] if out else '')
            opens_member = True
        if new != line:
            changed = True
        out.append(new)
        # Track type contexts (only top-level ones matter).
        if depth == 0 and m and re.search(r'\b(struct|class|enum|protocol|actor|extension)\b', code):
            pending = m.group(1)
        start_depth = depth
        for ch in code:
            if ch == '{':
                if pending is not None and depth == 0:
                    stack.append((pending, depth))
                    pending = None
                depth += 1
            elif ch == '}':
                depth -= 1
                if stack and stack[-1][1] == depth:
                    stack.pop()
        if opens_member and depth > start_depth:
            inside = (start_depth, members[outer][mname])
        elif inside is not None and depth <= inside[0]:
            inside = None
        if depth == 0 and pending is not None and '{' not in code and stripped.endswith(')'):
            pass
    if changed:
        with open(path, 'w') as f:
            f.write('\n'.join(out))
    return changed

def apply_list(entries):
    for module, names in entries.items():
        base = os.path.join(ROOT, 'Sources', module)
        for root, _, files in os.walk(base):
            for fn in files:
                if fn.endswith('.swift'):
                    process_file(os.path.join(root, fn), names)

ERR = re.compile(r'^(/[^:]+\.swift):(\d+):\d+: error: .*(?:cannot be declared public|must be declared package|must be declared internal|cannot be declared open|must be as accessible as|uses a package type|uses an internal type|it is SPI|must be .@usableFromInline. or public)')

SPI_USE = re.compile(r"^(/[^:]+\.swift):(\d+):\d+: error: cannot use \w+ '(\w+)'.*it is SPI")

def to_spi(line, group):
    # `@usableFromInline package` or `public` -> `@_spi(group) public`
    if '@_spi(' in line:
        return line
    new = re.sub(r'@usableFromInline\s+package\b', f'@_spi({group}) public', line, count=1)
    if new == line:
        new = re.sub(r'\bpackage\b', f'@_spi({group}) public', line, count=1)
    if new == line:
        m = DECL.match(line)
        if m:
            new = line[:m.start(2)] + f'@_spi({group}) ' + line[m.start(2):]
    return new

SPI_HIDDEN = re.compile(r"^(/[^:]+\.swift):\d+:\d+: error: .*inaccessible due to '@_spi' protection level")

def spi_imports(path, module_groups):
    # A file of the package that reaches an SPI declaration imports its
    # module with the module's SPI groups.
    with open(path) as f:
        text = f.read()
    new = text
    for module, gs in module_groups.items():
        attrs = ''.join(f'@_spi({g}) ' for g in sorted(gs))
        new = re.sub(r'^(?:@_spi\(\w+\) )*import ' + module + r'$', attrs + 'import ' + module, new, flags=re.M)
    if new != text:
        with open(path, 'w') as f:
            f.write(new)
        return True
    return False

def fix_loop(max_rounds=30, entries=None):
    groups = {}
    module_groups = {}
    for module, names in (entries or {}).items():
        for n, (spi, _) in names.items():
            if spi:
                groups[n] = spi
                module_groups.setdefault(module, set()).add(spi)
    for r in range(max_rounds):
        p = subprocess.run(['swift', 'build'], cwd=ROOT, capture_output=True, text=True)
        if p.returncode == 0:
            print(f'api: build passes after {r} fix-up round(s)')
            return True
        fixes, stuck = {}, []
        spi_fixes = {}
        hidden = set()
        for l in (p.stdout + p.stderr).split('\n'):
            m = SPI_HIDDEN.match(l)
            if m:
                hidden.add(m.group(1))
                continue
            m = SPI_USE.match(l)
            if m and m.group(3) in groups:
                spi_fixes.setdefault(m.group(1), {})[int(m.group(2))] = groups[m.group(3)]
                continue
            m = ERR.match(l)
            if m:
                fixes.setdefault(m.group(1), set()).add(int(m.group(2)))
        for path, nums in spi_fixes.items():
            with open(path) as f:
                lines = f.read().split('\n')
            for n, g in nums.items():
                lines[n - 1] = to_spi(lines[n - 1], g)
            with open(path, 'w') as f:
                f.write('\n'.join(lines))
        imported = [h for h in hidden if spi_imports(h, module_groups)]
        if imported:
            print(f'api: round {r + 1}: {len(imported)} file(s) import SPI')
            if not fixes and not spi_fixes:
                continue
        if spi_fixes:
            print(f'api: round {r + 1}: {sum(len(v) for v in spi_fixes.values())} declaration(s) made SPI')
            if not fixes:
                continue
        if not fixes:
            sys.stderr.write(p.stdout[-6000:] + p.stderr[-3000:])
            print('api: build fails with errors this script does not narrow', file=sys.stderr)
            return False
        for path, nums in fixes.items():
            with open(path) as f:
                lines = f.read().split('\n')
            for n in nums:
                new = narrow(lines[n - 1], None, lines[n - 2] if n > 1 else '')
                if new == lines[n - 1]:
                    stuck.append(f'{path}:{n}: {lines[n - 1].strip()}')
                lines[n - 1] = new
            with open(path, 'w') as f:
                f.write('\n'.join(lines))
        if stuck and len(stuck) == sum(len(v) for v in fixes.values()):
            print('api: no progress on:\n  ' + '\n  '.join(stuck), file=sys.stderr)
            sys.stderr.write(p.stderr[-4000:] + p.stdout[-4000:])
            return False
        print(f'api: round {r + 1}: narrowed {sum(len(v) for v in fixes.values())} declaration(s)')
    return False

if __name__ == '__main__':
    entries = load_list()
    apply_list(entries)
    if '--no-build' not in sys.argv:
        sys.exit(0 if fix_loop(entries=entries) else 1)
