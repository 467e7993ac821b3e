/* uniform_quantize f32 -> storage integers in one pass (kern_quant.c), the
 * native kernel of the op that src/quant keeps (docs/quantization.md,
 * "Native uniform_quantize"), bit-identical to the lowered op sequence. */
#ifndef IRRUN_KERN_QUANT_H
#define IRRUN_KERN_QUANT_H

#include "core/shape.h"
#include "kernels/kern.h"
#include "parallel/pool.h"

/* r = uniform_quantize(x) for an f32 x of static shape and r of q's
 * storage type (q per tensor, or per axis along dimension q->axis of x),
 * as the lowering computes it, on the pool's threads:
 *   convert(round_nearest_even(clamp(f32(lo), x / f32(s) + f32(z), f32(hi))))
 * with f32() the double rounded to nearest even. Every storage type of a
 * quantized type (i2 to i32, ui2 to ui16) runs; IRRUN_UNSUPPORTED for
 * anything else. */
irrun_status kern_quantize(pool *p, const tensor *x, const shape_quant *q, tensor *r);

/* The parameters of a run of elements, as f32: scale and zero point s[0]
 * and z[0] for every element, or (vary) s[i] and z[i] for element i. */
typedef struct {
    const float *s, *z;
    bool vary;
    float lo, hi;
} kern_qparam;

/* The AVX2 loop (kern_quant_avx2.c): elements [0, m) of x into out (bytes
 * 1, 2 or 4 a storage element, unsigned or not), m the largest multiple
 * of 32 at most n; returns m. Called only when isa_avx2(). */
int64_t kern_quantize_avx2(const float *x, int64_t n, const kern_qparam *p, unsigned bytes, bool uns, void *out);

#endif
