/* The reduce fast path (SPEC.md 4.40) for bodies that are one binary op on
 * the block arguments. Each result element is a left fold, in row-major
 * order of its reduced coordinates, starting from the init value; folds of
 * different result elements are independent, so the operand is first
 * transposed to make every fold's elements adjacent (or every fold step a
 * contiguous row). */
#include "kernels/reduce/kern_reduce.h"
#include "kernels/kern_binary_avx2.h"
#include "kernels/math/kern_ieee_arith.h"
#include "util/mem.h"

/* The kept dims first and the reduced dims last (or the reduced dims
 * first), each group in increasing order, so that a result element's fold
 * order is the row-major order of its reduced coordinates. */
static void reduce_perm(int rank, const int64_t *dims, int ndims, bool reduced_first, int64_t *perm)
{
    bool red[SHAPE_MAX_RANK] = { false };
    for (int i = 0; i < ndims; i++)
        red[dims[i]] = true;
    int at = 0;
    for (int pass = 0; pass < 2; pass++) {
        bool want_reduced = (pass == 0) == reduced_first;
        for (int d = 0; d < rank; d++)
            if (red[d] == want_reduced)
                perm[at++] = d;
    }
}

tensor *kern_reduce_permuted(const tensor *x, const int64_t *dims, int ndims, bool reduced_first)
{
    int64_t perm[SHAPE_MAX_RANK];
    reduce_perm(x->type.rank, dims, ndims, reduced_first, perm);
    tensor_type t = x->type;
    for (int d = 0; d < t.rank; d++)
        t.dims[d] = x->type.dims[perm[d]];
    tensor *p = tensor_new(&t);
    if (p)
        kern_transpose(NULL, x, perm, p);
    return p;
}

/* Result elements per part when a reduce is split over threads: fixed by
 * the shapes alone, so the bits do not depend on the thread count (every
 * result element is its own fold either way). */
enum { REDUCE_PART_STEPS = 1 << 20, REDUCE_PART_MIN_ELEMS = 1 << 12 };

static int64_t elems_per_part(const pool *p, int64_t R, int64_t count)
{
    if (pool_tiny_parts(p))
        return 3 < count ? 3 : count;
    int64_t n = REDUCE_PART_STEPS / (R > 0 ? R : 1);
    n = n < REDUCE_PART_MIN_ELEMS ? REDUCE_PART_MIN_ELEMS : n;
    return n < count ? n : count;
}

typedef struct {
    kern_binop op;
    bool acc_left;
    const tensor *xp, *init;
    const uint8_t *table;
    int64_t R, per_part;
    tensor *r;
} fold_job;

static irrun_status fold_bytes_part(void *vj, int64_t part)
{
    const fold_job *j = vj;
    const uint8_t *t = j->table, *x = j->xp->data;
    uint8_t *o = j->r->data;
    uint8_t start = *(const uint8_t *)j->init->data;
    int64_t lo = part * j->per_part, hi = lo + j->per_part < j->r->count ? lo + j->per_part : j->r->count;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *row = x + i * j->R;
        unsigned acc = start;
        if (j->acc_left)
            for (int64_t k = 0; k < j->R; k++)
                acc = t[acc << 8 | row[k]];
        else
            for (int64_t k = 0; k < j->R; k++)
                acc = t[(unsigned)row[k] << 8 | acc];
        o[i] = (uint8_t)acc;
    }
    return IRRUN_OK;
}

/* 1-byte element types: the op as a 64K table (built with the whole-tensor
 * kernel itself, so it has exactly its semantics), then one lookup per
 * step. xp is [outputs, R]. */
static irrun_status fold_bytes(pool *p, kern_binop op, bool acc_left, const tensor *xp, const tensor *init,
                               int64_t R, tensor *r)
{
    tensor_type tt = { init->type.elem, 1, { 65536 } };
    tensor *ta = tensor_new(&tt), *tb = tensor_new(&tt), *tab = tensor_new(&tt);
    irrun_status rc = IRRUN_NOMEM;
    if (ta && tb && tab) {
        uint8_t *pa = ta->data, *pb = tb->data;
        for (unsigned i = 0; i < 65536; i++) {
            pa[i] = (uint8_t)(i >> 8);
            pb[i] = (uint8_t)i;
        }
        /* sub-byte integers must be in their memory layout to be operands */
        kern_int_normalize(tt.elem, pa, 65536);
        kern_int_normalize(tt.elem, pb, 65536);
        rc = kern_binary(op, ta, tb, tab);
    }
    if (rc == IRRUN_OK) {
        /* stored bytes are already in their layout, so the raw bytes
         * index the table directly */
        fold_job j = { op, acc_left, xp, init, tab->data, R, elems_per_part(p, R, r->count), r };
        rc = pool_run(p, (r->count + j.per_part - 1) / j.per_part, fold_bytes_part, &j);
    }
    tensor_release(ta);
    tensor_release(tb);
    tensor_release(tab);
    return rc;
}

/* Result elements [lo, hi) of fold_rows: step k combines them with their
 * slice of row k. */
static irrun_status fold_rows_part(void *vj, int64_t part)
{
    const fold_job *j = vj;
    et_id t = j->r->type.elem;
    size_t es = tensor_elem_bytes(j->r);
    int64_t lo = part * j->per_part, n = lo + j->per_part < j->r->count ? j->per_part : j->r->count - lo;
    tensor acc = tensor_view(t, n, (unsigned char *)j->r->data + (size_t)lo * es);
    for (int64_t i = 0; i < n; i++)
        memcpy((unsigned char *)acc.data + (size_t)i * es, j->init->data, es);
    for (int64_t k = 0; k < j->R; k++) {
        tensor row = tensor_view(t, n, (unsigned char *)j->xp->data + (size_t)(k * j->r->count + lo) * es);
        irrun_status rc = j->acc_left ? kern_binary(j->op, &acc, &row, &acc) : kern_binary(j->op, &row, &acc, &acc);
        if (rc != IRRUN_OK)
            return rc;
    }
    return IRRUN_OK;
}

/* Any element type: xp is [R, outputs]; step k combines the accumulators
 * with row k using the whole-tensor kernel, on parts of the outputs. */
static irrun_status fold_rows(pool *p, kern_binop op, bool acc_left, const tensor *xp, const tensor *init,
                              int64_t R, tensor *r)
{
    fold_job j = { op, acc_left, xp, init, NULL, R, elems_per_part(p, R, r->count), r };
    return pool_run(p, (r->count + j.per_part - 1) / j.per_part, fold_rows_part, &j);
}

/* Any element type, x as stored [outputs, R] (the reduced dims are the
 * last ones): blocks of the accumulators; a few columns of the block at a
 * time are transposed into a buffer that stays in the cache, and each of
 * its rows is combined with the block's accumulators by the whole-tensor
 * kernel, so the operand is read once and never copied whole. */
static irrun_status fold_trailing(kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                                  int64_t R, tensor *r)
{
    enum { BLOCK = 512, COLS = 16 };
    size_t es = tensor_elem_bytes(r);
    unsigned char *buf = mem_alloc((size_t)BLOCK * COLS * es);
    if (!buf)
        return IRRUN_NOMEM;
    for (int64_t i = 0; i < r->count; i++)
        memcpy((unsigned char *)r->data + (size_t)i * es, init->data, es);
    const unsigned char *xs = x->data;
    irrun_status rc = IRRUN_OK;
    for (int64_t o0 = 0; o0 < r->count && rc == IRRUN_OK; o0 += BLOCK) {
        int64_t nb = r->count - o0 < BLOCK ? r->count - o0 : BLOCK;
        tensor acc = tensor_view(r->type.elem, nb, (unsigned char *)r->data + (size_t)o0 * es);
        for (int64_t j0 = 0; j0 < R && rc == IRRUN_OK; j0 += COLS) {
            int64_t nj = R - j0 < COLS ? R - j0 : COLS;
            switch (es) {
#define GATHER(T)                                                                     \
    {                                                                                 \
        const T *src = (const T *)(const void *)xs;                                   \
        T *dst = (T *)(void *)buf;                                                    \
        for (int64_t o = 0; o < nb; o++)                                              \
            for (int64_t j = 0; j < nj; j++)                                          \
                dst[j * nb + o] = src[(o0 + o) * R + j0 + j];                         \
        break;                                                                        \
    }
            case 1: GATHER(uint8_t)
            case 2: GATHER(uint16_t)
            case 4: GATHER(uint32_t)
            case 8: GATHER(uint64_t)
#undef GATHER
            default:
                for (int64_t o = 0; o < nb; o++)
                    for (int64_t j = 0; j < nj; j++)
                        memcpy(buf + (size_t)(j * nb + o) * es, xs + (size_t)((o0 + o) * R + j0 + j) * es, es);
                break;
            }
            for (int64_t j = 0; j < nj && rc == IRRUN_OK; j++) {
                tensor row = tensor_view(r->type.elem, nb, buf + (size_t)(j * nb) * es);
                rc = acc_left ? kern_binary(op, &acc, &row, &acc) : kern_binary(op, &row, &acc, &acc);
            }
        }
    }
    mem_free(buf);
    return rc;
}

/* The direct fold of x as stored [outputs, R] for the common ops on the
 * float and wide integer types: the steps of FOLD_LANES result elements
 * are interleaved, so that their dependency chains (one rounded op per
 * step, in REF's order) run side by side instead of one after another; no
 * operand is reassociated. A NaN result of an arithmetic step is redone by
 * fp_arith (APFloat's NaN rules), maximum/minimum keep kern_fmaxmin's
 * NaN and signed-zero rule. */
enum { FOLD_LANES = 8 };

/* A quiet NaN accumulator on the left of +, *, maximum or minimum is
 * final: SPEC 3.7 and 4.11 give it back unchanged whatever the operand (a
 * chain of NaNs keeps its first NaN). So rows whose accumulators have all settled stop early, checked
 * every SETTLE_STEPS steps: an all-NaN row, or +Inf meeting -Inf, costs no
 * more than an ordinary one (issue 38). SETTLED_* tell a quiet NaN of the
 * accumulator's format; integers never settle. */
enum { SETTLE_STEPS = 64 };
#define SETTLED_F64(a) (((a) & UINT64_C(0x7FF8000000000000)) == UINT64_C(0x7FF8000000000000))
#define SETTLED_F32(a) (((a) & 0x7FC00000u) == 0x7FC00000u)
#define SETTLED_BF16(a) (((a) & 0x7FC0u) == 0x7FC0u)
#define SETTLED_F16(a) (((a) & 0x7E00u) == 0x7E00u)
#define SETTLED_NEVER(a) ((void)(a), false)

static inline __attribute__((always_inline)) uint64_t step_f64(kern_binop op, uint64_t a, uint64_t b)
{
    switch (op) {
    case KB_ADD: return kern_f64_arith(FPOP_ADD, a, b);
    case KB_MUL: return kern_f64_arith(FPOP_MUL, a, b);
    case KB_MAX:
    case KB_MIN: return kern_fmaxmin(FP_F64, op == KB_MAX, a, b, bits_to_f64(a), bits_to_f64(b));
    case KB_SUB: case KB_DIV: case KB_REM: case KB_POW: case KB_ATAN2:
    case KB_AND: case KB_OR: case KB_XOR: case KB_COUNT: break;
    }
    return 0;
}

static inline __attribute__((always_inline)) uint32_t step_f32(kern_binop op, uint32_t a, uint32_t b)
{
    switch (op) {
    case KB_ADD: return kern_f32_arith(FPOP_ADD, a, b);
    case KB_MUL: return kern_f32_arith(FPOP_MUL, a, b);
    case KB_MAX:
    case KB_MIN:
        return (uint32_t)kern_fmaxmin(FP_F32, op == KB_MAX, a, b, bits_to_f32(a), bits_to_f32(b));
    case KB_SUB: case KB_DIV: case KB_REM: case KB_POW: case KB_ATAN2:
    case KB_AND: case KB_OR: case KB_XOR: case KB_COUNT: break;
    }
    return 0;
}

/* bf16 (bf) or f16: + and * in binary32, exact operands and 24 >= 2p + 2
 * bits, so rounding that result once more is one rounding (as
 * kern_binary's half loops do) */
static inline __attribute__((always_inline)) bool half_step_value(kern_binop op, fp_id f, uint16_t a, uint16_t b,
                                                                  float p, float q, float *v, uint16_t *done)
{
    *v = 0;
    switch (op) {
    case KB_ADD: *v = p + q; break;
    case KB_MUL: *v = p * q; break;
    case KB_MAX:
    case KB_MIN: *done = (uint16_t)kern_fmaxmin(f, op == KB_MAX, a, b, p, q); return true;
    case KB_SUB: case KB_DIV: case KB_REM: case KB_POW: case KB_ATAN2:
    case KB_AND: case KB_OR: case KB_XOR: case KB_COUNT: *done = 0; return true;
    }
    if (*v != *v) {
        /* SPEC.md 3.7: a NaN operand's NaN, made quiet (a chain of NaNs
         * stays out of fp_arith); fp_arith for an invalid operation */
        *done = p != p   ? (uint16_t)kern_quiet(f, a)
                : q != q ? (uint16_t)kern_quiet(f, b)
                         : (uint16_t)fp_arith(f, op == KB_ADD ? FPOP_ADD : FPOP_MUL, a, b);
        return true;
    }
    return false;
}

static inline __attribute__((always_inline)) uint16_t step_half(kern_binop op, bool bf, uint16_t a, uint16_t b)
{
    float p = bf ? kern_bf16_to_f32(a) : kern_f16_to_f32(a);
    float q = bf ? kern_bf16_to_f32(b) : kern_f16_to_f32(b);
    float v;
    uint16_t done;
    if (half_step_value(op, bf ? FP_BF16 : FP_F16, a, b, p, q, &v, &done))
        return done;
    return bf ? kern_f32_to_bf16(v) : kern_f32_to_f16(v);
}

/* wrapping integer steps (sgn: signed comparison for max/min) */
static inline __attribute__((always_inline)) uint64_t step_int(kern_binop op, bool sgn, uint64_t a, uint64_t b)
{
    switch (op) {
    case KB_ADD: return a + b;
    case KB_MUL: return a * b;
    case KB_MAX: return (sgn ? (int64_t)a < (int64_t)b : a < b) ? b : a;
    case KB_MIN: return (sgn ? (int64_t)b < (int64_t)a : b < a) ? b : a;
    case KB_SUB: case KB_DIV: case KB_REM: case KB_POW: case KB_ATAN2:
    case KB_AND: case KB_OR: case KB_XOR: case KB_COUNT: break;
    }
    return 0;
}

/* REF's complex maximum/minimum: real parts compared (IEEE ==), on
 * equality the imaginary parts; a false comparison selects b. Whether a
 * is taken. */
static inline __attribute__((always_inline)) bool take_left_complex(bool is_max, double ar, double ai, double br, double bi)
{
    if (ar == br)
        return is_max ? ai > bi : ai < bi;
    return is_max ? ar > br : ar < br;
}

typedef struct {
    kern_binop op;
    bool acc_left;
    const tensor *x, *init;
    int64_t R, per_part;
    tensor *r;
} direct_job;

/* One fold step of lane values: acc op x, or x op acc. */
#define STEP_OF(EXPR_LEFT, EXPR_RIGHT) (acc_left ? (EXPR_LEFT) : (EXPR_RIGHT))

/* Result elements [lo, hi): FOLD_LANES of them at a time, then one by one.
 * T: the element (or complex part) type; P: parts per element (1, or 2
 * for complex); STEP(acc, x) gives one step of one lane (both parts for a
 * complex: it updates ACC_RE/ACC_IM from X_RE/X_IM). */
#define DIRECT_FOLD(T, A, LOAD_INIT, STEP, SETTLED) PER_OP(DIRECT_FOLD_OP(T, A, LOAD_INIT, STEP, SETTLED))
#define DIRECT_FOLD_OP(T, A, LOAD_INIT, STEP, SETTLED)                                         \
    {                                                                                          \
        const T *x = j->x->data;                                                               \
        T *o = j->r->data;                                                                     \
        A start = LOAD_INIT;                                                                   \
        const bool absorbs = acc_left;                                                         \
        int64_t i = lo;                                                                        \
        for (; i + FOLD_LANES <= hi; i += FOLD_LANES) {                                        \
            A acc[FOLD_LANES];                                                                 \
            for (int g = 0; g < FOLD_LANES; g++)                                               \
                acc[g] = start;                                                                \
            const T *row = x + i * R;                                                          \
            for (int64_t k0 = 0; k0 < R; k0 += SETTLE_STEPS) {                                 \
                int64_t k1 = k0 + SETTLE_STEPS < R ? k0 + SETTLE_STEPS : R;                    \
                for (int64_t k = k0; k < k1; k++) {                                            \
                    _Pragma("GCC unroll 8")                                                    \
                    for (int g = 0; g < FOLD_LANES; g++)                                       \
                        acc[g] = STEP(acc[g], row[g * R + k]);                                 \
                }                                                                              \
                bool all = absorbs;                                                            \
                for (int g = 0; g < FOLD_LANES; g++)                                           \
                    all &= SETTLED(acc[g]);                                                    \
                if (all)                                                                       \
                    break;                                                                     \
            }                                                                                  \
            for (int g = 0; g < FOLD_LANES; g++)                                               \
                o[i + g] = (T)acc[g];                                                          \
        }                                                                                      \
        for (; i < hi; i++) {                                                                  \
            A acc = start;                                                                     \
            const T *row = x + i * R;                                                          \
            for (int64_t k0 = 0; k0 < R; k0 += SETTLE_STEPS) {                                 \
                int64_t k1 = k0 + SETTLE_STEPS < R ? k0 + SETTLE_STEPS : R;                    \
                for (int64_t k = k0; k < k1; k++)                                              \
                    acc = STEP(acc, row[k]);                                                   \
                if (absorbs && SETTLED(acc))                                                   \
                    break;                                                                     \
            }                                                                                  \
            o[i] = (T)acc;                                                                     \
        }                                                                                      \
    }

/* BODY once per op, with op a constant in it: the steps' switches fold
 * away and the loop keeps no dispatch */
#define PER_OP(BODY)                                                                           \
    switch (op_) {                                                                             \
    case KB_ADD: { const kern_binop op = KB_ADD; BODY } break;                                 \
    case KB_MUL: { const kern_binop op = KB_MUL; BODY } break;                                 \
    case KB_MAX: { const kern_binop op = KB_MAX; BODY } break;                                 \
    case KB_MIN: { const kern_binop op = KB_MIN; BODY } break;                                 \
    case KB_SUB: case KB_DIV: case KB_REM: case KB_POW: case KB_ATAN2:                         \
    case KB_AND: case KB_OR: case KB_XOR: case KB_COUNT: return IRRUN_UNSUPPORTED;             \
    }

/* complex: parts re at 2k, im at 2k + 1 of a row of 2R parts */
#define DIRECT_FOLD_COMPLEX(T, STEP2) PER_OP(DIRECT_FOLD_COMPLEX_OP(T, STEP2))
#define DIRECT_FOLD_COMPLEX_OP(T, STEP2)                                                       \
    {                                                                                          \
        const T *x = j->x->data;                                                               \
        T *o = j->r->data;                                                                     \
        const T *in = j->init->data;                                                           \
        T sre = in[0], sim = in[1];                                                            \
        int64_t i = lo;                                                                        \
        for (; i + FOLD_LANES <= hi; i += FOLD_LANES) {                                        \
            T are[FOLD_LANES], aim[FOLD_LANES];                                                \
            for (int g = 0; g < FOLD_LANES; g++) {                                             \
                are[g] = sre;                                                                  \
                aim[g] = sim;                                                                  \
            }                                                                                  \
            const T *row = x + 2 * i * R;                                                      \
            for (int64_t k = 0; k < R; k++) {                                                  \
                _Pragma("GCC unroll 8")                                                        \
                for (int g = 0; g < FOLD_LANES; g++)                                           \
                    STEP2(are[g], aim[g], row[2 * (g * R + k)], row[2 * (g * R + k) + 1]);     \
            }                                                                                  \
            for (int g = 0; g < FOLD_LANES; g++) {                                             \
                o[2 * (i + g)] = are[g];                                                       \
                o[2 * (i + g) + 1] = aim[g];                                                   \
            }                                                                                  \
        }                                                                                      \
        for (; i < hi; i++) {                                                                  \
            T are = sre, aim = sim;                                                            \
            const T *row = x + 2 * i * R;                                                      \
            for (int64_t k = 0; k < R; k++)                                                    \
                STEP2(are, aim, row[2 * k], row[2 * k + 1]);                                   \
            o[2 * i] = are;                                                                    \
            o[2 * i + 1] = aim;                                                                \
        }                                                                                      \
    }

static irrun_status direct_part(void *vj, int64_t part)
{
    const direct_job *j = vj;
    const et_traits *tr = et_get(j->r->type.elem);
    kern_binop op_ = j->op;
    bool acc_left = j->acc_left;
    int64_t R = j->R, lo = part * j->per_part;
    int64_t hi = lo + j->per_part < j->r->count ? lo + j->per_part : j->r->count;
    bool sgn = tr->kind == EK_SINT;
    switch (tr->storage) {
#define S_F64(a, b) STEP_OF(step_f64(op, a, b), step_f64(op, b, a))
#define S_F32(a, b) STEP_OF(step_f32(op, a, b), step_f32(op, b, a))
#define S_BF16(a, b) (uint32_t)STEP_OF(step_half(op, true, a, b), step_half(op, true, b, a))
#define S_F16(a, b) (uint32_t)STEP_OF(step_half(op, false, a, b), step_half(op, false, b, a))
#define S_I64(a, b) STEP_OF(step_int(op, sgn, a, b), step_int(op, sgn, b, a))
#define S_I32(a, b) (uint32_t) STEP_OF(step_int(op, sgn, (uint64_t)(int64_t)(int32_t)(a), (uint64_t)(int64_t)(int32_t)(b)), step_int(op, sgn, (uint64_t)(int64_t)(int32_t)(b), (uint64_t)(int64_t)(int32_t)(a)))
#define S_U32(a, b) (uint32_t) STEP_OF(step_int(op, sgn, a, b), step_int(op, sgn, b, a))
#define S_I16(a, b) (uint16_t)STEP_OF(step_int(op, sgn, (uint64_t)(int64_t)(int16_t)(a), (uint64_t)(int64_t)(int16_t)(b)), step_int(op, sgn, (uint64_t)(int64_t)(int16_t)(b), (uint64_t)(int64_t)(int16_t)(a)))
#define S_U16(a, b) (uint16_t)STEP_OF(step_int(op, sgn, a, b), step_int(op, sgn, b, a))
/* complex parts: add is two independent part sums; max/min pick a whole
 * element */
#define C_STEP(T, PART_ADD, VAL)                                                               \
    do {                                                                                       \
        T xr_ = XR, xi_ = XI;                                                                  \
        if (op == KB_ADD) {                                                                    \
            AR = acc_left ? PART_ADD(AR, xr_) : PART_ADD(xr_, AR);                             \
            AI = acc_left ? PART_ADD(AI, xi_) : PART_ADD(xi_, AI);                             \
        } else {                                                                               \
            bool ta = acc_left ? take_left_complex(op == KB_MAX, VAL(AR), VAL(AI), VAL(xr_), VAL(xi_)) \
                               : !take_left_complex(op == KB_MAX, VAL(xr_), VAL(xi_), VAL(AR), VAL(AI)); \
            AR = ta ? AR : xr_;                                                                \
            AI = ta ? AI : xi_;                                                                \
        }                                                                                      \
    } while (0)
#define ADD64(a, b) kern_f64_arith(FPOP_ADD, a, b)
#define ADD32(a, b) kern_f32_arith(FPOP_ADD, a, b)
#define VAL64(a) bits_to_f64(a)
#define VAL32(a) ((double)bits_to_f32(a))
    case ES_F64: DIRECT_FOLD(uint64_t, uint64_t, *(const uint64_t *)j->init->data, S_F64, SETTLED_F64) break;
    case ES_F32: DIRECT_FOLD(uint32_t, uint32_t, *(const uint32_t *)j->init->data, S_F32, SETTLED_F32) break;
    case ES_BF16: DIRECT_FOLD(uint16_t, uint32_t, *(const uint16_t *)j->init->data, S_BF16, SETTLED_BF16) break;
    case ES_F16: DIRECT_FOLD(uint16_t, uint32_t, *(const uint16_t *)j->init->data, S_F16, SETTLED_F16) break;
    case ES_S64:
    case ES_U64: DIRECT_FOLD(uint64_t, uint64_t, *(const uint64_t *)j->init->data, S_I64, SETTLED_NEVER) break;
    case ES_S32: DIRECT_FOLD(uint32_t, uint32_t, *(const uint32_t *)j->init->data, S_I32, SETTLED_NEVER) break;
    case ES_U32: DIRECT_FOLD(uint32_t, uint32_t, *(const uint32_t *)j->init->data, S_U32, SETTLED_NEVER) break;
    case ES_S16: DIRECT_FOLD(uint16_t, uint32_t, *(const uint16_t *)j->init->data, S_I16, SETTLED_NEVER) break;
    case ES_U16: DIRECT_FOLD(uint16_t, uint32_t, *(const uint16_t *)j->init->data, S_U16, SETTLED_NEVER) break;
/* one complex step on the parts' patterns of type T (C_STEP's names) */
#define STEP2_OF(T, ADD, VAL, AR_, AI_, XR_, XI_)                                              \
    do {                                                                                       \
        T *ar_p = &(AR_), *ai_p = &(AI_);                                                      \
        T XR = (XR_), XI = (XI_);                                                              \
        T AR = *ar_p, AI = *ai_p;                                                              \
        C_STEP(T, ADD, VAL);                                                                   \
        *ar_p = AR;                                                                            \
        *ai_p = AI;                                                                            \
    } while (0)
    case ES_C64: {
#define STEP2(AR_, AI_, XR_, XI_) STEP2_OF(uint32_t, ADD32, VAL32, AR_, AI_, XR_, XI_)
        DIRECT_FOLD_COMPLEX(uint32_t, STEP2)
#undef STEP2
        break;
    }
    case ES_C128: {
#define STEP2(AR_, AI_, XR_, XI_) STEP2_OF(uint64_t, ADD64, VAL64, AR_, AI_, XR_, XI_)
        DIRECT_FOLD_COMPLEX(uint64_t, STEP2)
#undef STEP2
        break;
    }
#undef STEP2_OF
    case ES_BOOL:
    case ES_S8:
    case ES_U8:
    case ES_FBYTE:
    case ES_FLOAT:
    case ES_COUNT:
        return IRRUN_UNSUPPORTED;
    }
#undef S_F64
#undef S_F32
#undef S_BF16
#undef S_F16
#undef S_I64
#undef S_I32
#undef S_U32
#undef S_I16
#undef S_U16
#undef C_STEP
#undef ADD64
#undef ADD32
#undef VAL64
#undef VAL32
    return IRRUN_OK;
}

/* Whether direct_part folds this op on this type. */
static bool direct_fold_applies(kern_binop op, et_id t)
{
    const et_traits *tr = et_get(t);
    bool arith = op == KB_ADD || op == KB_MUL || op == KB_MAX || op == KB_MIN;
    switch (tr->storage) {
    case ES_F64:
    case ES_F32:
    case ES_BF16:
    case ES_F16:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U16:
    case ES_U32:
    case ES_U64:
        /* (sub-16-bit integers keep their memory layout only through
         * kern_binary's normalisation) */
        return arith && tr->value_bits == 8 * tr->bytes;
    case ES_C64:
    case ES_C128:
        return op == KB_ADD || op == KB_MAX || op == KB_MIN; /* (complex * is not one rounding) */
    case ES_BOOL:
    case ES_S8:
    case ES_U8:
    case ES_FBYTE:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
    return false;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HAVE_F16C_FOLD 1

/* step_half for f16 with the F16C conversions, which give the same values:
 * f16 to binary32 is exact (a NaN stays a NaN, and a NaN step takes
 * fp_arith on the patterns), binary32 to f16 one RNE rounding of a
 * non-NaN value, as kern_f32_to_f16. */
static inline __attribute__((always_inline, target("f16c"))) uint16_t step_f16_hw(kern_binop op, uint16_t a,
                                                                                uint16_t b)
{
    float v;
    uint16_t done;
    if (half_step_value(op, FP_F16, a, b, _cvtsh_ss(a), _cvtsh_ss(b), &v, &done))
        return done;
    return _cvtss_sh(v, _MM_FROUND_TO_NEAREST_INT);
}

/* direct_part's f16 fold where the host has F16C: the portable
 * conversions' shifts and branches were most of each step's chain */
__attribute__((target("f16c"))) static irrun_status direct_part_f16c(void *vj, int64_t part)
{
    const direct_job *j = vj;
    kern_binop op_ = j->op;
    bool acc_left = j->acc_left;
    int64_t R = j->R, lo = part * j->per_part;
    int64_t hi = lo + j->per_part < j->r->count ? lo + j->per_part : j->r->count;
#define S_F16_HW(a, b) (uint32_t)STEP_OF(step_f16_hw(op, a, b), step_f16_hw(op, b, a))
    DIRECT_FOLD(uint16_t, uint32_t, *(const uint16_t *)j->init->data, S_F16_HW, SETTLED_F16)
#undef S_F16_HW
    return IRRUN_OK;
}
#else
#define HAVE_F16C_FOLD 0
#endif

static irrun_status fold_direct(pool *p, kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                                int64_t R, tensor *r)
{
    direct_job j = { op, acc_left, x, init, R, elems_per_part(p, R, r->count), r };
    pool_task fold = direct_part;
#if HAVE_F16C_FOLD
    if (et_get(r->type.elem)->storage == ES_F16 && kern_binary_avx2_usable())
        fold = direct_part_f16c;
#endif
    return pool_run(p, (r->count + j.per_part - 1) / j.per_part, fold, &j);
}

/* Whether the reduced dims are the last ndims dims, in order. */
static bool reduces_trailing(const tensor *x, const int64_t *dims, int ndims)
{
    for (int i = 0; i < ndims; i++)
        if (dims[i] != x->type.rank - ndims + i)
            return false;
    return true;
}

/* Whether the reduced dims are the first ndims dims, in order. */
static bool reduces_leading(const int64_t *dims, int ndims)
{
    for (int i = 0; i < ndims; i++)
        if (dims[i] != i)
            return false;
    return true;
}

irrun_status kern_reduce_binop(pool *p, kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                               const int64_t *dims, int ndims, tensor *r)
{
    int64_t R = 1;
    for (int i = 0; i < ndims; i++)
        R *= x->type.dims[dims[i]];
    if (r->count == 0)
        return IRRUN_OK;
    if (x->splat) {
        /* every result element folds the same R copies: fold one line of
         * them, then every result element is that one */
        tensor_type lt = { x->type.elem, 2, { 1, R } };
        tensor *one = tensor_new_splat(&lt);
        if (!one)
            return IRRUN_NOMEM;
        memcpy(one->data, x->data, x->nbytes);
        tensor *dense = tensor_dense(one);
        tensor_release(one);
        if (!dense)
            return IRRUN_NOMEM;
        tensor first = tensor_view(r->type.elem, 1, r->data);
        int64_t last = 1;
        irrun_status rc = kern_reduce_binop(p, op, acc_left, dense, init, &last, 1, &first);
        tensor_release(dense);
        for (int64_t i = 1; i < r->count && rc == IRRUN_OK; i++)
            memcpy(tensor_at(r, i), r->data, x->nbytes);
        return rc;
    }
    bool bytes = tensor_elem_bytes(x) == 1 && R > 16;
    if (reduces_trailing(x, dims, ndims) && direct_fold_applies(op, x->type.elem))
        return fold_direct(p, op, acc_left, x, init, R, r);
    /* on one thread, trailing dims fold without a copy; with a pool the
     * copy to [R, outputs] lets the threads share the outputs (the same
     * fold order per output either way) */
    if (!bytes && !p && reduces_trailing(x, dims, ndims) && r->count > 1)
        return fold_trailing(op, acc_left, x, init, R, r);
    if (!bytes && reduces_leading(dims, ndims)) /* already [R, outputs] */
        return fold_rows(p, op, acc_left, x, init, R, r);
    tensor *xp = kern_reduce_permuted(x, dims, ndims, !bytes);
    if (!xp)
        return IRRUN_NOMEM;
    irrun_status rc = bytes ? fold_bytes(p, op, acc_left, xp, init, R, r)
                            : fold_rows(p, op, acc_left, xp, init, R, r);
    tensor_release(xp);
    return rc;
}
