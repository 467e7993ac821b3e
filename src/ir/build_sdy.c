/* Shardy (docs/syntax.md "Shardy"): the texts of `sdy.mesh`, of the
 * shardings and of the manual axes, read into ir_sdy_mesh and
 * ir_sdy_sharding. The lexer hands each `<...>` over as one token of text
 * (lexer.l's SDYTEXT); this is a small scanner over it that reports each
 * error at its own line and column. The grammar read here:
 *
 *   mesh      <[ "a"=2, ... ] [, device_ids=[0, 1, ...]]>   (also <[]>)
 *   sharding  <@mesh | mesh<...>, [ dim, ... ] [, replicated={axes}]
 *              [, unreduced={axes}]>
 *   dim       { [axis, ...] [, ?] } [pN]   or  {?}
 *   axis      "a"  or  "a":(pre)size
 *
 * and their generic spellings #sdy.mesh<...>, #sdy.sharding<...>,
 * #sdy.sharding_per_value<[<...>, ...]>, #sdy.manual_axes<{"a", ...}>. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse.h"

/* A cursor over one text, with the source position of each byte. */
typedef struct {
    parse_state *ps;
    const char *s, *end;
    src_loc loc; /* of *s */
} cur;

static void advance(cur *c, size_t n)
{
    for (size_t i = 0; i < n && c->s < c->end; i++, c->s++) {
        if (*c->s == '\n') {
            c->loc.line++;
            c->loc.col = 1;
        } else {
            c->loc.col++;
        }
    }
}

static void blanks(cur *c)
{
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r'))
        advance(c, 1);
}

static bool fail(cur *c, const char *what)
{
    if (c->s >= c->end)
        parse_error(c->ps, c->loc, "expected %s in the Shardy attribute, got its end", what);
    else
        parse_error(c->ps, c->loc, "expected %s in the Shardy attribute, got '%c'", what, *c->s);
    return false;
}

/* The next character is `ch` (after blanks): take it. */
static bool eat(cur *c, char ch)
{
    blanks(c);
    if (c->s < c->end && *c->s == ch) {
        advance(c, 1);
        return true;
    }
    return false;
}

static bool expect(cur *c, char ch)
{
    if (eat(c, ch))
        return true;
    char what[8] = { '\'', ch, '\'', 0 };
    return fail(c, what);
}

static bool word_is(cur *c, const char *w)
{
    blanks(c);
    size_t n = strlen(w);
    if ((size_t)(c->end - c->s) < n || memcmp(c->s, w, n) != 0)
        return false;
    advance(c, n);
    return true;
}

static bool integer(cur *c, int64_t *out, const char *what)
{
    blanks(c);
    if (c->s >= c->end || *c->s < '0' || *c->s > '9')
        return fail(c, what);
    int64_t v = 0;
    src_loc at = c->loc;
    while (c->s < c->end && *c->s >= '0' && *c->s <= '9') {
        if (v > (INT64_MAX - 9) / 10) {
            parse_error(c->ps, at, "%s too large in the Shardy attribute", what);
            return false;
        }
        v = v * 10 + (*c->s - '0');
        advance(c, 1);
    }
    *out = v;
    return true;
}

/* A quoted name, unescaped, into the arena. */
static bool name(cur *c, const char **out, src_loc *at)
{
    blanks(c);
    *at = c->loc;
    if (c->s >= c->end || *c->s != '"')
        return fail(c, "a quoted axis name");
    const char *p = c->s + 1;
    while (p < c->end && *p != '"')
        p += *p == '\\' && p + 1 < c->end ? 2 : 1;
    if (p >= c->end)
        return fail(c, "a closing '\"'");
    *out = parse_unescape(c->ps, c->s + 1, (size_t)(p - c->s - 1), *at);
    advance(c, (size_t)(p + 1 - c->s));
    return *out != NULL;
}

/* A list that grows by doubling in the arena. */
static void *grow(parse_state *ps, void *v, int n, int *cap, size_t size)
{
    if (n < *cap)
        return v;
    int want = *cap ? *cap * 2 : 4;
    void *w = arena_grow(ps->arena, v, (size_t)*cap, (size_t)want, size);
    if (!w) {
        parse_error(ps, (src_loc){ ps->line, ps->col }, "out of memory");
        return NULL;
    }
    *cap = want;
    return w;
}

/* `<[ "a"=2, ... ] [, device_ids=[...]]>` from its `<` on. */
static bool mesh_body(cur *c, ir_sdy_mesh *m)
{
    parse_state *ps = c->ps;
    int cap = 0;
    m->ndevices = 1;
    if (!expect(c, '<') || !expect(c, '['))
        return false;
    if (!eat(c, ']')) {
        do {
            src_loc at;
            const char *nm;
            int64_t size;
            if (!name(c, &nm, &at) || !expect(c, '=') || !integer(c, &size, "an axis size"))
                return false;
            if (size < 1) {
                parse_error(ps, at, "mesh axis \"%s\" has size 0 (sizes are at least 1)", nm);
                return false;
            }
            for (int i = 0; i < m->naxes; i++)
                if (strcmp(m->axes[i].name, nm) == 0) {
                    parse_error(ps, at, "mesh axis \"%s\" appears twice", nm);
                    return false;
                }
            if (!(m->axes = grow(ps, m->axes, m->naxes, &cap, sizeof *m->axes)))
                return false;
            m->axes[m->naxes++] = (ir_sdy_axis){ nm, size };
            if (m->ndevices > INT32_MAX / size) {
                parse_error(ps, at, "mesh of more than %d devices", INT32_MAX);
                return false;
            }
            m->ndevices *= size;
        } while (eat(c, ','));
        if (!expect(c, ']'))
            return false;
    }
    if (eat(c, ',')) {
        blanks(c);
        src_loc at = c->loc;
        if (!word_is(c, "device_ids") || !expect(c, '=') || !expect(c, '['))
            return fail(c, "'device_ids=['");
        int64_t n = 0, id;
        if (!eat(c, ']')) {
            do {
                if (!integer(c, &id, "a device id"))
                    return false;
                n++;
            } while (eat(c, ','));
            if (!expect(c, ']'))
                return false;
        }
        if (n != m->ndevices && !(n == 1 && m->naxes == 0)) {
            parse_error(ps, at, "device_ids lists %" PRId64 " device%s, the mesh has %" PRId64, n, n == 1 ? "" : "s",
                        m->ndevices);
            return false;
        }
        m->device_ids = true;
    }
    return expect(c, '>');
}

/* `"a"` or `"a":(pre)size` */
static bool dim_axis(cur *c, ir_sdy_dim_axis *a)
{
    if (!name(c, &a->name, &a->loc))
        return false;
    a->sub_size = 0;
    if (eat(c, ':')) {
        int64_t pre, size;
        if (!expect(c, '(') || !integer(c, &pre, "a sub-axis pre-size") || !expect(c, ')') ||
            !integer(c, &size, "a sub-axis size"))
            return false;
        if (pre < 1 || size < 1) {
            parse_error(c->ps, a->loc, "sub-axis of \"%s\" has a size 0", a->name);
            return false;
        }
        a->sub_size = size;
    }
    return true;
}

/* `{"a", "b"}`: names only (replicated, unreduced, manual axes) */
static bool axis_set(cur *c, int *n, const char ***names)
{
    int cap = 0;
    *n = 0;
    if (!expect(c, '{'))
        return false;
    if (eat(c, '}'))
        return true;
    do {
        ir_sdy_dim_axis a;
        if (!dim_axis(c, &a))
            return false;
        if (!(*names = grow(c->ps, *names, *n, &cap, sizeof **names)))
            return false;
        (*names)[(*n)++] = a.name;
    } while (eat(c, ','));
    return expect(c, '}');
}

/* A sharding from its `<` on. */
static bool sharding_body(cur *c, ir_sdy_sharding *sh)
{
    parse_state *ps = c->ps;
    const char *start = c->s;
    sh->loc = c->loc;
    if (!expect(c, '<'))
        return false;
    blanks(c);
    if (eat(c, '@')) {
        const char *p = c->s;
        while (p < c->end && (p[0] == '_' || p[0] == '$' || p[0] == '.' || p[0] == '-' || (p[0] >= '0' && p[0] <= '9') ||
                              (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z')))
            p++;
        if (p == c->s)
            return fail(c, "a mesh name after '@'");
        if (!(sh->mesh_name = parse_strdup(ps, c->s, (size_t)(p - c->s))))
            return false;
        advance(c, (size_t)(p - c->s));
    } else if (word_is(c, "#sdy.mesh") || word_is(c, "mesh")) {
        sh->mesh = parse_alloc(ps, 1, sizeof *sh->mesh);
        if (!sh->mesh)
            return false;
        sh->mesh->loc = c->loc;
        if (!mesh_body(c, sh->mesh))
            return false;
    } else {
        return fail(c, "'@mesh' or 'mesh<...>'");
    }
    if (!expect(c, ',') || !expect(c, '['))
        return false;
    int dims_cap = 0, axes_cap = 0, naxes = 0;
    sh->rank = 0;
    if (!(sh->dim_start = grow(ps, NULL, 0, &dims_cap, sizeof(int))))
        return false;
    sh->dim_start[0] = 0;
    if (!eat(c, ']')) {
        do {
            if (!expect(c, '{'))
                return false;
            if (!eat(c, '}')) {
                for (;;) {
                    if (eat(c, '?')) { /* an open dimension */
                        if (!expect(c, '}'))
                            return false;
                        break;
                    }
                    if (!(sh->axes = grow(ps, sh->axes, naxes, &axes_cap, sizeof *sh->axes)) ||
                        !dim_axis(c, &sh->axes[naxes]))
                        return false;
                    naxes++;
                    if (eat(c, ','))
                        continue;
                    if (!expect(c, '}'))
                        return false;
                    break;
                }
            }
            blanks(c);
            if (c->s < c->end && *c->s == 'p') { /* priority pN */
                int64_t prio;
                advance(c, 1);
                if (!integer(c, &prio, "a priority after 'p'"))
                    return false;
            }
            if (!(sh->dim_start = grow(ps, sh->dim_start, sh->rank + 1, &dims_cap, sizeof(int))))
                return false;
            sh->dim_start[++sh->rank] = naxes;
        } while (eat(c, ','));
        if (!expect(c, ']'))
            return false;
    }
    while (eat(c, ',')) {
        int n = 0;
        const char **names = NULL;
        if (!(word_is(c, "replicated") || word_is(c, "unreduced")))
            return fail(c, "'replicated' or 'unreduced'");
        if (!expect(c, '=') || !axis_set(c, &n, &names))
            return false;
    }
    if (!expect(c, '>'))
        return false;
    sh->text = parse_strdup(ps, start, (size_t)(c->s - start));
    return sh->text != NULL;
}

/* The text of a PA_SDY attribute, its prefix `#sdy.NAME` (when present)
 * checked and skipped. */
static bool open_text(parse_state *ps, const pattr *a, const char *prefix, const char *key, cur *c)
{
    if (!a || a->kind != PA_SDY) {
        parse_error(ps, a ? a->loc : (src_loc){ ps->line, ps->col }, "attribute '%s' must be a Shardy %s<...>", key,
                    prefix);
        return false;
    }
    *c = (cur){ ps, a->text, a->text + a->len, a->loc };
    if (a->text[0] == '#') {
        size_t n = strlen(prefix);
        if (a->len <= n || memcmp(a->text, prefix, n) != 0 || a->text[n] != '<') {
            size_t k = strcspn(a->text, "<");
            parse_error(ps, a->loc, "attribute '%s' must be %s<...>, got %.*s<...>", key, prefix, (int)k, a->text);
            return false;
        }
        advance(c, n);
    }
    return true;
}

static bool one_sharding(parse_state *ps, const pattr *a, const char *key, ir_sdy_sharding *sh)
{
    cur c;
    return open_text(ps, a, "#sdy.sharding", key, &c) && sharding_body(&c, sh);
}

bool build_sdy_mesh(parse_state *ps, ptok sym, ptok text)
{
    ir_module *m = ps->m;
    for (int i = 0; i < m->nmeshes; i++)
        if (strlen(m->meshes[i].name) == sym.n && memcmp(m->meshes[i].name, sym.s, sym.n) == 0) {
            parse_error(ps, sym.loc, "mesh '@%.*s' is defined twice", (int)sym.n, sym.s);
            return false;
        }
    int cap = m->nmeshes ? m->nmeshes : 0;
    /* the list grows by one: arena_grow keeps the old entries */
    ir_sdy_mesh *v = arena_grow(ps->arena, m->meshes, (size_t)cap, (size_t)cap + 1, sizeof *v);
    if (!v) {
        parse_error(ps, sym.loc, "out of memory");
        return false;
    }
    m->meshes = v;
    ir_sdy_mesh *me = &v[m->nmeshes];
    memset(me, 0, sizeof *me);
    me->loc = sym.loc;
    if (!(me->name = parse_strdup(ps, sym.s, sym.n)))
        return false;
    cur c = { ps, text.s, text.s + text.n, text.loc };
    if (text.n && text.s[0] == '#') {
        if (text.n < 10 || memcmp(text.s, "#sdy.mesh<", 10) != 0) {
            parse_error(ps, text.loc, "a mesh must be <[...]> or #sdy.mesh<[...]>");
            return false;
        }
        advance(&c, 9);
    }
    const char *start = c.s;
    if (!mesh_body(&c, me))
        return false;
    if (!(me->text = parse_strdup(ps, start, (size_t)(c.s - start))))
        return false;
    m->nmeshes++;
    return true;
}

bool build_sdy_mesh_generic(parse_state *ps, src_loc loc, const plist *props)
{
    const pattr *name = NULL, *mesh = NULL;
    for (const pentry *e = props ? props->head : NULL; e; e = e->next) {
        if (e->key && strcmp(e->key, "sym_name") == 0)
            name = e->val;
        else if (e->key && strcmp(e->key, "mesh") == 0)
            mesh = e->val;
    }
    if (!name || name->kind != PA_STRING) {
        parse_error(ps, loc, "'sdy.mesh' requires the property sym_name = \"NAME\"");
        return false;
    }
    if (!mesh || mesh->kind != PA_SDY) {
        parse_error(ps, loc, "'sdy.mesh' requires the property mesh = #sdy.mesh<...>");
        return false;
    }
    ptok sym = { name->text, strlen(name->text), 0, name->loc };
    ptok text = { mesh->text, mesh->len, 0, mesh->loc };
    return build_sdy_mesh(ps, sym, text);
}

static const pentry *find_attr(const pop *p, const char *key)
{
    for (const pentry *e = p->attrs.head; e; e = e->next)
        if (e->key && strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static const pentry *need_attr(parse_state *ps, const pop *p, const char *key)
{
    const pentry *e = find_attr(p, key);
    if (!e || !e->val)
        parse_error(ps, p->loc, "'%s' requires the attribute '%s'", ir_op_name((ir_op_kind)p->kind), key);
    return e && e->val ? e : NULL;
}

bool attrs_sdy_identity(parse_state *ps, pop *p, ir_op *o)
{
    const pentry *e;
    if (o->kind == IR_OP_SDY_SHARDING_CONSTRAINT || o->kind == IR_OP_SDY_RESHARD) {
        if (!(e = need_attr(ps, p, "sharding")))
            return false;
        o->a.sdy.sharding = parse_alloc(ps, 1, sizeof *o->a.sdy.sharding);
        return o->a.sdy.sharding && one_sharding(ps, e->val, "sharding", o->a.sdy.sharding);
    }
    if (o->kind == IR_OP_SDY_PROPAGATION_BARRIER) {
        static const char *const dirs[] = { "NONE", "FORWARD", "BACKWARD", "BOTH" };
        if (!(e = need_attr(ps, p, "allowed_direction")))
            return false;
        const pattr *a = e->val;
        const char *w = a->kind == PA_WORD ? a->text : a->kind == PA_ENUM ? a->word : NULL;
        for (int i = 0; w && i < 4; i++)
            if (strcmp(w, dirs[i]) == 0)
                o->a.sdy.direction = dirs[i];
        if (!o->a.sdy.direction) {
            parse_error(ps, a->loc, "'sdy.propagation_barrier' allowed_direction must be NONE, FORWARD, BACKWARD or BOTH");
            return false;
        }
        return true;
    }
    {
        if (!(e = need_attr(ps, p, "group_id")))
            return false;
        const pattr *a = e->val;
        if (a->kind != PA_INT || a->neg || (a->text[0] == '0' && a->text[1] == 'x')) {
            parse_error(ps, a->loc, "'sdy.sharding_group' group_id must be a non-negative integer");
            return false;
        }
        char *end;
        unsigned long long v = strtoull(a->text, &end, 10);
        if (*end || v > INT64_MAX) {
            parse_error(ps, a->loc, "'sdy.sharding_group' group_id out of range");
            return false;
        }
        o->a.sdy.group_id = (int64_t)v;
        return true;
    }
}

/* in_shardings/out_shardings: the pretty `[<...>, ...]` or the generic
 * #sdy.sharding_per_value<[<...>, ...]> */
static bool sharding_list(parse_state *ps, const pop *p, const char *key, int *n, ir_sdy_sharding **out)
{
    const pentry *e = need_attr(ps, p, key);
    if (!e)
        return false;
    const pattr *a = e->val;
    *n = 0;
    if (a->kind == PA_ARRAY) {
        *out = parse_alloc(ps, (size_t)(a->items.n ? a->items.n : 1), sizeof **out);
        if (!*out)
            return false;
        for (const pentry *i = a->items.head; i; i = i->next)
            if (!one_sharding(ps, i->val, key, &(*out)[(*n)++]))
                return false;
        return true;
    }
    cur c;
    int cap = 0;
    if (!open_text(ps, a, "#sdy.sharding_per_value", key, &c) || !expect(&c, '<') || !expect(&c, '['))
        return false;
    *out = NULL;
    if (!eat(&c, ']')) {
        do {
            if (!(*out = grow(ps, *out, *n, &cap, sizeof **out)))
                return false;
            memset(&(*out)[*n], 0, sizeof **out);
            blanks(&c);
            if (!sharding_body(&c, &(*out)[(*n)++]))
                return false;
        } while (eat(&c, ','));
        if (!expect(&c, ']'))
            return false;
    }
    if (!*out && !(*out = parse_alloc(ps, 1, sizeof **out)))
        return false;
    return expect(&c, '>');
}

bool attrs_sdy_manual_computation(parse_state *ps, pop *p, ir_op *o)
{
    if (!sharding_list(ps, p, "in_shardings", &o->a.sdy.nin, &o->a.sdy.in) ||
        !sharding_list(ps, p, "out_shardings", &o->a.sdy.nout, &o->a.sdy.out))
        return false;
    const pentry *e = need_attr(ps, p, "manual_axes");
    if (!e)
        return false;
    const pattr *a = e->val;
    o->a.sdy.manual_loc = a->loc;
    if (a->kind == PA_DICT) { /* pretty: {"a", "b"} read as a dictionary of unit entries */
        o->a.sdy.manual = parse_alloc(ps, (size_t)(a->items.n ? a->items.n : 1), sizeof(char *));
        if (!o->a.sdy.manual)
            return false;
        for (const pentry *i = a->items.head; i; i = i->next) {
            if (i->val) {
                parse_error(ps, i->loc, "manual_axes lists axis names: {\"a\", \"b\"}");
                return false;
            }
            o->a.sdy.manual[o->a.sdy.nmanual++] = i->key;
        }
        return true;
    }
    cur c;
    return open_text(ps, a, "#sdy.manual_axes", "manual_axes", &c) && expect(&c, '<') &&
           axis_set(&c, &o->a.sdy.nmanual, &o->a.sdy.manual) && expect(&c, '>');
}
