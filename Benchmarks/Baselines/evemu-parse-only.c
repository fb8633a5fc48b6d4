/* libevemu reading a recording and doing nothing else: the description
   (evemu_read), then every event (evemu_read_event) to the end. Prints the
   number of events and the process's CPU time. */
#include <evemu.h>
#include <stdio.h>
#include <time.h>
#include <linux/input.h>
int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE.evemu\n", argv[0]); return 64; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 66; }
    struct evemu_device *d = evemu_new(NULL);
    if (evemu_read(d, f) < 0) { fprintf(stderr, "%s: no evemu description\n", argv[1]); return 65; }
    struct input_event ev;
    long n = 0; long long sum = 0;
    while (evemu_read_event(f, &ev) > 0) { n++; sum += ev.value; }
    struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    printf("%ld events, checksum %lld, cpu %.3f s\n", n, sum, t.tv_sec + t.tv_nsec / 1e9);
    evemu_delete(d); fclose(f);
    return 0;
}
