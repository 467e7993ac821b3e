/* The op table's exec column as a table of functions (exec.h). */
#include "exec/exec.h"

const rt_exec_fn exec_table[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = exec_##exec,
#include "ir/ops.def"
#undef OP
};
