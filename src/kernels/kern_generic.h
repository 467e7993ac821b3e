/* The generic loops: each kernel's fallback for a storage class that has no
 * fast loop in its table, and the definition the fast loops are held to
 * (tests/unit/test_kernels.c compares them bit for bit). They move elements
 * with et_load_bits / et_store_bits and compute with the exact scalar
 * routines of src/types (fp_arith, fp_convert, fp_compare, ...), so they
 * need nothing but the element type's traits row: a new format is correct
 * before it is fast. Same contracts as the kernels in kern.h. */
#ifndef IRRUN_KERN_GENERIC_H
#define IRRUN_KERN_GENERIC_H

#include "kernels/kern.h"

irrun_status kern_binary_generic(kern_binop op, const tensor *a, const tensor *b, tensor *r);
irrun_status kern_unary_generic(kern_unop op, const tensor *x, tensor *r);
irrun_status kern_convert_generic(const tensor *x, tensor *r);
irrun_status kern_compare_generic(kern_cmpdir dir, bool totalorder, const tensor *a,
                                  const tensor *b, tensor *r);
/* Whether a kernel op exists for an element kind (the same answer from the
 * fast and the generic loops). */
bool kern_binop_applies(et_kind k, kern_binop op);
bool kern_unop_applies(et_kind k, kern_unop op);

/* One element of the generic binary loop on memory images of type t; r may
 * be a or b. op must apply to t's kind. */
void kern_elem_binary(et_id t, kern_binop op, const void *a, const void *b, void *r);

#endif
