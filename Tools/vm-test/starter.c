/* Tools/vm-test/starter.c - presses Enter on evemu-play players and unplugs
 * their devices on one clock (CLOCK_MONOTONIC, absolute deadlines), for the
 * upstream-evemu part of the VM test (init.sh step 4). A shell loop forks for
 * every sleep, and in a TCG guest each fork costs ~20 ms: more than the 15 ms
 * between frames of different devices.
 *
 * usage: starter ACTION...
 *   start:<seconds>:<fifo>        write "\n" to <fifo> (the player's stdin)
 *   unplug:<seconds>:<pid>:<out>  wait until <out> (the player's output) shows
 *                                 its prompt twice (it has played the whole
 *                                 file; max 10 s), then SIGTERM <pid>: the
 *                                 kernel destroys its uinput device
 * <seconds> are the file's times (its first event's time for start, its
 * `# pointersim: device removed` time for unplug), relative to the first
 * action. Actions must be given in time order. Prints what it did and when.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_until(double t)
{
	struct timespec ts = { (time_t)t, (long)((t - (time_t)t) * 1e9) };
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static int prompts(const char *path)
{
	char buf[4096];
	int n = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t len = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[len] = 0;
	for (char *p = buf; (p = strstr(p, "Hit enter")) != NULL; p++)
		n++;
	return n;
}

int main(int argc, char **argv)
{
	double t0 = -1, base = 0;
	for (int i = 1; i < argc; i++) {
		char *a = strdup(argv[i]);
		char *kind = strtok(a, ":"), *at = strtok(NULL, ":"), *x = strtok(NULL, ":"), *y = strtok(NULL, ":");
		if (!kind || !at || !x) {
			fprintf(stderr, "starter: bad action %s\n", argv[i]);
			return 2;
		}
		double t = atof(at);
		if (t0 < 0) {
			t0 = now();
			base = t;
		}
		sleep_until(t0 + (t - base));
		if (strcmp(kind, "start") == 0) {
			int fd = open(x, O_WRONLY);
			if (fd < 0 || write(fd, "\n", 1) != 1) {
				fprintf(stderr, "starter: %s: %s\n", x, strerror(errno));
				return 1;
			}
			close(fd);
		} else if (strcmp(kind, "unplug") == 0 && y) {
			for (int w = 0; prompts(y) < 2 && w < 10000; w++)
				usleep(1000);
			if (kill(atoi(x), SIGTERM) != 0) {
				fprintf(stderr, "starter: kill %s: %s\n", x, strerror(errno));
				return 1;
			}
		} else {
			fprintf(stderr, "starter: bad action %s\n", argv[i]);
			return 2;
		}
		printf("STARTER %s %s at %+.4f s (late %.4f s)\n", kind, x, now() - t0, now() - t0 - (t - base));
		fflush(stdout);
		free(a);
	}
	return 0;
}
