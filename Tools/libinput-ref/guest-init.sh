#!/bin/sh
# /init of the libinput-ref initramfs (busybox sh). Console: ttyS0 (log),
# data: ttyS1 (raw; the host writes it to a file and splits it).
# jobs.txt lines: name|desc|events|limit-seconds|settings (the host adds the limit;
# settings are libinput debug-events configuration options, e.g. --enable-tap).
export PATH=/bin:/sbin:/usr/bin:/usr/sbin:/usr/libexec/libinput
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /run /tmp/out
mount -t tmpfs tmpfs /run
echo "LREF init-start uptime=$(cut -d' ' -f1 /proc/uptime) kernel=$(uname -r)"

insmod /lib/modules/evdev.ko || echo "LREF-FAIL insmod evdev"
insmod /lib/modules/uinput.ko || echo "LREF-FAIL insmod uinput"
[ -c /dev/uinput ] || echo "LREF-FAIL no /dev/uinput"

# Debian's own udevd with Debian's rules + hwdb (input_id, 60-evdev, 70-mouse,
# 70-touchpad, libinput's fuzz override, ...)
/lib/systemd/systemd-udevd --daemon --resolve-names=never >/tmp/out/udevd.log 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=30 || echo "LREF-FAIL settle"
echo "LREF udevd up uptime=$(cut -d' ' -f1 /proc/uptime)"
stty -F /dev/ttyS1 raw -echo 2>/dev/null

# send one file over the data port
send() {
	echo "=====LREF-FILE $(basename "$1") $(wc -c <"$1")"
	cat "$1"
	echo
	echo "=====LREF-ENDFILE"
}

OPTS=$(cat /lref-opts 2>/dev/null)
while IFS='|' read -r name desc events limit settings; do
	[ -n "$name" ] || continue
	t0=$(cut -d' ' -f1 /proc/uptime)
	# shellcheck disable=SC2086
	timeout "${limit:-300}" /bin/lref $OPTS $settings --label "$name" --debug-log "/tmp/out/$name.debug.log" \
		"/rec/$desc" ${events:+"/rec/$events"} >"/tmp/out/$name.txt" 2>"/tmp/out/$name.stderr"
	rc=$?
	# on failure, the kernel's last messages (uinput explains a rejected device there)
	[ "$rc" = 0 ] || { echo "--- dmesg (last 10 lines)"; dmesg | tail -10; } >>"/tmp/out/$name.stderr"
	echo "LREF job $name rc=$rc uptime $t0 -> $(cut -d' ' -f1 /proc/uptime)"
	echo "# lref exit status: $rc" >>"/tmp/out/$name.txt"
	# each job's files go out as soon as it is done: a VM timeout loses only the rest
	for f in "/tmp/out/$name.txt" "/tmp/out/$name.debug.log" "/tmp/out/$name.stderr"; do
		[ -f "$f" ] && send "$f"
	done >/dev/ttyS1
	rm -f "/tmp/out/$name.txt" "/tmp/out/$name.debug.log" "/tmp/out/$name.stderr"
done </jobs.txt

{
	for f in /tmp/out/*; do send "$f"; done
	echo "=====LREF-ALLDONE"
} >/dev/ttyS1
echo "LREF init-end uptime=$(cut -d' ' -f1 /proc/uptime)"
sync
poweroff -f
