/* What the verify tools (verify_mathf32, verify_powf32, verify_atan2f32,
 * verify_complexf32) share: the per-path statistics and their merge across
 * threads, starting and joining the threads, the options -t, -s and -p,
 * the choice of the vector paths, the report's counts, "not run" and
 * final lines, a clock and a random generator. Each tool keeps its operands, its own
 * counts and its report's wording. */
#ifndef IRRUN_VERIFY_HARNESS_H
#define IRRUN_VERIFY_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/math/kern_mathf32.h"

/* VH_MAXTHREADS bounds -t, so that a tool's jobs fit in a fixed array */
enum { VH_MAXSHOW = 5, VH_MAXTHREADS = 64 };

extern const char *const vh_path_names[KMP_COUNT];
/* the paths this run checks: vh_choose_paths sets them */
extern bool vh_runs[KMP_COUNT];

/* xorshift64*; inline because it draws every operand of a hot loop */
static inline uint64_t vh_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

/* in [0, 1), the top 53 bits of vh_next */
static inline double vh_uniform(uint64_t *s) { return (double)(vh_next(s) >> 11) * 0x1p-53; }

double vh_now(void);

/* One path's findings over the elements one thread (or, merged, all of
 * them) checked. The operands are one or two patterns; a tool of one
 * operand leaves the second 0. */
typedef struct {
    uint64_t diffs, slow; /* differences from the definition; elements that took it */
    double max_rel;       /* the largest relative distance of the approximation */
    uint32_t max_at[2];   /* the operands of max_rel */
    uint32_t shown[VH_MAXSHOW][2]; /* the first differing operands */
    int nshown;
} vh_stats;

/* inline: called per element in the tools' inner loops */
static inline void vh_note_diff(vh_stats *s, uint32_t a, uint32_t b)
{
    if (s->nshown < VH_MAXSHOW) {
        s->shown[s->nshown][0] = a;
        s->shown[s->nshown++][1] = b;
    }
    s->diffs++;
}

static inline void vh_note_rel(vh_stats *s, double rel, uint32_t a, uint32_t b)
{
    if (rel > s->max_rel) {
        s->max_rel = rel;
        s->max_at[0] = a;
        s->max_at[1] = b;
    }
}

/* Adds one thread's findings per path to all; called in thread order, so
 * the operands shown are the earliest threads' and do not depend on timing. */
void vh_merge(vh_stats all[KMP_COUNT], const vh_stats st[KMP_COUNT]);

/* Runs work on each of the threads jobs (an array of job_size bytes each)
 * and returns when all have ended; exits with status 2 when a thread
 * cannot start. tool names the program in the message. */
void vh_run(const char *tool, void *jobs, size_t job_size, int threads, void *(*work)(void *));

typedef struct {
    int threads;
    uint64_t stride;
    int only; /* -p: the one path to check, or -1 */
} vh_options;

#define VH_OPTIONS_INIT { 2, 1, -1 }

/* Takes argv[*i] (and its value, moving *i past it) when it is -t; with
 * paths, also -s (a stride) and -p (verify_complexf32 reads -s as its seed
 * and has no -p). Returns 1 when taken, 0 when argv[*i] is something else,
 * -1 when -p names no path (after saying so). */
int vh_option(const char *tool, vh_options *o, bool paths, int argc, char **argv, int *i);

static inline bool vh_threads_ok(int threads) { return threads >= 1 && threads <= VH_MAXTHREADS; }

/* vh_runs: the paths the host can run (probe(path) >= 0: the tool's
 * kernel on one element, which refuses a path the host lacks) and -p allows. */
void vh_choose_paths(int only, int64_t (*probe)(kern_mathf32_path));

/* Prints the report line of a path this run skips and returns true, or
 * returns false when it runs. with_p: the tool has -p, one of the reasons. */
bool vh_skipped(int path, bool with_p);

/* The start of a path's report line, up to "(at ": its differences, how
 * often it took the definition (the special elements always do; the
 * rest, the band, counts against the ordinary ones) and its largest
 * relative distance, named rel. The caller ends the line with the
 * operands of that distance, whose form is its own. */
void vh_report_counts(int path, const vh_stats *s, uint64_t special, const char *special_what, const char *band_what,
                      uint64_t ordinary, const char *rel);

/* The last report line; returns the exit status (0: all equal, 1: not). */
int vh_finish(uint64_t diffs);

#endif
