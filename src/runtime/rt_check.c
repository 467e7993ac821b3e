/* The check dialect (SPEC.md 5): REF's pass/fail rule per element, and a
 * report of every failing check (ir-run continues where REF aborts). The
 * elements are walked by the loop io/compare.c uses too
 * (core/tensor_cmp.h). */
#include <inttypes.h>
#include <math.h>

#include "runtime/rt_check.h"

#include "core/tensor_cmp.h"
#include "runtime/rt_print.h"
#include "types/etext.h"
#include "types/fparith.h"

enum { REPORT_MAX = 10 };

typedef enum { CK_EQ, CK_ALMOST, CK_CLOSE } check_rule;

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
    check_rule rule;
    const ir_check *ck;
    bool strict;
} rule_ctx;

/* both parts NaN: fails under IEEE equality even if bit-identical */
enum { NAN_PAIR = 1 };

static bool part_matches(const void *ctx, const tensor_part_pair *p, unsigned *flags)
{
    const rule_ctx *x = ctx;
    const et_traits *tr = et_get(p->type);
    if (tr->kind != EK_FLOAT)
        return p->expected == p->actual; /* integers: equality under every rule */
    if (fp_is_nan(tr->fmt, p->expected) && fp_is_nan(tr->fmt, p->actual))
        *flags |= NAN_PAIR;
    switch (x->rule) {
    case CK_EQ:
        return float_eq(tr->fmt, p->actual, p->expected, x->strict);
    case CK_ALMOST:
        return float_almost(tr->fmt, p->actual, p->expected, x->ck->tolerance);
    case CK_CLOSE:
        break; /* decided on the whole element's distance, in tally() */
    }
    return true;
}

typedef struct {
    int64_t index;
    uint64_t ulp;
    bool has_ulp;
    bool nan_pair;
} failure;

typedef struct {
    const rule_ctx *rule;
    int64_t nfail;
    int nshown;
    failure shown[REPORT_MAX]; /* the first failing elements, reported */
    int64_t ulp_hist[5];       /* expect_close: distances 0, 1, 2, 3 and >= 4 */
} tally_ctx;

static void tally(void *ctx, const tensor_elem_cmp *c)
{
    tally_ctx *t = ctx;
    const rule_ctx *x = t->rule;
    /* REF measures no distance between integers */
    uint64_t ulp = c->is_float ? c->ulp : 0;
    bool pass = c->pass;
    if (x->rule == CK_CLOSE) {
        t->ulp_hist[ulp < 4 ? ulp : 4]++;
        if (c->is_float)
            pass = ulp >= x->ck->min_ulp && ulp <= x->ck->max_ulp;
    }
    if (pass)
        return;
    if (t->nshown < REPORT_MAX)
        t->shown[t->nshown++] = (failure){ c->index, ulp, c->is_float, (c->flags & NAN_PAIR) != 0 };
    t->nfail++;
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

static void report_header(const rt_check_ctx *c, const ir_op *op)
{
    fprintf(c->err, "%s:%d:%d: error: %s failed in function @%s\n", c->file, op->loc.line, op->loc.col,
            check_name(op), c->function);
}

void rt_check_failed(const rt_check_ctx *c, const ir_op *op, const char *detail)
{
    report_header(c, op);
    fprintf(c->err, "  %s\n", detail);
}

bool rt_run_check(const rt_check_ctx *c, const ir_op *op, const tensor *actual,
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
    rule_ctx x = { rule, ck, c->strict_eq };
    tally_ctx tl = { .rule = &x };
    tensor_compare_each(expected, actual, part_matches, &x, tally, &tl);
    if (tl.nfail == 0)
        return true;
    int64_t first = tl.shown[0].index;

    FILE *err = c->err;
    char ta[ET_TEXT_MAX], te[ET_TEXT_MAX], ha[80], he[80], idx[SHAPE_MAX_RANK * 24 + 4];
    report_header(c, op);
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
    bool nan_note = false;
    for (int k = 0; k < tl.nshown; k++) {
        const failure *f = &tl.shown[k];
        const unsigned char *pa = a + f->index * (int64_t)es, *pe = b + f->index * (int64_t)es;
        et_value_text(t, pa, false, ta);
        et_value_text(t, pe, false, te);
        et_bits_text(t, pa, ha);
        et_bits_text(t, pe, he);
        index_text(&actual->type, f->index, idx);
        if (rule == CK_CLOSE) {
            /* REF's line (5.4), then the patterns REF leaves out */
            fprintf(err, "  index=%s, actual=%s, expected=%s, ULP difference=%" PRIu64
                         " (actual %s, expected %s)\n", idx, ta, te, f->ulp, ha, he);
            continue;
        }
        fprintf(err, "  index %s: expected %s (%s), actual %s (%s)", idx, te, he, ta, ha);
        if (f->has_ulp) {
            if (f->ulp == UINT64_MAX)
                fputs(", ULP distance max (18446744073709551615)", err);
            else
                fprintf(err, ", ULP distance %" PRIu64, f->ulp);
        }
        fputc('\n', err);
        nan_note = nan_note || (rule == CK_EQ && !c->strict_eq && f->nan_pair);
    }
    if (nan_note)
        fputs("  note: a NaN never equals a NaN under REF's IEEE equality (SPEC.md 5.1); "
              "--strict-eq compares bit patterns\n", err);
    if (tl.nfail > tl.nshown)
        fprintf(err, "  ... and %" PRId64 " more\n", tl.nfail - tl.nshown);
    if (rule == CK_CLOSE) {
        for (int k = 0; k < 4; k++)
            fprintf(err, "  ULP difference == %d count is %" PRId64 "\n", k, tl.ulp_hist[k]);
        fprintf(err, "  ULP difference >= 4 count is %" PRId64 "\n", tl.ulp_hist[4]);
    }
    return false;
}
