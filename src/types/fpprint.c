/* MLIR's float printer (SPEC.md 3.9): APFloat's toString reproduced step by
 * step with exact integer arithmetic, including its pre-truncation quirk. */
#include "fpprint.h"

#include <stdio.h>
#include <string.h>

#include "bignum.h"
#include "fpdecimal.h"

/* Precision requests above this are clamped (keeps every text below
 * FP_PRINT_MAX: sign, 2 + 40 digits, point, "e-324"). */
enum { PRINT_MAX_PRECISION = 40 };


/* 5^k for k <= 27 (5^27 < 2^63) */
static uint64_t pow5_u64(unsigned k)
{
    static const uint64_t pow5[28] = {
        UINT64_C(1),
        UINT64_C(5),
        UINT64_C(25),
        UINT64_C(125),
        UINT64_C(625),
        UINT64_C(3125),
        UINT64_C(15625),
        UINT64_C(78125),
        UINT64_C(390625),
        UINT64_C(1953125),
        UINT64_C(9765625),
        UINT64_C(48828125),
        UINT64_C(244140625),
        UINT64_C(1220703125),
        UINT64_C(6103515625),
        UINT64_C(30517578125),
        UINT64_C(152587890625),
        UINT64_C(762939453125),
        UINT64_C(3814697265625),
        UINT64_C(19073486328125),
        UINT64_C(95367431640625),
        UINT64_C(476837158203125),
        UINT64_C(2384185791015625),
        UINT64_C(11920928955078125),
        UINT64_C(59604644775390625),
        UINT64_C(298023223876953125),
        UINT64_C(1490116119384765625),
        UINT64_C(7450580596923828125),
    };
    return pow5[k];
}

static unsigned bitlen64(uint64_t x) { return x ? 64u - (unsigned)__builtin_clzll(x) : 0u; }

/* Decimal digits of a value: digits d[0 .. n) most significant first, the
 * last one standing for 10^t. */
typedef struct {
    char d[72];
    unsigned n;
    int t;
} digits;

/* Writes x (> 0) in decimal into out->d, dropping trailing zeros into t;
 * two digits per division, written from the last one back. */
static void put_u64(uint64_t x, digits *out)
{
    while (x % 10 == 0) {
        x /= 10;
        out->t++;
    }
    unsigned n = 1;
    while (n < 20 && x >= bn_pow10_u64[n])
        n++;
    out->n = n;
    char *p = out->d + n;
    while (x >= 100) {
        unsigned two = (unsigned)(x % 100);
        x /= 100;
        *--p = (char)('0' + two % 10);
        *--p = (char)('0' + two / 10);
    }
    if (x >= 10) {
        *--p = (char)('0' + x % 10);
        *--p = (char)('0' + x / 10);
    } else {
        *--p = (char)('0' + x);
    }
}

static void put_bn(const bignum *x, digits *out)
{
    if (bn_bitlen(x) <= 64) {
        put_u64(bn_low64(x), out);
        return;
    }
    size_t n = bn_to_decimal(x, out->d, sizeof out->d);
    /* cannot fail: x has at most need + 5 <= 138 bits (see to_digits) */
    while (n > 1 && out->d[n - 1] == '0') {
        n--;
        out->t++;
    }
    out->n = (unsigned)n;
}

#ifdef __SIZEOF_INT128__
/* 5^k for k <= 54 (5^54 < 2^126) */
static unsigned __int128 pow5_u128(unsigned k)
{
    unsigned a = k < 27 ? k : 27;
    return (unsigned __int128)pow5_u64(a) * pow5_u64(k - a);
}

static unsigned bitlen128(unsigned __int128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 64u + bitlen64(hi) : bitlen64((uint64_t)x);
}

/* Steps 4-5 of to_digits for y = N' (< 2^128) standing for y * 10^t: the
 * pre-truncated quotient floor(y / 10^r) = floor(floor(y / 2^r) / 5^r)
 * into out with t + r, or false (out unset) when the quotient needs more
 * than 64 bits. Most binary32 values print here: their N' = N 5^k is
 * below 2^128 for k <= 54, where the bignums were the time of printing. */
static bool digits_u128(unsigned __int128 y, int t, unsigned need, digits *out)
{
    unsigned bits = bitlen128(y);
    unsigned r = bits > need ? (bits - need) * 59 / 196 : 0;
    unsigned __int128 q = (y >> r) / pow5_u128(r);
    if (q >> 64)
        return false;
    out->t = t + (int)r;
    put_u64((uint64_t)q, out);
    return true;
}
#endif

/* Steps 2-6 of SPEC.md 3.9's to_string for the value N * 2^e (N > 0) at
 * precision P.
 *
 * Step 4 (the pre-truncation) with `bits` the bit length of N' and
 * need = floor((196 P + 58) / 59) divides by 10^r, r = floor((bits - need) *
 * 59 / 196), so the quotient has fewer than bits - r log2(10) + 1 <= need +
 * 5.4 bits (as r > (bits - need) * 0.30102 - 1 and 0.30102 * log2(10) >
 * 0.99996, bits < 2600): at most 138 bits for P <= 40, i.e. <= 42 digits.
 * The divisions are exact floors: floor(N 5^k / 10^r) = floor(N 5^(k-r) / 2^r)
 * for r <= k, = floor(floor(N / 2^r) / 5^(r-k)) for r > k, and
 * floor(N 2^e / 10^r) = floor(floor(N 2^e / 2^r) / 5^r) (nested floors of
 * positive integers compose). */
static void to_digits(uint64_t N, int e, unsigned P, digits *out)
{
    int tz = __builtin_ctzll(N);
    N >>= tz;
    e += tz;
    unsigned need = (196 * P + 58) / 59;
    out->t = 0;
    if (e >= 0) {
        unsigned bits = bitlen64(N) + (unsigned)e;
        unsigned r = bits > need ? (bits - need) * 59 / 196 : 0;
        out->t = (int)r;
        if (bits <= 64) {
            put_u64((N << e) / bn_pow10_u64[r], out); /* r <= 13 here */
            return;
        }
#ifdef __SIZEOF_INT128__
        if (bits <= 128 && digits_u128((unsigned __int128)N << e, 0, need, out))
            return;
#endif
        bignum x;
        bn_set_u64(&x, N);
        if ((unsigned)e >= r)
            bn_shl(&x, (unsigned)e - r);
        else
            bn_shr(&x, r - (unsigned)e);
        bn_div_pow5(&x, r);
        put_bn(&x, out);
        return;
    }
    unsigned k = (unsigned)-e;
    /* N' = N * 5^k, t = e */
    if (k <= 27) {
        uint64_t p5 = pow5_u64(k);
        if (N <= UINT64_MAX / p5) {
            uint64_t y = N * p5;
            unsigned bits = bitlen64(y);
            unsigned r = bits > need ? (bits - need) * 59 / 196 : 0;
            out->t = e + (int)r;
            put_u64(y / bn_pow10_u64[r], out);
            return;
        }
    }
#ifdef __SIZEOF_INT128__
    if (k <= 54) {
        unsigned __int128 p5 = pow5_u128(k);
        if (N <= ~(unsigned __int128)0 / p5 && digits_u128(N * p5, e, need, out))
            return;
    }
#endif
    bignum y;
    bn_set_u64(&y, N);
    bn_mul_pow5(&y, k);
    unsigned bits = bn_bitlen(&y);
    unsigned r = bits > need ? (bits - need) * 59 / 196 : 0;
    out->t = e + (int)r;
    if (r == 0) {
        put_bn(&y, out);
        return;
    }
    bn_set_u64(&y, N);
    if (r <= k) {
        bn_mul_pow5(&y, k - r);
        bn_shr(&y, r);
    } else {
        bn_shr(&y, r);
        bn_div_pow5(&y, r - k);
    }
    put_bn(&y, out);
}

/* Step 6: at most P digits, half-up on the first dropped digit, trailing
 * zeros (also those from a carry) dropped. */
static void round_digits(digits *x, unsigned P)
{
    if (x->n <= P)
        return;
    unsigned drop = x->n - P;
    bool up = x->d[P] >= '5';
    x->t += (int)drop;
    x->n = P;
    if (up) {
        unsigned i = P;
        while (i > 0 && x->d[i - 1] == '9') {
            i--;
            x->t++;
        }
        if (i == 0) {
            x->d[0] = '1';
            x->n = 1;
            return;
        }
        x->d[i - 1]++;
        x->n = i;
        return;
    }
    while (x->n > 1 && x->d[x->n - 1] == '0') {
        x->n--;
        x->t++;
    }
}

/* Step 7. `sci` is APFloat's FormatMaxPadding == 0 with TruncateZero false;
 * otherwise FormatMaxPadding 3 with TruncateZero true. */
static size_t format_digits(bool neg, const digits *x, unsigned P, bool sci, char *buf)
{
    char *p = buf;
    if (neg)
        *p++ = '-';
    unsigned n = x->n;
    int t = x->t;
    bool scientific;
    if (sci) {
        scientific = true;
    } else if (t >= 0) {
        scientific = t > 3 || n + (unsigned)t > P;
    } else {
        int msd = t + (int)n - 1;
        scientific = msd < -3;
    }
    if (scientific) {
        int ex = t + (int)n - 1;
        *p++ = x->d[0];
        *p++ = '.';
        if (n == 1 && !sci) {
            *p++ = '0';
        } else {
            for (unsigned i = 1; i < n; i++)
                *p++ = x->d[i];
        }
        if (sci && P > n - 1) {
            for (unsigned i = 0; i < P - n + 1; i++)
                *p++ = '0';
        }
        *p++ = sci ? 'e' : 'E';
        *p++ = ex >= 0 ? '+' : '-';
        unsigned u = (unsigned)(ex >= 0 ? ex : -ex);
        char tmp[12];
        unsigned m = 0;
        do {
            tmp[m++] = (char)('0' + u % 10);
            u /= 10;
        } while (u);
        if (sci && m < 2)
            tmp[m++] = '0';
        while (m)
            *p++ = tmp[--m];
        *p = '\0';
        return (size_t)(p - buf);
    }
    if (t >= 0) {
        for (unsigned i = 0; i < n; i++)
            *p++ = x->d[i];
        for (int i = 0; i < t; i++)
            *p++ = '0';
        *p = '\0';
        return (size_t)(p - buf);
    }
    int whole = t + (int)n; /* digits left of the point */
    unsigned i = 0;
    if (whole > 0) {
        for (; i < (unsigned)whole; i++)
            *p++ = x->d[i];
        *p++ = '.';
    } else {
        *p++ = '0';
        *p++ = '.';
        for (int z = 0; z < -whole; z++)
            *p++ = '0';
    }
    for (; i < n; i++)
        *p++ = x->d[i];
    *p = '\0';
    return (size_t)(p - buf);
}

static unsigned default_precision(fp_id f)
{
    unsigned p = fp_fmt(f)->mbits + 1;
    return 2 + p * 59 / 196;
}

static unsigned clamp_precision(fp_id f, unsigned P)
{
    if (P == 0)
        return default_precision(f);
    return P > PRINT_MAX_PRECISION ? PRINT_MAX_PRECISION : P;
}

/* Value digits of a finite nonzero decoded value at precision P. */
static void value_digits(const fp_value *v, unsigned P, digits *x)
{
    /* |v| = sig * 2^(exp - 63) */
    to_digits(v->sig, v->exp - 63, P, x);
    round_digits(x, P);
}

static size_t zero_text(bool neg, unsigned P, bool sci, char *buf)
{
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (sci) {
        memcpy(p, "0.0", 3);
        p += 3;
        for (unsigned i = 1; i < P; i++)
            *p++ = '0';
        memcpy(p, "e+00", 4);
        p += 4;
    } else {
        *p++ = '0';
    }
    *p = '\0';
    return (size_t)(p - buf);
}

size_t fp_to_string(fp_id f, uint64_t bits, unsigned precision, bool scientific, char *buf)
{
    unsigned P = clamp_precision(f, precision);
    fp_value v = fp_decode(f, bits);
    switch (v.cls) {
    case FPC_NAN:
        strcpy(buf, "NaN");
        return 3;
    case FPC_INF:
        strcpy(buf, v.neg ? "-Inf" : "+Inf");
        return 4;
    case FPC_ZERO:
        return zero_text(v.neg, P, scientific, buf);
    case FPC_FINITE:
        break;
    }
    digits x;
    value_digits(&v, P, &x);
    return format_digits(v.neg, &x, P, scientific, buf);
}

/* APInt::toString(radix 16, C literal): "0x" and the digits without
 * leading zeros. */
static size_t hex_unpadded(uint64_t bits, char *buf)
{
    static const char hexd[] = "0123456789ABCDEF";
    char tmp[16];
    unsigned n = 0;
    do {
        tmp[n++] = hexd[bits & 15];
        bits >>= 4;
    } while (bits);
    buf[0] = '0';
    buf[1] = 'x';
    for (unsigned i = 0; i < n; i++)
        buf[2 + i] = tmp[n - 1 - i];
    buf[2 + n] = '\0';
    return 2 + n;
}

size_t fp_print_mlir(fp_id f, uint64_t bits, char *buf)
{
    bits &= fp_fmt(f)->mask;
    fp_value v = fp_decode(f, bits);
    if (v.cls == FPC_NAN || v.cls == FPC_INF)
        return hex_unpadded(bits, buf);
    if (v.cls == FPC_ZERO) /* "0.000000e+00" reads back as the same zero */
        return zero_text(v.neg, 6, true, buf);
    /* S6 and its round trip (single correct rounding) */
    digits x;
    value_digits(&v, 6, &x);
    uint64_t D = 0;
    for (unsigned i = 0; i < x.n; i++)
        D = D * 10 + (uint64_t)(x.d[i] - '0');
    if (fp_from_decimal_digits(f, v.neg, D, x.t, FPR_RNE, 0) == bits)
        return format_digits(v.neg, &x, 6, true, buf);
    /* SD */
    unsigned P = default_precision(f);
    value_digits(&v, P, &x);
    size_t len = format_digits(v.neg, &x, P, false, buf);
    if (memchr(buf, '.', len))
        return len;
    return hex_unpadded(bits, buf);
}

size_t fp_print_g17(fp_id f, uint64_t bits, char *buf)
{
    fp_value v = fp_decode(f, bits);
    switch (v.cls) {
    case FPC_NAN:
        strcpy(buf, "nan");
        return 3;
    case FPC_INF:
        strcpy(buf, v.neg ? "-inf" : "inf");
        return v.neg ? 4 : 3;
    case FPC_ZERO:
        strcpy(buf, v.neg ? "-0" : "0");
        return v.neg ? 2 : 1;
    case FPC_FINITE:
        break;
    }
    /* every format embeds exactly in binary64 (f64 trivially) */
    int n = snprintf(buf, FP_PRINT_MAX, "%.17g", fp_to_double(f, bits));
    return n < 0 ? 0 : (size_t)n;
}

size_t fp_print_hex(unsigned value_bits, uint64_t bits, char *buf)
{
    static const char hexd[] = "0123456789ABCDEF";
    unsigned nd = (value_bits + 3) / 4;
    if (nd < 2)
        nd = 2;
    if (nd > 16)
        nd = 16;
    if (value_bits < 64)
        bits &= (UINT64_C(1) << value_bits) - 1;
    buf[0] = '0';
    buf[1] = 'x';
    for (unsigned i = 0; i < nd; i++)
        buf[2 + i] = hexd[(bits >> (4 * (nd - 1 - i))) & 15];
    buf[2 + nd] = '\0';
    return 2 + nd;
}
