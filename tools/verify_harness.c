/* The verify tools' shared harness: verify_harness.h. */
#include "verify_harness.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const vh_path_names[KMP_COUNT] = { "generic", "avx2" };
bool vh_runs[KMP_COUNT];

double vh_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void vh_merge(vh_stats all[KMP_COUNT], const vh_stats st[KMP_COUNT])
{
    for (int p = 0; p < KMP_COUNT; p++) {
        vh_stats *a = &all[p];
        const vh_stats *s = &st[p];
        a->diffs += s->diffs;
        a->slow += s->slow;
        vh_note_rel(a, s->max_rel, s->max_at[0], s->max_at[1]);
        for (int k = 0; k < s->nshown && a->nshown < VH_MAXSHOW; k++) {
            a->shown[a->nshown][0] = s->shown[k][0];
            a->shown[a->nshown++][1] = s->shown[k][1];
        }
    }
}

void vh_run(const char *tool, void *jobs, size_t job_size, int threads, void *(*work)(void *))
{
    pthread_t tid[VH_MAXTHREADS];
    for (int t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, work, (char *)jobs + (size_t)t * job_size) != 0) {
            fprintf(stderr, "%s: cannot start a thread\n", tool);
            exit(2);
        }
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
}

int vh_option(const char *tool, vh_options *o, bool paths, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    if (*i + 1 >= argc)
        return 0;
    if (strcmp(arg, "-t") == 0) {
        o->threads = atoi(argv[++*i]);
        return 1;
    }
    if (!paths)
        return 0;
    if (strcmp(arg, "-s") == 0) {
        o->stride = strtoull(argv[++*i], NULL, 0);
        return 1;
    }
    if (strcmp(arg, "-p") != 0)
        return 0;
    ++*i;
    for (int p = 0; p < KMP_COUNT; p++)
        if (strcmp(argv[*i], vh_path_names[p]) == 0)
            o->only = p;
    if (o->only < 0) {
        fprintf(stderr, "%s: paths: generic, avx2\n", tool);
        return -1;
    }
    return 1;
}

void vh_choose_paths(int only, int64_t (*probe)(kern_mathf32_path))
{
    for (int p = 0; p < KMP_COUNT; p++)
        vh_runs[p] = (only < 0 || only == p) && probe((kern_mathf32_path)p) >= 0;
}

bool vh_skipped(int path, bool with_p)
{
    if (vh_runs[path])
        return false;
    printf("  %-8s not run (%sthe host lacks it, or IRRUN_ISA=generic)\n", vh_path_names[path],
           with_p ? "-p, or " : "");
    return true;
}

void vh_report_counts(int path, const vh_stats *s, uint64_t special, const char *special_what, const char *band_what,
                      uint64_t ordinary, const char *rel)
{
    uint64_t band = s->slow - special;
    printf("  %-8s differences %llu; definition taken %llu times: %llu %s + %llu %s "
           "(%.3g of the others, 2^%.1f); max %s = 2^%.2f (at ",
           vh_path_names[path], (unsigned long long)s->diffs, (unsigned long long)s->slow,
           (unsigned long long)special, special_what, (unsigned long long)band, band_what,
           ordinary ? (double)band / (double)ordinary : 0.0, band ? log2((double)band / (double)ordinary) : -INFINITY,
           rel, s->max_rel > 0 ? log2(s->max_rel) : -INFINITY);
}

int vh_finish(uint64_t diffs)
{
    printf(diffs ? "FAILED: %llu differences\n" : "all equal\n", (unsigned long long)diffs);
    return diffs != 0;
}
