/* mulhi (docs/chlo.md): the high half of the double-width product, as the
 * pass's patterns at stablehlo 3c9301c11 (ChloDecompositionPatterns.td). */
#include "chlo/chlo_ops.h"

static chlo_v to_type(chlo_b *b, chlo_v x, et_id e)
{
    return chlo_convert(b, x, e);
}

/* Below 64 bits: convert both to the integer type of twice the width (same
 * signedness), multiply, shift right by the width (arithmetic for signed,
 * logical for unsigned), convert back. */
static chlo_v widened(chlo_b *b, chlo_v x, chlo_v y)
{
    et_id e = x.t.elem, wide = (et_id)(e + 1); /* ET_I2..ET_I64, ET_UI2..ET_UI64 are in width order */
    chlo_v p = chlo_mul(b, to_type(b, x, wide), to_type(b, y, wide));
    chlo_v n = chlo_like(b, (double)et_get(e)->value_bits, p);
    bool sint = et_get(e)->kind == EK_SINT;
    chlo_v s = chlo_bin(b, sint ? IR_OP_SHIFT_RIGHT_ARITHMETIC : IR_OP_SHIFT_RIGHT_LOGICAL, p, n);
    return to_type(b, s, e);
}

/* ui64 from 32-bit halves: p3 + ((p1 + (p0 >> 32)) >> 32) + ((p2 + (mid1 &
 * 0xFFFFFFFF)) >> 32), p0 = a_lo b_lo, p1 = a_lo b_hi, p2 = a_hi b_lo, p3 =
 * a_hi b_hi. */
static chlo_v u64(chlo_b *b, chlo_v x, chlo_v y)
{
    chlo_v a_hi = chlo_bin(b, IR_OP_SHIFT_RIGHT_LOGICAL, x, chlo_like(b, 32, x));
    chlo_v b_hi = chlo_bin(b, IR_OP_SHIFT_RIGHT_LOGICAL, y, chlo_like(b, 32, y));
    chlo_v p3 = chlo_mul(b, a_hi, b_hi);
    chlo_v a_lo = chlo_bin(b, IR_OP_AND, x, chlo_like_bits(b, 0xFFFFFFFFu, x));
    chlo_v p1 = chlo_mul(b, a_lo, b_hi);
    chlo_v b_lo = chlo_bin(b, IR_OP_AND, y, chlo_like_bits(b, 0xFFFFFFFFu, y));
    chlo_v p0 = chlo_mul(b, a_lo, b_lo);
    chlo_v carry_p0 = chlo_bin(b, IR_OP_SHIFT_RIGHT_LOGICAL, p0, chlo_like(b, 32, x));
    chlo_v mid1 = chlo_add(b, p1, carry_p0);
    chlo_v carry_mid1 = chlo_bin(b, IR_OP_SHIFT_RIGHT_LOGICAL, mid1, chlo_like(b, 32, x));
    chlo_v hi = chlo_add(b, p3, carry_mid1);
    chlo_v p2 = chlo_mul(b, a_hi, b_lo);
    chlo_v mid2 = chlo_add(b, p2, chlo_bin(b, IR_OP_AND, mid1, chlo_like_bits(b, 0xFFFFFFFFu, x)));
    chlo_v carry_mid2 = chlo_bin(b, IR_OP_SHIFT_RIGHT_LOGICAL, mid2, chlo_like(b, 32, x));
    return chlo_add(b, hi, carry_mid2);
}

/* i64: the ui64 mulhi of the patterns, minus y where x < 0, minus x where
 * y < 0 (two's complement sign correction), converted back to i64. */
static chlo_v s64(chlo_b *b, chlo_v x, chlo_v y)
{
    chlo_v hi = u64(b, to_type(b, x, ET_UI64), to_type(b, y, ET_UI64));
    chlo_v xneg = chlo_cmp(b, IR_CMP_LT, x, chlo_like(b, 0, x));
    chlo_v yu = to_type(b, y, ET_UI64);
    hi = chlo_sub(b, hi, chlo_select(b, xneg, yu, chlo_like(b, 0, to_type(b, y, ET_UI64))));
    chlo_v yneg = chlo_cmp(b, IR_CMP_LT, y, chlo_like(b, 0, y));
    chlo_v xu = to_type(b, x, ET_UI64);
    hi = chlo_sub(b, hi, chlo_select(b, yneg, xu, chlo_like(b, 0, to_type(b, x, ET_UI64))));
    return to_type(b, hi, ET_I64);
}

chlo_v chlo_mulhi(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)o;
    if (x[0].t.elem == ET_UI64)
        return u64(b, x[0], x[1]);
    if (x[0].t.elem == ET_I64)
        return s64(b, x[0], x[1]);
    return widened(b, x[0], x[1]);
}
