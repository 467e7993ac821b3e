/* Quantized types and ops lowered to integer and float StableHLO, as REF's
 * pipeline (createStablehloLowerQuantPipeline at stablehlo 840c41ceb:
 * stablehlo-legalize-quantized-op-to-qdq, then stablehlo-legalize-quant-to-int)
 * rewrites them before it interprets (docs/quantization.md). Runs between
 * ir_parse and chlo_expand_module, so the checker and the evaluator see
 * no quantized type. */
#ifndef IRRUN_QUANT_H
#define IRRUN_QUANT_H

#include "ir/ir.h"

/* Lowers every quantized op and type of m. Returns 0, or -1 after
 * reporting a located error on src (an op or type REF's lowering refuses)
 * or when out of memory. */
int quant_lower_module(ir_module *m, diag_source *src);

/* The same; with decompose, no op is kept for a native kernel (ir_op.native:
 * uniform_quantize f32 -> quantized, docs/quantization.md): everything is
 * lowered, as --emit=ir prints it. quant_lower_module decomposes when
 * IRRUN_QUANT=decompose is in the environment. */
int quant_lower_module_as(ir_module *m, diag_source *src, bool decompose);

#endif
