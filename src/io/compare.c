/* Element-by-element comparison under a rule, with the ULP report. */
#include "io/compare.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor_cmp.h"
#include "types/fparith.h"

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

static void add_to_report(void *ctx, const tensor_elem_cmp *c)
{
    const report_ctx *x = ctx;
    io_report *rep = x->rep;
    rep->compared++;
    rep->histogram[bucket(c->ulp)]++;
    if (c->ulp > rep->max_ulp || (c->ulp == rep->max_ulp && !rep->max_ulp_undefined)) {
        rep->max_ulp = c->ulp;
        rep->max_ulp_undefined = ulp_undefined_reason(c);
    }
    if (c->pass)
        return;
    rep->differing++;
    rep->nan_mismatches += (c->flags & MISMATCH_NAN) != 0;
    rep->inf_mismatches += (c->flags & MISMATCH_INF) != 0;
    rep->negzero_mismatches += (c->flags & MISMATCH_ZERO) != 0;
    if (rep->nfirst < IO_REPORT_FIRST) {
        et_id elem = x->expected->type.elem;
        size_t eb = et_get(elem)->bytes;
        const unsigned char *pe = (const unsigned char *)x->expected->data + (size_t)c->index * eb;
        const unsigned char *pa = (const unsigned char *)x->actual->data + (size_t)c->index * eb;
        io_diff *d = &rep->first[rep->nfirst++];
        shape_unravel(&x->expected->type, c->index, d->index);
        d->flat_index = c->index;
        d->ulp_undefined = ulp_undefined_reason(c);
        io_elem_bits_text(elem, pe, d->expected_bits);
        io_elem_bits_text(elem, pa, d->actual_bits);
        io_elem_value_text(elem, pe, d->expected_value);
        io_elem_value_text(elem, pa, d->actual_value);
        d->ulp = c->ulp;
    }
}

irrun_status io_compare(const tensor *expected, const tensor *actual, const io_rule *rule,
                        io_report *rep, char *why, size_t why_size)
{
    memset(rep, 0, sizeof *rep);
    rep->type = expected->type;
    rep->rule = *rule;
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
    report_ctx rc = { expected, actual, rep };
    tensor_compare_each(expected, actual, part_matches, &x, add_to_report, &rc);
    return rep->differing ? IRRUN_CHECK_FAILED : IRRUN_OK;
}

static void index_text(const io_report *rep, const io_diff *d, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "[");
    for (int k = 0; k < rep->type.rank && at < size; k++)
        at += (size_t)snprintf(buf + at, size - at, "%s%" PRId64, k ? ", " : "", d->index[k]);
    if (at < size)
        snprintf(buf + at, size - at, "]");
}

void io_report_text(const io_report *rep, const char *label, FILE *out)
{
    char type[SHAPE_MAX_RANK * 21 + 64], rule[160];
    shape_format(&rep->type, type, (int)sizeof type);
    io_rule_describe(&rep->rule, rule, sizeof rule);
    fprintf(out, "%s%s%s (rule: %s): %" PRId64 " compared, %" PRId64 " differing\n",
            label ? label : "", label ? ": " : "", type, rule, rep->compared, rep->differing);
    if (rep->max_ulp_undefined)
        fprintf(out, "  max ULP distance: none (%s)\n", rep->max_ulp_undefined);
    else
        fprintf(out, "  max ULP distance: %" PRIu64 "\n", rep->max_ulp);
    fprintf(out, "  ULP histogram:");
    for (int b = 0; b < IO_HIST_BUCKETS; b++)
        fprintf(out, "%s %s: %" PRId64, b ? "," : "", io_hist_labels[b], rep->histogram[b]);
    fprintf(out, "\n  mismatches counted apart: NaN %" PRId64 ", Inf %" PRId64 ", -0 %" PRId64 "\n",
            rep->nan_mismatches, rep->inf_mismatches, rep->negzero_mismatches);
    if (rep->nfirst) {
        fprintf(out, "  first differing elements%s:\n",
                rep->differing > rep->nfirst ? " (first 10)" : "");
        for (int k = 0; k < rep->nfirst; k++) {
            const io_diff *d = &rep->first[k];
            char idx[SHAPE_MAX_RANK * 22 + 4];
            index_text(rep, d, idx, sizeof idx);
            fprintf(out, "    %s: expected %s (%s), actual %s (%s), ULP %" PRIu64 "\n", idx,
                    d->expected_value, d->expected_bits, d->actual_value, d->actual_bits, d->ulp);
        }
    }
    fprintf(out, "  result: %s\n", rep->differing ? "FAIL" : "PASS");
}

static void json_string(FILE *out, const char *s)
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

void io_report_json(const io_report *rep, FILE *out)
{
    char type[SHAPE_MAX_RANK * 21 + 64], rule[160];
    shape_format(&rep->type, type, (int)sizeof type);
    io_rule_describe(&rep->rule, rule, sizeof rule);
    fprintf(out, "{\"type\": ");
    json_string(out, type);
    fprintf(out, ", \"rule\": ");
    json_string(out, rule);
    fprintf(out, ", \"passed\": %s, \"compared\": %" PRId64 ", \"differing\": %" PRId64,
            rep->differing ? "false" : "true", rep->compared, rep->differing);
    if (rep->max_ulp_undefined) {
        fprintf(out, ", \"max_ulp\": null, \"max_ulp_reason\": ");
        json_string(out, rep->max_ulp_undefined);
    } else {
        fprintf(out, ", \"max_ulp\": %" PRIu64, rep->max_ulp);
    }
    fprintf(out, ", \"histogram\": {");
    for (int b = 0; b < IO_HIST_BUCKETS; b++)
        fprintf(out, "%s\"%s\": %" PRId64, b ? ", " : "", io_hist_labels[b], rep->histogram[b]);
    fputc('}', out);
    fprintf(out, ", \"nan_mismatches\": %" PRId64 ", \"inf_mismatches\": %" PRId64
                 ", \"negzero_mismatches\": %" PRId64 ", \"first\": [",
            rep->nan_mismatches, rep->inf_mismatches, rep->negzero_mismatches);
    for (int k = 0; k < rep->nfirst; k++) {
        const io_diff *d = &rep->first[k];
        fprintf(out, "%s{\"flat_index\": %" PRId64 ", \"index\": [", k ? ", " : "", d->flat_index);
        for (int i = 0; i < rep->type.rank; i++)
            fprintf(out, "%s%" PRId64, i ? ", " : "", d->index[i]);
        fprintf(out, "], \"expected\": ");
        json_string(out, d->expected_bits);
        fprintf(out, ", \"actual\": ");
        json_string(out, d->actual_bits);
        fprintf(out, ", \"expected_value\": ");
        json_string(out, d->expected_value);
        fprintf(out, ", \"actual_value\": ");
        json_string(out, d->actual_value);
        if (d->ulp_undefined) {
            fprintf(out, ", \"ulp\": null, \"ulp_reason\": ");
            json_string(out, d->ulp_undefined);
            fputc('}', out);
        } else {
            fprintf(out, ", \"ulp\": %" PRIu64 "}", d->ulp);
        }
    }
    fprintf(out, "]}\n");
}

void io_report_summary(const io_report *rep, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%" PRId64 " of %" PRId64 " elements differ (max ULP %" PRIu64 ")",
                     rep->differing, rep->compared, rep->max_ulp);
    if (rep->nfirst && n > 0 && (size_t)n < size) {
        const io_diff *d = &rep->first[0];
        char idx[SHAPE_MAX_RANK * 22 + 4];
        index_text(rep, d, idx, sizeof idx);
        snprintf(buf + n, size - (size_t)n, ", first at %s: expected %s (%s), actual %s (%s), ULP %" PRIu64,
                 idx, d->expected_value, d->expected_bits, d->actual_value, d->actual_bits, d->ulp);
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
