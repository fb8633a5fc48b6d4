#!/usr/bin/python3
"""Check libinput record YAML files with libinput replay's own code (host side).

`libinput replay` (libinput-tools 1.22, python) needs python3, python3-libevdev,
python3-yaml and pyudev in the VM, which the busybox initramfs does not have
(see README.md). So this loads Debian's libinput-replay (--replay, default
/usr/libexec/libinput/libinput-replay; run.sh unpacks it from libinput-tools)
as a module and runs everything it does before writing to uinput, on each file:
yaml.safe_load, check_file (version, ndevices), for each device create() (name,
id, codes, absinfo, properties through python-libevdev; only
create_uinput_device() is stubbed) and the `udev: properties` parsing of
check_udev_properties (without pyudev), first_timestamp(), and for each event
fetch(event, "evdev") and collect_events(). On top, the frame layout replay
relies on ("each 'evdev' set contains one SYN_REPORT", at its end; times
non-decreasing) and that each event's code is one the device has.
usage: check-libinput-replay.py [--replay PATH-OF-libinput-replay] FILE.yaml...
Prints one line per file; exit 0 if all pass, 1 with the reason otherwise.
"""
import importlib.machinery
import importlib.util
import io
import contextlib
import sys

REPLAY = "/usr/libexec/libinput/libinput-replay"


def load_replay():
    loader = importlib.machinery.SourceFileLoader("libinput_replay", REPLAY)
    spec = importlib.util.spec_from_loader("libinput_replay", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


class StubUinput:
    devnode = "/dev/input/event-stub"


def check(path, r):
    import yaml
    import libevdev

    with open(path) as f:
        y = yaml.safe_load(f)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        r.check_file(y)
    if err.getvalue():
        raise r.YamlException(err.getvalue().strip())
    devices = r.fetch(y, "devices")
    nevents = 0
    for idx, d in enumerate(devices):
        where = "device {} ({})".format(idx, d.get("node") if isinstance(d, dict) else "?")
        udev_props = []

        def fake_check(yaml_data, uinput):
            props = r.fetch(r.fetch(yaml_data, "udev"), "properties")
            # as check_udev_properties does: every item is KEY=VALUE
            udev_props.extend(dict([p.split("=", maxsplit=1) for p in props]).items())

        orig_create, orig_check = libevdev.Device.create_uinput_device, r.check_udev_properties
        libevdev.Device.create_uinput_device = lambda self: StubUinput()
        r.check_udev_properties = fake_check
        try:
            r.create(d)
        finally:
            libevdev.Device.create_uinput_device, r.check_udev_properties = orig_create, orig_check
        evdev = r.fetch(d, "evdev")
        codes = {int(t): set(cs) for t, cs in r.fetch(evdev, "codes").items()}
        events = r.fetch(d, "events")
        if events and r.first_timestamp(d) is None:
            raise r.YamlException("{}: events but no first timestamp".format(where))
        last = -1.0
        for n, event in enumerate(events or []):
            frame = r.fetch(event, "evdev")
            if not isinstance(frame, list) or not frame:
                raise r.YamlException("{}: event {} is not a list of rows".format(where, n))
            for row in frame:
                if not (isinstance(row, list) and len(row) == 5 and all(isinstance(v, int) for v in row)):
                    raise r.YamlException("{}: event {}: row {} is not [sec, usec, type, code, value]".format(where, n, row))
            syns = [i for i, row in enumerate(frame) if row[2] == 0 and row[3] == 0]
            if syns != [len(frame) - 1]:
                raise r.YamlException("{}: event {}: a frame must hold one SYN_REPORT, at its end: {}".format(where, n, frame))
            t = frame[0][0] + frame[0][1] / 1e6
            if any(row[:2] != frame[0][:2] for row in frame) or t < last:
                raise r.YamlException("{}: event {}: times go back or differ within the frame".format(where, n))
            last = t
            for row in frame:
                if row[2] != 0 and row[3] not in codes.get(row[2], set()):
                    raise r.YamlException("{}: event {}: {} is not a code the device has".format(where, n, row))
            r.collect_events(frame)   # builds the libevdev.InputEvents replay sends
            nevents += len(frame)
    return len(devices), nevents


def main():
    global REPLAY
    args = sys.argv[1:]
    if args[:1] == ["--replay"]:
        REPLAY, args = args[1], args[2:]
    r = load_replay()
    ok = True
    for path in args:
        try:
            ndev, nev = check(path, r)
            print("check-libinput-replay: {}: ok ({} devices, {} events)".format(path, ndev, nev))
        except Exception as e:   # YamlException, yaml errors, KeyError, libevdev errors
            print("check-libinput-replay: {}: REJECTED: {}: {}".format(path, type(e).__name__, e), file=sys.stderr)
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
