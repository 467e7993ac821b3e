/* dot_general and convolution on whole tensors (kern_dot.c, kern_conv.c):
 * the contractions, built on the element-wise and layout kernels below
 * them (kern.h). */
#ifndef IRRUN_KERN_DOT_H
#define IRRUN_KERN_DOT_H

#include "kernels/kern.h"

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

/* x transposed by perm and converted to elem, for kernels that read it
 * (dot_general, convolution): x itself, retained, when nothing moves;
 * NULL when out of memory. */
tensor *kern_relayout(const tensor *x, const int64_t *perm, et_id elem);

/* The REF accumulation loops of dot_general on packed operands: L [M, K]
 * and R [N, K], both of the result type t, out [M, N] (out[m][n] folds
 * L[m][k] * R[n][k] for k = 0, 1, ...). Convolution (kern_conv.c) feeds
 * them its patch rows. */
irrun_status kern_dot_rows(et_id t, const void *L, const void *R, void *out, int64_t M, int64_t N, int64_t K);

/* Pieces of dot_general's binary32 accumulation that convolution shares:
 * whether every product of a value of format a and one of format b is exact
 * in binary32 (a fused multiply-add then equals the multiply and the add),
 * and a binary32 sum rounded into element i of r as dot_general stores it
 * (a NaN becomes the result's conversion of the positive quiet NaN;
 * from_f32: fp_table_from_f32 of the result's format when its elements are
 * one byte, else unused). */
bool kern_products_exact_in_f32(fp_id a, fp_id b);
/* The same for the values at hand: whether the significands of a and b fit
 * in binary32's together, and whether every product of a nonzero finite
 * value of a[0..na) and one of b[0..nb) lies in binary32's normal range
 * (then, the significands fitting, each is exact: a fused multiply-add
 * equals the multiply and the add there too; products of a zero, an Inf or
 * a NaN are the same either way). */
bool kern_significands_fit_f32(fp_id a, fp_id b);
bool kern_products_normal_f32(const float *a, int64_t na, const float *b, int64_t nb);
void kern_store_f32(tensor *r, int64_t i, float v, const uint8_t *from_f32);
/* The same for n sums v[0..n) into elements at, at + stride, ... */
void kern_store_f32_run(tensor *r, int64_t at, int64_t stride, const float *v, int64_t n, const uint8_t *from_f32);

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

/* The generic loop for REF accumulation; KACC_TYPE is kern_dot_general's
 * (it computes in binary64 for every float format already). */
irrun_status kern_dot_general_generic(const tensor *a, const tensor *b, const kern_dot_dims *dd,
                                      tensor *r);

#endif
