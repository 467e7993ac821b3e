/* Runs a whole program text through the parser, checker and interpreter,
 * as `ir-run` would, for the benches that measure more than one kernel. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "bench.h"
#include "interp/interp.h"
#include "check/check.h"
#include "ir/ir.h"
#include "quant/quant.h"
#include "util/mem.h"

double bench_run_program_on(const char *text, size_t len, size_t *peak_bytes, int threads)
{
    return bench_run_program_args(text, len, NULL, 0, threads, peak_bytes, NULL);
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_run_program_args(const char *text, size_t len, tensor **args, int nargs, int threads,
                              size_t *peak_bytes, double *cpu)
{
    diag_source src = { .name = "<bench>", .text = text, .len = len };
    size_t base = mem_bytes_in_use();
    mem_reset_peak();
    ir_module *m = ir_parse(&src, 0, len, 1);
    if (!m || quant_lower_module(m, &src) != 0 || check_module(m, &src) != 0) {
        ir_module_free(m);
        return -1;
    }
    rt_options opt = { .out = NULL, .err = stderr, .hex_threshold = 100, .threads = threads, .args = args,
                       .nargs = nargs };
    interp_outcome oc;
    double c = cpu_now(), t = bench_now();
    int rc = interp_run_module(m, &src, &opt, true, &oc);
    t = bench_now() - t;
    if (cpu)
        *cpu = cpu_now() - c;
    if (peak_bytes)
        *peak_bytes = mem_bytes_peak() - base;
    interp_outcome_free(&oc);
    ir_module_free(m);
    return rc == 0 ? t : -1;
}

double bench_run_program(const char *text, size_t len, size_t *peak_bytes)
{
    return bench_run_program_on(text, len, peak_bytes, 0);
}
