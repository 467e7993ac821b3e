/* The check dialect (SPEC.md 5): REF's pass/fail rule per element, and a
 * report of every failing check (ir-run continues where REF aborts). */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"
#include "types/etext.h"
#include "types/fparith.h"

enum { REPORT_MAX = 10 };

typedef enum { CK_EQ, CK_ALMOST, CK_CLOSE } check_rule;

static uint64_t part_bits(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    memcpy(&v, p, n);
    return v;
}

/* 5.1: IEEE equality; --strict-eq (section 8 item 2): identical patterns,
 * for expect_eq and expect_eq_const only. */
static bool float_eq(fp_id f, uint64_t a, uint64_t b, bool strict)
{
    if (strict)
        return a == b;
    return fp_compare(f, a, b) == 0;
}

/* 5.3 for one float pair. */
static bool float_almost(fp_id f, uint64_t a, uint64_t b, double tol)
{
    int c = fp_compare(f, a, b);
    if (c == 0)
        return true;
    bool na = fp_is_nan(f, a), nb = fp_is_nan(f, b);
    if (na || nb)
        return na && nb;
    if (fp_classify(f, a) == FPC_INF || fp_classify(f, b) == FPC_INF)
        return false;
    return fabs(fp_to_double(f, a) - fp_to_double(f, b)) <= tol;
}

typedef struct {
    bool pass;
    bool has_ulp;
    bool nan_pair; /* both parts NaN: fails under IEEE equality even if bit-identical */
    uint64_t ulp;
} elem_result;

static elem_result check_elem(check_rule rule, const ir_check *ck, bool strict, et_id t,
                              const unsigned char *a, const unsigned char *b)
{
    const et_traits *tr = et_get(t);
    elem_result r = { true, false, false, 0 };
    if (tr->kind != EK_FLOAT && tr->kind != EK_COMPLEX) {
        r.pass = et_load_bits(t, a) == et_load_bits(t, b);
        return r;
    }
    int parts = tr->kind == EK_COMPLEX ? 2 : 1;
    size_t pb = tr->kind == EK_COMPLEX ? tr->bytes / 2 : tr->bytes;
    for (int k = 0; k < parts; k++) {
        uint64_t x = tr->kind == EK_COMPLEX ? part_bits(a + k * pb, pb) : et_load_bits(t, a);
        uint64_t y = tr->kind == EK_COMPLEX ? part_bits(b + k * pb, pb) : et_load_bits(t, b);
        uint64_t d = fp_ulp_distance(tr->fmt, x, y);
        if (!r.has_ulp || d > r.ulp)
            r.ulp = d;
        r.has_ulp = true;
        if (fp_is_nan(tr->fmt, x) && fp_is_nan(tr->fmt, y))
            r.nan_pair = true;
        switch (rule) {
        case CK_EQ:
            r.pass = r.pass && float_eq(tr->fmt, x, y, strict);
            break;
        case CK_ALMOST:
            r.pass = r.pass && float_almost(tr->fmt, x, y, ck->tolerance);
            break;
        case CK_CLOSE:
            break;
        }
    }
    if (rule == CK_CLOSE)
        r.pass = r.ulp >= ck->min_ulp && r.ulp <= ck->max_ulp;
    return r;
}

static void index_text(const tensor_type *t, int64_t flat, char *buf)
{
    int64_t idx[SHAPE_MAX_RANK];
    shape_unravel(t, flat, idx);
    size_t n = 0;
    buf[n++] = '[';
    for (int d = 0; d < t->rank; d++)
        n += (size_t)sprintf(buf + n, "%s%" PRId64, d ? ", " : "", idx[d]);
    buf[n++] = ']';
    buf[n] = '\0';
}

static const char *check_name(const ir_op *op)
{
    if (op->kind == IR_OP_CHECK_EQ)
        return "stablehlo.custom_call(@check.eq)";
    return ir_op_name(op->kind);
}

bool interp_run_check(const interp_check_ctx *c, const ir_op *op, const tensor *actual,
                      const tensor *expected)
{
    const ir_check *ck = &op->a.check;
    et_id t = actual->type.elem;
    bool is_float = et_is_float(t) || et_get(t)->kind == EK_COMPLEX;
    check_rule rule;
    switch (op->kind) {
    case IR_OP_CHECK_EXPECT_ALMOST_EQ:
    case IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST:
        rule = CK_ALMOST;
        break;
    case IR_OP_CHECK_EXPECT_CLOSE:
        rule = CK_CLOSE;
        break;
    case IR_OP_CHECK_EQ:
        rule = is_float ? CK_ALMOST : CK_EQ; /* 5.6 */
        break;
    default:
        rule = CK_EQ;
        break;
    }
    size_t es = tensor_elem_bytes(actual);
    const unsigned char *a = actual->data, *b = expected->data;
    int64_t nfail = 0, first = -1;
    int64_t ulp_hist[5] = { 0 };
    for (int64_t i = 0; i < actual->count; i++) {
        elem_result r = check_elem(rule, ck, c->strict_eq, t, a + i * (int64_t)es, b + i * (int64_t)es);
        if (rule == CK_CLOSE)
            ulp_hist[r.ulp < 4 ? r.ulp : 4]++;
        if (!r.pass) {
            if (first < 0)
                first = i;
            nfail++;
        }
    }
    if (nfail == 0)
        return true;

    FILE *err = c->err;
    char ta[ET_TEXT_MAX], te[ET_TEXT_MAX], ha[80], he[80], idx[SHAPE_MAX_RANK * 24 + 4];
    fprintf(err, "%s:%d:%d: error: %s failed in function @%s\n", c->file, op->loc.line, op->loc.col,
            check_name(op), c->function);
    /* REF's own detail for the first mismatch (5.1-5.4) */
    et_value_text(t, a + first * (int64_t)es, false, ta);
    et_value_text(t, b + first * (int64_t)es, false, te);
    index_text(&actual->type, first, idx);
    if (rule == CK_EQ)
        fprintf(err, "  Element values don't match: %s (actual) vs %s (expected) at index %s\n", ta,
                te, idx);
    else if (rule == CK_ALMOST)
        fprintf(err, "  Element values don't match with tolerance %f: %s (actual) vs %s (expected) at index %s\n",
                ck->tolerance, ta, te, idx);
    else
        fprintf(err, "  Elements values don't match with respect to maximal ULP difference=%" PRIu64
                     " limit:\n", ck->max_ulp);
    int64_t shown = 0;
    bool nan_note = false;
    for (int64_t i = first; i < actual->count && shown < REPORT_MAX; i++) {
        const unsigned char *pa = a + i * (int64_t)es, *pe = b + i * (int64_t)es;
        elem_result r = check_elem(rule, ck, c->strict_eq, t, pa, pe);
        if (r.pass)
            continue;
        shown++;
        et_value_text(t, pa, false, ta);
        et_value_text(t, pe, false, te);
        et_bits_text(t, pa, ha);
        et_bits_text(t, pe, he);
        index_text(&actual->type, i, idx);
        if (rule == CK_CLOSE) {
            /* REF's line (5.4), then the patterns REF leaves out */
            fprintf(err, "  index=%s, actual=%s, expected=%s, ULP difference=%" PRIu64
                         " (actual %s, expected %s)\n", idx, ta, te, r.ulp, ha, he);
            continue;
        }
        fprintf(err, "  index %s: expected %s (%s), actual %s (%s)", idx, te, he, ta, ha);
        if (r.has_ulp) {
            if (r.ulp == UINT64_MAX)
                fputs(", ULP distance max (18446744073709551615)", err);
            else
                fprintf(err, ", ULP distance %" PRIu64, r.ulp);
        }
        fputc('\n', err);
        nan_note = nan_note || (rule == CK_EQ && !c->strict_eq && r.nan_pair);
    }
    if (nan_note)
        fputs("  note: a NaN never equals a NaN under REF's IEEE equality (SPEC.md 5.1); "
              "--strict-eq compares bit patterns\n", err);
    if (nfail > shown)
        fprintf(err, "  ... and %" PRId64 " more\n", nfail - shown);
    if (rule == CK_CLOSE) {
        for (int k = 0; k < 4; k++)
            fprintf(err, "  ULP difference == %d count is %" PRId64 "\n", k, ulp_hist[k]);
        fprintf(err, "  ULP difference >= 4 count is %" PRId64 "\n", ulp_hist[4]);
    }
    return false;
}
