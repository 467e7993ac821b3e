/* The kernels' fast loops against their generic loops (kern_generic.h), bit
 * for bit, on every element type: exhaustive operands where the type has
 * at most 8 value bits (16 for unary ops), otherwise the type's special
 * patterns (zeros, subnormals, the largest finite, infinities, NaNs with
 * payloads, integer extremes) crossed with each other plus random
 * patterns. The generic loops are what a new element type runs until it
 * gets fast loops, so this is also the test that they are right. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/xorshift.h"

#include "same_bits.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *new_tensor(et_id t, int rank, int64_t d0, int64_t d1)
{
    tensor_type ty = { t, rank, { d0, d1 } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static tensor *vec(et_id t, int64_t n) { return new_tensor(t, 1, n, 0); }

/* Element i of a tensor from part patterns (im is ignored unless complex). */
static void set(tensor *x, int64_t i, uint64_t re, uint64_t im)
{
    et_id t = x->type.elem, p = et_part(t);
    unsigned char *e = (unsigned char *)x->data + i * (int64_t)et_get(t)->bytes;
    et_store_bits(p, e, re);
    if (p != t)
        et_store_bits(p, e + et_get(p)->bytes, im);
}

enum { MAXSPECIAL = 64 };

/* Interesting patterns of a non-complex type. */
static int specials(et_id t, uint64_t *out)
{
    const et_traits *tr = et_get(t);
    uint64_t mask = et_value_mask(t);
    int n = 0;
    if (tr->kind != EK_FLOAT) {
        unsigned b = tr->value_bits;
        uint64_t top = UINT64_C(1) << (b - 1);
        uint64_t base[] = { 0, 1, 2, 3, 7, mask, mask - 1, top, top + 1, top - 1,
                            UINT64_C(0x5555555555555555), UINT64_C(0xAAAAAAAAAAAAAAAA),
                            UINT64_C(0x00FF00FF00FF00FF), 100, 1000 };
        for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
            out[n++] = base[i] & mask;
        return n;
    }
    fp_id f = tr->fmt;
    const fp_format *F = fp_fmt(f);
    uint64_t base[] = { 0,
                        1, /* smallest subnormal */
                        2,
                        (UINT64_C(1) << F->mbits) - 1, /* largest subnormal */
                        UINT64_C(1) << F->mbits,       /* smallest normal */
                        F->max_bits,
                        F->max_bits - 1,
                        F->canon_nan,
                        fp_from_double(f, 1.0, FPR_RNE),
                        fp_from_double(f, 0.5, FPR_RNE),
                        fp_from_double(f, 1.5, FPR_RNE),
                        fp_from_double(f, 3.0, FPR_RNE),
                        fp_from_double(f, 10.0, FPR_RNE),
                        fp_from_double(f, 0.1, FPR_RNE),
                        fp_from_double(f, 1e30, FPR_RNE) };
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        out[n++] = base[i] & F->mask;
        if (F->sign_mask)
            out[n++] = (base[i] | F->sign_mask) & F->mask;
    }
    if (F->has_inf) {
        out[n++] = fp_from_double(f, INFINITY, FPR_RNE);
        out[n++] = fp_from_double(f, -INFINITY, FPR_RNE);
    }
    if (F->nan == FPN_IEEE) {
        uint64_t e = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
        out[n++] = e | 1; /* signaling */
        out[n++] = e | 1 | F->sign_mask;
        out[n++] = e | (UINT64_C(1) << (F->mbits - 1)) | 3; /* quiet, payload */
        out[n++] = e | (UINT64_C(1) << (F->mbits - 1)) | 5 | F->sign_mask;
    }
    ck_assert_int_le(n, MAXSPECIAL);
    return n;
}

/* A random pattern of a non-complex type: uniform bits, or (floats) a
 * modest value so that sums and products stay in range. */
static uint64_t random_pattern(et_id t)
{
    const et_traits *tr = et_get(t);
    if (tr->kind == EK_FLOAT && rnd() % 2)
        return fp_from_double(tr->fmt, ((double)(rnd() % 64) - 32.0) / 8.0, FPR_RNE);
    return rnd() & et_value_mask(t);
}

/* Operand pairs for binary ops and compare: every pair where a part has at
 * most 8 bits, else specials x specials plus random pairs (a third of them
 * with nearby exponents, which makes cancelling sums). */
static int64_t make_pairs(et_id t, tensor **pa, tensor **pb)
{
    et_id p = et_part(t);
    unsigned bits = et_get(p)->value_bits;
    if (p == t && bits <= 8) {
        int64_t v = INT64_C(1) << bits, n = v * v;
        *pa = vec(t, n);
        *pb = vec(t, n);
        for (int64_t i = 0; i < n; i++) {
            set(*pa, i, (uint64_t)(i / v), 0);
            set(*pb, i, (uint64_t)(i % v), 0);
        }
        return n;
    }
    uint64_t sp[MAXSPECIAL];
    int ns = specials(p, sp);
    int64_t nr = 20000, n = (int64_t)ns * ns + nr;
    *pa = vec(t, n);
    *pb = vec(t, n);
    int64_t i = 0;
    for (int x = 0; x < ns; x++)
        for (int y = 0; y < ns; y++, i++) {
            /* complex: the specials as real parts against each other, and
             * as imaginary parts of the other operand */
            set(*pa, i, sp[x], sp[(x + y) % ns]);
            set(*pb, i, sp[y], sp[x]);
        }
    for (; i < n; i++) {
        uint64_t ar = random_pattern(p), br = random_pattern(p);
        uint64_t ai = random_pattern(p), bi = i % 5 == 0 ? ai : random_pattern(p);
        if (i % 3 == 0)
            br = (ar & ~(uint64_t)0xFFF) | (br & 0xFFF);
        if (i % 7 == 0)
            br = ar; /* equal real parts: the imaginary parts decide */
        set(*pa, i, ar, ai);
        set(*pb, i, br, bi);
    }
    return n;
}

/* Operands for unary ops and convert: every pattern where a part has at
 * most 16 bits (plus a few more: 16-bit loops switch to a table above 64K
 * elements), else specials plus random patterns. */
static tensor *make_values(et_id t)
{
    et_id p = et_part(t);
    unsigned bits = et_get(p)->value_bits;
    uint64_t sp[MAXSPECIAL];
    int ns = specials(p, sp);
    if (p == t && bits <= 16) {
        int64_t v = INT64_C(1) << bits, n = v + (bits == 16 ? 100 : 0);
        tensor *x = vec(t, n);
        for (int64_t i = 0; i < n; i++)
            set(x, i, i < v ? (uint64_t)i : random_pattern(p), 0);
        return x;
    }
    int64_t n = (int64_t)ns * ns + 30000;
    tensor *x = vec(t, n);
    int64_t i = 0;
    for (int a = 0; a < ns; a++)
        for (int b = 0; b < ns; b++, i++)
            set(x, i, sp[a], sp[b]);
    /* floats around the integer targets' limits (convert saturates or
     * truncates there), and integers of 2^53 and more (the float targets
     * round them) */
    static const int pows[] = { 7, 8, 15, 16, 31, 32, 53, 54, 63, 64 };
    static const double offs[] = { -1.0, -0.5, 0.0, 0.5, 1.0 };
    for (size_t k = 0; k < sizeof pows / sizeof pows[0] && et_get(p)->kind == EK_FLOAT; k++)
        for (size_t o = 0; o < sizeof offs / sizeof offs[0]; o++)
            for (int sign = -1; sign <= 1; sign += 2, i++)
                set(x, i, fp_from_double(et_get(p)->fmt, sign * (ldexp(1.0, pows[k]) + offs[o]), FPR_RNE), 0);
    for (int k = 53; k < 64 && et_get(p)->kind != EK_FLOAT; k++, i++)
        set(x, i, ((UINT64_C(1) << k) + 1 + (uint64_t)k * 2) & et_value_mask(p), 0);
    for (; i < n; i++)
        set(x, i, random_pattern(p), random_pattern(p));
    return x;
}


/* Result tensors pre-filled differently, so that a loop that leaves a byte
 * unwritten cannot pass. */
static void poison(tensor *fast, tensor *gen)
{
    memset(fast->data, 0xA5, fast->nbytes);
    memset(gen->data, 0x5A, gen->nbytes);
}

/* op on a, b by the fast kernel into r1 and by the generic loop into r2
 * (both poisoned first): the same status and, where it is OK, the same
 * bits. Returns the status. */
static irrun_status binary_against_generic(kern_binop op, const tensor *a, const tensor *b, tensor *r1, tensor *r2,
                                           const char *what)
{
    poison(r1, r2);
    irrun_status s = kern_binary(op, a, b, r1);
    ck_assert_int_eq(s, kern_binary_generic(op, a, b, r2));
    if (s == IRRUN_OK)
        same_bits(r1, r2, what);
    return s;
}

START_TEST(binary_fast_is_generic)
{
    et_id t = (et_id)_i;
    tensor *a, *b;
    int64_t n = make_pairs(t, &a, &b);
    tensor *r1 = vec(t, n), *r2 = vec(t, n);
    for (int op = 0; op < KB_COUNT; op++) {
        char what[96];
        snprintf(what, sizeof what, "%s binop %d", et_get(t)->name, op);
        irrun_status s1 = binary_against_generic((kern_binop)op, a, b, r1, r2, what);
        ck_assert_int_eq(s1, kern_binop_applies(et_get(t)->kind, (kern_binop)op) ? IRRUN_OK
                                                                                 : IRRUN_UNSUPPORTED);
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r1);
    tensor_release(r2);
}
END_TEST

START_TEST(unary_fast_is_generic)
{
    et_id t = (et_id)_i;
    tensor *x = make_values(t);
    for (int op = 0; op < KU_COUNT; op++) {
        /* complex abs has the part type */
        et_id rt = op == KU_ABS ? et_part(t) : t;
        for (int pass = 0; pass < 2; pass++) {
            /* the second pass with few elements: loops that tabulate
             * large inputs compute small ones directly */
            int64_t n = pass ? (x->count < 1000 ? x->count : 1000) : x->count;
            tensor *in = x;
            if (pass) {
                in = vec(t, n);
                memcpy(in->data, x->data, in->nbytes);
            }
            tensor *r1 = vec(rt, n), *r2 = vec(rt, n);
            char what[96];
            snprintf(what, sizeof what, "%s unop %d, %lld elements", et_get(t)->name, op,
                     (long long)n);
            poison(r1, r2);
            irrun_status s1 = kern_unary((kern_unop)op, in, r1);
            irrun_status s2 = kern_unary_generic((kern_unop)op, in, r2);
            ck_assert_int_eq(s1, s2);
            ck_assert_int_eq(s1, kern_unop_applies(et_get(t)->kind, (kern_unop)op)
                                     ? IRRUN_OK
                                     : IRRUN_UNSUPPORTED);
            if (s1 == IRRUN_OK)
                same_bits(r1, r2, what);
            tensor_release(r1);
            tensor_release(r2);
            if (pass)
                tensor_release(in);
        }
    }
    tensor_release(x);
}
END_TEST

START_TEST(convert_fast_is_generic)
{
    et_id from = (et_id)_i;
    tensor *x = make_values(from);
    for (int to = 0; to < ET_COUNT; to++) {
        for (int pass = 0; pass < 2; pass++) {
            /* few elements: 1-byte sources convert directly, not by table */
            int64_t n = pass ? 50 : x->count;
            tensor *in = x;
            if (pass) {
                size_t es = et_get(from)->bytes;
                in = vec(from, n);
                for (int64_t i = 0; i < n; i++)
                    memcpy((unsigned char *)in->data + i * (int64_t)es,
                           (unsigned char *)x->data + (i * 7 % x->count) * (int64_t)es, es);
            }
            tensor *r1 = vec((et_id)to, n), *r2 = vec((et_id)to, n);
            char what[96];
            snprintf(what, sizeof what, "%s -> %s, %lld elements", et_get(from)->name,
                     et_get((et_id)to)->name, (long long)n);
            poison(r1, r2);
            ck_assert_int_eq(kern_convert(in, r1), IRRUN_OK);
            ck_assert_int_eq(kern_convert_generic(in, r2), IRRUN_OK);
            same_bits(r1, r2, what);
            tensor_release(r1);
            tensor_release(r2);
            if (pass)
                tensor_release(in);
        }
    }
    tensor_release(x);
}
END_TEST

START_TEST(compare_fast_is_generic)
{
    et_id t = (et_id)_i;
    tensor *a, *b;
    int64_t n = make_pairs(t, &a, &b);
    tensor *r1 = vec(ET_I1, n), *r2 = vec(ET_I1, n);
    for (int total = 0; total < 2; total++)
        for (int dir = KC_EQ; dir <= KC_LT; dir++) {
            char what[96];
            snprintf(what, sizeof what, "%s compare %d%s", et_get(t)->name, dir,
                     total ? " totalorder" : "");
            poison(r1, r2);
            ck_assert_int_eq(kern_compare((kern_cmpdir)dir, total, a, b, r1), IRRUN_OK);
            ck_assert_int_eq(kern_compare_generic((kern_cmpdir)dir, total, a, b, r2), IRRUN_OK);
            same_bits(r1, r2, what);
        }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r1);
    tensor_release(r2);
}
END_TEST

/* A [3, K] . [K, N] product (N = 19: two 8-wide blocks and a tail) with
 * REF accumulation, operands drawn from the type's specials and random
 * patterns. */
START_TEST(dot_fast_is_generic)
{
    et_id t = (et_id)_i, p = et_part(t);
    uint64_t sp[MAXSPECIAL];
    int ns = specials(p, sp);
    for (int rep = 0; rep < 4; rep++) {
        int64_t K = rep == 0 ? 1 : rep == 1 ? 5 : 37, N = 19;
        tensor *x = new_tensor(t, 2, 3, K), *y = new_tensor(t, 2, K, N);
        tensor *r1 = new_tensor(t, 2, 3, N), *r2 = new_tensor(t, 2, 3, N);
        /* rep 3 has no specials: long sums of ordinary values */
        for (int64_t i = 0; i < x->count; i++)
            set(x, i, rep < 3 && rnd() % 4 == 0 ? sp[rnd() % ns] : random_pattern(p),
                random_pattern(p));
        for (int64_t i = 0; i < y->count; i++)
            set(y, i, rep < 3 && rnd() % 4 == 0 ? sp[rnd() % ns] : random_pattern(p),
                random_pattern(p));
        kern_dot_dims dd;
        memset(&dd, 0, sizeof dd);
        dd.ncontract = 1;
        dd.lc[0] = 1;
        dd.rc[0] = 0;
        dd.mode = KACC_REF;
        dd.lprec = dd.rprec = FP_COUNT;
        char what[96];
        snprintf(what, sizeof what, "%s dot K=%lld", et_get(t)->name, (long long)K);
        poison(r1, r2);
        ck_assert_int_eq(kern_dot_general(x, y, &dd, r1), IRRUN_OK);
        ck_assert_int_eq(kern_dot_general_generic(x, y, &dd, r2), IRRUN_OK);
        same_bits(r1, r2, what);
        tensor_release(x);
        tensor_release(y);
        tensor_release(r1);
        tensor_release(r2);
    }
}
END_TEST

/* The ops of SPEC.md 9.5.1 on the operands their definitions single out,
 * which random patterns rarely hit: integer power with exponents around 0,
 * the width and negative ones on bases around +-1 and INT_MIN; float
 * power with negative bases and integral or half-integral exponents, +-1
 * against infinities, results near overflow and underflow; atan2 on every
 * sign of zeros and infinities; tan near multiples of pi/2, log_plus_one
 * near -1, exponential_minus_one near 0 and overflow, ties for
 * round_nearest_afz. Fast loops against generic loops, as above. */
START_TEST(math_ops_fast_is_generic)
{
    et_id t = (et_id)_i, p = et_part(t);
    const et_traits *tr = et_get(p);
    enum { NB = 24, NE = 40 };
    uint64_t base[NB], expo[NE];
    int nb = 0, ne = 0;
    if (tr->kind == EK_BOOL)
        return; /* none of these ops takes i1 */
    if (tr->kind != EK_FLOAT) {
        unsigned w = tr->value_bits;
        uint64_t m = et_value_mask(p), top = UINT64_C(1) << (w - 1);
        const int64_t bs[] = { 0, 1, -1, 2, -2, 3, -3, 5 };
        for (size_t i = 0; i < sizeof bs / sizeof bs[0]; i++)
            base[nb++] = (uint64_t)bs[i] & m;
        base[nb++] = top;
        base[nb++] = top - 1;
        base[nb++] = top + 1;
        for (int64_t e = -3; e <= 4; e++)
            expo[ne++] = (uint64_t)e & m;
        expo[ne++] = w & m;
        expo[ne++] = (w - 1) & m;
        expo[ne++] = top;
        expo[ne++] = top - 1;
        expo[ne++] = top + 1;
        expo[ne++] = m;
    } else {
        fp_id f = tr->fmt;
        const double bv[] = { -1.0, 1.0, -2.0, 2.0, -0.5, 0.5, -3.0, 0.0, -0.0, 1.5707963267948966,
                              -1.5707963267948966, 4.71238898038469, 1e-3, -0.999, 10.0, 88.7,
                              709.8, INFINITY, -INFINITY, 2.5, -2.5, 3.5, 1e-30, 1e30 };
        const double ev[] = { 0.0, -0.0, 1.0, -1.0, 2.0, 3.0, -3.0, 0.5, -0.5, 1.5, 0.25, 31.0,
                              -31.0, 1e6, -1e6, 127.5, INFINITY, -INFINITY, NAN, 1e-8 };
        for (size_t i = 0; i < sizeof bv / sizeof bv[0]; i++)
            base[nb++] = fp_from_double(f, bv[i], FPR_RNE);
        for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++)
            expo[ne++] = fp_from_double(f, ev[i], FPR_RNE);
    }
    int64_t n = (int64_t)nb * ne;
    tensor *a = vec(t, n), *b = vec(t, n), *x = vec(t, nb);
    for (int i = 0; i < nb; i++) {
        set(x, i, base[i], base[(i + 1) % nb]);
        for (int j = 0; j < ne; j++) {
            set(a, i * ne + j, base[i], expo[j]);
            set(b, i * ne + j, expo[j], base[(i + j) % nb]);
        }
    }
    static const kern_binop bops[] = { KB_POW, KB_ATAN2 };
    for (size_t k = 0; k < 2; k++) {
        for (int swap = 0; swap < 2; swap++) {
            tensor *r1 = vec(t, n), *r2 = vec(t, n);
            const tensor *l = swap ? b : a, *r = swap ? a : b;
            char what[96];
            snprintf(what, sizeof what, "%s binop %d%s", et_get(t)->name, (int)bops[k],
                     swap ? " swapped" : "");
            binary_against_generic(bops[k], l, r, r1, r2, what);
            tensor_release(r1);
            tensor_release(r2);
        }
    }
    static const kern_unop uops[] = { KU_TAN, KU_CBRT, KU_EXPM1, KU_LOG1P, KU_ROUND_AFZ };
    for (size_t k = 0; k < sizeof uops / sizeof uops[0]; k++) {
        tensor *r1 = vec(t, nb), *r2 = vec(t, nb);
        char what[96];
        snprintf(what, sizeof what, "%s unop %d", et_get(t)->name, (int)uops[k]);
        poison(r1, r2);
        irrun_status s1 = kern_unary(uops[k], x, r1);
        ck_assert_int_eq(s1, kern_unary_generic(uops[k], x, r2));
        if (s1 == IRRUN_OK)
            same_bits(r1, r2, what);
        tensor_release(r1);
        tensor_release(r2);
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(x);
}
END_TEST

/* remainder on floats, where the fast loops divide in binary64 instead of
 * calling fmod (kern_binary_avx2.c, rem_small_pd): quotients around the
 * integers the rounded quotient can cross (x a neighbour of k*y),
 * around 2^29 and 2^52 where the fast path hands over to fmod, huge and
 * tiny ones, subnormal divisors, zeros and infinities of either sign. Fast
 * against generic, as above. */
START_TEST(remainder_fast_is_generic)
{
    et_id t = (et_id)_i;
    const et_traits *tr = et_get(t);
    if (tr->kind != EK_FLOAT || tr->bytes < 2)
        return;
    fp_id f = tr->fmt;
    const fp_format *F = fp_fmt(f);
    enum { N = 60000 };
    tensor *a = vec(t, N), *b = vec(t, N), *r1 = vec(t, N), *r2 = vec(t, N);
    static const double ks[] = { 1, 2, 3, 7, 1000, 65535, 0x1p23, 0x1p24 - 1, 0x1p29 - 1, 0x1p29,
                                 0x1p29 + 1, 0x1p30, 0x1p52 - 1, 0x1p52, 0x1p53, 1e30 };
    for (int64_t i = 0; i < N; i++) {
        uint64_t y = rnd() & F->mask, x;
        if (i % 11 == 0)
            y = fp_from_double(f, ldexp((double)(rnd() % 2048 + 1), (int)(rnd() % 80) - 40), FPR_RNE);
        if (i % 13 == 0)
            y = rnd() % 8; /* subnormal or zero */
        double yv = fp_to_double(f, y);
        double k = ks[rnd() % (sizeof ks / sizeof ks[0])];
        if (i % 3 == 0)
            k = (double)(rnd() % 100000);
        x = fp_from_double(f, k * yv, FPR_RNE);
        switch (rnd() % 4) { /* a neighbour: the quotient just below or above k */
        case 0: x = (x & F->mask) ? x - 1 : x; break;
        case 1: x = x + 1; break;
        default: break;
        }
        if (i % 17 == 0)
            x = rnd() & F->mask;
        if (rnd() % 2)
            x ^= F->sign_mask;
        if (i % 19 == 0)
            x = fp_from_double(f, (i / 19) % 2 ? -0.0 : 0.0, FPR_RNE);
        if (i % 23 == 0)
            y = fp_from_double(f, (i / 23) % 2 ? -INFINITY : INFINITY, FPR_RNE);
        set(a, i, x & F->mask, 0);
        set(b, i, y & F->mask, 0);
    }
    char what[96];
    snprintf(what, sizeof what, "%s remainder", tr->name);
    ck_assert_int_eq(binary_against_generic(KB_REM, a, b, r1, r2, what), IRRUN_OK);
    tensor_release(a);
    tensor_release(b);
    tensor_release(r1);
    tensor_release(r2);
}
END_TEST

/* Integer operands of every magnitude (random bit lengths), around 2^51
 * and 2^52 where i64 division leaves binary64 for the hardware, divisors
 * 0 and -1 and the most negative value, on a tensor long enough for the
 * sub-byte types' table loop: fast against generic for every op. */
START_TEST(int_fast_is_generic)
{
    et_id t = (et_id)_i;
    const et_traits *tr = et_get(t);
    if (tr->kind != EK_SINT && tr->kind != EK_UINT)
        return;
    unsigned w = tr->value_bits;
    uint64_t m = et_value_mask(t);
    enum { N = 6000 };
    tensor *a = vec(t, N), *b = vec(t, N), *r1 = vec(t, N), *r2 = vec(t, N);
    for (int64_t i = 0; i < N; i++) {
        uint64_t v[2];
        for (int k = 0; k < 2; k++) {
            unsigned len = (unsigned)(rnd() % (w + 1));
            uint64_t x = len ? rnd() >> (64 - len) : 0;
            switch (rnd() % 8) {
            case 0: x = (UINT64_C(1) << 51) - rnd() % 3; break;
            case 1: x = (UINT64_C(1) << 52) - rnd() % 3 + 1; break;
            case 2: x = rnd() % 4 == 0 ? UINT64_C(1) << (w - 1) : rnd() % 3; break;
            default: break;
            }
            if (rnd() % 2)
                x = 0 - x;
            v[k] = x & m;
        }
        if (i % 5 == 0)
            v[1] = (uint64_t)(int64_t)-1 & m;
        set(a, i, v[0], 0);
        set(b, i, v[1], 0);
    }
    for (int op = 0; op < KB_COUNT; op++) {
        if (!kern_binop_applies(tr->kind, (kern_binop)op))
            continue;
        char what[96];
        snprintf(what, sizeof what, "%s binop %d", tr->name, op);
        ck_assert_int_eq(binary_against_generic((kern_binop)op, a, b, r1, r2, what), IRRUN_OK);
    }
    tensor_release(a);
    tensor_release(b);
    tensor_release(r1);
    tensor_release(r2);
}
END_TEST

/* The vector loops work in blocks and patch NaN lanes after computing a
 * block: every length up to a few blocks (the tail) and results written
 * over either operand must give the generic loop's bits. */
START_TEST(binary_tails_and_in_place)
{
    et_id t = (et_id)_i;
    tensor *a, *b;
    int64_t n = make_pairs(t, &a, &b);
    size_t es = et_get(t)->bytes;
    for (int op = 0; op < KB_COUNT; op++) {
        if (!kern_binop_applies(et_get(t)->kind, (kern_binop)op))
            continue;
        for (int64_t len = 1; len <= 70; len += len < 40 ? 1 : 7) {
            for (int where = 0; where < 3; where++) {
                /* a window of the pairs that holds specials (NaNs included) */
                int64_t at = (len * 37 + (int64_t)where * 101) % n;
                tensor *x = vec(t, len), *y = vec(t, len), *r1 = vec(t, len), *r2 = vec(t, len);
                for (int64_t j = 0; j < len; j++) {
                    int64_t k = (at + j) % n;
                    memcpy((unsigned char *)x->data + j * (int64_t)es, (unsigned char *)a->data + k * (int64_t)es, es);
                    memcpy((unsigned char *)y->data + j * (int64_t)es, (unsigned char *)b->data + k * (int64_t)es, es);
                }
                poison(r1, r2);
                ck_assert_int_eq(kern_binary_generic((kern_binop)op, x, y, r2), IRRUN_OK);
                char what[96];
                snprintf(what, sizeof what, "%s binop %d length %lld into %s", et_get(t)->name, op,
                         (long long)len, where == 0 ? "r" : where == 1 ? "lhs" : "rhs");
                if (where == 0) {
                    ck_assert_int_eq(kern_binary((kern_binop)op, x, y, r1), IRRUN_OK);
                } else {
                    /* the result over an operand */
                    tensor *over = where == 1 ? x : y;
                    ck_assert_int_eq(kern_binary((kern_binop)op, x, y, over), IRRUN_OK);
                    memcpy(r1->data, over->data, r1->nbytes);
                }
                same_bits(r1, r2, what);
                tensor_release(x);
                tensor_release(y);
                tensor_release(r1);
                tensor_release(r2);
            }
        }
    }
    tensor_release(a);
    tensor_release(b);
}
END_TEST

/* The same for the unary kernels: the math paths work in blocks of up to
 * 256 elements and patch lanes (NaNs, band fallbacks) after a block, and
 * the interpreter hands them a dying operand as the result (rt_region.c's
 * donor), so every path must read an operand element before writing over
 * it. */
START_TEST(unary_tails_and_in_place)
{
    et_id t = (et_id)_i;
    tensor *a, *b;
    int64_t n = make_pairs(t, &a, &b);
    size_t es = et_get(t)->bytes;
    static const int64_t long_lengths[] = { 255, 256, 257, 300, 513 };
    for (int op = 0; op < KU_COUNT; op++) {
        if (!kern_unop_applies(et_get(t)->kind, (kern_unop)op))
            continue;
        /* complex abs is real: never written over its operand */
        et_id rt = op == KU_ABS && et_get(t)->kind == EK_COMPLEX ? et_part(t) : t;
        for (int step = 0; step < 45 + 5; step++) {
            int64_t len = step < 45 ? (step < 40 ? step + 1 : 40 + (step - 40) * 7) : long_lengths[step - 45];
            for (int where = 0; where < (rt == t ? 2 : 1); where++) {
                int64_t at = (len * 37 + (int64_t)where * 101) % n;
                tensor *x = vec(t, len), *r1 = vec(rt, len), *r2 = vec(rt, len);
                for (int64_t j = 0; j < len; j++) {
                    /* the pairs' two halves interleaved: specials next to ordinary values */
                    const tensor *from = j % 2 ? b : a;
                    memcpy((unsigned char *)x->data + j * (int64_t)es,
                           (unsigned char *)from->data + ((at + j) % n) * (int64_t)es, es);
                }
                poison(r1, r2);
                ck_assert_int_eq(kern_unary_generic((kern_unop)op, x, r2), IRRUN_OK);
                char what[96];
                snprintf(what, sizeof what, "%s unop %d length %lld into %s", et_get(t)->name, op, (long long)len,
                         where == 0 ? "r" : "the operand");
                if (where == 0) {
                    ck_assert_int_eq(kern_unary((kern_unop)op, x, r1), IRRUN_OK);
                } else {
                    ck_assert_int_eq(kern_unary((kern_unop)op, x, x), IRRUN_OK);
                    memcpy(r1->data, x->data, r1->nbytes);
                }
                same_bits(r1, r2, what);
                tensor_release(x);
                tensor_release(r1);
                tensor_release(r2);
            }
        }
    }
    tensor_release(a);
    tensor_release(b);
}
END_TEST

/* Splat operands (core/tensor.h) against the same values stored in full:
 * every binary op with the splat on either side and on both (a splat
 * result), unary ops, convert into every type, compare, select and clamp,
 * over more elements than one chunk of kern_splat_each. */
static tensor *splat_of(et_id t, int64_t n, uint64_t re, uint64_t im)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new_splat(&ty);
    ck_assert_ptr_nonnull(x);
    ck_assert(x->splat);
    set(x, 0, re, im);
    return x;
}

static tensor *dense_of(const tensor *x)
{
    tensor *d = tensor_dense((tensor *)x);
    ck_assert_ptr_nonnull(d);
    ck_assert(!d->splat);
    return d;
}

/* A splat result must hold the value of every element of the dense one. */
static void same_as_splat(const tensor *splat, const tensor *dense, const char *what)
{
    size_t es = et_get(dense->type.elem)->bytes;
    for (int64_t i = 0; i < dense->count; i++)
        if (memcmp(splat->data, (const unsigned char *)dense->data + (size_t)i * es, es) != 0)
            ck_abort_msg("%s: element %lld differs from the splat", what, (long long)i);
}

START_TEST(splat_operands_are_dense_ones)
{
    et_id t = (et_id)_i, p = et_part(t);
    enum { N = 5000 };
    tensor *x = vec(t, N), *r1 = vec(t, N), *r2 = vec(t, N), *c1 = vec(ET_I1, N), *c2 = vec(ET_I1, N);
    for (int64_t i = 0; i < N; i++)
        set(x, i, random_pattern(p), random_pattern(p));
    uint64_t sp[MAXSPECIAL];
    int ns = specials(p, sp);
    for (int k = 0; k < 3; k++) {
        uint64_t v = k < ns ? sp[(k * 7) % ns] : random_pattern(p);
        tensor *s = splat_of(t, N, v, random_pattern(p)), *sd = dense_of(s);
        tensor *s2 = splat_of(t, N, random_pattern(p), random_pattern(p)), *s2d = dense_of(s2);
        tensor *rs = splat_of(t, N, 0, 0);
        char what[96];
        for (int op = 0; op < KB_COUNT; op++) {
            if (!kern_binop_applies(et_get(t)->kind, (kern_binop)op))
                continue;
            snprintf(what, sizeof what, "%s binop %d, splat on the left", et_get(t)->name, op);
            poison(r1, r2);
            ck_assert_int_eq(kern_binary((kern_binop)op, s, x, r1), IRRUN_OK);
            ck_assert_int_eq(kern_binary((kern_binop)op, sd, x, r2), IRRUN_OK);
            same_bits(r1, r2, what);
            snprintf(what, sizeof what, "%s binop %d, splat on the right", et_get(t)->name, op);
            poison(r1, r2);
            ck_assert_int_eq(kern_binary((kern_binop)op, x, s, r1), IRRUN_OK);
            ck_assert_int_eq(kern_binary((kern_binop)op, x, sd, r2), IRRUN_OK);
            same_bits(r1, r2, what);
            snprintf(what, sizeof what, "%s binop %d, splats on both sides", et_get(t)->name, op);
            ck_assert_int_eq(kern_binary((kern_binop)op, s, s2, rs), IRRUN_OK);
            ck_assert_int_eq(kern_binary((kern_binop)op, sd, s2d, r2), IRRUN_OK);
            same_as_splat(rs, r2, what);
        }
        for (int op = 0; op < KU_COUNT; op++) {
            if (!kern_unop_applies(et_get(t)->kind, (kern_unop)op) || (op == KU_ABS && p != t))
                continue;
            snprintf(what, sizeof what, "%s unop %d of a splat", et_get(t)->name, op);
            ck_assert_int_eq(kern_unary((kern_unop)op, s, rs), IRRUN_OK);
            ck_assert_int_eq(kern_unary((kern_unop)op, sd, r2), IRRUN_OK);
            same_as_splat(rs, r2, what);
        }
        for (int to = 0; to < ET_COUNT; to++) {
            tensor *cs = splat_of((et_id)to, N, 0, 0), *cd = vec((et_id)to, N);
            snprintf(what, sizeof what, "convert of a %s splat to %s", et_get(t)->name, et_get((et_id)to)->name);
            ck_assert_int_eq(kern_convert(s, cs), IRRUN_OK);
            ck_assert_int_eq(kern_convert(sd, cd), IRRUN_OK);
            same_as_splat(cs, cd, what);
            tensor_release(cs);
            tensor_release(cd);
        }
        for (int dir = KC_EQ; dir <= KC_LT; dir++) {
            snprintf(what, sizeof what, "%s compare %d with a splat", et_get(t)->name, dir);
            poison(c1, c2);
            ck_assert_int_eq(kern_compare((kern_cmpdir)dir, false, x, s, c1), IRRUN_OK);
            ck_assert_int_eq(kern_compare((kern_cmpdir)dir, false, x, sd, c2), IRRUN_OK);
            same_bits(c1, c2, what);
        }
        /* select: a splat on each side, the predicate a dense compare */
        ck_assert_int_eq(kern_compare(KC_LT, false, x, sd, c1), IRRUN_OK);
        snprintf(what, sizeof what, "%s select with splats", et_get(t)->name);
        poison(r1, r2);
        ck_assert_int_eq(kern_select(c1, s, x, r1), IRRUN_OK);
        ck_assert_int_eq(kern_select(c1, sd, x, r2), IRRUN_OK);
        same_bits(r1, r2, what);
        if (t != ET_I1) {
            /* clamp: splat bounds, and a splat operand between rank-0 bounds */
            snprintf(what, sizeof what, "%s clamp between splats", et_get(t)->name);
            poison(r1, r2);
            ck_assert_int_eq(kern_clamp(s, x, s2, r1), IRRUN_OK);
            ck_assert_int_eq(kern_clamp(sd, x, s2d, r2), IRRUN_OK);
            same_bits(r1, r2, what);
            tensor *lo = new_tensor(t, 0, 0, 0), *hi = new_tensor(t, 0, 0, 0);
            set(lo, 0, random_pattern(p), random_pattern(p));
            set(hi, 0, random_pattern(p), random_pattern(p));
            snprintf(what, sizeof what, "%s clamp of a splat", et_get(t)->name);
            ck_assert_int_eq(kern_clamp(lo, s, hi, rs), IRRUN_OK);
            ck_assert_int_eq(kern_clamp(lo, sd, hi, r2), IRRUN_OK);
            same_as_splat(rs, r2, what);
            tensor_release(lo);
            tensor_release(hi);
        }
        tensor_release(s);
        tensor_release(sd);
        tensor_release(s2);
        tensor_release(s2d);
        tensor_release(rs);
    }
    tensor_release(x);
    tensor_release(r1);
    tensor_release(r2);
    tensor_release(c1);
    tensor_release(c2);
}
END_TEST

/* Transposes large enough for the tiled copy of kern_layout.c (innermost
 * pair transposed, with outer planes and ragged tile edges), against the
 * index arithmetic of SPEC 4.37 written out here, for every element size. */
START_TEST(transpose_tiles_are_transposes)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    const int64_t dims[3] = { 3, 70, 45 };
    static const int64_t perms[3][3] = { { 0, 2, 1 }, { 2, 1, 0 }, { 1, 2, 0 } };
    tensor_type xt = { t, 3, { dims[0], dims[1], dims[2] } };
    tensor *x = tensor_new(&xt);
    ck_assert_ptr_nonnull(x);
    for (size_t b = 0; b < x->nbytes; b++)
        ((unsigned char *)x->data)[b] = (unsigned char)rnd();
    for (int k = 0; k < 3; k++) {
        const int64_t *perm = perms[k];
        tensor_type rt = { t, 3, { dims[perm[0]], dims[perm[1]], dims[perm[2]] } };
        tensor *r = tensor_new(&rt);
        ck_assert_ptr_nonnull(r);
        ck_assert_int_eq(kern_transpose(NULL, x, perm, r), IRRUN_OK);
        int64_t i[3];
        for (i[0] = 0; i[0] < rt.dims[0]; i[0]++)
            for (i[1] = 0; i[1] < rt.dims[1]; i[1]++)
                for (i[2] = 0; i[2] < rt.dims[2]; i[2]++) {
                    int64_t j[3]; /* result index i reads operand index j, j[perm[d]] = i[d] */
                    for (int d = 0; d < 3; d++)
                        j[perm[d]] = i[d];
                    int64_t ro = (i[0] * rt.dims[1] + i[1]) * rt.dims[2] + i[2];
                    int64_t xo = (j[0] * dims[1] + j[1]) * dims[2] + j[2];
                    if (memcmp((unsigned char *)r->data + ro * (int64_t)es, (unsigned char *)x->data + xo * (int64_t)es, es))
                        ck_abort_msg("%s perm %d: result %lld wrong", et_get(t)->name, k, (long long)ro);
                }
        tensor_release(r);
    }
    tensor_release(x);
}
END_TEST

/* The traits columns the kernels index by. */
START_TEST(storage_and_part_columns)
{
    for (int t = 0; t < ET_COUNT; t++) {
        const et_traits *tr = et_get((et_id)t);
        ck_assert_int_lt(tr->storage, ES_COUNT);
        ck_assert_int_eq(et_part((et_id)t) == (et_id)t, tr->kind != EK_COMPLEX);
        if (tr->kind == EK_COMPLEX)
            ck_assert_uint_eq(2 * et_get(et_part((et_id)t))->bytes, tr->bytes);
        if (tr->storage == ES_FBYTE)
            ck_assert(tr->kind == EK_FLOAT && tr->bytes == 1 && fp_fmt(tr->fmt)->bits <= 8);
    }
    ck_assert_int_eq(et_part(ET_C64), ET_F32);
    ck_assert_int_eq(et_part(ET_C128), ET_F64);
}
END_TEST


/* ---- unary, clamp: the paths of the element-wise fast loops ------------- */

/* A tensor of n elements, all the pattern (re, im). */
static tensor *filled(et_id t, int64_t n, uint64_t re, uint64_t im)
{
    tensor *x = vec(t, n);
    for (int64_t i = 0; i < n; i++)
        set(x, i, re, im);
    return x;
}

/* clamp between rank-0 bounds (one pass per type, 1-byte types by table)
 * against maximum then minimum by the generic loops, for bounds from the
 * specials (NaNs, signed zeros, infinities) and random ones */
START_TEST(clamp_scalar_bounds_is_generic)
{
    et_id t = (et_id)_i, p = et_part(t);
    if (!kern_binop_applies(et_get(t)->kind, KB_MAX))
        return;
    tensor *x = make_values(t);
    int64_t n = x->count;
    tensor *r1 = vec(t, n), *r2 = vec(t, n);
    uint64_t sp[MAXSPECIAL];
    int ns = specials(p, sp);
    for (int k = 0; k < 3 * ns; k++) {
        uint64_t lr = k < ns ? sp[k] : random_pattern(p), li = sp[(k + 1) % ns];
        uint64_t hr = k < ns ? sp[(k * 7 + 3) % ns] : random_pattern(p), hi = random_pattern(p);
        if (k >= 2 * ns && et_get(p)->kind == EK_FLOAT) {
            /* ordered bounds of modest values: most of x in between */
            lr = fp_from_double(et_get(p)->fmt, -1.5, FPR_RNE);
            hr = fp_from_double(et_get(p)->fmt, 2.0, FPR_RNE);
        }
        tensor *lo = new_tensor(t, 0, 0, 0), *hi_t = new_tensor(t, 0, 0, 0);
        set(lo, 0, lr, li);
        set(hi_t, 0, hr, hi);
        tensor *lod = filled(t, n, lr, li), *hid = filled(t, n, hr, hi);
        char what[96];
        snprintf(what, sizeof what, "%s clamp, bounds %d", et_get(t)->name, k);
        poison(r1, r2);
        ck_assert_int_eq(kern_clamp(lo, x, hi_t, r1), IRRUN_OK);
        ck_assert_int_eq(kern_binary_generic(KB_MAX, x, lod, r2), IRRUN_OK);
        ck_assert_int_eq(kern_binary_generic(KB_MIN, r2, hid, r2), IRRUN_OK);
        same_bits(r1, r2, what);
        tensor_release(lo);
        tensor_release(hi_t);
        tensor_release(lod);
        tensor_release(hid);
    }
    tensor_release(x);
    tensor_release(r1);
    tensor_release(r2);
}
END_TEST

/* Runs op on x by kern_unary and the generic loop and compares. */
static void unary_pair(kern_unop op, tensor *x, const char *what)
{
    et_id t = x->type.elem, rt = op == KU_ABS ? et_part(t) : t;
    tensor *r1 = vec(rt, x->count), *r2 = vec(rt, x->count);
    poison(r1, r2);
    ck_assert_int_eq(kern_unary(op, x, r1), IRRUN_OK);
    ck_assert_int_eq(kern_unary_generic(op, x, r2), IRRUN_OK);
    same_bits(r1, r2, what);
    tensor_release(r1);
    tensor_release(r2);
}

/* The rounding ops on binary32 and binary64 near the place where every
 * value is integral (2^23, 2^52), at ties and around small integers; sqrt
 * on every sign, NaN payloads and subnormals. */
START_TEST(round_and_sqrt_edges)
{
    static const kern_unop ops[] = { KU_FLOOR, KU_CEIL, KU_ROUND_EVEN, KU_ROUND_AFZ, KU_SQRT };
    for (int wide = 0; wide < 2; wide++) {
        et_id t = wide ? ET_F64 : ET_F32;
        fp_id f = wide ? FP_F64 : FP_F32;
        int P = wide ? 52 : 23;
        int64_t n = 40000, i = 0;
        tensor *x = vec(t, n);
        for (int e = P - 3; e <= P + 2; e++)
            for (int d = -40; d <= 40; d++)
                for (int sgn = 0; sgn < 2 && i < n; sgn++, i++) {
                    uint64_t b = fp_from_double(f, ldexp(1.0, e), FPR_RNE) + (uint64_t)(int64_t)d;
                    set(x, i, sgn ? b | fp_fmt(f)->sign_mask : b, 0);
                }
        for (int k = -200; k <= 200 && i < n; k++, i++)
            set(x, i, fp_from_double(f, k / 4.0, FPR_RNE), 0);
        for (; i < n; i++) {
            uint64_t b = rnd() & fp_fmt(f)->mask;
            if (i % 3 == 0) /* small magnitudes: fractions */
                b = fp_from_double(f, ldexp((double)(rnd() % 1000000), -(int)(rnd() % 30)), FPR_RNE) |
                    (rnd() % 2 ? fp_fmt(f)->sign_mask : 0);
            set(x, i, b, 0);
        }
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
            char what[64];
            snprintf(what, sizeof what, "%s unop %d edges", et_get(t)->name, (int)ops[k]);
            unary_pair(ops[k], x, what);
        }
        tensor_release(x);
    }
}
END_TEST

/* complex<f32> abs and sign: the binary64 modulus against hypot on
 * millions of random pairs (uniform bits, modest values, one tiny part,
 * parts of far apart magnitudes, Pythagorean-like near ties) and the
 * specials crossed. */
START_TEST(c64_abs_sign_against_hypot)
{
    int64_t n = 1 << 21;
    tensor *x = vec(ET_C64, n);
    uint64_t sp[MAXSPECIAL];
    int ns = specials(ET_F32, sp);
    for (int rounds = 0; rounds < 4; rounds++) {
        int64_t i = 0;
        for (int a = 0; a < ns; a++)
            for (int b = 0; b < ns; b++, i++)
                set(x, i, sp[a], sp[b]);
        for (; i < n; i++) {
            uint64_t re = rnd() & 0xFFFFFFFFu, im = rnd() & 0xFFFFFFFFu;
            switch ((i + rounds) % 6) {
            case 0: break;
            case 5: {
                /* (3k, 4k, 5k) with 5k odd of 25 bits: the modulus is a
                 * binary32 midpoint exactly (a tie, which hypot rounds to
                 * even), at a random scale and signs */
                int64_t k = (3355444 + (int64_t)(rnd() % 838860)) | 1;
                int e = (int)(rnd() % 200) - 100;
                re = fp_from_double(FP_F32, ldexp(3.0 * (double)k, e), FPR_RNE) | (rnd() % 2 ? 0x80000000u : 0);
                im = fp_from_double(FP_F32, ldexp(4.0 * (double)k, e), FPR_RNE) | (rnd() % 2 ? 0x80000000u : 0);
                if (rnd() % 2) {
                    uint64_t tmp = re;
                    re = im;
                    im = tmp;
                }
                break;
            }
            case 1:
                re = fp_from_double(FP_F32, (double)(int64_t)(rnd() % 20001) - 10000, FPR_RNE);
                im = fp_from_double(FP_F32, (double)(int64_t)(rnd() % 20001) - 10000, FPR_RNE);
                break;
            case 2: im = (im & 0x807FFFFFu) | ((re & 0x7F800000u) - (rnd() % 40 << 23 & 0x7F800000u)); break;
            case 3: im = (re & 0xFFFF0000u) | (im & 0xFFFFu); break;
            case 4: im &= 0x80FFFFFFu; break; /* tiny or subnormal */
            }
            set(x, i, re, im);
        }
        unary_pair(KU_ABS, x, "c64 abs random");
        unary_pair(KU_SIGN, x, "c64 sign random");
    }
    tensor_release(x);
}
END_TEST

/* Sub-byte integers past the size where unary ops map through a table of
 * the loop's results on every byte. */
START_TEST(subbyte_unary_tables)
{
    et_id t = (et_id)_i;
    const et_traits *tr = et_get(t);
    if (tr->bytes != 1 || tr->value_bits >= 8 || tr->kind == EK_FLOAT)
        return;
    tensor *x = vec(t, 5000);
    for (int64_t i = 0; i < x->count; i++)
        set(x, i, i < 256 ? (uint64_t)i & et_value_mask(t) : random_pattern(t), 0);
    for (int op = 0; op < KU_COUNT; op++) {
        if (!kern_unop_applies(tr->kind, (kern_unop)op))
            continue;
        char what[64];
        snprintf(what, sizeof what, "%s unop %d table", tr->name, op);
        unary_pair((kern_unop)op, x, what);
    }
    tensor_release(x);
}
END_TEST

/* select against the definition, element by element, on 8-byte types at
 * a size with a tail and at one past the caches (streaming stores) with
 * the result misaligned. */
START_TEST(select_wide_elements)
{
    static const et_id types[] = { ET_F64, ET_I64, ET_C64, ET_C128 };
    static const int64_t sizes[] = { 1003, (INT64_C(33) << 20) / 8 + 5 };
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            et_id t = types[k];
            int64_t n = sizes[z], w = (int64_t)et_get(t)->bytes / 8; /* words per element */
            tensor *p = vec(ET_I1, n), *x = vec(t, n), *y = vec(t, n), *r = vec(t, n + 1);
            uint64_t *px = x->data, *py = y->data;
            uint8_t *pp = p->data;
            for (int64_t i = 0; i < n; i++) {
                for (int64_t j = 0; j < w; j++) {
                    px[i * w + j] = rnd();
                    py[i * w + j] = rnd();
                }
                pp[i] = rnd() % 2;
            }
            /* the result one word into its buffer: not 32-byte aligned */
            tensor view = *r;
            view.data = (uint64_t *)r->data + 1;
            view.count = n;
            view.type.dims[0] = n;
            view.nbytes = (size_t)(n * w) * 8;
            ck_assert_int_eq(kern_select(p, x, y, &view), IRRUN_OK);
            const uint64_t *o = view.data;
            for (int64_t i = 0; i < n * w; i++)
                if (o[i] != (pp[i / w] ? px[i] : py[i]))
                    ck_abort_msg("%s select of %lld: word %lld", et_get(t)->name, (long long)n, (long long)i);
            tensor_release(p);
            tensor_release(x);
            tensor_release(y);
            tensor_release(r);
        }
}
END_TEST

/* Division, remainder (binary32 lanes on AVX2) and power (widened to
 * 32-bit lanes) of 8- and 16-bit integers against the generic loop: every
 * pair of byte values, and every 16-bit lhs over the rhs values at the
 * edges (0, +-1, +-2, the extremes and their neighbours) and 24 random
 * ones. */
START_TEST(small_int_divide_power_exhaustive)
{
    static const et_id types[] = { ET_I8, ET_UI8, ET_I16, ET_UI16 };
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        et_id t = types[k];
        int bits = (int)et_get(t)->bytes * 8;
        int64_t n = INT64_C(1) << bits;
        uint64_t m = (uint64_t)n - 1, top = (uint64_t)1 << (bits - 1);
        /* bytes: every rhs; 16 bits: the edges, then random ones */
        const uint64_t edge[] = { 0, 1, m, 2, m - 1, top, top - 1, top + 1, m - 2, 3, 7, 255, 256, 257 };
        enum { NEDGE = sizeof edge / sizeof edge[0], NDIV16 = NEDGE + 24 };
        uint64_t divisors[NDIV16];
        for (int j = 0; j < NDIV16; j++)
            divisors[j] = j < NEDGE ? edge[j] : rnd() & m;
        int64_t ndiv = bits == 8 ? 256 : NDIV16;
        tensor *a = vec(t, n), *b = vec(t, n), *r1 = vec(t, n), *r2 = vec(t, n);
        for (int64_t j = 0; j < ndiv; j++) {
            uint64_t y = bits == 8 ? (uint64_t)j : divisors[j];
            for (int64_t x = 0; x < n; x++) {
                set(a, x, (uint64_t)x, 0);
                set(b, x, y, 0);
            }
            static const kern_binop ops[] = { KB_DIV, KB_REM, KB_POW };
            for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
                char what[64];
                snprintf(what, sizeof what, "%s binop %d, rhs 0x%llx", et_get(t)->name, (int)ops[o],
                         (unsigned long long)y);
                ck_assert_int_eq(binary_against_generic(ops[o], a, b, r1, r2, what), IRRUN_OK);
            }
        }
        tensor_release(a);
        tensor_release(b);
        tensor_release(r1);
        tensor_release(r2);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("generic loops");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, storage_and_part_columns);
    tcase_add_loop_test(tc, binary_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, unary_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, compare_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, convert_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, dot_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, math_ops_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, remainder_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, binary_tails_and_in_place, 0, ET_COUNT);
    tcase_add_loop_test(tc, unary_tails_and_in_place, 0, ET_COUNT);
    tcase_add_loop_test(tc, int_fast_is_generic, 0, ET_COUNT);
    tcase_add_loop_test(tc, splat_operands_are_dense_ones, 0, ET_COUNT);
    tcase_add_loop_test(tc, transpose_tiles_are_transposes, 0, ET_COUNT);
    tcase_add_loop_test(tc, clamp_scalar_bounds_is_generic, 0, ET_COUNT);
    tcase_add_test(tc, round_and_sqrt_edges);
    tcase_add_test(tc, c64_abs_sign_against_hypot);
    tcase_add_loop_test(tc, subbyte_unary_tables, 0, ET_COUNT);
    tcase_add_test(tc, select_wide_elements);
    tcase_add_test(tc, small_int_divide_power_exhaustive);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    fp_tables_free();
    return failed ? 1 : 0;
}
