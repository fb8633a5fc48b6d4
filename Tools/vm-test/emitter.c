/*
 * emitter: the scripted user of the end-to-end test (Tools/vm-test/run.sh).
 *
 * Creates three uinput devices (a mouse, a keyboard and a multitouch
 * clickpad) with libevdev, publishes their /dev/input/eventN nodes, waits
 * until pointersim has opened them, then plays a fixed session: a
 * Shift-band with the mouse, a band dragged on the clickpad, the clickpad
 * unplugged, a click with the mouse, a Command-band on the mouse that is cut
 * short by unplugging the mouse mid-drag. The keyboard stays until the
 * STOP file appears, so that pointersim ends by SIGINT, not by losing its
 * last device.
 *
 * Every event written is printed as "EMIT <device> <type> <code> <value>" so
 * the host can check that the recording holds exactly what was sent.
 *
 * usage: emitter DEVNODES_FILE READY_FILE STOP_FILE LIVE_LOG STOPPED_FILE CONTINUED_FILE
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/input.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

static void die(const char *what, int err)
{
	fprintf(stderr, "emitter: %s: %s\n", what, strerror(err < 0 ? -err : err));
	exit(1);
}

static void msleep(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static void wait_for(const char *path, int limit_ms)
{
	for (int waited = 0; access(path, F_OK) != 0; waited += 10) {
		if (waited >= limit_ms) {
			fprintf(stderr, "emitter: timed out waiting for %s\n", path);
			exit(1);
		}
		msleep(10);
	}
}

struct dev {
	const char *label;
	struct libevdev *desc;
	struct libevdev_uinput *ui;
};

static void create(struct dev *d)
{
	int rc = libevdev_uinput_create_from_device(d->desc, LIBEVDEV_UINPUT_OPEN_MANAGED, &d->ui);
	if (rc < 0)
		die("libevdev_uinput_create_from_device", rc);
}

static void ev(struct dev *d, unsigned type, unsigned code, int value)
{
	int rc = libevdev_uinput_write_event(d->ui, type, code, value);
	if (rc < 0)
		die("libevdev_uinput_write_event", rc);
	printf("EMIT %s %u %u %d\n", d->label, type, code, value);
}

/* ends a frame; frames are 15 ms apart, like a 66 Hz device */
static void syn(struct dev *d)
{
	ev(d, EV_SYN, SYN_REPORT, 0);
	fflush(stdout);
	msleep(15);
}

static const char *live_log;   /* pointersim's log, to see that it has caught up */

static int count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	int n = 0, c;
	if (!f)
		return 0;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

/* The kernel drops what a reader has not read yet when a device goes away
 * (evdev_read returns -ENODEV first). A person does not pull a cable 15 ms
 * after the last click, but a slow, starved VM can make it look so: wait
 * until pointersim's log has `lines` lines (max 10 s), then a little more. */
static void unplug(struct dev *d, int lines)
{
	for (int waited = 0; lines > 0 && count_lines(live_log) < lines && waited < 10000; waited += 10)
		msleep(10);
	msleep(100);
	libevdev_uinput_destroy(d->ui);
	d->ui = NULL;
	printf("UNPLUGGED %s\n", d->label);
	fflush(stdout);
	msleep(60);
}

static struct libevdev *base(const char *name, int product)
{
	struct libevdev *d = libevdev_new();
	libevdev_set_name(d, name);
	libevdev_set_id_bustype(d, BUS_VIRTUAL);
	libevdev_set_id_vendor(d, 0x1d6b);
	libevdev_set_id_product(d, product);
	libevdev_set_id_version(d, 1);
	return d;
}

static void abs_axis(struct libevdev *d, unsigned code, int min, int max, int res)
{
	struct input_absinfo a = { .value = 0, .minimum = min, .maximum = max, .fuzz = 0, .flat = 0, .resolution = res };
	libevdev_enable_event_code(d, EV_ABS, code, &a);
}

static void mouse_move(struct dev *m, int dx, int dy)
{
	if (dx) ev(m, EV_REL, REL_X, dx);
	if (dy) ev(m, EV_REL, REL_Y, dy);
	syn(m);
}

static void key(struct dev *d, unsigned code, int value)
{
	ev(d, EV_KEY, code, value);
	syn(d);
}

int main(int argc, char **argv)
{
	if (argc != 7) {
		fprintf(stderr, "usage: emitter DEVNODES_FILE READY_FILE STOP_FILE LIVE_LOG STOPPED_FILE CONTINUED_FILE\n");
		return 2;
	}
	live_log = argv[4];
	setvbuf(stdout, NULL, _IOLBF, 0);

	struct dev mouse = { "mouse", base("pointersim-vm mouse", 0x0201), NULL };
	libevdev_enable_event_type(mouse.desc, EV_REL);
	libevdev_enable_event_code(mouse.desc, EV_REL, REL_X, NULL);
	libevdev_enable_event_code(mouse.desc, EV_REL, REL_Y, NULL);
	libevdev_enable_event_code(mouse.desc, EV_REL, REL_WHEEL, NULL);
	libevdev_enable_event_type(mouse.desc, EV_KEY);
	libevdev_enable_event_code(mouse.desc, EV_KEY, BTN_LEFT, NULL);
	libevdev_enable_event_code(mouse.desc, EV_KEY, BTN_RIGHT, NULL);
	libevdev_enable_event_code(mouse.desc, EV_KEY, BTN_MIDDLE, NULL);

	struct dev kbd = { "keyboard", base("pointersim-vm keyboard", 0x0202), NULL };
	libevdev_enable_event_type(kbd.desc, EV_KEY);
	unsigned keys[] = { KEY_ESC, KEY_A, KEY_LEFTSHIFT, KEY_RIGHTSHIFT, KEY_LEFTCTRL, KEY_LEFTALT, KEY_LEFTMETA, KEY_CAPSLOCK };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		libevdev_enable_event_code(kbd.desc, EV_KEY, keys[i], NULL);

	/* a 100 x 68.75 mm clickpad, 32 units/mm, two slots */
	struct dev pad = { "clickpad", base("pointersim-vm clickpad", 0x0203), NULL };
	libevdev_enable_property(pad.desc, INPUT_PROP_POINTER);
	libevdev_enable_property(pad.desc, INPUT_PROP_BUTTONPAD);
	libevdev_enable_event_type(pad.desc, EV_KEY);
	libevdev_enable_event_code(pad.desc, EV_KEY, BTN_LEFT, NULL);
	libevdev_enable_event_code(pad.desc, EV_KEY, BTN_TOOL_FINGER, NULL);
	libevdev_enable_event_code(pad.desc, EV_KEY, BTN_TOOL_DOUBLETAP, NULL);
	libevdev_enable_event_code(pad.desc, EV_KEY, BTN_TOUCH, NULL);
	libevdev_enable_event_type(pad.desc, EV_ABS);
	abs_axis(pad.desc, ABS_X, 0, 3200, 32);
	abs_axis(pad.desc, ABS_Y, 0, 2200, 32);
	abs_axis(pad.desc, ABS_MT_SLOT, 0, 1, 0);
	abs_axis(pad.desc, ABS_MT_TRACKING_ID, 0, 65535, 0);
	abs_axis(pad.desc, ABS_MT_POSITION_X, 0, 3200, 32);
	abs_axis(pad.desc, ABS_MT_POSITION_Y, 0, 2200, 32);

	create(&mouse);
	create(&kbd);
	create(&pad);
	const char *mn = libevdev_uinput_get_devnode(mouse.ui);
	const char *kn = libevdev_uinput_get_devnode(kbd.ui);
	const char *pn = libevdev_uinput_get_devnode(pad.ui);
	if (!mn || !kn || !pn) {
		fprintf(stderr, "emitter: libevdev_uinput_get_devnode failed (is /sys mounted?)\n");
		return 1;
	}
	char tmp[512];
	snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
	FILE *f = fopen(tmp, "w");
	if (!f)
		die("fopen devnodes", errno);
	fprintf(f, "mouse %s\nkeyboard %s\nclickpad %s\n", mn, kn, pn);
	fclose(f);
	rename(tmp, argv[1]); /* atomic publish */
	printf("NODES mouse=%s keyboard=%s clickpad=%s\n", mn, kn, pn);

	wait_for(argv[2], 600000);   /* init.sh gives up first (a WAIT per reader) */
	msleep(100);

	/* --- the session (the expected log is Tools/vm-test/expected.jsonl) --- */
	/* 1. a Shift-band with the mouse over a1..a3 (b1 stays selected: add mode) */
	for (int i = 0; i < 4; i++)
		mouse_move(&mouse, 20, 20);              /* pointer (100,100) -> (180,180) */
	key(&kbd, KEY_LEFTSHIFT, 1);
	key(&mouse, BTN_LEFT, 1);                    /* band.began at (180,180), add */
	for (int i = 0; i < 6; i++)
		mouse_move(&mouse, 30, 10);              /* -> (360,240) */
	key(&mouse, BTN_LEFT, 0);                    /* band.ended */
	key(&kbd, KEY_LEFTSHIFT, 0);

	/* 2. a latched slider drag on the clickpad: the finger moves the pointer onto
	 * the knob (region.entered), the physical click latches it (the knob claims
	 * the press: no band, the items it is dragged over stay as they are), the
	 * drag goes far beyond the knob, the release unlatches and exits it */
	ev(&pad, EV_ABS, ABS_MT_TRACKING_ID, 1);
	ev(&pad, EV_ABS, ABS_MT_POSITION_X, 1600);
	ev(&pad, EV_ABS, ABS_MT_POSITION_Y, 1000);
	ev(&pad, EV_KEY, BTN_TOUCH, 1);
	ev(&pad, EV_KEY, BTN_TOOL_FINGER, 1);
	ev(&pad, EV_ABS, ABS_X, 1600);
	ev(&pad, EV_ABS, ABS_Y, 1000);
	syn(&pad);
	for (int i = 1; i <= 4; i++) {               /* 4 x 1 mm up-left: move without a button (libinput
	                                              * moves nothing on a touch's first frame: 3 mm) */
		ev(&pad, EV_ABS, ABS_MT_POSITION_X, 1600 - 32 * i);
		ev(&pad, EV_ABS, ABS_MT_POSITION_Y, 1000 - 32 * i);
		ev(&pad, EV_ABS, ABS_X, 1600 - 32 * i);
		ev(&pad, EV_ABS, ABS_Y, 1000 - 32 * i);
		syn(&pad);
	}
	key(&pad, BTN_LEFT, 1);                      /* the physical click: region.latched */
	for (int i = 1; i <= 4; i++) {               /* 4 x 2 mm right, 1 mm down */
		ev(&pad, EV_ABS, ABS_MT_POSITION_X, 1472 + 64 * i);
		ev(&pad, EV_ABS, ABS_MT_POSITION_Y, 872 + 32 * i);
		ev(&pad, EV_ABS, ABS_X, 1472 + 64 * i);
		ev(&pad, EV_ABS, ABS_Y, 872 + 32 * i);
		syn(&pad);
	}
	ev(&pad, EV_KEY, BTN_LEFT, 0);               /* region.unlatched, and the finger lifts */
	ev(&pad, EV_ABS, ABS_MT_TRACKING_ID, -1);
	ev(&pad, EV_KEY, BTN_TOUCH, 0);
	ev(&pad, EV_KEY, BTN_TOOL_FINGER, 0);
	syn(&pad);

	/* 3. the clickpad is unplugged: device.removed, the others go on */
	unplug(&pad, 12);                            /* after region.unlatched, region.exited (line 12) */

	/* 4. a plain click with the mouse in empty space (replace: clears the
	 * selection), held 60 ms and followed by 60 ms of stillness as a hand
	 * does: libinput debounces a release that comes sooner (25 ms) */
	mouse_move(&mouse, 300, 300);
	key(&mouse, BTN_LEFT, 1);
	msleep(60);
	key(&mouse, BTN_LEFT, 0);
	msleep(60);

	/* 5. a Command-band cut short by unplugging the mouse mid-drag */
	mouse_move(&mouse, -400, -420);
	key(&kbd, KEY_LEFTMETA, 1);
	key(&mouse, BTN_LEFT, 1);
	mouse_move(&mouse, 50, 10);
	unplug(&mouse, 17);                          /* after the selecting line (17): band.ended cancelled, device.removed */
	key(&kbd, KEY_LEFTMETA, 0);

	/* 7. SYN_DROPPED: a second reader of the keyboard is stopped (SIGSTOP) by
	 * init while the keyboard sends 200 frames, more than its evdev buffer
	 * holds, and ends with Shift down; after SIGCONT that reader gets
	 * SYN_DROPPED and must resynchronise (libevdev's sync loop). The live
	 * reader keeps up (4 ms per frame) and sees no change in the log. */
	printf("BURST-READY\n");
	fflush(stdout);
	wait_for(argv[5], 60000);
	for (int i = 0; i < 100; i++) {
		ev(&kbd, EV_KEY, KEY_A, 1);
		ev(&kbd, EV_SYN, SYN_REPORT, 0);
		msleep(4);
		ev(&kbd, EV_KEY, KEY_A, 0);
		ev(&kbd, EV_SYN, SYN_REPORT, 0);
		msleep(4);
	}
	key(&kbd, KEY_LEFTSHIFT, 1);
	printf("BURST-DONE\n");
	fflush(stdout);
	wait_for(argv[6], 60000);
	msleep(100);
	key(&kbd, KEY_LEFTSHIFT, 0);

	printf("SESSION-DONE\n");
	fflush(stdout);
	wait_for(argv[3], 60000);
	unplug(&kbd, 0);
	libevdev_free(mouse.desc);
	libevdev_free(kbd.desc);
	libevdev_free(pad.desc);
	printf("EMITTER-DONE\n");
	return 0;
}
