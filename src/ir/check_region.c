/* The signature rules of a region (SPEC.md 9.2.2): REF binds values to a
 * body's arguments and takes its results without any conversion, so every
 * type in and out must equal what the op passes and expects exactly. One
 * routine for every op with bodies, so their messages have one shape. */
#include "ir/check_internal.h"

#define TS(t) check_type_str(t)

bool check_region_sig(checker *c, const ir_op *o, const ir_block *b, const check_region *want)
{
    const char *op = ir_op_name(o->kind);
    if (want->args && b->nargs != want->nargs) {
        check_error(c, o->loc, "'%s' %s must take %d argument%s%s, got %d", op, want->what, want->nargs,
                    want->nargs == 1 ? "" : "s", want->args_note ? want->args_note : "", b->nargs);
        return false;
    }
    for (int i = 0; want->args && i < b->nargs; i++)
        if (!shape_equal(&b->arg_types[i], &want->args[i])) {
            check_error(c, b->arg_names[i].loc, "'%s' %s argument #%d must be %s, got %s", op, want->what, i,
                        TS(&want->args[i]), TS(&b->arg_types[i]));
            return false;
        }
    if (b->nops == 0 || b->ops[b->nops - 1].kind != IR_OP_REGION_RETURN) {
        check_error(c, b->nops ? b->ops[b->nops - 1].loc : o->loc, "a %s %s must end with 'stablehlo.return'",
                    want->owner, want->what);
        return false;
    }
    const ir_op *ret = &b->ops[b->nops - 1];
    if (ret->noperands != want->nresults) {
        check_error(c, ret->loc, "'stablehlo.return' of a %s %s returns %d value%s, expected %d", want->owner,
                    want->what, ret->noperands, ret->noperands == 1 ? "" : "s", want->nresults);
        return false;
    }
    for (int k = 0; k < want->nresults; k++)
        if (!shape_equal(&ret->operand_types[k], &want->results[k])) {
            check_error(c, ret->uses[k].loc, "'stablehlo.return' value #%d of a %s %s must be %s, got %s", k,
                        want->owner, want->what, TS(&want->results[k]), TS(&ret->operand_types[k]));
            return false;
        }
    return true;
}
