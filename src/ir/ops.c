/* The op table (ops.def expanded) and lookups by name. */
#include <string.h>

#include "ir/ir.h"

const ir_op_info ir_op_table[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) \
    [IR_OP_##e] = { name, IR_FORM_##form, IR_KF_##family, IR_ELEMS_##elems, nops, nres, regions, flags },
#include "ir/ops.def"
#undef OP
};

_Static_assert(sizeof ir_op_table / sizeof ir_op_table[0] == IR_OP_COUNT, "one row per op");

const char *ir_op_name(ir_op_kind k) { return k < IR_OP_COUNT ? ir_op_table[k].name : "?"; }

int ir_op_lookup(const char *name, size_t len)
{
    if (len == 6 && memcmp(name, "return", 6) == 0)
        return IR_OP_RETURN;
    if (len == 4 && memcmp(name, "call", 4) == 0)
        return IR_OP_CALL;
    for (int k = 0; k < IR_OP_COUNT; k++)
        if (strlen(ir_op_table[k].name) == len && memcmp(ir_op_table[k].name, name, len) == 0)
            return k;
    return -1;
}
