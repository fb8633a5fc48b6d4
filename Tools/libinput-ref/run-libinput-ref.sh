#!/usr/bin/env bash
# run-libinput-ref.sh - reference output of real libinput (Debian 12, 1.22.1)
# for evemu recordings, produced inside a qemu VM that boots Debian's kernel
# (this host has no /dev/input and no uinput).
#
# In the VM (busybox initramfs + Debian's systemd-udevd, rules and hwdb):
#   insmod evdev uinput -> systemd-udevd --daemon -> for each job:
#   lref (C; libevemu + libinput path backend) creates a uinput device from the
#   recording's description, waits for udev, adds it to libinput, replays the
#   frames in real time and prints every libinput event.
# Results come back over a second serial port (ttyS1) and are split into
#   $OUTDIR/<job>.txt        libinput events + header (device config, udev props)
#   $OUTDIR/logs/<job>.debug.log   libinput's debug log (+ .stderr)
#
# usage: run-libinput-ref.sh [--jobs FILE] [--outdir DIR] [--ts recorded|kernel]
#                            [--clock virtual|real] [--speed F] [--timeout S] [--only NAME[,NAME..]]
# env: POINTERSIM_LREF_WORK=/tmp/libinput-ref (build + cache),
#      POINTERSIM_LREF_REC=<folder of the recordings> (default: Traces/libinput
#      of this repository), POINTERSIM_LREF_OUTDIR (default ./out; or --outdir). --jobs defaults to jobs.txt beside this script.
# --timeout defaults to 180 s plus, per job, the recording's duration + 15 s.
# Needs root (apt-get download, mknod). Never leaves qemu running (timeout -k + trap).
set -euo pipefail
# Interrupted or terminated, every process started here (qemu first) is ended.
. "$(dirname "$0")/../lib/children.sh"
. "$(dirname "$0")/../lib/qemu.sh"   # the kernel and the boot, shared with Tools/vm-test/run.sh

HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${POINTERSIM_LREF_WORK:-/tmp/libinput-ref}
REC=${POINTERSIM_LREF_REC:-$HERE/../../Traces/libinput}
OUTDIR=${POINTERSIM_LREF_OUTDIR:-$PWD/out}
JOBS=$HERE/jobs.txt
TS=recorded
CLOCK=virtual
SPEED=1
TIMEOUT=
ONLY=
while [ $# -gt 0 ]; do
	case "$1" in
	--jobs) JOBS=$2; shift 2 ;;
	--outdir) OUTDIR=$2; shift 2 ;;
	--ts) TS=$2; shift 2 ;;
	--clock) CLOCK=$2; shift 2 ;;
	--speed) SPEED=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--only) ONLY=$2; shift 2 ;;
	-h|--help) sed -n '2,22p' "$0"; exit 0 ;;
	*) echo "unknown argument: $1" >&2; exit 2 ;;
	esac
done
now() { date +%s.%N; }
dt() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", b-a}'; }
T_START=$(now)
log() { echo "[libinput-ref +$(dt "$T_START" "$(now)")s] $*"; }
mkdir -p "$WORK" "$OUTDIR"

# --- 1. packages (host) -----------------------------------------------------------
NEED=(qemu-system-x86 busybox-static gcc libc6-dev binutils cpio xz-utils pkg-config
      libinput-dev libinput-bin libinput-tools libevemu-dev libevdev-dev libudev-dev systemd)
MISSING=()
for p in "${NEED[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || MISSING+=("$p")
done
if [ ${#MISSING[@]} -gt 0 ]; then
	log "installing: ${MISSING[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${MISSING[@]}" >"$WORK/apt.log" 2>&1 \
		|| { cat "$WORK/apt.log"; exit 1; }
fi
LIVER=$(dpkg-query -W -f='${Version}' libinput10)
log "packages ready; libinput10 $LIVER"

# --- 2. Debian kernel (apt-get download of Debian's linux-image) ---------------------------
debian_kernel "$WORK/kernel" || exit 1
log "kernel $KVER ($KERNEL)"

# --- 3. Debian's udev (not installed on the host: only unpacked) -------------------
UDIR=$WORK/udev
if ! ls "$UDIR"/udev_*.deb >/dev/null 2>&1; then
	mkdir -p "$UDIR"
	(cd "$UDIR" && apt-get download udev >"$UDIR/download.log" 2>&1) || { cat "$UDIR/download.log"; exit 1; }
fi
if [ ! -x "$UDIR/root/bin/udevadm" ]; then
	rm -rf "$UDIR/root"; mkdir -p "$UDIR/root"
	dpkg-deb -x "$UDIR"/udev_*.deb "$UDIR/root"
fi
UDEVVER=$(dpkg-deb -f "$UDIR"/udev_*.deb Version)
log "udev $UDEVVER unpacked"

# --- 4. build lref ------------------------------------------------------------------
gcc -O2 -Wall -Wno-deprecated-declarations -rdynamic -o "$WORK/lref" "$HERE/lref.c" \
	$(pkg-config --cflags --libs libinput libevdev libudev) -levemu -lm

# --- 5. initramfs -------------------------------------------------------------------
IR=$WORK/initramfs
rm -rf "$IR"
mkdir -p "$IR"/{bin,sbin,dev,proc,sys,tmp,run,rec,etc/udev,lib/modules,lib/udev/rules.d,lib/udev/hwdb.d,lib/systemd,usr/lib/udev/rules.d,usr/lib/udev/hwdb.d,usr/share,usr/libexec/libinput}
cp /bin/busybox "$IR/bin/busybox"
for a in $(/bin/busybox --list); do [ "$a" = busybox ] || ln -s busybox "$IR/bin/$a"; done
mknod -m 600 "$IR/dev/console" c 5 1
mknod -m 666 "$IR/dev/null" c 1 3
for m in evdev uinput; do
	f=$(kernel_module "$KROOT" "$m")
	[ -n "$f" ] || { echo "module $m not found" >&2; exit 1; }
	case "$f" in
	*.ko) cp "$f" "$IR/lib/modules/$m.ko" ;;
	*.ko.xz) xz -dc "$f" >"$IR/lib/modules/$m.ko" ;;
	*) echo "unsupported module compression: $f" >&2; exit 1 ;;
	esac
done
# udev: binary (udevadm is also systemd-udevd), all rules and hwdb sources of the
# udev package + the input-related ones of libinput-bin / libwacom, compiled hwdb
rm -f "$IR/bin/udevadm"   # busybox may provide a (different) udevadm applet
cp "$UDIR/root/bin/udevadm" "$IR/bin/udevadm"
ln -s /bin/udevadm "$IR/lib/systemd/systemd-udevd"
cp "$UDIR/root/etc/udev/udev.conf" "$IR/etc/udev/"
cp "$UDIR"/root/lib/udev/rules.d/*.rules "$IR/lib/udev/rules.d/"
cp "$UDIR"/root/lib/udev/hwdb.d/*.hwdb "$IR/lib/udev/hwdb.d/"
for r in 65-libwacom.rules 80-libinput-device-groups.rules 90-libinput-fuzz-override.rules; do
	cp /usr/lib/udev/rules.d/$r "$IR/usr/lib/udev/rules.d/"
done
cp /usr/lib/udev/hwdb.d/*.hwdb "$IR/usr/lib/udev/hwdb.d/" 2>/dev/null || true
for h in libinput-device-group libinput-fuzz-extract libinput-fuzz-to-zero; do
	cp /usr/lib/udev/$h "$IR/usr/lib/udev/"
done
ln -s /usr/lib/udev/libinput-device-group "$IR/lib/udev/libinput-device-group"
ln -s /usr/lib/udev/libinput-fuzz-extract "$IR/lib/udev/libinput-fuzz-extract"
ln -s /usr/lib/udev/libinput-fuzz-to-zero "$IR/lib/udev/libinput-fuzz-to-zero"
"$UDIR/root/bin/systemd-hwdb" update --root="$IR" 2>"$WORK/hwdb.log" || { cat "$WORK/hwdb.log"; exit 1; }
[ -s "$IR/etc/udev/hwdb.bin" ] || { echo "no hwdb.bin generated" >&2; ls -R "$IR/etc"; exit 1; }
rm -rf "$IR/lib/udev/hwdb.d" "$IR/usr/lib/udev/hwdb.d"   # compiled into hwdb.bin
# libinput data (quirks), libwacom data, libinput-quirks tool
cp -r /usr/share/libinput "$IR/usr/share/"
cp -r /usr/share/libwacom "$IR/usr/share/" 2>/dev/null || true
cp /usr/libexec/libinput/libinput-quirks "$IR/usr/libexec/libinput/"
cp "$WORK/lref" "$IR/bin/lref"
# shared libraries at their ldd paths
for exe in "$IR/bin/lref" "$IR/bin/udevadm" "$IR/usr/libexec/libinput/libinput-quirks" \
	"$IR"/usr/lib/udev/libinput-*; do
	ldd "$exe" | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}'
done | sort -u | while read -r lib; do
	mkdir -p "$IR$(dirname "$lib")"
	cp -L "$lib" "$IR$lib"
done
# glibc's ld.so looks in /lib/x86_64-linux-gnu and /usr/lib/x86_64-linux-gnu by default
[ -e "$IR/lib64" ] || { mkdir -p "$IR/lib64"; cp -L /lib64/ld-linux-x86-64.so.2 "$IR/lib64/"; }
# job list (selected jobs) + the recordings they name; each job gets a time limit
# (recording duration + 15 s) as a 4th field, which the guest enforces per job
if [ -n "$ONLY" ]; then
	: >"$WORK/jobs.sel"
	for n in ${ONLY//,/ }; do
		line=$(awk -F'|' -v n="$n" '$1 == n' "$JOBS")
		[ -n "$line" ] || { echo "no job $n in $JOBS" >&2; exit 1; }
		echo "$line" >>"$WORK/jobs.sel"
	done
else
	grep -v '^#' "$JOBS" | grep . >"$WORK/jobs.sel"
fi
: >"$IR/jobs.txt"
SUM=0
while IFS='|' read -r name desc events settings _; do
	for f in "$desc" ${events:+"$events"}; do
		[ -f "$REC/$f" ] || { echo "job $name: no file $REC/$f" >&2; exit 1; }
		mkdir -p "$IR/rec/$(dirname "$f")"; cp "$REC/$f" "$IR/rec/$f"
	done
	# duration: last minus first E: timestamp over the job's files
	dur=$(cat "$REC/$desc" ${events:+"$REC/$events"} | awk '$1=="E:"{t=$2+0; if(n++==0)f=t; l=t} END{printf "%d", (n ? l-f : 0) + 1}')
	limit=$((dur + 15))
	SUM=$((SUM + limit))
	echo "$name|$desc|$events|$limit|$settings" >>"$IR/jobs.txt"
done <"$WORK/jobs.sel"
[ -n "$TIMEOUT" ] || TIMEOUT=$((180 + SUM))
echo "--ts $TS --clock $CLOCK --speed $SPEED" >"$IR/lref-opts"
cp "$HERE/guest-init.sh" "$IR/init"
chmod 755 "$IR/init"
(cd "$IR" && find . -print0 | cpio --null -o -H newc -R 0:0 --quiet >"$WORK/initramfs.cpio")
log "initramfs $(du -h "$WORK/initramfs.cpio" | cut -f1); $(wc -l <"$IR/jobs.txt") jobs, timeout ${TIMEOUT}s: $(cut -d'|' -f1 "$IR/jobs.txt" | tr '\n' ' ')"

# --- 6. boot ------------------------------------------------------------------------
RAW=$WORK/serial0.raw
DATA=$WORK/serial1.data
rm -f "$RAW" "$DATA"
log "booting (TCG) ..."
T0=$(now)
qemu_boot "$TIMEOUT" 1024 "$WORK/initramfs.cpio" "$RAW" -serial "file:$DATA"
T_BOOT=$(dt "$T0" "$(now)")
tr -d '\r' <"$RAW" >"$WORK/serial0.log"
log "qemu exit $QRC after ${T_BOOT}s"
grep '^LREF' "$WORK/serial0.log" | sed 's/^/[libinput-ref]   guest: /' || true

# --- 7. split the data stream -------------------------------------------------------
CMD="$0 $*"
python3 - "$DATA" "$OUTDIR" "$LIVER" "$KVER" "$UDEVVER" "Tools/libinput-ref/run-libinput-ref.sh" "$TS --clock $CLOCK" "$SPEED" <<'EOF'
import os, sys, re
data, outdir, liver, kver, udevver, script, ts, speed = sys.argv[1:9]
raw = open(data, 'rb').read() if os.path.exists(data) else b''
os.makedirs(os.path.join(outdir, 'logs'), exist_ok=True)
pos = 0; n = 0; done = False
while True:
    m = re.compile(rb'=====LREF-FILE (\S+) (\d+)\n').search(raw, pos)
    if not m:
        done = b'=====LREF-ALLDONE' in raw[pos:]
        break
    name = m.group(1).decode(); size = int(m.group(2))
    body = raw[m.end():m.end() + size]
    pos = m.end() + size
    if name.endswith('.txt'):
        job = name[:-4]
        hdr = ('# libinput reference output\n'
               f'# libinput: Debian 12 libinput10 {liver} (real library, path backend; configuration: the \'# config\' lines below, libinput\'s defaults where none is set)\n'
               f'# kernel (guest): Debian linux-image-{kver} under qemu TCG; udev: Debian systemd-udevd {udevver} (Debian rules + hwdb)\n'
               f'# command: {script} --ts {ts} --speed {speed}   (all jobs of its jobs list in one VM boot, one lref process per job)\n'
               f'#   this file alone: {script} [--jobs FILE] --only {job} --ts {ts} --speed {speed} [--outdir DIR]; see Tools/libinput-ref/README.md\n')
        out = os.path.join(outdir, name)
        open(out, 'wb').write(hdr.encode() + body)
    else:
        out = os.path.join(outdir, 'logs', name)
        open(out, 'wb').write(body)
    n += 1
    print(f'[libinput-ref]   wrote {out} ({len(body)} bytes)')
print(f'[libinput-ref] {n} files; stream complete: {done}')
sys.exit(0 if done else 1)
EOF
log "total $(dt "$T_START" "$(now)")s"
