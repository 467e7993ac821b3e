/* The checked program: module -> functions -> one block of ops -> values.
 *
 * Produced by ir_parse() (grammar/parser.y + grammar/lexer.l) and validated
 * by check_module() (src/check/check.h); after a successful check every field documented as
 * "after check" is filled and the interpreter may rely on every rule of
 * SPEC.md section 4 "Checks" holding (types, shapes, attribute ranges).
 *
 * Values. Each function owns a table of values (`values`, `nvalues` slots):
 * its arguments, every op result, and the block arguments and op results of
 * the regions (op bodies, such as reduce's) nested in it. Ops refer to
 * values by index into that table, so the interpreter can keep one array of
 * `nvalues` tensor slots per call frame. A region reads enclosing values
 * through the same table (lexical scoping).
 *
 * Lifetimes. `ir_op.dead` lists the values whose last use is that op, so the
 * interpreter can release them right after executing it (after the op took
 * what it needs, e.g. the return op has retained its operands as results).
 * A use inside a region counts as a use by the op that owns it, at the
 * level of the block that defines the value; inside a region, the values
 * defined in it die at their last use within it (each evaluation of the
 * region). Results that are never used appear in the dead list of their
 * own defining op. Block arguments that are never used are listed in
 * `ir_block.dead_args` (release them right after binding).
 *
 * Memory. Everything hangs off the module's arena and is freed by
 * ir_module_free(), including literal data buffers.
 */
#ifndef IRRUN_IR_H
#define IRRUN_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/shape.h"
#include "types/etype.h"
#include "types/fpformat.h"
#include "util/diag.h"

/* Every op ir-run knows, from the op table (src/ir/ops.def). */
typedef enum {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) IR_OP_##e,
#include "ir/ops.def"
#undef OP
    IR_OP_COUNT
} ir_op_kind;

/* The pretty syntax that follows an op's name (the lexer's token class). */
typedef enum {
    IR_FORM_CONSTANT, IR_FORM_IOTA, IR_FORM_UNARY, IR_FORM_BINARY, IR_FORM_COMPARE,
    IR_FORM_TERNARY, IR_FORM_DIMS, IR_FORM_CONCATENATE, IR_FORM_SLICE, IR_FORM_PAD,
    IR_FORM_REDUCE, IR_FORM_DOT_GENERAL, IR_FORM_DOT, IR_FORM_CALL, IR_FORM_RETURN,
    IR_FORM_CUSTOM_CALL, IR_FORM_CHECK2, IR_FORM_CHECK_CONST, IR_FORM_CHECK_CLOSE,
    IR_FORM_WHILE,             /* (%x = %a, ...) : T, ... cond {...} do {...} */
    IR_FORM_VARIADIC,          /* %a, %b : T, ... (any number of operands) */
    IR_FORM_GET_TUPLE_ELEMENT, /* %t[k] : (tuple<...>) -> T */
    IR_FORM_COMPOSITE,         /* "name" %a, ... {attrs} : (...) -> ... */
    IR_FORM_GENERIC,           /* written only in the generic form */
    IR_FORM_OPERANDS,          /* %a, %b, ... : (T, ...) -> R */
    IR_FORM_DYNAMIC_SLICE,     /* %x, %i, ..., sizes = [...] : (T, ...) -> R */
    IR_FORM_DIMENSION,         /* %x, dim = N : (T) -> R */
    IR_FORM_FFT,               /* %x, type = FFT, length = [...] : (T) -> R */
    IR_FORM_PRINT,             /* %x : T (one operand, no result) */
    IR_FORM_PROBE,             /* %x, probe_id = "p" [, iter = N] : T */
    IR_FORM_TARGET, /* no syntax of its own: only a custom_call target */
    IR_FORM_CLAUSES, /* %a, ..., word = WORD, ... : T (reduce_precision's format, rng's distribution) */
    IR_FORM_CONVOLUTION, /* (%lhs, %rhs) dim_numbers = [..]x[..]->[..], window = {...} {attrs} : (T1, T2) -> R */
    IR_FORM_SDY_SHARDING, /* %x <@mesh, [{"a"}, {}]> : T (sdy.sharding_constraint, sdy.reshard) */
    IR_FORM_SDY_WORDS,    /* %x word=WORD : T (sdy.propagation_barrier, sdy.sharding_group) */
    IR_FORM_SDY_MANUAL,   /* (%a) in_shardings=[..] out_shardings=[..] manual_axes={..} (%x: T) {..} : (T) -> R */
    IR_FORM_TOP_K, /* chlo.top_k(%x, k = N) : T -> (T1, T2) */
    IR_FORM_SCAN   /* chlo.scan(%in, ...) inits(%init, ...) dimension=N [attributes {...}] {body} : (...) -> (...) */
} ir_op_form;

/* The kernel family that runs an op (src/kernels/kern_*.c). */
typedef enum {
    IR_KF_NONE, IR_KF_CONSTANT, IR_KF_IOTA, IR_KF_CONVERT, IR_KF_UNARY, IR_KF_BINARY,
    IR_KF_COMPARE, IR_KF_SELECT, IR_KF_CLAMP, IR_KF_LAYOUT, IR_KF_REDUCE, IR_KF_DOT,
    IR_KF_CALL, IR_KF_RETURN, IR_KF_CHECK,
    IR_KF_CONTROL,  /* runs its regions (src/exec/exec_control.c, ...) */
    IR_KF_STRUCTURE, /* tuples and tokens: moves values, computes nothing */
    IR_KF_INDEXING,  /* gather, scatter, dynamic slices (src/exec/exec_index.c) */
    IR_KF_BITS,      /* shifts, popcnt, count_leading_zeros (src/kernels/kern_bits.c) */
    IR_KF_PARTS,     /* is_finite, real, imag, complex (src/kernels/kern_complex_parts.c) */
    IR_KF_PRECISION  /* reduce_precision (src/kernels/kern_precision.c) */
} ir_kernel_family;

/* Element classes, as sets of bits. */
enum {
    IR_ELEM_BOOL = 1, IR_ELEM_SINT = 2, IR_ELEM_UINT = 4, IR_ELEM_FLOAT = 8, IR_ELEM_COMPLEX = 16,
    IR_ELEMS_ANY = 31,
    IR_ELEMS_NUMBER = IR_ELEM_SINT | IR_ELEM_UINT | IR_ELEM_FLOAT | IR_ELEM_COMPLEX,
    IR_ELEMS_REAL = IR_ELEM_SINT | IR_ELEM_UINT | IR_ELEM_FLOAT,
    IR_ELEMS_SIGNED = IR_ELEM_SINT | IR_ELEM_FLOAT | IR_ELEM_COMPLEX,
    IR_ELEMS_FLOATING = IR_ELEM_FLOAT | IR_ELEM_COMPLEX,
    IR_ELEMS_FLOAT = IR_ELEM_FLOAT,
    IR_ELEMS_BITS = IR_ELEM_BOOL | IR_ELEM_SINT | IR_ELEM_UINT,
    IR_ELEMS_INT = IR_ELEM_SINT | IR_ELEM_UINT
};

enum {
    IR_F_LANES = 1,         /* a body made of such ops on rank-0 values may run in lanes */
    IR_F_CHECK = 2,         /* a check-dialect op */
    IR_F_TERMINATOR = 4,    /* ends its block */
    IR_F_COMMUTATIVE = 8,   /* a binary op whose operands may be swapped */
    IR_F_ELEMENTWISE = 16,  /* result element i depends only on operand elements i */
    IR_F_SIDE_EFFECTS = 32, /* does more than compute its results (reports, files, output) */
    IR_F_ANY_VALUE = 64,    /* operands and results may be tokens and tuples */
    IR_F_SPLATS = 128,      /* its exec function takes splat operands (core/tensor.h) */
    IR_F_UPDATES = 256      /* result k is operand k with some elements replaced */
};

typedef struct {
    const char *name; /* "stablehlo.add"; check.eq is "check.eq" */
    ir_op_form form;
    ir_kernel_family family;
    unsigned elems;   /* IR_ELEM_x bits accepted (UNARY/BINARY families) */
    int noperands;    /* -1: any number (the op's rules count them) */
    int nresults;     /* -1: any number */
    int nregions;     /* bodies the op owns; -1: one or more */
    unsigned flags;   /* IR_F_x */
} ir_op_info;

extern const ir_op_info ir_op_table[IR_OP_COUNT];

static inline const ir_op_info *ir_op_get(ir_op_kind k) { return &ir_op_table[k]; }

/* "stablehlo.add", ...; check.eq is "check.eq". */
const char *ir_op_name(ir_op_kind k);
/* The op named `name[0..len)` (full dialect-qualified name, also the func
 * ops without prefix: "return", "call"), or -1. */
int ir_op_lookup(const char *name, size_t len);
/* For a name that is no op: the op whose name is nearest (a typo, another
 * dialect's prefix), or NULL when none is near enough to be meant. */
const char *ir_op_suggest(const char *name, size_t len);
/* "chlo.acos, chlo.acosh, ...": the names of the ops whose name begins
 * with prefix, in table order, written to buf (size bytes, always
 * terminated); returns the length of the whole list. */
size_t ir_op_names_with_prefix(const char *prefix, char *buf, size_t size);
/* The word of the NULL-terminated list nearest to `word` (the same edit
 * distance and allowance as ir_op_suggest), or NULL. */
const char *ir_word_suggest(const char *word, const char *const *words);

static inline bool ir_op_is_binary(ir_op_kind k) { return ir_op_table[k].family == IR_KF_BINARY; }
static inline bool ir_op_is_unary(ir_op_kind k) { return ir_op_table[k].family == IR_KF_UNARY; }
static inline bool ir_op_is_check(ir_op_kind k) { return (ir_op_table[k].flags & IR_F_CHECK) != 0; }

typedef enum { IR_CMP_EQ, IR_CMP_NE, IR_CMP_GE, IR_CMP_GT, IR_CMP_LE, IR_CMP_LT } ir_cmp_dir;
typedef enum {
    IR_CMPT_ABSENT, /* no compare_type attribute */
    IR_CMPT_NOTYPE,
    IR_CMPT_FLOAT,
    IR_CMPT_TOTALORDER,
    IR_CMPT_SIGNED,
    IR_CMPT_UNSIGNED
} ir_cmp_type;
typedef enum { IR_PREC_DEFAULT, IR_PREC_HIGH, IR_PREC_HIGHEST } ir_precision;

const char *ir_cmp_dir_name(ir_cmp_dir d);   /* "EQ" */
const char *ir_cmp_type_name(ir_cmp_type t); /* "FLOAT"; "" for ABSENT */
const char *ir_precision_name(ir_precision p);

/* A list of integers (dimension numbers, slice bounds, paddings). */
typedef struct {
    int n;
    int64_t *v;
} ir_ints;

/* A literal tensor: the elements in the runtime layout of types/etype.h
 * (one element per et_get(type.elem)->bytes, little-endian, signed sub-byte
 * integers sign-extended, floats as their pattern in the low bits, i1 as
 * 0/1, complex as real then imaginary pattern). A splat written as one
 * element (`dense<7> : tensor<4096xi32>`) of two or more elements keeps
 * that one element (splat set): read elements with ir_literal_at. */
typedef struct {
    tensor_type type;
    int64_t count;  /* elements */
    size_t nbytes;  /* bytes at data: count * bytes per element, or one element */
    unsigned char *data;
    src_loc loc;    /* of the `dense` keyword */
    bool splat;     /* data holds the one element of every position */
} ir_literal;

static inline const unsigned char *ir_literal_at(const ir_literal *l, int64_t i)
{
    return l->data + (l->splat ? 0 : (size_t)i * et_get(l->type.elem)->bytes);
}

typedef struct {
    fp_id lhs_precision; /* may be FP_TF32 */
    fp_id rhs_precision;
    fp_id accumulation;
    int64_t lhs_component_count;
    int64_t rhs_component_count;
    int64_t num_primitive_operations;
    bool allow_imprecise_accumulation;
} ir_dot_algorithm;

/* dot_general's attributes. For IR_OP_DOT the checker fills the equivalent
 * dimension numbers (no batching, contracting [rank(lhs) - 1] x [0]) so the
 * interpreter can run both with one routine. */
typedef struct {
    ir_ints lhs_batch, rhs_batch;
    ir_ints lhs_contract, rhs_contract;
    int nprecision;
    ir_precision *precision;
    bool has_algorithm;
    ir_dot_algorithm algorithm;
} ir_dot;

/* Check ops (section 5). Defaults already applied by the parser: tolerance
 * 1e-4 (custom_call @check.expect_almost_eq: 1e-3), max_ulp 1 and min_ulp 0
 * (custom_call @check.expect_close: 3 and 0). */
typedef struct {
    double tolerance;
    uint64_t max_ulp;
    uint64_t min_ulp;
    ir_literal expected; /* the *_CONST kinds */
    bool custom_call;    /* written as stablehlo.custom_call @check.X */
} ir_check;

/* The dimension numbers of gather and scatter (SPEC.md 9.4.1, 9.4.2), one
 * shape for both: `window` are gather's offset_dims / scatter's
 * update_window_dims, `collapsed` collapsed_slice_dims /
 * inserted_window_dims, `operand_batch` operand_batching_dims /
 * input_batching_dims, `index_batch` start_indices_batching_dims /
 * scatter_indices_batching_dims, `index_map` start_index_map /
 * scatter_dims_to_operand_dims. */
typedef struct {
    ir_ints window, collapsed, operand_batch, index_batch, index_map;
    int64_t index_vector_dim;
    ir_ints slice_sizes; /* gather only */
} ir_index_dims;

/* The window of reduce_window and select_and_scatter (SPEC.md 9.4.5,
 * 9.4.6); absent attributes already defaulted (1s, zeros), one entry per
 * operand dimension after check. */
typedef struct {
    ir_ints dims, strides, base_dilations, window_dilations, low, high;
} ir_window;

/* convolution's attributes (SPEC.md 9.5.3). The dimension numbers name
 * tensor dimensions: `*_spatial.v[j]` is the dimension holding spatial
 * dimension j (S = in_spatial.n entries in all three). Window lists have S
 * entries after build (absent ones defaulted: strides and dilations 1,
 * padding 0, reversal 0/1 flags all 0); the checker verifies lengths. */
typedef struct {
    int64_t in_batch, in_feature;
    ir_ints in_spatial;
    int64_t kernel_in, kernel_out;
    ir_ints kernel_spatial;
    int64_t out_batch, out_feature;
    ir_ints out_spatial;
    ir_ints strides, low, high, lhs_dilation, rhs_dilation, reversal;
    int64_t feature_groups, batch_groups;
    int nprecision;
    ir_precision *precision;
} ir_conv;

/* The attributes of the collectives, send and recv (SPEC.md 9.6.2-9.6.11);
 * absent ones are 0/false/empty. Groups as written, `-1` padding dropped:
 * group g is ids[group_start[g] .. group_start[g + 1]). Pairs are
 * source_target_pairs, flattened: pair k is (pairs.v[2k], pairs.v[2k+1]). */
typedef struct {
    int64_t channel;      /* channel_handle's handle (0 when absent) */
    int64_t channel_type; /* its type (printed back, not used) */
    bool has_channel;     /* channel_handle was written */
    bool use_global_ids;  /* use_global_device_ids */
    bool dynamic_root;    /* has_dynamic_root: the last operand holds the roots */
    int ngroups;
    int *group_start;     /* ngroups + 1 entries */
    int64_t *ids;
    int64_t group_cols;   /* columns of the replica_groups literal, as printed */
    int64_t dim;          /* all_gather_dim, scatter_dimension, split_dimension */
    int64_t concat_dim;   /* all_to_all */
    int64_t split_count;  /* all_to_all */
    ir_ints pairs;
} ir_collective;

/* interpreter.run_parallel (SPEC.md 9.6.1): a rows x cols grid of programs
 * (replicas x partitions), program (r, p) at names[r * cols + p]; the
 * functions are resolved by the checker. */
typedef struct {
    int rows, cols;
    const char **names;
    const struct ir_func **funcs;
    int ninfeed;
    const char **infeed;
    const struct ir_func **infeed_funcs;
} ir_run_parallel;

/* Shardy (docs/syntax.md "Shardy"; build_sdy.c, check_sdy.c). An axis of
 * a mesh (size), or of a sharding's dimension (size: 0 for the whole axis,
 * else the size of its sub-axis `"a":(pre)size`). A mesh prints back its
 * text `<[...]>`, a sharding its text `<...>`, as written. */
typedef struct {
    const char *name; /* unescaped */
    int64_t size;
    src_loc loc;
} ir_sdy_axis;

typedef struct {
    const char *name, *text; /* symbol without '@' (NULL inline) */
    int naxes;
    ir_sdy_axis *axes;
} ir_sdy_mesh;

/* Dimension d is sharded on axes[dim_start[d] .. dim_start[d + 1]), major
 * first; mesh: inline, or resolved by the checker from mesh_name. */
typedef struct {
    const char *text, *mesh_name;
    ir_sdy_mesh *mesh;
    int rank;
    int *dim_start;
    ir_sdy_axis *axes;
    src_loc loc;
} ir_sdy_sharding;

typedef struct ir_op ir_op;
struct ir_func;

/* The optional attributes an op's text wrote (ir_op.written, build.c):
 * --emit=ir prints them back even when they hold their defaults, as MLIR
 * keeps them (an op ir-run builds prints only what differs from the
 * defaults). */
enum {
    IR_W_WINDOW_STRIDES = 1, IR_W_BASE_DILATIONS = 2, IR_W_WINDOW_DILATIONS = 4, IR_W_PADDING = 8,
    IR_W_LHS_DILATION = 16, IR_W_RHS_DILATION = 32, IR_W_WINDOW_REVERSAL = 64, IR_W_IS_STABLE = 128
};

/* What a custom_call target means (build_custom_call.c, docs/syntax.md
 * "Custom calls"); the check.* targets become the check ops instead. */
typedef enum {
    IR_CC_OTHER,       /* no reference semantics: checked, refused at run time */
    IR_CC_IDENTITY,    /* an annotation: results = operands */
    IR_CC_RESHARD,     /* SPMD shape changes: an identity when the types are equal */
    IR_CC_APPROX_TOP_K,
    IR_CC_THREEFRY,    /* Threefry-2x32, 20 rounds */
    IR_CC_DYN_REDUCE_WINDOW, /* @stablehlo.dynamic_reduce_window: reduce_window after refinement */
    IR_CC_DYN_RNG      /* @stablehlo.dynamic_rng_bit_generator: rng_bit_generator after refinement */
} ir_cc_kind;

/* custom_call: its target and the attributes it runs with. */
typedef struct {
    const char *target;
    ir_cc_kind kind;
    bool has_side_effect;
    const char *callee_name;      /* called_computations[0], or NULL */
    const struct ir_func *callee; /* idem, resolved by the checker */
    /* APPROX_TOP_K (its backend_config); out_size is set by the checker */
    int64_t top_k, reduction_dim, size_override, out_size;
    float recall_target;
    bool aggregate_to_topk, is_fallback;
} ir_custom_call;

/* Attributes no builder interprets, kept as written (parse.h's entries) and
 * printed back by --emit=ir in MLIR's dictionary syntax (docs/syntax.md). */
struct pentry;
typedef struct {
    const struct pentry *head; /* chained through next, n of them */
    int n;
} ir_attrs;

/* How a value was written, kept for diagnostics and printing. */
typedef struct {
    const char *name; /* NUL-terminated, without '%' and without "#N" */
    int result;       /* N of "%x#N", -1 when absent */
    src_loc loc;
} ir_use;

/* One block: a function body or a region of an op. */
typedef struct {
    int nargs;
    int *args; /* value ids of the block arguments (after check) */
    tensor_type *arg_types;
    ir_use *arg_names; /* as written */
    int nops;
    ir_op *ops;
    int ndead_args;
    int *dead_args; /* arguments never used */
} ir_block;

struct ir_op {
    ir_op_kind kind;
    src_loc loc; /* of the op name */
    const char *from; /* an op of a chlo op's decomposition (src/chlo): that
                         op's name, which messages about its operands give */
    bool native;      /* a chlo op kept by src/chlo: run by its native kernel
                         (src/exec/exec_chlo.c, docs/chlo.md "Native kernels");
                         a uniform_quantize kept by src/quant (a.quant,
                         docs/quantization.md "Native uniform_quantize") */
    bool deferred;    /* a chlo op with `?` in its types kept by src/chlo (its
                         element types and ranks checked) until refinement
                         makes them static and expands it
                         (docs/shape-polymorphism.md "chlo ops") */

    int noperands;
    int *operands; /* value ids (after check) */
    ir_use *uses;  /* noperands entries, as written */
    int ndefs;
    ir_use *defs;  /* result names as written: "%x" (result = -1) or "%x:N"
                      (result = N, a group of N results) */
    int nresults;
    int *results;  /* value ids (after check) */

    /* The types written in the op's signature (parser), in operand order and
     * result order; after check they equal the values' types. */
    tensor_type *operand_types;
    tensor_type *result_types;

    int ndead;
    int *dead; /* values whose last use is this op (after check) */

    /* The op's bodies (ir_op_info.nregions of them: reduce has one). Each
     * is a block with typed arguments ending in a terminator; it reads the
     * values of the blocks around it, and its uses of them count as uses
     * by this op (see "Lifetimes" above). */
    int nregions;
    ir_block *regions;

    ir_attrs extra; /* attributes kept as written (mhlo.sharding, ...) */
    unsigned written; /* IR_W_x: optional attributes written */

    union {
        ir_literal constant;                         /* CONSTANT */
        int64_t iota_dim;                            /* IOTA */
        int64_t concat_dim;                          /* CONCATENATE */
        struct { ir_cmp_dir dir; ir_cmp_type type; } compare; /* COMPARE */
        ir_ints dims; /* TRANSPOSE (permutation), BROADCAST_IN_DIM, DYNAMIC_BROADCAST_IN_DIM, REVERSE, MAP */
        struct {
            ir_ints dims; /* broadcast_dimensions (none when absent) */
            ir_cmp_dir dir; ir_cmp_type type; /* CHLO_BROADCAST_COMPARE */
        } bcast; /* the chlo broadcasting binaries */
        struct { ir_ints start, limit, stride; } slice;        /* SLICE */
        struct { ir_ints low, high, interior; } pad;           /* PAD */
        struct { ir_ints dims; } reduce;                       /* REDUCE (body: regions[0]) */
        ir_dot dot;                                  /* DOT_GENERAL, DOT */
        const shape_quant *quant; /* UNIFORM_QUANTIZE kept native by src/quant: the result's parameters */
        ir_index_dims index;                         /* GATHER, SCATTER */
        ir_ints slice_sizes;                         /* DYNAMIC_SLICE */
        ir_window window;                            /* REDUCE_WINDOW, SELECT_AND_SCATTER */
        ir_conv conv;                                /* CONVOLUTION */
        int64_t dimension;                           /* GET_DIMENSION_SIZE */
        struct {
            bool left_side, lower, unit_diagonal;
            enum { IR_NO_TRANSPOSE, IR_TRANSPOSE, IR_ADJOINT } transpose_a;
        } tsolve;                                    /* TRIANGULAR_SOLVE */
        struct {
            enum { IR_FFT, IR_IFFT, IR_RFFT, IR_IRFFT } type;
            ir_ints length;
        } fft;                                       /* FFT */
        struct {
            const char *name;            /* without '@' */
            int index;                   /* into module funcs (after check) */
            const struct ir_func *func;  /* idem */
            const char *composite;       /* COMPOSITE: its name (ignored) */
        } call;                              /* CALL; COMPOSITE (its decomposition) */
        struct { int64_t dimension; bool is_stable; } sort; /* SORT (dimension normalised to >= 0 after check) */
        int64_t tuple_index;                         /* GET_TUPLE_ELEMENT */
        ir_custom_call custom_call;                  /* CUSTOM_CALL */
        ir_check check;                              /* CHECK_* except SERIALIZED_EQ */
        struct {
            const char *id;     /* probe_id: no ',' and no line break (check) */
            uint32_t iteration; /* SERIALIZED_EQ: which record of the id */
        } probe;                                     /* INTERPRETER_PROBE, CHECK_EXPECT_SERIALIZED_EQ */
        /* INTERPRETER_PRINT: what precedes the tensor on its line, "%0 = "
         * or "<" (SPEC.md 9.3.10), set by the checker (check_names.c) */
        struct { const char *prefix; } print;
        struct { int32_t exponent_bits, mantissa_bits; } reduce_precision; /* REDUCE_PRECISION */
        ir_collective coll; /* ALL_REDUCE .. COLLECTIVE_REDUCE, SEND, RECV */
        ir_run_parallel par; /* RUN_PARALLEL */
        struct { /* SDY_*: sharding (SHARDING_CONSTRAINT, RESHARD), in and out (one per
                    operand and result), manual (axes) of MANUAL_COMPUTATION, ... */
            ir_sdy_sharding *sharding, *in, *out;
            int nin, nout, nmanual;
            const char **manual, *direction; /* direction: PROPAGATION_BARRIER's */
            src_loc manual_loc;
            int64_t group_id; /* SHARDING_GROUP */
        } sdy;
        struct { int64_t k; bool largest; } top_k; /* CHLO_TOP_K (largest defaults to true) */
        struct {
            int64_t dimension;
            int ninputs;     /* operands [0, ninputs) are inputs, the rest inits */
            int noutputs;    /* results [0, noutputs) are outputs, the rest carries */
            bool is_reverse;
        } scan;                                      /* CHLO_SCAN (body: regions[0]) */
        struct {
            ir_dot dot;      /* batching and contracting dimensions, precision */
            ir_ints lhs_ragged, rhs_group;
        } ragged;                                    /* CHLO_RAGGED_DOT */
    } a;
};

/* A value slot. */
typedef struct {
    tensor_type type;
    const char *name; /* as written, without '%' (for messages) */
    src_loc loc;      /* of its definition */
} ir_value;

typedef struct ir_func {
    const char *name; /* without '@' */
    src_loc loc;      /* of the symbol */
    bool has_body;    /* false for external declarations (cannot be called) */
    bool is_private;
    const char *visibility; /* as written ("public", "private", "nested"), or NULL: printed back */
    int nargs;
    tensor_type *arg_types;
    int nresults;
    tensor_type *result_types;
    ir_block body;    /* body.args are the function arguments */
    const char **arg_locs; /* per argument: the name of its `loc("name")`
                              (JAX's argument names), or NULL */
    ir_attrs attrs;        /* `attributes {...}` (generic: the attributes
                              other than sym_name, function_type, ...) */
    ir_attrs *arg_attrs;   /* per argument: its dictionary, kept as written */
    ir_attrs *res_attrs;   /* per result */
    int nvalues;      /* (after check) */
    ir_value *values; /* nvalues slots (after check) */
} ir_func;

typedef struct ir_arena ir_arena;

typedef struct ir_module {
    const char *name;  /* `module @name`, NULL when implicit */
    bool explicit_module;
    ir_attrs attrs;    /* `module attributes {...}`, kept as written */
    int nfuncs;
    ir_func *funcs;    /* in source order */
    ir_arena *arena;   /* owns everything above */
    /* (after check) name -> function: open addressing, func_slots[h] is a
     * function index or -1; func_mask + 1 slots, a power of two */
    int *func_slots;
    unsigned func_mask;
    int nmeshes;        /* `sdy.mesh` definitions, in source order */
    ir_sdy_mesh *meshes;
} ir_module;

/* Parses bytes [begin, end) of src->text (a whole file or one chunk; line
 * numbers in diagnostics are those of the whole file: the chunk starts at
 * `line`, column 1). Returns NULL after reporting errors (syntax, literal,
 * unsupported constructs) or when out of memory. */
ir_module *ir_parse(diag_source *src, size_t begin, size_t end, int line);

void ir_module_free(ir_module *m);

/* Prints the module in the canonical pretty form (checked modules only);
 * parsing the output gives the same IR. Returns 0 or -1 on write error. */
int ir_print_module(const ir_module *m, FILE *out);

/* Prints the attribute dictionary (` {...}`) of a distributed op of SPEC.md
 * 9.6 in the generic form; nothing for other ops (print_distributed.c). */
void ir_print_distributed_attrs(FILE *out, const ir_op *o);

/* Prints a literal as `dense<...> : tensor<...>` (exactly re-parsable). */
int ir_print_literal(const ir_literal *lit, FILE *out);

/* Parses an `--args` array attribute `[dense<..> : tensor<..>, ...]` from
 * text. On success returns 0 and a module-independent array of literals
 * (*out, *n) to free with ir_literals_free; -1 after reporting errors.
 * With `usage` (the --args form), errors also say what REF says, in its
 * words ("..., i.e. USAGE"). */
int ir_parse_literals(diag_source *src, const char *usage, ir_literal **out, int *n);
void ir_literals_free(ir_literal *lits, int n);

/* The function named `name`, or NULL. */
const ir_func *ir_module_find(const ir_module *m, const char *name);
/* The hash of the name tables (functions, values). */
unsigned ir_name_hash(const char *s);

#endif
