/* Value lifetimes: for every block, the op after which each value defined
 * in that block is no longer needed (see ir.h, "Lifetimes"). A use inside a
 * reduce body counts as a use by the reduce op at the level of the block
 * that defines the value. */
#include <string.h>

#include "ir/check_internal.h"
#include "util/mem.h"

typedef struct {
    checker *c;
    ir_func *f;
    const ir_block **def_block; /* per value: the block defining it */
    int *last;                  /* per value: index of its last use in def_block, -1 */
} live;

static void mark_defs(live *L, const ir_block *b)
{
    for (int i = 0; i < b->nargs; i++)
        L->def_block[b->args[i]] = b;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *o = &b->ops[i];
        for (int r = 0; r < o->nresults; r++)
            L->def_block[o->results[r]] = b;
        if (o->kind == IR_OP_REDUCE)
            mark_defs(L, o->a.reduce.body);
    }
}

/* Records op `at` of block b as a user of every value it or its nested
 * bodies read that is defined in b. */
static void uses_of(live *L, const ir_block *b, int at, const ir_op *o)
{
    for (int i = 0; i < o->noperands; i++)
        if (L->def_block[o->operands[i]] == b)
            L->last[o->operands[i]] = at;
    if (o->kind == IR_OP_REDUCE) {
        const ir_block *body = o->a.reduce.body;
        for (int k = 0; k < body->nops; k++)
            uses_of(L, b, at, &body->ops[k]);
    }
}

static bool add_dead(live *L, ir_op *o, int v)
{
    for (int i = 0; i < o->ndead; i++)
        if (o->dead[i] == v)
            return true;
    /* dead lists are short; grow one by one inside the arena's slack */
    int *d = arena_grow(L->c->m->arena, o->dead, (size_t)o->ndead, (size_t)o->ndead + 1, sizeof(int));
    if (!d)
        return false;
    d[o->ndead++] = v;
    o->dead = d;
    return true;
}

static bool block_lifetimes(live *L, ir_block *b)
{
    for (int i = 0; i < b->nargs; i++)
        L->last[b->args[i]] = -1;
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i].nresults; r++)
            L->last[b->ops[i].results[r]] = -1;
    for (int i = 0; i < b->nops; i++)
        uses_of(L, b, i, &b->ops[i]);
    int ndead_args = 0;
    for (int i = 0; i < b->nargs; i++)
        ndead_args += L->last[b->args[i]] < 0;
    b->ndead_args = 0;
    b->dead_args = arena_alloc(L->c->m->arena, (size_t)(ndead_args ? ndead_args : 1), sizeof(int));
    if (!b->dead_args)
        return false;
    for (int i = 0; i < b->nargs; i++) {
        int v = b->args[i];
        if (L->last[v] < 0) {
            bool dup = false;
            for (int k = 0; k < b->ndead_args; k++)
                dup |= b->dead_args[k] == v;
            if (!dup)
                b->dead_args[b->ndead_args++] = v;
        } else if (!add_dead(L, &b->ops[L->last[v]], v)) {
            return false;
        }
    }
    for (int i = 0; i < b->nops; i++) {
        ir_op *o = &b->ops[i];
        for (int r = 0; r < o->nresults; r++) {
            int v = o->results[r];
            if (!add_dead(L, L->last[v] < 0 ? o : &b->ops[L->last[v]], v))
                return false;
        }
    }
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i].kind == IR_OP_REDUCE && !block_lifetimes(L, b->ops[i].a.reduce.body))
            return false;
    return true;
}

bool live_compute(checker *c, ir_func *f)
{
    live L = { .c = c, .f = f };
    size_t n = (size_t)(f->nvalues ? f->nvalues : 1);
    L.def_block = mem_calloc(n, sizeof *L.def_block);
    L.last = mem_calloc(n, sizeof *L.last);
    bool ok = L.def_block && L.last;
    if (ok) {
        mark_defs(&L, &f->body);
        ok = block_lifetimes(&L, &f->body);
    }
    if (!ok)
        check_error(c, f->loc, "out of memory");
    mem_free(L.def_block);
    mem_free(L.last);
    return ok;
}
