/* Writing StableHLO ops into a block before the checker runs: the
 * decompositions of src/chlo build their ops through these, each op
 * located at the chlo op it replaces, its results named by names no source
 * can write. */
#ifndef IRRUN_CHLO_BUILD_H
#define IRRUN_CHLO_BUILD_H

#include "ir/arena.h"
#include "ir/ir.h"

/* A value: how an op refers to it (its name) and its type. */
typedef struct {
    ir_use u;
    tensor_type t;
} chlo_v;

typedef struct {
    ir_arena *arena;
    src_loc loc;       /* of the chlo op being replaced */
    const char *from;  /* its name */
    ir_op *ops;        /* the block's new ops */
    int nops, cap;
    unsigned *counter; /* the module's fresh-name counter */
    bool oom;          /* an allocation failed: every later call is a no-op */
    diag_source *src;  /* where an expander with rules of its own reports */
    bool failed;       /* it did */
} chlo_b;

/* Whether a value of type a can be one of type b: the same element type and
 * rank, and each dimension the same where both are static (a `?` fits any
 * size). On static types the same as shape_equal. */
bool chlo_fits(const tensor_type *a, const tensor_type *b);

/* The first operand or result type of o with a `?`, or NULL. */
const tensor_type *chlo_dynamic_type(const ir_op *o);

/* Appends a copy of `o` (the ops around the chlo ones). */
void chlo_keep(chlo_b *b, const ir_op *o);

/* The ops. Each returns its result (a dummy after out of memory). */
chlo_v chlo_op(chlo_b *b, ir_op_kind k, const chlo_v *args, int n, const tensor_type *rt);
/* An op of `nres` results (its defs one group "%name:nres"), written to
 * out[0..nres); returns the op (NULL after out of memory), valid until the
 * next op is appended. */
ir_op *chlo_op_n(chlo_b *b, ir_op_kind k, const chlo_v *args, int n, const tensor_type *rt, int nres, chlo_v *out);
/* A region: a block of n arguments of types t (fresh names, written to
 * args[0..n)) whose ops the builder rb (set up here) writes; chlo_block_end
 * appends the `stablehlo.return` of ret[0..nret) and moves rb's ops into
 * the block. Both return NULL/false after out of memory (b->oom set). */
ir_block *chlo_block(chlo_b *b, chlo_b *rb, int n, const tensor_type *t, chlo_v *args);
bool chlo_block_end(chlo_b *b, chlo_b *rb, ir_block *blk, const chlo_v *ret, int nret);
/* A fresh name (for block arguments). */
ir_use chlo_fresh(chlo_b *b);
/* Zeroed memory of the module's arena (NULL and b->oom after out of memory). */
void *chlo_alloc(chlo_b *b, size_t count, size_t size);
chlo_v chlo_un(chlo_b *b, ir_op_kind k, chlo_v x);
chlo_v chlo_bin(chlo_b *b, ir_op_kind k, chlo_v x, chlo_v y);
chlo_v chlo_cmp(chlo_b *b, ir_cmp_dir d, chlo_v x, chlo_v y);
chlo_v chlo_select(chlo_b *b, chlo_v p, chlo_v t, chlo_v f);
chlo_v chlo_clamp(chlo_b *b, chlo_v lo, chlo_v x, chlo_v hi);
chlo_v chlo_convert(chlo_b *b, chlo_v x, et_id to);
/* x[start:limit] along dimension dim (the other dimensions whole). */
chlo_v chlo_slice(chlo_b *b, chlo_v x, int dim, int64_t start, int64_t limit);
/* broadcast_in_dim of x to type t, x's dimension i to dims[i]. */
chlo_v chlo_broadcast_in_dim(chlo_b *b, chlo_v x, const tensor_type *t, const int64_t *dims);
/* A splat constant of x's type (chlo.constant_like): the double rounded to
 * the element type as APFloat converts it (to nearest, ties to even); an
 * integer type takes the value as an integer; a complex type (v, 0). */
chlo_v chlo_like(chlo_b *b, double v, chlo_v x);
/* A splat constant of x's type holding `bits` (element value bits). */
chlo_v chlo_like_bits(chlo_b *b, uint64_t bits, chlo_v x);

/* Gives res o's result names: the last op appended defines them; a value
 * no op wrote here (an operand) gets a copy through a convert to its own
 * type, which changes no bit. False after out of memory. */
bool chlo_define(chlo_b *b, chlo_v res, const ir_op *o);

/* A rewriting pass over a module (src/chlo's expansion, src/quant's
 * lowering): every block of every function with a body, nested regions
 * first; `enter` (may be NULL) sees each block before its ops; in a block
 * with an op `pick` selects, those ops go through `rewrite`, which appends
 * their replacements to b (located at the op by the caller), the others are
 * kept. chlo_run_pass returns 0, or -1 after a rewrite failed (it
 * reported why) or memory ran out (reported at the function). */
typedef struct {
    bool (*pick)(const ir_op *o);
    bool (*rewrite)(void *ctx, chlo_b *b, ir_op *o);
    void (*enter)(ir_block *blk);
    void *ctx;
} chlo_pass;
int chlo_run_pass(ir_module *m, diag_source *src, const chlo_pass *p);

/* The pass's materializeWithUpcast: a float operand of fewer than 32 bits
 * (f16, bf16, the FP8 formats) converted to f32, f(x) computed there, the
 * result converted back; other operands f(x) as they are. chlo_in_f32_2:
 * the same for two operands of one type. */
chlo_v chlo_in_f32(chlo_b *b, chlo_v x, chlo_v (*f)(chlo_b *, chlo_v));
chlo_v chlo_in_f32_2(chlo_b *b, const chlo_v *x, chlo_v (*f)(chlo_b *, chlo_v, chlo_v));

/* c[0] x^(n-1) + ... + c[n-1] by Horner's rule: poly = c0, then
 * poly = poly * x + c[i] (a multiply and an add per coefficient). */
chlo_v chlo_poly(chlo_b *b, chlo_v x, const double *c, int n);

/* The shorthands. */
static inline chlo_v chlo_mul(chlo_b *b, chlo_v x, chlo_v y) { return chlo_bin(b, IR_OP_MULTIPLY, x, y); }
static inline chlo_v chlo_add(chlo_b *b, chlo_v x, chlo_v y) { return chlo_bin(b, IR_OP_ADD, x, y); }
static inline chlo_v chlo_sub(chlo_b *b, chlo_v x, chlo_v y) { return chlo_bin(b, IR_OP_SUBTRACT, x, y); }
static inline chlo_v chlo_div(chlo_b *b, chlo_v x, chlo_v y) { return chlo_bin(b, IR_OP_DIVIDE, x, y); }

#endif
