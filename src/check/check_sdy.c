/* The rules of the Shardy ops (docs/syntax.md "Shardy"): the annotations
 * return their operand's type; every sharding names a mesh of the module
 * and axes of it, one entry per dimension of its value; the body of
 * sdy.manual_computation sees each device's shard: every dimension divided
 * by the product of the sizes of the manual axes it is sharded on. */
#include <inttypes.h>
#include <string.h>

#include "check/check_internal.h"
#include "util/mem.h"

/* reports at loc and returns false */

static const ir_sdy_axis *mesh_axis(const ir_sdy_mesh *m, const char *name)
{
    for (int i = 0; i < m->naxes; i++)
        if (strcmp(m->axes[i].name, name) == 0)
            return &m->axes[i];
    return NULL;
}

/* Resolves the sharding's mesh and checks it against its value `t`. */
static bool resolve_sharding(checker *c, const ir_op *o, ir_sdy_sharding *sh, const tensor_type *t, const char *what)
{
    const char *op = ir_op_name(o->kind);
    for (int i = 0; sh->mesh_name && i < c->m->nmeshes; i++)
        if (strcmp(c->m->meshes[i].name, sh->mesh_name) == 0)
            sh->mesh = &c->m->meshes[i];
    if (!sh->mesh)
        FAIL(sh->loc, "'%s' %s names mesh '@%s', which no 'sdy.mesh' of the module defines", op, what, sh->mesh_name);
    if (sh->rank != t->rank)
        FAIL(sh->loc, "'%s' %s has %d dimension%s, its value %s has rank %d", op, what, sh->rank,
             sh->rank == 1 ? "" : "s", check_type_str(t), t->rank);
    for (int k = 0; k < sh->dim_start[sh->rank]; k++) {
        const ir_sdy_axis *a = &sh->axes[k], *m = mesh_axis(sh->mesh, a->name);
        if (!m)
            FAIL(a->loc, "'%s' %s uses axis \"%s\", which its mesh does not have", op, what, a->name);
        if (a->size > 0 && m->size % a->size != 0)
            FAIL(a->loc, "'%s' %s uses a sub-axis of size %" PRId64 " of axis \"%s\" of size %" PRId64, op, what,
                 a->size, a->name, m->size);
        for (int j = 0; j < k; j++)
            if (strcmp(sh->axes[j].name, a->name) == 0 && !a->size && !sh->axes[j].size)
                FAIL(a->loc, "'%s' %s uses axis \"%s\" twice", op, what, a->name);
    }
    return true;
}

bool check_sdy_identity(checker *c, ir_op *o)
{
    if (o->nresults == 1 && !shape_equal(&o->operand_types[0], &o->result_types[0]))
        FAIL(o->loc, "'%s' returns its operand's type %s, got %s", ir_op_name(o->kind),
             check_type_str(&o->operand_types[0]), check_type_str(&o->result_types[0]));
    return (o->kind != IR_OP_SDY_SHARDING_CONSTRAINT && o->kind != IR_OP_SDY_RESHARD) ||
           resolve_sharding(c, o, o->a.sdy.sharding, &o->operand_types[0], "sharding");
}

/* The shard of `t` that one device sees (`sh` resolved). */
static bool local_type(checker *c, const ir_op *o, const ir_sdy_sharding *sh, const tensor_type *t, tensor_type *out,
                       const char *what)
{
    *out = *t;
    for (int d = 0; d < sh->rank; d++) {
        int64_t f = 1;
        for (int k = sh->dim_start[d]; k < sh->dim_start[d + 1]; k++)
            for (int i = 0; i < o->a.sdy.nmanual; i++)
                if (strcmp(o->a.sdy.manual[i], sh->axes[k].name) == 0)
                    f *= sh->axes[k].size ? sh->axes[k].size : mesh_axis(sh->mesh, sh->axes[k].name)->size;
        if (t->dims[d] >= 0 && t->dims[d] % f != 0)
            FAIL(sh->loc, "'sdy.manual_computation' %s splits dimension %d of size %" PRId64
                 " over manual axes of size %" PRId64 ", which does not divide it", what, d, t->dims[d], f);
        out->dims[d] = t->dims[d] >= 0 ? t->dims[d] / f : t->dims[d];
    }
    return true;
}

bool check_sdy_manual_computation(checker *c, ir_op *o)
{
    const char *op = ir_op_name(o->kind);
    int n = o->noperands + o->nresults;
    if (o->a.sdy.nin != o->noperands)
        FAIL(o->loc, "'%s' has %d operand%s but %d in_shardings", op, o->noperands, o->noperands == 1 ? "" : "s",
             o->a.sdy.nin);
    if (o->a.sdy.nout != o->nresults)
        FAIL(o->loc, "'%s' has %d result%s but %d out_shardings", op, o->nresults, o->nresults == 1 ? "" : "s",
             o->a.sdy.nout);
    const ir_sdy_mesh *mesh = NULL;
    for (int i = 0; i < n; i++) { /* operands, then results */
        bool in = i < o->noperands;
        ir_sdy_sharding *sh = in ? &o->a.sdy.in[i] : &o->a.sdy.out[i - o->noperands];
        if (!resolve_sharding(c, o, sh, in ? &o->operand_types[i] : &o->result_types[i - o->noperands],
                              in ? "in_sharding" : "out_sharding"))
            return false;
        if (mesh && strcmp(sh->mesh->text, mesh->text) != 0)
            FAIL(sh->loc, "'%s' shardings must all use one mesh", op);
        mesh = sh->mesh;
    }
    for (int i = 0; i < o->a.sdy.nmanual; i++) {
        if (!mesh)
            FAIL(o->a.sdy.manual_loc, "'%s' has manual axes but no sharding names their mesh", op);
        if (!mesh_axis(mesh, o->a.sdy.manual[i]))
            FAIL(o->a.sdy.manual_loc, "'%s' manual axis \"%s\" is not an axis of its mesh", op, o->a.sdy.manual[i]);
        for (int j = 0; j < i; j++)
            if (strcmp(o->a.sdy.manual[i], o->a.sdy.manual[j]) == 0)
                FAIL(o->a.sdy.manual_loc, "'%s' manual axis \"%s\" appears twice", op, o->a.sdy.manual[i]);
    }
    tensor_type *local = mem_alloc((size_t)(n ? n : 1) * sizeof *local);
    if (!local)
        return (check_error(c, o->loc, "out of memory"), c->oom = true, false);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        bool in = i < o->noperands;
        ok = local_type(c, o, in ? &o->a.sdy.in[i] : &o->a.sdy.out[i - o->noperands],
                        in ? &o->operand_types[i] : &o->result_types[i - o->noperands], &local[i],
                        in ? "in_sharding" : "out_sharding");
    }
    check_region want = { "body", " (one per operand, its per-device shard)", o->noperands, local, o->nresults,
                          local + o->noperands };
    ok = ok && check_region_sig(c, o, 0, &want);
    mem_free(local);
    return ok;
}
