/* Element-by-element comparison under a rule, with the ULP report. */
#include "io/compare.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor_cmp.h"
#include "types/fparith.h"
#include "util/mem.h"

const char *const io_hist_labels[IO_HIST_BUCKETS] = { "0", "1", "2", "3-4", "5-8", ">8" };

static int bucket(uint64_t d)
{
    if (d <= 2)
        return (int)d;
    if (d <= 4)
        return 3;
    if (d <= 8)
        return 4;
    return 5;
}

void io_rule_describe(const io_rule *r, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
#define ADD(...) do { if (at < size) at += (size_t)snprintf(buf + at, size - at, __VA_ARGS__); } while (0)
    if (io_rule_is_exact(r))
        ADD("exact");
    if (r->has_ulp)
        ADD("ulp <= %" PRIu64, r->max_ulp);
    if (r->has_atol)
        ADD("%satol %g", at ? ", " : "", r->atol);
    if (r->has_rtol)
        ADD("%srtol %g", at ? ", " : "", r->rtol);
    if (r->nan != IO_NAN_DEFAULT)
        ADD(", nan %s", r->nan == IO_NAN_ANY ? "any" : "exact");
    if (r->zero != IO_ZERO_DEFAULT)
        ADD(", signed zero %s", r->zero == IO_ZERO_EQUAL ? "equal" : "distinct");
    if (r->inf == IO_INF_SATURATE)
        ADD(", inf saturate");
#undef ADD
}

/* io_compare's rule with the NaN and zero modes its defaults resolve to */
typedef struct {
    const io_rule *rule;
    io_nan_mode nan;
    io_zero_mode zero;
} resolved_rule;

/* the kind of a mismatch, counted apart in the report */
/* MISMATCH_*: why an element failed; NONFINITE_*: which kind of value made
 * its ULP distance undefined (2^64-1), whether or not it passed */
enum { MISMATCH_NAN = 1, MISMATCH_INF = 2, MISMATCH_ZERO = 4, NONFINITE_NAN = 8, NONFINITE_INF = 16 };

static bool within_tolerance(const io_rule *r, double e, double a)
{
    double diff = fabs(a - e);
    double tol = (r->has_atol ? r->atol : 0.0) + (r->has_rtol ? r->rtol * fabs(e) : 0.0);
    return diff <= tol;
}

static bool float_matches(const resolved_rule *x, const tensor_part_pair *p, unsigned *flags)
{
    const io_rule *r = x->rule;
    fp_id f = et_get(p->type)->fmt;
    uint64_t e = p->expected, a = p->actual;
    if (e == a)
        return true;
    fp_class ce = fp_classify(f, e), ca = fp_classify(f, a);
    if (ce == FPC_NAN || ca == FPC_NAN)
        *flags |= NONFINITE_NAN;
    else if (ce == FPC_INF || ca == FPC_INF)
        *flags |= NONFINITE_INF;
    if (ce == FPC_NAN || ca == FPC_NAN) {
        bool pass = ce == ca && x->nan == IO_NAN_ANY;
        if (!pass)
            *flags |= MISMATCH_NAN;
        return pass;
    }
    if (ce == FPC_INF || ca == FPC_INF) {
        bool pass = false;
        if (r->inf == IO_INF_SATURATE && ce != ca) {
            const fp_format *d = fp_fmt(f);
            uint64_t inf = ce == FPC_INF ? e : a, other = ce == FPC_INF ? a : e;
            pass = (other & ~d->sign_mask) == d->max_bits &&
                   (other & d->sign_mask) == (inf & d->sign_mask);
        }
        if (!pass)
            *flags |= MISMATCH_INF;
        return pass;
    }
    if (ce == FPC_ZERO && ca == FPC_ZERO) {
        bool pass = x->zero == IO_ZERO_EQUAL;
        if (!pass)
            *flags |= MISMATCH_ZERO;
        return pass;
    }
    if (r->has_ulp && p->ulp <= r->max_ulp)
        return true;
    return (r->has_atol || r->has_rtol) &&
           within_tolerance(r, fp_to_double(f, e), fp_to_double(f, a));
}

static bool int_matches(const io_rule *r, const tensor_part_pair *p)
{
    if (p->expected == p->actual)
        return true;
    if (r->has_ulp && p->ulp <= r->max_ulp)
        return true;
    if (!r->has_atol && !r->has_rtol)
        return false;
    /* an unsigned value above INT64_MAX must not read as negative */
    bool sgn = et_get(p->type)->kind == EK_SINT;
    double de = sgn ? (double)et_sign_extend(p->type, p->expected) : (double)p->expected;
    double da = sgn ? (double)et_sign_extend(p->type, p->actual) : (double)p->actual;
    return within_tolerance(r, de, da);
}

static bool part_matches(const void *ctx, const tensor_part_pair *p, unsigned *flags)
{
    const resolved_rule *x = ctx;
    if (et_get(p->type)->kind == EK_FLOAT)
        return float_matches(x, p, flags);
    return int_matches(x->rule, p);
}

typedef struct {
    const tensor *expected, *actual;
    io_report *rep;
} report_ctx;

/* Why an element's ULP distance is 2^64-1: a NaN has no distance to a
 * number, an infinity none to a finite value (SPEC.md 3.11). */
static const char *ulp_undefined_reason(const tensor_elem_cmp *c)
{
    if (c->ulp != UINT64_MAX || !c->is_float)
        return NULL;
    return (c->flags & NONFINITE_NAN) ? "NaN against a value that is not NaN"
                                      : "an infinity against a different value";
}

/* One part as a binary64 value; false for a NaN or an infinity. */
static bool part_value(et_id part, const unsigned char *p, double *v)
{
    const et_traits *tr = et_get(part);
    uint64_t b = et_load_bits(part, p);
    if (tr->kind == EK_FLOAT) {
        fp_class c = fp_classify(tr->fmt, b);
        if (c == FPC_NAN || c == FPC_INF)
            return false;
        *v = fp_to_double(tr->fmt, b);
    } else {
        *v = tr->kind == EK_SINT ? (double)et_sign_extend(part, b) : (double)b;
    }
    return true;
}

static void note_figure(io_error_figure *f, double v, const io_diff *d)
{
    if (!f->has || v > f->value) {
        f->has = true;
        f->value = v;
        f->where = *d;
    }
}

/* Positive when x is to be listed before y by --sort worst. */
static int worse(const io_diff *x, const io_diff *y)
{
    int cx = x->nan_mismatch ? 2 : x->ulp_undefined ? 1 : 0, cy = y->nan_mismatch ? 2 : y->ulp_undefined ? 1 : 0;
    if (cx != cy)
        return cx > cy ? 1 : -1;
    if (cx == 0 && x->ulp != y->ulp) /* the others have no distance to compare */
        return x->ulp > y->ulp ? 1 : -1;
    if (x->flat_index != y->flat_index)
        return x->flat_index < y->flat_index ? 1 : -1;
    return 0;
}

static int worst_first(const void *a, const void *b) { return worse(b, a); }

/* The least bad listed element is at the root of `shown` (a heap) while
 * io_show.worst collects a bounded count. */
static void heap_down(io_diff *h, int64_t n, int64_t k)
{
    for (;;) {
        int64_t l = 2 * k + 1, r = l + 1, m = k;
        if (l < n && worse(&h[m], &h[l]) > 0)
            m = l;
        if (r < n && worse(&h[m], &h[r]) > 0)
            m = r;
        if (m == k)
            return;
        io_diff t = h[k];
        h[k] = h[m];
        h[m] = t;
        k = m;
    }
}

static void heap_up(io_diff *h, int64_t k)
{
    while (k > 0) {
        int64_t p = (k - 1) / 2;
        if (worse(&h[p], &h[k]) <= 0)
            return;
        io_diff t = h[k];
        h[k] = h[p];
        h[p] = t;
        k = p;
    }
}

static bool grow(io_report *rep)
{
    if (rep->nshown < rep->cap)
        return true;
    int64_t cap = rep->cap ? rep->cap * 2 : 16;
    if (rep->show.count >= 0 && cap > rep->show.count)
        cap = rep->show.count;
    io_diff *v = mem_realloc(rep->shown, (size_t)cap * sizeof *v);
    if (!v) {
        rep->nomem = true;
        return false;
    }
    rep->shown = v;
    rep->cap = cap;
    return true;
}

static void list_element(io_report *rep, const io_diff *d)
{
    int64_t limit = rep->show.count;
    if (limit == 0)
        return;
    if (limit < 0 || rep->nshown < limit) {
        if (!grow(rep))
            return;
        rep->shown[rep->nshown++] = *d;
        if (rep->show.worst && limit > 0)
            heap_up(rep->shown, rep->nshown - 1);
        return;
    }
    if (rep->show.worst && worse(d, &rep->shown[0]) > 0) {
        rep->shown[0] = *d;
        heap_down(rep->shown, rep->nshown, 0);
    }
}

static int bit_length(uint64_t v)
{
    int n = 0;
    for (; v; v >>= 1)
        n++;
    return n;
}

static void add_to_heat(io_heat *h, const tensor_elem_cmp *c)
{
    int64_t ij = c->index / h->inner, i = ij / h->dim1, j = ij % h->dim1;
    int64_t cell = i * h->rows / h->dim0 * h->cols + j * h->cols / h->dim1;
    uint64_t u = c->is_float && c->ulp == UINT64_MAX ? UINT64_MAX : c->ulp;
    if (h->count[cell] == 0 || u > h->max_ulp[cell])
        h->max_ulp[cell] = u;
    h->count[cell]++;
    h->differing[cell] += !c->pass;
}

/* The heat map's cells for a tensor of rank 2 or more with elements;
 * false when out of memory. */
static bool heat_alloc(io_heat *h, const tensor_type *t)
{
    if (t->rank < 2 || shape_count(t) <= 0)
        return true;
    h->dim0 = t->dims[0];
    h->dim1 = t->dims[1];
    h->inner = shape_count(t) / (h->dim0 * h->dim1);
    h->rows = (int)(h->dim0 < IO_HEAT_MAX ? h->dim0 : IO_HEAT_MAX);
    h->cols = (int)(h->dim1 < IO_HEAT_MAX ? h->dim1 : IO_HEAT_MAX);
    size_t n = (size_t)h->rows * (size_t)h->cols;
    h->max_ulp = mem_calloc(n, sizeof *h->max_ulp);
    h->count = mem_calloc(n, sizeof *h->count);
    h->differing = mem_calloc(n, sizeof *h->differing);
    return h->max_ulp && h->count && h->differing;
}

static void add_to_report(void *ctx, const tensor_elem_cmp *c)
{
    const report_ctx *x = ctx;
    io_report *rep = x->rep;
    et_id elem = x->expected->type.elem;
    et_id part = et_part(elem);
    size_t eb = et_get(elem)->bytes, pb = et_get(part)->bytes;
    const unsigned char *pe = (const unsigned char *)x->expected->data + (size_t)c->index * eb;
    const unsigned char *pa = (const unsigned char *)x->actual->data + (size_t)c->index * eb;
    io_diff d = { .flat_index = c->index, .ulp = c->ulp, .ulp_undefined = ulp_undefined_reason(c),
                  .nan_mismatch = (c->flags & MISMATCH_NAN) != 0 };
    memcpy(d.expected, pe, eb);
    memcpy(d.actual, pa, eb);
    rep->compared++;
    rep->histogram[bucket(c->ulp)]++;
    rep->log_hist[d.ulp_undefined ? IO_LOG_NONE : bit_length(c->ulp)]++;
    if (rep->heat.max_ulp)
        add_to_heat(&rep->heat, c);
    if (!d.ulp_undefined && (!rep->has_max_ulp || c->ulp > rep->max_ulp)) {
        rep->max_ulp = c->ulp;
        rep->has_max_ulp = true;
    }
    /* the error figures, over elements whose parts are all finite */
    double abs_err = 0, rel_err = 0;
    bool finite = true, has_rel = false;
    for (size_t off = 0; off < eb && finite; off += pb) {
        double e, a;
        finite = part_value(part, pe + off, &e) && part_value(part, pa + off, &a);
        if (!finite)
            break;
        double diff = fabs(a - e);
        if (diff > abs_err)
            abs_err = diff;
        if (e != 0) {
            double rel = diff / fabs(e);
            if (!has_rel || rel > rel_err)
                rel_err = rel;
            has_rel = true;
        }
    }
    if (finite) {
        note_figure(&rep->abs_error, abs_err, &d);
        if (has_rel)
            note_figure(&rep->rel_error, rel_err, &d);
    }
    if (c->pass)
        return;
    rep->differing++;
    rep->nan_mismatches += (c->flags & MISMATCH_NAN) != 0;
    rep->inf_mismatches += (c->flags & MISMATCH_INF) != 0;
    rep->negzero_mismatches += (c->flags & MISMATCH_ZERO) != 0;
    list_element(rep, &d);
}

void io_report_free(io_report *rep)
{
    mem_free(rep->heat.max_ulp);
    mem_free(rep->heat.count);
    mem_free(rep->heat.differing);
    rep->heat.max_ulp = NULL;
    rep->heat.count = rep->heat.differing = NULL;
    mem_free(rep->shown);
    rep->shown = NULL;
    rep->nshown = rep->cap = 0;
}

irrun_status io_compare(const tensor *expected, const tensor *actual, const io_rule *rule,
                        const io_show *show, io_report *rep, char *why, size_t why_size)
{
    memset(rep, 0, sizeof *rep);
    rep->type = expected->type;
    rep->rule = *rule;
    rep->show = show ? *show : (io_show){ IO_REPORT_FIRST, false, false };
    if (!shape_equal(&expected->type, &actual->type)) {
        char a[SHAPE_MAX_RANK * 21 + 64], b[SHAPE_MAX_RANK * 21 + 64];
        shape_format(&expected->type, a, (int)sizeof a);
        shape_format(&actual->type, b, (int)sizeof b);
        snprintf(why, why_size, "expected %s but got %s", a, b);
        return IRRUN_BAD_INPUT;
    }
    bool exact = io_rule_is_exact(rule);
    resolved_rule x = { rule, rule->nan != IO_NAN_DEFAULT ? rule->nan : exact ? IO_NAN_EXACT : IO_NAN_ANY,
                        rule->zero != IO_ZERO_DEFAULT ? rule->zero
                        : exact                      ? IO_ZERO_DISTINCT
                                                     : IO_ZERO_EQUAL };
    if (rep->show.heat && !heat_alloc(&rep->heat, &expected->type)) {
        io_report_free(rep);
        snprintf(why, why_size, "out of memory for the heat map");
        return IRRUN_NOMEM;
    }
    report_ctx rc = { expected, actual, rep };
    tensor_compare_each(expected, actual, part_matches, &x, add_to_report, &rc);
    if (rep->nomem) {
        io_report_free(rep);
        snprintf(why, why_size, "out of memory listing the differing elements");
        return IRRUN_NOMEM;
    }
    if (rep->show.worst && rep->nshown > 1)
        qsort(rep->shown, (size_t)rep->nshown, sizeof *rep->shown, worst_first);
    return rep->differing ? IRRUN_CHECK_FAILED : IRRUN_OK;
}

void io_diff_index(const io_report *rep, const io_diff *d, int64_t index[SHAPE_MAX_RANK])
{
    shape_unravel(&rep->type, d->flat_index, index);
}

void io_diff_texts(const io_report *rep, const io_diff *d, char eb[IO_ELEM_TEXT_MAX], char ab[IO_ELEM_TEXT_MAX],
                   char ev[IO_ELEM_TEXT_MAX], char av[IO_ELEM_TEXT_MAX])
{
    et_id elem = rep->type.elem;
    if (eb)
        io_elem_bits_text(elem, d->expected, eb);
    if (ab)
        io_elem_bits_text(elem, d->actual, ab);
    if (ev)
        io_elem_value_text(elem, d->expected, ev);
    if (av)
        io_elem_value_text(elem, d->actual, av);
}

void io_index_text(const io_report *rep, const io_diff *d, char *buf, size_t size)
{
    int64_t index[SHAPE_MAX_RANK];
    io_diff_index(rep, d, index);
    size_t at = (size_t)snprintf(buf, size, "[");
    for (int k = 0; k < rep->type.rank && at < size; k++)
        at += (size_t)snprintf(buf + at, size - at, "%s%" PRId64, k ? ", " : "", index[k]);
    if (at < size)
        snprintf(buf + at, size - at, "]");
}

/* The shortest "%.*g" text that reads back as the same binary64. */
void io_shortest(double v, char *buf, size_t size)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, size, "%.*g", p, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* "3", or "none" for 2^64-1 and its reason */
void io_ulp_text(const io_diff *d, char *buf, size_t size)
{
    if (d->ulp_undefined)
        snprintf(buf, size, "none (%s)", d->ulp_undefined);
    else
        snprintf(buf, size, "%" PRIu64, d->ulp);
}

/* "128", or "128 (not counting 1 NaN mismatch, ...)": the maximum of the
 * elements that have a distance, the others counted beside it */
static void max_ulp_text(const io_report *rep, char *buf, size_t size)
{
    size_t at = rep->has_max_ulp ? (size_t)snprintf(buf, size, "%" PRIu64, rep->max_ulp)
                                 : (size_t)snprintf(buf, size, "none");
    if (at < size && rep->nan_mismatches)
        at += (size_t)snprintf(buf + at, size - at, ", NaN mismatches %" PRId64, rep->nan_mismatches);
    if (at < size && rep->inf_mismatches)
        snprintf(buf + at, size - at, ", Inf mismatches %" PRId64, rep->inf_mismatches);
}

static void figure_text(const io_report *rep, const io_error_figure *f, const char *none, FILE *out)
{
    if (!f->has) {
        fprintf(out, "none (%s)\n", none);
        return;
    }
    char v[40], idx[SHAPE_MAX_RANK * 22 + 4], ev[IO_ELEM_TEXT_MAX], av[IO_ELEM_TEXT_MAX];
    io_shortest(f->value, v, sizeof v);
    io_index_text(rep, &f->where, idx, sizeof idx);
    io_diff_texts(rep, &f->where, NULL, NULL, ev, av);
    fprintf(out, "%s at %s (expected %s, actual %s)\n", v, idx, ev, av);
}

void io_diff_describe(const io_report *rep, const io_diff *d, io_diff_words *w)
{
    io_index_text(rep, d, w->index, sizeof w->index);
    io_diff_texts(rep, d, w->expected_bits, w->actual_bits, w->expected_value, w->actual_value);
    io_ulp_text(d, w->ulp, sizeof w->ulp);
}

void io_report_elements(const io_report *rep, FILE *out)
{
    if (!rep->nshown)
        return;
    const char *order = rep->show.worst ? "worst" : "first";
    if (rep->differing > rep->nshown)
        fprintf(out, "  %s differing elements (%s %" PRId64 " of %" PRId64 "):\n", order, order, rep->nshown,
                rep->differing);
    else
        fputs(rep->show.worst ? "  differing elements, worst first:\n" : "  first differing elements:\n", out);
    for (int64_t k = 0; k < rep->nshown; k++) {
        io_diff_words w;
        io_diff_describe(rep, &rep->shown[k], &w);
        fprintf(out, "    %s: expected %s (%s), actual %s (%s), ULP %s\n", w.index, w.expected_value, w.expected_bits,
                w.actual_value, w.actual_bits, w.ulp);
    }
}

void io_report_text(const io_report *rep, const char *label, FILE *out)
{
    char type[SHAPE_MAX_RANK * 21 + 64], rule[160], mu[120];
    shape_format(&rep->type, type, (int)sizeof type);
    io_rule_describe(&rep->rule, rule, sizeof rule);
    fprintf(out, "%s%s%s (rule: %s): %" PRId64 " compared, %" PRId64 " differing\n",
            label ? label : "", label ? ": " : "", type, rule, rep->compared, rep->differing);
    max_ulp_text(rep, mu, sizeof mu);
    fprintf(out, "  max ULP distance: %s\n", mu);
    fprintf(out, "  max absolute error: ");
    figure_text(rep, &rep->abs_error, "no element with finite values", out);
    fprintf(out, "  max relative error: ");
    figure_text(rep, &rep->rel_error, "no element with finite values and an expected value other than 0", out);
    fprintf(out, "  ULP histogram:");
    for (int b = 0; b < IO_HIST_BUCKETS; b++)
        fprintf(out, "%s %s: %" PRId64, b ? "," : "", io_hist_labels[b], rep->histogram[b]);
    fprintf(out, "\n  mismatches counted apart: NaN %" PRId64 ", Inf %" PRId64 ", -0 %" PRId64 "\n",
            rep->nan_mismatches, rep->inf_mismatches, rep->negzero_mismatches);
    io_report_elements(rep, out);
    fprintf(out, "  result: %s\n", rep->differing ? "FAIL" : "PASS");
}

void io_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 32)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* A finite binary64 as a JSON number: the shortest decimal that reads
 * back as the same binary64 (exact for a reader that rounds correctly, as
 * JSON parsers do): 2, 0.1, 7.450580596923828e-09. */
static void json_double(FILE *out, double v)
{
    char buf[40];
    io_shortest(v, buf, sizeof buf);
    fputs(buf, out);
}

/* One part's value: a JSON number, or "nan", "inf", "-inf" */
static void json_part(FILE *out, et_id part, const unsigned char *p)
{
    const et_traits *tr = et_get(part);
    uint64_t b = et_load_bits(part, p);
    if (tr->kind == EK_FLOAT) {
        fp_class c = fp_classify(tr->fmt, b);
        double v = fp_to_double(tr->fmt, b);
        if (c == FPC_NAN)
            fputs("\"nan\"", out);
        else if (c == FPC_INF)
            fputs(v < 0 ? "\"-inf\"" : "\"inf\"", out);
        else if (v == 0 && signbit(v))
            fputs("-0.0", out);
        else
            json_double(out, v);
    } else if (tr->kind == EK_SINT) {
        fprintf(out, "%" PRId64, et_sign_extend(part, b));
    } else {
        fprintf(out, "%" PRIu64, b);
    }
}

/* An element's value: a part, or [re, im] for a complex one */
static void json_value(FILE *out, et_id elem, const unsigned char *p)
{
    et_id part = et_part(elem);
    if (et_get(elem)->kind != EK_COMPLEX) {
        json_part(out, part, p);
        return;
    }
    fputc('[', out);
    json_part(out, part, p);
    fputs(", ", out);
    json_part(out, part, p + et_get(part)->bytes);
    fputc(']', out);
}

/* "flat_index", "index", "expected", "actual" (bits), "expected_value",
 * "actual_value" (numbers), "expected_text", "actual_text" (REF's text) */
static void json_where(const io_report *rep, const io_diff *d, FILE *out)
{
    int64_t index[SHAPE_MAX_RANK];
    char eb[IO_ELEM_TEXT_MAX], ab[IO_ELEM_TEXT_MAX], ev[IO_ELEM_TEXT_MAX], av[IO_ELEM_TEXT_MAX];
    io_diff_index(rep, d, index);
    io_diff_texts(rep, d, eb, ab, ev, av);
    fprintf(out, "\"flat_index\": %" PRId64 ", \"index\": [", d->flat_index);
    for (int i = 0; i < rep->type.rank; i++)
        fprintf(out, "%s%" PRId64, i ? ", " : "", index[i]);
    fprintf(out, "], \"expected\": ");
    io_json_string(out, eb);
    fprintf(out, ", \"actual\": ");
    io_json_string(out, ab);
    fprintf(out, ", \"expected_value\": ");
    json_value(out, rep->type.elem, d->expected);
    fprintf(out, ", \"actual_value\": ");
    json_value(out, rep->type.elem, d->actual);
    fprintf(out, ", \"expected_text\": ");
    io_json_string(out, ev);
    fprintf(out, ", \"actual_text\": ");
    io_json_string(out, av);
}

static void json_figure(const io_report *rep, const char *key, const io_error_figure *f, FILE *out)
{
    fprintf(out, ", \"%s\": ", key);
    if (!f->has) {
        fputs("null", out);
        return;
    }
    fputs("{\"value\": ", out);
    json_double(out, f->value);
    fputs(", ", out);
    json_where(rep, &f->where, out);
    fputc('}', out);
}

void io_report_json(const io_report *rep, const char *extra, FILE *out)
{
    char type[SHAPE_MAX_RANK * 21 + 64], rule[160];
    shape_format(&rep->type, type, (int)sizeof type);
    io_rule_describe(&rep->rule, rule, sizeof rule);
    fprintf(out, "{%s\"type\": ", extra ? extra : "");
    io_json_string(out, type);
    fprintf(out, ", \"rule\": ");
    io_json_string(out, rule);
    fprintf(out, ", \"passed\": %s, \"compared\": %" PRId64 ", \"differing\": %" PRId64,
            rep->differing ? "false" : "true", rep->compared, rep->differing);
    if (rep->has_max_ulp)
        fprintf(out, ", \"max_ulp\": %" PRIu64, rep->max_ulp);
    else
        fprintf(out, ", \"max_ulp\": null");
    json_figure(rep, "max_abs_error", &rep->abs_error, out);
    json_figure(rep, "max_rel_error", &rep->rel_error, out);
    fprintf(out, ", \"histogram\": {");
    for (int b = 0; b < IO_HIST_BUCKETS; b++)
        fprintf(out, "%s\"%s\": %" PRId64, b ? ", " : "", io_hist_labels[b], rep->histogram[b]);
    fputc('}', out);
    fprintf(out, ", \"nan_mismatches\": %" PRId64 ", \"inf_mismatches\": %" PRId64
                 ", \"negzero_mismatches\": %" PRId64 ", \"order\": \"%s\", \"elements\": [",
            rep->nan_mismatches, rep->inf_mismatches, rep->negzero_mismatches, rep->show.worst ? "worst" : "index");
    for (int64_t k = 0; k < rep->nshown; k++) {
        const io_diff *d = &rep->shown[k];
        fputs(k ? ", {" : "{", out);
        json_where(rep, d, out);
        if (d->ulp_undefined) {
            fprintf(out, ", \"ulp\": null, \"ulp_reason\": ");
            io_json_string(out, d->ulp_undefined);
            fputc('}', out);
        } else {
            fprintf(out, ", \"ulp\": %" PRIu64 "}", d->ulp);
        }
    }
    fprintf(out, "]}");
}

void io_report_summary(const io_report *rep, char *buf, size_t size)
{
    char mu[120];
    max_ulp_text(rep, mu, sizeof mu);
    int n = snprintf(buf, size, "%" PRId64 " of %" PRId64 " elements differ (max ULP %s", rep->differing,
                     rep->compared, mu);
    if (n > 0 && (size_t)n < size && (rep->rule.has_atol || rep->rule.has_rtol)) {
        char a[40] = "none", r[40] = "none";
        if (rep->abs_error.has)
            io_shortest(rep->abs_error.value, a, sizeof a);
        if (rep->rel_error.has)
            io_shortest(rep->rel_error.value, r, sizeof r);
        n += snprintf(buf + n, size - (size_t)n, ", max abs error %s, max rel error %s", a, r);
    }
    if (n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ")");
    if (rep->nshown && n > 0 && (size_t)n < size) {
        io_diff_words w;
        io_diff_describe(rep, &rep->shown[0], &w);
        snprintf(buf + n, size - (size_t)n, ", %s at %s: expected %s (%s), actual %s (%s), ULP %s",
                 rep->show.worst ? "worst" : "first", w.index, w.expected_value, w.expected_bits, w.actual_value,
                 w.actual_bits, w.ulp);
    }
}

/* value is one of the two words: 0 the first, 1 the second, -1 neither */
static int one_of(const char *value, const char *first, const char *second)
{
    if (value && strcmp(value, first) == 0)
        return 0;
    if (value && strcmp(value, second) == 0)
        return 1;
    return -1;
}

bool io_rule_has_key(const char *key)
{
    static const char *const keys[] = { "ulp", "max-ulp", "max_ulp", "atol", "rtol", "nan",
                                        "signed_zero", "signed-zero", "inf" };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (strcmp(key, keys[k]) == 0)
            return true;
    return false;
}

irrun_status io_rule_set(io_rule *r, const char *key, const char *value, const char **want)
{
    if (strcmp(key, "ulp") == 0 || strcmp(key, "max-ulp") == 0 || strcmp(key, "max_ulp") == 0) {
        *want = "a non-negative integer";
        char *end;
        errno = 0;
        if (!value || !*value || *value == '-')
            return IRRUN_BAD_INPUT;
        unsigned long long n = strtoull(value, &end, 10);
        if (*end || errno)
            return IRRUN_BAD_INPUT;
        r->has_ulp = true;
        r->max_ulp = n;
        return IRRUN_OK;
    }
    if (strcmp(key, "atol") == 0 || strcmp(key, "rtol") == 0) {
        *want = "a non-negative number within binary64's range";
        if (!value || !*value)
            return IRRUN_BAD_INPUT;
        char *end;
        errno = 0;
        double x = strtod(value, &end);
        /* a value that underflows to 0 is not the tolerance asked for */
        if (*end || !isfinite(x) || x < 0 || (x == 0 && errno == ERANGE))
            return IRRUN_BAD_INPUT;
        if (key[0] == 'a') {
            r->has_atol = true;
            r->atol = x;
        } else {
            r->has_rtol = true;
            r->rtol = x;
        }
        return IRRUN_OK;
    }
    int k;
    if (strcmp(key, "nan") == 0) {
        *want = "any or exact";
        if ((k = one_of(value, "any", "exact")) < 0)
            return IRRUN_BAD_INPUT;
        r->nan = k == 0 ? IO_NAN_ANY : IO_NAN_EXACT;
        return IRRUN_OK;
    }
    if (strcmp(key, "signed_zero") == 0 || strcmp(key, "signed-zero") == 0) {
        *want = "equal or distinct";
        if ((k = one_of(value, "equal", "distinct")) < 0)
            return IRRUN_BAD_INPUT;
        r->zero = k == 0 ? IO_ZERO_EQUAL : IO_ZERO_DISTINCT;
        return IRRUN_OK;
    }
    if (strcmp(key, "inf") == 0) {
        *want = "exact or saturate";
        if ((k = one_of(value, "exact", "saturate")) < 0)
            return IRRUN_BAD_INPUT;
        r->inf = k == 0 ? IO_INF_EXACT : IO_INF_SATURATE;
        return IRRUN_OK;
    }
    *want = "one of ulp, atol, rtol, nan, signed_zero, inf";
    return IRRUN_BAD_INPUT;
}
