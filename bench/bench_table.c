/* The op x type table of issue 16: every op family on one type of every
 * type class, each cell the kernel's throughput in millions of result
 * elements per second on 16M elements (best of two runs), marked where it
 * misses its target: 2e8 for every cell, 5e8 for class-A element-wise ops,
 * convert and iota, and for the layout ops a quarter of memcpy's throughput
 * on the result's bytes. Divide, sqrt and sign are class A on real types
 * but class B on complex ones (SPEC.md 4.7, 4.13, 4.24: C99 division,
 * csqrt, complex abs), so their complex cells have the class-B target. The
 * slowest cell and every miss are listed at the end; each miss is measured
 * again with the default thread count (a run's --threads), and a class-B
 * miss is put next to the glibc function that defines its bits, timed alone
 * on the same operands: no implementation calling it per element is
 * faster (for the composite ops, rsqrt, logistic and the complex
 * expm1/log1p, the one function each element needs). BENCH_TABLE_ELEMS overrides the size (for a quick look);
 * BENCH_TABLE_ROWS and BENCH_TABLE_COLS, comma-separated names (a row's
 * name up to its first blank, a column's label), keep only those cells. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "kernels/kern.h"
#include "parallel/pool.h"
#include "kernels/kern_numerics.h"
#include "types/fparith.h"
#include "util/mem.h"
#include "util/xorshift.h"
#include "kernels/reduce/kern_reduce.h"

/* One representative per type class (the column's label says which),
 * then the other types of 2 to 128 bits, measured only when named in
 * BENCH_TABLE_COLS or with BENCH_TABLE_ALL_TYPES set: an audit that no
 * type of a class falls off the fast loops its representative takes. */
static const struct {
    const char *label;
    et_id t;
} columns[] = {
    { "i1", ET_I1 },         { "i4", ET_I4 },           { "i32", ET_I32 },
    { "i64", ET_I64 },       { "f8E3M4", ET_F8E3M4 },   { "f8E4M3", ET_F8E4M3 },
    { "E4M3FN", ET_F8E4M3FN }, { "E4M3FNUZ", ET_F8E4M3FNUZ }, { "E4M3B11", ET_F8E4M3B11FNUZ },
    { "f8E5M2", ET_F8E5M2 }, { "E5M2FNUZ", ET_F8E5M2FNUZ }, { "E8M0FNU", ET_F8E8M0FNU },
    { "f4E2M1", ET_F4E2M1FN }, { "bf16", ET_BF16 },      { "f16", ET_F16 },
    { "f32", ET_F32 },       { "f64", ET_F64 },         { "c64", ET_C64 },
    { "i2", ET_I2 },         { "ui2", ET_UI2 },         { "ui4", ET_UI4 },       { "i8", ET_I8 },
    { "ui8", ET_UI8 },       { "i16", ET_I16 },         { "ui16", ET_UI16 },     { "ui32", ET_UI32 },
    { "ui64", ET_UI64 },     { "f6E2M3", ET_F6E2M3FN }, { "f6E3M2", ET_F6E3M2FN }, { "c128", ET_C128 },
};
enum { NCOL = sizeof columns / sizeof columns[0], CLASS_COLUMNS = 18 };

/* Targets of convert in the convert rows: one type per class. */
static const et_id convert_targets[] = { ET_I1,  ET_I4,   ET_UI8, ET_I16, ET_I32,       ET_UI64,
                                         ET_F4E2M1FN, ET_F6E3M2FN, ET_F8E4M3FN, ET_F8E5M2, ET_BF16,
                                         ET_F16, ET_F32,  ET_F64, ET_C64 };

/* TARGET_AS_REAL: a complex cell has its row's target */
typedef enum { TARGET_AS_REAL, TARGET_ANY, TARGET_CLASS_A, TARGET_LAYOUT } cell_target;

/* The operands of a cell: a and b hold random patterns of the column's
 * type (floats: modest values), p random i1, r the result; a 2-D view of
 * the same n elements is side x side. */
typedef struct {
    et_id t;
    int64_t n, side;
    tensor *a, *b, *p, *r, *scalar_lo, *scalar_hi, *row, *flags;
    pool *pool;       /* NULL: one thread */
    double cell_rate; /* set by a cell that times itself */
    char slowest[64]; /* what made that cell's rate */
} operands;

typedef irrun_status (*cell_fn)(operands *o, int arg);

/* The glibc function a class-B row's cells are defined by (SPEC.md 4.0),
 * for the report of what the library alone achieves: one of the four
 * signatures is set. */
static double complex complex_divide(double complex a, double complex b) { return a / b; }

typedef struct {
    const char *name;
    double (*real1)(double);
    double (*real2)(double, double);
    double complex (*complex1)(double complex);
    double complex (*complex2)(double complex, double complex);
} library_fn;

static const library_fn lib_pow = { "pow", .real2 = pow }, lib_atan2 = { "atan2", .real2 = atan2 },
                        lib_exp = { "exp", .real1 = exp }, lib_tanh = { "tanh", .real1 = tanh },
                        lib_log = { "log", .real1 = log }, lib_sin = { "sin", .real1 = sin },
                        lib_cos = { "cos", .real1 = cos }, lib_tan = { "tan", .real1 = tan },
                        lib_cbrt = { "cbrt", .real1 = cbrt }, lib_expm1 = { "expm1", .real1 = expm1 },
                        lib_log1p = { "log1p", .real1 = log1p }, lib_csqrt = { "csqrt", .complex1 = csqrt },
                        lib_cdiv = { "C99 complex division", .complex2 = complex_divide },
                        lib_cexp = { "cexp", .complex1 = cexp }, lib_ctanh = { "ctanh", .complex1 = ctanh },
                        lib_cpow = { "cpow", .complex2 = cpow }, lib_clog = { "clog", .complex1 = clog },
                        lib_csin = { "csin", .complex1 = csin }, lib_ccos = { "ccos", .complex1 = ccos },
                        lib_ctan = { "ctan", .complex1 = ctan };

struct row {
    const char *name;
    cell_fn run;
    int arg;
    cell_target target;
    /* complex operands make some class-A rows class B (SPEC.md 4.7 divide,
     * 4.13 sqrt, 4.24 sign): the target on the complex column */
    cell_target complex_target;
    const library_fn *lib, *complex_lib; /* NULL: none */
};


static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t pattern(et_id t)
{
    const et_traits *tr = et_get(t);
    uint64_t x = xorshift64(&rng);
    if (tr->kind == EK_FLOAT)
        return fp_from_double(tr->fmt, ((double)(x % 64) - 32.0) / 8.0, FPR_RNE);
    return x & et_value_mask(t);
}

/* 4096 random elements, repeated: filling must not cost more than the
 * cells it prepares */
static void fill(tensor *x)
{
    et_id t = x->type.elem, part = et_part(t);
    size_t es = et_get(t)->bytes, ps = et_get(part)->bytes;
    int64_t head = x->count < 4096 ? x->count : 4096;
    for (int64_t i = 0; i < head; i++) {
        unsigned char *e = (unsigned char *)x->data + (size_t)i * es;
        et_store_bits(part, e, pattern(part));
        if (part != t)
            et_store_bits(part, e + ps, pattern(part));
    }
    for (size_t have = (size_t)head * es; have < x->nbytes;) {
        size_t k = have < x->nbytes - have ? have : x->nbytes - have;
        memcpy((unsigned char *)x->data + have, x->data, k);
        have += k;
    }
}

static tensor *make(et_id t, int rank, int64_t d0, int64_t d1)
{
    tensor_type ty = { t, rank, { d0, d1 } };
    return tensor_new(&ty);
}

/* ---- the cells ---------------------------------------------------------- */

static irrun_status run_binary(operands *o, int op) { return kern_binary_on(o->pool, (kern_binop)op, o->a, o->b, o->r); }
static irrun_status run_unary(operands *o, int op) { return kern_unary_on(o->pool, (kern_unop)op, o->a, o->r); }
static irrun_status run_bits(operands *o, int op)
{
    return kern_bits_on(o->pool, (kern_bitop)op, o->a, kern_bitop_is_unary((kern_bitop)op) ? NULL : o->b, o->r);
}
static irrun_status run_compare(operands *o, int dir)
{
    return kern_compare_on(o->pool, (kern_cmpdir)dir, false, o->a, o->b, o->flags);
}
static irrun_status run_select(operands *o, int arg)
{
    (void)arg;
    return kern_select_on(o->pool, o->p, o->a, o->b, o->r);
}
static irrun_status run_clamp(operands *o, int arg)
{
    (void)arg;
    return kern_clamp_on(o->pool, o->scalar_lo, o->a, o->scalar_hi, o->r);
}
static irrun_status run_is_finite(operands *o, int arg)
{
    (void)arg;
    if (!et_is_float(o->t))
        return IRRUN_UNSUPPORTED;
    return kern_parts_on(o->pool, KP_IS_FINITE, o->a, NULL, o->flags);
}
static irrun_status run_reduce_precision(operands *o, int arg)
{
    (void)arg;
    if (!et_is_float(o->t))
        return IRRUN_UNSUPPORTED;
    return kern_reduce_precision_on(o->pool, o->a, 4, 2, o->r);
}
/* convert into each target type (into: from each source type into the
 * column's type), timed pair by pair: the cell is the slowest pair */
static irrun_status run_convert(operands *o, int into)
{
    o->cell_rate = 1e30;
    for (size_t k = 0; k < sizeof convert_targets / sizeof convert_targets[0]; k++) {
        et_id other = convert_targets[k];
        tensor *y = make(other, 1, o->n, 0);
        if (!y)
            return IRRUN_NOMEM;
        if (into)
            fill(y);
        else
            memset(y->data, 0, y->nbytes); /* its pages present before the clock starts */
        double dt = 1e30;
        irrun_status s = IRRUN_OK;
        for (int rep = 0; rep < 2 && s == IRRUN_OK && (rep == 0 || dt < 0.3); rep++) {
            double t0 = bench_now();
            s = into ? kern_convert_on(o->pool, y, o->r) : kern_convert_on(o->pool, o->a, y);
            double t = bench_now() - t0;
            dt = t < dt ? t : dt;
        }
        tensor_release(y);
        if (s != IRRUN_OK)
            return s;
        if ((double)o->n / dt < o->cell_rate) {
            o->cell_rate = (double)o->n / dt;
            snprintf(o->slowest, sizeof o->slowest, "%s -> %s", et_get(into ? other : o->t)->name,
                     et_get(into ? o->t : other)->name);
        }
    }
    return IRRUN_OK;
}
static irrun_status run_iota(operands *o, int arg)
{
    (void)arg;
    return kern_iota(0, o->r);
}
static irrun_status run_reduce(operands *o, int op)
{
    tensor_type rt = { o->t, 1, { o->side } }, it = { o->t, 0, { 0 } };
    tensor *r = tensor_new(&rt), *init = tensor_new(&it);
    tensor x = *o->a;
    x.type.rank = 2;
    x.type.dims[0] = x.type.dims[1] = o->side;
    int64_t dim = 1;
    irrun_status s = r && init ? kern_reduce_binop(o->pool, (kern_binop)op, true, &x, init, &dim, 1, r) : IRRUN_NOMEM;
    tensor_release(r);
    tensor_release(init);
    return s;
}
static tensor square(const tensor *x, int64_t side)
{
    tensor v = *x;
    v.type.rank = 2;
    v.type.dims[0] = v.type.dims[1] = side;
    return v;
}
static irrun_status run_transpose(operands *o, int arg)
{
    (void)arg;
    tensor x = square(o->a, o->side), r = square(o->r, o->side);
    static const int64_t perm[2] = { 1, 0 };
    return kern_transpose(o->pool, &x, perm, &r);
}
/* arg: the result dimension the operand's one dimension goes to (0: each
 * row is one element repeated, 1: each row is the operand) */
static irrun_status run_broadcast(operands *o, int dim)
{
    tensor r = square(o->r, o->side);
    int64_t d = dim;
    return kern_broadcast(o->pool, o->row, &d, &r);
}
static irrun_status run_slice(operands *o, int arg)
{
    (void)arg;
    tensor x = square(o->a, o->side), r = square(o->r, o->side);
    r.type.dims[0] = r.type.dims[1] = o->side - 2; /* [1, side-1) twice */
    r.count = r.type.dims[0] * r.type.dims[1];
    static const int64_t start[2] = { 1, 1 }, stride[2] = { 1, 1 };
    return kern_slice(o->pool, &x, start, stride, &r);
}
static irrun_status run_reverse(operands *o, int arg)
{
    (void)arg;
    tensor x = square(o->a, o->side), r = square(o->r, o->side);
    static const int64_t dims[1] = { 1 };
    return kern_reverse(o->pool, &x, dims, 1, &r);
}
static irrun_status run_concatenate(operands *o, int arg)
{
    (void)arg;
    tensor x = square(o->a, o->side), y = square(o->b, o->side), r = square(o->r, o->side);
    x.type.dims[0] = y.type.dims[0] = o->side / 2;
    const tensor *xs[2] = { &x, &y };
    return kern_concatenate(o->pool, xs, 2, 0, &r);
}
static irrun_status run_pad(operands *o, int arg)
{
    (void)arg;
    tensor x = square(o->a, o->side), r = square(o->r, o->side);
    x.type.dims[0] = x.type.dims[1] = o->side - 2;
    static const int64_t low[2] = { 1, 1 }, interior[2] = { 0, 0 };
    return kern_pad(o->pool, &x, o->scalar_lo, low, interior, &r);
}

/* The rows whose kernels take the pool (kern_split.c, kern_layout.c). */
static bool runs_threaded(irrun_status (*run)(operands *, int))
{
    return run == run_binary || run == run_unary || run == run_convert || run == run_bits || run == run_compare ||
           run == run_select || run == run_clamp || run == run_is_finite || run == run_reduce_precision || run == run_reduce ||
           run == run_transpose || run == run_broadcast || run == run_slice || run == run_reverse ||
           run == run_concatenate || run == run_pad;
}

/* a row's four leading fields; the others default to "as on real types" */
#define ROW(name_, run_, arg_, target_) .name = name_, .run = run_, .arg = arg_, .target = target_
static const struct row row_table[] = {
    { ROW("add", run_binary, KB_ADD, TARGET_CLASS_A) },
    { ROW("multiply", run_binary, KB_MUL, TARGET_CLASS_A) },
    { ROW("divide", run_binary, KB_DIV, TARGET_CLASS_A), .complex_target = TARGET_ANY, .complex_lib = &lib_cdiv },
    { ROW("remainder", run_binary, KB_REM, TARGET_CLASS_A) },
    { ROW("maximum", run_binary, KB_MAX, TARGET_CLASS_A) },
    { ROW("and", run_binary, KB_AND, TARGET_CLASS_A) },
    { ROW("power", run_binary, KB_POW, TARGET_ANY), .lib = &lib_pow, .complex_lib = &lib_cpow },
    { ROW("atan2", run_binary, KB_ATAN2, TARGET_ANY), .lib = &lib_atan2 },
    { ROW("negate", run_unary, KU_NEG, TARGET_CLASS_A) },
    { ROW("abs", run_unary, KU_ABS, TARGET_CLASS_A) },
    { ROW("sqrt", run_unary, KU_SQRT, TARGET_CLASS_A), .complex_target = TARGET_ANY, .complex_lib = &lib_csqrt },
    { ROW("exponential", run_unary, KU_EXP, TARGET_ANY), .lib = &lib_exp, .complex_lib = &lib_cexp },
    { ROW("tanh", run_unary, KU_TANH, TARGET_ANY), .lib = &lib_tanh, .complex_lib = &lib_ctanh },
    { ROW("rsqrt", run_unary, KU_RSQRT, TARGET_ANY), .complex_lib = &lib_csqrt },
    { ROW("log", run_unary, KU_LOG, TARGET_ANY), .lib = &lib_log, .complex_lib = &lib_clog },
    { ROW("sine", run_unary, KU_SIN, TARGET_ANY), .lib = &lib_sin, .complex_lib = &lib_csin },
    { ROW("cosine", run_unary, KU_COS, TARGET_ANY), .lib = &lib_cos, .complex_lib = &lib_ccos },
    { ROW("tan", run_unary, KU_TAN, TARGET_ANY), .lib = &lib_tan, .complex_lib = &lib_ctan },
    { ROW("cbrt", run_unary, KU_CBRT, TARGET_ANY), .lib = &lib_cbrt },
    { ROW("exponential_minus_one", run_unary, KU_EXPM1, TARGET_ANY), .lib = &lib_expm1, .complex_lib = &lib_cexp },
    { ROW("log_plus_one", run_unary, KU_LOG1P, TARGET_ANY), .lib = &lib_log1p, .complex_lib = &lib_clog },
    { ROW("logistic", run_unary, KU_LOGISTIC, TARGET_ANY), .lib = &lib_exp, .complex_lib = &lib_cexp },
    { ROW("round_nearest_afz", run_unary, KU_ROUND_AFZ, TARGET_CLASS_A) },
    { ROW("floor", run_unary, KU_FLOOR, TARGET_CLASS_A) },
    { ROW("sign", run_unary, KU_SIGN, TARGET_CLASS_A), .complex_target = TARGET_ANY },
    { ROW("not", run_unary, KU_NOT, TARGET_CLASS_A) },
    { ROW("shift_left", run_bits, KBIT_SHL, TARGET_CLASS_A) },
    { ROW("shift_right_arith", run_bits, KBIT_SHRA, TARGET_CLASS_A) },
    { ROW("popcnt", run_bits, KBIT_POPCNT, TARGET_CLASS_A) },
    { ROW("count_leading_zeros", run_bits, KBIT_CLZ, TARGET_CLASS_A) },
    { ROW("compare LT", run_compare, KC_LT, TARGET_CLASS_A) },
    { ROW("select", run_select, 0, TARGET_CLASS_A) },
    { ROW("clamp", run_clamp, 0, TARGET_CLASS_A) },
    { ROW("is_finite", run_is_finite, 0, TARGET_CLASS_A) },
    { ROW("reduce_precision", run_reduce_precision, 0, TARGET_CLASS_A) },
    { ROW("convert from (15 targets)", run_convert, 0, TARGET_CLASS_A) },
    { ROW("convert into (15 sources)", run_convert, 1, TARGET_CLASS_A) },
    { ROW("iota", run_iota, 0, TARGET_CLASS_A) },
    { ROW("reduce add rows", run_reduce, KB_ADD, TARGET_ANY) },
    { ROW("reduce max rows", run_reduce, KB_MAX, TARGET_ANY) },
    { ROW("transpose", run_transpose, 0, TARGET_LAYOUT) },
    { ROW("broadcast (inner repeat)", run_broadcast, 0, TARGET_LAYOUT) },
    { ROW("broadcast (rows)", run_broadcast, 1, TARGET_LAYOUT) },
    { ROW("slice", run_slice, 0, TARGET_LAYOUT) },
    { ROW("reverse (inner dim)", run_reverse, 0, TARGET_LAYOUT) },
    { ROW("concatenate", run_concatenate, 0, TARGET_LAYOUT) },
    { ROW("pad", run_pad, 0, TARGET_LAYOUT) },
};
#undef ROW
enum { NROW = sizeof row_table / sizeof row_table[0] };

/* elements per second of each cell; < 0: the op does not apply */
static double rate[NROW][NCOL];
/* for the cells below target: the rate with the default thread count
 * (0: not re-measured), and the library function's own rate (0: none) */
static double threaded_rate[NROW][NCOL], lib_rate[NROW][NCOL];
static double copy_rate[NCOL]; /* memcpy elements per second, same bytes */
static bool shown[NCOL];       /* the classes' columns and the audited types */
static char slowest_pair[NROW][NCOL][64];

static bool operands_open(operands *o, et_id t, int64_t side)
{
    memset(o, 0, sizeof *o);
    o->t = t;
    o->side = side;
    o->n = side * side;
    o->a = make(t, 1, o->n, 0);
    o->b = make(t, 1, o->n, 0);
    o->r = make(t, 1, o->n, 0);
    o->p = make(ET_I1, 1, o->n, 0);
    o->scalar_lo = make(t, 0, 0, 0);
    o->scalar_hi = make(t, 0, 0, 0);
    o->row = make(t, 1, side, 0);
    o->flags = make(ET_I1, 1, o->n, 0);
    if (!o->a || !o->b || !o->r || !o->p || !o->scalar_lo || !o->scalar_hi || !o->row || !o->flags)
        return false;
    memset(o->r->data, 0, o->r->nbytes);
    memset(o->flags->data, 0, o->flags->nbytes);
    fill(o->a);
    fill(o->b);
    fill(o->p);
    fill(o->row);
    fill(o->scalar_lo);
    fill(o->scalar_hi);
    return true;
}

static void operands_close(operands *o)
{
    tensor_release(o->a);
    tensor_release(o->b);
    tensor_release(o->r);
    tensor_release(o->p);
    tensor_release(o->scalar_lo);
    tensor_release(o->scalar_hi);
    tensor_release(o->row);
    tensor_release(o->flags);
}

static bool is_complex(et_id t) { return et_get(t)->kind == EK_COMPLEX; }

static double target_of(int row, int col)
{
    cell_target target = row_table[row].target;
    if (is_complex(columns[col].t) && row_table[row].complex_target != TARGET_AS_REAL)
        target = row_table[row].complex_target;
    switch (target) {
    case TARGET_AS_REAL:
    case TARGET_ANY: return 2e8;
    case TARGET_CLASS_A: return 5e8;
    case TARGET_LAYOUT: return copy_rate[col] / 4 > 2e8 ? copy_rate[col] / 4 : 2e8;
    }
    return 2e8;
}

/* The library function alone, in a plain loop over the operands converted
 * to binary64 beforehand (at most 4M of them): what any implementation that
 * calls it per element can reach. 0 when the row has none. */
static double library_rate(const library_fn *fn, const operands *o)
{
    if (!fn)
        return 0;
    bool cplx = is_complex(o->t);
    int64_t m = o->n < (INT64_C(1) << 22) ? o->n : INT64_C(1) << 22;
    tensor_type wide = { cplx ? ET_C128 : ET_F64, 1, { m } };
    tensor *a = tensor_new(&wide), *b = tensor_new(&wide), *r = tensor_new(&wide);
    double rate_found = 0;
    if (a && b && r) {
        tensor va = tensor_view(o->t, m, o->a->data), vb = tensor_view(o->t, m, o->b->data);
        if (kern_convert(&va, a) == IRRUN_OK && kern_convert(&vb, b) == IRRUN_OK) {
            const double *x = a->data, *y = b->data;
            double *z = r->data;
            const double complex *cx = a->data, *cy = b->data;
            double complex *cz = r->data;
            double best = 1e30;
            for (int rep = 0; rep < 2; rep++) {
                double t0 = bench_now();
                if (fn->real1)
                    for (int64_t i = 0; i < m; i++)
                        z[i] = fn->real1(x[i]);
                else if (fn->real2)
                    for (int64_t i = 0; i < m; i++)
                        z[i] = fn->real2(x[i], y[i]);
                else if (fn->complex1)
                    for (int64_t i = 0; i < m; i++)
                        cz[i] = fn->complex1(cx[i]);
                else
                    for (int64_t i = 0; i < m; i++)
                        cz[i] = fn->complex2(cx[i], cy[i]);
                double dt = bench_now() - t0;
                best = dt < best ? dt : best;
            }
            rate_found = (double)m / best;
        }
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r);
    return rate_found;
}

/* integer cells of a class-B row call no library function */
static const library_fn *row_library(int row, et_id t)
{
    return is_complex(t) ? row_table[row].complex_lib : et_is_float(t) ? row_table[row].lib : NULL;
}

/* true when the comma-separated list `keep` (NULL: everything) names `name` */
static bool kept(const char *keep, const char *name)
{
    if (!keep || !*keep)
        return true;
    size_t len = strcspn(name, " ");
    for (const char *p = keep; *p;) {
        size_t k = strcspn(p, ",");
        if (k == len && strncmp(p, name, len) == 0)
            return true;
        p += k + (p[k] == ',');
    }
    return false;
}

void bench_table(void)
{
    const char *keep_rows = getenv("BENCH_TABLE_ROWS"), *keep_cols = getenv("BENCH_TABLE_COLS");
    const char *env = getenv("BENCH_TABLE_ELEMS");
    int64_t want = env ? atoll(env) : INT64_C(1) << 24;
    int64_t side = 2;
    while (side * side < want)
        side *= 2;
    int64_t n = side * side;
    pool *threads = pool_default_threads() > 1 ? pool_new(pool_default_threads()) : NULL;
    bool all_types = getenv("BENCH_TABLE_ALL_TYPES") != NULL;
    for (int c = 0; c < NCOL; c++) {
        operands o;
        et_id t = columns[c].t;
        shown[c] = c < CLASS_COLUMNS || all_types || (keep_cols && kept(keep_cols, columns[c].label));
        if (!shown[c] || !kept(keep_cols, columns[c].label)) {
            for (int r = 0; r < NROW; r++)
                rate[r][c] = -1;
            continue;
        }
        double copy = bench_memcpy_seconds((size_t)n * et_get(t)->bytes);
        copy_rate[c] = copy > 0 ? (double)n / copy : 0;
        if (!operands_open(&o, t, side)) {
            printf("op x type table: out of memory at %s\n", et_get(t)->name);
            operands_close(&o);
            pool_free(threads);
            return;
        }
        for (int r = 0; r < NROW; r++) {
            double best = 1e30;
            irrun_status s = IRRUN_OK;
            if (!kept(keep_rows, row_table[r].name)) {
                rate[r][c] = -1;
                continue;
            }
            o.cell_rate = 0;
            o.slowest[0] = 0;
            /* a second run only where the first was short (slow cells are
             * far from their targets either way) */
            int reps = row_table[r].run == run_convert ? 1 : 2;
            for (int rep = 0; rep < reps && s == IRRUN_OK && (rep == 0 || best < 0.3); rep++) {
                double t0 = bench_now();
                s = row_table[r].run(&o, row_table[r].arg);
                double dt = bench_now() - t0;
                best = dt < best ? dt : best;
            }
            rate[r][c] = s != IRRUN_OK ? -1 : o.cell_rate > 0 ? o.cell_rate : (double)n / best;
            memcpy(slowest_pair[r][c], o.slowest, sizeof o.slowest);
            threaded_rate[r][c] = lib_rate[r][c] = 0;
            if (rate[r][c] < 0 || rate[r][c] >= target_of(r, c))
                continue;
            const library_fn *fn = row_library(r, t);
            lib_rate[r][c] = library_rate(fn, &o);
            /* a miss again with the thread count a run uses by default */
            if (threads && runs_threaded(row_table[r].run)) {
                o.pool = threads;
                o.cell_rate = 0;
                double t0 = bench_now();
                s = row_table[r].run(&o, row_table[r].arg);
                double dt = bench_now() - t0;
                o.pool = NULL;
                if (s == IRRUN_OK)
                    threaded_rate[r][c] = o.cell_rate > 0 ? o.cell_rate : (double)n / dt;
            }
        }
        operands_close(&o);
    }
    printf("\nop x type table: million result elements/s, %lld elements (a %lldx%lld square for the\n"
           "layout ops and reduce); * below 2e8, ! below the row's target (5e8 for class-A ops,\n"
           "convert and iota; 1/4 of memcpy on the same bytes for layout ops), - not defined\n",
           (long long)n, (long long)side, (long long)side);
    printf("%-26s", "op");
    for (int c = 0; c < NCOL; c++)
        if (shown[c])
            printf("%9s", columns[c].label);
    printf("\n%-26s", "memcpy");
    for (int c = 0; c < NCOL; c++)
        if (shown[c])
            printf("%9.0f", copy_rate[c] / 1e6);
    printf("\n");
    int worst_r = -1, worst_c = -1, misses = 0;
    for (int r = 0; r < NROW; r++) {
        printf("%-26s", row_table[r].name);
        for (int c = 0; c < NCOL; c++) {
            if (!shown[c])
                continue;
            if (rate[r][c] < 0) {
                printf("%9s", "-");
                continue;
            }
            const char *mark = rate[r][c] < 2e8 ? "*" : rate[r][c] < target_of(r, c) ? "!" : " ";
            misses += *mark != ' ';
            printf("%8.0f%s", rate[r][c] / 1e6, mark);
            if (worst_r < 0 || rate[r][c] < rate[worst_r][worst_c]) {
                worst_r = r;
                worst_c = c;
            }
        }
        printf("\n");
    }
    if (worst_r >= 0)
        printf("slowest cell: %s on %s, %.3g elements/s %s\n", row_table[worst_r].name,
               et_get(columns[worst_c].t)->name, rate[worst_r][worst_c], slowest_pair[worst_r][worst_c]);
    printf("cells below their target: %d (one thread)\n", misses);
    int threaded_misses = 0;
    for (int r = 0; r < NROW; r++)
        for (int c = 0; c < NCOL; c++) {
            if (rate[r][c] < 0 || rate[r][c] >= target_of(r, c))
                continue;
            printf("  miss: %-26s %-14s %.3g elements/s, target %.3g (%.0f%%) %s\n", row_table[r].name,
                   et_get(columns[c].t)->name, rate[r][c], target_of(r, c), 100 * rate[r][c] / target_of(r, c),
                   slowest_pair[r][c]);
            if (threaded_rate[r][c] > 0)
                printf("        with %d threads: %.3g elements/s%s\n", pool_threads(threads),
                       threaded_rate[r][c], threaded_rate[r][c] >= target_of(r, c) ? ", on target" : "");
            threaded_misses += !(threaded_rate[r][c] >= target_of(r, c));
            const library_fn *fn = row_library(r, columns[c].t);
            if (lib_rate[r][c] > 0)
                printf("        glibc's binary64 %s alone on the same operands: %.3g elements/s (the cell: %.2fx)\n",
                       fn->name, lib_rate[r][c], rate[r][c] / lib_rate[r][c]);
        }
    if (threads)
        printf("cells below their target with %d threads (the default): %d\n", pool_threads(threads),
               threaded_misses);
    pool_free(threads);
    fflush(stdout);
}
