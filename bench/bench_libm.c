/* Issue 38's rows for the math kernels.
 *
 * f64 against glibc: the f64 functions SPEC.md 4.0 ties to glibc (power,
 * atan2, tan, cbrt, tanh, sine, cosine, exponential) through ir-run's
 * kernel entry (kern_unary / kern_binary, one thread) against a plain loop
 * calling glibc's function on the same operands, timed in the same run
 * (best of several, interleaved). The ratio is ir-run's rate over glibc's;
 * the target is at least 0.9.
 *
 * Special values: the unary math kernels on f32 and f64 and reduce (sum,
 * max over rows of 1024, one thread) on a tensor full of NaN (quiet and
 * signaling, both signs, varied payloads), full of infinities (both signs)
 * and full of subnormals, each against the same kernel on ordinary values
 * of the same size; the ratio is the special tensor's time over the
 * ordinary one's, the target at most 1.5. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "kernels/kern.h"
#include "types/fpformat.h"
#include "util/bitcast.h"
#include "util/xorshift.h"
#include "kernels/reduce/kern_reduce.h"

enum { N = 1 << 20, REPS = 7 };

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    return tensor_new(&ty);
}

/* [lo, hi] uniformly, or (wide) magnitudes 2^[-30, 30] log-uniformly with
 * both signs (positive only when lo >= 0) */
static double operand(uint64_t *s, double lo, double hi, bool wide)
{
    double u = (double)(xorshift64(s) >> 11) * 0x1p-53;
    if (!wide)
        return lo + (hi - lo) * u;
    double m = exp2(-30.0 + 60.0 * u);
    return lo < 0 && (xorshift64(s) & 1) ? -m : m;
}

static void fill_f64(tensor *x, uint64_t seed, double lo, double hi, bool wide)
{
    double *p = x->data;
    uint64_t s = seed;
    for (int64_t i = 0; i < x->count; i++)
        p[i] = operand(&s, lo, hi, wide);
}

typedef struct {
    const char *name;
    kern_unop uop; /* KU_COUNT for a binary op */
    kern_binop bop;
    double (*f1)(double);
    double (*f2)(double, double);
    double lo, hi; /* the first operand's range; the second's is [-10, 10] */
} libm_row;

static double time_kernel(const libm_row *w, const tensor *a, const tensor *b, tensor *r)
{
    double t0 = bench_now();
    irrun_status rc = w->uop != KU_COUNT ? kern_unary(w->uop, a, r) : kern_binary(w->bop, a, b, r);
    double dt = bench_now() - t0;
    return rc == IRRUN_OK ? dt : 1e30;
}

/* the plain loop a user would write: glibc's function on every element */
static double time_glibc(const libm_row *w, const tensor *a, const tensor *b, tensor *r)
{
    const double *x = a->data, *y = b->data;
    double *o = r->data;
    double t0 = bench_now();
    if (w->f1)
        for (int64_t i = 0; i < a->count; i++)
            o[i] = w->f1(x[i]);
    else
        for (int64_t i = 0; i < a->count; i++)
            o[i] = w->f2(x[i], y[i]);
    return bench_now() - t0;
}

static void libm_vs_glibc(const libm_row *w, bool wide)
{
    tensor *a = vec(ET_F64, N), *b = vec(ET_F64, N), *r = vec(ET_F64, N), *g = vec(ET_F64, N);
    if (a && b && r && g) {
        fill_f64(a, 7, w->lo, w->hi, wide);
        fill_f64(b, 13, -10.0, 10.0, wide);
        double tk = 1e30, tg = 1e30;
        for (int rep = 0; rep < REPS; rep++) {
            double t = time_kernel(w, a, b, r);
            tk = t < tk ? t : tk;
            t = time_glibc(w, a, b, g);
            tg = t < tg ? t : tg;
        }
        bool same = memcmp(r->data, g->data, r->nbytes) == 0;
        printf("%-10s f64 %-22s ir-run %9.3g elem/s  glibc %9.3g elem/s  ratio %.2fx%s%s\n", w->name,
               wide ? "wide (2^[-30,30])" : w->lo < 0 ? "[-10, 10]" : "(0, 10]", (double)N / tk, (double)N / tg,
               tg / tk, tg / tk < 0.9 ? "  (below the target of 0.9x)" : "", same ? "" : "  (RESULTS DIFFER)");
        fflush(stdout);
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
    tensor_release(g);
}

/* The special tensors: kinds of content. */
enum { ORDINARY, ALL_NAN, ALL_INF, ALL_SUBNORMAL, KINDS };
static const char *const kind_name[KINDS] = { "ordinary", "NaN", "Inf", "subnormal" };

/* x's elements of one kind, by their bits in x's float format: NaNs with
 * random payloads and signs, infinities of both signs, subnormals of both
 * signs, or ordinary values in [-10, 10] */
static void fill_kind(tensor *x, int kind)
{
    fp_id f = et_get(x->type.elem)->fmt;
    const fp_format *F = fp_fmt(f);
    uint64_t exp_all = ((UINT64_C(1) << F->ebits) - 1) << F->mbits, frac_mask = (UINT64_C(1) << F->mbits) - 1;
    uint64_t sign_bit = UINT64_C(1) << (F->ebits + F->mbits);
    size_t es = tensor_elem_bytes(x);
    uint64_t s = 99;
    for (int64_t i = 0; i < x->count; i++) {
        uint64_t r = xorshift64(&s), sg = r >> 63 ? sign_bit : 0, frac = r & frac_mask, bits;
        switch (kind) {
        case ALL_NAN: bits = sg | exp_all | (frac ? frac : 1); break;
        case ALL_INF: bits = sg | exp_all; break;
        case ALL_SUBNORMAL: bits = sg | (frac ? frac : 1); break;
        default: bits = fp_from_double(f, operand(&s, -10.0, 10.0, false), FPR_RNE); break;
        }
        memcpy((unsigned char *)x->data + (size_t)i * es, &bits, es); /* little-endian hosts */
    }
}

typedef irrun_status (*special_run)(int op, const tensor *x, tensor *r);

static irrun_status run_unary(int op, const tensor *x, tensor *r) { return kern_unary((kern_unop)op, x, r); }

static irrun_status run_binary(int op, const tensor *x, tensor *r) { return kern_binary((kern_binop)op, x, x, r); }

static irrun_status run_convert(int op, const tensor *x, tensor *r)
{
    (void)op;
    return kern_convert(x, r);
}

static irrun_status run_reduce(int op, const tensor *x, tensor *r)
{
    tensor_type two = { x->type.elem, 2, { x->count / 1024, 1024 } }, one = { x->type.elem, 0, { 0 } };
    tensor xv = *x, init = tensor_view(x->type.elem, 1, NULL);
    xv.type = two;
    double d = op == KB_ADD ? 0.0 : -INFINITY;
    float f = (float)d;
    init.type = one;
    init.data = x->type.elem == ET_F64 ? (void *)&d : (void *)&f;
    int64_t dim = 1;
    return kern_reduce_binop(NULL, (kern_binop)op, true, &xv, &init, &dim, 1, r);
}

/* one row: the time of each special kind over the ordinary one */
static void special_row(const char *name, special_run run, int op, et_id t, et_id rt, int64_t n, int64_t rn)
{
    tensor *x[KINDS] = { 0 }, *r = vec(rt, rn);
    bool ok = r != NULL;
    for (int k = 0; k < KINDS; k++) {
        x[k] = vec(t, n);
        ok = ok && x[k];
        if (x[k])
            fill_kind(x[k], k);
    }
    if (ok) {
        double best[KINDS];
        for (int k = 0; k < KINDS; k++)
            best[k] = 1e30;
        for (int rep = 0; rep < REPS; rep++)
            for (int k = 0; k < KINDS; k++) {
                double t0 = bench_now();
                irrun_status rc = run(op, x[k], r);
                double dt = rc == IRRUN_OK ? bench_now() - t0 : 1e30;
                best[k] = dt < best[k] ? dt : best[k];
            }
        printf("%-22s %s ordinary %9.3g elem/s;", name, et_get(t)->name, (double)n / best[ORDINARY]);
        bool slow = false;
        for (int k = ALL_NAN; k < KINDS; k++) {
            double q = best[k] / best[ORDINARY];
            printf(" %s %.2fx", kind_name[k], q);
            slow = slow || q > 1.5;
        }
        printf("%s\n", slow ? "  (above the target of 1.5x)" : "");
        fflush(stdout);
    }
    for (int k = 0; k < KINDS; k++)
        tensor_release(x[k]);
    tensor_release(r);
}

void bench_math_libm(void)
{
    static const libm_row rows[] = {
        { "power", KU_COUNT, KB_POW, NULL, pow, 0.0, 10.0 },
        { "atan2", KU_COUNT, KB_ATAN2, NULL, atan2, -10.0, 10.0 },
        { "tan", KU_TAN, KB_COUNT, tan, NULL, -10.0, 10.0 },
        { "cbrt", KU_CBRT, KB_COUNT, cbrt, NULL, -10.0, 10.0 },
        { "tanh", KU_TANH, KB_COUNT, tanh, NULL, -10.0, 10.0 },
        { "sine", KU_SIN, KB_COUNT, sin, NULL, -10.0, 10.0 },
        { "cosine", KU_COS, KB_COUNT, cos, NULL, -10.0, 10.0 },
        { "exponential", KU_EXP, KB_COUNT, exp, NULL, -10.0, 10.0 },
    };
    printf("f64 functions against glibc's own loop (ratio = ir-run's rate / glibc's, target >= 0.9x)\n");
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        libm_vs_glibc(&rows[k], false);
        libm_vs_glibc(&rows[k], true);
    }

    static const struct {
        const char *name;
        kern_unop op;
    } un[] = {
        { "exponential", KU_EXP }, { "log", KU_LOG },     { "tanh", KU_TANH },
        { "sine", KU_SIN },        { "cosine", KU_COS },  { "tan", KU_TAN },
        { "exponential_minus_one", KU_EXPM1 }, { "log_plus_one", KU_LOG1P }, { "cbrt", KU_CBRT },
    };
    printf("special values against ordinary ones, same kernel (ratio = time / ordinary time, target <= 1.5x)\n");
    for (int w = 0; w < 2; w++) {
        et_id t = w ? ET_F64 : ET_F32;
        for (size_t k = 0; k < sizeof un / sizeof un[0]; k++)
            special_row(un[k].name, run_unary, un[k].op, t, t, N, N);
        special_row("reduce add rows 1024", run_reduce, KB_ADD, t, t, N, N / 1024);
        special_row("reduce max rows 1024", run_reduce, KB_MAX, t, t, N, N / 1024);
        static const et_id to[] = { ET_BF16, ET_F16, ET_F8E4M3FN, ET_F8E5M2 };
        for (size_t k = 0; k < sizeof to / sizeof to[0]; k++) {
            char name[48];
            snprintf(name, sizeof name, "convert to %s", et_get(to[k])->name);
            special_row(name, run_convert, 0, t, to[k], N, N);
        }
    }
    /* the binary loops that redo NaN lanes (x op x) */
    static const et_id half[] = { ET_BF16, ET_F16 };
    for (int h = 0; h < 2; h++) {
        special_row("add", run_binary, KB_ADD, half[h], half[h], N, N);
        special_row("multiply", run_binary, KB_MUL, half[h], half[h], N, N);
    }
}
