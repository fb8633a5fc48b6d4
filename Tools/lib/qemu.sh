# The one qemu boot of the repository, sourced by Tools/vm-test/run.sh (the
# live reader on a real kernel) and Tools/libinput-ref/run-libinput-ref.sh
# (real libinput's references): Debian's kernel, fetched and unpacked, and a
# throw-away VM that boots it under TCG with an initramfs and powers off.
#
#   . Tools/lib/qemu.sh
#   debian_kernel "$CACHE/kernel" || exit 1   # sets KPKG KVER KROOT VMLINUZ KCONFIG KERNEL
#   qemu_boot 600 512 "$WORK/initramfs.cpio" "$WORK/serial.raw" [QEMU-ARGS...]   # sets QRC, QPID
#
# Needs apt-get (Debian/Ubuntu), xz, readelf, qemu-system-x86_64.

# debian_kernel DIR: the kernel of Debian's linux-image-amd64, downloaded
# into DIR (apt-get download: /boot is not touched) and unpacked there with
# only what a VM needs (vmlinuz, its config, the evdev and uinput modules; the
# package is 400 MB unpacked). Sets KPKG (the package), KVER, KROOT (the
# unpacked tree), VMLINUZ, KCONFIG and KERNEL: the uncompressed ELF vmlinux
# when it has a PVH entry (decompressing bzImage under TCG costs ~4 s), else
# VMLINUZ. Returns 1 with a line saying why when it cannot.
debian_kernel() {
	local kdir=$1 pos
	_kpkg() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
	_apt_update() { if [ "$(id -u)" = 0 ]; then apt-get update -qq; else sudo -n apt-get update -qq 2>/dev/null || true; fi; }
	KPKG=$(_kpkg)
	[ -n "$KPKG" ] || { _apt_update; KPKG=$(_kpkg); }
	[ -n "$KPKG" ] || { echo "error: cannot resolve linux-image-amd64 from the apt sources (run apt-get update; is this Debian?)" >&2; return 1; }
	KVER=${KPKG#linux-image-}
	mkdir -p "$kdir"
	_getdeb() { (cd "$kdir" && apt-get download "$KPKG" >"$kdir/download.log" 2>&1) && ls "$kdir/${KPKG}"_*.deb >/dev/null 2>&1; }
	if ! ls "$kdir/${KPKG}"_*.deb >/dev/null 2>&1; then
		# stale package lists give a 404: refresh them once and retry
		_getdeb || { _apt_update; _getdeb; } \
			|| { cat "$kdir/download.log" >&2; echo "error: apt-get download $KPKG failed" >&2; return 1; }
	fi
	KROOT=$kdir/root-$KVER
	if [ ! -f "$KROOT/boot/vmlinuz-$KVER" ]; then
		rm -rf "$KROOT"; mkdir -p "$KROOT"
		dpkg-deb --fsys-tarfile "$kdir/${KPKG}"_*.deb | tar -x -C "$KROOT" --wildcards \
			'./boot/vmlinuz-*' './boot/config-*' \
			'*/kernel/drivers/input/evdev.ko*' '*/kernel/drivers/input/misc/uinput.ko*' \
			2>/dev/null || true   # a module that is built in (=y) is absent: the caller checks KCONFIG
	fi
	VMLINUZ=$KROOT/boot/vmlinuz-$KVER
	KCONFIG=$KROOT/boot/config-$KVER
	[ -f "$VMLINUZ" ] || { echo "error: no vmlinuz in $KPKG" >&2; return 1; }
	KERNEL=$VMLINUZ
	local vmlinux=$kdir/vmlinux-$KVER
	if [ ! -s "$vmlinux" ]; then
		pos=$(LC_ALL=C grep -abo $'\xfd7zXZ' "$VMLINUZ" | head -1 | cut -d: -f1 || true)
		if [ -n "$pos" ]; then
			tail -c +$((pos + 1)) "$VMLINUZ" | xz -dc >"$vmlinux.tmp" 2>/dev/null || true  # trailing bytes are expected
			mv "$vmlinux.tmp" "$vmlinux"
		fi
	fi
	if [ -s "$vmlinux" ] && readelf -n "$vmlinux" 2>/dev/null | grep -q 'Unknown note type: (0x00000012)'; then
		KERNEL=$vmlinux   # XEN_ELFNOTE_PHYS32_ENTRY: bootable by qemu -kernel (PVH)
	fi
}

# kernel_module KROOT NAME: the path of module NAME (.ko or .ko.xz) in the
# unpacked kernel, or nothing (built in, or absent).
kernel_module() {
	{ find "$1/lib" "$1/usr/lib" -name "$2.ko*" 2>/dev/null || true; } | head -1
}

# qemu_boot TIMEOUT MEMORY-MB INITRD RAW [QEMU-ARGS...]: boots KERNEL with
# INITRD (its /init runs, then powers off) under TCG, one CPU, the first
# serial port on the console and written to RAW (with qemu's own messages);
# QEMU-ARGS add devices (e.g. a second serial port to a file). timeout -k
# ends it after TIMEOUT seconds. Runs it in the background and waits, so that
# a signal reaches the caller's traps (Tools/lib/children.sh) at once. Sets
# QRC to qemu's exit status (124 or 137 after the timeout); returns 0.
qemu_boot() {
	local timeout=$1 mem=$2 initrd=$3 raw=$4 opts=$-
	shift 4
	set +e
	# TCG: /dev/kvm may be nested kvm_pvm, which cannot run a stock kernel.
	# -cpu max gives RDRAND, so the Swift runtime's getrandom() does not block.
	timeout -k 5 "$timeout" qemu-system-x86_64 -accel tcg -cpu max -M pc -m "$mem" -smp 1 \
		-nodefaults -no-user-config -display none -no-reboot \
		-serial stdio "$@" \
		-kernel "$KERNEL" -initrd "$initrd" \
		-append "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init" </dev/null >"$raw" 2>&1 &
	QPID=$!
	wait $QPID
	QRC=$?
	case $opts in *e*) set -e ;; esac
	return 0
}
