/* Decimal literals: exact value, one rounding (SPEC.md 3.8).
 *
 * A literal is reduced to (sign, significant digits D, power of ten E of the
 * last significant digit): value = D * 10^E with D's first and last digits
 * nonzero. Two ways to the pattern:
 *
 * 1. Exact path (always correct): the exact value as an fp_value (the 64
 *    leading bits of |value| plus a sticky bit for everything below), then
 *    fp_encode, the single rounding routine. See exact_value() for the bounds
 *    that keep this exact with fixed-size big integers.
 *
 * 2. Fast path (most literals): when D < 2^53 and the power of ten is small,
 *    Clinger's observation gives the correctly rounded binary64 d = RN53(X)
 *    of the exact value X with one floating-point operation on exact operands
 *    (see clinger()). For f64 in RNE/saturate mode d is the answer. For a
 *    narrower format F in RNE, saturate or truncate mode, d is rounded into F
 *    with fp_from_double unless d lies exactly on a rounding boundary of F
 *    (a midpoint; for truncate, a representable value), where the exact path
 *    decides; see the proof before fast_ok(). Stochastic rounding, and f64
 *    in truncate mode, always take the exact path.
 *
 * Nothing here allocates: big integers live on the stack (bignum.h).
 */
#include "fpdecimal.h"

#include <float.h>
#include <string.h>

#include "bignum.h"

/* Significant digits beyond this many only feed the sticky bit. */
enum { DEC_MAX_DIGITS = 1000 };
/* Decimal exponents of the leading digit outside [DEC_LEAD_MIN, DEC_LEAD_MAX]
 * are far outside every format (f64: 4.9e-324 .. 1.8e308) and are replaced
 * by stand-in values (see exact_value). */
enum { DEC_LEAD_MAX = 330, DEC_LEAD_MIN = -360 };
/* Exponents in the text are clamped to this magnitude while reading (any
 * larger one is just as far out of range). */
#define DEC_EXP_CLAMP INT64_C(1000000000000)

typedef struct {
    bool neg;
    bool zero; /* no nonzero digit */
    bool fits; /* nsig <= 19: D holds all the significant digits */
    uint64_t D;
    int64_t E;    /* power of ten of the last significant digit */
    int64_t nsig; /* number of significant digits */
    /* where the digits are, for the exact path when !fits: digit number g
     * (counting the integer then the fraction digits) is ip[g] for g < ilen,
     * else fp[g - ilen]; the significant ones are first .. first + nsig - 1 */
    const char *ip, *fp;
    size_t ilen, first;
} dec_num;


/* Exactly representable powers of ten (10^22 < 2^53 * 2^22 and 5^22 < 2^53). */
static const double pow10_dbl[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* ------------------------------------------------------------------ */
/* reading the text */

/* Reads `[-]digits[.digits][(e|E)[+-]digits]`; 0 or -1. */
static int scan(const char *s, size_t len, dec_num *n)
{
    size_t i = 0;
    n->neg = false;
    if (i < len && s[i] == '-') {
        n->neg = true;
        i++;
    }
    /* significant-digit bookkeeping over the digit string */
    bool any = false;
    size_t first = 0, last = 0, g = 0; /* g: digit number */
    uint64_t D = 0;
    size_t nd = 0, pend = 0; /* digits in D; zeros seen since its last digit */
    bool fits = true;

#define FEED(c)                                                              \
    do {                                                                     \
        unsigned dg_ = (unsigned)(c);                                        \
        if (dg_ == 0) {                                                      \
            if (any && fits)                                                 \
                pend++;                                                      \
        } else {                                                             \
            if (!any) {                                                      \
                any = true;                                                  \
                first = g;                                                   \
            }                                                                \
            last = g;                                                        \
            if (fits) {                                                      \
                if (nd + pend + 1 <= 19) {                                   \
                    D = D * bn_pow10_u64[pend + 1] + dg_;                       \
                    nd += pend + 1;                                          \
                    pend = 0;                                                \
                } else {                                                     \
                    fits = false;                                            \
                }                                                            \
            }                                                                \
        }                                                                    \
        g++;                                                                 \
    } while (0)

    n->ip = s + i;
    while (i < len && (unsigned)(s[i] - '0') < 10) {
        FEED(s[i] - '0');
        i++;
    }
    n->ilen = (size_t)(s + i - n->ip);
    n->fp = s + i;
    size_t flen = 0;
    if (i < len && s[i] == '.') {
        i++;
        n->fp = s + i;
        while (i < len && (unsigned)(s[i] - '0') < 10) {
            FEED(s[i] - '0');
            i++;
        }
        flen = (size_t)(s + i - n->fp);
    }
#undef FEED
    if (n->ilen + flen == 0)
        return -1;
    int64_t ex = 0;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        bool eneg = false;
        if (i < len && (s[i] == '+' || s[i] == '-')) {
            eneg = s[i] == '-';
            i++;
        }
        size_t start = i;
        while (i < len && (unsigned)(s[i] - '0') < 10) {
            if (ex < DEC_EXP_CLAMP)
                ex = ex * 10 + (s[i] - '0');
            i++;
        }
        if (i == start)
            return -1;
        if (eneg)
            ex = -ex;
    }
    if (i != len)
        return -1;
    n->zero = !any;
    n->fits = fits;
    n->D = D;
    n->first = first;
    if (any) {
        n->nsig = (int64_t)(last - first) + 1;
        /* digit g stands for 10^(ilen - 1 - g + ex) */
        n->E = ex + (int64_t)n->ilen - 1 - (int64_t)last;
    } else {
        n->nsig = 0;
        n->E = 0;
    }
    return 0;
}

static unsigned digit_at(const dec_num *n, size_t g)
{
    return (unsigned)((g < n->ilen ? n->ip[g] : n->fp[g - n->ilen]) - '0');
}

/* ------------------------------------------------------------------ */
/* the exact path */

/* log2(5) < 2.321928095 */
static int64_t pow5_bits_over(int64_t k) { return k * INT64_C(2321928095) / INT64_C(1000000000) + 1; }

/* |value| = X * 10^E exactly, plus `sticky` (a nonzero amount below one unit
 * of the last kept digit) -> 64 leading bits and sticky. X != 0. */
static void scale(bignum *X, int64_t E, bool sticky, fp_value *out)
{
    bool st;
    if (E >= 0) {
        bn_mul_pow10(X, (unsigned)E);
        unsigned len = bn_bitlen(X);
        out->sig = bn_top64(X, &st);
        out->exp = (int32_t)len - 1;
        out->sticky = st || sticky;
        return;
    }
    /* X / 10^k = (X * 2^s / 5^k) * 2^(-s-k); pick s so that the quotient Q
     * has 64 to 66 bits: with bd = bitlen(X) and 5^k < 2^h,
     * X * 2^s >= 2^(bd - 1 + s) = 2^(63 + h) > 2^63 * 5^k, and
     * X * 2^s < 2^(64 + h) < 2^66 * 5^k since h < k log2 5 + 2. */
    int64_t k = -E;
    int64_t h = pow5_bits_over(k);
    int64_t s = 64 + h - (int64_t)bn_bitlen(X);
    bool lost = false;
    if (s >= 0)
        bn_shl(X, (unsigned)s);
    else
        lost = bn_shr(X, (unsigned)-s); /* floor(floor(a/b)/c) = floor(a/(bc)) */
    bool inexact = bn_div_pow5(X, (unsigned)k);
    unsigned len = bn_bitlen(X);
    out->sig = bn_top64(X, &st);
    out->exp = (int32_t)((int64_t)len - 1 - s - k);
    out->sticky = st || lost || inexact || sticky;
}

/* The exact value of a parsed literal (up to its sticky bit).
 *
 * Bounds. Let X be the exact value, lead = the power of ten of its first
 * significant digit.
 *  - lead > 330: X > 10^330 > 2^1096, beyond every format's largest value and
 *    beyond the overflow threshold of every mode; a stand-in 2^4000 (with
 *    sticky) overflows identically.
 *  - lead < -360: X < 10^-360 < 2^-1195, less than 2^-121 times the smallest
 *    quantum of any format (f64's 2^-1074), below half of it (RNE, saturate,
 *    truncate give zero) and so far below that fp_encode's 64-bit stochastic
 *    field is zero with the sticky bit set; a stand-in 2^-4000 (with sticky)
 *    gives identical results in every mode.
 *  - Otherwise at most DEC_MAX_DIGITS = 1000 significant digits are used;
 *    if more exist, the first 1000 give V = D * 10^E' and the rest (nonzero:
 *    the last significant digit is) only set the sticky bit, so
 *    V < X < V + 10^E'. This is exact, i.e. X and V have the same 64 leading
 *    bits, unless some number c * 2^j with c < 2^64 (a boundary of a 64-bit
 *    window) lies in (V, V + 10^E'). Such a number would have more than 1000
 *    significant digits (it is >= V >= 10^(E' + 999) and not a multiple of
 *    10^E'), but c * 2^j has at most 20 + 0.302 j digits for j >= 0
 *    (< 1000 for X < 10^331) and at most the digits of c * 5^-j,
 *    21 + 0.7 |j|, for j < 0 (< 1000 for |j| <= 1390; a value >= 10^-360 >
 *    2^-1196 has its 64-bit window at j >= -1196 - 63 = -1259).
 *  Big-integer sizes: the digits give at most 3322 bits; for E >= 0 the
 *  product is < 10^331 (1100 bits); for E < 0 the scaled dividend is
 *  < 2^(66 + 2.33 k) with k = -E <= 360 + 999, i.e. < 3225 bits; all within
 *  BN_LIMBS. */
static void exact_value(const dec_num *n, fp_value *out)
{
    out->neg = n->neg;
    out->nan_canonical = false;
    out->sticky = false;
    if (n->zero) {
        out->cls = FPC_ZERO;
        out->exp = 0;
        out->sig = 0;
        return;
    }
    out->cls = FPC_FINITE;
    int64_t lead = n->E + n->nsig - 1;
    if (lead > DEC_LEAD_MAX || lead < DEC_LEAD_MIN) {
        out->sig = UINT64_C(1) << 63;
        out->exp = lead > 0 ? 4000 : -4000;
        out->sticky = true;
        return;
    }
    bignum X;
    int64_t E = n->E;
    bool dropped = false;
    if (n->fits) {
        bn_set_u64(&X, n->D);
    } else {
        int64_t keep = n->nsig;
        if (keep > DEC_MAX_DIGITS) {
            keep = DEC_MAX_DIGITS;
            dropped = true;
            E += n->nsig - keep;
        }
        bn_set_u64(&X, 0);
        uint32_t chunk = 0;
        unsigned cn = 0;
        for (size_t g = n->first, end = n->first + (size_t)keep; g < end; g++) {
            chunk = chunk * 10 + digit_at(n, g);
            if (++cn == 9) {
                bn_muladd_small(&X, 1000000000u, chunk);
                chunk = 0;
                cn = 0;
            }
        }
        if (cn)
            bn_muladd_small(&X, (uint32_t)bn_pow10_u64[cn], chunk);
    }
    scale(&X, E, dropped, out);
}

/* ------------------------------------------------------------------ */
/* the fast path */

/* Clinger: with D < 2^53 (exact as a double) and 10^|e| exact (|e| <= 22),
 * D * 10^e or D / 10^-e is one IEEE operation on exact operands, hence the
 * correctly rounded binary64 of the exact value. Also D * 10^e for e up to
 * 22 + 15 when D * 10^(e-22) is still an integer below 2^53 (exact), then
 * times 10^22. Needs binary64 evaluation (no x87 excess precision) in
 * round-to-nearest, the default environment. Returns false when it does not
 * apply. */
static bool clinger(uint64_t D, int64_t E, double *out)
{
#if defined(FLT_EVAL_METHOD) && (FLT_EVAL_METHOD == 0 || FLT_EVAL_METHOD == 1)
    const uint64_t two53 = UINT64_C(1) << 53;
    if (D >= two53)
        return false;
    if (E >= 0 && E <= 22) {
        *out = (double)D * pow10_dbl[E];
        return true;
    }
    if (E < 0 && E >= -22) {
        *out = (double)D / pow10_dbl[-E];
        return true;
    }
    if (E > 22 && E <= 22 + 15 && D <= (two53 - 1) / bn_pow10_u64[E - 22]) {
        *out = (double)(D * bn_pow10_u64[E - 22]) * pow10_dbl[22];
        return true;
    }
    return false;
#else
    (void)D;
    (void)E;
    (void)out;
    return false;
#endif
}

/* |d| = M * 2^e2 with M odd; false for zero. */
static bool dbl_odd_parts(double d, uint64_t *M, int *e2)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    b &= ~(UINT64_C(1) << 63);
    if (b == 0)
        return false;
    int be = (int)(b >> 52);
    uint64_t m = b & ((UINT64_C(1) << 52) - 1);
    if (be == 0) {
        *e2 = -1074;
    } else {
        m |= UINT64_C(1) << 52;
        *e2 = be - 1075;
    }
    int tz = __builtin_ctzll(m);
    *M = m >> tz;
    *e2 += tz;
    return true;
}

/* Why rounding d = RN53(X) into F gives the same pattern as rounding X,
 * except in the cases fast_ok rejects (F narrower than binary64, p <= 24, and
 * within binary64's range, so every representable value and every midpoint
 * of F is itself a binary64 number, including the overflow midpoint
 * max + q/2 and the underflow midpoint minS/2).
 *  RNE / saturate: the result of rounding changes only when crossing a
 *  midpoint mu of F (saturate differs from RNE only by clamping the overflow
 *  result, which depends on the same midpoint). If X and d rounded
 *  differently, some mu would lie between them, min(X,d) <= mu <= max(X,d).
 *  mu strictly between is impossible (mu is a binary64 number nearer to X
 *  than d, contradicting d = RN53(X)); mu = X makes X a binary64 number,
 *  so d = X = mu; so d = mu: d is a midpoint of F. We reject those.
 *  Truncate (toward zero): the result changes only when crossing a
 *  representable magnitude T of F, with min(|X|,|d|) < T <= max(|X|,|d|); by
 *  the same argument T = d, so d is a multiple of F's quantum at d. We reject
 *  those (a superset: also values beyond max, harmless).
 *  Stochastic needs the exact discarded bits: never fast.
 * Midpoint test: with |d| = M * 2^e2, M odd, the quantum of F at d is
 * 2^qe, qe = max(floor(log2 |d|), emin) - m; d is a midpoint iff e2 = qe - 1,
 * a multiple of the quantum iff e2 >= qe. */
static bool fast_ok(const fp_format *F, double d, fp_round mode)
{
    uint64_t M;
    int e2;
    if (!dbl_odd_parts(d, &M, &e2))
        return true; /* zero is exact */
    int lg = 63 - __builtin_clzll(M) + e2;
    int qe = (lg > F->emin ? lg : F->emin) - (int)F->mbits;
    switch (mode) {
    case FPR_RNE:
    case FPR_SATURATE:
        return e2 != qe - 1;
    case FPR_TRUNCATE:
        return e2 < qe;
    case FPR_STOCHASTIC:
    case FPR_COUNT:
        break;
    }
    return false;
}

static uint64_t round_num(fp_id f, const dec_num *n, fp_round mode, uint64_t random)
{
    if (n->fits && !n->zero) {
        double d;
        if (clinger(n->D, n->E, &d)) {
            if (n->neg)
                d = -d;
            if (f == FP_F64) {
                /* d is the RNE answer, which cannot overflow here */
                if (mode == FPR_RNE || mode == FPR_SATURATE)
                    return fp_from_double(f, d, mode);
            } else if (fp_fmt(f)->mbits <= 23 && fast_ok(fp_fmt(f), d, mode)) {
                return fp_from_double(f, d, mode);
            }
        }
    }
    fp_value v;
    exact_value(n, &v);
    return fp_encode(f, &v, mode, random);
}

/* ------------------------------------------------------------------ */
/* entry points */

int fp_decimal_value(const char *text, size_t len, fp_value *out)
{
    dec_num n;
    if (scan(text, len, &n) != 0)
        return -1;
    exact_value(&n, out);
    return 0;
}

int fp_from_decimal(fp_id f, const char *text, size_t len, fp_round mode,
                    uint64_t random, uint64_t *bits)
{
    dec_num n;
    if (scan(text, len, &n) != 0)
        return -1;
    *bits = round_num(f, &n, mode, random);
    return 0;
}

uint64_t fp_from_decimal_digits(fp_id f, bool neg, uint64_t digits, int exp10, fp_round mode,
                                uint64_t random)
{
    dec_num n;
    memset(&n, 0, sizeof n);
    n.neg = neg;
    n.zero = digits == 0;
    n.fits = true;
    int64_t E = exp10;
    while (digits != 0 && digits % 10 == 0) {
        digits /= 10;
        E++;
    }
    n.D = digits;
    n.E = E;
    int nsig = 0;
    for (uint64_t t = digits; t; t /= 10)
        nsig++;
    n.nsig = nsig;
    return round_num(f, &n, mode, random);
}
