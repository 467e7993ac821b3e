/* The fast complex<f32> kernels held against their definitions, one row
 * per op, shared by tests/unit/test_complexf32.c and
 * tools/verify_complexf32.c: a new kernel is one row here (and, for a
 * unary one, one C64_UNARY_ROW_FUNCTIONS line), and both run it. */
#ifndef IRRUN_TEST_COMPLEXF32_OPS_H
#define IRRUN_TEST_COMPLEXF32_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/kern.h"
#include "kernels/complex/kern_c64_pow.h"
#include "kernels/complex/kern_c64_trig.h"
#include "kernels/complex/kern_c64_expm1_recip.h"
#include "kernels/complex/kern_c64_log.h"
#include "kernels/complex/kern_c64_div_sqrt_exp.h"

typedef struct {
    const char *name;
    bool binary;       /* two operands: b is used, bop is its kern_binary op */
    kern_binop bop;
    kern_unop uop;     /* a unary op's kern_unary op */
    void (*definition)(const uint32_t *a, const uint32_t *b, uint32_t *r);
    int64_t (*fast_on)(kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
} c64_fast_op;

/* A unary kernel's entries in the rows' two-operand shape: NAME_def and
 * NAME_on from kern_c64_NAME_definition and kern_c64_NAME_on. */
#define C64_UNARY_ROW_FUNCTIONS(NAME)                                                                  \
    static inline void NAME##_def(const uint32_t *a, const uint32_t *b, uint32_t *r)                 \
    {                                                                                                  \
        (void)b;                                                                                       \
        kern_c64_##NAME##_definition(a, r);                                                            \
    }                                                                                                  \
    static inline int64_t NAME##_on(kern_mathf32_path path, const uint32_t *a, const uint32_t *b,    \
                                    uint32_t *r, int64_t n)                                            \
    {                                                                                                  \
        (void)b;                                                                                       \
        return kern_c64_##NAME##_on(path, a, r, n);                                                    \
    }

C64_UNARY_ROW_FUNCTIONS(sqrt)
C64_UNARY_ROW_FUNCTIONS(exp)
C64_UNARY_ROW_FUNCTIONS(cbrt)
C64_UNARY_ROW_FUNCTIONS(expm1)
C64_UNARY_ROW_FUNCTIONS(logistic)
C64_UNARY_ROW_FUNCTIONS(rsqrt)
C64_UNARY_ROW_FUNCTIONS(log)
C64_UNARY_ROW_FUNCTIONS(log_plus_one)
C64_UNARY_ROW_FUNCTIONS(sin)
C64_UNARY_ROW_FUNCTIONS(cos)
C64_UNARY_ROW_FUNCTIONS(tanh)
C64_UNARY_ROW_FUNCTIONS(tan)

static const c64_fast_op c64_fast_ops[] = {
    { "div", true, KB_DIV, KU_NEG, kern_c64_div_definition, kern_c64_div_on },
    { "sqrt", false, KB_ADD, KU_SQRT, sqrt_def, sqrt_on },
    { "exp", false, KB_ADD, KU_EXP, exp_def, exp_on },
    { "cbrt", false, KB_ADD, KU_CBRT, cbrt_def, cbrt_on },
    { "pow", true, KB_POW, KU_NEG, kern_c64_pow_definition, kern_c64_pow_on },
    { "expm1", false, KB_ADD, KU_EXPM1, expm1_def, expm1_on },
    { "logistic", false, KB_ADD, KU_LOGISTIC, logistic_def, logistic_on },
    { "rsqrt", false, KB_ADD, KU_RSQRT, rsqrt_def, rsqrt_on },
    { "log", false, KB_ADD, KU_LOG, log_def, log_on },
    { "log_plus_one", false, KB_ADD, KU_LOG1P, log_plus_one_def, log_plus_one_on },
    { "atan2", true, KB_ATAN2, KU_NEG, kern_c64_atan2_definition, kern_c64_atan2_on },
    { "sin", false, KB_ADD, KU_SIN, sin_def, sin_on },
    { "cos", false, KB_ADD, KU_COS, cos_def, cos_on },
    { "tanh", false, KB_ADD, KU_TANH, tanh_def, tanh_on },
    { "tan", false, KB_ADD, KU_TAN, tan_def, tan_on },
};

enum { C64_FAST_OPS = sizeof c64_fast_ops / sizeof c64_fast_ops[0] };

#endif
