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
void bench_reduce(void);
void bench_control(void);
void bench_index(void);
void bench_numerics(void);
void bench_math(void);
/* issue 38: f64 functions against glibc, special values (bench_libm.c) */
void bench_math_libm(void);
void bench_conv(void);
void bench_table(void); /* the op x type table of issue 16 */
void bench_dot(void);
void bench_collective(void);
void bench_quant(void); /* quantized dot_general and uniform_quantize (issue 34) */
void bench_chlo(void); /* the chlo rows of issue 33 */
void bench_models(void); /* whole models against XLA CPU (issue 38) */
/* Parses, checks and runs a program; its running time in seconds, or -1 if
 * it is rejected or fails. peak_bytes (may be NULL): the allocator's peak
 * above what was in use before the parse (the module's literals count). */
double bench_run_program(const char *text, size_t len, size_t *peak_bytes);
/* The same on `threads` threads (0: the run's default). */
double bench_run_program_on(const char *text, size_t len, size_t *peak_bytes, int threads);
/* The same with entry arguments; *cpu (may be NULL): the run's CPU time. */
struct tensor;
double bench_run_program_args(const char *text, size_t len, struct tensor **args, int nargs, int threads,
                              size_t *peak_bytes, double *cpu);

#endif
