/* Binary element-wise kernels (SPEC.md 4.4-4.12, 4.28-4.30, 9.5.1). The
 * element type and the op are resolved once; each storage class has its own
 * loops, one per op (binary_loops below). Small floats use the 64K-entry
 * tables of types/fptables.h; bf16, f16 and f32 compute in binary64 (or
 * binary32 where that is shown exact) and round once; f64 computes
 * natively; a NaN result of class-A arithmetic always defers to fp_arith
 * for APFloat's NaN rules. Where the host has AVX2, FMA and F16C the float,
 * complex and i32 / i64 division and power loops run in
 * kern_binary_avx2.c, with the same bits (IRRUN_ISA=generic: the portable
 * ones here). Sub-byte integers look every pair up in a table of the byte
 * loop's results. power and atan2 of
 * floats are class B: glibc's binary64 pow/atan2 on the exact operands, one
 * rounding into the format, the NaN glibc returns converted by SPEC.md 3.6.
 * A class without loops takes the generic loop (kern_generic.h), one exact
 * scalar operation per element. */
#include <complex.h>

#include "kernels/kern.h"
#include "kernels/kern_binary_avx2.h"
#include "kernels/complex/kern_c64_pow.h"
#include "kernels/complex/kern_complex_def.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"
#include "kernels/math/kern_atan2f32.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/kern_generic.h"
#include "kernels/kern_int64.h"
#include "kernels/math/kern_powf32.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
#include "types/fptables.h"

/* A fast loop: a, b and r hold n elements of type t, of the storage class
 * the loop was written for; op applies to t (kern_binop_applies). */
typedef irrun_status (*binary_loop)(kern_binop op, et_id t, const void *a, const void *b, void *r,
                                    int64_t n);

/* The fp_arith op of an arithmetic binop; FPOP_COUNT for the others (max,
 * min and the bitwise ops have kernels of their own). Every op is listed so
 * that -Wswitch names a new one here. */
static fp_binop to_fpop(kern_binop op)
{
    switch (op) {
    case KB_ADD: return FPOP_ADD;
    case KB_SUB: return FPOP_SUB;
    case KB_MUL: return FPOP_MUL;
    case KB_DIV: return FPOP_DIV;
    case KB_REM: return FPOP_REM;
    case KB_POW:
    case KB_ATAN2:
    case KB_MAX:
    case KB_MIN:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT: break;
    }
    return FPOP_COUNT;
}

static irrun_status bool_binary(kern_binop op, et_id t, const void *va, const void *vb, void *vr,
                                int64_t n)
{
    const uint8_t *a = va, *b = vb;
    uint8_t *r = vr;
    (void)t;
    switch (op) {
    case KB_ADD:
    case KB_OR:
    case KB_MAX:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] | b[i];
        return IRRUN_OK;
    case KB_MUL:
    case KB_AND:
    case KB_MIN:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] & b[i];
        return IRRUN_OK;
    case KB_XOR:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] ^ b[i];
        return IRRUN_OK;
    case KB_SUB:
    case KB_DIV:
    case KB_REM:
    case KB_POW:
    case KB_ATAN2:
    case KB_COUNT:
        break;
    }
    return IRRUN_UNSUPPORTED;
}

/* REF's integer power (SPEC.md 9.5.1) by squaring: products modulo 2^64,
 * whose low bits are the products modulo 2^N; e is the exponent's pattern
 * read as unsigned, so the loop runs at most 64 times. */
static inline uint64_t int_pow(uint64_t b, uint64_t e)
{
    uint64_t r = 1;
    while (e) {
        if (e & 1)
            r *= b;
        b *= b;
        e >>= 1;
    }
    return r;
}

/* XLA's division of integers of 1 to 4 bytes on AVX2 hosts
 * (kern_binary_avx2.c), of i64 on every host (kern_int64.c); false: the
 * caller's loop runs (ui64, or no AVX2). */
static bool int_divrem_fast(bool rem, bool is_signed, size_t bytes, const void *a, const void *b, void *r,
                            int64_t n)
{
    if (bytes == 8 && is_signed) {
        kern_i64_divrem(rem, a, b, r, n);
        return true;
    }
    if (!kern_binary_avx2_usable() || bytes > 4)
        return false;
    if (bytes == 4)
        kern_int32_divrem_avx2(rem, is_signed, a, b, r, n);
    else
        kern_small_int_divrem_avx2(rem, is_signed, (int)bytes, a, b, r, n);
    return true;
}

/* Integer loops for one storage type. Arithmetic runs in the unsigned type
 * of the same width so that wrap-around is defined; division follows XLA
 * (x / 0 = all bits set, INT_MIN / -1 = INT_MIN, x rem 0 = x,
 * INT_MIN rem -1 = 0; SPEC.md section 8 item 9). A negative exponent of
 * power gives 0 unless the base is 1 or -1, whose powers only depend on the
 * exponent's parity, so the magnitude of the exponent modulo the storage
 * width serves for every narrower width too. */
#define INT_BINARY(NAME, T, UT, SIGNED)                                                   \
    static irrun_status NAME(kern_binop op, et_id t, const void *va, const void *vb, void *vr, \
                             int64_t n)                                                     \
    {                                                                                       \
        const T *a = va, *b = vb;                                                           \
        T *r = vr;                                                                          \
        if (SIGNED && sizeof(T) >= 4 && op != KB_DIV && op != KB_REM && op != KB_POW &&      \
            kern_binary_avx2_usable()) {                                                    \
            kern_int_simple_avx2((int)op, sizeof(T) == 8, va, vb, vr, n);                   \
            return IRRUN_OK;                                                                \
        }                                                                                   \
        switch (op) {                                                                       \
        case KB_ADD:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)a[i] + (UT)b[i]);                                            \
            break;                                                                          \
        case KB_SUB:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)a[i] - (UT)b[i]);                                            \
            break;                                                                          \
        case KB_MUL:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)((UT)((uint64_t)(UT)a[i] * (uint64_t)(UT)b[i]));                  \
            break;                                                                          \
        case KB_DIV:                                                                        \
            if (int_divrem_fast(false, SIGNED, sizeof(T), va, vb, vr, n))                   \
                break;                                                                      \
            for (int64_t i = 0; i < n; i++) {                                               \
                if (b[i] == 0)                                                              \
                    r[i] = (T)(UT)~(UT)0;                                                   \
                else if (SIGNED && b[i] == (T)-1)                                           \
                    r[i] = (T)((UT)0 - (UT)a[i]);                                           \
                else                                                                        \
                    r[i] = (T)(a[i] / b[i]);                                                \
            }                                                                               \
            break;                                                                          \
        case KB_REM:                                                                        \
            if (int_divrem_fast(true, SIGNED, sizeof(T), va, vb, vr, n))                    \
                break;                                                                      \
            for (int64_t i = 0; i < n; i++) {                                               \
                if (b[i] == 0)                                                              \
                    r[i] = a[i];                                                            \
                else if (SIGNED && b[i] == (T)-1)                                           \
                    r[i] = 0;                                                               \
                else                                                                        \
                    r[i] = (T)(a[i] % b[i]);                                                \
            }                                                                               \
            break;                                                                          \
        case KB_POW:                                                                        \
            if (sizeof(T) <= 4 && kern_binary_avx2_usable()) {                              \
                kern_int_pow_avx2(SIGNED, (int)sizeof(T), va, vb, vr, n);                   \
                break;                                                                      \
            }                                                                               \
            if (sizeof(T) == 8) {                                                           \
                kern_64_pow(SIGNED, va, vb, vr, n);                                         \
                break;                                                                      \
            }                                                                               \
            for (int64_t i = 0; i < n; i++) {                                               \
                UT e = (UT)b[i];                                                            \
                if (SIGNED && ((UT)b[i] >> (8 * sizeof(T) - 1))) {                          \
                    if (a[i] != (T)1 && a[i] != (T)-1) {                                    \
                        r[i] = 0;                                                           \
                        continue;                                                           \
                    }                                                                       \
                    e = (UT)((UT)0 - e);                                                    \
                }                                                                           \
                r[i] = (T)(UT)kern_int_pow_fast((UT)a[i], e, sizeof(T) == 8);                    \
            }                                                                               \
            break;                                                                          \
        case KB_MAX:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = a[i] < b[i] ? b[i] : a[i];                                           \
            break;                                                                          \
        case KB_MIN:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = b[i] < a[i] ? b[i] : a[i];                                           \
            break;                                                                          \
        case KB_AND:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] & b[i]);                                                    \
            break;                                                                          \
        case KB_OR:                                                                         \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] | b[i]);                                                    \
            break;                                                                          \
        case KB_XOR:                                                                        \
            for (int64_t i = 0; i < n; i++)                                                 \
                r[i] = (T)(a[i] ^ b[i]);                                                    \
            break;                                                                          \
        case KB_ATAN2:                                                                      \
        case KB_COUNT:                                                                      \
            return IRRUN_UNSUPPORTED;                                                       \
        }                                                                                   \
        kern_int_normalize(t, r, n);                                                        \
        return IRRUN_OK;                                                                    \
    }

INT_BINARY(bin_i8_loop, int8_t, uint8_t, 1)
INT_BINARY(bin_i16, int16_t, uint16_t, 1)
INT_BINARY(bin_i32, int32_t, uint32_t, 1)
INT_BINARY(bin_i64, int64_t, uint64_t, 1)
INT_BINARY(bin_u8_loop, uint8_t, uint8_t, 0)
INT_BINARY(bin_u16, uint16_t, uint16_t, 0)
INT_BINARY(bin_u32, uint32_t, uint32_t, 0)
INT_BINARY(bin_u64, uint64_t, uint64_t, 0)

/* Integers of at most 4 value bits in a byte (i2, i4, ui2, ui4): on a
 * long tensor one lookup per element in the table of every pair of
 * values, which the byte loop computes (its bits, normalised), so every op
 * costs the same. */
static irrun_status small_int_binary(binary_loop loop, kern_binop op, et_id t, const uint8_t *a,
                                     const uint8_t *b, uint8_t *r, int64_t n)
{
    unsigned bits = et_get(t)->value_bits;
    if (bits > 4 || n < 1024 || t == ET_I1)
        return loop(op, t, a, b, r, n);
    bool sign = et_get(t)->kind == EK_SINT;
    unsigned m = (1u << bits) - 1, size = 1u << (2 * bits);
    uint8_t x[256], y[256], tab[256];
    for (unsigned k = 0; k < size; k++) {
        x[k] = sign ? (uint8_t)kern_sext8((uint8_t)(k >> bits), bits) : (uint8_t)(k >> bits);
        y[k] = sign ? (uint8_t)kern_sext8((uint8_t)(k & m), bits) : (uint8_t)(k & m);
    }
    irrun_status s = loop(op, t, x, y, tab, size);
    if (s != IRRUN_OK)
        return s;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[(unsigned)(a[i] & m) << bits | (b[i] & m)];
    return IRRUN_OK;
}

static irrun_status bin_i8(kern_binop op, et_id t, const void *a, const void *b, void *r, int64_t n)
{
    return small_int_binary(bin_i8_loop, op, t, a, b, r, n);
}

static irrun_status bin_u8(kern_binop op, et_id t, const void *a, const void *b, void *r, int64_t n)
{
    return small_int_binary(bin_u8_loop, op, t, a, b, r, n);
}

typedef double (*kern_mathfn2)(double, double);

/* The glibc function of a class-B binary op, NULL for the others. */
static kern_mathfn2 math_fn2(kern_binop op)
{
    switch (op) {
    case KB_POW: return pow;
    case KB_ATAN2: return atan2; /* lhs is y, rhs is x (SPEC.md 9.5.1) */
    case KB_ADD:
    case KB_SUB:
    case KB_MUL:
    case KB_DIV:
    case KB_REM:
    case KB_MAX:
    case KB_MIN:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT: break;
    }
    return NULL;
}

/* The class-B ops on one pair of patterns of format f: the definition
 * every float loop follows, the generic loop and the small formats' tables
 * included. */
static uint64_t pow_elem(fp_id f, uint64_t a, uint64_t b)
{
    return kern_round_into(f, pow(fp_to_double(f, a), fp_to_double(f, b)));
}

static uint64_t atan2_elem(fp_id f, uint64_t a, uint64_t b)
{
    return kern_round_into(f, atan2(fp_to_double(f, a), fp_to_double(f, b)));
}

static uint64_t max_elem(fp_id f, uint64_t a, uint64_t b)
{
    return kern_fmaxmin(f, true, a, b, fp_to_double(f, a), fp_to_double(f, b));
}

static uint64_t min_elem(fp_id f, uint64_t a, uint64_t b)
{
    return kern_fmaxmin(f, false, a, b, fp_to_double(f, a), fp_to_double(f, b));
}

/* Formats of 8 bits or fewer: one table lookup per element. The class-B
 * tables cost 65536 glibc calls, once per format and process: on a 16M
 * tensor that is 1/256 of evaluating every element. */
static irrun_status small_binary(kern_binop op, et_id t, const void *va, const void *vb, void *vr,
                                 int64_t n)
{
    const uint8_t *a = va, *b = vb;
    uint8_t *r = vr;
    fp_id f = et_get(t)->fmt;
    if (math_fn2(op)) {
        const uint8_t *tab = op == KB_POW ? fp_table_binary_fn(f, 0, pow_elem)
                                          : fp_table_binary_fn(f, 1, atan2_elem);
        if (!tab)
            return IRRUN_NOMEM;
        for (int64_t i = 0; i < n; i++)
            r[i] = tab[(unsigned)a[i] << 8 | b[i]];
        return IRRUN_OK;
    }
    if (op == KB_MAX || op == KB_MIN) {
        const uint8_t *tab = op == KB_MAX ? fp_table_binary_fn(f, 2, max_elem) : fp_table_binary_fn(f, 3, min_elem);
        if (!tab)
            return IRRUN_NOMEM;
        for (int64_t i = 0; i < n; i++)
            r[i] = tab[(unsigned)a[i] << 8 | b[i]];
        return IRRUN_OK;
    }
    if (to_fpop(op) == FPOP_COUNT)
        return IRRUN_UNSUPPORTED; /* bitwise */
    const uint8_t *tab = fp_table_binop(f, to_fpop(op));
    if (!tab)
        return IRRUN_NOMEM;
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[(unsigned)a[i] << 8 | b[i]];
    return IRRUN_OK;
}

/* Branch-free maximum / minimum (kern_fmaxmin) on W-bit IEEE patterns: the
 * integer key turns sign-magnitude into two's complement, which orders
 * every non-NaN value as llvm::maximum does (-0 below +0; equal keys are
 * equal patterns); a NaN operand, left first, wins made quiet. INF is the
 * Inf pattern's magnitude, QUIET the quiet bit. */
#define MAXMIN_LOOP(UT, ST, W, INF, QUIET, is_max, a, b, r, n)                                    \
    do {                                                                                        \
        const UT mag_ = (UT)(((UT)1 << ((W) - 1)) - 1);                                         \
        for (int64_t i = 0; i < (n); i++) {                                                     \
            UT x = (a)[i], y = (b)[i];                                                          \
            ST kx = (ST)(x ^ ((x >> ((W) - 1)) ? mag_ : 0));                                    \
            ST ky = (ST)(y ^ ((y >> ((W) - 1)) ? mag_ : 0));                                    \
            UT v = ((is_max) ? ky > kx : kx > ky) ? y : x;                                      \
            v = (UT)(y & mag_) > (UT)(INF) ? (UT)(y | (QUIET)) : v;                             \
            (r)[i] = (UT)(x & mag_) > (UT)(INF) ? (UT)(x | (QUIET)) : v;                        \
        }                                                                                       \
    } while (0)

/* One RNE rounding of a non-NaN binary32 into f16, kern_f32_to_f16 with
 * selects instead of branches. */
static inline uint16_t f32_to_f16_sel(float f)
{
    uint32_t u = f32_to_bits(f);
    uint32_t sign = (u >> 16) & 0x8000u;
    u &= 0x7FFFFFFFu;
    uint32_t normal = (u + 0xFFFu + ((u >> 13) & 1u) - 0x38000000u) >> 13;
    uint32_t sub = f32_to_bits(bits_to_f32(u) + 0.5f) - 0x3F000000u;
    uint32_t v = u >= 0x38800000u ? normal : sub;
    v = u >= 0x477FF000u ? 0x7C00u : v;
    return (uint16_t)(sign | v);
}

static inline irrun_status half_binary(kern_binop op, bool bf, fp_id f, const uint16_t *a,
                                       const uint16_t *b, uint16_t *r, int64_t n)
{
    if (op == KB_POW || op == KB_ATAN2) { /* the definition's bits, faster (kern_powf32.h, kern_atan2f32.h) */
        if (op == KB_POW)
            (bf ? kern_bf16_pow : kern_f16_pow)(a, b, r, n);
        else
            (bf ? kern_bf16_atan2 : kern_f16_atan2)(a, b, r, n);
        return IRRUN_OK;
    }
    if (op == KB_MAX || op == KB_MIN) {
        bool is_max = op == KB_MAX;
        if (kern_binary_avx2_usable())
            kern_half_maxmin_avx2(bf, is_max, a, b, r, n);
        else if (bf)
            MAXMIN_LOOP(uint16_t, int16_t, 16, 0x7F80u, 0x0040u, is_max, a, b, r, n);
        else
            MAXMIN_LOOP(uint16_t, int16_t, 16, 0x7C00u, 0x0200u, is_max, a, b, r, n);
        return IRRUN_OK;
    }
    fp_binop fo = to_fpop(op);
    if (fo == FPOP_COUNT)
        return IRRUN_UNSUPPORTED;
    if (kern_binary_avx2_usable()) {
        kern_half_arith_avx2(bf, f, fo, a, b, r, n);
        return IRRUN_OK;
    }
    if (fo == FPOP_REM) {
        for (int64_t i = 0; i < n; i++) {
            double x = bf ? kern_bf16_to_f64(a[i]) : kern_f16_to_f64(a[i]);
            double y = bf ? kern_bf16_to_f64(b[i]) : kern_f16_to_f64(b[i]), v;
            if (kern_rem_small(x, y, &v))
                r[i] = bf ? kern_f32_to_bf16((float)v) : f32_to_f16_sel((float)v); /* exact */
            else
                r[i] = kern_half_arith(bf, f, fo, a[i], b[i]);
        }
        return IRRUN_OK;
    }
    /* in binary32: the operands are exact there, and 24 >= 2p + 2 bits
     * (p = 8, 11) make rounding the binary32 result of +, -, *, / once
     * more equal to one rounding, subnormals included (bf16's are
     * binary32's with 16 bits fewer; f16's are binary32 normals). Chunks
     * of every lane computed and rounded, then the NaN lanes patched. */
    enum { CHUNK = 256 };
    float v[CHUNK];
    for (int64_t at = 0; at < n; at += CHUNK) {
        int64_t k = n - at < CHUNK ? n - at : CHUNK;
        const uint16_t *x = a + at, *y = b + at;
        uint16_t *o = r + at;
#define HALF_OP(EXPR)                                                                      \
    for (int64_t i = 0; i < k; i++) {                                                      \
        float p = bf ? kern_bf16_to_f32(x[i]) : kern_f16_to_f32(x[i]);                     \
        float q = bf ? kern_bf16_to_f32(y[i]) : kern_f16_to_f32(y[i]);                     \
        v[i] = EXPR;                                                                       \
    }
        switch (fo) {
        case FPOP_ADD: HALF_OP(p + q) break;
        case FPOP_SUB: HALF_OP(p - q) break;
        case FPOP_MUL: HALF_OP(p * q) break;
        case FPOP_DIV: HALF_OP(p / q) break;
        case FPOP_REM:
        case FPOP_COUNT: break;
        }
#undef HALF_OP
        uint16_t h[CHUNK];
        int nan = 0;
        for (int64_t i = 0; i < k; i++) {
            nan |= v[i] != v[i];
            h[i] = bf ? kern_f32_to_bf16(v[i]) : f32_to_f16_sel(v[i]);
        }
        /* the NaN lanes are patched before the store: o may be x or y */
        if (nan)
            for (int64_t i = 0; i < k; i++)
                if (v[i] != v[i])
                    h[i] = (uint16_t)fp_arith(f, fo, x[i], y[i]);
        memcpy(o, h, (size_t)k * sizeof h[0]);
    }
    return IRRUN_OK;
}

static irrun_status bf16_binary(kern_binop op, et_id t, const void *a, const void *b, void *r,
                                int64_t n)
{
    return half_binary(op, true, et_get(t)->fmt, a, b, r, n);
}

static irrun_status f16_binary(kern_binop op, et_id t, const void *a, const void *b, void *r,
                               int64_t n)
{
    return half_binary(op, false, et_get(t)->fmt, a, b, r, n);
}

/* +, -, *, /, rem of f32 patterns (c64's +, - run this on the parts). */
/* Fewer elements than a vector (a loop body's scalars) take the scalar
 * loop, the same bits without the padded vector tail. */
static void f32_arith_loop(fp_binop fo, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    if (n >= 8 && kern_binary_avx2_usable()) {
        kern_f32_arith_avx2(fo, a, b, r, n);
        return;
    }
    switch (fo) {
    case FPOP_ADD:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_ADD, a[i], b[i]);
        break;
    case FPOP_SUB:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_SUB, a[i], b[i]);
        break;
    case FPOP_MUL:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_MUL, a[i], b[i]);
        break;
    case FPOP_DIV:
        for (int64_t i = 0; i < n; i++)
            r[i] = kern_f32_arith(FPOP_DIV, a[i], b[i]);
        break;
    case FPOP_REM:
        for (int64_t i = 0; i < n; i++) {
            double v;
            if (kern_rem_small((double)bits_to_f32(a[i]), (double)bits_to_f32(b[i]), &v))
                r[i] = f32_to_bits((float)v); /* exact */
            else
                r[i] = kern_f32_arith(FPOP_REM, a[i], b[i]);
        }
        break;
    case FPOP_COUNT:
        break;
    }
}

static void f64_arith_loop(fp_binop fo, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    if (n >= 4 && kern_binary_avx2_usable()) {
        kern_f64_arith_avx2(fo, a, b, r, n);
        return;
    }
    for (int64_t i = 0; i < n; i++)
        r[i] = kern_f64_arith(fo, a[i], b[i]);
}

static irrun_status f32_binary(kern_binop op, et_id t, const void *va, const void *vb, void *vr,
                               int64_t n)
{
    const uint32_t *a = va, *b = vb;
    uint32_t *r = vr;
    (void)t;
    switch (op) {
    case KB_MAX:
    case KB_MIN:
        if (kern_binary_avx2_usable())
            kern_f32_maxmin_avx2(op == KB_MAX, a, b, r, n);
        else
            MAXMIN_LOOP(uint32_t, int32_t, 32, 0x7F800000u, 0x00400000u, op == KB_MAX, a, b, r, n);
        return IRRUN_OK;
    case KB_ADD:
    case KB_SUB:
    case KB_MUL:
    case KB_DIV:
    case KB_REM:
        f32_arith_loop(to_fpop(op), a, b, r, n);
        return IRRUN_OK;
    case KB_POW:
        kern_f32_pow(a, b, r, n);
        return IRRUN_OK;
    case KB_ATAN2:
        kern_f32_atan2(a, b, r, n);
        return IRRUN_OK;
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT:
        break;
    }
    return IRRUN_UNSUPPORTED;
}

static irrun_status f64_binary(kern_binop op, et_id t, const void *va, const void *vb, void *vr,
                               int64_t n)
{
    const uint64_t *a = va, *b = vb;
    uint64_t *r = vr;
    (void)t;
    if (op == KB_MAX || op == KB_MIN) {
        if (kern_binary_avx2_usable())
            kern_f64_maxmin_avx2(op == KB_MAX, a, b, r, n);
        else
            MAXMIN_LOOP(uint64_t, int64_t, 64, UINT64_C(0x7FF0000000000000),
                        UINT64_C(0x0008000000000000), op == KB_MAX, a, b, r, n);
        return IRRUN_OK;
    }
    kern_mathfn2 fn = math_fn2(op);
    if (fn) {
        for (int64_t i = 0; i < n; i++)
            r[i] = f64_to_bits(fn(bits_to_f64(a[i]), bits_to_f64(b[i])));
        return IRRUN_OK;
    }
    fp_binop fo = to_fpop(op);
    if (fo == FPOP_COUNT)
        return IRRUN_UNSUPPORTED;
    f64_arith_loop(fo, a, b, r, n);
    return IRRUN_OK;
}

static void load_parts(bool wide, const void *base, int64_t i, uint64_t *re, uint64_t *im)
{
    if (wide) {
        const uint64_t *p = base;
        *re = p[2 * i];
        *im = p[2 * i + 1];
    } else {
        const uint32_t *p = base;
        *re = p[2 * i];
        *im = p[2 * i + 1];
    }
}

static void store_parts(bool wide, void *base, int64_t i, uint64_t re, uint64_t im)
{
    if (wide) {
        uint64_t *p = base;
        p[2 * i] = re;
        p[2 * i + 1] = im;
    } else {
        uint32_t *p = base;
        p[2 * i] = (uint32_t)re;
        p[2 * i + 1] = (uint32_t)im;
    }
}

/* c128 division: C99's __divdc3 in binary64 (class B; c64's is
 * kern_c64_div_sqrt_exp.c's). */
static void c128_div(const double *a, const double *b, double *r, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double _Complex z = kern_cmake(a[2 * i], a[2 * i + 1]) / kern_cmake(b[2 * i], b[2 * i + 1]);
        r[2 * i] = creal(z);
        r[2 * i + 1] = cimag(z);
    }
}

/* The complex loops with a loop of their own: +, - part-wise (the f32 /
 * f64 loops on 2n parts), 4.6's product, division, REF's maximum and
 * minimum. False: the op takes complex_binary's loop. */
static bool complex_fast(kern_binop op, bool wide, const void *a, const void *b, void *r, int64_t n)
{
    bool avx2 = kern_binary_avx2_usable();
    switch (op) {
    case KB_ADD:
    case KB_SUB:
        if (wide)
            f64_arith_loop(to_fpop(op), a, b, r, 2 * n);
        else
            f32_arith_loop(to_fpop(op), a, b, r, 2 * n);
        return true;
    case KB_MUL:
        if (avx2 && wide) {
            kern_c128_mul_avx2(a, b, r, n);
        } else if (avx2) {
            kern_c64_mul_avx2(a, b, r, n);
        } else if (wide) {
            const double *x = a, *y = b;
            uint64_t *o = r;
            for (int64_t i = 0; i < n; i++) {
                double xr = x[2 * i], xi = x[2 * i + 1], yr = y[2 * i], yi = y[2 * i + 1];
                double re = xr * yr - xi * yi, im = xr * yi + xi * yr;
                if (re != re || im != im) {
                    kern_cmul64(f64_to_bits(xr), f64_to_bits(xi), f64_to_bits(yr), f64_to_bits(yi),
                                &o[2 * i], &o[2 * i + 1]);
                } else {
                    o[2 * i] = f64_to_bits(re);
                    o[2 * i + 1] = f64_to_bits(im);
                }
            }
        } else {
            const float *x = a, *y = b;
            uint32_t *o = r;
            for (int64_t i = 0; i < n; i++) {
                float xr = x[2 * i], xi = x[2 * i + 1], yr = y[2 * i], yi = y[2 * i + 1];
                float re = xr * yr - xi * yi, im = xr * yi + xi * yr;
                if (re != re || im != im) {
                    kern_cmul32(f32_to_bits(xr), f32_to_bits(xi), f32_to_bits(yr), f32_to_bits(yi),
                                &o[2 * i], &o[2 * i + 1]);
                } else {
                    o[2 * i] = f32_to_bits(re);
                    o[2 * i + 1] = f32_to_bits(im);
                }
            }
        }
        return true;
    case KB_DIV:
        if (wide)
            c128_div(a, b, r, n);
        else
            kern_c64_div(a, b, r, n);
        return true;
    case KB_MAX:
    case KB_MIN:
        if (avx2 && wide) {
            kern_c128_maxmin_avx2(op == KB_MAX, a, b, r, n);
            return true;
        }
        if (avx2) {
            kern_c64_maxmin_avx2(op == KB_MAX, a, b, r, n);
            return true;
        }
        return false;
    case KB_ATAN2:
        if (wide)
            return false;
        kern_c64_atan2(a, b, r, n);
        return true;
    case KB_POW:
        if (wide)
            return false;
        kern_c64_pow(a, b, r, n);
        return true;
    case KB_REM:
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT:
        break;
    }
    return false;
}
static irrun_status complex_binary(kern_binop op, bool wide, const void *a, const void *b, void *r,
                                   int64_t n)
{
    if (complex_fast(op, wide, a, b, r, n))
        return IRRUN_OK;
    for (int64_t i = 0; i < n; i++) {
        uint64_t ar, ai, br, bi, rr = 0, ri = 0;
        load_parts(wide, a, i, &ar, &ai);
        load_parts(wide, b, i, &br, &bi);
        if (!kern_complex_binary_def(op, wide, ar, ai, br, bi, &rr, &ri))
            return IRRUN_UNSUPPORTED;
        store_parts(wide, r, i, rr, ri);
    }
    return IRRUN_OK;
}

static irrun_status c64_binary(kern_binop op, et_id t, const void *a, const void *b, void *r,
                               int64_t n)
{
    (void)t;
    return complex_binary(op, false, a, b, r, n);
}

static irrun_status c128_binary(kern_binop op, et_id t, const void *a, const void *b, void *r,
                                int64_t n)
{
    (void)t;
    return complex_binary(op, true, a, b, r, n);
}

static const binary_loop binary_loops[ES_COUNT] = {
    [ES_BOOL] = bool_binary,
    [ES_S8] = bin_i8,
    [ES_S16] = bin_i16,
    [ES_S32] = bin_i32,
    [ES_S64] = bin_i64,
    [ES_U8] = bin_u8,
    [ES_U16] = bin_u16,
    [ES_U32] = bin_u32,
    [ES_U64] = bin_u64,
    [ES_FBYTE] = small_binary,
    [ES_BF16] = bf16_binary,
    [ES_F16] = f16_binary,
    [ES_F32] = f32_binary,
    [ES_F64] = f64_binary,
    [ES_C64] = c64_binary,
    [ES_C128] = c128_binary,
    [ES_FLOAT] = NULL,
};

/* The element kinds each op exists for: one bit per et_kind. */
#define K_(k) (1u << (k))
#define K_INT (K_(EK_SINT) | K_(EK_UINT))
#define K_NUM (K_INT | K_(EK_FLOAT) | K_(EK_COMPLEX))
static const unsigned binop_kinds[KB_COUNT] = {
    [KB_ADD] = K_NUM | K_(EK_BOOL),
    [KB_SUB] = K_NUM,
    [KB_MUL] = K_NUM | K_(EK_BOOL),
    [KB_DIV] = K_NUM,
    [KB_REM] = K_INT | K_(EK_FLOAT),
    [KB_POW] = K_NUM,
    [KB_ATAN2] = K_(EK_FLOAT) | K_(EK_COMPLEX),
    [KB_MAX] = K_NUM | K_(EK_BOOL),
    [KB_MIN] = K_NUM | K_(EK_BOOL),
    [KB_AND] = K_INT | K_(EK_BOOL),
    [KB_OR] = K_INT | K_(EK_BOOL),
    [KB_XOR] = K_INT | K_(EK_BOOL),
};

bool kern_binop_applies(et_kind k, kern_binop op)
{
    return op < KB_COUNT && (binop_kinds[op] >> k & 1u);
}

static irrun_status binary_each(const void *ctx, const tensor *const *x, tensor *r)
{
    return kern_binary(*(const kern_binop *)ctx, x[0], x[1], r);
}

irrun_status kern_binary_on(pool *p, kern_binop op, const tensor *a, const tensor *b, tensor *r)
{
    const tensor *x[2] = { a, b };
    return kern_each_on(p, binary_each, &op, x, 2, r);
}

irrun_status kern_binary(kern_binop op, const tensor *a, const tensor *b, tensor *r)
{
    if (kern_any_splat(a, b, NULL, r)) {
        const tensor *x[2] = { a, b };
        return kern_splat_each(binary_each, &op, x, 2, r);
    }
    et_id t = a->type.elem;
    if (!kern_binop_applies(et_get(t)->kind, op))
        return IRRUN_UNSUPPORTED;
    binary_loop loop = binary_loops[et_get(t)->storage];
    if (!loop)
        return kern_binary_generic(op, a, b, r);
    return loop(op, t, a->data, b->data, r->data, r->count);
}

/* --- the generic loop --------------------------------------------------- */

/* Integers and booleans on value bits (the store keeps the low ones, which
 * is the wrap-around); signed values compare and divide sign-extended. The
 * division rules are the fast loops' (XLA's). */
static uint64_t int_elem(et_id t, kern_binop op, uint64_t a, uint64_t b)
{
    const et_traits *tr = et_get(t);
    if (tr->kind == EK_BOOL) {
        /* on {0, 1}: + and max are or, * and min are and */
        if (op == KB_ADD || op == KB_MAX)
            op = KB_OR;
        else if (op == KB_MUL || op == KB_MIN)
            op = KB_AND;
    }
    bool s = tr->kind == EK_SINT;
    int64_t sa = et_sign_extend(t, a), sb = et_sign_extend(t, b);
    switch (op) {
    case KB_ADD: return a + b;
    case KB_SUB: return a - b;
    case KB_MUL: return a * b;
    case KB_DIV:
        if (b == 0)
            return et_value_mask(t);
        if (s && sb == -1)
            return 0 - a;
        return s ? (uint64_t)(sa / sb) : a / b;
    case KB_REM:
        if (b == 0)
            return a;
        if (s && sb == -1)
            return 0;
        return s ? (uint64_t)(sa % sb) : a % b;
    case KB_POW:
        /* SPEC.md 9.5.1 on the N-bit value: b^|e| for a base of 1 or -1,
         * else 0, when a signed e is negative */
        if (s && sb < 0) {
            if (sa != 1 && sa != -1)
                return 0;
            b = (0 - b) & et_value_mask(t);
        }
        return int_pow(a, b);
    case KB_ATAN2:
        break;
    case KB_MAX: return (s ? sa < sb : a < b) ? b : a;
    case KB_MIN: return (s ? sb < sa : b < a) ? b : a;
    case KB_AND: return a & b;
    case KB_OR: return a | b;
    case KB_XOR: return a ^ b;
    case KB_COUNT: break;
    }
    return 0;
}

/* llvm::maximum / llvm::minimum (SPEC.md 4.11) by exact comparison. */
static uint64_t float_maxmin(fp_id f, bool is_max, uint64_t a, uint64_t b)
{
    if (fp_is_nan(f, a))
        return fp_quiet(f, a);
    if (fp_is_nan(f, b))
        return fp_quiet(f, b);
    int c = fp_compare(f, a, b);
    if (c == 0 && fp_classify(f, a) == FPC_ZERO) {
        bool na = fp_is_negative(f, a), nb = fp_is_negative(f, b);
        if (na != nb)
            return na == is_max ? b : a;
    }
    if (is_max)
        return c < 0 ? b : a;
    return c > 0 ? b : a;
}

static uint64_t float_elem(fp_id f, kern_binop op, uint64_t a, uint64_t b)
{
    switch (op) {
    case KB_MAX:
    case KB_MIN: return float_maxmin(f, op == KB_MAX, a, b);
    case KB_ADD:
    case KB_SUB:
    case KB_MUL:
    case KB_DIV:
    case KB_REM: return fp_arith(f, to_fpop(op), a, b);
    case KB_POW: return pow_elem(f, a, b);
    case KB_ATAN2: return atan2_elem(f, a, b);
    case KB_AND:
    case KB_OR:
    case KB_XOR:
    case KB_COUNT: break;
    }
    return 0;
}

void kern_elem_binary(et_id t, kern_binop op, const void *a, const void *b, void *r)
{
    const et_traits *tr = et_get(t);
    switch (tr->kind) {
    case EK_BOOL:
    case EK_SINT:
    case EK_UINT:
        et_store_bits(t, r, int_elem(t, op, et_load_bits(t, a), et_load_bits(t, b)));
        return;
    case EK_FLOAT:
        et_store_bits(t, r, float_elem(tr->fmt, op, et_load_bits(t, a), et_load_bits(t, b)));
        return;
    case EK_COMPLEX:
        kern_complex_binary_elem(t, op, a, b, r);
        return;
    }
}

irrun_status kern_binary_generic(kern_binop op, const tensor *a, const tensor *b, tensor *r)
{
    et_id t = a->type.elem;
    if (!kern_binop_applies(et_get(t)->kind, op))
        return IRRUN_UNSUPPORTED;
    size_t es = et_get(t)->bytes;
    const unsigned char *pa = a->data, *pb = b->data;
    unsigned char *pr = r->data;
    for (int64_t i = 0; i < r->count; i++)
        kern_elem_binary(t, op, pa + i * es, pb + i * es, pr + i * es);
    return IRRUN_OK;
}
