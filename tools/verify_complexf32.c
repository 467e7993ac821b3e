/* The check of the fast complex<f32> kernels of complexf32_ops.h's table
 * (one row per op: kern_c64_div_sqrt_exp.c, kern_c64_expm1_recip.c, kern_c64_pow.c ...):
 * random complex<f32> operands of every
 * kind of tests/unit/complexf32_operands.h (random finite patterns, modest
 * values, |c| == |d| and near it, tiny and huge parts, exact results,
 * special and zero parts, wide exponent gaps, e^x cos y near 1, |z| and |1 + z| near 1) through each vector path the
 * host can run (portable, AVX2) and through
 * their definitions (C99 division, glibc's complex functions, REF's
 * composite steps of kern_unary.c's complex_elem_q; one rounding per part).
 * Reports the differences (must be
 * 0) and how many elements took the definition. `make verify-complexf32`
 * runs 2^32 draws per operation on two threads.
 *
 * usage: verify_complexf32 [-t threads] [-n draws] [-s seed] [OP ...] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/complexf32_operands.h"
#include "../tests/unit/complexf32_ops.h"
#include "verify_harness.h"

enum { CHUNK = 1 << 16, MAXSHOW = 5, NOPS = C64_FAST_OPS };

typedef struct {
    int op;
    uint64_t seed, draws;
    uint64_t diffs[KMP_COUNT], slow[KMP_COUNT], kind_diffs[C64_KINDS];
    uint32_t shown[MAXSHOW][4];
    int nshown;
} job;

static void definition(int op, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    c64_fast_ops[op].definition(a, b, r);
}

static int64_t fast_on(int op, kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r,
                       int64_t n)
{
    return c64_fast_ops[op].fast_on(path, a, b, r, n);
}

static void *work(void *arg)
{
    job *j = arg;
    uint64_t state = j->seed;
    uint32_t *a = malloc(CHUNK * 2 * sizeof *a), *b = malloc(CHUNK * 2 * sizeof *b);
    uint32_t *ref = malloc(CHUNK * 2 * sizeof *ref), *out = malloc(CHUNK * 2 * sizeof *out);
    if (!a || !b || !ref || !out) {
        fprintf(stderr, "verify_complexf32: out of memory\n");
        exit(2);
    }
    for (uint64_t done = 0; done < j->draws;) {
        int n = j->draws - done < CHUNK ? (int)(j->draws - done) : CHUNK;
        for (int i = 0; i < n; i++) {
            uint32_t p[4];
            c64_operands(&state, (unsigned)(i % C64_KINDS), p);
            memcpy(a + 2 * i, p, 2 * sizeof *p);
            memcpy(b + 2 * i, p + 2, 2 * sizeof *p);
            definition(j->op, a + 2 * i, b + 2 * i, ref + 2 * i);
        }
        for (int path = 0; path < KMP_COUNT; path++) {
            if (!vh_runs[path])
                continue;
            j->slow[path] += (uint64_t)fast_on(j->op, (kern_mathf32_path)path, a, b, out, n);
            for (int i = 0; i < n; i++) {
                if (out[2 * i] == ref[2 * i] && out[2 * i + 1] == ref[2 * i + 1])
                    continue;
                j->diffs[path]++;
                j->kind_diffs[i % C64_KINDS]++;
                if (j->nshown < MAXSHOW) {
                    memcpy(j->shown[j->nshown], a + 2 * i, 2 * sizeof *a);
                    memcpy(j->shown[j->nshown] + 2, b + 2 * i, 2 * sizeof *b);
                    j->nshown++;
                }
            }
        }
        done += (uint64_t)n;
    }
    free(a), free(b), free(ref), free(out);
    return NULL;
}

/* Returns the number of differences. */
static uint64_t verify(int op, int threads, uint64_t draws, uint64_t seed)
{
    job jobs[VH_MAXTHREADS];
    double t0 = vh_now();
    for (int t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].op = op;
        jobs[t].seed = seed + UINT64_C(0x1000000000) * (uint64_t)(2 * t + op);
        jobs[t].draws = draws / (uint64_t)threads + (t < (int)(draws % (uint64_t)threads));
    }
    vh_run("verify_complexf32", jobs, sizeof jobs[0], threads, work);
    uint64_t diffs[KMP_COUNT] = { 0 }, slow[KMP_COUNT] = { 0 }, kind_diffs[C64_KINDS] = { 0 }, total = 0;
    for (int t = 0; t < threads; t++) {
        for (int p = 0; p < KMP_COUNT; p++) {
            diffs[p] += jobs[t].diffs[p];
            slow[p] += jobs[t].slow[p];
        }
        for (int k = 0; k < C64_KINDS; k++)
            kind_diffs[k] += jobs[t].kind_diffs[k];
    }
    printf("%-4s %llu draws (%d kinds), %.1f s\n", c64_fast_ops[op].name, (unsigned long long)draws, C64_KINDS,
           vh_now() - t0);
    for (int p = 0; p < KMP_COUNT; p++) {
        if (vh_skipped(p, false))
            continue;
        printf("  %-8s differences %llu; definition taken %llu times (%.3g)\n", vh_path_names[p],
               (unsigned long long)diffs[p], (unsigned long long)slow[p], (double)slow[p] / (double)draws);
        total += diffs[p];
    }
    for (int k = 0; k < C64_KINDS; k++)
        if (kind_diffs[k])
            printf("  kind \"%s\": %llu differences\n", c64_kind_names[k], (unsigned long long)kind_diffs[k]);
    for (int t = 0; t < threads; t++)
        for (int k = 0; k < jobs[t].nshown; k++) {
            const uint32_t *s = jobs[t].shown[k];
            uint32_t ref[2];
            definition(op, s, s + 2, ref);
            printf("    a = (0x%08X, 0x%08X) b = (0x%08X, 0x%08X): definition (0x%08X, 0x%08X)\n",
                   (unsigned)s[0], (unsigned)s[1], (unsigned)s[2], (unsigned)s[3], (unsigned)ref[0],
                   (unsigned)ref[1]);
        }
    fflush(stdout);
    return total;
}

static int64_t probe(kern_mathf32_path path)
{
    uint32_t zero[2] = { 0, 0 }, out[2];
    return kern_c64_sqrt_on(path, zero, out, 1);
}

int main(int argc, char **argv)
{
    vh_options o = VH_OPTIONS_INIT; /* -t only: -s is the seed here */
    uint64_t draws = UINT64_C(1) << 32, seed = 20240601;
    bool want[NOPS] = { false }, any = false;
    for (int i = 1; i < argc; i++) {
        if (vh_option("verify_complexf32", &o, false, argc, argv, &i) > 0)
            continue;
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            draws = strtoull(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else {
            int k = 0;
            while (k < NOPS && strcmp(argv[i], c64_fast_ops[k].name) != 0)
                k++;
            if (k == NOPS) {
                fprintf(stderr, "usage: verify_complexf32 [-t threads] [-n draws] [-s seed] [OP ...]\nOP:");
                for (k = 0; k < NOPS; k++)
                    fprintf(stderr, " %s", c64_fast_ops[k].name);
                fprintf(stderr, "\n");
                return 2;
            }
            want[k] = any = true;
        }
    }
    if (!vh_threads_ok(o.threads)) {
        fprintf(stderr, "verify_complexf32: 1 to 64 threads\n");
        return 2;
    }
    vh_choose_paths(-1, probe);
    uint64_t diffs = 0;
    for (int op = 0; op < NOPS; op++)
        if (!any || want[op])
            diffs += verify(op, o.threads, draws, seed);
    return diffs ? 1 : 0;
}
