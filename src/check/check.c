/* The checker's driver: function-level rules (unique names, terminators,
 * return and call signatures) and SSA resolution (SPEC.md 2.6): every use
 * is bound to a value id of its function's table, in one walk that also
 * builds the table. */
#include <stdarg.h>
#include <string.h>

#include "check/check.h"
#include "check/check_internal.h"
#include "util/mem.h"

void check_error(checker *c, src_loc loc, const char *fmt, ...)
{
    if (c->oom)
        return; /* stopped: out of memory or too many errors */
    c->errors++;
    va_list ap;
    va_start(ap, fmt);
    diag_verror(c->src, loc, fmt, ap);
    va_end(ap);
    if (c->errors == CHECK_MAX_ERRORS) {
        /* a file of garbage should not cost time quadratic in its errors */
        diag_note(c->src, (src_loc){ 0, 0 }, "stopping after %d errors", CHECK_MAX_ERRORS);
        c->oom = true;
    }
}

void check_warning(checker *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_warning(c->src, loc, "%s", buf);
}

const char *check_type_str(const tensor_type *t)
{
    /* per thread: modules are checked in several threads at once */
    static _Thread_local char bufs[4][SHAPE_MAX_RANK * 21 + 64];
    static _Thread_local int next;
    char *b = bufs[next++ % 4];
    shape_format(t, b, (int)sizeof bufs[0]);
    return b;
}

static void oom(checker *c, src_loc loc)
{
    if (!c->oom)
        check_error(c, loc, "out of memory");
    c->oom = true;
}

/* ---- scopes: name -> value ids -------------------------------------------- */

typedef struct {
    const char *name;
    int first; /* value id of result 0 */
    int count;
    int next;  /* chain in the bucket */
} binding;

typedef struct {
    checker *c;
    ir_func *f;
    binding *b;
    int nb, capb;
    int *bucket;
    int nbucket;
    ir_value *values;
    int nvalues, capvalues;
} scope;

static int lookup(const scope *s, const char *name)
{
    for (int i = s->bucket[ir_name_hash(name) & (unsigned)(s->nbucket - 1)]; i >= 0; i = s->b[i].next)
        if (strcmp(s->b[i].name, name) == 0)
            return i;
    return -1;
}

/* Keeps chains short: as many buckets as bindings. Re-chaining in binding
 * order puts the newest binding first in every chain, as unwind needs. */
static bool grow_buckets(scope *s)
{
    int n = s->nbucket * 2;
    int *bucket = mem_alloc((size_t)n * sizeof *bucket);
    if (!bucket)
        return false;
    memset(bucket, 0xFF, (size_t)n * sizeof *bucket); /* all -1 */
    for (int i = 0; i < s->nb; i++) {
        unsigned h = ir_name_hash(s->b[i].name) & (unsigned)(n - 1);
        s->b[i].next = bucket[h];
        bucket[h] = i;
    }
    mem_free(s->bucket);
    s->bucket = bucket;
    s->nbucket = n;
    return true;
}

/* New values for a definition of `count` results; -1 on error. */
static int define(scope *s, const ir_use *u, int count, const tensor_type *types)
{
    if (lookup(s, u->name) >= 0) {
        check_error(s->c, u->loc, "redefinition of value '%%%s'", u->name);
        return -1;
    }
    if (s->nvalues + count > s->capvalues) {
        int cap = s->capvalues ? 2 * s->capvalues : 64;
        while (cap < s->nvalues + count)
            cap *= 2;
        ir_value *v = mem_realloc(s->values, (size_t)cap * sizeof *v);
        if (!v) {
            oom(s->c, u->loc);
            return -1;
        }
        s->values = v;
        s->capvalues = cap;
    }
    if (s->nb == s->capb) {
        int cap = s->capb ? 2 * s->capb : 64;
        binding *b = mem_realloc(s->b, (size_t)cap * sizeof *b);
        if (!b) {
            oom(s->c, u->loc);
            return -1;
        }
        s->b = b;
        s->capb = cap;
    }
    int first = s->nvalues;
    for (int i = 0; i < count; i++) {
        s->values[first + i].type = types[i];
        s->values[first + i].name = u->name;
        s->values[first + i].loc = u->loc;
    }
    s->nvalues += count;
    if (s->nb >= s->nbucket && !grow_buckets(s)) {
        oom(s->c, u->loc);
        return -1;
    }
    unsigned h = ir_name_hash(u->name) & (unsigned)(s->nbucket - 1);
    s->b[s->nb] = (binding){ u->name, first, count, s->bucket[h] };
    s->bucket[h] = s->nb++;
    return first;
}

/* Forgets the bindings made since `mark` (leaving a region). Bindings go in
 * LIFO order, so each is at the head of its chain. */
static void unwind(scope *s, int mark)
{
    while (s->nb > mark) {
        binding *b = &s->b[--s->nb];
        s->bucket[ir_name_hash(b->name) & (unsigned)(s->nbucket - 1)] = b->next;
    }
}

static bool defined_later(const ir_block *b, int from, const char *name)
{
    for (int i = from; i < b->nops; i++) {
        const ir_op *o = &b->ops[i];
        for (int d = 0; d < o->ndefs; d++)
            if (strcmp(o->defs[d].name, name) == 0)
                return true;
        for (int r = 0; r < o->nregions; r++)
            if (defined_later(&o->regions[r], 0, name))
                return true;
    }
    return false;
}

static bool resolve_use(scope *s, const ir_block *b, int at, const ir_use *u, int *out)
{
    int i = lookup(s, u->name);
    if (i < 0) {
        if (s->c->oom)
            return false; /* stopped: no message, and no search for one */
        if (defined_later(b, at, u->name))
            check_error(s->c, u->loc, "value '%%%s' is used before its definition", u->name);
        else
            check_error(s->c, u->loc, "use of undefined value '%%%s'", u->name);
        return false;
    }
    const binding *bd = &s->b[i];
    int k = u->result < 0 ? 0 : u->result;
    if (k >= bd->count) {
        check_error(s->c, u->loc, "result number #%d out of range: '%%%s' has %d result%s", k, u->name, bd->count,
                    bd->count == 1 ? "" : "s");
        return false;
    }
    *out = bd->first + k;
    return true;
}

static bool resolve_block(scope *s, ir_block *b, const ir_op *owner);

static bool resolve_op(scope *s, ir_block *b, int at)
{
    ir_op *o = &b->ops[at];
    bool ok = true;
    for (int i = 0; i < o->noperands; i++) {
        if (!resolve_use(s, b, at, &o->uses[i], &o->operands[i])) {
            ok = false;
            continue;
        }
        const tensor_type *have = &s->values[o->operands[i]].type;
        if (!shape_equal(have, &o->operand_types[i])) {
            check_error(s->c, o->uses[i].loc, "'%s' operand #%d '%%%s' has type %s but the op's type says %s",
                        o->from ? o->from : ir_op_name(o->kind), i, o->uses[i].name, check_type_str(have),
                        check_type_str(&o->operand_types[i]));
            ok = false;
        }
    }
    for (int g = 0; g < o->nregions; g++) {
        /* a region sees the values around it; its own go out of scope at
         * its end */
        int mark = s->nb;
        if (!resolve_block(s, &o->regions[g], o))
            ok = false;
        unwind(s, mark);
    }
    /* results: named groups in order; unnamed results still get slots */
    int r = 0;
    for (int d = 0; d < o->ndefs; d++) {
        int count = o->defs[d].result > 0 ? o->defs[d].result : 1;
        int first = define(s, &o->defs[d], count, o->result_types + r);
        if (first < 0) {
            ok = false;
            first = 0;
        }
        for (int k = 0; k < count; k++)
            o->results[r + k] = first + k;
        r += count;
    }
    static const char unnamed[] = "";
    for (; r < o->nresults; r++) {
        ir_use u = { unnamed, -1, o->loc };
        /* unnamed results cannot be referenced: bind under an impossible
         * name, then drop the binding */
        int first = define(s, &u, 1, o->result_types + r);
        if (first < 0)
            return false;
        unwind(s, s->nb - 1);
        o->results[r] = first;
    }
    return ok;
}

/* owner: the op whose region b is, NULL for a function body */
static bool resolve_block(scope *s, ir_block *b, const ir_op *owner)
{
    bool ok = true;
    for (int i = 0; i < b->nargs; i++) {
        int v = define(s, &b->arg_names[i], 1, &b->arg_types[i]);
        if (v < 0)
            ok = false;
        b->args[i] = v < 0 ? 0 : v;
    }
    for (int i = 0; i < b->nops; i++) {
        if (s->c->oom)
            return false;
        ir_op *o = &b->ops[i];
        bool last = i == b->nops - 1;
        if (o->kind == IR_OP_RETURN && owner) {
            check_error(s->c, o->loc, "%s must end with 'stablehlo.return', not 'func.return'",
                        check_region_role(owner, (int)(b - owner->regions)));
            ok = false;
        } else if (o->kind == IR_OP_REGION_RETURN && !owner) {
            check_error(s->c, o->loc, "'stablehlo.return' is only valid inside the region of an op (use 'func.return')");
            ok = false;
        } else if ((ir_op_get(o->kind)->flags & IR_F_TERMINATOR) && !last) {
            check_error(s->c, o->loc, "'%s' must be the last op of its block", ir_op_name(o->kind));
            ok = false;
        }
        if (!resolve_op(s, b, i)) {
            ok = false;
            continue;
        }
        if (s->c->oom)
            return false;
        if (!check_op_rules(s->c, s->f, o))
            ok = false;
    }
    return ok;
}

static bool check_func(checker *c, ir_func *f)
{
    ir_block *b = &f->body;
    if (!f->has_body)
        return true;
    if (b->nops == 0 || b->ops[b->nops - 1].kind != IR_OP_RETURN) {
        src_loc loc = b->nops ? b->ops[b->nops - 1].loc : f->loc;
        check_error(c, loc, "function '@%s' must end with 'func.return'", f->name);
        return false;
    }
    scope s = { .c = c, .f = f };
    s.nbucket = 64; /* doubled as bindings come */
    s.bucket = mem_alloc((size_t)s.nbucket * sizeof(int));
    if (!s.bucket) {
        oom(c, f->loc);
        return false;
    }
    memset(s.bucket, 0xFF, (size_t)s.nbucket * sizeof(int)); /* all -1 */
    bool ok = resolve_block(&s, b, NULL);
    if (ok) {
        const ir_op *ret = &b->ops[b->nops - 1];
        if (ret->noperands != f->nresults) {
            check_error(c, ret->loc, "'func.return' has %d operand%s but function '@%s' returns %d value%s",
                        ret->noperands, ret->noperands == 1 ? "" : "s", f->name, f->nresults,
                        f->nresults == 1 ? "" : "s");
            ok = false;
        } else {
            for (int i = 0; i < f->nresults; i++) {
                if (!shape_equal(&ret->operand_types[i], &f->result_types[i])) {
                    check_error(c, ret->uses[i].loc,
                                "'func.return' operand #%d has type %s but function '@%s' returns %s", i,
                                check_type_str(&ret->operand_types[i]), f->name,
                                check_type_str(&f->result_types[i]));
                    ok = false;
                }
            }
        }
    }
    if (ok) {
        f->nvalues = s.nvalues;
        f->values = arena_alloc(c->m->arena, (size_t)(s.nvalues ? s.nvalues : 1), sizeof(ir_value));
        if (!f->values) {
            oom(c, f->loc);
            ok = false;
        } else {
            if (s.nvalues)
                memcpy(f->values, s.values, (size_t)s.nvalues * sizeof(ir_value));
        }
    }
    mem_free(s.values);
    mem_free(s.b);
    mem_free(s.bucket);
    if (ok && !check_live_compute(c, f))
        ok = false;
    if (ok && !check_print_names(c, f))
        ok = false;
    return ok;
}

static void resolve_calls(checker *c, ir_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        ir_op *o = &b->ops[i];
        for (int g = 0; g < o->nregions; g++)
            resolve_calls(c, &o->regions[g]);
        if (o->kind != IR_OP_CALL && o->kind != IR_OP_COMPOSITE)
            continue;
        const char *op = ir_op_name(o->kind);
        const ir_func *g = ir_module_find(c->m, o->a.call.name);
        if (!g) {
            if (o->kind == IR_OP_COMPOSITE)
                check_error(c, o->loc, "'%s' decomposition '@%s' is not a function of the module", op,
                            o->a.call.name);
            else
                check_error(c, o->loc, "'%s' to unknown function '@%s'", op, o->a.call.name);
            continue;
        }
        if (!g->has_body) {
            check_error(c, o->loc, "'%s' to '@%s', which is declared without a body", op, g->name);
            continue;
        }
        o->a.call.func = g;
        o->a.call.index = (int)(g - c->m->funcs);
        if (o->noperands != g->nargs) {
            check_error(c, o->loc, "'%s' passes %d argument%s but '@%s' takes %d", op, o->noperands,
                        o->noperands == 1 ? "" : "s", g->name, g->nargs);
            continue;
        }
        if (o->nresults != g->nresults) {
            check_error(c, o->loc, "'%s' expects %d result%s but '@%s' returns %d", op, o->nresults,
                        o->nresults == 1 ? "" : "s", g->name, g->nresults);
            continue;
        }
        for (int k = 0; k < g->nargs; k++)
            if (!shape_equal(&o->operand_types[k], &g->arg_types[k]))
                check_error(c, o->uses[k].loc, "'%s' argument #%d has type %s but '@%s' expects %s", op, k,
                            check_type_str(&o->operand_types[k]), g->name, check_type_str(&g->arg_types[k]));
        for (int k = 0; k < g->nresults; k++)
            if (!shape_equal(&o->result_types[k], &g->result_types[k]))
                check_error(c, o->loc, "'%s' result #%d has type %s but '@%s' returns %s", op, k,
                            check_type_str(&o->result_types[k]), g->name, check_type_str(&g->result_types[k]));
    }
}

/* The module's name index (ir_module.func_slots); a second function of the
 * same name is reported and left out of it. */
static void index_functions(checker *c, ir_module *m)
{
    unsigned n = 16;
    while (n < 2u * (unsigned)m->nfuncs)
        n *= 2;
    int *slots = arena_alloc(m->arena, n, sizeof *slots);
    if (!slots) {
        oom(c, (src_loc){ 1, 1 });
        return;
    }
    memset(slots, 0xFF, n * sizeof *slots);
    for (int i = 0; i < m->nfuncs; i++) {
        unsigned h = ir_name_hash(m->funcs[i].name) & (n - 1);
        while (slots[h] >= 0 && strcmp(m->funcs[slots[h]].name, m->funcs[i].name) != 0)
            h = (h + 1) & (n - 1);
        if (slots[h] >= 0)
            check_error(c, m->funcs[i].loc, "redefinition of function '@%s' (first defined at line %d)",
                        m->funcs[i].name, m->funcs[slots[h]].loc.line);
        else
            slots[h] = i;
    }
    m->func_slots = slots;
    m->func_mask = n - 1;
}

int check_module(ir_module *m, diag_source *src)
{
    checker c = { .m = m, .src = src };
    index_functions(&c, m);
    for (int i = 0; i < m->nfuncs && !c.oom; i++) {
        check_func(&c, &m->funcs[i]);
        resolve_calls(&c, &m->funcs[i].body);
    }
    if (c.oom && !c.errors) {
        /* a rule function that ran out of memory stops the check without a
         * message of its own: the module is not checked, so it is no good */
        diag_error(src, (src_loc){ 0, 0 }, "out of memory");
        return -1;
    }
    return c.errors ? -1 : 0;
}

int check_op(ir_module *m, diag_source *src, const ir_func *f, ir_op *o)
{
    checker c = { .m = m, .src = src };
    bool ok = check_op_rules(&c, f, o);
    if (!ok && c.oom && !c.errors)
        diag_error(src, o->loc, "out of memory");
    return ok ? 0 : -1;
}
