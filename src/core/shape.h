/* Statically shaped tensor types: an element type and dimensions. Shared by
 * the IR, the interpreter and the tensor file readers. */
#ifndef IRRUN_SHAPE_H
#define IRRUN_SHAPE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "types/etype.h"

/* Ranks above this are refused by the checker with a located error. */
enum { SHAPE_MAX_RANK = 16 };
/* Tensors with more elements than this are refused before any allocation. */
#define SHAPE_MAX_ELEMENTS (INT64_C(1) << 36)

/* What a value is (SPEC.md 9.2.1): a tensor, a token (no content) or a
 * tuple of values. The rank tells: a token and a tuple have the negative
 * ranks below, so that every tensor_type written as { elem, rank, { dims } }
 * is a tensor, and a loop over the dimensions of a non-tensor does
 * nothing. A tuple keeps its element types in its dims (shape_tuple_*). */
typedef enum { SHAPE_TENSOR, SHAPE_TOKEN, SHAPE_TUPLE } shape_kind;
enum { SHAPE_RANK_TOKEN = -1, SHAPE_RANK_TUPLE = -2 };

/* ---- quantized element types (issue 34; docs/quantization.md) ----
 * `!quant.uniform<storage<min:max>:expressed[:axis], scale:zp | {s:zp,...}>`
 * as parsed (src/ir/parse_quant.c). A quantized tensor's elem is its storage
 * type, so whatever ignores shape_quant_of sees the integers; src/quant
 * lowers every quantized type and op away before the checker runs. */
typedef struct shape_quant {
    et_id storage;           /* = the tensor type's elem */
    et_id expressed;
    int64_t min, max;        /* storage range (the storage type's by default) */
    int axis;                /* quantized dimension; -1 per-tensor */
    int n;                   /* scales and zero points: 1 per-tensor */
    const double *scales;
    const int64_t *zero_points;
} shape_quant;
bool shape_quant_equal(const shape_quant *a, const shape_quant *b); /* NULL = not quantized */
/* MLIR's text of q ("!quant.uniform<i8:f32, 1.000000e-01:-30>"), as shape_format. */
int shape_quant_format(const shape_quant *q, char *buf, int size);
/* dims[SHAPE_MAX_RANK] is no dimension: in a type the parser wrote it
 * holds the shape_quant pointer of a quantized tensor type
 * (shape_quant_of), NULL otherwise, so that `{ elem, rank, { dims } }`
 * still writes a whole non-quantized type. Only the parser and src/quant
 * read it (types made elsewhere may leave it unset): shape_equal and
 * shape_format ignore it. */
typedef struct tensor_type {
    et_id elem;
    int rank;
    int64_t dims[SHAPE_MAX_RANK + 1];
} tensor_type;

static inline const shape_quant *shape_quant_of(const tensor_type *t)
{
    const shape_quant *q;
    if (t->rank < 0)
        return NULL;
    memcpy(&q, &t->dims[SHAPE_MAX_RANK], sizeof q);
    return q;
}
static inline void shape_set_quant(tensor_type *t, const shape_quant *q)
{
    memcpy(&t->dims[SHAPE_MAX_RANK], &q, sizeof q);
}
/* ---- end quantized element types ---- */

/* --- dynamic dimensions (issue 35; docs/shape-polymorphism.md) ---
 * A dimension written `?` is SHAPE_DYN; a `?` with a bound b in the type's
 * `#stablehlo.bounds<...>` encoding is SHAPE_DYN_BOUNDED(b) (below -1).
 * Such a type has no element count (shape_count is -1): refinement (src/refine)
 * replaces every one by a size before anything is computed. */
#define SHAPE_DYN INT64_C(-1)
#define SHAPE_DYN_BOUNDED(b) (INT64_C(-2) - (b))
static inline bool shape_dim_dynamic(int64_t d) { return d < 0; }
static inline int64_t shape_dim_bound(int64_t d) { return d <= -2 ? -2 - d : -1; } /* -1: unbounded */
bool shape_is_static(const tensor_type *t); /* no `?` anywhere (tuples part by part) */
/* --- end dynamic dimensions --- */

static inline shape_kind shape_kind_of(const tensor_type *t)
{
    return t->rank == SHAPE_RANK_TOKEN ? SHAPE_TOKEN : t->rank == SHAPE_RANK_TUPLE ? SHAPE_TUPLE : SHAPE_TENSOR;
}

/* Element count, or -1 when a dimension is negative or the product exceeds
 * SHAPE_MAX_ELEMENTS (checked without overflow). */
int64_t shape_count(const tensor_type *t);
bool shape_equal(const tensor_type *a, const tensor_type *b); /* kind, dims and elem; tuples part by part */
bool shape_same_dims(const tensor_type *a, const tensor_type *b);

/* The row-major strides, in elements, of a tensor of type t. */
void shape_strides(const tensor_type *t, int64_t *strides);

/* One dimension of a window op (SPEC 9.4.6, convolution 9.5.3): an operand
 * of n elements, base-dilated, padded by low and high, under a window of w
 * elements dilated by window_dilation, moved by stride. Writes the padded
 * size and the number of window positions (0 when the padded size is
 * negative: the caller reports that); false when a size overflows 64 bits. */
bool shape_window_count(int64_t n, int64_t base_dilation, int64_t low, int64_t high, int64_t w,
                        int64_t window_dilation, int64_t stride, int64_t *padded, int64_t *count);

/* The sizes that amounts give one dimension, shared by the checker (the
 * static ops' attributes) and the evaluator (the dynamic ops' run-time
 * operands), so that both accept exactly the same amounts and nothing
 * overflows. */

/* Padding (pad, SPEC 4.39; dynamic_pad, 9.4.8) of a dimension of n
 * elements: the edge amounts within [-SHAPE_PAD_MAX, SHAPE_PAD_MAX], the
 * interior amount within [0, SHAPE_PAD_MAX], the padded size n + low +
 * high + (n - 1) * interior (written to *size) not negative. */
#define SHAPE_PAD_MAX (INT64_C(1) << 40)
typedef enum {
    SHAPE_PAD_OK,
    SHAPE_PAD_INTERIOR_NEGATIVE,
    SHAPE_PAD_TOO_LARGE,   /* an amount beyond SHAPE_PAD_MAX */
    SHAPE_PAD_SIZE_NEGATIVE /* *size written */
} shape_pad_verdict;
shape_pad_verdict shape_pad_size(int64_t n, int64_t low, int64_t high, int64_t interior, int64_t *size);

/* Slicing (slice, SPEC 4.37; real_dynamic_slice, 9.4.8) a dimension of n
 * elements: false unless 0 <= start <= limit <= n and stride > 0; else the
 * number of elements, ceil((limit - start) / stride), computed without
 * overflow for any stride. */
bool shape_slice_count(int64_t n, int64_t start, int64_t limit, int64_t stride, int64_t *count);

/* The index (index[0..rank)) of the element at row-major position `flat`. */
void shape_unravel(const tensor_type *t, int64_t flat, int64_t *index);

static inline bool shape_is_tensor(const tensor_type *t) { return t->rank >= 0; }

/* tuple<parts[0], ..., parts[n-1]>; `parts` must outlive the type (the
 * module's arena holds those of the program). */
static inline tensor_type shape_tuple(const tensor_type *parts, int n)
{
    tensor_type t = { .rank = SHAPE_RANK_TUPLE, .dims = { n } };
    memcpy(&t.dims[1], &parts, sizeof parts);
    return t;
}
static inline int shape_tuple_size(const tensor_type *t) { return (int)t->dims[0]; }
static inline const tensor_type *shape_tuple_parts(const tensor_type *t)
{
    const tensor_type *parts;
    memcpy(&parts, &t->dims[1], sizeof parts);
    return parts;
}
static inline const tensor_type *shape_tuple_part(const tensor_type *t, int k) { return &shape_tuple_parts(t)[k]; }

/* Writes "tensor<2x3xf32>" ("!stablehlo.token", "tuple<T1, T2>") into buf (NUL-terminated, truncated to size);
 * returns the length it needed. */
int shape_format(const tensor_type *t, char *buf, int size);
/* The same with a parsed type's quantized element type (shape_quant_of). */
int shape_format_quant(const tensor_type *t, char *buf, int size);

#endif
