/* The element-wise ops the kernels know, as enums: the op table's kernel
 * column (src/ir/ops.def) names them, the whole-tensor kernels (kern.h)
 * take them, and the one-element definitions and fast function libraries
 * below the kernels (kern_float_def.h, kernels/complex) select by them.
 * Defined at the bottom of the kernels so that every layer of them can
 * name an op without reaching up. */
#ifndef IRRUN_KERN_OPS_H
#define IRRUN_KERN_OPS_H

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

#endif
