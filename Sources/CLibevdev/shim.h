/*
 * CLibevdev: libevdev (pkg-config "libevdev", Debian libevdev-dev) plus the
 * few kernel macros that do not import into Swift, as static inline functions.
 * Only PointerSimLive imports this module; the core and the formats never do.
 */
#ifndef POINTERSIM_CLIBEVDEV_SHIM_H
#define POINTERSIM_CLIBEVDEV_SHIM_H

#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <poll.h>
#include <unistd.h>

/** EVIOCGRAB on an evdev fd: 1 grabs, 0 releases. Returns 0 or -1 (errno set). */
static inline int pointersim_evdev_grab(int fd, int on) {
    return ioctl(fd, EVIOCGRAB, (void *)(long)on);
}

/** The seconds of an event's timestamp (`input_event_sec` is a macro). */
static inline long long pointersim_event_sec(const struct input_event *ev) {
    return (long long)ev->input_event_sec;
}

/** The microseconds of an event's timestamp (`input_event_usec` is a macro). */
static inline long pointersim_event_usec(const struct input_event *ev) {
    return (long)ev->input_event_usec;
}

/** EVIOCGVERSION: the evdev driver version, or -1 (errno set). */
static inline int pointersim_evdev_version(int fd) {
    int v = 0;
    return ioctl(fd, EVIOCGVERSION, &v) < 0 ? -1 : v;
}

/** Blocks SIGINT and SIGTERM for this thread and returns a non-blocking
 *  signalfd that reports them, or -1 (errno set). */
static inline int pointersim_termination_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/** The signal number of a pending signalfd read, 0 if none, -1 on error. */
static inline int pointersim_read_signalfd(int fd) {
    struct signalfd_siginfo si;
    long n = read(fd, &si, sizeof si);
    if (n == (long)sizeof si) return (int)si.ssi_signo;
    return n < 0 ? -1 : 0;
}

#endif
