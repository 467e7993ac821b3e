/* The names MLIR's printer gives values, for interpreter.print (SPEC.md
 * 9.3.10, decision 27): REF prints the text that precedes ` = ` when MLIR
 * prints the op defining the operand, so a program's output depends on
 * that numbering and not on the names written in the source.
 *
 * MLIR numbers a function's body, then each region nested in it, one level
 * at a time: a region starts from the counters its enclosing region ended
 * with, and sibling regions start from the same counters (the counters are
 * saved with each region when its enclosing region is done). Names chosen
 * by ops (`c`/`cst` for constants, `iterArg` for while arguments, `argN`
 * for other entry-block arguments) are made unique against the names of
 * the region and its enclosing regions with `_K`, K from a counter that is
 * saved and restored like the others. This file reproduces that walk once
 * per function that prints, at check time, and stores each print's prefix
 * in its op; nothing of it is left for run time. */
#include <stdio.h>
#include <string.h>

#include "check/check_internal.h"
#include "util/mem.h"

typedef struct {
    int next_value;
    int next_arg;
    unsigned next_conflict;
} counters;

typedef struct {
    size_t off; /* of the name in the pool */
    int next;   /* chain in its bucket */
} used_name;

typedef struct {
    checker *c;
    /* per value: its op's number (-1: named or an argument), the number of
     * results of its op, its name's offset in the pool (-1: none) */
    int *num, *group;
    long *name;
    unsigned char *is_arg;
    /* the names in use in the region being numbered and the regions around
     * it, popped in LIFO order when a region is done (check.c's scopes do
     * the same) */
    char *pool;
    size_t npool, cappool;
    used_name *used;
    int nused, capused;
    int *bucket;
    int nbucket;
    bool oom;
} namer;

static const char *pool_at(const namer *n, size_t off) { return n->pool + off; }

static bool in_use(const namer *n, const char *s)
{
    for (int i = n->bucket[ir_name_hash(s) & (unsigned)(n->nbucket - 1)]; i >= 0; i = n->used[i].next)
        if (strcmp(pool_at(n, n->used[i].off), s) == 0)
            return true;
    return false;
}

/* Re-chaining in insertion order keeps the newest name first in its chain,
 * as the LIFO pop needs. */
static bool grow_buckets(namer *n)
{
    int nb = n->nbucket * 2;
    int *b = mem_alloc((size_t)nb * sizeof *b);
    if (!b)
        return false;
    memset(b, 0xFF, (size_t)nb * sizeof *b); /* all -1 */
    for (int i = 0; i < n->nused; i++) {
        unsigned h = ir_name_hash(pool_at(n, n->used[i].off)) & (unsigned)(nb - 1);
        n->used[i].next = b[h];
        b[h] = i;
    }
    mem_free(n->bucket);
    n->bucket = b;
    n->nbucket = nb;
    return true;
}

/* Adds `s` to the names in use; its pool offset, or -1 out of memory. */
static long add_name(namer *n, const char *s)
{
    size_t len = strlen(s) + 1;
    if (n->npool + len > n->cappool) {
        size_t cap = n->cappool ? 2 * n->cappool : 256;
        while (cap < n->npool + len)
            cap *= 2;
        char *p = mem_realloc(n->pool, cap);
        if (!p)
            return -1;
        n->pool = p;
        n->cappool = cap;
    }
    if (n->nused == n->capused) {
        int cap = n->capused ? 2 * n->capused : 64;
        used_name *u = mem_realloc(n->used, (size_t)cap * sizeof *u);
        if (!u)
            return -1;
        n->used = u;
        n->capused = cap;
    }
    if (n->nused >= n->nbucket && !grow_buckets(n))
        return -1;
    size_t off = n->npool;
    memcpy(n->pool + off, s, len);
    n->npool += len;
    unsigned h = ir_name_hash(s) & (unsigned)(n->nbucket - 1);
    n->used[n->nused] = (used_name){ off, n->bucket[h] };
    n->bucket[h] = n->nused++;
    return (long)off;
}

static void pop_names(namer *n, int mark)
{
    while (n->nused > mark) {
        const used_name *u = &n->used[--n->nused];
        n->bucket[ir_name_hash(pool_at(n, u->off)) & (unsigned)(n->nbucket - 1)] = u->next;
    }
}

/* MLIR's uniqueValueName: `base`, or the first `base_K` not in use, K
 * taken from the conflict counter (a probe that is in use still spends
 * its K). The name's pool offset, or -1 out of memory. */
static long unique_name(namer *n, counters *k, const char *base)
{
    if (!in_use(n, base))
        return add_name(n, base);
    char buf[64];
    do
        snprintf(buf, sizeof buf, "%s_%u", base, k->next_conflict++);
    while (in_use(n, buf));
    return add_name(n, buf);
}

static bool is_integer_constant(const ir_op *o)
{
    switch (et_get(o->a.constant.type.elem)->kind) {
    case EK_BOOL:
    case EK_SINT:
    case EK_UINT: return true;
    case EK_FLOAT:
    case EK_COMPLEX: break;
    }
    return false;
}

/* "%c_1 = ", "%3 = ", "%3:2 = " (a group prints whole, also for %3#1), or
 * "<" for a block argument (REF cuts `<block argument> of type ...`). */
static bool set_prefix(namer *n, ir_op *print)
{
    int v = print->operands[0];
    char buf[80];
    if (n->is_arg[v])
        snprintf(buf, sizeof buf, "<");
    else if (n->name[v] >= 0)
        snprintf(buf, sizeof buf, "%%%s = ", pool_at(n, (size_t)n->name[v]));
    else if (n->group[v] > 1)
        snprintf(buf, sizeof buf, "%%%d:%d = ", n->num[v], n->group[v]);
    else
        snprintf(buf, sizeof buf, "%%%d = ", n->num[v]);
    size_t len = strlen(buf) + 1;
    char *s = arena_alloc(n->c->m->arena, len, 1);
    if (!s)
        return false;
    memcpy(s, buf, len);
    print->a.print.prefix = s;
    return true;
}

/* Numbers block b (a function body when owner is NULL, else a region of
 * owner) starting from `k`, then the regions of its ops from the counters
 * b ends with. */
static void number_block(namer *n, const ir_op *owner, ir_block *b, counters k)
{
    int mark = n->nused;
    for (int i = 0; i < b->nargs && !n->oom; i++) {
        int v = b->args[i];
        char buf[32];
        n->is_arg[v] = 1;
        if (owner && owner->kind == IR_OP_WHILE) /* the while's getAsmBlockArgumentNames */
            snprintf(buf, sizeof buf, "iterArg");
        else /* every region here is one entry block */
            snprintf(buf, sizeof buf, "arg%d", k.next_arg++);
        n->oom = unique_name(n, &k, buf) < 0;
    }
    for (int i = 0; i < b->nops && !n->oom; i++) {
        const ir_op *o = &b->ops[i];
        if (o->kind == IR_OP_CONSTANT) {
            long off = unique_name(n, &k, is_integer_constant(o) ? "c" : "cst");
            n->oom = off < 0;
            n->name[o->results[0]] = off;
        } else if (o->nresults > 0) {
            for (int r = 0; r < o->nresults; r++) {
                n->num[o->results[r]] = k.next_value;
                n->group[o->results[r]] = o->nresults;
            }
            k.next_value++;
        }
    }
    /* every value a print here can read is named by now: its own region's
     * and those of the regions around it */
    for (int i = 0; i < b->nops && !n->oom; i++)
        if (b->ops[i].kind == IR_OP_INTERPRETER_PRINT)
            n->oom = !set_prefix(n, &b->ops[i]);
    for (int i = 0; i < b->nops && !n->oom; i++)
        for (int g = 0; g < b->ops[i].nregions; g++)
            number_block(n, &b->ops[i], &b->ops[i].regions[g], k);
    pop_names(n, mark);
}

static bool has_print(const ir_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i].kind == IR_OP_INTERPRETER_PRINT)
            return true;
        for (int g = 0; g < b->ops[i].nregions; g++)
            if (has_print(&b->ops[i].regions[g]))
                return true;
    }
    return false;
}

bool check_print_names(checker *c, ir_func *f)
{
    if (!f->has_body || !has_print(&f->body))
        return true;
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1);
    namer n = { .c = c, .nbucket = 64 };
    n.num = mem_calloc(nv, sizeof *n.num);
    n.group = mem_calloc(nv, sizeof *n.group);
    n.name = mem_alloc(nv * sizeof *n.name);
    n.is_arg = mem_calloc(nv, 1);
    n.bucket = mem_alloc((size_t)n.nbucket * sizeof *n.bucket);
    n.oom = !n.num || !n.group || !n.name || !n.is_arg || !n.bucket;
    if (!n.oom) {
        memset(n.bucket, 0xFF, (size_t)n.nbucket * sizeof *n.bucket);
        for (size_t v = 0; v < nv; v++)
            n.name[v] = -1;
        number_block(&n, NULL, &f->body, (counters){ 0, 0, 0 });
    }
    if (n.oom)
        check_error(c, f->loc, "out of memory naming the values of '@%s' for interpreter.print", f->name);
    mem_free(n.num);
    mem_free(n.group);
    mem_free(n.name);
    mem_free(n.is_arg);
    mem_free(n.bucket);
    mem_free(n.pool);
    mem_free(n.used);
    return !n.oom;
}
