/* Fixed-capacity unsigned big integers (see bignum.h). Schoolbook
 * algorithms on 32-bit limbs with 64-bit intermediates: the operands here are
 * at most a few thousand bits and only multiplied or divided by one limb at a
 * time, so nothing fancier pays off. */
#include "bignum.h"

#include <string.h>

static void trim(bignum *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
}

void bn_set_u64(bignum *a, uint64_t v)
{
    a->overflow = false;
    a->d[0] = (uint32_t)v;
    a->d[1] = (uint32_t)(v >> 32);
    a->n = a->d[1] ? 2 : a->d[0] ? 1 : 0;
}

static unsigned bitlen32(uint32_t x) { return x ? 32u - (unsigned)__builtin_clz(x) : 0u; }

unsigned bn_bitlen(const bignum *a)
{
    if (a->n == 0)
        return 0;
    return (a->n - 1) * 32 + bitlen32(a->d[a->n - 1]);
}

void bn_muladd_small(bignum *a, uint32_t m, uint32_t add)
{
    uint64_t carry = add;
    for (unsigned i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) {
        if (a->n < BN_LIMBS)
            a->d[a->n++] = (uint32_t)carry;
        else
            a->overflow = true;
    }
    trim(a); /* m == 0 */
}

static const uint32_t pow5_small[14] = {
    1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u,
    9765625u, 48828125u, 244140625u, 1220703125u,
};

void bn_mul_pow5(bignum *a, unsigned k)
{
    while (k >= 13 && a->n) {
        bn_mul_small(a, pow5_small[13]);
        k -= 13;
    }
    if (k && a->n)
        bn_mul_small(a, pow5_small[k]);
}

void bn_mul_pow10(bignum *a, unsigned k)
{
    bn_mul_pow5(a, k);
    bn_shl(a, k);
}

void bn_shl(bignum *a, unsigned s)
{
    if (a->n == 0 || s == 0)
        return;
    unsigned limbs = s / 32, bits = s % 32;
    unsigned long need = ((unsigned long)bn_bitlen(a) + s + 31) / 32;
    if (need > BN_LIMBS) {
        /* keep what fits; the value is wrong anyway */
        a->overflow = true;
        if (limbs >= BN_LIMBS) {
            a->n = 0;
            return;
        }
        need = BN_LIMBS;
    }
    /* from the top down so that the source is read before it is written */
    unsigned n = a->n;
    if (bits == 0) {
        for (unsigned i = (unsigned)need; i-- > limbs;)
            a->d[i] = i - limbs < n ? a->d[i - limbs] : 0;
    } else {
        for (unsigned i = (unsigned)need; i-- > limbs;) {
            unsigned j = i - limbs; /* result limb i takes source limbs j and j-1 */
            uint32_t hi = j < n ? a->d[j] : 0;
            uint32_t lo = j >= 1 && j - 1 < n ? a->d[j - 1] : 0;
            a->d[i] = (hi << bits) | (lo >> (32 - bits));
        }
    }
    memset(a->d, 0, limbs * sizeof a->d[0]);
    a->n = (unsigned)need;
    trim(a);
}

bool bn_shr(bignum *a, unsigned s)
{
    if (a->n == 0 || s == 0)
        return false;
    unsigned limbs = s / 32, bits = s % 32;
    if (limbs >= a->n) {
        a->n = 0;
        return true; /* a was nonzero */
    }
    bool lost = false;
    for (unsigned i = 0; i < limbs; i++)
        lost |= a->d[i] != 0;
    if (bits)
        lost |= (a->d[limbs] & ((UINT32_C(1) << bits) - 1)) != 0;
    unsigned n = a->n - limbs;
    if (bits == 0) {
        memmove(a->d, a->d + limbs, n * sizeof a->d[0]);
    } else {
        for (unsigned i = 0; i < n; i++) {
            uint32_t lo = a->d[i + limbs] >> bits;
            uint32_t hi = i + limbs + 1 < a->n ? a->d[i + limbs + 1] << (32 - bits) : 0;
            a->d[i] = lo | hi;
        }
    }
    a->n = n;
    trim(a);
    return lost;
}

uint32_t bn_div_small(bignum *a, uint32_t d)
{
    uint64_t rem = 0;
    for (unsigned i = a->n; i-- > 0;) {
        uint64_t cur = (rem << 32) | a->d[i];
        a->d[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    trim(a);
    return (uint32_t)rem;
}

bool bn_div_pow5(bignum *a, unsigned k)
{
    /* floor(floor(x / a) / b) == floor(x / (a * b)), and x / (a * b) is an
     * integer iff every step leaves no remainder */
    bool inexact = false;
    while (k >= 13 && a->n) {
        inexact |= bn_div_small(a, pow5_small[13]) != 0;
        k -= 13;
    }
    if (k && a->n)
        inexact |= bn_div_small(a, pow5_small[k]) != 0;
    return inexact;
}

int bn_cmp(const bignum *a, const bignum *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (unsigned i = a->n; i-- > 0;) {
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    }
    return 0;
}

uint64_t bn_top64(const bignum *a, bool *sticky)
{
    *sticky = false;
    unsigned len = bn_bitlen(a);
    if (len == 0)
        return 0;
    if (len <= 64)
        return bn_low64(a) << (64 - len);
    /* bits [len - 64, len) */
    unsigned lo = len - 64;
    unsigned limb = lo / 32, bits = lo % 32;
    uint64_t r = 0;
    /* gather 3 limbs from `limb` upwards (the top one may not exist) */
    uint32_t l0 = a->d[limb];
    uint32_t l1 = limb + 1 < a->n ? a->d[limb + 1] : 0;
    uint32_t l2 = limb + 2 < a->n ? a->d[limb + 2] : 0;
    if (bits == 0) {
        r = ((uint64_t)l1 << 32) | l0;
    } else {
        r = ((uint64_t)l0 >> bits) | ((uint64_t)l1 << (32 - bits)) | ((uint64_t)l2 << (64 - bits));
    }
    bool s = bits ? (l0 & ((UINT32_C(1) << bits) - 1)) != 0 : false;
    for (unsigned i = 0; i < limb && !s; i++)
        s = a->d[i] != 0;
    *sticky = s;
    return r;
}

uint64_t bn_low64(const bignum *a)
{
    uint64_t r = a->n > 0 ? a->d[0] : 0;
    if (a->n > 1)
        r |= (uint64_t)a->d[1] << 32;
    return r;
}

size_t bn_to_decimal(const bignum *a, char *buf, size_t cap)
{
    if (cap < 2)
        return 0;
    if (a->n == 0) {
        buf[0] = '0';
        buf[1] = '\0';
        return 1;
    }
    /* 9-digit chunks, least significant first */
    bignum t = *a;
    char tmp[BN_LIMBS * 32 / 3 + 16]; /* digits of the largest value, reversed */
    size_t nd = 0;
    while (t.n > 2 || bn_low64(&t) >= UINT64_C(1000000000)) {
        uint32_t chunk = bn_div_small(&t, 1000000000u);
        for (int i = 0; i < 9; i++) {
            tmp[nd++] = (char)('0' + chunk % 10);
            chunk /= 10;
        }
    }
    uint64_t rest = bn_low64(&t); /* < 10^9, nonzero */
    while (rest) {
        tmp[nd++] = (char)('0' + rest % 10);
        rest /= 10;
    }
    if (nd + 1 > cap)
        return 0;
    for (size_t i = 0; i < nd; i++)
        buf[i] = tmp[nd - 1 - i];
    buf[nd] = '\0';
    return nd;
}

/* 10^0 .. 10^19: every power of ten that fits 64 bits (decimal parsing and
 * printing both work in 19-digit chunks). */
const uint64_t bn_pow10_u64[20] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000),
    UINT64_C(100000), UINT64_C(1000000), UINT64_C(10000000), UINT64_C(100000000),
    UINT64_C(1000000000), UINT64_C(10000000000), UINT64_C(100000000000),
    UINT64_C(1000000000000), UINT64_C(10000000000000), UINT64_C(100000000000000),
    UINT64_C(1000000000000000), UINT64_C(10000000000000000),
    UINT64_C(100000000000000000), UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};
