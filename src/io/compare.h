/* Comparing a result tensor with an expected one under a rule, and the ULP
 * report shared by `ir-run compare`, `ir-run test` and `--expect`. */
#ifndef IRRUN_IO_COMPARE_H
#define IRRUN_IO_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "io/tensor_io.h"
#include "util/membuf.h"
#include "util/status.h"

typedef enum {
    IO_NAN_DEFAULT, /* exact for the exact rule, any for tolerance rules */
    IO_NAN_ANY,     /* any NaN matches any NaN (payload and sign ignored) */
    IO_NAN_EXACT    /* a NaN matches only the identical pattern */
} io_nan_mode;

typedef enum {
    IO_ZERO_DEFAULT,  /* distinct for the exact rule, equal for tolerances */
    IO_ZERO_EQUAL,    /* -0 matches +0 */
    IO_ZERO_DISTINCT  /* -0 and +0 differ */
} io_zero_mode;

typedef enum {
    IO_INF_EXACT,   /* an infinity matches only the same infinity */
    IO_INF_SATURATE /* +-Inf also matches +-max of the same sign (a backend
                       that saturates instead of overflowing) */
} io_inf_mode;

/* The rule. With none of max_ulp/atol/rtol set it is `exact` (bit for bit
 * under the NaN and zero modes); otherwise an element passes when any given
 * tolerance holds: ULP distance (SPEC.md 3.11; integers: |a - b|) <= max_ulp,
 * or |actual - expected| <= atol + rtol * |expected| in binary64. Infinities
 * and NaNs never pass through a tolerance, only through their modes. */
typedef struct {
    bool has_ulp;
    uint64_t max_ulp;
    bool has_atol;
    double atol;
    bool has_rtol;
    double rtol;
    io_nan_mode nan;
    io_zero_mode zero;
    io_inf_mode inf;
} io_rule;

static inline bool io_rule_is_exact(const io_rule *r)
{
    return !r->has_ulp && !r->has_atol && !r->has_rtol;
}

/* Whether `key` names a part of a rule: "ulp" (also "max-ulp", "max_ulp"),
 * "atol", "rtol", "nan", "signed_zero" (also "signed-zero"), "inf". A
 * manifest item mixes them with keys of its own. */
bool io_rule_has_key(const char *key);

/* Sets one part of a rule from text, for the command line and manifests
 * alike. IRRUN_OK when set; IRRUN_BAD_INPUT for a bad value or a key that
 * io_rule_has_key refuses, *want then saying what is expected (e.g. "a
 * non-negative integer"). */
irrun_status io_rule_set(io_rule *r, const char *key, const char *value, const char **want);

/* "exact", "ulp <= 2", "atol 0.01, rtol 0.001" and the non-default modes. */
void io_rule_describe(const io_rule *r, char *buf, size_t size);

enum { IO_HIST_BUCKETS = 6, IO_REPORT_FIRST = 10 };
extern const char *const io_hist_labels[IO_HIST_BUCKETS]; /* "0","1","2","3-4","5-8",">8" */

/* Which differing elements a report lists: `count` of them (IO_SHOW_ALL:
 * every one), the first by index or the worst (NaN mismatches first, then
 * the other elements without a ULP distance, then by ULP distance, ties by
 * index). The default, {IO_REPORT_FIRST, false}: the first 10. */
enum { IO_SHOW_ALL = -1 };
typedef struct {
    int64_t count;
    bool worst;
    bool heat; /* also collect the heat map (io_heat), for HTML reports */
} io_show;

/* ULP distances by their bit length, for the HTML report's histogram:
 * bucket 0 holds distance 0, bucket k (1..64) the distances 2^(k-1) to
 * 2^k - 1, IO_LOG_NONE the elements without a distance (a NaN or an
 * infinity against another value). */
enum { IO_LOG_NONE = 65, IO_LOG_BUCKETS = 66 };

/* The error over the first two dimensions (rank 2 and up), each cut into
 * at most IO_HEAT_MAX bands of whole rows or columns: per cell the largest
 * ULP distance of its elements (UINT64_MAX when one has none), how many
 * there are and how many differ. */
enum { IO_HEAT_MAX = 64 };
typedef struct {
    int rows, cols;        /* cells */
    int64_t dim0, dim1;    /* the tensor's first two dimensions */
    int64_t inner;         /* elements per (i, j): the product of the others */
    uint64_t *max_ulp;     /* rows * cols, row-major */
    int64_t *count, *differing;
} io_heat;

enum { IO_ELEM_BYTES_MAX = 16 }; /* complex<f64> */

/* One listed element: where, its two elements' bytes, its ULP distance. */
typedef struct {
    int64_t flat_index; /* row-major position */
    unsigned char expected[IO_ELEM_BYTES_MAX];
    unsigned char actual[IO_ELEM_BYTES_MAX];
    uint64_t ulp;
    const char *ulp_undefined; /* why ulp is 2^64-1 (a NaN or an infinity
                                  against another value), or NULL */
    bool nan_mismatch;         /* failed on a NaN (listed first by worst) */
} io_diff;

/* A largest error over the elements whose values are all finite (complex:
 * per part): |actual - expected|, or |actual - expected| / |expected| over
 * those whose expected value is not 0; computed in binary64. */
typedef struct {
    bool has;       /* some element had the figure */
    double value;
    io_diff where;  /* the first element with that value (ulp fields unset) */
} io_error_figure;

typedef struct {
    tensor_type type;
    io_rule rule;
    int64_t compared;
    int64_t differing;
    /* the largest ULP distance of the elements that have one: not a NaN
     * against another value, not an infinity against a different value
     * (SPEC.md 3.11 makes theirs 2^64-1); those are counted in
     * nan_mismatches and inf_mismatches (or passed under a NaN or
     * infinity mode). has_max_ulp false when no element has a distance. */
    uint64_t max_ulp;
    bool has_max_ulp;
    int64_t histogram[IO_HIST_BUCKETS]; /* without a distance: in ">8" */
    int64_t log_hist[IO_LOG_BUCKETS];
    io_heat heat; /* cells only when show.heat and the rank is 2 or more */
    int64_t nan_mismatches;
    int64_t inf_mismatches;
    int64_t negzero_mismatches;
    io_error_figure abs_error, rel_error;
    io_show show;
    int64_t nshown; /* elements in `shown`, in the order io_show asks */
    io_diff *shown; /* owned: io_report_free */
    int64_t cap;
    bool nomem;
} io_report;

/* Compares `actual` with `expected` element by element (core/tensor_cmp.h),
 * listing the elements `show` asks for (NULL: the first 10). IRRUN_OK when
 * the rule holds, IRRUN_CHECK_FAILED when not (*rep says where),
 * IRRUN_BAD_INPUT with a message in `why` when the element types or shapes
 * differ, IRRUN_NOMEM. *rep is to be freed with io_report_free in every
 * case. */
irrun_status io_compare(const tensor *expected, const tensor *actual, const io_rule *rule,
                        const io_show *show, io_report *rep, char *why, size_t why_size);
void io_report_free(io_report *rep);

/* A listed element's multi-dimensional index, and its texts: value as REF
 * prints it, bits as "0x..". */
void io_diff_index(const io_report *rep, const io_diff *d, int64_t index[SHAPE_MAX_RANK]);
void io_diff_texts(const io_report *rep, const io_diff *d, char eb[IO_ELEM_TEXT_MAX], char ab[IO_ELEM_TEXT_MAX],
                   char ev[IO_ELEM_TEXT_MAX], char av[IO_ELEM_TEXT_MAX]);

/* A listed element's index as "[0, 1]"; the shortest "%.*g" text that
 * reads back as the same binary64; a ULP distance as "3", or "none (why)". */
void io_index_text(const io_report *rep, const io_diff *d, char *buf, size_t size);
void io_shortest(double v, char *buf, size_t size);
void io_ulp_text(const io_diff *d, char *buf, size_t size);

/* Everything a listed element prints as: its index, bits, values and ULP
 * distance, by the three functions above and io_diff_texts. */
typedef struct {
    char index[SHAPE_MAX_RANK * 22 + 4];
    char expected_bits[IO_ELEM_TEXT_MAX], actual_bits[IO_ELEM_TEXT_MAX];
    char expected_value[IO_ELEM_TEXT_MAX], actual_value[IO_ELEM_TEXT_MAX];
    char ulp[80];
} io_diff_words;
void io_diff_describe(const io_report *rep, const io_diff *d, io_diff_words *w);

/* The report as text (several lines, "label" names the comparison) or as
 * one JSON object (without a newline: the caller places it). `extra`, when
 * not NULL, is written first inside the object (e.g. "\"result\": 0, "). */
void io_report_text(const io_report *rep, const char *label, FILE *out);
void io_report_json(const io_report *rep, const char *extra, FILE *out);

/* An HTML page of reports (docs/tensor-files.md, "HTML reports"): one
 * self-contained file, inline SVG and CSS, no script. Open it, add each
 * report (written at once: the page streams), close it (the summary table,
 * shown first through CSS, and the end of the page). */
typedef struct {
    FILE *out;
    membuf rows; /* the summary rows, kept until close */
    int count, failed;
} io_html;
irrun_status io_html_open(io_html *h, FILE *out, const char *title);
/* Whether a report file's name asks for a page: it ends in ".html" or
 * ".htm" (any case), the form when no --report says otherwise. */
bool io_html_file_name(const char *path);
void io_html_add(io_html *h, const io_report *rep, const char *label);
/* IRRUN_NOMEM when a summary row could not be kept (the page is still
 * closed); frees what open took. */
irrun_status io_html_close(io_html *h);

/* `s` as a JSON string, quoted and escaped. */
void io_json_string(FILE *out, const char *s);

/* One line for `ir-run test`: "2 of 6 elements differ (max ULP 3), first at
 * [0, 1]: expected .. (0x38), actual .. (0x3A)" ("worst at" when the report
 * lists the worst). */
void io_report_summary(const io_report *rep, char *buf, size_t size);

/* The listed elements as lines "    [0, 1]: expected .. (0x38), actual ..
 * (0x3A), ULP 1", under a heading line; nothing when none is listed. */
void io_report_elements(const io_report *rep, FILE *out);

#endif
