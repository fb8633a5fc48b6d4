#!/bin/sh
# /init of the end-to-end test's initramfs (busybox sh), see run.sh.
# Everything printed here goes to the serial console and is checked on the host.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# the initramfs has no /dev/console node (building it needs no root): attach now
exec </dev/console >/dev/console 2>&1
mkdir -p /tmp
echo "VMTEST init-start uptime=$(cut -d' ' -f1 /proc/uptime) kernel=$(uname -r)"
for m in evdev uinput; do
	[ -f /lib/modules/$m.ko ] || continue
	insmod /lib/modules/$m.ko || echo "VMTEST-FAIL insmod $m"
done
[ -c /dev/uinput ] || echo "VMTEST-FAIL no /dev/uinput"

# 0. `pointersim record` of every device (no --device), started before the
# devices exist: it must pick them up as they appear (inotify)
/bin/pointersim record --format evemu --output /tmp/auto.evemu >/dev/null 2>/tmp/auto.err &
APID=$!
i=0
while ! grep -q '^pointersim: recording to' /tmp/auto.err 2>/dev/null && [ $i -lt 3000 ]; do
	kill -0 $APID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done

# 1. the devices
/bin/emitter /tmp/devnodes /tmp/ready /tmp/stop /tmp/live.jsonl /tmp/stopped /tmp/continued >/tmp/emitter.out 2>&1 &
EPID=$!
i=0
while [ ! -f /tmp/devnodes ] && [ $i -lt 1000 ]; do usleep 10000; i=$((i+1)); done
MOUSE=$(awk '$1=="mouse"{print $2}' /tmp/devnodes)
KBD=$(awk '$1=="keyboard"{print $2}' /tmp/devnodes)
PAD=$(awk '$1=="clickpad"{print $2}' /tmp/devnodes)
echo "VMTEST nodes mouse=$MOUSE keyboard=$KBD clickpad=$PAD"

# 2. what `pointersim devices` sees
echo "VMTEST phase devices uptime=$(cut -d' ' -f1 /proc/uptime)"
echo "===DEVICES-BEGIN"
/bin/pointersim devices 2>&1; echo "devices-rc=$?"
echo "===DEVICES-END"

# 2b. a device grabbed by another program (here a grabbing pointersim record)
/bin/pointersim record --grab --device "$PAD" --output /tmp/grab.yaml 2>/tmp/grab.err &
GPID=$!
i=0
while ! grep -q '^pointersim: reading ' /tmp/grab.err 2>/dev/null && [ $i -lt 3000 ]; do
	kill -0 $GPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
echo "VMTEST phase grab uptime=$(cut -d' ' -f1 /proc/uptime)"
echo "===GRAB-BEGIN"
/bin/pointersim devices 2>&1 | grep "^$PAD	"
/bin/pointersim live --grab --device "$PAD" 2>&1; echo "live-grab-rc=$?"
kill -INT $GPID; wait $GPID; echo "grabber-rc=$?"
echo "===GRAB-END"

# 3. the live run, recording at the same time
/bin/pointersim live --scene /scene.json --device "$MOUSE" --device "$KBD" --device "$PAD" \
	--record /tmp/recording.yaml >/tmp/live.jsonl 2>/tmp/live.err &
LPID=$!
# a second reader of the keyboard, stopped during the burst (SYN_DROPPED)
/bin/pointersim record --device "$KBD" --output /tmp/dropped.yaml 2>/tmp/dropped.err &
DPID=$!
# handshake: emit only once pointersim has opened all three nodes
i=0
while [ "$(grep -c '^pointersim: reading ' /tmp/live.err 2>/dev/null)" != 3 ] && [ $i -lt 3000 ]; do
	kill -0 $LPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
for n in "$MOUSE" "$KBD" "$PAD"; do
	while ! grep -q "^pointersim: reading $n " /tmp/auto.err 2>/dev/null && [ $i -lt 3000 ]; do
		kill -0 $APID 2>/dev/null || break
		usleep 10000; i=$((i+1))
	done
done
while ! grep -q '^pointersim: reading ' /tmp/dropped.err 2>/dev/null && [ $i -lt 3000 ]; do
	kill -0 $DPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
touch /tmp/ready
echo "VMTEST phase session uptime=$(cut -d' ' -f1 /proc/uptime)"
waitfor() { # emitter line
	i=0
	while ! grep -q "^$1" /tmp/emitter.out && [ $i -lt 3000 ]; do
		kill -0 $EPID 2>/dev/null || break
		usleep 10000; i=$((i+1))
	done
}
waitfor BURST-READY
kill -STOP $DPID; touch /tmp/stopped
waitfor BURST-DONE
kill -CONT $DPID; touch /tmp/continued
i=0
while ! grep -q '^SESSION-DONE' /tmp/emitter.out && [ $i -lt 3000 ]; do
	kill -0 $EPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
echo "VMTEST phase sigint uptime=$(cut -d' ' -f1 /proc/uptime)"
usleep 300000                  # let pointersim drain what is queued
kill -INT $LPID $APID $DPID
wait $LPID; LRC=$?
wait $DPID; DRC=$?
wait $APID; ARC=$?
touch /tmp/stop
wait $EPID; ERC=$?

echo "===EMITTER-BEGIN"; cat /tmp/emitter.out; echo "===EMITTER-END rc=$ERC"
echo "===LIVE-BEGIN"; cat /tmp/live.jsonl; echo "===LIVE-END rc=$LRC"
echo "===LIVEERR-BEGIN"; cat /tmp/live.err; echo "===LIVEERR-END"
echo "===RECORDING-BEGIN"; cat /tmp/recording.yaml; echo "===RECORDING-END"
echo "===DROPPED-BEGIN"; cat /tmp/dropped.yaml; echo "===DROPPED-END rc=$DRC"
echo "===DROPPEDERR-BEGIN"; cat /tmp/dropped.err; echo "===DROPPEDERR-END"
echo "===AUTOERR-BEGIN"; cat /tmp/auto.err; echo "===AUTOERR-END rc=$ARC"
for f in /tmp/auto*.evemu; do
	[ -f "$f" ] || continue
	echo "===EVEMU-BEGIN ${f#/tmp/}"; cat "$f"; echo "===EVEMU-END"
done
echo "VMTEST init-end uptime=$(cut -d' ' -f1 /proc/uptime)"
poweroff -f
