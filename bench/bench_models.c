/* Whole models (issue 38): the StableHLO programs of bench/models -- a
 * transformer block, an FP8 MLP and a ResNet-style convolution block -- run
 * through the library as a user runs them, with REF's per-step rounding and
 * with --dot-accumulation=f32: ms per run (best of several), MAC/s, the
 * process's peak RSS during the runs and the live tensors it is held to
 * (docs/testing.md, "Whole models against XLA"). When a Python with jax
 * is found (JAX_PYTHON, else build/jax-env/bin/python, else python3), the
 * same text
 * runs in XLA CPU on the same inputs and the same number of threads
 * (bench/models/xla.py), in this run, and the ratio ir-run / XLA is printed
 * (of the best CPU times: the machine is shared, and a run's wall time
 * grows with its neighbours' load; the wall ratio beside it); without jax
 * the rows come without it. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim */
#endif

#include "bench.h"
#include "irrun.h"
#include "util/mem.h"

enum { MAX_INPUTS = 8, THREADS = 1 };

typedef struct {
    const char *type;
    int rank;
    int64_t dims[4];
    double scale; /* the values are k/16 * scale, k in -16..16 */
} input_spec;

typedef struct {
    const char *name, *file;
    double macs;
    size_t live; /* bytes of the largest set of tensors alive at once (worked out by hand below) */
    int ninputs;
    input_spec in[MAX_INPUTS];
} model;

#define MAT(t, r, c, s) { t, 2, { r, c }, s }
/* Live sets: transformer, the softmax's division (three 8x128x128 f32, the
 * weights, x, h and v: 3*512 KiB + 3 MiB + 3*128 KiB); MLP, a layer's dot
 * (the weights, x, the activation in bf16 and f8 and the result); conv,
 * the second convolution (x, r1, its result, c1 and both weights). */
static const model models[] = {
    { "transformer block 128x512, 8 heads, MLP 2048", "bench/models/transformer.mlir", 419430400.0,
      3 * 524288 + 3145728 + 3 * 131072, 7,
      { MAT("bf16", 128, 512, 1), MAT("f8E4M3FN", 512, 512, 0.0625), MAT("f8E4M3FN", 512, 512, 0.0625),
        MAT("f8E4M3FN", 512, 512, 0.0625), MAT("f8E4M3FN", 512, 512, 0.0625), MAT("f8E4M3FN", 512, 2048, 0.0625),
        MAT("f8E4M3FN", 2048, 512, 0.03125) } },
    { "FP8 MLP 4 x 1024, batch 128", "bench/models/mlp.mlir", 536870912.0, 4 * 1048576 + 3 * 262144 + 131072, 5,
      { MAT("bf16", 128, 1024, 1), MAT("f8E4M3FN", 1024, 1024, 0.0625), MAT("f8E4M3FN", 1024, 1024, 0.0625),
        MAT("f8E4M3FN", 1024, 1024, 0.0625), MAT("f8E4M3FN", 1024, 1024, 0.0625) } },
    { "conv block 1x56x56x64, two 3x3", "bench/models/conv.mlir", 231211008.0, 4 * 401408 + 4 * 36864, 3,
      { { "bf16", 4, { 1, 56, 56, 64 }, 1 }, { "f8E4M3FN", 4, { 3, 3, 64, 64 }, 0.0625 },
        { "f8E4M3FN", 4, { 3, 3, 64, 64 }, 0.0625 } } },
};

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? mem_alloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        mem_free(s);
        s = NULL;
    }
    fclose(f);
    if (s) {
        s[n] = 0;
        *len = (size_t)n;
    }
    return s;
}

/* Reproducible values of both signs: k/16 * scale with k from a
 * multiplicative hash of the index. */
static int make_input(const input_spec *sp, int which, irrun_tensor *t)
{
    size_t count = 1;
    for (int d = 0; d < sp->rank; d++)
        count *= (size_t)sp->dims[d];
    size_t nbytes = count * irrun_element_size(sp->type);
    double *v = mem_alloc(count * sizeof *v);
    void *data = mem_alloc(nbytes);
    if (!v || !data) {
        mem_free(v);
        mem_free(data);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t h = (uint32_t)(i + 7919u * (unsigned)which) * 2654435761u;
        v[i] = ((double)((h >> 16) % 33) - 16.0) / 16.0 * sp->scale;
    }
    irrun_status st = irrun_encode_values(sp->type, v, count, IRRUN_ROUND_NEAREST_EVEN, 0, data, nbytes, NULL);
    mem_free(v);
    if (st != IRRUN_OK) {
        mem_free(data);
        return -1;
    }
    *t = (irrun_tensor){ .element_type = sp->type, .rank = sp->rank, .data = data, .nbytes = nbytes };
    memcpy(t->dims, sp->dims, sizeof sp->dims);
    return 0;
}

/* The process's peak RSS (VmHWM) in bytes; reset_peak_rss starts a new
 * peak where Linux allows it (clear_refs 5). */
static void reset_peak_rss(void)
{
#ifdef __GLIBC__
    malloc_trim(0); /* the heap a model before this one left behind */
#endif
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

static size_t peak_rss(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    size_t kb = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %zu kB", &kb) == 1)
            break;
    fclose(f);
    return kb * 1024;
}

/* CPU seconds of the process: on a machine shared with neighbours, what
 * a run cost (its wall time grows with the load; on one thread the CPU
 * time does not). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct {
    double wall, cpu; /* best ms of several runs, each */
} timing;

/* Best wall and CPU ms of `reps` runs; wall -1 when a run fails. */
static timing run_ms(const irrun_module *m, const irrun_tensor *in, int n, irrun_dot_accumulation acc, int reps)
{
    irrun_run_options o;
    irrun_run_options_init(&o);
    o.dot_accumulation = acc;
    o.threads = THREADS;
    timing best = { 1e30, 1e30 };
    for (int r = 0; r < reps; r++) {
        irrun_results res;
        double t = bench_now(), c = cpu_now();
        irrun_status st = irrun_run(m, &o, in, n, &res);
        c = cpu_now() - c;
        t = bench_now() - t;
        if (st != IRRUN_OK)
            fprintf(stderr, "bench models: %s", res.messages);
        irrun_results_free(&res);
        if (st != IRRUN_OK)
            return (timing){ -1, -1 };
        best.wall = t * 1e3 < best.wall ? t * 1e3 : best.wall;
        best.cpu = c * 1e3 < best.cpu ? c * 1e3 : best.cpu;
    }
    return best;
}

static const char *jax_python(void)
{
    const char *p = getenv("JAX_PYTHON");
    if (p && *p)
        return p;
    if (access("build/jax-env/bin/python", X_OK) == 0)
        return "build/jax-env/bin/python";
    return "python3";
}

/* XLA CPU's best wall and CPU ms on the same program and inputs (written
 * to files for bench/models/xla.py); wall -1 when there is no jax or it
 * fails. */
static timing xla_ms(const model *md, const irrun_tensor *in, int reps)
{
    char dir[] = "/tmp/irrun-bench-XXXXXX", cmd[4096], path[128];
    timing ms = { -1, -1 };
    if (!mkdtemp(dir))
        return ms;
    int len = snprintf(cmd, sizeof cmd, "%s bench/models/xla.py %s %d %d", jax_python(), md->file, THREADS, reps);
    for (int i = 0; i < md->ninputs; i++) {
        snprintf(path, sizeof path, "%s/%d.bin", dir, i);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(in[i].data, 1, in[i].nbytes, f) != in[i].nbytes) {
            if (f)
                fclose(f);
            return ms;
        }
        fclose(f);
        len += snprintf(cmd + len, sizeof cmd - (size_t)len, " %s:%s", path, in[i].element_type);
        for (int d = 0; d < in[i].rank; d++)
            len += snprintf(cmd + len, sizeof cmd - (size_t)len, "%c%lld", d ? 'x' : ':', (long long)in[i].dims[d]);
    }
    snprintf(cmd + len, sizeof cmd - (size_t)len, " 2>/dev/null");
    FILE *p = popen(cmd, "r");
    if (p) {
        if (fscanf(p, "%lf %lf", &ms.wall, &ms.cpu) != 2)
            ms.wall = -1;
        pclose(p);
    }
    for (int i = 0; i < md->ninputs; i++) {
        snprintf(path, sizeof path, "%s/%d.bin", dir, i);
        remove(path);
    }
    rmdir(dir);
    return ms;
}

static void row(const char *label, double macs, timing t, timing xla, size_t rss, size_t live)
{
    printf("  %-17s %8.2f ms (CPU %8.2f) %9.3g MAC/s  peak RSS %5.1f MiB (bound %4.1f)", label, t.wall, t.cpu,
           macs / (t.cpu * 1e-3), (double)rss / 1048576.0, (2.0 * (double)live + 16777216.0) / 1048576.0);
    if (xla.wall > 0)
        printf("  %.2fx XLA (wall %.2fx)", t.cpu / xla.cpu, t.wall / xla.wall);
    printf("\n");
}

void bench_models(void)
{
    enum { REPS = 10 };
    printf("models (bench/models, %d thread; ratio = ir-run / XLA CPU through JAX, same inputs)\n", THREADS);
    for (size_t k = 0; k < sizeof models / sizeof models[0]; k++) {
        const model *md = &models[k];
        size_t len = 0;
        char *text = read_text(md->file, &len);
        irrun_module *m = NULL;
        irrun_tensor in[MAX_INPUTS] = { 0 };
        int made = 0;
        if (text && irrun_module_load_text(text, len, md->file, &m, NULL) == IRRUN_OK)
            for (; made < md->ninputs && make_input(&md->in[made], made, &in[made]) == 0; made++)
                ;
        mem_free(text);
        if (made == md->ninputs) {
            timing xla = xla_ms(md, in, REPS);
            printf("%s: %.3g MAC, live tensors %.1f MiB, XLA CPU %s", md->name, md->macs,
                   (double)md->live / 1048576.0, xla.wall > 0 ? "" : "not measured (no jax)\n");
            if (xla.wall > 0)
                printf("%.2f ms (CPU %.2f, %.3g MAC/s)\n", xla.wall, xla.cpu, md->macs / (xla.cpu * 1e-3));
            static const struct {
                const char *label;
                irrun_dot_accumulation acc;
            } accs[] = { { "f32 accumulation", IRRUN_DOT_F32 }, { "REF rounding", IRRUN_DOT_REF } };
            for (size_t a = 0; a < 2; a++) {
                reset_peak_rss();
                timing ms = run_ms(m, in, made, accs[a].acc, REPS);
                if (ms.wall < 0)
                    printf("  %s: the run failed\n", accs[a].label);
                else
                    row(accs[a].label, md->macs, ms, xla, peak_rss(), md->live);
            }
        } else
            printf("%s: cannot load %s\n", md->name, md->file);
        for (int i = 0; i < made; i++)
            mem_free((void *)in[i].data);
        irrun_module_free(m);
    }
}
