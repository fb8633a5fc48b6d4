#!/bin/sh
# /init of the end-to-end test's initramfs (busybox sh), see run.sh.
# Everything printed here goes to the serial console and is checked on the host.
export PATH=/bin
# Every wait for another process (a reader opening its nodes, the emitter, a
# player) gives up after WAIT polls of 10 ms, 120 s: a ThreadSanitizer build
# under emulation on a loaded host can take half a minute to start. A wait
# ends as soon as its condition holds or the process it waits for is gone.
WAIT=12000
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
while ! grep -q '^pointersim: recording to' /tmp/auto.err 2>/dev/null && [ $i -lt $WAIT ]; do
	kill -0 $APID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done

# 1. the devices
/bin/emitter /tmp/devnodes /tmp/ready /tmp/stop /tmp/live.jsonl /tmp/stopped /tmp/continued >/tmp/emitter.out 2>&1 &
EPID=$!
i=0
while [ ! -f /tmp/devnodes ] && [ $i -lt $WAIT ]; do usleep 10000; i=$((i+1)); done
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
while ! grep -q '^pointersim: reading ' /tmp/grab.err 2>/dev/null && [ $i -lt $WAIT ]; do
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
while [ "$(grep -c '^pointersim: reading ' /tmp/live.err 2>/dev/null)" != 3 ] && [ $i -lt $WAIT ]; do
	kill -0 $LPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
for n in "$MOUSE" "$KBD" "$PAD"; do
	i=0
	while ! grep -q "^pointersim: reading $n " /tmp/auto.err 2>/dev/null && [ $i -lt $WAIT ]; do
		kill -0 $APID 2>/dev/null || break
		usleep 10000; i=$((i+1))
	done
done
i=0
while ! grep -q '^pointersim: reading ' /tmp/dropped.err 2>/dev/null && [ $i -lt $WAIT ]; do
	kill -0 $DPID 2>/dev/null || break
	usleep 10000; i=$((i+1))
done
touch /tmp/ready
echo "VMTEST phase session uptime=$(cut -d' ' -f1 /proc/uptime)"
waitfor() { # emitter line
	i=0
	while ! grep -q "^$1" /tmp/emitter.out && [ $i -lt $WAIT ]; do
		kill -0 $EPID 2>/dev/null || break
		usleep 10000; i=$((i+1))
	done
}
waitfor BURST-READY
kill -STOP $DPID; touch /tmp/stopped
waitfor BURST-DONE
kill -CONT $DPID; touch /tmp/continued
i=0
while ! grep -q '^SESSION-DONE' /tmp/emitter.out && [ $i -lt $WAIT ]; do
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
# 4. upstream evemu: `evemu-play FILE` re-creates each device the record above
# saw from our evemu file (uinput), prints its node and waits for Enter; a new
# `pointersim live` reads the three new nodes; then each player is started at
# its file's first-event time (the files share one clock), and a device is
# unplugged at the time of its `# pointersim: device removed` line, once its
# player has played everything (the prompt is back): the player is killed and
# the kernel destroys its uinput device. (evemu-play 2.7 ignores EOF on stdin
# and replays again, so it is always ended by a signal.) See run.sh, (d).
if [ -x /bin/evemu-play ]; then
	echo "VMTEST phase evemu uptime=$(cut -d' ' -f1 /proc/uptime)"
	: >/tmp/evemu-plan
	for f in /tmp/auto*.evemu; do
		label=$(sed -n 's/^N: pointersim-vm \(.*\)$/\1/p' "$f")
		[ -n "$label" ] || continue
		first=$(awk '/^E: /{print $2; exit}' "$f")
		removed=$(sed -n 's/^# pointersim: device removed //p' "$f")
		echo "$label $f ${first:-0} ${removed:--}" >>/tmp/evemu-plan
	done
	n=3
	while read -r label f first removed; do
		mkfifo /tmp/evemu-$label.in
		# 3>&- ...: no player holds another player's stdin
		/bin/evemu-play "$f" </tmp/evemu-$label.in >/tmp/evemu-$label.out 2>&1 3>&- 4>&- 5>&- &
		echo $! >/tmp/evemu-$label.pid
		echo "$label $f $first $removed $!" >>/tmp/evemu-plan.pids
		eval "exec $n>/tmp/evemu-$label.in"   # the player's stdin, kept open
		echo "$n" >/tmp/evemu-$label.fd
		n=$((n+1))
	done </tmp/evemu-plan
	EARGS=
	NODES2=
	for label in mouse keyboard clickpad; do
		i=0
		while ! grep -q ': /dev/input/event' /tmp/evemu-$label.out 2>/dev/null && [ $i -lt $WAIT ]; do usleep 10000; i=$((i+1)); done
		node=$(sed -n 's#^.*: \(/dev/input/event[0-9]*\)$#\1#p' /tmp/evemu-$label.out | head -1)
		NODES2="$NODES2 $label=$node"
		EARGS="$EARGS --device $node"
	done
	echo "VMTEST evemu-nodes$NODES2"
	/bin/pointersim live --scene /scene.json $EARGS --record /tmp/evemu-replayed.yaml \
		>/tmp/evemu-live.jsonl 2>/tmp/evemu-live.err 3>&- 4>&- 5>&- &
	RPID=$!
	i=0
	while [ "$(grep -c '^pointersim: reading ' /tmp/evemu-live.err 2>/dev/null)" != 3 ] && [ $i -lt $WAIT ]; do
		kill -0 $RPID 2>/dev/null || break
		usleep 10000; i=$((i+1))
	done
	prompts() { grep -o 'Hit enter' /tmp/evemu-$1.out | wc -l; }
	played() { # wait (at most WAIT) until the player of $1 has played its file once
		i=0
		while [ "$(prompts $1)" -lt 2 ] && [ $i -lt $WAIT ]; do
			kill -0 "$(cat /tmp/evemu-$1.pid)" 2>/dev/null || break
			usleep 10000; i=$((i+1))
		done
	}
	# the schedule, in time order: Enter for each player at its first event's
	# time, SIGTERM at its removal time (starter.c: one clock, no forks)
	ACTIONS=$(awk '{ print $3, "start:" $3 ":/tmp/evemu-" $1 ".in"
		if ($4 != "-") print $4, "unplug:" $4 ":" $5 ":/tmp/evemu-" $1 ".out" }' \
		/tmp/evemu-plan.pids | sort -n | cut -d' ' -f2)
	echo "VMTEST phase evemu-play uptime=$(cut -d' ' -f1 /proc/uptime)"
	/bin/starter $ACTIONS 3>&- 4>&- 5>&-
	for label in $(awk '$4 != "-" { print $1 }' /tmp/evemu-plan); do
		echo "VMTEST evemu-play $label played=$(prompts $label)"
	done
	for label in mouse keyboard clickpad; do
		awk -v l=$label '$1 == l && $4 != "-" { f = 1 } END { exit !f }' /tmp/evemu-plan && continue
		played $label
		echo "VMTEST evemu-play $label played=$(prompts $label)"
	done
	echo "VMTEST phase evemu-sigint uptime=$(cut -d' ' -f1 /proc/uptime)"
	usleep 300000
	kill -INT $RPID; wait $RPID; RRC=$?
	for label in mouse keyboard clickpad; do
		kill -TERM "$(cat /tmp/evemu-$label.pid)" 2>/dev/null
		wait "$(cat /tmp/evemu-$label.pid)"
		eval "exec $(cat /tmp/evemu-$label.fd)>&-"
	done
	echo "===EVEMUPLAN-BEGIN"; cat /tmp/evemu-plan.pids; echo "===EVEMUPLAN-END"
	for label in mouse keyboard clickpad; do
		echo "===EVEMUPLAY-BEGIN $label"; cat /tmp/evemu-$label.out; echo "===EVEMUPLAY-END"
	done
	echo "===EVEMULIVE-BEGIN"; cat /tmp/evemu-live.jsonl; echo "===EVEMULIVE-END rc=$RRC"
	echo "===EVEMULIVEERR-BEGIN"; cat /tmp/evemu-live.err; echo "===EVEMULIVEERR-END"
	echo "===EVEMUREC-BEGIN"; cat /tmp/evemu-replayed.yaml; echo "===EVEMUREC-END"
fi
echo "VMTEST init-end uptime=$(cut -d' ' -f1 /proc/uptime)"
poweroff -f
