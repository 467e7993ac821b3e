/* Whole-tensor kernels. Each kernel resolves the element type once and runs
 * the loop its table holds for the type's storage class (et_storage), or its
 * generic loop when there is none (kern_generic.h); the result tensor is
 * allocated by the caller with the checked result type. Kernels return
 * IRRUN_OK, IRRUN_NOMEM when memory runs out (nothing is leaked) or
 * IRRUN_UNSUPPORTED for an op the element type does not have. Operands have
 * passed the checker, so shapes and element types are consistent; kernels do
 * not re-validate them. */
#ifndef IRRUN_KERN_H
#define IRRUN_KERN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tensor.h"
#include "parallel/pool.h"
#include "util/status.h"

typedef enum {
    KB_ADD,
    KB_SUB,
    KB_MUL,
    KB_DIV,
    KB_REM,
    KB_POW,
    KB_ATAN2,
    KB_MAX,
    KB_MIN,
    KB_AND,
    KB_OR,
    KB_XOR,
    KB_COUNT
} kern_binop;

typedef enum {
    KU_NEG,
    KU_ABS,
    KU_SQRT,
    KU_RSQRT,
    KU_EXP,
    KU_LOG,
    KU_TANH,
    KU_SIN,
    KU_COS,
    KU_TAN,
    KU_CBRT,
    KU_EXPM1,
    KU_LOG1P,
    KU_LOGISTIC,
    KU_FLOOR,
    KU_CEIL,
    KU_ROUND_EVEN,
    KU_ROUND_AFZ,
    KU_SIGN,
    KU_NOT,
    KU_COUNT
} kern_unop;

typedef enum { KC_EQ, KC_NE, KC_GE, KC_GT, KC_LE, KC_LT } kern_cmpdir;

/* r = a op b element-wise (SPEC.md 4.4-4.12, 4.28-4.30). */
irrun_status kern_binary(kern_binop op, const tensor *a, const tensor *b, tensor *r);
/* r = op(x) element-wise; for complex abs r has the component type. */
irrun_status kern_unary(kern_unop op, const tensor *x, tensor *r);

/* The same on a run's threads (kern_split.c): results of at least
 * KERN_SPLIT_MIN_ELEMS elements are computed in parts of fixed ranges, with
 * the bits of one call on the whole range. So are compare, select, clamp
 * (below), the bit ops and reduce_precision (kern_numerics.h). */
enum { KERN_SPLIT_MIN_ELEMS = 1 << 20 };
irrun_status kern_binary_on(pool *p, kern_binop op, const tensor *a, const tensor *b, tensor *r);
irrun_status kern_unary_on(pool *p, kern_unop op, const tensor *x, tensor *r);
irrun_status kern_convert_on(pool *p, const tensor *x, tensor *r);

/* Element-wise conversion (SPEC.md 3.6, 4.3). */
irrun_status kern_convert(const tensor *x, tensor *r);
/* r's first n elements from the i64 values v, converted as by kern_convert
 * (iota's indices). */
irrun_status kern_convert_from_i64(const int64_t *v, int64_t n, tensor *r);
/* Reinterpretation of value bits (SPEC.md 4.32). */
irrun_status kern_bitcast(const tensor *x, tensor *r);

/* r (i1) = a DIR b; totalorder selects SPEC's totalOrder for floats. */
irrun_status kern_compare(kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                          tensor *r);
/* p is rank 0 or has r's shape. */
irrun_status kern_select(const tensor *p, const tensor *t, const tensor *f, tensor *r);
/* mn and mx are rank 0 or have x's shape. */
irrun_status kern_clamp(const tensor *mn, const tensor *x, const tensor *mx, tensor *r);
/* The same on a run's threads (kern_split.h) */
irrun_status kern_compare_on(pool *p, kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                             tensor *r);
irrun_status kern_select_on(pool *threads, const tensor *p, const tensor *t, const tensor *f, tensor *r);
irrun_status kern_clamp_on(pool *p, const tensor *mn, const tensor *x, const tensor *mx, tensor *r);

/* Layout ops (SPEC.md 4.33-4.39, 4.2); lists have the operand's rank unless
 * stated. With a pool (NULL: the calling thread), copies of at least
 * KERN_LAYOUT_SPLIT_MIN_BYTES run in parts fixed by the shapes. */
enum { KERN_LAYOUT_SPLIT_MIN_BYTES = 4 << 20 };
irrun_status kern_reshape(const tensor *x, tensor *r);
irrun_status kern_transpose(pool *p, const tensor *x, const int64_t *perm, tensor *r);
/* dims has rank(x) entries: operand dim d goes to result dim dims[d]. */
irrun_status kern_broadcast(pool *p, const tensor *x, const int64_t *dims, tensor *r);
irrun_status kern_concatenate(pool *p, const tensor *const *xs, int n, int64_t dim, tensor *r);
irrun_status kern_slice(pool *p, const tensor *x, const int64_t *start, const int64_t *stride, tensor *r);
irrun_status kern_reverse(pool *p, const tensor *x, const int64_t *dims, int ndims, tensor *r);
irrun_status kern_pad(pool *p, const tensor *x, const tensor *value, const int64_t *low,
                      const int64_t *interior, tensor *r);
irrun_status kern_iota(int64_t dim, tensor *r);
/* r[start + j] = u[j] for every index j of u (dynamic_update_slice; the
 * box must lie inside r) */
irrun_status kern_update_slice(pool *p, const tensor *u, const int64_t *start, tensor *r);
/* n copies of the es bytes at elem into o: doubling copies, log2(n) calls
 * (a result starting as its init value, a splat replicated). */
void kern_fill_elements(unsigned char *o, int64_t n, const void *elem, size_t es);

/* The copy engine behind the layout ops: r[i] = x[offset + sum_d i_d *
 * stride[d]] for every result index i (strides in elements, may be 0 or
 * negative). */
irrun_status kern_strided_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r);
/* The same into the box `box` of r at r's element `roffset` (r's own
 * row-major strides): r[roffset + sum_d i_d * rstride_d] = x[offset +
 * sum_d i_d * stride[d]] for every index i of the box. */
irrun_status kern_box_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r,
                              int64_t roffset, const int64_t *box);

typedef enum {
    KACC_REF, /* round after every multiply and every add in R */
    KACC_TYPE /* accumulate in `acc`, round once into R */
} kern_acc_mode;

typedef struct {
    int nbatch, ncontract;
    int64_t lb[SHAPE_MAX_RANK], rb[SHAPE_MAX_RANK];
    int64_t lc[SHAPE_MAX_RANK], rc[SHAPE_MAX_RANK];
    kern_acc_mode mode;
    fp_id acc;              /* KACC_TYPE: accumulation format */
    fp_id lprec, rprec;     /* KACC_TYPE: operand precision formats, FP_COUNT = as is */
    pool *pool;             /* threads to run on (NULL: the calling thread) */
} kern_dot_dims;

/* dot_general (SPEC.md 4.41); KACC_TYPE applies only when both operands
 * and the result are floats (otherwise REF accumulation is used). */
irrun_status kern_dot_general(const tensor *a, const tensor *b, const kern_dot_dims *dd, tensor *r);

/* Reduce fast path: r[i] = fold of op over the reduced dims of x in
 * row-major order starting from init (rank 0). acc_left says whether the
 * accumulator is the left operand of op (it matters for NaN propagation). */
irrun_status kern_reduce_binop(pool *p, kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                               const int64_t *dims, int ndims, tensor *r);

/* x transposed so that the reduced dims come last (or first), kept and
 * reduced dims each in increasing order: a result element's fold order is
 * then the row-major order of its reduced coordinates (shared with the
 * general reduce in eval). NULL when out of memory. */
tensor *kern_reduce_permuted(const tensor *x, const int64_t *dims, int ndims, bool reduced_first);

/* The REF accumulation loops of dot_general on packed operands: L [M, K]
 * and R [N, K], both of the result type t, out [M, N] (out[m][n] folds
 * L[m][k] * R[n][k] for k = 0, 1, ...). Convolution (kern_conv.c) feeds
 * them its patch rows. */
/* x transposed by perm and converted to elem, for kernels that read it
 * (dot_general, convolution): x itself, retained, when nothing moves;
 * NULL when out of memory. */
tensor *kern_relayout(const tensor *x, const int64_t *perm, et_id elem);

irrun_status kern_dot_rows(et_id t, const void *L, const void *R, void *out, int64_t M, int64_t N, int64_t K);

/* convolution (SPEC.md 9.5.3). Dimension numbers as in ir_conv (tensor
 * dimensions; spatial lists of nspatial entries), window lists per spatial
 * dimension (the high padding follows from the result shape). KACC_TYPE
 * applies only when both operands and the result are floats, as for
 * dot_general. */
typedef struct {
    int nspatial;
    int64_t in_batch, in_feature, in_spatial[SHAPE_MAX_RANK];
    int64_t kernel_in, kernel_out, kernel_spatial[SHAPE_MAX_RANK];
    int64_t out_batch, out_feature, out_spatial[SHAPE_MAX_RANK];
    int64_t strides[SHAPE_MAX_RANK], low[SHAPE_MAX_RANK];
    int64_t lhs_dilation[SHAPE_MAX_RANK], rhs_dilation[SHAPE_MAX_RANK];
    bool reversal[SHAPE_MAX_RANK];
    int64_t feature_groups, batch_groups;
    kern_acc_mode mode;
    fp_id acc; /* KACC_TYPE: accumulation format */
    pool *pool; /* threads to run on (NULL: the calling thread) */
} kern_conv_dims;

irrun_status kern_convolution(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, tensor *r);

#endif
