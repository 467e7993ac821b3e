/* The definition of every unary op on one float pattern (kern_float_def.h).
 * Class-B functions are glibc's binary64 functions on the exact operand,
 * rounded once into the format; logistic is REF's chain of roundings. */
#include <math.h>

#include "kernels/math/kern_float_def.h"
#include "kernels/math/kern_ieee.h"
#include "types/fparith.h"

static double rsqrt_d(double x) { return 1.0 / sqrt(x); } /* two binary64 roundings, as REF */

kern_mathfn kern_float_libm(kern_unop op)
{
    switch (op) {
    case KU_SQRT: return sqrt;
    case KU_RSQRT: return rsqrt_d;
    case KU_EXP: return exp;
    case KU_LOG: return log;
    case KU_TANH: return tanh;
    case KU_SIN: return sin;
    case KU_COS: return cos;
    case KU_TAN: return tan;
    case KU_CBRT: return cbrt;
    case KU_EXPM1: return expm1;
    case KU_LOG1P: return log1p;
    case KU_NEG:
    case KU_ABS:
    case KU_LOGISTIC:
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ:
    case KU_SIGN:
    case KU_NOT:
    case KU_COUNT: break;
    }
    return NULL;
}

static uint64_t neg_pattern(const fp_format *F, uint64_t x)
{
    if (F->nan == FPN_E8M0)
        return F->canon_nan; /* no sign: NaN, SPEC.md section 8 item 6 */
    if (F->nan == FPN_FNUZ && (x & F->mask & ~F->sign_mask) == 0)
        return x; /* 0x00 has no negative twin; 0x80 is the only NaN */
    return x ^ F->sign_mask;
}

uint64_t kern_float_unary_def(fp_id f, kern_unop op, uint64_t x)
{
    const fp_format *F = fp_fmt(f);
    switch (op) {
    case KU_NEG:
        return neg_pattern(F, x);
    case KU_ABS:
        if (F->nan == FPN_FNUZ && x == F->sign_mask)
            return x;
        return x & ~F->sign_mask;
    case KU_SIGN: {
        fp_class c = fp_classify(f, x);
        if (c == FPC_NAN || c == FPC_ZERO)
            return x;
        return fp_from_double(f, fp_is_negative(f, x) ? -1.0 : 1.0, FPR_RNE);
    }
    case KU_FLOOR:
    case KU_CEIL:
    case KU_ROUND_EVEN:
    case KU_ROUND_AFZ: {
        /* exact: the integral value is representable in the format (E8M0
         * has no zero: a zero result becomes 0x00, decision 22) */
        if (fp_is_nan(f, x))
            return fp_quiet(f, x);
        double d = fp_to_double(f, x);
        /* C's round() rounds ties away from zero, in every rounding mode */
        d = op == KU_FLOOR        ? floor(d)
            : op == KU_CEIL       ? ceil(d)
            : op == KU_ROUND_EVEN ? nearbyint(d)
                                  : round(d);
        return kern_round_into(f, d);
    }
    case KU_LOGISTIC: {
        /* REF's chain: exp(-x) rounded, 1 + e rounded, 1 / d rounded */
        uint64_t one = fp_from_double(f, 1.0, FPR_RNE);
        uint64_t e = kern_round_into(f, exp(fp_to_double(f, neg_pattern(F, x))));
        uint64_t d = fp_arith(f, FPOP_ADD, one, e);
        return fp_arith(f, FPOP_DIV, one, d);
    }
    case KU_SQRT:
    case KU_RSQRT:
    case KU_EXP:
    case KU_LOG:
    case KU_TANH:
    case KU_SIN:
    case KU_COS:
    case KU_TAN:
    case KU_CBRT:
    case KU_EXPM1:
    case KU_LOG1P:
        return kern_round_into(f, kern_float_libm(op)(fp_to_double(f, x)));
    case KU_NOT:
    case KU_COUNT:
        break;
    }
    return x; /* not an op of floats (kern_unop_applies) */
}
