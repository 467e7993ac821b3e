/* compare (SPEC.md 4.25), select (4.26), clamp (4.27).
 *
 * compare brings a chunk of each operand into a canonical key (int64 for
 * signed and boolean, uint64 for unsigned, binary64 for floats, int64
 * totalOrder keys for TOTALORDER) with a loop specialised for the storage,
 * then runs one loop per direction over the keys. */
#include "interp/kern.h"
#include "interp/kern_num.h"
#include "types/fptables.h"
#include "util/mem.h"

enum { CHUNK = 512 };

#define CMP_LOOP(KA, KB, R, N, DIR)                                  \
    do {                                                             \
        switch (DIR) {                                               \
        case KC_EQ: for (int j = 0; j < N; j++) R[j] = KA[j] == KB[j]; break; \
        case KC_NE: for (int j = 0; j < N; j++) R[j] = KA[j] != KB[j]; break; \
        case KC_GE: for (int j = 0; j < N; j++) R[j] = KA[j] >= KB[j]; break; \
        case KC_GT: for (int j = 0; j < N; j++) R[j] = KA[j] > KB[j]; break;  \
        case KC_LE: for (int j = 0; j < N; j++) R[j] = KA[j] <= KB[j]; break; \
        case KC_LT: for (int j = 0; j < N; j++) R[j] = KA[j] < KB[j]; break;  \
        }                                                            \
    } while (0)

/* Loads elements [i, i + n) of an integer or boolean tensor sign- or
 * zero-extended to 64 bits (sub-byte values are stored extended). */
static void load_ints(et_id t, const void *data, int64_t i, int n, uint64_t *out)
{
    bool s = et_get(t)->kind == EK_SINT;
    switch (et_get(t)->bytes) {
    case 1:
        for (int j = 0; j < n; j++)
            out[j] = s ? (uint64_t)(int64_t)((const int8_t *)data)[i + j] : ((const uint8_t *)data)[i + j];
        break;
    case 2:
        for (int j = 0; j < n; j++)
            out[j] = s ? (uint64_t)(int64_t)((const int16_t *)data)[i + j] : ((const uint16_t *)data)[i + j];
        break;
    case 4:
        for (int j = 0; j < n; j++)
            out[j] = s ? (uint64_t)(int64_t)((const int32_t *)data)[i + j] : ((const uint32_t *)data)[i + j];
        break;
    default:
        memcpy(out, (const uint64_t *)data + i, (size_t)n * 8);
        break;
    }
}

/* Exact binary64 values of elements [i, i + n) of a float tensor. */
static void load_doubles(fp_id f, const double *small, const void *data, int64_t i, int n, double *out)
{
    switch (f) {
    case FP_F64:
        memcpy(out, (const double *)data + i, (size_t)n * 8);
        break;
    case FP_F32:
        for (int j = 0; j < n; j++)
            out[j] = bits_to_f32(((const uint32_t *)data)[i + j]);
        break;
    case FP_BF16:
        for (int j = 0; j < n; j++)
            out[j] = kern_bf16_to_f64(((const uint16_t *)data)[i + j]);
        break;
    case FP_F16:
        for (int j = 0; j < n; j++)
            out[j] = kern_f16_to_f64(((const uint16_t *)data)[i + j]);
        break;
    default:
        for (int j = 0; j < n; j++)
            out[j] = small[((const uint8_t *)data)[i + j]];
        break;
    }
}

/* SPEC.md 4.25 totalOrder key: -1 - magnitude for a set sign bit, else the
 * magnitude; the FNUZ NaN 0x80 sorts above +Inf (section 8 item 7), E8M0
 * keys are the patterns. */
static int64_t total_key(const fp_format *F, uint64_t b)
{
    if (F->nan == FPN_FNUZ && b == F->sign_mask)
        return INT64_MAX;
    uint64_t mag = b & F->mask & ~F->sign_mask;
    if (b & F->sign_mask)
        return -1 - (int64_t)mag;
    return (int64_t)mag;
}

static void load_keys(fp_id f, const void *data, int64_t i, int n, int64_t *out)
{
    const fp_format *F = fp_fmt(f);
    unsigned bytes = F->bits <= 8 ? 1 : F->bits / 8;
    for (int j = 0; j < n; j++) {
        uint64_t b = 0;
        memcpy(&b, (const unsigned char *)data + (size_t)(i + j) * bytes, bytes);
        out[j] = total_key(F, b & F->mask);
    }
}

static int complex_compare(kern_cmpdir dir, bool wide, const void *a, const void *b, uint8_t *r,
                           int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double ar, ai, br, bi;
        if (wide) {
            ar = ((const double *)a)[2 * i];
            ai = ((const double *)a)[2 * i + 1];
            br = ((const double *)b)[2 * i];
            bi = ((const double *)b)[2 * i + 1];
        } else {
            ar = ((const float *)a)[2 * i];
            ai = ((const float *)a)[2 * i + 1];
            br = ((const float *)b)[2 * i];
            bi = ((const float *)b)[2 * i + 1];
        }
        bool v;
        /* EQ/NE part-wise; orderings lexicographic (section 8 item 8) */
        switch (dir) {
        case KC_EQ: v = ar == br && ai == bi; break;
        case KC_NE: v = !(ar == br && ai == bi); break;
        case KC_LT: v = ar < br || (ar == br && ai < bi); break;
        case KC_LE: v = ar < br || (ar == br && ai <= bi); break;
        case KC_GT: v = ar > br || (ar == br && ai > bi); break;
        default: v = ar > br || (ar == br && ai >= bi); break;
        }
        r[i] = v;
    }
    return 0;
}

int kern_compare(kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b, tensor *r)
{
    et_id t = a->type.elem;
    const et_traits *tr = et_get(t);
    uint8_t *out = r->data;
    int64_t n = a->count;
    if (tr->kind == EK_COMPLEX)
        return complex_compare(dir, t == ET_C128, a->data, b->data, out, n);
    const double *small = NULL;
    if (tr->kind == EK_FLOAT && tr->bytes == 1 && !totalorder) {
        small = fp_table_to_double(tr->fmt);
        if (!small)
            return -1;
    }
    for (int64_t i = 0; i < n; i += CHUNK) {
        int m = n - i < CHUNK ? (int)(n - i) : CHUNK;
        uint8_t *res = out + i;
        if (tr->kind == EK_FLOAT && totalorder) {
            int64_t ka[CHUNK], kb[CHUNK];
            load_keys(tr->fmt, a->data, i, m, ka);
            load_keys(tr->fmt, b->data, i, m, kb);
            CMP_LOOP(ka, kb, res, m, dir);
        } else if (tr->kind == EK_FLOAT) {
            double da[CHUNK], db[CHUNK];
            load_doubles(tr->fmt, small, a->data, i, m, da);
            load_doubles(tr->fmt, small, b->data, i, m, db);
            CMP_LOOP(da, db, res, m, dir);
        } else {
            uint64_t ua[CHUNK], ub[CHUNK];
            load_ints(t, a->data, i, m, ua);
            load_ints(t, b->data, i, m, ub);
            if (tr->kind == EK_SINT) {
                const int64_t *sa = (const int64_t *)ua, *sb = (const int64_t *)ub;
                CMP_LOOP(sa, sb, res, m, dir);
            } else {
                CMP_LOOP(ua, ub, res, m, dir);
            }
        }
    }
    return 0;
}

int kern_select(const tensor *p, const tensor *t, const tensor *f, tensor *r)
{
    const uint8_t *pred = p->data;
    bool scalar = p->type.rank == 0;
    size_t es = tensor_elem_bytes(t);
    int64_t n = r->count;
    if (scalar) {
        memcpy(r->data, pred[0] ? t->data : f->data, r->nbytes);
        return 0;
    }
    switch (es) {
#define SEL(T)                                                                    \
    {                                                                             \
        const T *x = t->data, *y = f->data;                                       \
        T *o = r->data;                                                           \
        for (int64_t i = 0; i < n; i++)                                           \
            o[i] = pred[i] ? x[i] : y[i];                                         \
        return 0;                                                                 \
    }
    case 1: SEL(uint8_t)
    case 2: SEL(uint16_t)
    case 4: SEL(uint32_t)
    case 8: SEL(uint64_t)
#undef SEL
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy((unsigned char *)r->data + i * es,
                   (const unsigned char *)(pred[i] ? t->data : f->data) + i * es, es);
        return 0;
    }
}

/* A rank-0 bound replicated to x's shape (or the bound itself). */
static tensor *full_bound(const tensor *bound, const tensor *x, bool *owned)
{
    *owned = false;
    if (bound->type.rank != 0 || x->type.rank == 0)
        return (tensor *)bound;
    tensor *t = tensor_new(&x->type);
    if (!t)
        return NULL;
    size_t es = tensor_elem_bytes(x);
    for (int64_t i = 0; i < t->count; i++)
        memcpy((unsigned char *)t->data + i * es, bound->data, es);
    *owned = true;
    return t;
}

int kern_clamp(const tensor *mn, const tensor *x, const tensor *mx, tensor *r)
{
    bool own_lo, own_hi;
    tensor *lo = full_bound(mn, x, &own_lo);
    tensor *hi = lo ? full_bound(mx, x, &own_hi) : NULL;
    int rc = -1;
    if (hi) {
        /* minimum(maximum(x, min), max): x keeps NaN priority, then min,
         * then max */
        rc = kern_binary(KB_MAX, x, lo, r);
        if (rc == 0)
            rc = kern_binary(KB_MIN, r, hi, r);
    }
    if (own_lo)
        tensor_release(lo);
    if (hi && own_hi)
        tensor_release(hi);
    return rc;
}
