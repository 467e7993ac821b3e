/* The ops that need a process (SPEC.md 9.6.2-9.6.12): replica_id,
 * partition_id, the collectives, send/recv and infeed/outfeed, run by the
 * processes of a grid (grid.h). A collective is a meeting of its group:
 * each member shows the others its operands and its result tensors,
 * computes its share of the work from everyone's operands, and the
 * members wait for each other (grid_sync) before any of those tensors may
 * change again. Combining folds in ascending process order (decision 43),
 * so results never depend on which process came first. */
#include <string.h>

#include "exec/exec.h"
#include "parallel/grid.h"
#include "util/mem.h"

#define IN(k) fr->slots[op->operands[k]]

/* Decision 42: these ops need a grid. */
static int need_process(rt_ctx *c, const ir_op *op)
{
    if (c->proc)
        return 0;
    return rt_error(c, op->loc,
                    "'%s' needs a process: run it inside interpreter.run_parallel or with --replicas/--partitions "
                    "(decision 42)",
                    ir_op_name(op->kind));
}

int exec_process_id(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    int rc = need_process(c, op);
    if (rc)
        return rc;
    uint32_t v = (uint32_t)(op->kind == IR_OP_REPLICA_ID ? c->proc->replica : c->proc->partition);
    memcpy(res[0]->data, &v, sizeof v);
    return 0;
}

/* ---- process groups (SPEC 9.6.2) ---------------------------------------- */

typedef enum { CROSS_REPLICA, CROSS_PARTITION, CROSS_REPLICA_AND_PARTITION, FLATTENED_IDS } group_strategy;

static group_strategy strategy_of(const ir_op *op)
{
    const ir_collective *col = &op->a.coll;
    bool first_row = op->kind == IR_OP_ALL_REDUCE || op->kind == IR_OP_ALL_GATHER ||
                     op->kind == IR_OP_REDUCE_SCATTER || op->kind == IR_OP_COLLECTIVE_REDUCE;
    if (col->channel <= 0)
        return CROSS_REPLICA;
    if (!first_row)
        return CROSS_PARTITION;
    return col->use_global_ids ? FLATTENED_IDS : CROSS_REPLICA_AND_PARTITION;
}

/* The members of this process's group as process ids, in the order 9.6.2's
 * strategy produces (the listed order); *n = 0 when it is in no group. Ids
 * outside the grid are a run-time error. `members` has room for every
 * process of the grid. */
static int process_group(rt_ctx *c, const ir_op *op, int *members, int *n)
{
    const ir_collective *col = &op->a.coll;
    const grid_proc *p = c->proc;
    int R = p->replicas, P = p->partitions;
    group_strategy s = strategy_of(op);
    int64_t bound = s == CROSS_PARTITION ? P : s == FLATTENED_IDS ? (int64_t)R * P : R;
    int64_t mine = s == CROSS_PARTITION ? p->partition : s == FLATTENED_IDS ? p->id : p->replica;
    static const char *const bound_names[] = { "replicas", "partitions", "replicas", "processes" };
    *n = 0;
    int total = col->ngroups ? col->group_start[col->ngroups] : 0;
    for (int i = 0; i < total; i++)
        if (col->ids[i] >= bound)
            return rt_error(c, op->loc, "'%s' replica_groups id %lld is out of range for %lld %s",
                            ir_op_name(op->kind), (long long)col->ids[i], (long long)bound, bound_names[s]);
    for (int g = 0; g < col->ngroups; g++) {
        const int64_t *ids = col->ids + col->group_start[g];
        int len = col->group_start[g + 1] - col->group_start[g];
        bool in = false;
        for (int k = 0; k < len && !in; k++)
            in = ids[k] == mine;
        if (!in)
            continue;
        switch (s) {
        case CROSS_REPLICA:
            for (int k = 0; k < len; k++)
                members[(*n)++] = (int)ids[k] * P + p->partition;
            break;
        case CROSS_PARTITION:
            for (int k = 0; k < len; k++)
                members[(*n)++] = p->replica * P + (int)ids[k];
            break;
        case CROSS_REPLICA_AND_PARTITION:
            for (int q = 0; q < P; q++)
                for (int k = 0; k < len; k++)
                    members[(*n)++] = (int)ids[k] * P + q;
            break;
        case FLATTENED_IDS:
            for (int k = 0; k < len; k++)
                members[(*n)++] = (int)ids[k];
            break;
        }
        break;
    }
    return 0;
}

/* ---- meetings with everyone's tensors ---------------------------------- */

/* What a member shows the others. */
typedef struct {
    const tensor **in; /* its data operands (borrowed from its frame) */
    tensor **out;      /* the tensors it computes into */
} member;

typedef struct {
    int *members; /* process ids, listed order */
    int *order;   /* room for ascending(): in members' block, not on the
                   * stack, which holds a level of RT_NEST_DEPTH_MAX per body */
    int n, pos;   /* group size, this process's position */
    int ndata;
    member me;
    grid_meeting *m;
} meeting;

static void meeting_init(meeting *s) { memset(s, 0, sizeof *s); }

static void meeting_done(meeting *s)
{
    mem_free(s->members);
    mem_free(s->me.in);
    s->members = s->order = NULL;
    s->me.in = NULL;
}

/* Room for a group of every process of the grid. */
static int meeting_alloc(rt_ctx *c, const ir_op *op, meeting *s)
{
    size_t most = (size_t)(c->proc->replicas * c->proc->partitions);
    s->members = mem_calloc(2 * most, sizeof *s->members);
    s->order = s->members ? s->members + most : NULL;
    s->me.in = mem_calloc((size_t)op->noperands + 1, sizeof *s->me.in);
    if (!s->members || !s->me.in)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    return 0;
}

static const member *member_at(const meeting *s, int pos) { return grid_contribution(s->m, pos); }

/* Joins the meeting of the group in s->members with ndata data operands,
 * computing into `out`. Every member must bring operands of the same
 * types (programs may differ): otherwise each reports it. */
static int meeting_join(rt_ctx *c, rt_frame *fr, const ir_op *op, meeting *s, int ndata, tensor **out)
{
    s->ndata = ndata;
    for (int k = 0; k < ndata; k++)
        s->me.in[k] = IN(k);
    s->me.out = out;
    s->pos = -1;
    for (int i = 0; i < s->n; i++)
        if (s->members[i] == c->proc->id)
            s->pos = i;
    int rc = grid_meet(c->proc, op, op->a.coll.channel, s->members, s->n, &s->me, &s->m);
    if (rc)
        return rc == IRRUN_NOMEM ? rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind)) : rc;
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < ndata; k++)
            if (!shape_equal(&member_at(s, i)->in[k]->type, &s->me.in[k]->type)) {
                char a[256], b[256];
                shape_format(&s->me.in[k]->type, a, sizeof a);
                shape_format(&member_at(s, i)->in[k]->type, b, sizeof b);
                return rt_error(c, op->loc, "'%s' operand #%d is %s here but %s in process %d of the group",
                                ir_op_name(op->kind), k, a, b, s->members[i]);
            }
    return 0;
}

/* Ends a phase of the work: every member has done its share (and nobody
 * reads this member's tensors any more) when it returns. A failure of
 * any member fails all (quietly: the failing one reported). */
static int meeting_phase(rt_ctx *c, meeting *s, int rc)
{
    bool anyone_failed;
    int sync = grid_sync(c->proc, s->m, rc != 0, &anyone_failed);
    if (rc)
        return rc;
    if (sync)
        return sync;
    return anyone_failed ? IRRUN_BAD_INPUT : 0;
}

/* Leaves after a final phase; returns rc. */
static int meeting_leave(rt_ctx *c, meeting *s, int rc)
{
    grid_leave(c->proc, s->m);
    s->m = NULL;
    meeting_done(s);
    return rc;
}

/* ---- folding (decision 43) ---------------------------------------------- */

/* order[j]: the position of the j-th member in ascending process order. */
static void ascending(const meeting *s, int *order)
{
    for (int i = 0; i < s->n; i++) {
        int j = i;
        while (j > 0 && s->members[order[j - 1]] > s->members[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* Runs the body on rank-0 copies of one element of acc and of v. */
static int fold_element(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor *acc, const unsigned char *v, tensor *arg,
                        tensor **next)
{
    memcpy(arg->data, v, arg->nbytes);
    tensor *args[2] = { acc, arg };
    return rt_region_run(c, fr, body, args, next);
}

/* dst[0, L) := fold over the members in `order` of elements [lo, lo + L)
 * of their data operand k: acc := v_first; acc := body(acc, v_next). A
 * body of one binary op runs as its kernel, a lane-safe body in lanes,
 * any other once per element. */
static int fold_range(rt_ctx *c, rt_frame *fr, const ir_op *op, const meeting *s, const int *order, int k, int64_t lo,
                      int64_t L, unsigned char *dst)
{
    if (L <= 0)
        return 0;
    const ir_block *body = &op->regions[0];
    et_id e = s->me.in[k]->type.elem;
    size_t es = et_get(e)->bytes;
    const unsigned char *first = member_at(s, order[0])->in[k]->data;
    memcpy(dst, first + (size_t)lo * es, (size_t)L * es);
    if (s->n == 1)
        return 0;
    kern_binop bop;
    bool acc_left;
    if (rt_region_binop_body(body, &bop, &acc_left)) {
        tensor acc = tensor_view(e, L, dst);
        for (int j = 1; j < s->n; j++) {
            tensor v = tensor_view(e, L, (unsigned char *)member_at(s, order[j])->in[k]->data + (size_t)lo * es);
            int rc = rt_status(c, op, kern_binary(bop, acc_left ? &acc : &v, acc_left ? &v : &acc, &acc));
            if (rc)
                return rc;
        }
        return 0;
    }
    bool lanes = rt_region_lane_safe(fr->f, body);
    tensor_type t = { .elem = e, .rank = lanes ? 1 : 0, .dims = { L } };
    int64_t steps = lanes ? 1 : L;
    size_t bytes = lanes ? (size_t)L * es : es;
    rt_lanes st;
    int rc = lanes ? rt_region_lanes_enter(c, fr, op, body, L, &st) : 0;
    bool entered = lanes && rc == 0;
    for (int64_t i = 0; i < steps && rc == 0; i++) {
        tensor *acc = tensor_new(&t), *arg = tensor_new(&t);
        if (!acc || !arg) {
            tensor_release(acc);
            tensor_release(arg);
            rc = rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
            break;
        }
        memcpy(acc->data, dst + (size_t)i * bytes, bytes);
        for (int j = 1; j < s->n && rc == 0; j++) {
            const unsigned char *v = member_at(s, order[j])->in[k]->data;
            tensor *next = NULL;
            rc = fold_element(c, fr, body, acc, v + (size_t)(lo + i) * es, arg, &next);
            tensor_release(acc);
            acc = next;
            if (!rc && arg->refs > 1) { /* the body kept its argument: use a fresh one */
                tensor_release(arg);
                arg = tensor_new(&t);
                if (!arg)
                    rc = rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
            }
        }
        if (rc == 0)
            memcpy(dst + (size_t)i * bytes, acc->data, bytes);
        tensor_release(acc);
        tensor_release(arg);
    }
    if (entered)
        rt_region_lanes_leave(c, fr, &st);
    return rc;
}

/* Element range of share j of n elements split in `parts`. */
static int64_t share_start(int64_t n, int parts, int j)
{
    return (n / parts) * j + (j < n % parts ? j : n % parts);
}

/* out[k] of every data operand := the fold of the whole group. When every
 * member runs this same op (one program) and its body is pure
 * (rt_region_pure), each computes one share of the elements and copies the
 * others' shares from them; otherwise each folds everything with its own
 * body (as REF does): a body with effects (a nested collective, a check,
 * a print, a call) then runs as often and with the same operands whether
 * or not the members run the same function. */
static int fold_group(rt_ctx *c, rt_frame *fr, const ir_op *op, meeting *s)
{
    int *order = s->order;
    ascending(s, order);
    bool shared = rt_region_pure(fr->f, &op->regions[0]);
    for (int i = 0; i < s->n && shared; i++)
        shared = shared && grid_member_op(s->m, i) == op;
    int rc = 0;
    for (int k = 0; k < s->ndata && rc == 0; k++) {
        int64_t N = s->me.in[k]->count;
        int64_t lo = shared ? share_start(N, s->n, s->pos) : 0;
        int64_t hi = shared ? share_start(N, s->n, s->pos + 1) : N;
        size_t es = tensor_elem_bytes(s->me.in[k]);
        rc = fold_range(c, fr, op, s, order, k, lo, hi - lo, (unsigned char *)s->me.out[k]->data + (size_t)lo * es);
    }
    rc = meeting_phase(c, s, rc);
    if (rc || !shared)
        return rc;
    for (int k = 0; k < s->ndata; k++) {
        int64_t N = s->me.in[k]->count;
        size_t es = tensor_elem_bytes(s->me.in[k]);
        for (int j = 0; j < s->n; j++) {
            int64_t lo = share_start(N, s->n, j), hi = share_start(N, s->n, j + 1);
            if (j != s->pos && hi > lo)
                memcpy((unsigned char *)s->me.out[k]->data + (size_t)lo * es,
                       (unsigned char *)member_at(s, j)->out[k]->data + (size_t)lo * es, (size_t)(hi - lo) * es);
        }
    }
    return meeting_phase(c, s, 0);
}

/* ---- the collectives ------------------------------------------------------ */

/* The group of this process, or REF's error when it is in none (9.6.2:
 * all_reduce, all_gather, all_to_all, reduce_scatter). */
static int join_required_group(rt_ctx *c, rt_frame *fr, const ir_op *op, meeting *s, int ndata, tensor **out)
{
    int rc = need_process(c, op);
    if (!rc)
        rc = meeting_alloc(c, op, s);
    if (!rc)
        rc = process_group(c, op, s->members, &s->n);
    if (!rc && s->n == 0)
        rc = rt_error(c, op->loc, "'%s': process (%d, %d) is in no group of replica_groups", ir_op_name(op->kind),
                      c->proc->replica, c->proc->partition);
    if (!rc)
        rc = meeting_join(c, fr, op, s, ndata, out);
    return rc;
}

/* Fails a meeting that was joined: the others must not wait for this
 * member's share. */
static int abandon(rt_ctx *c, meeting *s, int rc)
{
    if (s->m)
        rc = meeting_phase(c, s, rc);
    return s->m ? meeting_leave(c, s, rc) : (meeting_done(s), rc);
}

/* The checker could not know the size of a cross_replica_and_partition
 * group (9.6.2): `whole` must be `piece` times the group size. */
static int group_size_fits(rt_ctx *c, const ir_op *op, const meeting *s, int64_t whole, int64_t piece)
{
    if (whole == piece * s->n)
        return 0;
    return rt_error(c, op->loc, "'%s' dimension %lld is %lld, which is not %lld x %d (the group size)",
                    ir_op_name(op->kind), (long long)op->a.coll.dim, (long long)whole, (long long)piece, s->n);
}

int exec_all_reduce(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    int rc = join_required_group(c, fr, op, &s, op->noperands, res);
    if (rc)
        return abandon(c, &s, rc);
    return meeting_leave(c, &s, fold_group(c, fr, op, &s));
}

int exec_reduce_scatter(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    tensor *full = tensor_new(&fr->f->values[op->operands[0]].type);
    if (!full)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    int rc = join_required_group(c, fr, op, &s, 1, &full);
    if (rc) {
        tensor_release(full);
        return abandon(c, &s, rc);
    }
    rc = group_size_fits(c, op, &s, full->type.dims[op->a.coll.dim], res[0]->type.dims[op->a.coll.dim]);
    rc = rc ? meeting_phase(c, &s, rc) : fold_group(c, fr, op, &s);
    if (rc == 0) {
        /* part j (listed order) of `full` split along scatter_dimension
         * into as many parts as the first group has members (9.6.7) */
        const tensor_type *t = &res[0]->type;
        int64_t start[SHAPE_MAX_RANK] = { 0 }, stride[SHAPE_MAX_RANK];
        for (int d = 0; d < t->rank; d++)
            stride[d] = 1;
        start[op->a.coll.dim] = (int64_t)s.pos * t->dims[op->a.coll.dim];
        rc = rt_status(c, op, kern_slice(NULL, full, start, stride, res[0]));
    }
    tensor_release(full);
    return meeting_leave(c, &s, rc);
}

int exec_all_gather(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    int rc = join_required_group(c, fr, op, &s, op->noperands, res);
    if (rc)
        return abandon(c, &s, rc);
    const tensor **xs = mem_calloc((size_t)s.n, sizeof *xs);
    if (!xs)
        rc = rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    rc = rc ? rc : group_size_fits(c, op, &s, res[0]->type.dims[op->a.coll.dim], s.me.in[0]->type.dims[op->a.coll.dim]);
    for (int k = 0; k < s.ndata && rc == 0; k++) {
        for (int i = 0; i < s.n; i++)
            xs[i] = member_at(&s, i)->in[k];
        rc = rt_status(c, op, kern_concatenate(NULL, xs, s.n, op->a.coll.dim, res[k]));
    }
    mem_free(xs);
    return meeting_leave(c, &s, meeting_phase(c, &s, rc));
}

/* Part `part` of x split into `count` along dimension d. */
static tensor *split_part(const tensor *x, int64_t d, int64_t count, int64_t part)
{
    tensor_type t = x->type;
    t.dims[d] /= count;
    tensor *r = tensor_new(&t);
    int64_t start[SHAPE_MAX_RANK] = { 0 }, stride[SHAPE_MAX_RANK];
    for (int i = 0; i < t.rank; i++)
        stride[i] = 1;
    start[d] = part * t.dims[d];
    if (r && kern_slice(NULL, x, start, stride, r) != IRRUN_OK) {
        tensor_release(r);
        r = NULL;
    }
    return r;
}

int exec_all_to_all(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    int rc = join_required_group(c, fr, op, &s, op->noperands, res);
    if (rc)
        return abandon(c, &s, rc);
    const ir_collective *col = &op->a.coll;
    tensor **parts = mem_calloc((size_t)s.n, sizeof *parts);
    if (!parts)
        rc = rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    for (int k = 0; k < s.ndata && rc == 0; k++) {
        for (int i = 0; i < s.n && rc == 0; i++) {
            parts[i] = split_part(member_at(&s, i)->in[k], col->dim, col->split_count, s.pos);
            if (!parts[i])
                rc = rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
        }
        if (rc == 0)
            rc = rt_status(c, op, kern_concatenate(NULL, (const tensor *const *)parts, s.n, col->concat_dim, res[k]));
        for (int i = 0; i < s.n; i++) {
            tensor_release(parts[i]);
            parts[i] = NULL;
        }
    }
    mem_free(parts);
    return meeting_leave(c, &s, meeting_phase(c, &s, rc));
}

/* collective_permute (9.6.8): the processes of this line (same partition
 * for cross_replica, same replica for cross_partition) named by a pair
 * meet; a target receives its source's operand, everyone else zeros. */
int exec_collective_permute(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = need_process(c, op);
    if (rc)
        return rc;
    const grid_proc *p = c->proc;
    const ir_ints *pairs = &op->a.coll.pairs;
    bool by_replica = strategy_of(op) == CROSS_REPLICA;
    int64_t bound = by_replica ? p->replicas : p->partitions, mine = by_replica ? p->replica : p->partition;
    meeting s;
    meeting_init(&s);
    if ((rc = meeting_alloc(c, op, &s)) != 0)
        return abandon(c, &s, rc);
    bool in[GRID_MAX_PROCESSES] = { false };
    for (int i = 0; i < pairs->n; i++) {
        if (pairs->v[i] >= bound)
            return abandon(c, &s, rt_error(c, op->loc, "'%s' source_target_pairs id %lld is out of range for %lld %s",
                                            ir_op_name(op->kind), (long long)pairs->v[i], (long long)bound,
                                            by_replica ? "replicas" : "partitions"));
        in[pairs->v[i]] = true;
    }
    for (int64_t i = 0; i < bound; i++)
        if (in[i])
            s.members[s.n++] = by_replica ? (int)i * p->partitions + p->partition : p->replica * p->partitions + (int)i;
    if (!in[mine]) /* in no pair: zeros, without waiting */
        return abandon(c, &s, 0);
    if ((rc = meeting_join(c, fr, op, &s, 1, res)) != 0)
        return abandon(c, &s, rc);
    for (int i = 0; i < pairs->n; i += 2) {
        if (pairs->v[i + 1] != mine)
            continue;
        int src = by_replica ? (int)pairs->v[i] * p->partitions + p->partition
                             : p->replica * p->partitions + (int)pairs->v[i];
        for (int j = 0; j < s.n; j++)
            if (s.members[j] == src && res[0]->nbytes)
                memcpy(res[0]->data, member_at(&s, j)->in[0]->data, res[0]->nbytes);
    }
    return meeting_leave(c, &s, meeting_phase(c, &s, 0));
}

/* The root position of data operand k: the group's first member, or the
 * has_dynamic_root operand's entry k, which must be a position of the
 * group (decision 49). */
static int root_of(rt_ctx *c, rt_frame *fr, const ir_op *op, const meeting *s, int k, int *root)
{
    *root = 0;
    if (!op->a.coll.dynamic_root)
        return 0;
    int64_t r = exec_index_value(IN(op->noperands - 1), k);
    if (r < 0 || r >= s->n)
        return rt_error(c, op->loc, "'%s' root #%d is %lld, outside the group of %d process%s (decision 49)",
                        ir_op_name(op->kind), k, (long long)r, s->n, s->n == 1 ? "" : "es");
    *root = (int)r;
    return 0;
}

/* A group, or none (zeros: collective_broadcast, collective_reduce). */
static int join_group(rt_ctx *c, rt_frame *fr, const ir_op *op, meeting *s, int ndata, tensor **res)
{
    int rc = need_process(c, op);
    if (!rc)
        rc = meeting_alloc(c, op, s);
    if (!rc)
        rc = process_group(c, op, s->members, &s->n);
    if (!rc && s->n)
        rc = meeting_join(c, fr, op, s, ndata, res);
    return rc;
}

int exec_collective_broadcast(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    int ndata = op->noperands - (op->a.coll.dynamic_root ? 1 : 0);
    int rc = join_group(c, fr, op, &s, ndata, res);
    if (rc || !s.m)
        return abandon(c, &s, rc);
    for (int k = 0; k < ndata && rc == 0; k++) {
        int root;
        rc = root_of(c, fr, op, &s, k, &root);
        if (rc == 0 && res[k]->nbytes)
            memcpy(res[k]->data, member_at(&s, root)->in[k]->data, res[k]->nbytes);
    }
    return meeting_leave(c, &s, meeting_phase(c, &s, rc));
}

int exec_collective_reduce(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    meeting s;
    meeting_init(&s);
    int ndata = op->noperands - (op->a.coll.dynamic_root ? 1 : 0);
    int rc = join_group(c, fr, op, &s, ndata, res);
    if (rc || !s.m)
        return abandon(c, &s, rc);
    int *order = s.order;
    ascending(&s, order);
    for (int k = 0; k < ndata && rc == 0; k++) {
        int root;
        rc = root_of(c, fr, op, &s, k, &root);
        if (rc == 0 && root == s.pos)
            rc = fold_range(c, fr, op, &s, order, k, 0, res[k]->count, res[k]->data);
    }
    return meeting_leave(c, &s, meeting_phase(c, &s, rc));
}

/* ---- send, recv, infeed, outfeed ------------------------------------------ */

int exec_send(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = need_process(c, op);
    if (rc)
        return rc;
    int n = op->noperands - 1;
    tensor **values = mem_calloc((size_t)n + 1, sizeof *values);
    if (!values)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    for (int k = 0; k < n && rc == 0; k++)
        if (!(values[k] = grid_copy_value(IN(k))))
            rc = IRRUN_NOMEM;
    if (rc) {
        for (int k = 0; k < n; k++)
            tensor_release(values[k]);
        mem_free(values);
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    }
    rc = grid_send(c->proc, op, op->a.coll.channel, values, n);
    if (rc == IRRUN_NOMEM)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    if (rc)
        return rc;
    res[0] = tensor_retain(IN(n));
    return 0;
}

/* Decision 46: what arrives must have the recv's result types. The
 * values (taken over) become the results, followed by the token. */
static int take_values(rt_ctx *c, const ir_op *op, tensor **values, int n, tensor *token, tensor **res)
{
    int want = op->nresults - 1;
    int rc = 0;
    if (n != want)
        rc = rt_error(c, op->loc, "'%s' expects %d tensor%s but %d arrived", ir_op_name(op->kind), want,
                      want == 1 ? "" : "s", n);
    for (int k = 0; k < want && rc == 0; k++)
        if (!shape_equal(&values[k]->type, &op->result_types[k])) {
            char a[256], b[256];
            shape_format(&op->result_types[k], a, sizeof a);
            shape_format(&values[k]->type, b, sizeof b);
            rc = rt_error(c, op->loc, "'%s' result #%d is %s but %s arrived (decision 46)", ir_op_name(op->kind), k, a,
                          b);
        }
    for (int k = 0; k < n; k++) {
        if (rc == 0)
            res[k] = values[k];
        else
            tensor_release(values[k]);
    }
    if (rc == 0)
        res[op->nresults - 1] = tensor_retain(token);
    return rc;
}

int exec_recv(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = need_process(c, op);
    if (rc)
        return rc;
    tensor **values;
    int n;
    rc = grid_recv(c->proc, op, op->a.coll.channel, &values, &n);
    if (rc == IRRUN_NOMEM)
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    if (rc)
        return rc;
    rc = take_values(c, op, values, n, IN(0), res);
    mem_free(values);
    return rc;
}

/* The next function of the grid's infeed queue, run without arguments
 * (9.6.12); an empty queue is a run-time error (decision 47). */
int exec_infeed(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = need_process(c, op);
    if (rc)
        return rc;
    const ir_func *f = grid_infeed_next(c->proc);
    if (!f)
        return rt_error(c, op->loc, "'%s': the infeed queue is empty (decision 47)", ir_op_name(op->kind));
    tensor *values[1] = { NULL };
    rc = rt_call(c, f, NULL, values);
    if (rc)
        return rc;
    return take_values(c, op, values, 1, IN(0), res);
}

/* outfeed's queue is never read (9.6.12): only the token goes on. */
int exec_outfeed(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = need_process(c, op);
    if (rc)
        return rc;
    res[0] = tensor_retain(IN(op->noperands - 1));
    return 0;
}
