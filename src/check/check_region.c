/* The signature rules of a region (SPEC.md 9.2.2): REF binds values to a
 * body's arguments and takes its results without any conversion, so every
 * type in and out must equal what the op passes and expects exactly. One
 * routine for every op with bodies, so their messages have one shape. */
#include "check/check_internal.h"

const char *check_region_role(const ir_op *o, int g)
{
    if (o->kind == IR_OP_REDUCE)
        return "a reduce body";
    if (o->kind == IR_OP_WHILE)
        return g == 0 ? "a while condition" : "a while body";
    if (o->kind == IR_OP_IF)
        return "an if branch";
    if (o->kind == IR_OP_CASE)
        return "a case branch";
    if (o->kind == IR_OP_MAP)
        return "a map body";
    if (o->kind == IR_OP_SORT)
        return "a sort comparator";
    if (o->kind == IR_OP_SCATTER)
        return "a scatter body";
    if (o->kind == IR_OP_REDUCE_WINDOW)
        return "a reduce_window body";
    if (o->kind == IR_OP_SELECT_AND_SCATTER)
        return g == 0 ? "a select_and_scatter select" : "a select_and_scatter scatter";
    if (o->kind == IR_OP_ALL_REDUCE)
        return "an all_reduce body";
    if (o->kind == IR_OP_REDUCE_SCATTER)
        return "a reduce_scatter body";
    if (o->kind == IR_OP_COLLECTIVE_REDUCE)
        return "a collective_reduce body";
    if (o->kind == IR_OP_SDY_MANUAL_COMPUTATION)
        return "a manual_computation body";
    return "a region";
}

bool check_region_sig(checker *c, const ir_op *o, int g, const check_region *want)
{
    const char *op = ir_op_name(o->kind), *role = check_region_role(o, g);
    const ir_block *b = &o->regions[g];
    if (want->args && want->nargs == 0 && b->nargs > 0) {
        check_error(c, b->arg_names[0].loc, "'%s' %s must not have block arguments", op, want->what);
        return false;
    }
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
    /* Shardy's body ends with its own sdy.return */
    ir_op_kind term = o->kind == IR_OP_SDY_MANUAL_COMPUTATION ? IR_OP_SDY_RETURN : IR_OP_REGION_RETURN;
    const char *tname = ir_op_name(term);
    if (b->nops == 0 || b->ops[b->nops - 1].kind != term) {
        check_error(c, b->nops ? b->ops[b->nops - 1].loc : o->loc, "%s must end with '%s'", role, tname);
        return false;
    }
    const ir_op *ret = &b->ops[b->nops - 1];
    if (ret->noperands != want->nresults) {
        check_error(c, ret->loc, "'%s' of %s returns %d value%s, expected %d", tname, role, ret->noperands,
                    ret->noperands == 1 ? "" : "s", want->nresults);
        return false;
    }
    for (int k = 0; k < want->nresults; k++)
        if (!shape_equal(&ret->operand_types[k], &want->results[k])) {
            check_error(c, ret->uses[k].loc, "'%s' value #%d of %s must be %s, got %s", tname, k, role,
                        TS(&want->results[k]), TS(&ret->operand_types[k]));
            return false;
        }
    return true;
}
