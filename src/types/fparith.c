/* Class-A arithmetic (SPEC.md 4.0): exact operation, one rounding, APFloat's
 * NaN rules. For every format but f64 the operation runs in binary64 on the
 * exactly converted operands: binary64 keeps at least 2p + 2 bits for
 * p <= 24, so rounding its result once more into the format gives the same
 * bits as a single rounding of the exact result. */
#include "fparith.h"

#include <math.h>
#include <string.h>

#include "util/bitcast.h"


uint64_t fp_quiet(fp_id id, uint64_t a)
{
    const fp_format *f = fp_fmt(id);
    if (f->nan == FPN_IEEE && fp_is_nan(id, a))
        return a | (UINT64_C(1) << (f->mbits - 1));
    return a;
}

/* The result of an invalid operation (0/0, Inf - Inf, x rem 0, ...). */
static uint64_t invalid_result(fp_id id)
{
    const fp_format *f = fp_fmt(id);
    if (f->nan == FPN_NONE)
        return 0; /* no NaN; SPEC.md section 8 item 20: 0/0 gives +0 */
    return f->canon_nan;
}

static double apply(fp_binop op, double x, double y)
{
    switch (op) {
    case FPOP_ADD: return x + y;
    case FPOP_SUB: return x - y;
    case FPOP_MUL: return x * y;
    case FPOP_DIV: return x / y;
    case FPOP_REM: return fmod(x, y);
    case FPOP_COUNT: break;
    }
    return 0;
}

void fp_operand_of(fp_id id, uint64_t a, fp_operand *out)
{
    out->nan = fp_is_nan(id, a);
    out->quiet = out->nan ? fp_quiet(id, a) : 0;
    out->value = out->nan ? 0 : fp_to_double(id, a);
}

uint64_t fp_arith_operands(fp_id id, fp_binop op, const fp_operand *a, const fp_operand *b)
{
    if (a->nan)
        return a->quiet;
    if (b->nan)
        return b->quiet;
    double r = apply(op, a->value, b->value);
    if (r != r)
        return invalid_result(id);
    if (id == FP_F64)
        return f64_to_bits(r);
    return fp_from_double(id, r, FPR_RNE);
}

uint64_t fp_arith(fp_id id, fp_binop op, uint64_t a, uint64_t b)
{
    fp_operand x, y;
    fp_operand_of(id, a, &x);
    fp_operand_of(id, b, &y);
    return fp_arith_operands(id, op, &x, &y);
}

uint64_t fp_ulp_distance(fp_id id, uint64_t a, uint64_t b)
{
    const fp_format *f = fp_fmt(id);
    a &= f->mask;
    b &= f->mask;
    if (a == b)
        return 0;
    fp_class ca = fp_classify(id, a), cb = fp_classify(id, b);
    bool fa = ca == FPC_ZERO || ca == FPC_FINITE, fb = cb == FPC_ZERO || cb == FPC_FINITE;
    if (fa && fb) {
        uint64_t ma = a & ~f->sign_mask, mb = b & ~f->sign_mask;
        bool sa = (a & f->sign_mask) != 0, sb = (b & f->sign_mask) != 0;
        if (sa != sb)
            return ma + mb;
        return ma > mb ? ma - mb : mb - ma;
    }
    if (ca == FPC_NAN && cb == FPC_NAN)
        return 0;
    return UINT64_MAX;
}

uint64_t fp_next_up(fp_id id, uint64_t a)
{
    const fp_format *f = fp_fmt(id);
    a &= f->mask;
    fp_class c = fp_classify(id, a);
    if (c == FPC_NAN)
        return a;
    bool neg = (a & f->sign_mask) != 0;
    uint64_t mag = a & ~f->sign_mask;
    if (c == FPC_INF)
        return neg ? f->max_bits | f->sign_mask : a;
    if (c == FPC_ZERO)
        return 1;
    if (!neg) {
        if (mag == f->max_bits)
            return f->has_inf ? mag + 1 : a;
        return a + 1;
    }
    if (mag == 1)
        return f->has_negzero ? f->sign_mask : 0;
    return a - 1;
}

static uint64_t negate_pattern(const fp_format *f, uint64_t a)
{
    if (f->nan == FPN_FNUZ && (a & f->mask) == 0)
        return 0;
    return a ^ f->sign_mask;
}

uint64_t fp_next_down(fp_id id, uint64_t a)
{
    const fp_format *f = fp_fmt(id);
    a &= f->mask;
    if (!f->has_sign) {
        if (fp_classify(id, a) == FPC_NAN || a == 0)
            return a;
        return a - 1;
    }
    if (fp_classify(id, a) == FPC_NAN)
        return a;
    return negate_pattern(f, fp_next_up(id, negate_pattern(f, a)));
}

int fp_compare(fp_id id, uint64_t a, uint64_t b)
{
    if (fp_is_nan(id, a) || fp_is_nan(id, b))
        return 2;
    double x = fp_to_double(id, a), y = fp_to_double(id, b);
    return x < y ? -1 : x > y ? 1 : 0;
}

/* Truncated integer part of a finite value with its sign, or saturation
 * flags when it does not fit 64 bits. */
static uint64_t trunc_magnitude(const fp_value *v, bool *too_big)
{
    *too_big = false;
    if (v->cls != FPC_FINITE || v->exp < 0)
        return 0;
    if (v->exp >= 64) {
        *too_big = true;
        return UINT64_MAX;
    }
    return v->sig >> (63 - v->exp);
}

int64_t fp_to_sint(fp_id id, uint64_t a, unsigned bits)
{
    fp_value v = fp_decode(id, a);
    int64_t max = bits >= 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1;
    int64_t min = -max - 1;
    if (v.cls == FPC_NAN || v.cls == FPC_ZERO)
        return 0;
    if (v.cls == FPC_INF)
        return v.neg ? min : max;
    bool too_big;
    uint64_t mag = trunc_magnitude(&v, &too_big);
    if (!v.neg)
        return too_big || mag > (uint64_t)max ? max : (int64_t)mag;
    if (too_big || mag > (uint64_t)max + 1)
        return min;
    return mag == (uint64_t)max + 1 ? min : -(int64_t)mag;
}

uint64_t fp_to_uint(fp_id id, uint64_t a, unsigned bits)
{
    fp_value v = fp_decode(id, a);
    uint64_t max = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (v.cls == FPC_NAN || v.cls == FPC_ZERO)
        return 0;
    if (v.cls == FPC_INF)
        return v.neg ? 0 : max;
    bool too_big;
    uint64_t mag = trunc_magnitude(&v, &too_big);
    if (v.neg)
        return 0;
    return too_big || mag > max ? max : mag;
}
