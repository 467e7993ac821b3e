/* Internal to the checker: shared helpers of check.c (module, functions,
 * SSA), check_ops.c (per-op rules) and check_live.c (value lifetimes). */
#ifndef IRRUN_CHECK_INTERNAL_H
#define IRRUN_CHECK_INTERNAL_H

#include "check/check.h"
#include "ir/arena.h"
#include "ir/ir.h"

/* The checker stops (and says so) after this many errors in one module. */
enum { CHECK_MAX_ERRORS = 100 };

typedef struct {
    ir_module *m;
    diag_source *src;
    int errors;
    bool oom; /* stop: out of memory, or CHECK_MAX_ERRORS reached */
} checker;

void check_error(checker *c, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void check_warning(checker *c, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));


/* The rules of SPEC.md 4 and 5 for one op whose operands were resolved and
 * whose types match its signature. Reports and returns false on error. */
bool check_op_rules(checker *c, const ir_func *f, ir_op *o);

/* What an op passes into one of its regions and takes out of it. */
typedef struct {
    const char *what;      /* the region after the op's name: "body", "condition", "branch #1" */
    const char *args_note; /* appended to the argument count message, or NULL */
    int nargs;
    const tensor_type *args; /* NULL: the op checks the arguments itself */
    int nresults;
    const tensor_type *results;
} check_region;

/* Region g's argument types and its `stablehlo.return` operand types equal
 * `want` exactly, and the return is its last op. */
bool check_region_sig(checker *c, const ir_op *o, int g, const check_region *want);
/* "a reduce body", "a while condition", "an if branch", ...: region g of o
 * as messages name it. */
const char *check_region_role(const ir_op *o, int g);

/* Each entry of d in [0, rank) (and, with unique, none repeated); the
 * message names the op and `what`. */
bool check_dims_in_range(checker *c, const ir_op *o, const char *what, const ir_ints *d, int rank, bool unique);

/* reduce and reduce_window: N inputs of one shape, N rank-0 inits of their
 * element types, N results of `shape` with those element types, and the
 * body (accumulators then elements) -> accumulators (check_ops.c). */
bool check_fold(checker *c, const ir_op *o, const tensor_type *shape);

/* The rules of the indexing ops (check_index.c). */
bool check_gather(checker *c, ir_op *o);
bool check_dynamic_gather(checker *c, ir_op *o);
bool check_scatter(checker *c, ir_op *o);
bool check_dynamic_slice(checker *c, ir_op *o);
bool check_dynamic_update_slice(checker *c, ir_op *o);
bool check_reduce_window(checker *c, ir_op *o);
bool check_select_and_scatter(checker *c, ir_op *o);
bool check_select_and_scatter_defaults(checker *c, ir_op *o);
bool check_get_dimension_size(checker *c, ir_op *o);

/* Sets the prefix of every interpreter.print of a resolved function: the
 * name MLIR's printer gives its operand (check_names.c). */
bool check_print_names(checker *c, ir_func *f);

/* The rules of the numerics of SPEC.md 9.5 whose types are not those of a
 * plain unary or binary op, and of the ops REF refuses (check_numerics.c);
 * named by the op table's check column. */
bool check_is_finite(checker *c, ir_op *o);
bool check_part(checker *c, ir_op *o);
bool check_complex(checker *c, ir_op *o);
bool check_reduce_precision(checker *c, ir_op *o);
bool check_refused(checker *c, ir_op *o);
bool check_chlo(checker *c, ir_op *o);
bool check_quant(checker *c, ir_op *o);

/* The rules of convolution (check_conv.c). */
bool check_convolution(checker *c, ir_op *o);
bool check_dynamic_conv(checker *c, ir_op *o);

/* The rules of the distributed ops of SPEC.md 9.6 (check_collective.c). */
bool check_process_id(checker *c, ir_op *o);
bool check_collective(checker *c, ir_op *o);
bool check_send(checker *c, ir_op *o);
bool check_recv(checker *c, ir_op *o);
bool check_infeed(checker *c, ir_op *o);
bool check_outfeed(checker *c, ir_op *o);
bool check_run_parallel(checker *c, ir_op *o);

/* custom_call's rules, by what its target means (build_custom_call.c). */
bool check_custom_call(checker *c, ir_op *o);

/* The rules of the Shardy ops (check_sdy.c). */
bool check_sdy_identity(checker *c, ir_op *o);
bool check_sdy_manual_computation(checker *c, ir_op *o);

/* Fills ir_op.dead and ir_block.dead_args for a resolved function. */
bool check_live_compute(checker *c, ir_func *f);

/* Reports an error at loc and makes the rules function (its checker is
 * `c`) return false; TS is a type as the messages spell it. */
#define FAIL(loc, ...)                         \
    do {                                       \
        check_error(c, loc, __VA_ARGS__);      \
        return false;                          \
    } while (0)
#define TS(t) check_type_str(t)

#endif
