/* Statically shaped tensor types: an element type and dimensions. Shared by
 * the IR, the interpreter and the tensor file readers. */
#ifndef IRRUN_SHAPE_H
#define IRRUN_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "types/etype.h"

/* Ranks above this are refused by the checker with a located error. */
enum { SHAPE_MAX_RANK = 16 };
/* Tensors with more elements than this are refused before any allocation. */
#define SHAPE_MAX_ELEMENTS (INT64_C(1) << 36)

typedef struct {
    et_id elem;
    int rank;
    int64_t dims[SHAPE_MAX_RANK];
} tensor_type;

/* Element count, or -1 when a dimension is negative or the product exceeds
 * SHAPE_MAX_ELEMENTS (checked without overflow). */
int64_t shape_count(const tensor_type *t);
bool shape_equal(const tensor_type *a, const tensor_type *b); /* dims and elem */
bool shape_same_dims(const tensor_type *a, const tensor_type *b);

/* The index (index[0..rank)) of the element at row-major position `flat`. */
void shape_unravel(const tensor_type *t, int64_t flat, int64_t *index);

/* Writes "tensor<2x3xf32>" into buf (NUL-terminated, truncated to size);
 * returns the length it needed. */
int shape_format(const tensor_type *t, char *buf, int size);

#endif
