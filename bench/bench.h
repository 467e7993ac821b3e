/* `make bench`: every figure is printed with its ratio to a memcpy of the
 * same bytes, timed in the same run, because this machine's absolute speed
 * varies with its neighbours. */
#ifndef IRRUN_BENCH_H
#define IRRUN_BENCH_H

#include <stddef.h>

double bench_now(void);                    /* seconds, monotonic */
double bench_memcpy_seconds(size_t bytes); /* best of several copies */
/* Prints "name: N units/s (memcpy of B bytes: ratio x)" as one line. */
void bench_report(const char *name, double units, const char *unit, double seconds, size_t bytes);

void bench_formats(void);
void bench_parse(void);
void bench_interp(void);
void bench_memory(void);

#endif
