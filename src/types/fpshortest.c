/* Decimal texts for people (see fpprint.h): the shared layout, and the
 * fewest significant digits that read back as the same pattern: for P = 1, 2, ... APFloat's exact rounding to P digits,
 * and its two P-digit neighbours, each read back with the one-rounding
 * decimal reader; the first that gives the pattern is laid out for people.
 * The neighbours matter at powers of two, where the values rounding to a
 * pattern reach farther on one side than on the other: there the nearest
 * P-digit decimal can fall outside while the next one on the far side is
 * inside. No other P-digit decimal can be inside when these three are not. */
#include <stdbool.h>
#include <string.h>

#include "types/fpdecimal.h"
#include "types/fpprint.h"

enum { SHORTEST_MAX_DIGITS = 40 }; /* fp_to_string's own limit; f64 needs 17 */

/* Appends the decimal exponent e (Python's layout: sign, at least two
 * digits) to buf at n. */
static size_t put_exponent(char *buf, size_t n, int e)
{
    buf[n++] = 'e';
    buf[n++] = e < 0 ? '-' : '+';
    unsigned u = (unsigned)(e < 0 ? -e : e);
    char d[12];
    int k = 0;
    do {
        d[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (k < 2)
        d[k++] = '0';
    while (k > 0)
        buf[n++] = d[--k];
    return n;
}

/* APFloat's text ("4.0E+2", "0.0078", "123") as its significant digits
 * and the power of ten of the last one. */
static void digits_of(const char *text, char *digits, size_t *ndigits, int *exp10)
{
    size_t n = 0;
    int frac = 0, e = 0;
    bool after_point = false;
    const char *p = text;
    for (; *p && *p != 'E' && *p != 'e'; p++) {
        if (*p == '.') {
            after_point = true;
        } else if (*p >= '0' && *p <= '9') {
            if (n == 0 && *p == '0') { /* leading zeros carry no digit */
                frac += after_point;
                continue;
            }
            digits[n++] = *p;
            frac += after_point;
        }
    }
    if (*p) {
        p++;
        bool neg = *p == '-';
        if (*p == '-' || *p == '+')
            p++;
        for (; *p >= '0' && *p <= '9' && e < 100000; p++)
            e = e * 10 + (*p - '0');
        if (neg)
            e = -e;
    }
    e -= frac;
    while (n > 1 && digits[n - 1] == '0') {
        n--;
        e++;
    }
    *ndigits = n;
    *exp10 = e;
}

size_t fp_layout_decimal(bool neg, const char *digits, size_t nd, int e, char *buf)
{
    size_t n = 0;
    if (neg)
        buf[n++] = '-';
    int lead = (int)nd - 1 + e; /* power of ten of the first digit */
    if (nd == 0) {
        buf[n++] = '0';
    } else if (lead < -4 || lead >= 16) {
        buf[n++] = digits[0];
        if (nd > 1) {
            buf[n++] = '.';
            memcpy(buf + n, digits + 1, nd - 1);
            n += nd - 1;
        }
        n = put_exponent(buf, n, lead);
    } else if (e >= 0) {
        memcpy(buf + n, digits, nd);
        n += nd;
        for (int k = 0; k < e; k++)
            buf[n++] = '0';
    } else if (lead >= 0) {
        size_t whole = (size_t)(lead + 1);
        memcpy(buf + n, digits, whole);
        n += whole;
        buf[n++] = '.';
        memcpy(buf + n, digits + whole, nd - whole);
        n += nd - whole;
    } else {
        buf[n++] = '0';
        buf[n++] = '.';
        for (int k = 0; k < -lead - 1; k++)
            buf[n++] = '0';
        memcpy(buf + n, digits, nd);
        n += nd;
    }
    buf[n] = '\0';
    return n;
}

size_t fp_print_special(const fp_value *v, char *buf)
{
    const char *special = NULL;
    switch (v->cls) {
    case FPC_NAN: special = v->neg ? "-nan" : "nan"; break;
    case FPC_INF: special = v->neg ? "-inf" : "inf"; break;
    case FPC_ZERO: special = v->neg ? "-0" : "0"; break;
    case FPC_FINITE: return 0;
    }
    strcpy(buf, special);
    return strlen(special);
}

size_t fp_print_shortest(fp_id f, uint64_t bits, char *buf)
{
    fp_value v = fp_decode(f, bits);
    size_t special = fp_print_special(&v, buf);
    if (special)
        return special;
    uint64_t want = bits & fp_fmt(f)->mask;
    char text[FP_PRINT_MAX], digits[FP_PRINT_MAX];
    size_t nd = 0;
    int e = 0;
    for (unsigned p = 1; p <= SHORTEST_MAX_DIGITS; p++) {
        fp_to_string(f, bits, p, false, text);
        digits_of(text, digits, &nd, &e);
        uint64_t back;
        if (fp_from_decimal(f, text, strlen(text), FPR_RNE, 0, &back) == 0 && back == want)
            break;
        if (p > 18 || nd > p)
            continue;
        /* the nearest as a P-digit integer times 10^eP, then its neighbours */
        uint64_t d = 0;
        for (size_t k = 0; k < nd; k++)
            d = d * 10 + (uint64_t)(digits[k] - '0');
        int ep = e;
        for (size_t k = nd; k < p; k++, ep--)
            d *= 10;
        uint64_t found = 0;
        if (d - 1 > 0 && fp_from_decimal_digits(f, v.neg, d - 1, ep, FPR_RNE, 0) == want)
            found = d - 1;
        else if (fp_from_decimal_digits(f, v.neg, d + 1, ep, FPR_RNE, 0) == want)
            found = d + 1;
        if (!found)
            continue;
        /* back to digits, without trailing zeros */
        while (found % 10 == 0) {
            found /= 10;
            ep++;
        }
        char rev[24];
        size_t n = 0;
        for (; found; found /= 10)
            rev[n++] = (char)('0' + found % 10);
        for (nd = 0; nd < n; nd++)
            digits[nd] = rev[n - 1 - nd];
        e = ep;
        break;
    }
    return fp_layout_decimal(v.neg, digits, nd, e, buf);
}
