/* Shardy's ops (docs/syntax.md "Shardy"). On one device a sharding is no
 * more than a note on where the pieces of a value would live: the
 * annotations (sharding_constraint, reshard, propagation_barrier,
 * sharding_group) return their operand's tensor. manual_computation runs
 * its body on each device's shard; its body runs here only when that is
 * one device, the whole value (its manual axes have total size 1). */
#include <inttypes.h>
#include <string.h>

#include "exec/exec.h"
#include "util/mem.h"

int exec_sdy_identity(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    for (int k = 0; k < op->nresults; k++)
        res[k] = tensor_retain(fr->slots[op->operands[k]]);
    return 0;
}

/* The devices the body runs on: the product of the manual axes' sizes in
 * the mesh of its shardings (the checker resolved it). */
static int64_t manual_devices(const ir_op *op)
{
    const ir_sdy_sharding *sh = op->a.sdy.nin ? op->a.sdy.in : op->a.sdy.nout ? op->a.sdy.out : NULL;
    int64_t n = 1;
    for (int i = 0; sh && i < op->a.sdy.nmanual; i++)
        for (int k = 0; k < sh->mesh->naxes; k++)
            if (strcmp(sh->mesh->axes[k].name, op->a.sdy.manual[i]) == 0)
                n *= sh->mesh->axes[k].size;
    return n;
}

int exec_sdy_manual_computation(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int64_t n = manual_devices(op);
    if (n > 1 && c->proc) /* --replicas/--partitions: each process runs the whole (global) program */
        return rt_error(c, op->loc,
                        "'sdy.manual_computation' runs its body on %" PRId64 " devices (the product of the sizes of "
                        "its manual axes); the --replicas/--partitions grid runs the whole program on each process "
                        "and ir-run does not split a manual computation over it (SPMD partitioning is not "
                        "implemented)", n);
    if (n > 1)
        return rt_error(c, op->loc,
                        "'sdy.manual_computation' runs its body on %" PRId64 " devices (the product of the sizes of "
                        "its manual axes); ir-run runs one device, so this program needs %" PRId64 " devices",
                        n, n);
    tensor *one[8] = { NULL };
    tensor **args = op->noperands <= 8 ? one : mem_alloc((size_t)op->noperands * sizeof *args);
    if (!args)
        return rt_nomem(c, op->loc, "out of memory");
    for (int k = 0; k < op->noperands; k++)
        args[k] = fr->slots[op->operands[k]];
    int rc = rt_region_run(c, fr, &op->regions[0], args, res);
    if (args != one)
        mem_free(args);
    return rc;
}
