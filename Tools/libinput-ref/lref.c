/*
 * lref - replay an evemu recording through a uinput device and print what
 * real libinput (path backend, default configuration) makes of it.
 *
 * usage: lref [--ts recorded|kernel] [--speed F] [--lead-ms N] [--tail-ms N]
 *             [--keep-kernel-fuzz] [--keep-softrepeat]
 *             [--debug-log FILE] [--label S] DESC [EVENTS]
 *
 *   DESC    evemu description (.desc) or a single-file .evemu (description + E: lines)
 *   EVENTS  optional separate file with E: lines (split recordings)
 *
 * Steps: parse with libevemu -> evemu_create() (uinput) -> wait for udevd
 * (udevadm settle) -> libinput_path_add_device() -> print device config ->
 * replay the frames in real time (frame i is written at T0 + (R_i - R_0)/speed
 * on CLOCK_MONOTONIC; one write() per frame) -> print every libinput event ->
 * after the last frame keep dispatching for --tail-ms (timers) -> remove the
 * device.
 *
 * --ts recorded (default): the timestamps libinput reads from the evdev fd are
 * rewritten to T0 + (R_i - R_0), i.e. exactly the recorded inter-frame
 * intervals on the real monotonic timeline (this process defines read(), which
 * libevdev calls, and rewrites input_event.time on libinput's fd only). The
 * kernel still timestamps the frame at write time; that is only used for the
 * pacing statistics. Timers (tap, debounce, scroll, gestures) run on the real
 * clock, which the real-time pacing keeps within the reported lateness of the
 * recorded timeline.
 * --ts kernel: no rewriting; libinput sees the kernel timestamps (jittery).
 *
 * --clock virtual (default): libinput's clock is virtual. This process defines
 * clock_gettime() (CLOCK_MONOTONIC, as libinput_now() reads it) and
 * timerfd_settime() (libinput's one timer fd): libinput's "now" is the recorded
 * time of the frame being processed, and a timer that libinput arms for time E is
 * fired (its real timerfd made readable, libinput dispatched) with "now" = E, before
 * the first frame recorded after E. No real-time pacing is needed: the result does
 * not depend on host load, and every line, timer events included, is the same in
 * every run. Needs --ts recorded.
 * --clock real: the original method: frames are written in real time and libinput's
 * timers run on the real clock (timer-driven results can shift when the VM is
 * late by more than the distance between a timer's expiry and the next frame).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <evemu.h>
#include <libevdev/libevdev.h>
#include <libinput.h>
#include <libudev.h>
#include <linux/input.h>

/* ------------------------------------------------------------------ */
/* read() interposition: rewrite timestamps on libinput's evdev fd     */

static int g_rewrite_fd = -1;   /* fd handed to libinput by open_restricted */
static int g_rewrite = 1;       /* --ts recorded */
static uint64_t *g_q;           /* per kernel-delivered frame: time to use (usec) */
static size_t g_qn, g_qhead, g_qcap;
static int g_in_frame;
static uint64_t g_cur_us;
static unsigned long g_unmatched_frames, g_syn_dropped, g_li_events_read;

/* virtual clock (--clock virtual) */
static int g_vclock = 1;          /* option */
static int g_vactive;             /* interposition active */
static uint64_t g_vnow_us;        /* libinput's "now" */
static int g_timer_fd = -1;       /* libinput's timerfd (seen in timerfd_settime) */
static int g_timer_armed;
static uint64_t g_timer_exp_us;   /* its absolute expiry on the virtual clock */
static unsigned long g_timer_fired;

static uint64_t real_now_ns(void)
{
	struct timespec ts;
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

int clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (g_vactive && clk == CLOCK_MONOTONIC) {
		ts->tv_sec = (time_t)(g_vnow_us / 1000000ull);
		ts->tv_nsec = (long)(g_vnow_us % 1000000ull) * 1000;
		return 0;
	}
	return (int)syscall(SYS_clock_gettime, clk, ts);
}

int timerfd_settime(int fd, int flags, const struct itimerspec *nv, struct itimerspec *ov)
{
	if (!g_vactive)
		return (int)syscall(SYS_timerfd_settime, fd, flags, nv, ov);
	/* libinput arms its single timerfd with TFD_TIMER_ABSTIME at the earliest
	 * expiry, or disarms it with zero: remember it, keep the real timer disarmed */
	g_timer_fd = fd;
	if (ov)
		memset(ov, 0, sizeof(*ov));
	if (nv->it_value.tv_sec == 0 && nv->it_value.tv_nsec == 0) {
		g_timer_armed = 0;
	} else {
		uint64_t v = (uint64_t)nv->it_value.tv_sec * 1000000ull + (uint64_t)nv->it_value.tv_nsec / 1000;
		g_timer_exp_us = (flags & TFD_TIMER_ABSTIME) ? v : g_vnow_us + v;
		g_timer_armed = 1;
	}
	struct itimerspec z;
	memset(&z, 0, sizeof(z));
	return (int)syscall(SYS_timerfd_settime, fd, 0, &z, NULL);
}

static void q_push(uint64_t us)
{
	if (g_qn == g_qcap) {
		g_qcap = g_qcap ? g_qcap * 2 : 4096;
		g_q = realloc(g_q, g_qcap * sizeof(*g_q));
		if (!g_q) abort();
	}
	g_q[g_qn++] = us;
}

ssize_t read(int fd, void *buf, size_t count)
{
	ssize_t r = syscall(SYS_read, fd, buf, count);
	if (fd != g_rewrite_fd || r <= 0)
		return r;
	struct input_event *ev = buf;
	size_t n = (size_t)r / sizeof(*ev);
	for (size_t i = 0; i < n; i++) {
		g_li_events_read++;
		if (ev[i].type == EV_SYN && ev[i].code == SYN_DROPPED)
			g_syn_dropped++;
		if (!g_rewrite)
			continue;
		if (!g_in_frame) {
			if (g_qhead < g_qn) {
				g_cur_us = g_q[g_qhead++];
			} else {
				g_unmatched_frames++;
				g_cur_us = (uint64_t)ev[i].input_event_sec * 1000000ull + ev[i].input_event_usec;
			}
			g_in_frame = 1;
		}
		ev[i].input_event_sec = g_cur_us / 1000000ull;
		ev[i].input_event_usec = g_cur_us % 1000000ull;
		if (ev[i].type == EV_SYN && (ev[i].code == SYN_REPORT || ev[i].code == SYN_DROPPED))
			g_in_frame = 0;
	}
	return r;
}

/* ------------------------------------------------------------------ */

static FILE *g_out;
static FILE *g_dbg;
static uint64_t g_t0_us;        /* monotonic usec that corresponds to R_0 */
static uint64_t g_r0_us;        /* first recorded timestamp (usec) */
static double g_speed = 1.0;
/* where an event came from: 0 = dispatch while waiting for the next frame (timers),
 * 1 = dispatch right after writing frame g_frame_idx, 2 = device removal */
static int g_ctx;
static size_t g_frame_idx;
static uint64_t g_frame_us;     /* libinput-side time of frame g_frame_idx */
static int g_have_time;
static uint64_t g_last_time;
static unsigned long g_nevents[1024];

/* libinput's clock: virtual while the virtual clock is active, else real */
static uint64_t now_ns(void)
{
	if (g_vactive)
		return g_vnow_us * 1000ull;
	return real_now_ns();
}

static int open_restricted(const char *path, int flags, void *user_data)
{
	(void)user_data;
	int fd = open(path, flags);
	if (fd < 0)
		return -errno;
	g_rewrite_fd = fd;
	return fd;
}

static void close_restricted(int fd, void *user_data)
{
	(void)user_data;
	if (fd == g_rewrite_fd)
		g_rewrite_fd = -1;
	close(fd);
}

static const struct libinput_interface iface = {
	.open_restricted = open_restricted,
	.close_restricted = close_restricted,
};

static void log_handler(struct libinput *li, enum libinput_log_priority prio,
			const char *fmt, va_list args)
{
	(void)li;
	const char *p = prio == LIBINPUT_LOG_PRIORITY_DEBUG ? "debug" :
			prio == LIBINPUT_LOG_PRIORITY_INFO ? "info" : "error";
	char buf[2048];
	vsnprintf(buf, sizeof(buf), fmt, args);
	size_t l = strlen(buf);
	while (l && buf[l - 1] == '\n') buf[--l] = 0;
	double rel = ((double)(now_ns() / 1000) - (double)g_t0_us) / 1e3;
	if (g_dbg)
		fprintf(g_dbg, "[%s %+.3fms] %s\n", p, g_t0_us ? rel : 0.0, buf);
	if (prio >= LIBINPUT_LOG_PRIORITY_INFO)
		fprintf(g_out, "# LIBINPUT-LOG %s: %s\n", p, buf);
}

static const char *type_name(enum libinput_event_type t)
{
	switch (t) {
	case LIBINPUT_EVENT_DEVICE_ADDED: return "DEVICE_ADDED";
	case LIBINPUT_EVENT_DEVICE_REMOVED: return "DEVICE_REMOVED";
	case LIBINPUT_EVENT_KEYBOARD_KEY: return "KEYBOARD_KEY";
	case LIBINPUT_EVENT_POINTER_MOTION: return "POINTER_MOTION";
	case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE: return "POINTER_MOTION_ABSOLUTE";
	case LIBINPUT_EVENT_POINTER_BUTTON: return "POINTER_BUTTON";
	case LIBINPUT_EVENT_POINTER_AXIS: return "POINTER_AXIS";
	case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL: return "POINTER_SCROLL_WHEEL";
	case LIBINPUT_EVENT_POINTER_SCROLL_FINGER: return "POINTER_SCROLL_FINGER";
	case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS: return "POINTER_SCROLL_CONTINUOUS";
	case LIBINPUT_EVENT_TOUCH_DOWN: return "TOUCH_DOWN";
	case LIBINPUT_EVENT_TOUCH_UP: return "TOUCH_UP";
	case LIBINPUT_EVENT_TOUCH_MOTION: return "TOUCH_MOTION";
	case LIBINPUT_EVENT_TOUCH_CANCEL: return "TOUCH_CANCEL";
	case LIBINPUT_EVENT_TOUCH_FRAME: return "TOUCH_FRAME";
	case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: return "GESTURE_SWIPE_BEGIN";
	case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: return "GESTURE_SWIPE_UPDATE";
	case LIBINPUT_EVENT_GESTURE_SWIPE_END: return "GESTURE_SWIPE_END";
	case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: return "GESTURE_PINCH_BEGIN";
	case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: return "GESTURE_PINCH_UPDATE";
	case LIBINPUT_EVENT_GESTURE_PINCH_END: return "GESTURE_PINCH_END";
	case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: return "GESTURE_HOLD_BEGIN";
	case LIBINPUT_EVENT_GESTURE_HOLD_END: return "GESTURE_HOLD_END";
	case LIBINPUT_EVENT_SWITCH_TOGGLE: return "SWITCH_TOGGLE";
	default: return "OTHER";
	}
}

/* time prefix: libinput time (usec, CLOCK_MONOTONIC), and the same on the
 * recording's timeline: rec_us = R_0 + (t - T0) * speed  (exact for frame-driven
 * events in --ts recorded mode with --speed 1) */
static void print_time(uint64_t t)
{
	g_have_time = 1;
	g_last_time = t;
	int64_t rel = (int64_t)t - (int64_t)g_t0_us;
	fprintf(g_out, " t=%" PRIu64 " rel_us=%" PRId64 " rec_us=%" PRId64, t, rel,
		(int64_t)g_r0_us + (int64_t)llround((double)rel * g_speed));
}

static void print_axis_common(struct libinput_event_pointer *p, int legacy)
{
	static const enum libinput_pointer_axis axes[2] = {
		LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL };
	static const char *an[2] = { "vert", "horiz" };
	for (int i = 0; i < 2; i++) {
		if (!libinput_event_pointer_has_axis(p, axes[i]))
			continue;
		if (legacy == 1)	/* POINTER_AXIS (legacy API) */
			fprintf(g_out, " %s=%.17g discrete=%.17g", an[i],
				libinput_event_pointer_get_axis_value(p, axes[i]),
				libinput_event_pointer_get_axis_value_discrete(p, axes[i]));
		else if (legacy == 2)	/* POINTER_SCROLL_WHEEL: also v120 */
			fprintf(g_out, " %s=%.17g v120=%.17g", an[i],
				libinput_event_pointer_get_scroll_value(p, axes[i]),
				libinput_event_pointer_get_scroll_value_v120(p, axes[i]));
		else
			fprintf(g_out, " %s=%.17g", an[i],
				libinput_event_pointer_get_scroll_value(p, axes[i]));
	}
}

static void print_event(struct libinput_event *e)
{
	enum libinput_event_type t = libinput_event_get_type(e);
	g_nevents[(unsigned)t % 1024]++;
	fprintf(g_out, "%s", type_name(t));
	switch (t) {
	case LIBINPUT_EVENT_DEVICE_ADDED:
	case LIBINPUT_EVENT_DEVICE_REMOVED:
		fprintf(g_out, " %s", libinput_device_get_sysname(libinput_event_get_device(e)));
		break;
	case LIBINPUT_EVENT_POINTER_MOTION: {
		struct libinput_event_pointer *p = libinput_event_get_pointer_event(e);
		print_time(libinput_event_pointer_get_time_usec(p));
		fprintf(g_out, " dx=%.17g dy=%.17g dx_unaccel=%.17g dy_unaccel=%.17g",
			libinput_event_pointer_get_dx(p), libinput_event_pointer_get_dy(p),
			libinput_event_pointer_get_dx_unaccelerated(p),
			libinput_event_pointer_get_dy_unaccelerated(p));
		break;
	}
	case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE: {
		struct libinput_event_pointer *p = libinput_event_get_pointer_event(e);
		print_time(libinput_event_pointer_get_time_usec(p));
		fprintf(g_out, " x_mm=%.17g y_mm=%.17g",
			libinput_event_pointer_get_absolute_x(p),
			libinput_event_pointer_get_absolute_y(p));
		break;
	}
	case LIBINPUT_EVENT_POINTER_BUTTON: {
		struct libinput_event_pointer *p = libinput_event_get_pointer_event(e);
		print_time(libinput_event_pointer_get_time_usec(p));
		fprintf(g_out, " button=%u state=%s seat_count=%u",
			libinput_event_pointer_get_button(p),
			libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED ?
				"pressed" : "released",
			libinput_event_pointer_get_seat_button_count(p));
		break;
	}
	case LIBINPUT_EVENT_POINTER_AXIS: {
		struct libinput_event_pointer *p = libinput_event_get_pointer_event(e);
		print_time(libinput_event_pointer_get_time_usec(p));
		const char *src;
		switch (libinput_event_pointer_get_axis_source(p)) {
		case LIBINPUT_POINTER_AXIS_SOURCE_WHEEL: src = "wheel"; break;
		case LIBINPUT_POINTER_AXIS_SOURCE_FINGER: src = "finger"; break;
		case LIBINPUT_POINTER_AXIS_SOURCE_CONTINUOUS: src = "continuous"; break;
		case LIBINPUT_POINTER_AXIS_SOURCE_WHEEL_TILT: src = "wheel-tilt"; break;
		default: src = "?";
		}
		fprintf(g_out, " source=%s", src);
		print_axis_common(p, 1);
		break;
	}
	case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
	case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
	case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS: {
		struct libinput_event_pointer *p = libinput_event_get_pointer_event(e);
		print_time(libinput_event_pointer_get_time_usec(p));
		print_axis_common(p, t == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL ? 2 : 0);
		break;
	}
	case LIBINPUT_EVENT_KEYBOARD_KEY: {
		struct libinput_event_keyboard *k = libinput_event_get_keyboard_event(e);
		print_time(libinput_event_keyboard_get_time_usec(k));
		fprintf(g_out, " key=%u state=%s seat_count=%u", libinput_event_keyboard_get_key(k),
			libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED ?
				"pressed" : "released",
			libinput_event_keyboard_get_seat_key_count(k));
		break;
	}
	case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN:
	case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE:
	case LIBINPUT_EVENT_GESTURE_SWIPE_END:
	case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN:
	case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
	case LIBINPUT_EVENT_GESTURE_PINCH_END:
	case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
	case LIBINPUT_EVENT_GESTURE_HOLD_END: {
		struct libinput_event_gesture *g = libinput_event_get_gesture_event(e);
		print_time(libinput_event_gesture_get_time_usec(g));
		fprintf(g_out, " fingers=%d", libinput_event_gesture_get_finger_count(g));
		if (t == LIBINPUT_EVENT_GESTURE_SWIPE_END || t == LIBINPUT_EVENT_GESTURE_PINCH_END ||
		    t == LIBINPUT_EVENT_GESTURE_HOLD_END)
			fprintf(g_out, " cancelled=%d", libinput_event_gesture_get_cancelled(g));
		if (t == LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE || t == LIBINPUT_EVENT_GESTURE_PINCH_UPDATE)
			fprintf(g_out, " dx=%.17g dy=%.17g dx_unaccel=%.17g dy_unaccel=%.17g",
				libinput_event_gesture_get_dx(g), libinput_event_gesture_get_dy(g),
				libinput_event_gesture_get_dx_unaccelerated(g),
				libinput_event_gesture_get_dy_unaccelerated(g));
		if (t == LIBINPUT_EVENT_GESTURE_PINCH_UPDATE)
			fprintf(g_out, " scale=%.17g angle_delta=%.17g",
				libinput_event_gesture_get_scale(g),
				libinput_event_gesture_get_angle_delta(g));
		break;
	}
	case LIBINPUT_EVENT_TOUCH_DOWN:
	case LIBINPUT_EVENT_TOUCH_MOTION: {
		struct libinput_event_touch *tc = libinput_event_get_touch_event(e);
		print_time(libinput_event_touch_get_time_usec(tc));
		fprintf(g_out, " slot=%d x_mm=%.17g y_mm=%.17g", libinput_event_touch_get_seat_slot(tc),
			libinput_event_touch_get_x(tc), libinput_event_touch_get_y(tc));
		break;
	}
	case LIBINPUT_EVENT_TOUCH_UP:
	case LIBINPUT_EVENT_TOUCH_CANCEL:
	case LIBINPUT_EVENT_TOUCH_FRAME: {
		struct libinput_event_touch *tc = libinput_event_get_touch_event(e);
		print_time(libinput_event_touch_get_time_usec(tc));
		break;
	}
	case LIBINPUT_EVENT_SWITCH_TOGGLE: {
		struct libinput_event_switch *s = libinput_event_get_switch_event(e);
		print_time(libinput_event_switch_get_time_usec(s));
		fprintf(g_out, " switch=%d state=%d", libinput_event_switch_get_switch(s),
			libinput_event_switch_get_switch_state(s));
		break;
	}
	default:
		fprintf(g_out, " type=%d", t);
		break;
	}
	if (g_have_time) {
		/* frame: caused by the frame just written (in --ts recorded mode its time is
		 * exactly that frame's recorded time); timer: emitted by a libinput timer */
		if (g_ctx == 2)
			fprintf(g_out, " src=remove");
		else if (g_ctx == 1 && (!g_rewrite || g_last_time == g_frame_us))
			fprintf(g_out, " src=frame:%zu", g_frame_idx);
		else
			fprintf(g_out, " src=timer");
	}
	g_have_time = 0;
	fprintf(g_out, "\n");
}

static void drain(struct libinput *li)
{
	libinput_dispatch(li);
	struct libinput_event *e;
	while ((e = libinput_get_event(li))) {
		print_event(e);
		libinput_event_destroy(e);
	}
}

/* --clock virtual: fire libinput's timers that expire before limit_us (or at it, if
 * inclusive), each at its own expiry time, in order */
static void fire_timers(struct libinput *li, uint64_t limit_us, int inclusive)
{
	int same = 0;
	while (g_timer_armed && (g_timer_exp_us < limit_us || (inclusive && g_timer_exp_us == limit_us))) {
		uint64_t exp = g_timer_exp_us;
		if (exp > g_vnow_us)
			g_vnow_us = exp;
		/* make the real timerfd readable right now so that libinput's timer
		 * handler runs (it reads the fd, then flushes timers due at "now") */
		struct itimerspec its;
		memset(&its, 0, sizeof(its));
		its.it_value.tv_nsec = 1;
		syscall(SYS_timerfd_settime, g_timer_fd, 0, &its, NULL);
		struct pollfd pfd = { g_timer_fd, POLLIN, 0 };
		poll(&pfd, 1, 1000);
		g_ctx = 0;
		drain(li);	/* libinput re-arms (timerfd_settime) for the timers left */
		g_timer_fired++;
		if (g_timer_armed && g_timer_exp_us <= exp && ++same > 100) {
			/* libinput keeps re-arming at or before "now": do not spin */
			fprintf(g_out, "# WARNING: timer at %" PRIu64 " re-armed 100 times without progress\n", exp);
			break;
		}
		if (!(g_timer_armed && g_timer_exp_us <= exp))
			same = 0;
	}
}

static const char *profile_name(enum libinput_config_accel_profile p)
{
	switch (p) {
	case LIBINPUT_CONFIG_ACCEL_PROFILE_NONE: return "none";
	case LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT: return "flat";
	case LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE: return "adaptive";
	default: return "?";
	}
}

static void print_device(struct libinput_device *d)
{
	FILE *o = g_out;
	fprintf(o, "# device: name=\"%s\" sysname=%s vendor=0x%04x product=0x%04x\n",
		libinput_device_get_name(d), libinput_device_get_sysname(d),
		libinput_device_get_id_vendor(d), libinput_device_get_id_product(d));
	fprintf(o, "# capabilities:");
	static const struct { enum libinput_device_capability c; const char *n; } caps[] = {
		{ LIBINPUT_DEVICE_CAP_KEYBOARD, "keyboard" }, { LIBINPUT_DEVICE_CAP_POINTER, "pointer" },
		{ LIBINPUT_DEVICE_CAP_TOUCH, "touch" }, { LIBINPUT_DEVICE_CAP_TABLET_TOOL, "tablet-tool" },
		{ LIBINPUT_DEVICE_CAP_TABLET_PAD, "tablet-pad" }, { LIBINPUT_DEVICE_CAP_GESTURE, "gesture" },
		{ LIBINPUT_DEVICE_CAP_SWITCH, "switch" } };
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (libinput_device_has_capability(d, caps[i].c))
			fprintf(o, " %s", caps[i].n);
	fprintf(o, "\n");
	double w, h;
	if (libinput_device_get_size(d, &w, &h) == 0)
		fprintf(o, "# size_mm: %.17g x %.17g\n", w, h);
	else
		fprintf(o, "# size_mm: n/a\n");
	if (libinput_device_config_accel_is_available(d)) {
		uint32_t profiles = libinput_device_config_accel_get_profiles(d);
		fprintf(o, "# accel: available profiles=0x%x%s%s default_profile=%s profile=%s default_speed=%.17g speed=%.17g\n",
			profiles,
			(profiles & LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT) ? " (flat" : " (",
			(profiles & LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE) ? " adaptive)" : ")",
			profile_name(libinput_device_config_accel_get_default_profile(d)),
			profile_name(libinput_device_config_accel_get_profile(d)),
			libinput_device_config_accel_get_default_speed(d),
			libinput_device_config_accel_get_speed(d));
	} else {
		fprintf(o, "# accel: not available\n");
	}
	int tf = libinput_device_config_tap_get_finger_count(d);
	fprintf(o, "# tap: finger_count=%d", tf);
	if (tf > 0)
		fprintf(o, " default_enabled=%d enabled=%d default_drag=%d default_drag_lock=%d default_button_map=%s",
			libinput_device_config_tap_get_default_enabled(d),
			libinput_device_config_tap_get_enabled(d),
			libinput_device_config_tap_get_default_drag_enabled(d),
			libinput_device_config_tap_get_default_drag_lock_enabled(d),
			libinput_device_config_tap_get_default_button_map(d) == LIBINPUT_CONFIG_TAP_MAP_LRM ? "lrm" : "lmr");
	fprintf(o, "\n");
	uint32_t sm = libinput_device_config_scroll_get_methods(d);
	enum libinput_config_scroll_method dsm = libinput_device_config_scroll_get_default_method(d);
	fprintf(o, "# scroll: methods=0x%x%s%s%s default_method=%s button=%u natural_available=%d natural_default=%d\n",
		sm, (sm & LIBINPUT_CONFIG_SCROLL_2FG) ? " 2fg" : "",
		(sm & LIBINPUT_CONFIG_SCROLL_EDGE) ? " edge" : "",
		(sm & LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN) ? " on-button-down" : "",
		dsm == LIBINPUT_CONFIG_SCROLL_2FG ? "2fg" : dsm == LIBINPUT_CONFIG_SCROLL_EDGE ? "edge" :
		dsm == LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN ? "on-button-down" : "none",
		libinput_device_config_scroll_get_default_button(d),
		libinput_device_config_scroll_has_natural_scroll(d),
		libinput_device_config_scroll_get_default_natural_scroll_enabled(d));
	uint32_t cm = libinput_device_config_click_get_methods(d);
	enum libinput_config_click_method dcm = libinput_device_config_click_get_default_method(d);
	fprintf(o, "# click: methods=0x%x%s%s default_method=%s\n", cm,
		(cm & LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS) ? " button-areas" : "",
		(cm & LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER) ? " clickfinger" : "",
		dcm == LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS ? "button-areas" :
		dcm == LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER ? "clickfinger" : "none");
	fprintf(o, "# middle_emulation: available=%d default=%d\n",
		libinput_device_config_middle_emulation_is_available(d),
		libinput_device_config_middle_emulation_get_default_enabled(d));
	fprintf(o, "# left_handed: available=%d default=%d\n",
		libinput_device_config_left_handed_is_available(d),
		libinput_device_config_left_handed_get_default(d));
	fprintf(o, "# dwt: available=%d default=%d\n", libinput_device_config_dwt_is_available(d),
		libinput_device_config_dwt_get_default_enabled(d));
	fprintf(o, "# rotation: available=%d default=%u\n", libinput_device_config_rotation_is_available(d),
		libinput_device_config_rotation_get_default_angle(d));
	struct udev_device *ud = libinput_device_get_udev_device(d);
	if (ud) {
		struct udev_list_entry *le;
		udev_list_entry_foreach(le, udev_device_get_properties_list_entry(ud))
			fprintf(o, "# udev: %s=%s\n", udev_list_entry_get_name(le),
				udev_list_entry_get_value(le) ? udev_list_entry_get_value(le) : "");
		udev_device_unref(ud);
	}
}

static void print_absinfo(const char *devnode)
{
	int fd = open(devnode, O_RDONLY | O_NONBLOCK);
	if (fd < 0) return;
	struct libevdev *ev;
	if (libevdev_new_from_fd(fd, &ev) == 0) {
		fprintf(g_out, "# kernel-device: name=\"%s\" bus=0x%04x vendor=0x%04x product=0x%04x version=0x%04x props:",
			libevdev_get_name(ev), libevdev_get_id_bustype(ev), libevdev_get_id_vendor(ev),
			libevdev_get_id_product(ev), libevdev_get_id_version(ev));
		for (int p = 0; p <= INPUT_PROP_MAX; p++)
			if (libevdev_has_property(ev, p))
				fprintf(g_out, " %s", libevdev_property_get_name(p) ? libevdev_property_get_name(p) : "?");
		fprintf(g_out, "\n");
		for (int c = 0; c <= ABS_MAX; c++) {
			const struct input_absinfo *a = libevdev_get_abs_info(ev, c);
			if (!a || !libevdev_has_event_code(ev, EV_ABS, c)) continue;
			const char *n = libevdev_event_code_get_name(EV_ABS, c);
			fprintf(g_out, "# kernel-abs (after udev): %s min=%d max=%d fuzz=%d flat=%d res=%d\n",
				n ? n : "?", a->minimum, a->maximum, a->fuzz, a->flat, a->resolution);
		}
		libevdev_free(ev);
	}
	close(fd);
}

struct frame { size_t first, count; uint64_t t_us; int synthetic_syn; };

static unsigned long g_ndropped, g_nmodified;
static char *g_dropped_txt;
static size_t g_dropped_len;

/* collected during replay, printed in the summary (not in the middle of the events) */
static void report_kernel_filter(size_t frame, uint64_t rec_us, const struct input_event *e,
				 const struct input_event *got)
{
	if (got) g_nmodified++; else g_ndropped++;
	if (g_ndropped + g_nmodified > 500)
		return;
	char line[256];
	const char *tn = libevdev_event_type_get_name(e->type);
	const char *cn = libevdev_event_code_get_name(e->type, e->code);
	int l;
	if (got)
		l = snprintf(line, sizeof(line), "# kernel-modified: frame=%zu rec_us=%" PRIu64 " %s %s written=%d delivered=%d\n",
			     frame, rec_us, tn ? tn : "?", cn ? cn : "?", e->value, got->value);
	else
		l = snprintf(line, sizeof(line), "# kernel-dropped: frame=%zu rec_us=%" PRIu64 " %s %s %d\n",
			     frame, rec_us, tn ? tn : "?", cn ? cn : "?", e->value);
	g_dropped_txt = realloc(g_dropped_txt, g_dropped_len + l + 1);
	memcpy(g_dropped_txt + g_dropped_len, line, l + 1);
	g_dropped_len += l;
}

/* ---- libinput configuration (libinput debug-events' option names, tools/shared.c of 1.22) ---- */
struct cfg {
	const char *apply_to;		/* --apply-to=PATTERN: fnmatch on the device name */
	int tap, drag, drag_lock, natural, left_handed, middle, dwt, dwtp, scroll_button_lock; /* -1 unset */
	int click_method, scroll_method, tap_map, scroll_button, profile; /* -1 unset */
	int angle;			/* -1 unset */
	double speed; int speed_set;
	int n;				/* options given */
};
static struct cfg g_cfg = { NULL, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0 };

static void cfg_bad(const char *opt, const char *val, const char *allowed)
{
	fprintf(stderr, "lref: invalid value '%s' for --%s (allowed: %s)\n", val, opt, allowed);
	exit(2);
}

/* returns 1 if argv[i] was a configuration option */
static int cfg_parse(const char *arg)
{
	if (strncmp(arg, "--", 2)) return 0;
	const char *a = arg + 2;
	const char *eq = strchr(a, '=');
	char name[64];
	size_t nl = eq ? (size_t)(eq - a) : strlen(a);
	if (nl >= sizeof(name)) return 0;
	memcpy(name, a, nl); name[nl] = 0;
	const char *v = eq ? eq + 1 : NULL;
	static const struct { const char *n; int *p; int val; } flags[] = {
		{ "enable-tap", &g_cfg.tap, 1 }, { "disable-tap", &g_cfg.tap, 0 },
		{ "enable-drag", &g_cfg.drag, 1 }, { "disable-drag", &g_cfg.drag, 0 },
		{ "enable-drag-lock", &g_cfg.drag_lock, 1 }, { "disable-drag-lock", &g_cfg.drag_lock, 0 },
		{ "enable-natural-scrolling", &g_cfg.natural, 1 }, { "disable-natural-scrolling", &g_cfg.natural, 0 },
		{ "enable-left-handed", &g_cfg.left_handed, 1 }, { "disable-left-handed", &g_cfg.left_handed, 0 },
		{ "enable-middlebutton", &g_cfg.middle, 1 }, { "disable-middlebutton", &g_cfg.middle, 0 },
		{ "enable-dwt", &g_cfg.dwt, 1 }, { "disable-dwt", &g_cfg.dwt, 0 },
		{ "enable-dwtp", &g_cfg.dwtp, 1 }, { "disable-dwtp", &g_cfg.dwtp, 0 },
		{ "enable-scroll-button-lock", &g_cfg.scroll_button_lock, 1 },
		{ "disable-scroll-button-lock", &g_cfg.scroll_button_lock, 0 },
	};
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (!strcmp(name, flags[i].n)) {
			if (v) cfg_bad(name, v, "no value");
			*flags[i].p = flags[i].val; g_cfg.n++; return 1;
		}
	if (!v) {
		if (!strcmp(name, "set-click-method") || !strcmp(name, "set-scroll-method") ||
		    !strcmp(name, "set-scroll-button") || !strcmp(name, "set-profile") ||
		    !strcmp(name, "set-tap-map") || !strcmp(name, "set-speed") ||
		    !strcmp(name, "set-rotation-angle") || !strcmp(name, "apply-to"))
			cfg_bad(name, "", "use --option=value");
		return 0;
	}
	g_cfg.n++;
	if (!strcmp(name, "set-click-method")) {
		if (!strcmp(v, "none")) g_cfg.click_method = LIBINPUT_CONFIG_CLICK_METHOD_NONE;
		else if (!strcmp(v, "clickfinger")) g_cfg.click_method = LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER;
		else if (!strcmp(v, "buttonareas")) g_cfg.click_method = LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS;
		else cfg_bad(name, v, "none, clickfinger, buttonareas");
	} else if (!strcmp(name, "set-scroll-method")) {
		if (!strcmp(v, "none")) g_cfg.scroll_method = LIBINPUT_CONFIG_SCROLL_NO_SCROLL;
		else if (!strcmp(v, "twofinger")) g_cfg.scroll_method = LIBINPUT_CONFIG_SCROLL_2FG;
		else if (!strcmp(v, "edge")) g_cfg.scroll_method = LIBINPUT_CONFIG_SCROLL_EDGE;
		else if (!strcmp(v, "button")) g_cfg.scroll_method = LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN;
		else cfg_bad(name, v, "none, twofinger, edge, button");
	} else if (!strcmp(name, "set-scroll-button")) {
		int c = libevdev_event_code_from_name(EV_KEY, v);
		if (c <= 0 || strncmp(v, "BTN_", 4)) cfg_bad(name, v, "a BTN_* name");
		g_cfg.scroll_button = c;
	} else if (!strcmp(name, "set-profile")) {
		if (!strcmp(v, "adaptive")) g_cfg.profile = LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE;
		else if (!strcmp(v, "flat")) g_cfg.profile = LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT;
		else cfg_bad(name, v, "adaptive, flat");
	} else if (!strcmp(name, "set-tap-map")) {
		if (!strcmp(v, "lrm")) g_cfg.tap_map = LIBINPUT_CONFIG_TAP_MAP_LRM;
		else if (!strcmp(v, "lmr")) g_cfg.tap_map = LIBINPUT_CONFIG_TAP_MAP_LMR;
		else cfg_bad(name, v, "lrm, lmr");
	} else if (!strcmp(name, "set-speed")) {
		char *end;
		g_cfg.speed = strtod(v, &end);
		if (*end || g_cfg.speed < -1 || g_cfg.speed > 1) cfg_bad(name, v, "a number in [-1, 1]");
		g_cfg.speed_set = 1;
	} else if (!strcmp(name, "set-rotation-angle")) {
		char *end;
		long a = strtol(v, &end, 10);
		if (*end || a < 0 || a >= 360) cfg_bad(name, v, "an integer in [0, 360)");
		g_cfg.angle = (int)a;
	} else if (!strcmp(name, "apply-to")) {
		g_cfg.apply_to = v; g_cfg.n--;
	} else {
		g_cfg.n--;
		return 0;
	}
	return 1;
}

static const char *cfg_status(enum libinput_config_status s)
{
	return s == LIBINPUT_CONFIG_STATUS_SUCCESS ? "ok" :
	       s == LIBINPUT_CONFIG_STATUS_UNSUPPORTED ? "unsupported" : "invalid";
}

/* applies the options as tools/shared.c's tools_device_apply_config does, and prints
 * each call with its status */
static void cfg_apply(struct libinput_device *d)
{
	FILE *o = g_out;
	if (!g_cfg.n) { fprintf(o, "# config: libinput defaults (no option)\n"); return; }
	if (g_cfg.apply_to && fnmatch(g_cfg.apply_to, libinput_device_get_name(d), 0) != 0) {
		fprintf(o, "# config: --apply-to=%s does not match '%s': defaults kept\n",
			g_cfg.apply_to, libinput_device_get_name(d));
		return;
	}
#define CFG(cond, call, what, ...) \
	if (cond) fprintf(o, "# config: " what " -> %s\n", __VA_ARGS__, cfg_status(call))
	CFG(g_cfg.tap != -1, libinput_device_config_tap_set_enabled(d, g_cfg.tap), "tap %d", g_cfg.tap);
	CFG(g_cfg.tap_map != -1, libinput_device_config_tap_set_button_map(d, g_cfg.tap_map), "tap-map %s",
	    g_cfg.tap_map == LIBINPUT_CONFIG_TAP_MAP_LRM ? "lrm" : "lmr");
	CFG(g_cfg.drag != -1, libinput_device_config_tap_set_drag_enabled(d, g_cfg.drag), "drag %d", g_cfg.drag);
	CFG(g_cfg.drag_lock != -1, libinput_device_config_tap_set_drag_lock_enabled(d, g_cfg.drag_lock),
	    "drag-lock %d", g_cfg.drag_lock);
	CFG(g_cfg.natural != -1, libinput_device_config_scroll_set_natural_scroll_enabled(d, g_cfg.natural),
	    "natural-scrolling %d", g_cfg.natural);
	CFG(g_cfg.left_handed != -1, libinput_device_config_left_handed_set(d, g_cfg.left_handed),
	    "left-handed %d", g_cfg.left_handed);
	CFG(g_cfg.middle != -1, libinput_device_config_middle_emulation_set_enabled(d, g_cfg.middle),
	    "middlebutton %d", g_cfg.middle);
	CFG(g_cfg.dwt != -1, libinput_device_config_dwt_set_enabled(d, g_cfg.dwt), "dwt %d", g_cfg.dwt);
	CFG(g_cfg.dwtp != -1, libinput_device_config_dwtp_set_enabled(d, g_cfg.dwtp), "dwtp %d", g_cfg.dwtp);
	CFG(g_cfg.click_method != -1, libinput_device_config_click_set_method(d, g_cfg.click_method),
	    "click-method %d", g_cfg.click_method);
	CFG(g_cfg.scroll_method != -1, libinput_device_config_scroll_set_method(d, g_cfg.scroll_method),
	    "scroll-method %d", g_cfg.scroll_method);
	CFG(g_cfg.scroll_button != -1, libinput_device_config_scroll_set_button(d, g_cfg.scroll_button),
	    "scroll-button %d", g_cfg.scroll_button);
	CFG(g_cfg.scroll_button_lock != -1, libinput_device_config_scroll_set_button_lock(d,
	    g_cfg.scroll_button_lock ? LIBINPUT_CONFIG_SCROLL_BUTTON_LOCK_ENABLED : LIBINPUT_CONFIG_SCROLL_BUTTON_LOCK_DISABLED),
	    "scroll-button-lock %d", g_cfg.scroll_button_lock);
	if (libinput_device_config_accel_is_available(d)) {
		CFG(g_cfg.speed_set, libinput_device_config_accel_set_speed(d, g_cfg.speed), "speed %.17g", g_cfg.speed);
		CFG(g_cfg.profile != -1, libinput_device_config_accel_set_profile(d, g_cfg.profile), "profile %s",
		    profile_name(g_cfg.profile));
	} else if (g_cfg.speed_set || g_cfg.profile != -1) {
		fprintf(o, "# config: speed/profile -> unsupported (no pointer acceleration)\n");
	}
	CFG(g_cfg.angle != -1, libinput_device_config_rotation_set_angle(d, (unsigned)g_cfg.angle), "rotation %d",
	    g_cfg.angle);
#undef CFG
	fprintf(o, "# config now: tap=%d drag=%d drag_lock=%d tap_map=%s natural=%d left_handed=%d middle=%d dwt=%d "
		   "click_method=%d scroll_method=%d scroll_button=%u profile=%s speed=%.17g rotation=%u\n",
		libinput_device_config_tap_get_enabled(d), libinput_device_config_tap_get_drag_enabled(d),
		libinput_device_config_tap_get_drag_lock_enabled(d),
		libinput_device_config_tap_get_button_map(d) == LIBINPUT_CONFIG_TAP_MAP_LRM ? "lrm" : "lmr",
		libinput_device_config_scroll_get_natural_scroll_enabled(d),
		libinput_device_config_left_handed_get(d), libinput_device_config_middle_emulation_get_enabled(d),
		libinput_device_config_dwt_get_enabled(d), libinput_device_config_click_get_method(d),
		libinput_device_config_scroll_get_method(d), libinput_device_config_scroll_get_button(d),
		profile_name(libinput_device_config_accel_get_profile(d)), libinput_device_config_accel_get_speed(d),
		libinput_device_config_rotation_get_angle(d));
}

static void usage(void)
{
	fprintf(stderr, "usage: lref [--clock virtual|real] [--ts recorded|kernel] [--speed F] [--lead-ms N] [--tail-ms N]\n"
			"            [--keep-kernel-fuzz] [--keep-softrepeat] [--debug-log FILE] [--label S]\n"
			"            [libinput debug-events configuration options: --enable-tap, --set-speed=S, ...] DESC [EVENTS]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *desc = NULL, *events = NULL, *dbg = NULL, *label = NULL;
	int lead_ms = 500, tail_ms = 2000;
	int keep_kernel_fuzz = 0, keep_softrepeat = 0;
	g_out = stdout;
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ts") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "recorded")) g_rewrite = 1;
			else if (!strcmp(argv[i], "kernel")) g_rewrite = 0;
			else usage();
		} else if (!strcmp(argv[i], "--clock") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "virtual")) g_vclock = 1;
			else if (!strcmp(argv[i], "real")) g_vclock = 0;
			else usage();
		} else if (!strcmp(argv[i], "--speed") && i + 1 < argc) g_speed = atof(argv[++i]);
		else if (!strcmp(argv[i], "--lead-ms") && i + 1 < argc) lead_ms = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--tail-ms") && i + 1 < argc) tail_ms = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--debug-log") && i + 1 < argc) dbg = argv[++i];
		else if (!strcmp(argv[i], "--label") && i + 1 < argc) label = argv[++i];
		else if (!strcmp(argv[i], "--keep-kernel-fuzz")) keep_kernel_fuzz = 1;
		else if (!strcmp(argv[i], "--keep-softrepeat")) keep_softrepeat = 1;
		else if (cfg_parse(argv[i])) ;
		else if (argv[i][0] == '-') usage();
		else if (!desc) desc = argv[i];
		else if (!events) events = argv[i];
		else usage();
	}
	if (!desc || g_speed <= 0) usage();
	if (!g_rewrite || g_speed != 1.0)
		g_vclock = 0;	/* the virtual clock is the recorded timeline itself */
	if (dbg) {
		g_dbg = fopen(dbg, "w");
		if (g_dbg) setvbuf(g_dbg, NULL, _IOFBF, 1 << 16);
	}

	/* ---- parse ---- */
	FILE *fd_desc = fopen(desc, "r");
	if (!fd_desc) { perror(desc); return 1; }
	struct evemu_device *edev = evemu_new(NULL);
	if (evemu_read(edev, fd_desc) <= 0) { fprintf(stderr, "evemu_read failed on %s\n", desc); return 1; }
	FILE *fe = fd_desc;
	if (events) {
		fe = fopen(events, "r");
		if (!fe) { perror(events); return 1; }
	}
	struct input_event *ev = NULL;
	size_t nev = 0, cap = 0;
	struct input_event e;
	while (evemu_read_event(fe, &e) > 0) {
		if (nev == cap) { cap = cap ? cap * 2 : 4096; ev = realloc(ev, cap * sizeof(*ev)); }
		ev[nev++] = e;
	}
	if (!nev) { fprintf(stderr, "no events\n"); return 1; }
	/* frames: events up to and including SYN_REPORT; frame time = time of its SYN_REPORT
	 * (the kernel stamps a frame when SYN_REPORT flushes it) */
	struct frame *fr = calloc(nev + 1, sizeof(*fr));
	size_t nfr = 0, start = 0;
	int trailing = 0;
	for (size_t i = 0; i < nev; i++) {
		if (ev[i].type == EV_SYN && ev[i].code == SYN_REPORT) {
			fr[nfr].first = start; fr[nfr].count = i - start + 1;
			fr[nfr].t_us = (uint64_t)ev[i].input_event_sec * 1000000ull + ev[i].input_event_usec;
			nfr++; start = i + 1;
		}
	}
	if (start < nev) { /* events after the last SYN_REPORT: send them with a synthetic SYN_REPORT */
		trailing = (int)(nev - start);
		fr[nfr].first = start; fr[nfr].count = nev - start; fr[nfr].synthetic_syn = 1;
		fr[nfr].t_us = (uint64_t)ev[nev - 1].input_event_sec * 1000000ull + ev[nev - 1].input_event_usec;
		nfr++;
	}
	g_r0_us = fr[0].t_us;
	uint64_t rlast_us = fr[nfr - 1].t_us;

	/* ---- header ---- */
	struct utsname un;
	uname(&un);
	fprintf(g_out, "# lref: libinput reference output (real libinput, path backend, configuration: see the config lines)\n");
	fprintf(g_out, "# lref argv:");
	for (int i = 0; i < argc; i++)
		fprintf(g_out, " %s", argv[i]);
	fprintf(g_out, "\n");
	if (label) fprintf(g_out, "# recording: %s\n", label);
	fprintf(g_out, "# desc: %s\n# events: %s\n", desc, events ? events : "(same file)");
	fprintf(g_out, "# kernel: %s %s\n", un.sysname, un.release);
	fprintf(g_out, "# ts-mode: %s  clock: %s  speed: %g  lead_ms: %d  tail_ms: %d  keep-kernel-fuzz: %d  keep-softrepeat: %d\n",
		g_rewrite ? "recorded" : "kernel", g_vclock ? "virtual" : "real", g_speed, lead_ms, tail_ms,
		keep_kernel_fuzz, keep_softrepeat);
	fprintf(g_out, "# recording: %zu events, %zu frames (%d trailing events without SYN_REPORT), R_0=%" PRIu64 " us, duration %.6f s\n",
		nev, nfr, trailing, g_r0_us, (rlast_us - g_r0_us) / 1e6);

	/* ---- uinput device ---- */
	int ufd = open("/dev/uinput", O_RDWR);
	if (ufd < 0) { perror("/dev/uinput"); return 1; }
	if (evemu_create(edev, ufd) < 0) { fprintf(stderr, "evemu_create failed\n"); return 1; }
	const char *devnode = evemu_get_devnode(edev);
	if (!devnode) { fprintf(stderr, "no devnode\n"); return 1; }
	char devnode_copy[256];
	snprintf(devnode_copy, sizeof(devnode_copy), "%s", devnode);
	devnode = devnode_copy;
	fprintf(g_out, "# uinput devnode: %s\n", devnode);
	fflush(g_out);
	/* let udevd run its rules (input_id, hwdb, libinput fuzz override) first */
	uint64_t ts0 = now_ns();
	int src = system("udevadm settle --timeout=30");
	fprintf(g_out, "# udevadm settle rc=%d (%.1f ms)\n", src, (now_ns() - ts0) / 1e6);

	{
		/* The recorded values were already filtered by the recording machine's kernel.
		 * udev (libinput's fuzz override rule) has zeroed the kernel fuzz of the touchpad
		 * x/y axes and saved it in LIBINPUT_FUZZ_*; zero the rest too so that the
		 * kernel does not defuzz the replayed values a second time. And switch off the
		 * kernel's software autorepeat: the recordings already contain the repeats. */
		int zfd = open(devnode, O_RDWR | O_NONBLOCK);
		if (zfd >= 0) {
			struct libevdev *zev;
			if (libevdev_new_from_fd(zfd, &zev) == 0) {
				for (int c = 0; c <= ABS_MAX && !keep_kernel_fuzz; c++) {
					const struct input_absinfo *a = libevdev_get_abs_info(zev, c);
					if (!a || !libevdev_has_event_code(zev, EV_ABS, c) || a->fuzz == 0)
						continue;
					struct input_absinfo na = *a;
					int old_fuzz = a->fuzz;
					na.fuzz = 0;
					int r = libevdev_kernel_set_abs_info(zev, c, &na);
					fprintf(g_out, "# kernel fuzz of %s zeroed (was %d) rc=%d\n",
						libevdev_event_code_get_name(EV_ABS, c), old_fuzz, r);
				}
				if (libevdev_has_event_type(zev, EV_REP) && !keep_softrepeat) {
					unsigned int rep[2] = { 0, 0 };
					int r = ioctl(zfd, EVIOCSREP, rep);
					/* the kernel queues the resulting EV_REP events until the next
					 * SYN_REPORT: flush them now, before anyone reads the device */
					struct input_event syn = { .type = EV_SYN, .code = SYN_REPORT, .value = 0 };
					ssize_t wr = write(ufd, &syn, sizeof(syn));
					fprintf(g_out, "# kernel software autorepeat disabled (EVIOCSREP 0/0) rc=%d (flush write %zd)\n", r, wr);
				}
				libevdev_free(zev);
			}
			close(zfd);
		}
	}
	print_absinfo(devnode);
	{	/* which libinput quirks match (libinput's own tool, same quirks files) */
		char cmd[512];
		snprintf(cmd, sizeof(cmd), "libinput-quirks list %s 2>&1", devnode);
		FILE *p = popen(cmd, "r");
		char line[512];
		int any = 0;
		while (p && fgets(line, sizeof(line), p)) {
			line[strcspn(line, "\n")] = 0;
			fprintf(g_out, "# quirk: %s\n", line);
			any = 1;
		}
		if (p) pclose(p);
		if (!any) fprintf(g_out, "# quirk: (none)\n");
	}

	/* own reader: sees the same frames as libinput's fd, so we know which recorded
	 * frames the kernel delivered (and their kernel timestamps) */
	int rfd = open(devnode, O_RDONLY | O_NONBLOCK);
	if (rfd < 0) { perror(devnode); return 1; }
	int clk = CLOCK_MONOTONIC;
	ioctl(rfd, EVIOCSCLOCKID, &clk);

	/* ---- libinput ---- */
	if (g_vclock) {
		g_vnow_us = real_now_ns() / 1000;
		g_vactive = 1;
	}
	struct libinput *li = libinput_path_create_context(&iface, NULL);
	libinput_log_set_handler(li, log_handler);
	libinput_log_set_priority(li, g_dbg ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO);
	struct libinput_device *dev = libinput_path_add_device(li, devnode);
	if (!dev) {
		fprintf(g_out, "# ERROR: libinput_path_add_device(%s) failed\n", devnode);
		fflush(g_out);
		return 3;
	}
	libinput_device_ref(dev);
	print_device(dev);
	cfg_apply(dev);
	fprintf(g_out, "# ---- events ----\n");
	drain(li);

	/* ---- replay ---- */
	int lifd = libinput_get_fd(li);
	g_t0_us = (now_ns() / 1000) + (uint64_t)lead_ms * 1000;
	int64_t max_late_us = 0, sum_late_us = 0;
	int64_t max_kdelta_us = 0;
	size_t nlate1ms = 0, nlate5ms = 0, ndelivered = 0, nkevents = 0, nwritten = 0, nextra = 0;
	struct input_event *wbuf = malloc((nev + 1) * sizeof(*wbuf));
	struct input_event rbuf[256];
	for (size_t f = 0; f <= nfr; f++) {
		uint64_t target_ns;
		if (f < nfr)
			target_ns = (g_t0_us + (uint64_t)llround((double)(fr[f].t_us - g_r0_us) / g_speed)) * 1000ull;
		else
			target_ns = (g_t0_us + (uint64_t)llround((double)(rlast_us - g_r0_us) / g_speed)) * 1000ull +
				    (uint64_t)tail_ms * 1000000ull;
		if (g_vclock) {
			/* timers due before this frame fire first, each at its expiry */
			fire_timers(li, target_ns / 1000, f == nfr);
			g_vnow_us = target_ns / 1000;
		}
		/* wait for the target time, dispatching libinput (timers) meanwhile */
		for (; !g_vclock;) {
			uint64_t n = now_ns();
			if (n >= target_ns) break;
			uint64_t left = target_ns - n;
			struct timespec to = { (time_t)(left / 1000000000ull), (long)(left % 1000000000ull) };
			struct pollfd pfd = { lifd, POLLIN, 0 };
			int pr = ppoll(&pfd, 1, &to, NULL);
			if (pr > 0) {
				g_ctx = 0;
				drain(li);
			}
		}
		if (f == nfr) break;
		/* write the frame in one write() */
		size_t k = 0;
		for (size_t i = 0; i < fr[f].count; i++)
			wbuf[k++] = ev[fr[f].first + i];
		if (fr[f].synthetic_syn) {
			memset(&wbuf[k], 0, sizeof(wbuf[k]));
			wbuf[k].type = EV_SYN; wbuf[k].code = SYN_REPORT; k++;
		}
		uint64_t wt = now_ns();
		ssize_t w = write(ufd, wbuf, k * sizeof(*wbuf));
		if (w != (ssize_t)(k * sizeof(*wbuf))) {
			fprintf(g_out, "# ERROR: write frame %zu: %zd (%s)\n", f, w, strerror(errno));
		}
		nwritten += k;
		int64_t late = g_vclock ? 0 : (int64_t)(wt / 1000) - (int64_t)(target_ns / 1000);
		if (late > max_late_us) max_late_us = late;
		sum_late_us += late;
		if (late > 1000) nlate1ms++;
		if (late > 5000) nlate5ms++;
		/* the kernel delivers synchronously inside write(): read back our copy */
		uint64_t rec_time_us = target_ns / 1000;
		size_t ngot = 0, wi = 0;
		for (;;) {
			ssize_t r = syscall(SYS_read, rfd, rbuf, sizeof(rbuf));
			if (r <= 0) break;
			for (size_t i = 0; i < (size_t)r / sizeof(rbuf[0]); i++) {
				nkevents++;
				ngot++;
				/* which written events did the kernel filter out (same value as its
				 * current state, or an empty frame)? the kernel never reorders */
				size_t look = wi;
				while (look < k && !(wbuf[look].type == rbuf[i].type && wbuf[look].code == rbuf[i].code))
					look++;
				if (look == k) {	/* not something we wrote in this frame */
					nextra++;
					continue;
				}
				while (wi < look) {
					report_kernel_filter(f, fr[f].t_us, &wbuf[wi], NULL);
					wi++;
				}
				if (wi < k) {
					if (wbuf[wi].value != rbuf[i].value)
						report_kernel_filter(f, fr[f].t_us, &wbuf[wi], &rbuf[i]);
					wi++;
				}
				if (rbuf[i].type == EV_SYN && rbuf[i].code == SYN_DROPPED)
					fprintf(g_out, "# ERROR: SYN_DROPPED on own reader at frame %zu\n", f);
				if (rbuf[i].type == EV_SYN && rbuf[i].code == SYN_REPORT) {
					q_push(rec_time_us);
					ndelivered++;
					int64_t kt = (int64_t)rbuf[i].input_event_sec * 1000000 + rbuf[i].input_event_usec;
					int64_t kd = g_vclock ? 0 : kt - (int64_t)rec_time_us;
					if (kd > max_kdelta_us) max_kdelta_us = kd;
				}
			}
		}
		for (; wi < k; wi++)
			report_kernel_filter(f, fr[f].t_us, &wbuf[wi], NULL);
		(void)ngot;
		g_ctx = 1;
		g_frame_idx = f;
		g_frame_us = rec_time_us;
		drain(li);
	}
	g_ctx = 0;
	drain(li);
	g_ctx = 2;
	libinput_path_remove_device(dev);
	drain(li);
	libinput_device_unref(dev);

	fprintf(g_out, "# ---- summary ----\n");
	fprintf(g_out, "# frames: recorded=%zu delivered-by-kernel=%zu (difference: %lld)\n",
		nfr, ndelivered, (long long)nfr - (long long)ndelivered);
	fprintf(g_out, "# evdev events: written=%zu seen-by-own-reader=%zu read-by-libinput=%lu\n",
		nwritten, nkevents, g_li_events_read);
	fprintf(g_out, "# kernel filtering: dropped=%lu (value equal to the current state / empty frame), modified=%lu (kernel defuzz), unmatched extra events=%zu%s\n",
		g_ndropped, g_nmodified, nextra, g_ndropped + g_nmodified > 500 ? " (first 500 listed)" : "");
	if (g_dropped_txt)
		fputs(g_dropped_txt, g_out);
	fprintf(g_out, "# timestamp rewrite: frames without a queued time=%lu SYN_DROPPED seen by libinput=%lu\n",
		g_unmatched_frames, g_syn_dropped);
	if (g_vclock)
		fprintf(g_out, "# pacing: virtual clock (frames written back to back; libinput's clock and timers on the recorded timeline); timer expiries fired: %lu\n",
			g_timer_fired);
	else
		fprintf(g_out, "# pacing: write lateness vs recorded timeline max=%.3f ms mean=%.3f ms, >1ms: %zu frames, >5ms: %zu frames; max kernel-ts minus target=%.3f ms\n",
			max_late_us / 1e3, nfr ? (double)sum_late_us / nfr / 1e3 : 0.0, nlate1ms, nlate5ms, max_kdelta_us / 1e3);
	fprintf(g_out, "# libinput events:");
	for (int t = 0; t < 1024; t++)
		if (g_nevents[t])
			fprintf(g_out, " %s=%lu", type_name((enum libinput_event_type)t), g_nevents[t]);
	fprintf(g_out, "\n# END\n");
	fflush(g_out);
	libinput_unref(li);
	evemu_destroy(edev);
	close(ufd);
	if (g_dbg) fclose(g_dbg);
	return 0;
}
