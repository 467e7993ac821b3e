/* The decompositions, one function per chlo op: each writes the StableHLO
 * ops of its op on the operands `x` (types already checked against the
 * op's row in chlo_expand.c) and returns the value replacing its result. */
#ifndef IRRUN_CHLO_OPS_H
#define IRRUN_CHLO_OPS_H

#include "chlo/chlo_build.h"

typedef chlo_v (*chlo_expander)(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_erf.c */
chlo_v chlo_erf(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_erfc(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_erf_inv(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_gamma.c */
chlo_v chlo_lgamma(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_digamma(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_zeta(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_polygamma(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_special.c */
chlo_v chlo_next_after(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_bessel_i1e(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_mulhi.c */
chlo_v chlo_mulhi(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_scan.c, chlo_ragged_dot.c (check their own types) */
chlo_v chlo_scan(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_ragged_dot(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_top_k.c (checks its own types) */
chlo_v chlo_top_k(chlo_b *b, const ir_op *o, const chlo_v *x);
/* the checks of an op with `?` types kept until refinement (b->failed) */
chlo_v chlo_top_k_defer(chlo_b *b, const ir_op *o, const chlo_v *x);

/* chlo_broadcast.c (checks its own types) */
chlo_v chlo_broadcast(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_broadcast_select(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_constant(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_constant_like(chlo_b *b, const ir_op *o, const chlo_v *x);
/* the same checks for an op with `?` types, kept until refinement */
chlo_v chlo_broadcast_defer(chlo_b *b, const ir_op *o, const chlo_v *x);
/* a broadcasting op's result dimensions from its operand types into want
 * (false after reporting on src that they do not broadcast) */
bool chlo_broadcast_shape(const ir_op *o, tensor_type *want, diag_source *src);

/* chlo_trig.c */
chlo_v chlo_tan(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_atan(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_atanh(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_acos(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_asin(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_acosh(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_asinh(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_cosh(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_sinh(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_conj(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_square(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_is_inf(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_is_pos_inf(chlo_b *b, const ir_op *o, const chlo_v *x);
chlo_v chlo_is_neg_inf(chlo_b *b, const ir_op *o, const chlo_v *x);

#endif
