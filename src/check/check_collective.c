/* The checks of the distributed ops (SPEC.md 9.6): replica_id,
 * partition_id, the collectives, send/recv, infeed/outfeed and
 * interpreter.run_parallel. What depends on the grid size (ids below R, P
 * or R*P, a process in no group) is checked when the grid exists
 * (src/exec/exec_collective.c). */
#include <string.h>

#include "check/check_internal.h"

bool check_process_id(checker *c, ir_op *o)
{
    const tensor_type *r = &o->result_types[0];
    if (r->rank != 0 || r->elem != ET_UI32)
        FAIL(o->loc, "'%s' result must be tensor<ui32>, got %s", ir_op_name(o->kind), TS(r));
    return true;
}

/* The op's groups share one size (decision 44); 0 when there are none. */
static int64_t group_size(const ir_collective *col)
{
    return col->ngroups ? col->group_start[1] - col->group_start[0] : 0;
}

/* With cross_replica_and_partition (9.6.2) a group has one member per
 * listed replica and partition: the partition count is known only at run
 * time, where the result shape is checked again. */
static bool size_known(const ir_op *o)
{
    return o->a.coll.channel <= 0 || o->a.coll.use_global_ids;
}

/* SPEC 9.6.2: ids are >= 0 (after dropping the -1 padding) and unique
 * across all groups; use_global_device_ids only where 9.6.2's table has a
 * column for it, and only with a positive channel. */
static bool check_groups(checker *c, const ir_op *o, bool equal_sizes)
{
    const ir_collective *col = &o->a.coll;
    const char *name = ir_op_name(o->kind);
    int n = col->ngroups ? col->group_start[col->ngroups] : 0;
    for (int i = 0; i < n; i++) {
        if (col->ids[i] < 0)
            FAIL(o->loc, "'%s' replica_groups has a negative id %lld (only -1 pads a row)", name,
                 (long long)col->ids[i]);
        for (int j = 0; j < i; j++)
            if (col->ids[j] == col->ids[i])
                FAIL(o->loc, "'%s' replica_groups lists id %lld twice", name, (long long)col->ids[i]);
    }
    if (equal_sizes)
        for (int g = 1; g < col->ngroups; g++)
            if (col->group_start[g + 1] - col->group_start[g] != group_size(col))
                FAIL(o->loc, "'%s' replica_groups must all have one size: group #%d has %d ids, group #0 %lld", name,
                     g, col->group_start[g + 1] - col->group_start[g], (long long)group_size(col));
    bool global_allowed = o->kind == IR_OP_ALL_REDUCE || o->kind == IR_OP_ALL_GATHER ||
                          o->kind == IR_OP_REDUCE_SCATTER || o->kind == IR_OP_COLLECTIVE_REDUCE;
    if (col->use_global_ids && !global_allowed)
        FAIL(o->loc, "'%s' does not take use_global_device_ids", name);
    if (col->use_global_ids && col->channel <= 0)
        FAIL(o->loc, "'%s' with use_global_device_ids needs a channel_handle with a positive handle", name);
    return true;
}

/* Results equal the first n operands' types. */
static bool results_like_operands(checker *c, const ir_op *o, int n)
{
    if (n < 1)
        FAIL(o->loc, "'%s' needs at least one operand", ir_op_name(o->kind));
    if (o->nresults != n)
        FAIL(o->loc, "'%s' has %d data operand%s and must have as many results, got %d", ir_op_name(o->kind), n,
             n == 1 ? "" : "s", o->nresults);
    for (int k = 0; k < n; k++)
        if (!shape_equal(&o->result_types[k], &o->operand_types[k]))
            FAIL(o->loc, "'%s' result #%d type %s should be %s", ir_op_name(o->kind), k, TS(&o->result_types[k]),
                 TS(&o->operand_types[k]));
    return true;
}

/* The combining region: (tensor<E>, tensor<E>) -> tensor<E>, E every data
 * operand's element type (9.6.4). */
static bool check_combiner(checker *c, const ir_op *o, int ndata)
{
    et_id e = o->operand_types[0].elem;
    for (int k = 1; k < ndata; k++)
        if (o->operand_types[k].elem != e)
            FAIL(o->uses[k].loc, "'%s' operands must share one element type for its region, got %s and %s",
                 ir_op_name(o->kind), et_get(e)->name, et_get(o->operand_types[k].elem)->name);
    tensor_type scalar = { .elem = e, .rank = 0 };
    tensor_type args[2] = { scalar, scalar };
    check_region body = { "body", NULL, 2, args, 1, &scalar };
    return check_region_sig(c, o, 0, &body);
}

static bool dim_in_range(checker *c, const ir_op *o, const char *what, int64_t d, int rank)
{
    if (d < 0 || d >= rank)
        FAIL(o->loc, "'%s' %s %lld is out of range [0, %d)", ir_op_name(o->kind), what, (long long)d, rank);
    return true;
}

/* The last operand of has_dynamic_root: a rank-1 integer tensor with one
 * root per data operand (9.6.9). */
static bool check_root_operand(checker *c, const ir_op *o, int ndata)
{
    const tensor_type *t = &o->operand_types[o->noperands - 1];
    if (t->rank != 1 || !et_is_int(t->elem) || t->dims[0] != ndata)
        FAIL(o->uses[o->noperands - 1].loc,
             "'%s' with has_dynamic_root needs a last operand of %d integer root%s (rank 1), got %s",
             ir_op_name(o->kind), ndata, ndata == 1 ? "" : "s", TS(t));
    return true;
}

static bool check_gather_like(checker *c, const ir_op *o)
{
    const ir_collective *col = &o->a.coll;
    int n = o->noperands;
    if (n < 1 || o->nresults != n)
        FAIL(o->loc, "'%s' needs one result per operand (at least one), got %d operands and %d results",
             ir_op_name(o->kind), n, o->nresults);
    int64_t size = group_size(col);
    for (int k = 0; k < n; k++) {
        const tensor_type *x = &o->operand_types[k], *r = &o->result_types[k];
        tensor_type want = *x;
        if (o->kind == IR_OP_ALL_GATHER) {
            if (!dim_in_range(c, o, "all_gather_dim", col->dim, x->rank))
                return false;
            want.dims[col->dim] *= size;
        } else {
            if (!dim_in_range(c, o, "split_dimension", col->dim, x->rank) ||
                !dim_in_range(c, o, "concat_dimension", col->concat_dim, x->rank))
                return false;
            if (col->split_count <= 0)
                FAIL(o->loc, "'%s' split_count must be positive, got %lld", ir_op_name(o->kind),
                     (long long)col->split_count);
            if (col->ngroups && col->split_count != size)
                FAIL(o->loc, "'%s' split_count %lld differs from the group size %lld", ir_op_name(o->kind),
                     (long long)col->split_count, (long long)size);
            if (x->dims[col->dim] % col->split_count)
                FAIL(o->uses[k].loc, "'%s' operand #%d dimension %lld (%lld) is not a multiple of split_count %lld",
                     ir_op_name(o->kind), k, (long long)col->dim, (long long)x->dims[col->dim],
                     (long long)col->split_count);
            want.dims[col->dim] /= col->split_count;
            want.dims[col->concat_dim] *= col->split_count;
        }
        /* without groups every process fails at run time: the scaled
         * dimension has no size to hold to */
        int scaled = (int)(o->kind == IR_OP_ALL_GATHER ? col->dim : col->concat_dim);
        if ((col->ngroups == 0 || (o->kind == IR_OP_ALL_GATHER && !size_known(o))) && r->rank == want.rank &&
            r->dims[scaled] % (x->dims[scaled] ? x->dims[scaled] : 1) == 0)
            want.dims[scaled] = r->dims[scaled];
        if (!shape_equal(r, &want))
            FAIL(o->loc, "'%s' result #%d type %s should be %s", ir_op_name(o->kind), k, TS(r), TS(&want));
    }
    return true;
}

static bool check_reduce_scatter(checker *c, const ir_op *o)
{
    const ir_collective *col = &o->a.coll;
    const tensor_type *x = &o->operand_types[0], *r = &o->result_types[0];
    if (!dim_in_range(c, o, "scatter_dimension", col->dim, x->rank))
        return false;
    int64_t size = group_size(col);
    tensor_type want = *x;
    if (size > 0 && size_known(o)) {
        if (x->dims[col->dim] % size)
            FAIL(o->uses[0].loc, "'%s' scatter dimension %lld (%lld) is not a multiple of the group size %lld",
                 ir_op_name(o->kind), (long long)col->dim, (long long)x->dims[col->dim], (long long)size);
        want.dims[col->dim] /= size;
        if (!shape_equal(r, &want))
            FAIL(o->loc, "'%s' result type %s should be %s", ir_op_name(o->kind), TS(r), TS(&want));
    }
    return check_combiner(c, o, 1);
}

static bool check_pairs(checker *c, const ir_op *o)
{
    const ir_ints *p = &o->a.coll.pairs;
    for (int i = 0; i < p->n; i++) {
        if (p->v[i] < 0)
            FAIL(o->loc, "'%s' source_target_pairs has a negative id %lld", ir_op_name(o->kind), (long long)p->v[i]);
        for (int j = i % 2; j < i; j += 2)
            if (p->v[j] == p->v[i])
                FAIL(o->loc, "'%s' source_target_pairs repeats the %s %lld", ir_op_name(o->kind),
                     i % 2 ? "target" : "source", (long long)p->v[i]);
    }
    return results_like_operands(c, o, 1);
}

bool check_collective(checker *c, ir_op *o)
{
    bool equal = o->kind == IR_OP_ALL_GATHER || o->kind == IR_OP_ALL_TO_ALL || o->kind == IR_OP_REDUCE_SCATTER;
    if (o->kind != IR_OP_COLLECTIVE_PERMUTE && !check_groups(c, o, equal))
        return false;
    if (o->a.coll.dynamic_root && o->kind != IR_OP_COLLECTIVE_BROADCAST && o->kind != IR_OP_COLLECTIVE_REDUCE)
        FAIL(o->loc, "'%s' does not take has_dynamic_root", ir_op_name(o->kind));
    int ndata = o->noperands - (o->a.coll.dynamic_root ? 1 : 0);
    if (o->kind == IR_OP_ALL_REDUCE)
        return results_like_operands(c, o, ndata) && check_combiner(c, o, ndata);
    if (o->kind == IR_OP_ALL_GATHER || o->kind == IR_OP_ALL_TO_ALL)
        return check_gather_like(c, o);
    if (o->kind == IR_OP_REDUCE_SCATTER)
        return check_reduce_scatter(c, o);
    if (o->kind == IR_OP_COLLECTIVE_PERMUTE)
        return check_pairs(c, o);
    bool roots_ok = results_like_operands(c, o, ndata) && (!o->a.coll.dynamic_root || check_root_operand(c, o, ndata));
    return roots_ok && (o->kind != IR_OP_COLLECTIVE_REDUCE || check_combiner(c, o, ndata));
}

/* send and outfeed: tensors, then one token; a token result. */
static bool check_sink(checker *c, const ir_op *o)
{
    const char *name = ir_op_name(o->kind);
    if (o->noperands < 1 || shape_kind_of(&o->operand_types[o->noperands - 1]) != SHAPE_TOKEN)
        FAIL(o->loc, "'%s' takes tensors and then a !stablehlo.token as its last operand", name);
    for (int k = 0; k + 1 < o->noperands; k++)
        if (!shape_is_tensor(&o->operand_types[k]))
            FAIL(o->uses[k].loc, "'%s' operand #%d must be a tensor, got %s", name, k, TS(&o->operand_types[k]));
    if (shape_kind_of(&o->result_types[0]) != SHAPE_TOKEN)
        FAIL(o->loc, "'%s' result must be !stablehlo.token, got %s", name, TS(&o->result_types[0]));
    return true;
}

/* recv and infeed: a token operand; tensors, then one token. */
static bool check_source(checker *c, const ir_op *o)
{
    const char *name = ir_op_name(o->kind);
    if (shape_kind_of(&o->operand_types[0]) != SHAPE_TOKEN)
        FAIL(o->uses[0].loc, "'%s' operand must be !stablehlo.token, got %s", name, TS(&o->operand_types[0]));
    if (o->nresults < 1 || shape_kind_of(&o->result_types[o->nresults - 1]) != SHAPE_TOKEN)
        FAIL(o->loc, "'%s' returns tensors and then a !stablehlo.token as its last result", name);
    for (int k = 0; k + 1 < o->nresults; k++)
        if (!shape_is_tensor(&o->result_types[k]))
            FAIL(o->loc, "'%s' result #%d must be a tensor, got %s", name, k, TS(&o->result_types[k]));
    return true;
}

bool check_send(checker *c, ir_op *o) { return check_sink(c, o); }
bool check_outfeed(checker *c, ir_op *o) { return check_sink(c, o); }
bool check_recv(checker *c, ir_op *o) { return check_source(c, o); }
bool check_infeed(checker *c, ir_op *o) { return check_source(c, o); }

static const ir_func *program(checker *c, const ir_op *o, const char *name, const char *what)
{
    const ir_func *f = ir_module_find(c->m, name);
    if (!f)
        check_error(c, o->loc, "'interpreter.run_parallel' %s '@%s' is not a function of the module", what, name);
    else if (!f->has_body)
        check_error(c, o->loc, "'interpreter.run_parallel' %s '@%s' is declared without a body", what, name);
    return f && f->has_body ? f : NULL;
}

/* SPEC 9.6.1: every program a function of the module; operands and results
 * dealt out in row-major order, so their counts are the sums of the
 * programs' and their types the programs' argument and result types (REF
 * finds a type mismatch only at run time). */
bool check_run_parallel(checker *c, ir_op *o)
{
    ir_run_parallel *par = &o->a.par;
    int n = par->rows * par->cols, nargs = 0, nres = 0;
    for (int i = 0; i < n; i++) {
        par->funcs[i] = program(c, o, par->names[i], "program");
        if (!par->funcs[i])
            return false;
        nargs += par->funcs[i]->nargs;
        nres += par->funcs[i]->nresults;
    }
    if (o->noperands != nargs)
        FAIL(o->loc, "'interpreter.run_parallel' has %d operand%s but its programs take %d arguments", o->noperands,
             o->noperands == 1 ? "" : "s", nargs);
    if (o->nresults != nres)
        FAIL(o->loc, "'interpreter.run_parallel' has %d result%s but its programs return %d values", o->nresults,
             o->nresults == 1 ? "" : "s", nres);
    int a = 0, r = 0;
    for (int i = 0; i < n; i++) {
        const ir_func *f = par->funcs[i];
        for (int k = 0; k < f->nargs; k++, a++)
            if (!shape_equal(&o->operand_types[a], &f->arg_types[k]))
                FAIL(o->uses[a].loc, "'interpreter.run_parallel' operand #%d has type %s but '@%s' (process %d, %d) takes %s",
                     a, TS(&o->operand_types[a]), f->name, i / par->cols, i % par->cols, TS(&f->arg_types[k]));
        for (int k = 0; k < f->nresults; k++, r++)
            if (!shape_equal(&o->result_types[r], &f->result_types[k]))
                FAIL(o->loc, "'interpreter.run_parallel' result #%d has type %s but '@%s' (process %d, %d) returns %s", r,
                     TS(&o->result_types[r]), f->name, i / par->cols, i % par->cols, TS(&f->result_types[k]));
    }
    for (int i = 0; i < par->ninfeed; i++) {
        par->infeed_funcs[i] = program(c, o, par->infeed[i], "infeed function");
        const ir_func *f = par->infeed_funcs[i];
        if (!f)
            return false;
        if (f->nargs != 0 || f->nresults != 1 || !shape_is_tensor(&f->result_types[0]))
            FAIL(o->loc, "'interpreter.run_parallel' infeed function '@%s' must take no arguments and return one tensor",
                 f->name);
    }
    return true;
}
