#!/usr/bin/env python3
"""make-index.py [--jobs FILE] [--dir DIR] [--table]

Reads the jobs list (default: jobs.txt beside this script) and, for every job, the
recording(s) and the reference output `<name>.libinput.txt` in DIR (default: the
repository's Traces/libinput). Writes DIR/index.tsv (one row per job) and, with
--table, prints the Markdown table used in Traces/libinput/README.md.

kind (first match): keyboard (job name starts with keyboard-), trackpoint (libinput
gave it the trackpoint accel profile or udev tagged it ID_INPUT_POINTINGSTICK), mouse
(REL_X/REL_Y), protocol-A (ABS_MT_POSITION_X without ABS_MT_SLOT), semi-MT
(INPUT_PROP_SEMI_MT), clickpad (INPUT_PROP_BUTTONPAD), touchpad.
"""
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
JOBS = os.path.join(HERE, 'jobs.txt')
DIR = os.path.normpath(os.path.join(HERE, '..', '..', 'Traces', 'libinput'))
TABLE = False
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a == '--jobs':
        JOBS = args.pop(0)
    elif a == '--dir':
        DIR = args.pop(0)
    elif a == '--table':
        TABLE = True
    else:
        sys.exit(__doc__)

PROPS = ['POINTER', 'DIRECT', 'BUTTONPAD', 'SEMI_MT', 'TOPBUTTONPAD', 'POINTING_STICK', 'ACCELEROMETER']
TOOLS = {0x145: 'FINGER', 0x14d: 'DOUBLETAP', 0x14e: 'TRIPLETAP', 0x14f: 'QUADTAP', 0x148: 'QUINTTAP'}


def bits(bs):
    return [i * 8 + j for i, b in enumerate(bs) for j in range(8) if b >> j & 1]


def parse_evemu(paths):
    d = {'N': '', 'I': '', 'P': [], 'B': {}, 'A': {}, 'frames': 0, 'events': 0, 't': []}
    for path in paths:
        for line in open(path, errors='replace'):
            if line.startswith('N: ') and not d['N']:
                d['N'] = line[3:].strip()
            elif line.startswith('I: ') and not d['I']:
                d['I'] = line[3:].strip()
            elif line.startswith('P: '):
                d['P'] += [int(x, 16) for x in line[3:].split()]
            elif line.startswith('B: '):
                p = line[3:].split()
                d['B'].setdefault(int(p[0], 16), []).extend(int(x, 16) for x in p[1:])
            elif line.startswith('A: '):
                p = line[3:].split()
                d['A'][int(p[0], 16)] = [int(x) for x in p[1:]]
            elif line.startswith('E: '):
                p = line[3:].split()
                d['events'] += 1
                d['t'].append(float(p[0]))
                if int(p[1], 16) == 0 and int(p[2], 16) == 0:
                    d['frames'] += 1
    return d


def device_facts(d):
    props = [PROPS[i] if i < len(PROPS) else str(i) for i in bits(d['P'])]
    keys = bits(d['B'].get(1, []))
    absb = set(bits(d['B'].get(3, [])))
    rel = set(bits(d['B'].get(2, [])))
    a0 = d['A'].get(0, [])
    f = {
        'props': props,
        'res': len(a0) > 4 and a0[4] > 0,
        'slots': (d['A'][0x2f][1] + 1) if 0x2f in absb and 0x2f in d['A'] else 0,
        'mt': 0x35 in absb,
        'protocol_a': 0x35 in absb and 0x2f not in absb,
        'abs_xy': 0 in absb and 1 in absb,
        'rel_xy': 0 in rel and 1 in rel,
        'pressure': bool(absb & {0x18, 0x3a}),
        'touch_size': bool(absb & {0x1c, 0x30, 0x31, 0x32, 0x33}),
        'tools': [TOOLS[k] for k in keys if k in TOOLS],
        'duration': (d['t'][-1] - d['t'][0]) if d['t'] else 0.0,
    }
    return f


def parse_ref(path):
    r = {'counts': Counter(), 'hdr': {}, 'udev': {}, 'quirks': [], 'log': [], 'caps': '',
         'accel': '', 'click': '', 'scroll': '', 'tap': '', 'kernel_dropped': 0,
         'frames_delivered': None, 'exit': None}
    for line in open(path, errors='replace'):
        if line.startswith('# udev: '):
            k, _, v = line[8:].strip().partition('=')
            r['udev'][k] = v
        elif line.startswith('# quirk: '):
            r['quirks'].append(line[9:].strip())
        elif line.startswith('# LIBINPUT-LOG '):
            r['log'].append(line[15:].strip())
        elif line.startswith('# capabilities: '):
            r['caps'] = line[16:].strip()
        elif line.startswith('# accel: '):
            r['accel'] = line[9:].strip()
        elif line.startswith('# click: '):
            r['click'] = line[9:].strip()
        elif line.startswith('# scroll: '):
            r['scroll'] = line[10:].strip()
        elif line.startswith('# tap: '):
            r['tap'] = line[7:].strip()
        elif line.startswith('# frames: recorded='):
            m = re.search(r'delivered-by-kernel=(\d+)', line)
            r['frames_delivered'] = int(m.group(1)) if m else None
        elif line.startswith('# kernel filtering: dropped='):
            r['kernel_dropped'] = int(re.search(r'dropped=(\d+)', line).group(1))
        elif line.startswith('# lref exit status: '):
            r['exit'] = int(line.split(':')[1])
        elif line[:1].isupper():
            t = line.split()[0]
            c = r['counts']
            if t == 'POINTER_AXIS':
                continue  # legacy duplicate of the POINTER_SCROLL_* events
            c[t] += 1
            if t.startswith('GESTURE_'):
                c['gesture'] += 1
            if t == 'POINTER_MOTION' and 'src=frame:' in line:
                pass
    return r


def kind_of(name, f, r):
    if name.startswith('keyboard-'):
        return 'keyboard'
    prof = re.search(r'default_profile=(\S+)', r['accel'])
    if 'POINTING_STICK' in f['props'] or r['udev'].get('ID_INPUT_POINTINGSTICK') == '1':
        return 'trackpoint'
    if f['rel_xy']:
        return 'mouse'
    if f['protocol_a']:
        return 'protocol-A'
    if 'SEMI_MT' in f['props']:
        return 'semi-MT'
    if 'BUTTONPAD' in f['props']:
        return 'clickpad'
    if f['abs_xy']:
        return 'touchpad'
    return 'other'


def flags_of(f, r):
    fl = []
    if 'POINTING_STICK' in f['props']:
        fl.append('pointing-stick-prop')
    elif r['udev'].get('ID_INPUT_POINTINGSTICK') == '1':
        fl.append('udev-pointingstick')
    if 'BUTTONPAD' in f['props']:
        fl.append('clickpad')
    if 'TOPBUTTONPAD' in f['props']:
        fl.append('topbuttonpad')
    if 'SEMI_MT' in f['props']:
        fl.append('semi-mt')
    if f['protocol_a']:
        fl.append('protocol-a')
    if f['slots']:
        fl.append(f"slots={f['slots']}")
    elif f['abs_xy'] and not f['mt']:
        fl.append('single-touch')
    if f['pressure']:
        fl.append('pressure')
    if f['touch_size']:
        fl.append('touch-size')
    if f['tools']:
        fl.append('tools=' + '+'.join(f['tools']))
    return ','.join(fl) or '-'


rows = []
for line in open(JOBS):
    line = line.strip()
    if not line or line.startswith('#'):
        continue
    name, desc, events = (line.split('|') + ['', ''])[:3]
    files = [desc] + ([events] if events else [])
    d = parse_evemu([os.path.join(DIR, x) for x in files])
    f = device_facts(d)
    ref = name + '.libinput.txt'
    rp = os.path.join(DIR, ref)
    r = parse_ref(rp) if os.path.exists(rp) else None
    if r is None:
        rows.append(dict(name=name, desc=desc, events=events, ref='-', kind='?', device=d['N']))
        continue
    c = r['counts']
    scroll = lambda k: c.get('POINTER_SCROLL_' + k, 0)
    keys = c.get('KEYBOARD_KEY', 0)
    rows.append(dict(
        name=name, desc=desc, events=events or '-', ref=ref, kind=kind_of(name, f, r),
        flags=flags_of(f, r), device=d['N'], res='yes' if f['res'] else 'no',
        frames=d['frames'], duration='%.2f' % f['duration'],
        motion=c.get('POINTER_MOTION', 0), button=c.get('POINTER_BUTTON', 0),
        scroll_finger=scroll('FINGER'), scroll_wheel=scroll('WHEEL'),
        scroll_continuous=scroll('CONTINUOUS'), gesture=c.get('gesture', 0), key=keys,
        caps=r['caps'] or '-', exit=r['exit']))

cols = ['name', 'desc', 'events', 'ref', 'kind', 'flags', 'device', 'res', 'frames', 'duration',
        'motion', 'button', 'scroll_finger', 'scroll_wheel', 'scroll_continuous', 'gesture', 'key',
        'caps']
with open(os.path.join(DIR, 'index.tsv'), 'w') as out:
    out.write('\t'.join(cols) + '\n')
    for row in rows:
        out.write('\t'.join(str(row.get(k, '-')) for k in cols) + '\n')
print(f'wrote {os.path.join(DIR, "index.tsv")} ({len(rows)} rows)', file=sys.stderr)

if TABLE:
    print('| name | device | kind | details | res | frames | motion | button | scroll finger / wheel / cont. | gesture | key |')
    print('|---|---|---|---|---|---:|---:|---:|---|---:|---:|')
    for r in rows:
        print(f"| `{r['name']}` | {r['device']} | {r['kind']} | {r.get('flags', '-')} | {r.get('res', '-')} | "
              f"{r.get('frames', '-')} | {r.get('motion', '-')} | {r.get('button', '-')} | "
              f"{r.get('scroll_finger', '-')} / {r.get('scroll_wheel', '-')} / {r.get('scroll_continuous', '-')} | "
              f"{r.get('gesture', '-')} | {r.get('key', '-')} |")
