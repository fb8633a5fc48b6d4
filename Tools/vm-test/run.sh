#!/usr/bin/env bash
# Tools/vm-test/run.sh - end-to-end test of `pointersim live --record` on a
# real Linux kernel, in a throw-away qemu VM (the build machines have no
# /dev/input and no uinput). See Tools/vm-test/README.md.
#
# Host: installs what is missing (qemu-system-x86, busybox-static, cpio, gcc,
# libevdev-dev, ...), downloads Debian's kernel package with `apt-get download`
# and unpacks only the kernel image and the evdev/uinput modules into $CACHE
# (never into /boot), builds pointersim and the C emitter, packs an initramfs
# in a work folder of this run's own.
# Guest (init.sh): insmod evdev + uinput, emitter.c creates a mouse, a keyboard
# and a clickpad, `pointersim live --record` reads them while the emitter plays
# the session, SIGINT ends it, everything is printed on the serial console.
# Host checks:
#   (a) the live log equals expected.jsonl (times masked, nodes named),
#   (b) `pointersim replay` of the recording made in the VM gives the live log
#       byte for byte (times included),
#   (c) both unplugs were reported, pointersim ended cleanly on SIGINT, and the
#       recording holds exactly the events the emitter sent, per device;
#   plus: `pointersim devices` in the VM lists the three devices and says
#   "busy" for one another program grabbed (and `live --grab` exits 66);
#   `pointersim record --format evemu` without --device, started before the
#   devices existed, picks them up (inotify) and its files replay to the same
#   log; a reader stopped during a burst gets SYN_DROPPED, resynchronises and
#   its recording replays.
#   (d) upstream evemu: evemu-play re-creates the three devices from the evemu
#       files of that recorder and plays them (starter.c times them); a new
#       pointersim live on the new nodes prints the live log (times aside) and
#       records exactly the files' events;
#   (e) libinput record YAML: Debian's libinput-replay script (unpacked from
#       libinput-tools) loads our recordings on the host and checks them with
#       its own code, uinput aside (check-libinput-replay.py).
#
# usage: run.sh [--bin PATH] [--timeout S] [--verbose] [--keep] [--update-expected]
#   --bin PATH   the pointersim to test (default: `swift build --product pointersim`)
#   --keep       keep this run's work folder even when every check passes
#   --update-expected  rewrite expected.jsonl from this run (then review it!)
# env: POINTERSIM_VM_CACHE (downloads and the unpacked kernel, shared by runs and guarded by
#      a lock; default /tmp/pointersim-vm-test), POINTERSIM_VM_WORK (this run's folder:
#      builds, initramfs, logs; default a new $CACHE/run.XXXXXX, removed after
#      a run that passes, kept and named after one that fails), so that two
#      runs at once never write into each other's files.
# Exit: 0 all checks pass, 1 a check failed or something is missing (said why).
# No qemu is left running: timeout -k, and Tools/lib/children.sh's traps end
# every process the script started when it exits, is interrupted or terminated.
set -euo pipefail
. "$(dirname "$0")/../lib/children.sh"
. "$(dirname "$0")/../lib/qemu.sh"
. "$(dirname "$0")/../lib/build.sh"

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CACHE=${POINTERSIM_VM_CACHE:-/tmp/pointersim-vm-test}
WORK=${POINTERSIM_VM_WORK:-}
KEEP=0
TIMEOUT=600   # a healthy run takes 20-50 s; a loaded 2-core CI host, with a TSan build, 3 min or more
BIN=
VERBOSE=0
UPDATE=0
while [ $# -gt 0 ]; do
	case "$1" in
	--bin) BIN=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--verbose) VERBOSE=1; shift ;;
	--keep) KEEP=1; shift ;;
	--update-expected) UPDATE=1; shift ;;
	-h|--help) sed -n '2,44p' "$0"; exit 0 ;;
	*) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done

now() { date +%s.%N; }
dt() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", b-a}'; }
log() { echo "[vm-test] $*" >&2; }
die() { echo "[vm-test] error: $*" >&2; [ -z "${WORK:-}" ] || echo "[vm-test] this run's files are in $WORK" >&2; exit 1; }
T_START=$(now)
mkdir -p "$CACHE"
if [ -z "$WORK" ]; then
	WORK=$(mktemp -d "$CACHE/run.XXXXXX")
	OWN_WORK=1
else
	mkdir -p "$WORK"
	OWN_WORK=0
fi
log "work folder: $WORK (cache: $CACHE)"
# The cache is filled under a lock: a second run waits for the first's download.
exec 9>"$CACHE/.lock"

# --- 1. packages ------------------------------------------------------------------
T0=$(now)
[ "$(uname -s)" = Linux ] || die "needs Linux (qemu + Debian's kernel package)"
command -v apt-get >/dev/null 2>&1 || die "needs apt-get (Debian/Ubuntu) to fetch qemu, busybox and the kernel package"
"$ROOT/Tools/setup.sh" || die "Tools/setup.sh could not install libevdev-dev and pkg-config"
# evemu-tools: evemu-play runs in the guest; python3-libevdev, python3-yaml,
# python3-pyudev: what libinput replay imports, for its loader on the host (e)
# (libinput-tools itself is only downloaded, below: it depends on GTK)
NEED=(qemu-system-x86 busybox-static cpio gcc libc6-dev binutils xz-utils evemu-tools python3-libevdev python3-yaml python3-pyudev)
MISSING=()
for p in "${NEED[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || MISSING+=("$p")
done
if [ ${#MISSING[@]} -gt 0 ]; then
	SUDO=()
	if [ "$(id -u)" != 0 ]; then
		sudo -n true 2>/dev/null || die "missing Debian packages: ${MISSING[*]}; install them (sudo apt-get install --no-install-recommends ${MISSING[*]}) or run as root"
		SUDO=(sudo -n)
	fi
	log "installing: ${MISSING[*]}"
	# without recommends: qemu's recommends pull in ~100 multimedia libraries
	{ "${SUDO[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq \
		--no-install-recommends "${MISSING[@]}"; } >"$WORK/apt.log" 2>&1 \
		|| { tail -20 "$WORK/apt.log" >&2; die "could not install ${MISSING[*]}"; }
fi
for tool in qemu-system-x86_64 gcc cpio readelf xz strip evemu-play /usr/bin/python3; do
	command -v "$tool" >/dev/null 2>&1 || die "$tool is missing after installing packages"
done
BUSYBOX=/bin/busybox
[ -x "$BUSYBOX" ] || die "no $BUSYBOX (install busybox-static)"
! ldd "$BUSYBOX" >/dev/null 2>&1 || die "$BUSYBOX is dynamically linked: install busybox-static"
T_PKG=$(dt "$T0" "$(now)")

# --- 2. Debian's kernel: downloaded and unpacked into $CACHE, /boot untouched -----
T0=$(now)
flock 9
debian_kernel "$CACHE/kernel" || die "could not fetch Debian's kernel (above)"
# libinput replay (a python script in libinput-tools, whose other tools need
# GTK): downloaded, and only the script unpacked, like the kernel
LTDIR=$CACHE/libinput-tools
LIBINPUT_REPLAY=$LTDIR/root/usr/libexec/libinput/libinput-replay
if [ ! -f "$LIBINPUT_REPLAY" ]; then
	mkdir -p "$LTDIR"
	(cd "$LTDIR" && rm -f libinput-tools_*.deb && apt-get download libinput-tools >"$LTDIR/download.log" 2>&1) \
		|| { cat "$LTDIR/download.log" >&2; die "apt-get download libinput-tools failed"; }
	rm -rf "$LTDIR/root"; mkdir -p "$LTDIR/root"
	dpkg-deb --fsys-tarfile "$LTDIR"/libinput-tools_*.deb | tar -x -C "$LTDIR/root" ./usr/libexec/libinput/libinput-replay \
		|| die "no libinput-replay in libinput-tools"
fi
LIBINPUT_TOOLS_VERSION=$(dpkg-deb -f "$LTDIR"/libinput-tools_*.deb Version)
flock -u 9
T_KERNEL=$(dt "$T0" "$(now)")

# --- 3. pointersim and the emitter --------------------------------------------------
T0=$(now)
if [ -z "$BIN" ]; then
	BIN=$(cd "$ROOT" && build_pointersim 2>"$WORK/swift-build.log") \
		|| { tail -30 "$WORK/swift-build.log" >&2; die "swift build --product pointersim failed"; }
fi
[ -x "$BIN" ] || die "no pointersim binary at $BIN"
gcc -O2 -Wall -static $(pkg-config --cflags libevdev) -o "$WORK/emitter" "$HERE/emitter.c" $(pkg-config --libs libevdev) \
	|| die "cannot build the emitter (static libevdev.a comes with libevdev-dev)"
gcc -O2 -Wall -static -o "$WORK/starter" "$HERE/starter.c" || die "cannot build starter.c"
T_BUILD=$(dt "$T0" "$(now)")

# --- 4. initramfs ---------------------------------------------------------------------
T0=$(now)
IR=$WORK/initramfs
rm -rf "$IR"
mkdir -p "$IR"/{bin,dev,proc,sys,tmp,lib/modules}
cp "$BUSYBOX" "$IR/bin/busybox"
for a in $("$IR/bin/busybox" --list); do [ "$a" = busybox ] || ln -sf busybox "$IR/bin/$a"; done
for m in evdev uinput; do
	sym=CONFIG_INPUT_$(echo "$m" | tr a-z A-Z)
	if grep -q "^$sym=y" "$KCONFIG"; then continue; fi   # built in: nothing to load
	f=$(kernel_module "$KROOT" "$m")
	[ -n "$f" ] || die "module $m not found in $KPKG"
	case "$f" in   # busybox insmod cannot read compressed modules
	*.ko) cp "$f" "$IR/lib/modules/$m.ko" ;;
	*.ko.xz) xz -dc "$f" >"$IR/lib/modules/$m.ko" ;;
	*.ko.zst) zstd -qdc "$f" >"$IR/lib/modules/$m.ko" ;;
	*.ko.gz) gzip -dc "$f" >"$IR/lib/modules/$m.ko" ;;
	esac
	deps=$(strings "$IR/lib/modules/$m.ko" | sed -n 's/^depends=//p')
	[ -z "$deps" ] || die "module $m needs $deps: add them to run.sh"
done
cp "$WORK/emitter" "$IR/bin/emitter"
cp "$BIN" "$IR/bin/pointersim"
strip "$IR/bin/emitter" "$IR/bin/starter" "$IR/bin/pointersim" 2>/dev/null || true
cp "$(command -v evemu-play)" "$IR/bin/evemu-play"   # upstream evemu, check (d)
cp "$WORK/starter" "$IR/bin/starter"
# the shared libraries pointersim and evemu-play need (the Swift runtime,
# libevemu, libevdev, libc, ...), unless static
for lib in $({ ldd "$BIN"; ldd "$IR/bin/evemu-play"; } 2>/dev/null | sort -u | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}'); do
	mkdir -p "$IR$(dirname "$lib")"
	cp -L "$lib" "$IR$lib"
done
cp "$HERE/scene.json" "$IR/scene.json"
cp "$HERE/init.sh" "$IR/init"
chmod 755 "$IR/init"
# uncompressed: gunzip inside a TCG guest is slower than loading more bytes.
# cpio writes device nodes from a list, so no mknod (and no root) is needed.
(cd "$IR" && find . -print0 | cpio --null -o -H newc -R 0:0 --quiet >"$WORK/initramfs.cpio")
T_INITRD=$(dt "$T0" "$(now)")

# --- 5. boot -----------------------------------------------------------------------------
RAW=$WORK/serial.raw
OUT=$WORK/serial.log
log "booting $KVER under TCG (limit ${TIMEOUT}s) ..."
T0=$(now)
qemu_boot "$TIMEOUT" 512 "$WORK/initramfs.cpio" "$RAW"
T_BOOT=$(dt "$T0" "$(now)")
tr -d '\r' <"$RAW" >"$OUT"
[ "$VERBOSE" = 1 ] && cat "$OUT" >&2

# --- 6. checks ------------------------------------------------------------------------------
PASS=0 FAIL=0
check() { # description, then a command: passes if the command succeeds
	local what=$1; shift
	if "$@"; then PASS=$((PASS+1)); log "  ok   $what"; else FAIL=$((FAIL+1)); log "  FAIL $what"; fi
}
section() { sed -n "/^===$1-BEGIN\$/,/^===$1-END/p" "$OUT" | sed '1d;$d'; }
endline() { sed -n "s/^===$1-END //p" "$OUT"; }
section LIVE >"$WORK/live.jsonl"
section RECORDING >"$WORK/recording.yaml"
section EMITTER >"$WORK/emitter.out"
section DEVICES >"$WORK/devices.out"
section LIVEERR >"$WORK/live.err"
NODES=$(sed -n 's/^VMTEST nodes //p' "$OUT")
node_of() { tr ' ' '\n' <<<"$NODES" | sed -n "s/^$1=//p"; }
MOUSE=$(node_of mouse) KBD=$(node_of keyboard) PAD=$(node_of clickpad)
# times vary with the VM's speed: (a) masks them, (b) compares them exactly
normalise() {
	sed -E -e 's/^\{"t":-?[0-9.]+,/{"t":*,/' \
		-e "s#\"${MOUSE:-@@}\"#\"@mouse\"#g; s#\"${KBD:-@@}\"#\"@keyboard\"#g; s#\"${PAD:-@@}\"#\"@clickpad\"#g" "$1"
}
normalise "$WORK/live.jsonl" >"$WORK/live.normalised.jsonl"
if [ "$UPDATE" = 1 ]; then
	cp "$WORK/live.normalised.jsonl" "$HERE/expected.jsonl"
	log "expected.jsonl rewritten from this run: review it against the session in emitter.c"
fi

check "qemu powered off by itself (exit $QRC, ${T_BOOT}s)" eval '[ "$QRC" = 0 ] && grep -q "^VMTEST init-end" "$OUT"'
check "the guest has /dev/uinput and the three devices ($NODES)" \
	eval '! grep -q "^VMTEST-FAIL" "$OUT" && [ -n "$MOUSE" ] && [ -n "$KBD" ] && [ -n "$PAD" ]'
check "pointersim devices lists them as mouse, keyboard, clickpad" eval '
	grep -qP "^\Q$MOUSE\E\tmouse\tpointersim-vm mouse\$" "$WORK/devices.out" &&
	grep -qP "^\Q$KBD\E\tkeyboard\tpointersim-vm keyboard\$" "$WORK/devices.out" &&
	grep -qP "^\Q$PAD\E\tclickpad\tpointersim-vm clickpad\$" "$WORK/devices.out" &&
	grep -q "^devices-rc=0" "$WORK/devices.out"'
section GRAB >"$WORK/grab.out"
check "a device grabbed by another program: devices says busy, live --grab exits 66 saying why" eval '
	grep -qP "^\Q$PAD\E\tclickpad\tpointersim-vm clickpad\t\(busy: another program has grabbed it exclusively" "$WORK/grab.out" &&
	grep -qF "pointersim: $PAD: cannot open the device: busy: another program has grabbed it exclusively (EVIOCGRAB); close that program first" "$WORK/grab.out" &&
	grep -q "^live-grab-rc=66\$" "$WORK/grab.out" && grep -q "^grabber-rc=0\$" "$WORK/grab.out"'
check "pointersim live ended cleanly on SIGINT (exit $(endline LIVE))" eval '[ "$(endline LIVE)" = "rc=0" ]'
check "(a) the live log equals expected.jsonl ($(wc -l <"$WORK/live.jsonl") lines)" \
	diff -u "$HERE/expected.jsonl" "$WORK/live.normalised.jsonl"
set +e
"$BIN" replay --scene "$HERE/scene.json" "$WORK/recording.yaml" >"$WORK/replay.jsonl" 2>"$WORK/replay.err"
RRC=$?
set -e
check "(b) pointersim replay of the VM's recording succeeds (exit $RRC)" eval '[ "$RRC" = 0 ] || { cat "$WORK/replay.err" >&2; false; }'
check "(b) and prints the live log byte for byte" eval '[ -s "$WORK/live.jsonl" ] && diff -u "$WORK/live.jsonl" "$WORK/replay.jsonl"'
check "(c) both unplugs were reported (clickpad, then mouse) and recorded" eval '
	[ "$(grep -c "\"event\":\"device.removed\"" "$WORK/live.jsonl")" = 2 ] &&
	[ "$(grep "\"event\":\"device.removed\"" "$WORK/live.jsonl" | sed -E "s/.*\"device\":\"([^\"]*)\".*/\1/" | tr "\n" " ")" = "$PAD $MOUSE " ] &&
	[ "$(grep -c "^ *# pointersim: device removed [0-9]*\.[0-9]\{6\}\$" "$WORK/recording.yaml")" = 2 ]'
# the recording must hold exactly the events sent, per device, in order
recorded_events() { # libinput record YAML -> "<node> <type> <code> <value>" per event
	awk '
		/^[ ]*- node: / { node = $3 }
		/^[ ]*- \[ *-?[0-9]+, *-?[0-9]+, *[0-9]+, *[0-9]+, *-?[0-9]+\]/ {
			s = $0; sub(/^[^[]*\[/, "", s); sub(/\].*/, "", s); gsub(/ /, "", s)
			split(s, f, ","); print node, f[3], f[4], f[5]
		}' "$1"
}
recorded_events "$WORK/recording.yaml" >"$WORK/recorded.txt"
sent_events() { awk -v m="$MOUSE" -v k="$KBD" -v p="$PAD" '
	$1 == "EMIT" { n = ($2 == "mouse") ? m : ($2 == "keyboard") ? k : p; print n, $3, $4, $5 }' "$WORK/emitter.out"; }
sent_events >"$WORK/sent.txt"
compare_per_device() {
	local rc=0 n
	for n in "$MOUSE" "$KBD" "$PAD"; do
		grep "^$n " "$WORK/sent.txt" >"$WORK/sent.dev" || true
		grep "^$n " "$WORK/recorded.txt" >"$WORK/recorded.dev" || true
		# The mouse is unplugged with its button held: the kernel releases it
		# itself (input_dev_release_keys, then SYN_REPORT 1) and a reader may
		# see that frame before -ENODEV, or not. Exactly that may follow.
		if [ "$n" = "$MOUSE" ] && ! cmp -s "$WORK/sent.dev" "$WORK/recorded.dev"; then
			printf '%s\n' "$n 1 272 0" "$n 0 0 1" >>"$WORK/sent.dev"
		fi
		if grep -q "^$n 0 3 " "$WORK/recorded.dev"; then
			# The kernel dropped events for this reader (SYN_DROPPED: it fell
			# behind, e.g. on a loaded host), once or more. Complete then means:
			# what came before the first drop is exactly the sent prefix; each
			# drop is followed by an empty SYN_REPORT, libevdev's state delta
			# (ending in a SYN_REPORT, or none) and a run of what was sent
			# later; the last run ends with the last event sent, or is empty
			# when libevdev's sync drained everything that was left.
			echo "[vm-test]   note: $n's live reader saw a SYN_DROPPED; checking prefix, resync and suffix" >&2
			python3 "$HERE/check-dropped.py" "$WORK/sent.dev" "$WORK/recorded.dev" || rc=1
			continue
		fi
		diff -u --label "sent ($n)" --label "recorded ($n)" "$WORK/sent.dev" "$WORK/recorded.dev" >"$WORK/recorded.diff" \
			|| { rc=1; python3 "$HERE/name-events.py" "$WORK/recorded.diff" >&2; }
	done
	[ "$(wc -l <"$WORK/sent.txt")" -gt 100 ] || rc=1
	return $rc
}
check "(c) the recording is complete: every event sent (and the kernel's release on unplug), per device ($(wc -l <"$WORK/sent.txt") sent, $(wc -l <"$WORK/recorded.txt") recorded)" \
	compare_per_device
# pointersim record without --device, started before the devices existed
section AUTOERR >"$WORK/auto.err"
rm -rf "$WORK/evemu"; mkdir -p "$WORK/evemu"
awk -v dir="$WORK/evemu" '
	/^===EVEMU-BEGIN / { f = dir "/" $2; next }
	/^===EVEMU-END/ { f = ""; next }
	f != "" { print > f }' "$OUT"
EVEMU_FILES=$(ls "$WORK"/evemu/auto*.evemu 2>/dev/null | sort -V | tr '\n' ' ')
check "record (all devices) picked up the three devices as they appeared (inotify) and ended on SIGINT ($(endline AUTOERR))" eval '
	[ "$(endline AUTOERR)" = "rc=0" ] &&
	grep -q "^pointersim: reading $MOUSE (pointersim-vm mouse, mouse)" "$WORK/auto.err" &&
	grep -q "^pointersim: reading $KBD (pointersim-vm keyboard, keyboard)" "$WORK/auto.err" &&
	grep -q "^pointersim: reading $PAD (pointersim-vm clickpad, clickpad)" "$WORK/auto.err"'
set +e
# evemu has no node: replay names a removed device by its name
# shellcheck disable=SC2086
"$BIN" replay --scene "$HERE/scene.json" $EVEMU_FILES 2>"$WORK/evemu-replay.err" \
	| sed -e "s#\"device\":\"pointersim-vm mouse\"#\"device\":\"$MOUSE\"#; s#\"device\":\"pointersim-vm clickpad\"#\"device\":\"$PAD\"#" >"$WORK/evemu-replay.jsonl"
set -e
# Each process notices an unplug at its own moment, and the band the unplug
# cancels ends either at the kernel's release frame (input_dev_release_keys,
# SYN_REPORT 1) or, for a reader that got -ENODEV first, at the removal: both
# times are masked.
unremoval() { sed -E 's/^\{"t":[0-9.]+,("event":"device\.removed")/{"t":*,\1/; s/^\{"t":[0-9.]+,("event":"band\.ended".*"cancelled":true\})$/{"t":*,\1/' "$1"; }
# On a loaded host a process can notice an unplug only after another device's
# next event has been read: its removal marker then sorts after that event.
# When that is the only difference, the logs are compared without their
# device.removed lines (which both must have, the same ones), and a note says so.
unplug_order_only() {
	cmp -s <(grep -v '"event":"device.removed"' <(unremoval "$1")) <(grep -v '"event":"device.removed"' <(unremoval "$2")) &&
	cmp -s <(grep '"event":"device.removed"' <(unremoval "$1") | sort) <(grep '"event":"device.removed"' <(unremoval "$2") | sort) &&
	log "  note: an unplug was noticed in a different order against another device's events (a loaded host); the logs agree apart from where their device.removed lines stand"
}
check "its evemu recordings ($(echo $EVEMU_FILES | wc -w) files) replay together to the live log (unplug times aside)" eval '
	[ -s "$WORK/live.jsonl" ] && { diff -u <(unremoval "$WORK/live.jsonl") <(unremoval "$WORK/evemu-replay.jsonl") ||
		unplug_order_only "$WORK/live.jsonl" "$WORK/evemu-replay.jsonl"; } || { cat "$WORK/evemu-replay.err" >&2; false; }'
# SYN_DROPPED: the stopped reader's recording of the keyboard
section DROPPED >"$WORK/dropped.yaml"
recorded_events "$WORK/dropped.yaml" >"$WORK/dropped.txt"
set +e
"$BIN" replay --scene "$HERE/scene.json" "$WORK/dropped.yaml" >"$WORK/dropped-replay.jsonl" 2>"$WORK/dropped-replay.err"
DRRC=$?
set -e
check "SYN_DROPPED: a reader stopped during a 200-frame burst resynchronised (drop, then Shift down from libevdev's sync), ended on SIGINT ($(endline DROPPED)), and its recording replays (exit $DRRC)" eval '
	[ "$(endline DROPPED)" = "rc=0" ] && [ "$DRRC" = 0 ] &&
	awk "\$2 == 0 && \$3 == 3 { d = NR } d && NR == d + 1 && \$2 == 0 && \$3 == 0 { ok = 1 } d && \$2 == 1 && \$3 == 42 && \$4 == 1 { s = 1 } END { exit !(ok && s) }" "$WORK/dropped.txt" &&
	[ "$(grep -c " 1 30 1\$" "$WORK/dropped.txt")" -lt 100 ]'
# (d) upstream evemu: evemu-play re-created the devices from our evemu files
# and played them; a new pointersim live on the new nodes must print the live
# log (times aside) and record exactly the events of the files
section EVEMULIVE >"$WORK/evemu-live.jsonl"
section EVEMUREC >"$WORK/evemu-replayed.yaml"
section EVEMUPLAN >"$WORK/evemu-plan.txt"
NODES2=$(sed -n 's/^VMTEST evemu-nodes //p' "$OUT")
node2_of() { tr ' ' '\n' <<<"$NODES2" | sed -n "s/^$1=//p"; }
MOUSE2=$(node2_of mouse) KBD2=$(node2_of keyboard) PAD2=$(node2_of clickpad)
sed -E -e 's/^\{"t":-?[0-9.]+,/{"t":*,/' \
	-e "s#\"${MOUSE2:-@@}\"#\"@mouse\"#g; s#\"${KBD2:-@@}\"#\"@keyboard\"#g; s#\"${PAD2:-@@}\"#\"@clickpad\"#g" \
	"$WORK/evemu-live.jsonl" >"$WORK/evemu-live.normalised.jsonl"
check "(d) evemu-play (upstream evemu) re-created the three devices from our evemu files ($NODES2) and played each file to its end" eval '
	[ -n "$MOUSE2" ] && [ -n "$KBD2" ] && [ -n "$PAD2" ] &&
	[ "$(grep -c "^VMTEST evemu-play [a-z]* played=2\$" "$OUT")" = 3 ] &&
	grep -qxF "pointersim: reading $MOUSE2 (pointersim-vm mouse, mouse)" <(section EVEMULIVEERR) &&
	grep -qxF "pointersim: reading $KBD2 (pointersim-vm keyboard, keyboard)" <(section EVEMULIVEERR) &&
	grep -qxF "pointersim: reading $PAD2 (pointersim-vm clickpad, clickpad)" <(section EVEMULIVEERR) &&
	[ "$(endline EVEMULIVE)" = "rc=0" ] || { section EVEMUPLAY >&2; section EVEMULIVEERR >&2; false; }'
# The live log depends on when events come (pointer acceleration, the order of
# the three devices' events), and each evemu-play sleeps between its events by
# itself: on a loaded host they drift apart from the files' timing. Then the
# log cannot be the original one; what must hold instead is that the reader's
# own recording (whose events the next check compares with the files) replays
# to its live log byte for byte, as in (b).
evemu_live_log() {
	[ -s "$WORK/live.normalised.jsonl" ] || return 1
	diff -u "$WORK/live.normalised.jsonl" "$WORK/evemu-live.normalised.jsonl" >"$WORK/evemu-live.diff" && return 0
	local drift
	# shellcheck disable=SC2086
	drift=$(python3 "$HERE/measure-timing-drift.py" "$WORK/evemu-replayed.yaml" $EVEMU_FILES) || drift=0
	if awk -v d="$drift" 'BEGIN { exit !(d < 10) }'; then
		cat "$WORK/evemu-live.diff" >&2
		echo "(the players kept the files' timing, to ${drift} ms: the logs should be equal)" >&2
		return 1
	fi
	log "  note: the evemu-play players drifted ${drift} ms from the files' timing (a loaded host), so the log differs from the original; checking it against a replay of that reader's own recording instead"
	"$BIN" replay --scene "$HERE/scene.json" "$WORK/evemu-replayed.yaml" >"$WORK/evemu-replayed-replay.jsonl" 2>"$WORK/evemu-replayed-replay.err" \
		|| { cat "$WORK/evemu-replayed-replay.err" >&2; return 1; }
	diff -u "$WORK/evemu-live.jsonl" "$WORK/evemu-replayed-replay.jsonl"
}
check "(d) pointersim live on the devices evemu-play made prints the live log (times aside, $(wc -l <"$WORK/evemu-live.jsonl") lines; or, when the players drifted from the files' timing, what its recording replays to)" \
	evemu_live_log
# events of an evemu file as "<type> <code> <value>" (hex -> decimal), without
# what the kernel does not pass on: SYN_DROPPED and empty frames
evemu_events() {
	awk 'function hex(s,  i, n) { n = 0; s = tolower(s)
			for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return n }
		/^E: / { t = hex($3); c = hex($4); v = $5 + 0
		if (t == 0 && c == 3) next
		if (t == 0 && c == 0 && last_syn) next
		last_syn = (t == 0 && c == 0); print t, c, v }' "$1"
}
evemu_played_events() {
	local rc=0 label node f
	recorded_events "$WORK/evemu-replayed.yaml" >"$WORK/evemu-replayed.txt"
	for label in mouse keyboard clickpad; do
		node=$(node2_of "$label")
		f=$(grep -l "^N: pointersim-vm $label\$" "$WORK"/evemu/auto*.evemu | head -1)
		[ -n "$f" ] || { echo "no evemu file for the $label" >&2; rc=1; continue; }
		evemu_events "$f" | sed "s#^#$node #" >"$WORK/evemu-sent.dev"
		grep "^$node " "$WORK/evemu-replayed.txt" >"$WORK/evemu-got.dev" || true
		if [ "$label" = mouse ] && ! cmp -s "$WORK/evemu-sent.dev" "$WORK/evemu-got.dev"; then
			printf '%s\n' "$node 1 272 0" "$node 0 0 1" >>"$WORK/evemu-sent.dev"   # the kernel's release on unplug
		fi
		if grep -q "^$node 0 3 " "$WORK/evemu-got.dev"; then
			# This reader fell behind (SYN_DROPPED; a loaded host), as in (c):
			# prefix, resync and suffix are checked, and a stream that ends
			# in the drop is complete up to it.
			echo "[vm-test]   note: $label's reader ($node) saw a SYN_DROPPED; checking prefix, resync and suffix" >&2
			python3 "$HERE/check-dropped.py" "$WORK/evemu-sent.dev" "$WORK/evemu-got.dev" \
				|| { echo "($label: events of $f vs what the reader got)" >&2; rc=1; }
			continue
		fi
		diff -u --label "$f ($label)" --label "read from $node" "$WORK/evemu-sent.dev" "$WORK/evemu-got.dev" >"$WORK/evemu.diff" \
			|| { python3 "$HERE/name-events.py" "$WORK/evemu.diff" >&2; echo "($label: events of $f vs what the reader got)" >&2; rc=1; }
	done
	[ "$(wc -l <"$WORK/evemu-replayed.txt")" -gt 100 ] || rc=1
	return $rc
}
check "(d) and that reader got exactly the events of our evemu files, per device" evemu_played_events
# (e) libinput record YAML: libinput replay's own loader on the host (no python in the guest)
check "(e) libinput replay's loader (libinput-tools $LIBINPUT_TOOLS_VERSION) accepts the VM's recordings" \
	eval '/usr/bin/python3 "$HERE/check-libinput-replay.py" --replay "$LIBINPUT_REPLAY" "$WORK/recording.yaml" "$WORK/dropped.yaml" "$WORK/evemu-replayed.yaml" >"$WORK/libinput-check.out"'
check "no errors on pointersim's stderr" eval '! grep -v "^pointersim: \(reading\|recording\|device removed\|stopped\)" "$WORK/live.err" | grep -q .'

T_TOTAL=$(dt "$T_START" "$(now)")
log "timings: packages ${T_PKG}s, kernel ${T_KERNEL}s, builds ${T_BUILD}s, initramfs ${T_INITRD}s ($(du -h "$WORK/initramfs.cpio" | cut -f1)), boot-to-poweroff ${T_BOOT}s, total ${T_TOTAL}s"
if [ "$FAIL" != 0 ] && [ "$VERBOSE" = 0 ]; then
	log "--- serial log: $OUT; live log: $WORK/live.jsonl; recording: $WORK/recording.yaml; replay: $WORK/replay.jsonl"
	sed -n '/^===LIVEERR-BEGIN/,/^===LIVEERR-END/p' "$OUT" >&2
fi
if [ "$FAIL" = 0 ] && [ "$OWN_WORK" = 1 ] && [ "$KEEP" = 0 ]; then
	rm -rf "$WORK"
else
	log "this run's files are in $WORK"
fi
echo "vm-test: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
