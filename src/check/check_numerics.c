/* Checks of the numerics of SPEC.md 9.5 that change the element type or
 * carry attributes (is_finite, real, imag, complex, reduce_precision), and
 * the refusal of the ops REF does not run (decision 41). The shifts, popcnt
 * and count_leading_zeros are plain binary and unary ops (check_ops.c). */
#include "check/check_internal.h"

static bool is_float(et_id e) { return et_get(e)->kind == EK_FLOAT; }
static bool is_complex(et_id e) { return et_get(e)->kind == EK_COMPLEX; }

/* The result must be the operand's shape with element type `elem`. */
static bool result_is(checker *c, const ir_op *o, const tensor_type *x, et_id elem)
{
    tensor_type want = *x;
    want.elem = elem;
    if (!shape_equal(&o->result_types[0], &want))
        FAIL(o->loc, "'%s' of %s returns %s, got %s", ir_op_name(o->kind), TS(x), TS(&want),
             TS(&o->result_types[0]));
    return true;
}

bool check_is_finite(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0];
    if (!is_float(x->elem))
        FAIL(o->loc, "'stablehlo.is_finite' does not accept element type %s (expected float elements)",
             et_get(x->elem)->name);
    return result_is(c, o, x, ET_I1);
}

/* real and imag: a complex operand gives its parts' type, a float operand
 * its own (SPEC 9.5.1) */
bool check_part(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0];
    if (!is_float(x->elem) && !is_complex(x->elem))
        FAIL(o->loc, "'%s' does not accept element type %s (expected float or complex elements)",
             ir_op_name(o->kind), et_get(x->elem)->name);
    return result_is(c, o, x, et_part(x->elem));
}

bool check_complex(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1];
    if (!shape_equal(a, b))
        FAIL(o->loc, "'stablehlo.complex' requires lhs and rhs to have the same type, got %s and %s", TS(a),
             TS(b));
    if (a->elem != ET_F32 && a->elem != ET_F64)
        FAIL(o->loc, "'stablehlo.complex' takes f32 or f64 parts, got %s", et_get(a->elem)->name);
    return result_is(c, o, a, a->elem == ET_F32 ? ET_C64 : ET_C128);
}

bool check_reduce_precision(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0];
    if (!is_float(x->elem))
        FAIL(o->loc, "'stablehlo.reduce_precision' does not accept element type %s (expected float elements)",
             et_get(x->elem)->name);
    if (!shape_equal(x, &o->result_types[0]))
        FAIL(o->loc, "'stablehlo.reduce_precision' result type %s differs from the operand type %s",
             TS(&o->result_types[0]), TS(x));
    if (o->a.reduce_precision.exponent_bits < 1)
        FAIL(o->loc, "'stablehlo.reduce_precision' exponent_bits must be at least 1, got %d",
             (int)o->a.reduce_precision.exponent_bits);
    if (o->a.reduce_precision.mantissa_bits < 0)
        FAIL(o->loc, "'stablehlo.reduce_precision' mantissa_bits must be non-negative, got %d",
             (int)o->a.reduce_precision.mantissa_bits);
    return true;
}

/* SPEC 9.8 item 41: REF aborts on these ("can be decomposed"); ir-run says
 * so before anything runs rather than guess the bits of a generator or a
 * decomposition's rounding order. */
bool check_refused(checker *c, ir_op *o)
{
    FAIL(o->loc, "'%s': unsupported op (REF refuses: decomposable)", ir_op_name(o->kind));
}

/* A chlo op reaches the checker only from a caller that skipped
 * chlo_expand_module (src/chlo/chlo.h), or kept by it for a native kernel
 * (ir_op.native) or until refinement (ir_op.deferred) after it checked the
 * op's types. */
bool check_chlo(checker *c, ir_op *o)
{
    if (o->native || o->deferred)
        return true;
    FAIL(o->loc, "'%s' runs only through its StableHLO decomposition (src/chlo)", ir_op_name(o->kind));
}

/* Likewise a quantization op reaches it only when quant_lower_module
 * (src/quant/quant.h) was skipped, or kept by it for its native kernel
 * (ir_op.native: uniform_quantize f32 -> storage, its types checked). */
bool check_quant(checker *c, ir_op *o)
{
    if (o->native)
        return true;
    FAIL(o->loc, "'%s' runs only through its lowering to integer arithmetic (src/quant)", ir_op_name(o->kind));
}
