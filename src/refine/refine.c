/* The refinement walk (docs/shape-polymorphism.md): the entry function's
 * arguments take the inputs' types (REF's StablehloRefineArguments, with its
 * errors), then every op in order gets its result types from its operands
 * (refine_infer.c) and its known values (refine_fold.c); a call of a
 * function with dynamic types gets a copy of that function refined for the
 * call's argument types and known scalar arguments (one copy per distinct
 * call); `custom_call @shape_assertion` is evaluated; the dynamic ops whose
 * shape operands are known become their static ops (REF's
 * StablehloCanonicalizeDynamism). The walk works on copies of the
 * functions, so the module's text stays what it was until the end. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check/check.h"
#include "ir/arena.h"
#include "ir/parse.h"
#include "refine/refine_internal.h"
#include "util/mem.h"

/* Calls nest at most this deep while refining (a recursion is refused). */
enum { REFINE_MAX_DEPTH = 64 };

struct refine_spec {
    int orig;                 /* index into refiner.orig */
    int nargs;
    tensor_type *args;
    refine_known *known;      /* per argument (rank-0 integers only) */
    ir_func *f;               /* the refined copy */
    refine_known *ret;        /* per result: its values when known */
    bool done;
    refine_spec *next;
};

bool refine_error(refiner *r, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(r->src, loc, fmt, ap);
    va_end(ap);
    r->failed = true;
    return false;
}

bool refine_oom(refiner *r)
{
    if (!r->nomem)
        diag_error(r->src, (src_loc){ 0, 0 }, "out of memory");
    r->nomem = r->failed = true;
    return false;
}

bool refine_needed(const ir_func *f)
{
    for (int i = 0; f && i < f->nargs; i++)
        if (!shape_is_static(&f->arg_types[i]))
            return true;
    return false;
}

static bool is_target(const ir_op *o, const char *target)
{
    return o->kind == IR_OP_CUSTOM_CALL && o->a.custom_call.target && strcmp(o->a.custom_call.target, target) == 0;
}

/* ---- copies ------------------------------------------------------------ */

static void *dup(refiner *r, const void *p, size_t n, size_t size)
{
    if (!n)
        return (void *)p;
    void *q = arena_alloc(r->m->arena, n, size);
    if (!q)
        return NULL;
    memcpy(q, p, n * size);
    return q;
}

static bool copy_block(refiner *r, ir_block *to, const ir_block *from);

static bool copy_op(refiner *r, ir_op *to, const ir_op *from)
{
    *to = *from;
    size_t ni = (size_t)from->noperands, nr = (size_t)from->nresults;
    if ((ni && (!(to->operands = dup(r, from->operands, ni, sizeof(int))) ||
                !(to->operand_types = dup(r, from->operand_types, ni, sizeof(tensor_type))))) ||
        (nr && (!(to->results = dup(r, from->results, nr, sizeof(int))) ||
                !(to->result_types = dup(r, from->result_types, nr, sizeof(tensor_type))))))
        return refine_oom(r);
    if (!from->nregions)
        return true;
    if (!(to->regions = arena_alloc(r->m->arena, (size_t)from->nregions, sizeof(ir_block))))
        return refine_oom(r);
    int g = 0;
    while (g < from->nregions && copy_block(r, &to->regions[g], &from->regions[g]))
        g++;
    return g == from->nregions;
}

static bool copy_block(refiner *r, ir_block *to, const ir_block *from)
{
    *to = *from;
    if (from->nargs && (!(to->args = dup(r, from->args, (size_t)from->nargs, sizeof(int))) ||
                        !(to->arg_types = dup(r, from->arg_types, (size_t)from->nargs, sizeof(tensor_type)))))
        return refine_oom(r);
    if (from->nops) {
        to->ops = arena_alloc(r->m->arena, (size_t)from->nops, sizeof(ir_op));
        if (!to->ops)
            return refine_oom(r);
        for (int i = 0; i < from->nops; i++)
            if (!copy_op(r, &to->ops[i], &from->ops[i]))
                return false;
    }
    return true;
}

static ir_func *copy_func(refiner *r, const ir_func *from)
{
    ir_func *f = arena_alloc(r->m->arena, 1, sizeof *f);
    if (!f)
        return refine_oom(r), NULL;
    *f = *from;
    if ((f->nargs && !(f->arg_types = dup(r, from->arg_types, (size_t)f->nargs, sizeof(tensor_type)))) ||
        (f->nresults && !(f->result_types = dup(r, from->result_types, (size_t)f->nresults, sizeof(tensor_type)))))
        return refine_oom(r), NULL;
    if (!copy_block(r, &f->body, &from->body))
        return NULL;
    return f;
}

/* ---- the walk -------------------------------------------------------------- */

static bool refine_func(refiner *r, ir_func *f, const tensor_type *args, const refine_known *known,
                        refine_known *ret_known);
static bool refine_block(refiner *r, refine_frame *fr, ir_block *b);

/* The refined type of a result written `have`, inferred `want`: a static
 * written size stays and must agree with the inferred one; a `?` takes the
 * inferred size; one left unknown is an error. */
static bool settle(refiner *r, const ir_op *o, const char *op, int k, const tensor_type *have, tensor_type *want)
{
    if (!shape_is_tensor(have))
        return true;
    if (want->rank != have->rank || want->elem != have->elem)
        return refine_error(r, o->loc, "'%s' result #%d is written %s but refines to %s", op, k,
                            check_type_str(have), check_type_str(want));
    for (int d = 0; d < have->rank; d++) {
        if (!shape_dim_dynamic(have->dims[d]) && !shape_dim_dynamic(want->dims[d]) && have->dims[d] != want->dims[d])
            return refine_error(r, o->loc,
                                "'%s' result #%d is written %s, but its operands make dimension %d %lld, not %lld",
                                op, k, check_type_str(have), d, (long long)want->dims[d], (long long)have->dims[d]);
        if (shape_dim_dynamic(want->dims[d]))
            want->dims[d] = have->dims[d];
        if (shape_dim_dynamic(want->dims[d]))
            return refine_error(r, o->loc, "'%s' result #%d %s: dimension %d cannot be refined from the inputs", op, k,
                                check_type_str(have), d);
        int64_t bound = shape_dim_bound(have->dims[d]);
        if (bound >= 0 && want->dims[d] > bound)
            return refine_error(r, o->loc, "'%s' result #%d %s: dimension %d refines to %lld, above its bound %lld", op,
                                k, check_type_str(have), d, (long long)want->dims[d], (long long)bound);
    }
    if (shape_count(want) < 0)
        return refine_error(r, o->loc, "'%s' result #%d refines to %s, which has too many elements", op, k,
                            check_type_str(want));
    return true;
}

/* A type `t` a value of type `have` takes: static dimensions must agree. */
static bool compatible(const tensor_type *have, const tensor_type *t)
{
    if (shape_kind_of(have) != shape_kind_of(t) || have->elem != t->elem || have->rank != t->rank)
        return shape_kind_of(have) != SHAPE_TENSOR && shape_kind_of(have) == shape_kind_of(t);
    for (int d = 0; d < have->rank; d++)
        if (!shape_dim_dynamic(have->dims[d]) && have->dims[d] != t->dims[d])
            return false;
    return true;
}

static void set_block_args(refine_frame *fr, ir_block *b, const tensor_type *types)
{
    for (int i = 0; i < b->nargs; i++) {
        if (types)
            b->arg_types[i] = types[i];
        fr->types[b->args[i]] = b->arg_types[i];
        fr->known[b->args[i]].known = false;
    }
}

static const ir_op *terminator(const ir_block *b) { return b->nops ? &b->ops[b->nops - 1] : NULL; }

/* ---- calls -------------------------------------------------------------- */

static bool same_known(const refine_known *a, const refine_known *b)
{
    if (a->known != b->known)
        return false;
    return !a->known || (a->n == b->n && memcmp(a->v, b->v, (size_t)a->n * sizeof a->v[0]) == 0);
}

static bool has_dynamic_block(const ir_block *b)
{
    for (int i = 0; i < b->nargs; i++)
        if (!shape_is_static(&b->arg_types[i]))
            return true;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *o = &b->ops[i];
        for (int k = 0; k < o->noperands; k++)
            if (!shape_is_static(&o->operand_types[k]))
                return true;
        for (int k = 0; k < o->nresults; k++)
            if (!shape_is_static(&o->result_types[k]))
                return true;
        for (int g = 0; g < o->nregions; g++)
            if (has_dynamic_block(&o->regions[g]))
                return true;
        if (o->kind == IR_OP_CALL || o->kind == IR_OP_COMPOSITE || is_target(o, "shape_assertion"))
            return true; /* refined through: its callee may be dynamic */
    }
    return false;
}

/* The name of the k-th refined copy of a function named `base`: the first
 * keeps the name, the others get `base_refinedK` (unused in m). */
static const char *spec_name(refiner *r, const char *base, int k)
{
    if (k == 0)
        return base;
    size_t n = strlen(base) + 32;
    char *s = arena_alloc(r->m->arena, n, 1);
    if (!s)
        return NULL;
    for (int extra = 0;; extra++) {
        snprintf(s, n, "%s_refined%d", base, k + extra);
        if (!ir_module_find(r->m, s))
            return s;
    }
}

/* A call of a static function with some known arguments: the values of
 * its results from a scratch copy refined with them (the call keeps the
 * function as it is; only the values are wanted, for shapes computed
 * through helper functions such as JAX's @remainder). */
static bool static_call_values(refiner *r, refine_frame *fr, const ir_op *o, const ir_func *g,
                               const refine_known **ret)
{
    bool any = false;
    for (int k = 0; k < o->noperands; k++)
        any |= refine_operand_known(fr, o, k) != NULL;
    if (!any || r->depth >= REFINE_MAX_DEPTH)
        return true;
    refine_known *known = arena_alloc(r->m->arena, (size_t)o->noperands, sizeof *known);
    refine_known *out = arena_alloc(r->m->arena, (size_t)(o->nresults ? o->nresults : 1), sizeof *out);
    ir_func *copy = known && out ? copy_func(r, g) : NULL;
    if (!copy)
        return r->nomem || refine_oom(r);
    for (int k = 0; k < o->noperands; k++) {
        const refine_known *kn = refine_operand_known(fr, o, k);
        known[k].known = kn != NULL;
        if (kn)
            known[k] = *kn;
    }
    r->depth++;
    bool ok = refine_func(r, copy, g->arg_types, known, out);
    r->depth--;
    if (ok)
        *ret = out;
    return ok;
}

/* *ret: the known values of the call's results (NULL: none known) */
static bool refine_call(refiner *r, refine_frame *fr, ir_op *o, const refine_known **ret)
{
    *ret = NULL;
    int gi = -1;
    for (int i = 0; i < r->norig; i++)
        if (strcmp(r->orig[i].name, o->a.call.name) == 0)
            gi = i;
    if (gi < 0)
        return refine_error(r, o->loc, "'%s' to unknown function '@%s'", ir_op_name(o->kind), o->a.call.name);
    const ir_func *g = &r->orig[gi];
    if (g->nargs != o->noperands || g->nresults != o->nresults || !g->has_body)
        return refine_error(r, o->loc, "'%s' does not match the signature of '@%s'", ir_op_name(o->kind), g->name);
    if (!has_dynamic_block(&g->body) && !refine_needed(g)) {
        for (int k = 0; k < g->nargs; k++)
            if (!shape_equal(&o->operand_types[k], &g->arg_types[k]))
                return refine_error(r, o->uses[k].loc, "'%s' argument #%d refines to %s but '@%s' takes %s",
                                    ir_op_name(o->kind), k, check_type_str(&o->operand_types[k]), g->name,
                                    check_type_str(&g->arg_types[k]));
        for (int k = 0; k < o->nresults; k++)
            o->result_types[k] = g->result_types[k];
        return static_call_values(r, fr, o, g, ret);
    }
    for (int k = 0; k < g->nargs; k++)
        if (!compatible(&g->arg_types[k], &o->operand_types[k]))
            return refine_error(r, o->uses[k].loc, "'%s' argument #%d refines to %s, which '@%s' cannot take as %s",
                                ir_op_name(o->kind), k, check_type_str(&o->operand_types[k]), g->name,
                                check_type_str(&g->arg_types[k]));
    /* the key: argument types and the values of known scalar integers */
    refine_known *known = arena_alloc(r->m->arena, (size_t)(g->nargs ? g->nargs : 1), sizeof *known);
    if (!known)
        return refine_oom(r);
    for (int k = 0; k < g->nargs; k++) {
        const refine_known *kn = refine_operand_known(fr, o, k);
        known[k].known = kn && o->operand_types[k].rank == 0;
        if (known[k].known)
            known[k] = *kn;
    }
    int count = 0;
    refine_spec *s;
    for (s = r->specs; s; s = s->next) {
        if (s->orig != gi)
            continue;
        count++;
        bool same = true;
        for (int k = 0; k < g->nargs && same; k++)
            same = shape_equal(&s->args[k], &o->operand_types[k]) && same_known(&s->known[k], &known[k]);
        if (same)
            break;
    }
    if (!s) {
        if (r->depth >= REFINE_MAX_DEPTH)
            return refine_error(r, o->loc, "'%s' to '@%s': calls nest deeper than %d while refining (a recursion?)",
                                ir_op_name(o->kind), g->name, REFINE_MAX_DEPTH);
        s = arena_alloc(r->m->arena, 1, sizeof *s);
        if (!s || !(s->args = dup(r, o->operand_types, (size_t)g->nargs, sizeof(tensor_type))))
            return refine_oom(r);
        s->orig = gi;
        s->nargs = g->nargs;
        s->known = known;
        if (!(s->ret = arena_alloc(r->m->arena, (size_t)(g->nresults ? g->nresults : 1), sizeof *s->ret)))
            return refine_oom(r);
        if (!(s->f = copy_func(r, g)) || !(s->f->name = spec_name(r, g->name, count)))
            return r->nomem || refine_oom(r);
        s->next = r->specs;
        r->specs = s;
        r->depth++;
        bool ok = refine_func(r, s->f, s->args, s->known, s->ret);
        r->depth--;
        if (!ok)
            return false;
        s->done = true;
    } else if (!s->done) {
        return refine_error(r, o->loc, "'%s' to '@%s' while refining '@%s' itself (a recursion)", ir_op_name(o->kind),
                            g->name, g->name);
    }
    o->a.call.name = s->f->name;
    for (int k = 0; k < o->nresults; k++)
        o->result_types[k] = s->f->result_types[k];
    *ret = s->ret;
    return true;
}

/* ---- custom calls ---------------------------------------------------------- */

/* custom_call @shape_assertion(%ok, %v0, ...) {error_message = "... {0} ..."}
 * (JAX's shape assertions): a known false predicate is an error with the
 * message, its {k} replaced by the value of operand k + 1; a true one is
 * dropped; an unknown one is an error (it could not be decided). */
static bool shape_assertion(refiner *r, refine_frame *fr, ir_op *o, bool *drop)
{
    const refine_known *ok = o->noperands > 0 ? refine_operand_known(fr, o, 0) : NULL;
    if (!ok || ok->n != 1)
        return refine_error(r, o->loc, "'@shape_assertion' predicate is not known after refinement");
    if (ok->v[0]) {
        *drop = true;
        return true;
    }
    const pattr *msg = ir_extra_attr(o, "error_message");
    const char *text = msg && msg->kind == PA_STRING ? msg->text : "shape assertion failed";
    char out[1024];
    size_t at = 0;
    for (const char *p = text; *p && at + 32 < sizeof out; p++) {
        int k;
        if (p[0] == '{' && p[1] >= '0' && p[1] <= '9' && p[2] == '}' && (k = p[1] - '0' + 1) < o->noperands) {
            const refine_known *v = refine_operand_known(fr, o, k);
            if (v && v->n == 1)
                at += (size_t)snprintf(out + at, sizeof out - at, "%lld", (long long)v->v[0]);
            else
                at += (size_t)snprintf(out + at, sizeof out - at, "?");
            p += 2;
        } else {
            out[at++] = *p;
        }
    }
    out[at] = '\0';
    return refine_error(r, o->loc, "shape assertion failed: %s", out);
}

/* custom_call with `indices_of_shape_operands`: result k's shape is the
 * value of the k-th listed operand (REF's hlo::getShapeRefinements). */
static bool custom_call_shapes(refiner *r, refine_frame *fr, ir_op *o, tensor_type *want)
{
    const pattr *ix = ir_extra_attr(o, "indices_of_shape_operands");
    if (!ix || ix->kind != PA_DENSE || !ix->lit)
        return true;
    for (int64_t k = 0; k < ix->lit->count && k < o->nresults; k++) {
        int64_t i = et_sign_extend(ix->lit->type.elem, et_load_bits(ix->lit->type.elem, ir_literal_at(ix->lit, k)));
        const refine_known *kn = i >= 0 && i < o->noperands ? refine_operand_known(fr, o, (int)i) : NULL;
        if (!kn || kn->n != want[k].rank)
            return refine_error(r, o->loc, "'@%s' shape operand %lld is not a constant after refinement",
                                o->a.custom_call.target, (long long)i);
        for (int d = 0; d < want[k].rank; d++)
            want[k].dims[d] = kn->v[d];
    }
    return true;
}

/* custom_call @stablehlo.dynamic_top_k(%x, %k) (JAX's top_k with a
 * symbolic k): with k known, its results are x's shape with k last, and it
 * becomes chlo.top_k (the caller expands chlo ops again; newer StableHLO's
 * canonicalization makes the same rewrite). */
static bool dynamic_top_k(refiner *r, refine_frame *fr, ir_op *o, tensor_type *want)
{
    const refine_known *k = o->noperands == 2 ? refine_operand_known(fr, o, 1) : NULL;
    const tensor_type *x = &o->operand_types[0];
    if (o->nresults != 2 || x->rank < 1 || !k || k->n != 1)
        return refine_error(r, o->loc, "'@stablehlo.dynamic_top_k' needs an operand, a known k and two results");
    for (int i = 0; i < 2; i++) {
        if (want[i].rank != x->rank)
            return refine_error(r, o->loc, "'@stablehlo.dynamic_top_k' result #%d must have rank %d", i, x->rank);
        memcpy(want[i].dims, x->dims, sizeof want[i].dims);
        want[i].dims[x->rank - 1] = k->v[0];
    }
    return true;
}

static void to_chlo_top_k(refine_frame *fr, ir_op *o)
{
    int64_t k = refine_operand_known(fr, o, 1)->v[0];
    o->kind = IR_OP_CHLO_TOP_K;
    o->noperands = 1;
    o->a.top_k.k = k;
    o->a.top_k.largest = true;
}

/* ---- canonical static ops (REF's StablehloCanonicalizeDynamism) ---------- */

/* Operands first .. first + n - 1 of o as n lists of their known values:
 * false when one is not known (or out of memory: r->nomem). */
static bool lists_of(refiner *r, refine_frame *fr, const ir_op *o, int first, int n, ir_ints *out)
{
    for (int j = 0; j < n; j++) {
        const refine_known *kn = refine_operand_known(fr, o, first + j);
        if (!kn)
            return false;
        out[j].n = kn->n;
        if (!(out[j].v = dup(r, kn->v, (size_t)(kn->n ? kn->n : 1), sizeof(int64_t))))
            return refine_oom(r);
    }
    return true;
}

/* A dynamic op whose shape operands are known becomes its static op (its
 * operands the first ones), as StablehloCanonicalizeDynamism rewrites it;
 * the ops whose result shape is an operand's value get it in *want, the
 * others get theirs from the static op's shape rule (refine_infer.c). An
 * op whose operands are not known stays as it is. */
static const struct {
    ir_op_kind from, to;
    int keep;          /* operands the static op keeps */
    int first, nlists; /* the shape operands */
} rewrites[] = {
    { IR_OP_DYNAMIC_BROADCAST_IN_DIM, IR_OP_BROADCAST_IN_DIM, 1, 1, 1 },
    { IR_OP_DYNAMIC_RESHAPE, IR_OP_RESHAPE, 1, 1, 1 },
    { IR_OP_DYNAMIC_IOTA, IR_OP_IOTA, 0, 0, 1 },
    { IR_OP_DYNAMIC_PAD, IR_OP_PAD, 2, 2, 3 },
    { IR_OP_REAL_DYNAMIC_SLICE, IR_OP_SLICE, 1, 1, 3 },
    { IR_OP_DYNAMIC_GATHER, IR_OP_GATHER, 2, 2, 1 },
    { IR_OP_DYNAMIC_CONV, IR_OP_CONVOLUTION, 2, 2, 1 },
};

static bool canonicalize(refiner *r, refine_frame *fr, ir_op *o, tensor_type *want)
{
    int e = 0, n = (int)(sizeof rewrites / sizeof rewrites[0]);
    while (e < n && rewrites[e].from != o->kind)
        e++;
    ir_ints l[3];
    if (e == n || !lists_of(r, fr, o, rewrites[e].first, rewrites[e].nlists, l))
        return !r->nomem;
    ir_op_kind to = rewrites[e].to;
    if (to == IR_OP_BROADCAST_IN_DIM || to == IR_OP_RESHAPE || to == IR_OP_IOTA) {
        if (l[0].n != want->rank)
            return true; /* the checker's rules say what is wrong */
        for (int d = 0; d < want->rank; d++) {
            if (l[0].v[d] < 0)
                return refine_error(r, o->uses[rewrites[e].first].loc,
                                    "'%s' shape operand has a negative size %lld at dimension %d",
                                    ir_op_name(o->kind), (long long)l[0].v[d], d);
            want->dims[d] = l[0].v[d];
        }
    } else if (to == IR_OP_PAD) {
        o->a.pad.low = l[0], o->a.pad.high = l[1], o->a.pad.interior = l[2];
    } else if (to == IR_OP_SLICE) {
        o->a.slice.start = l[0], o->a.slice.limit = l[1], o->a.slice.stride = l[2];
    } else if (to == IR_OP_GATHER) {
        o->a.index.slice_sizes = l[0];
    } else { /* convolution: the padding's rows [lo, hi] apart */
        int s = l[0].n / 2;
        ir_ints lo = { s, arena_alloc(r->m->arena, (size_t)s + 1, sizeof(int64_t)) };
        ir_ints hi = { s, arena_alloc(r->m->arena, (size_t)s + 1, sizeof(int64_t)) };
        if (!lo.v || !hi.v)
            return refine_oom(r);
        for (int j = 0; j < s; j++) {
            lo.v[j] = l[0].v[2 * j];
            hi.v[j] = l[0].v[2 * j + 1];
        }
        o->a.conv.low = lo;
        o->a.conv.high = hi;
    }
    o->kind = to;
    o->noperands = rewrites[e].keep;
    return true;
}

/* ---- custom calls that become ops (StableHLO's shape refinement) -------- */

/* The names of a copied block's values made `FUNC/NAME`: no name written
 * in a program has a '/', so none collides with a value of the function
 * that now holds the block. */
static bool rename_uses(refiner *r, ir_use **u, int n, const char *prefix)
{
    if (!n)
        return true;
    ir_use *v = dup(r, *u, (size_t)n, sizeof **u);
    if (!v)
        return refine_oom(r);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(prefix) + strlen(v[i].name) + 2;
        char *name = arena_alloc(r->m->arena, len, 1);
        if (!name)
            return refine_oom(r);
        snprintf(name, len, "%s/%s", prefix, v[i].name);
        v[i].name = name;
    }
    *u = v;
    return true;
}

static bool rename_block(refiner *r, ir_block *b, const char *prefix)
{
    if (!rename_uses(r, &b->arg_names, b->nargs, prefix))
        return false;
    for (int i = 0; i < b->nops; i++) {
        ir_op *o = &b->ops[i];
        if (!rename_uses(r, &o->uses, o->noperands, prefix) || !rename_uses(r, &o->defs, o->ndefs, prefix))
            return false;
        for (int g = 0; g < o->nregions; g++)
            if (!rename_block(r, &o->regions[g], prefix))
                return false;
    }
    return true;
}

/* Function f's body as the region of an op: a renamed copy whose
 * func.return is a stablehlo.return. */
static ir_block *body_region(refiner *r, const ir_func *f)
{
    ir_func *copy = copy_func(r, f);
    if (!copy || !rename_block(r, &copy->body, f->name))
        return NULL;
    ir_block *b = &copy->body;
    if (b->nops && b->ops[b->nops - 1].kind == IR_OP_RETURN)
        b->ops[b->nops - 1].kind = IR_OP_REGION_RETURN;
    return b;
}

/* custom_call @stablehlo.dynamic_reduce_window(inputs, inits,
 * window_dimensions, window_strides, base_dilations, window_dilations,
 * padding) {called_computations = [@body]} (JAX's reduce_window on `?`
 * shapes; its operands and body were checked at load): with the five
 * window operands known it becomes reduce_window, its body a copy of @body
 * (StableHLO's shape refinement makes the same rewrite). */
static bool to_reduce_window(refiner *r, refine_frame *fr, ir_op *o)
{
    int n = (o->noperands - 5) / 2, rank = o->operand_types[0].rank;
    ir_ints l[5];
    if (!lists_of(r, fr, o, 2 * n, 5, l))
        return !r->nomem && refine_error(r, o->loc, "'@stablehlo.dynamic_reduce_window' window operands are not "
                                         "constants after refinement");
    for (int j = 0; j < 5; j++)
        if (l[j].n != (j < 4 ? rank : 2 * rank))
            return refine_error(r, o->uses[2 * n + j].loc, "'@stablehlo.dynamic_reduce_window' window operand #%d "
                                "holds %d values after refinement, not %d", 2 * n + j, l[j].n,
                                j < 4 ? rank : 2 * rank);
    const ir_func *f = o->a.custom_call.callee;
    ir_block *body = f ? body_region(r, f) : NULL;
    ir_ints lo = { rank, arena_alloc(r->m->arena, (size_t)rank + 1, sizeof(int64_t)) };
    ir_ints hi = { rank, arena_alloc(r->m->arena, (size_t)rank + 1, sizeof(int64_t)) };
    if (!body || !lo.v || !hi.v)
        return r->nomem || refine_oom(r);
    for (int d = 0; d < rank; d++) {
        lo.v[d] = l[4].v[2 * d];
        hi.v[d] = l[4].v[2 * d + 1];
    }
    o->kind = IR_OP_REDUCE_WINDOW;
    o->noperands = 2 * n;
    memset(&o->a, 0, sizeof o->a);
    o->a.window = (ir_window){ l[0], l[1], l[2], l[3], lo, hi };
    o->written = IR_W_WINDOW_STRIDES | IR_W_BASE_DILATIONS | IR_W_WINDOW_DILATIONS | IR_W_PADDING; /* as operands */
    o->nregions = 1;
    o->regions = body;
    o->extra = (ir_attrs){ 0 }; /* api_version, called_computations: the custom call's */
    return true;
}

/* custom_call @stablehlo.dynamic_rng_bit_generator(state, shape): with its
 * output's shape known it would be rng_bit_generator, whose bits SPEC
 * leaves to the implementation and which ir-run refuses (docs/semantics.md,
 * decision 41): a located error that says so. */
static bool dynamic_rng(refiner *r, refine_frame *fr, ir_op *o)
{
    const refine_known *kn = refine_operand_known(fr, o, 1);
    tensor_type out = o->result_types[1];
    if (!kn || kn->n != out.rank)
        return refine_error(r, o->loc, "'@stablehlo.dynamic_rng_bit_generator' output_shape is not a constant after "
                            "refinement");
    for (int d = 0; d < out.rank; d++)
        out.dims[d] = kn->v[d];
    return refine_error(r, o->loc, "'@stablehlo.dynamic_rng_bit_generator' refines to 'stablehlo.rng_bit_generator' "
                        "with output %s, which ir-run refuses: its bits are the implementation's (docs/semantics.md, "
                        "decision 41)", check_type_str(&out));
}

/* ---- ops ------------------------------------------------------------------- */

/* Refines the regions of a control op: while (arguments = operands), if and
 * case (no arguments); their results come from the branches' returns. */
static bool refine_control(refiner *r, refine_frame *fr, ir_op *o, tensor_type *want)
{
    for (int g = 0; g < o->nregions; g++) {
        ir_block *b = &o->regions[g];
        set_block_args(fr, b, o->kind == IR_OP_WHILE ? o->operand_types : NULL);
        if (!refine_block(r, fr, b))
            return false;
    }
    if (o->kind == IR_OP_WHILE) {
        for (int k = 0; k < o->nresults && k < o->noperands; k++)
            want[k] = o->operand_types[k];
        return true;
    }
    for (int g = 0; g < o->nregions; g++) {
        const ir_op *ret = terminator(&o->regions[g]);
        for (int k = 0; ret && k < o->nresults && k < ret->noperands; k++) {
            if (g == 0)
                want[k] = ret->operand_types[k];
            else if (!shape_equal(&want[k], &ret->operand_types[k]))
                return refine_error(r, ret->loc, "'%s' branch #%d returns %s where branch #0 returns %s",
                                    ir_op_name(o->kind), g, check_type_str(&ret->operand_types[k]),
                                    check_type_str(&want[k]));
        }
    }
    return true;
}

static bool refine_op(refiner *r, refine_frame *fr, ir_op *o, bool *drop)
{
    for (int i = 0; i < o->noperands; i++) {
        const tensor_type *t = &fr->types[o->operands[i]];
        if (!compatible(&o->operand_types[i], t))
            return refine_error(r, o->uses[i].loc, "'%s' operand #%d is written %s but refines to %s",
                                o->from ? o->from : ir_op_name(o->kind), i, check_type_str(&o->operand_types[i]),
                                check_type_str(t));
        o->operand_types[i] = *t;
    }
    tensor_type want[64], *w = want;
    if (o->nresults > 64 && !(w = arena_alloc(r->m->arena, (size_t)o->nresults, sizeof *w)))
        return refine_oom(r);
    for (int k = 0; k < o->nresults; k++)
        w[k] = o->result_types[k];
    bool ok = true;
    const refine_known *call_known = NULL;
    const char *written = o->from ? o->from : ir_op_name(o->kind); /* the op as written, for messages */
    if (o->kind == IR_OP_WHILE || o->kind == IR_OP_IF || o->kind == IR_OP_CASE) {
        ok = refine_control(r, fr, o, w);
    } else if (o->kind == IR_OP_CALL || o->kind == IR_OP_COMPOSITE) { /* a composite: its decomposition */
        if (!refine_call(r, fr, o, &call_known))
            return false;
        for (int k = 0; k < o->nresults; k++)
            w[k] = o->result_types[k];
    } else {
        for (int g = 0; g < o->nregions && ok; g++) {
            set_block_args(fr, &o->regions[g], NULL);
            ok = refine_block(r, fr, &o->regions[g]);
        }
        if (ok && is_target(o, "shape_assertion"))
            return shape_assertion(r, fr, o, drop);
        if (ok && is_target(o, "stablehlo.dynamic_rng_bit_generator"))
            return dynamic_rng(r, fr, o);
        if (ok && is_target(o, "stablehlo.dynamic_reduce_window"))
            ok = to_reduce_window(r, fr, o);
        if (ok && is_target(o, "stablehlo.dynamic_top_k"))
            ok = dynamic_top_k(r, fr, o, w);
        else if (ok && o->kind == IR_OP_CUSTOM_CALL)
            ok = custom_call_shapes(r, fr, o, w);
        if (ok && o->nresults == 1)
            ok = canonicalize(r, fr, o, w);
        if (ok)
            ok = refine_infer(r, o, w);
    }
    if (!ok)
        return false;
    for (int k = 0; k < o->nresults; k++) {
        if (!settle(r, o, written, k, &o->result_types[k], &w[k]))
            return false;
        o->result_types[k] = w[k];
        fr->types[o->results[k]] = w[k];
        fr->known[o->results[k]].known = false;
    }
    if (check_op(r->m, r->src, fr->f, o) != 0) /* the op's own rules, now that it is static */
        return r->failed = true, false;
    for (int k = 0; call_known && k < o->nresults; k++)
        fr->known[o->results[k]] = call_known[k];
    refine_fold(fr, o);
    if (is_target(o, "stablehlo.dynamic_top_k")) {
        to_chlo_top_k(fr, o);
        r->chlo = true;
    }
    if (o->deferred) /* a chlo op kept with `?` types, static now */
        r->chlo = true;
    return true;
}

static bool refine_block(refiner *r, refine_frame *fr, ir_block *b)
{
    int out = 0;
    for (int i = 0; i < b->nops; i++) {
        bool drop = false;
        if (!refine_op(r, fr, &b->ops[i], &drop))
            return false;
        if (!drop)
            b->ops[out++] = b->ops[i];
    }
    b->nops = out;
    return true;
}

/* Refines f (a copy) for arguments of types args whose values are known
 * where known[k].known. */
static bool refine_func(refiner *r, ir_func *f, const tensor_type *args, const refine_known *known,
                        refine_known *ret_known)
{
    refine_frame fr = { .f = f };
    size_t n = (size_t)(f->nvalues ? f->nvalues : 1);
    fr.types = mem_calloc(n, sizeof *fr.types);
    fr.known = mem_calloc(n, sizeof *fr.known);
    bool ok = fr.types && fr.known;
    if (!ok)
        refine_oom(r);
    if (ok) {
        for (int k = 0; k < f->nargs; k++)
            f->arg_types[k] = args[k];
        set_block_args(&fr, &f->body, args);
        for (int k = 0; k < f->nargs; k++)
            if (known && known[k].known)
                fr.known[f->body.args[k]] = known[k];
        ok = refine_block(r, &fr, &f->body);
    }
    refine_known *rk = ret_known;
    const ir_op *ret = ok ? terminator(&f->body) : NULL;
    for (int k = 0; ok && ret && k < f->nresults && k < ret->noperands; k++) {
        if (!compatible(&f->result_types[k], &ret->operand_types[k]))
            ok = refine_error(r, ret->uses[k].loc, "'@%s' result #%d is declared %s but refines to %s", f->name, k,
                              check_type_str(&f->result_types[k]), check_type_str(&ret->operand_types[k]));
        else
            f->result_types[k] = ret->operand_types[k];
        if (ok && rk)
            rk[k] = fr.known[ret->operands[k]];
    }
    mem_free(fr.types);
    mem_free(fr.known);
    return ok;
}

/* REF's StablehloRefineArguments' checks, in its words. */
static bool check_args(refiner *r, const ir_func *f, tensor *const *args, int nargs)
{
    if (nargs != f->nargs)
        return refine_error(r, f->loc, "number of refinements must match number of function operands %d vs %d", nargs,
                            f->nargs);
    for (int i = 0; i < nargs; i++) {
        const tensor_type *t = &f->arg_types[i], *a = &args[i]->type;
        if (shape_equal(t, a))
            continue;
        if (!shape_is_tensor(t) || !shape_is_tensor(a) || t->elem != a->elem)
            return refine_error(r, f->loc, "invalid refinement for argument %d, refinement must be a tensor of %s in %s->%s",
                                i, et_get(t->elem)->name, check_type_str(t), check_type_str(a));
        if (t->rank != a->rank)
            return refine_error(r, f->loc, "invalid refinement for argument %d, refinement rank must match operand rank "
                                "in %s->%s", i, check_type_str(t), check_type_str(a));
        for (int d = 0; d < t->rank; d++) {
            if (!shape_dim_dynamic(t->dims[d]) && t->dims[d] != a->dims[d])
                return refine_error(r, f->loc,
                                    "invalid refinement for argument %d, refinement dimension sizes must match for "
                                    "static dimensions in %s->%s (dimension %d is %lld, the input's is %lld)",
                                    i, check_type_str(t), check_type_str(a), d, (long long)t->dims[d],
                                    (long long)a->dims[d]);
            int64_t b = shape_dim_bound(t->dims[d]);
            if (b >= 0 && a->dims[d] > b)
                return refine_error(r, f->loc, "invalid refinement for argument %d: dimension %d of %s is %lld, above "
                                    "the bound %lld of %s", i, d, check_type_str(a), (long long)a->dims[d],
                                    (long long)b, check_type_str(t));
        }
    }
    return true;
}

/* The known values of the entry's small integer arguments (at most
 * REFINE_KNOWN_MAX elements: JAX's dimension sizes, index vectors). */
static bool known_args(refiner *r, const ir_func *f, tensor *const *args, refine_known **out)
{
    refine_known *kn = arena_alloc(r->m->arena, (size_t)(f->nargs ? f->nargs : 1), sizeof *kn);
    if (!kn)
        return refine_oom(r);
    for (int i = 0; i < f->nargs; i++) {
        const tensor *t = args[i];
        et_kind k = et_get(t->type.elem)->kind;
        kn[i].known = false;
        if (!shape_is_tensor(&t->type) || t->count > REFINE_KNOWN_MAX || (k != EK_SINT && k != EK_UINT && k != EK_BOOL))
            continue;
        kn[i].known = true;
        kn[i].n = (int)t->count;
        for (int64_t j = 0; j < t->count; j++)
            kn[i].v[j] = et_sign_extend(t->type.elem, et_load_bits(t->type.elem, tensor_at(t, j)));
    }
    *out = kn;
    return true;
}

irrun_status refine_module(ir_module *m, diag_source *src, ir_func *entry, tensor *const *args, int nargs,
                           bool *chlo)
{
    refiner r = { .m = m, .src = src, .norig = m->nfuncs };
    *chlo = false;
    int ei = (int)(entry - m->funcs);
    refine_known *known = NULL;
    if (!check_args(&r, entry, args, nargs) || !known_args(&r, entry, args, &known))
        return r.nomem ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    r.orig = dup(&r, m->funcs, (size_t)m->nfuncs, sizeof(ir_func));
    if (!r.orig)
        return IRRUN_NOMEM;
    tensor_type *types = arena_alloc(m->arena, (size_t)(nargs ? nargs : 1), sizeof *types);
    ir_func *main = types ? copy_func(&r, entry) : NULL;
    if (!main)
        return IRRUN_NOMEM;
    for (int i = 0; i < nargs; i++)
        types[i] = args[i]->type;
    if (!refine_func(&r, main, types, known, NULL))
        return r.nomem ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    /* the module's functions: each refined copy where its original was (the
     * entry's in its place), the originals that no call refined as they were */
    int n = m->nfuncs;
    for (refine_spec *s = r.specs; s; s = s->next)
        n++;
    ir_func *funcs = arena_alloc(m->arena, (size_t)n, sizeof *funcs);
    if (!funcs)
        return IRRUN_NOMEM;
    int at = 0;
    for (int i = 0; i < r.norig; i++) {
        if (i == ei) {
            funcs[at++] = *main;
            continue;
        }
        int copies = 0;
        for (int pass = 0; pass < 2; pass++) /* in the order they were made */
            for (refine_spec *s = r.specs; s; s = s->next)
                if (s->orig == i && (pass == 0 ? s->f->name == r.orig[i].name : s->f->name != r.orig[i].name)) {
                    funcs[at++] = *s->f;
                    copies++;
                }
        if (!copies)
            funcs[at++] = r.orig[i];
    }
    m->funcs = funcs;
    m->nfuncs = at;
    *chlo = r.chlo;
    return IRRUN_OK;
}
