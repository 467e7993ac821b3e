/* Value lifetimes: for every block, the op after which each value defined
 * in that block is no longer needed (see ir.h, "Lifetimes"). A use inside a
 * region counts as a use by the op that owns the region, at the level of the
 * block that defines the value. */
#include <string.h>

#include "check/check_internal.h"
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
        for (int g = 0; g < o->nregions; g++)
            mark_defs(L, &o->regions[g]);
    }
}

/* Records op `at` of block b as a user of every value it or its nested
 * bodies read that is defined in b. */
static void uses_of(live *L, const ir_block *b, int at, const ir_op *o)
{
    for (int i = 0; i < o->noperands; i++)
        if (L->def_block[o->operands[i]] == b)
            L->last[o->operands[i]] = at;
    for (int g = 0; g < o->nregions; g++) {
        const ir_block *body = &o->regions[g];
        for (int k = 0; k < body->nops; k++)
            uses_of(L, b, at, &body->ops[k]);
    }
}

/* Where each value of block b dies: in dead_args when never used, else in
 * the dead list of its last user (or of its own defining op when unused).
 * Every value lands in exactly one list, so the lists are sized by a first
 * counting pass and filled by a second: linear in the block's values. */
static bool block_lifetimes(live *L, ir_block *b)
{
    for (int i = 0; i < b->nargs; i++)
        L->last[b->args[i]] = -1;
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i].nresults; r++)
            L->last[b->ops[i].results[r]] = -1;
    for (int i = 0; i < b->nops; i++)
        uses_of(L, b, i, &b->ops[i]);
    ir_arena *arena = L->c->m->arena;
    int ndead_args = 0;
    for (int i = 0; i < b->nargs; i++) {
        int v = b->args[i];
        if (L->last[v] < 0)
            ndead_args++;
        else
            b->ops[L->last[v]].ndead++;
    }
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i].nresults; r++) {
            int v = b->ops[i].results[r];
            b->ops[L->last[v] < 0 ? i : L->last[v]].ndead++;
        }
    b->ndead_args = 0;
    b->dead_args = arena_alloc(arena, (size_t)(ndead_args ? ndead_args : 1), sizeof(int));
    if (!b->dead_args)
        return false;
    for (int i = 0; i < b->nops; i++) {
        ir_op *o = &b->ops[i];
        o->dead = o->ndead ? arena_alloc(arena, (size_t)o->ndead, sizeof(int)) : NULL;
        if (o->ndead && !o->dead)
            return false;
        o->ndead = 0;
    }
    for (int i = 0; i < b->nargs; i++) {
        int v = b->args[i];
        if (L->last[v] < 0) {
            b->dead_args[b->ndead_args++] = v;
        } else {
            ir_op *o = &b->ops[L->last[v]];
            o->dead[o->ndead++] = v;
        }
    }
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i].nresults; r++) {
            int v = b->ops[i].results[r];
            ir_op *o = &b->ops[L->last[v] < 0 ? i : L->last[v]];
            o->dead[o->ndead++] = v;
        }
    for (int i = 0; i < b->nops; i++)
        for (int g = 0; g < b->ops[i].nregions; g++)
            if (!block_lifetimes(L, &b->ops[i].regions[g]))
                return false;
    return true;
}

bool check_live_compute(checker *c, ir_func *f)
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
