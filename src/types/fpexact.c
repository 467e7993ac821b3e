/* The exact decimal value of a float pattern (see fpprint.h). A finite
 * value is an odd integer m times 2^e: for e >= 0 the integer m * 2^e, for
 * e < 0 the integer m * 5^-e times 10^e, whose last digit is not 0 (m and
 * 5^-e are odd). */
#include <string.h>

#include "types/bignum.h"
#include "types/fpprint.h"

size_t fp_print_exact(fp_id f, uint64_t bits, char *buf)
{
    fp_value v = fp_decode(f, bits);
    size_t special = fp_print_special(&v, buf);
    if (special)
        return special;
    /* |v| = sig * 2^(exp - 63), sig != 0 */
    uint64_t m = v.sig;
    int e = v.exp - 63;
    while (!(m & 1)) {
        m >>= 1;
        e++;
    }
    bignum n;
    bn_set_u64(&n, m);
    int exp10 = 0;
    if (e >= 0) {
        bn_shl(&n, (unsigned)e); /* at most 2^1024 (f64) */
    } else {
        bn_mul_pow5(&n, (unsigned)-e); /* below 2^53 * 5^1074, about 2^2547 */
        exp10 = e;
    }
    char digits[FP_EXACT_MAX];
    size_t nd = bn_to_decimal(&n, digits, sizeof digits);
    while (nd > 1 && digits[nd - 1] == '0') { /* e >= 0 only: m may hold factors of 5 */
        nd--;
        exp10++;
    }
    return fp_layout_decimal(v.neg, digits, nd, exp10, buf);
}
