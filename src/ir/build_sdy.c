/* Shardy (docs/syntax.md "Shardy"): the texts of meshes, shardings and
 * manual axes, read into ir_sdy_mesh and ir_sdy_sharding. The lexer hands
 * each `<...>` over as one text (lexer.l's SDYTEXT, strings closed); this
 * scanner reports each error at its own line and column inside it:
 *   mesh      <["a"=2, ...][, device_ids=[0, 1, ...]]>   (also <[]>)
 *   sharding  <@mesh | mesh<...>, [dim, ...][, replicated={axes}][, unreduced={axes}]>
 *   dim       {[axis, ...][, ?]}[pN]     axis  "a" | "a":(pre)size
 * and the generic #sdy.mesh<...>, #sdy.sharding<...>,
 * #sdy.sharding_per_value<[<...>, ...]>, #sdy.manual_axes<{"a", ...}>. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse.h"

/* reports at loc and returns false */
#define ERR(loc, ...) return (parse_error(ps, loc, __VA_ARGS__), false)

/* A cursor over one text, with the source position of each byte. */
typedef struct {
    parse_state *ps;
    const char *s, *end;
    src_loc loc; /* of *s */
} cur;

static void advance(cur *c, size_t n)
{
    for (size_t i = 0; i < n && c->s < c->end; i++, c->s++)
        c->loc = *c->s == '\n' ? (src_loc){ c->loc.line + 1, 1 } : (src_loc){ c->loc.line, c->loc.col + 1 };
}

static void blanks(cur *c)
{
    while (c->s < c->end && *c->s && strchr(" \t\r\n", *c->s))
        advance(c, 1);
}

/* (a text always ends with its closing '>', so there is a character) */
static bool fail(cur *c, const char *what)
{
    parse_state *ps = c->ps;
    ERR(c->loc, "expected %s in the Shardy attribute, got '%c'", what, c->s < c->end ? *c->s : '>');
}

/* After blanks: is `ch` (or the word `w`) next? Then take it. */
static bool eat(cur *c, char ch)
{
    blanks(c);
    bool ok = c->s < c->end && *c->s == ch;
    advance(c, ok);
    return ok;
}

static bool expect(cur *c, char ch)
{
    char what[4] = { '\'', ch, '\'', 0 };
    return eat(c, ch) || fail(c, what);
}

/* Before item n > 0 of a list: its ',' (else the list's end was due). */
static bool sep(cur *c, int64_t n, const char *what)
{
    return n == 0 || eat(c, ',') || fail(c, what);
}

static bool word_is(cur *c, const char *w)
{
    blanks(c);
    size_t n = strlen(w);
    bool ok = (size_t)(c->end - c->s) >= n && memcmp(c->s, w, n) == 0;
    advance(c, ok ? n : 0);
    return ok;
}

static bool integer(cur *c, int64_t *out, const char *what)
{
    parse_state *ps = c->ps;
    blanks(c);
    src_loc at = c->loc;
    if (c->s >= c->end || *c->s < '0' || *c->s > '9')
        return fail(c, what);
    for (*out = 0; c->s < c->end && *c->s >= '0' && *c->s <= '9'; advance(c, 1)) {
        if (*out > (INT64_MAX - 9) / 10)
            ERR(at, "%s too large in the Shardy attribute", what);
        *out = *out * 10 + (*c->s - '0');
    }
    return true;
}

/* A quoted name, unescaped, into the arena (the lexer closed the quote). */
static bool name(cur *c, const char **out, src_loc *at)
{
    blanks(c);
    *at = c->loc;
    if (c->s >= c->end || *c->s != '"')
        return fail(c, "a quoted axis name");
    const char *p = c->s + 1;
    while (p < c->end && *p != '"')
        p += *p == '\\' ? 2 : 1;
    *out = parse_unescape(c->ps, c->s + 1, (size_t)(p - c->s - 1), *at, NULL);
    advance(c, (size_t)(p + 1 - c->s));
    return *out != NULL;
}

/* Room for item n of a list that grows by doubling in the arena. */
static void *grow(parse_state *ps, void *v, int n, int *cap, size_t size)
{
    if (n < *cap)
        return v;
    int want = *cap ? *cap * 2 : 4;
    void *w = arena_grow(ps->arena, v, (size_t)*cap, (size_t)want, size);
    if (!w)
        parse_error(ps, (src_loc){ ps->line, ps->col }, "out of memory");
    *cap = want;
    return w;
}

/* A mesh from its `<` on. */
static bool mesh_body(cur *c, ir_sdy_mesh *m)
{
    parse_state *ps = c->ps;
    int cap = 0;
    int64_t ndevices = 1;
    if (!expect(c, '<') || !expect(c, '['))
        return false;
    while (!eat(c, ']')) {
        src_loc at;
        const char *nm;
        int64_t size;
        if (!sep(c, m->naxes, "',' or ']'") || !name(c, &nm, &at) || !expect(c, '=') ||
            !integer(c, &size, "an axis size"))
            return false;
        if (size < 1)
            ERR(at, "mesh axis \"%s\" has size 0 (sizes are at least 1)", nm);
        for (int i = 0; i < m->naxes; i++)
            if (strcmp(m->axes[i].name, nm) == 0)
                ERR(at, "mesh axis \"%s\" appears twice", nm);
        if (ndevices > INT32_MAX / size)
            ERR(at, "mesh of more than %d devices", INT32_MAX);
        if (!(m->axes = grow(ps, m->axes, m->naxes, &cap, sizeof *m->axes)))
            return false;
        m->axes[m->naxes++] = (ir_sdy_axis){ nm, size, at };
        ndevices *= size;
    }
    if (eat(c, ',')) {
        blanks(c);
        src_loc at = c->loc;
        int64_t n = 0, id;
        if (!word_is(c, "device_ids") || !expect(c, '=') || !expect(c, '['))
            return fail(c, "'device_ids=['");
        for (; !eat(c, ']'); n++)
            if (!sep(c, n, "',' or ']'") || !integer(c, &id, "a device id"))
                return false;
        if (n != ndevices)
            ERR(at, "device_ids lists %" PRId64 " device%s, the mesh has %" PRId64, n, n == 1 ? "" : "s", ndevices);
    }
    return expect(c, '>');
}

/* `"a"` or `"a":(pre)size` */
static bool dim_axis(cur *c, ir_sdy_axis *a)
{
    parse_state *ps = c->ps;
    int64_t pre, size;
    a->size = 0;
    if (!name(c, &a->name, &a->loc) || !eat(c, ':'))
        return !ps->failed;
    if (!expect(c, '(') || !integer(c, &pre, "a sub-axis pre-size") || !expect(c, ')') ||
        !integer(c, &size, "a sub-axis size"))
        return false;
    if (pre < 1 || size < 1)
        ERR(a->loc, "sub-axis of \"%s\" has a size 0", a->name);
    a->size = size;
    return true;
}

/* `{"a", "b"}`: names only (replicated, unreduced, manual axes) */
static bool axis_set(cur *c, int *n, const char ***names)
{
    int cap = 0;
    if (!expect(c, '{'))
        return false;
    for (*n = 0; !eat(c, '}');) {
        ir_sdy_axis a;
        if (!sep(c, *n, "',' or '}'") || !dim_axis(c, &a) || !(*names = grow(c->ps, *names, *n, &cap, sizeof **names)))
            return false;
        (*names)[(*n)++] = a.name;
    }
    return true;
}

/* A sharding from its `<` on. */
static bool sharding_body(cur *c, ir_sdy_sharding *sh)
{
    parse_state *ps = c->ps;
    const char *start = c->s;
    int dims_cap = 0, axes_cap = 0, naxes = 0;
    sh->loc = c->loc;
    if (!expect(c, '<'))
        return false;
    if (eat(c, '@')) {
        size_t n = strspn(c->s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.-");
        n = n < (size_t)(c->end - c->s) ? n : (size_t)(c->end - c->s);
        if (n == 0)
            return fail(c, "a mesh name after '@'");
        if (!(sh->mesh_name = parse_strdup(ps, c->s, n)))
            return false;
        advance(c, n);
    } else if (word_is(c, "#sdy.mesh") || word_is(c, "mesh")) {
        if (!(sh->mesh = parse_alloc(ps, 1, sizeof *sh->mesh)) || !mesh_body(c, sh->mesh))
            return false;
    } else {
        return fail(c, "'@mesh' or 'mesh<...>'");
    }
    if (!expect(c, ',') || !expect(c, '[') || !(sh->dim_start = grow(ps, NULL, 0, &dims_cap, sizeof(int))))
        return false;
    for (sh->rank = 0, sh->dim_start[0] = 0; !eat(c, ']');) {
        if (!sep(c, sh->rank, "',' or ']'") || !expect(c, '{'))
            return false;
        for (int k = 0; !eat(c, '}'); k++) {
            if (!sep(c, k, "',' or '}'"))
                return false;
            if (eat(c, '?')) { /* an open dimension: `?` comes last */
                if (!expect(c, '}'))
                    return false;
                break;
            }
            if (!(sh->axes = grow(ps, sh->axes, naxes, &axes_cap, sizeof *sh->axes)) || !dim_axis(c, &sh->axes[naxes++]))
                return false;
        }
        int64_t prio;
        if (c->s < c->end && *c->s == 'p' && (advance(c, 1), !integer(c, &prio, "a priority after 'p'")))
            return false;
        if (!(sh->dim_start = grow(ps, sh->dim_start, sh->rank + 1, &dims_cap, sizeof(int))))
            return false;
        sh->dim_start[++sh->rank] = naxes;
    }
    while (eat(c, ',')) {
        int n;
        const char **names = NULL;
        if (!word_is(c, "replicated") && !word_is(c, "unreduced"))
            return fail(c, "'replicated' or 'unreduced'");
        if (!expect(c, '=') || !axis_set(c, &n, &names))
            return false;
    }
    return expect(c, '>') && (sh->text = parse_strdup(ps, start, (size_t)(c->s - start))) != NULL;
}

/* The text of a PA_SDY attribute, its prefix `#sdy.NAME` (when present)
 * checked and skipped. */
static bool open_text(parse_state *ps, const pattr *a, const char *prefix, const char *key, cur *c)
{
    /* the lexer hands `#sdy.NAME<...>` over as opaque text, a bare `<...>` after an sdy op as Shardy text */
    if (a->kind != PA_SDY && !(a->kind == PA_OPAQUE && a->len > 5 && memcmp(a->text, "#sdy.", 5) == 0))
        ERR(a->loc, "attribute '%s' must be a Shardy %s<...>", key, prefix);
    *c = (cur){ ps, a->text, a->text + a->len, a->loc };
    size_t n = strlen(prefix);
    if (a->text[0] == '#' && (a->len <= n || memcmp(a->text, prefix, n) != 0 || a->text[n] != '<'))
        ERR(a->loc, "attribute '%s' must be %s<...>, got %.*s<...>", key, prefix, (int)strcspn(a->text, "<"), a->text);
    advance(c, a->text[0] == '#' ? n : 0);
    return true;
}

bool build_sdy_mesh(parse_state *ps, ptok sym, ptok text)
{
    ir_module *m = ps->m;
    for (int i = 0; i < m->nmeshes; i++)
        if (strlen(m->meshes[i].name) == sym.n && memcmp(m->meshes[i].name, sym.s, sym.n) == 0)
            ERR(sym.loc, "mesh '@%.*s' is defined twice", (int)sym.n, sym.s);
    ir_sdy_mesh *v = arena_grow(ps->arena, m->meshes, (size_t)m->nmeshes, (size_t)m->nmeshes + 1, sizeof *v);
    if (!v)
        ERR(sym.loc, "out of memory");
    m->meshes = v;
    ir_sdy_mesh *me = memset(&v[m->nmeshes], 0, sizeof *v);
    cur c = { ps, text.s, text.s + text.n, text.loc };
    if (text.s[0] == '#' && (text.n < 10 || memcmp(text.s, "#sdy.mesh<", 10) != 0))
        ERR(text.loc, "a mesh must be <[...]> or #sdy.mesh<[...]>");
    advance(&c, text.s[0] == '#' ? 9 : 0);
    const char *start = c.s;
    if (!(me->name = parse_strdup(ps, sym.s, sym.n)) || !mesh_body(&c, me) ||
        !(me->text = parse_strdup(ps, start, (size_t)(c.s - start))))
        return false;
    m->nmeshes++;
    return true;
}

static const pattr *need_attr(parse_state *ps, const pop *p, const char *key)
{
    for (const pentry *e = p->attrs.head; e; e = e->next)
        if (e->key && strcmp(e->key, key) == 0 && e->val)
            return e->val;
    parse_error(ps, p->loc, "'%s' requires the attribute '%s'", ir_op_name((ir_op_kind)p->kind), key);
    return NULL;
}

bool attrs_sdy_identity(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const dirs[] = { "NONE", "FORWARD", "BACKWARD", "BOTH" };
    const pattr *a;
    cur c;
    if (o->kind == IR_OP_SDY_SHARDING_CONSTRAINT || o->kind == IR_OP_SDY_RESHARD)
        return (a = need_attr(ps, p, "sharding")) && (o->a.sdy.sharding = parse_alloc(ps, 1, sizeof(ir_sdy_sharding))) &&
               open_text(ps, a, "#sdy.sharding", "sharding", &c) && sharding_body(&c, o->a.sdy.sharding);
    if (o->kind == IR_OP_SDY_PROPAGATION_BARRIER) {
        if (!(a = need_attr(ps, p, "allowed_direction")))
            return false;
        const char *w = a->kind == PA_WORD ? a->text : a->kind == PA_ENUM ? a->word : "";
        for (int i = 0; i < 4; i++)
            if (strcmp(w, dirs[i]) == 0)
                o->a.sdy.direction = dirs[i];
        if (!o->a.sdy.direction)
            ERR(a->loc, "'sdy.propagation_barrier' allowed_direction must be NONE, FORWARD, BACKWARD or BOTH");
        return true;
    }
    if (!(a = need_attr(ps, p, "group_id")))
        return false;
    if (a->kind != PA_INT || a->neg || (a->text[0] == '0' && a->text[1] == 'x'))
        ERR(a->loc, "'sdy.sharding_group' group_id must be a non-negative integer");
    char *end;
    unsigned long long v = strtoull(a->text, &end, 10);
    if (*end || v > INT64_MAX)
        ERR(a->loc, "'sdy.sharding_group' group_id out of range");
    o->a.sdy.group_id = (int64_t)v;
    return true;
}

/* in_shardings/out_shardings: the pretty `[<...>, ...]` or the generic
 * #sdy.sharding_per_value<[<...>, ...]> */
static bool sharding_list(parse_state *ps, const pop *p, const char *key, int *n, ir_sdy_sharding **out)
{
    const pattr *a = need_attr(ps, p, key);
    cur c;
    int cap = 0;
    *n = 0;
    if (a && a->kind == PA_ARRAY) {
        if (!(*out = parse_alloc(ps, (size_t)(a->items.n ? a->items.n : 1), sizeof **out)))
            return false;
        for (const pentry *i = a->items.head; i; i = i->next)
            if (!open_text(ps, i->val, "#sdy.sharding", key, &c) || !sharding_body(&c, &(*out)[(*n)++]))
                return false;
        return true;
    }
    if (!a || !open_text(ps, a, "#sdy.sharding_per_value", key, &c) || !expect(&c, '<') || !expect(&c, '[') ||
        !(*out = grow(ps, NULL, 0, &cap, sizeof **out)))
        return false;
    while (!eat(&c, ']')) {
        if (!sep(&c, *n, "',' or ']'") || !(*out = grow(ps, *out, *n, &cap, sizeof **out)))
            return false;
        memset(&(*out)[*n], 0, sizeof **out);
        if (!sharding_body(&c, &(*out)[(*n)++]))
            return false;
    }
    return expect(&c, '>');
}

bool attrs_sdy_manual_computation(parse_state *ps, pop *p, ir_op *o)
{
    const pattr *a;
    cur c;
    if (!sharding_list(ps, p, "in_shardings", &o->a.sdy.nin, &o->a.sdy.in) ||
        !sharding_list(ps, p, "out_shardings", &o->a.sdy.nout, &o->a.sdy.out) ||
        !(a = need_attr(ps, p, "manual_axes")))
        return false;
    o->a.sdy.manual_loc = a->loc;
    if (a->kind != PA_DICT) /* generic #sdy.manual_axes<{"a"}> */
        return open_text(ps, a, "#sdy.manual_axes", "manual_axes", &c) && expect(&c, '<') &&
               axis_set(&c, &o->a.sdy.nmanual, &o->a.sdy.manual) && expect(&c, '>');
    /* pretty {"a", "b"}: read as a dictionary of unit entries */
    if (!(o->a.sdy.manual = parse_alloc(ps, (size_t)(a->items.n ? a->items.n : 1), sizeof(char *))))
        return false;
    for (const pentry *i = a->items.head; i; i = i->next) {
        if (i->val)
            ERR(i->loc, "manual_axes lists axis names: {\"a\", \"b\"}");
        o->a.sdy.manual[o->a.sdy.nmanual++] = i->key;
    }
    return true;
}
