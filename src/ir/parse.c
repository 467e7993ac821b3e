/* Glue between the generated scanner/parser and the IR: error reporting,
 * parse-time lists, the hand scanners for tensor types and array<...>
 * tokens, and the entry points ir_parse / ir_parse_literals. */
#include "parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/mem.h"

void parse_error(parse_state *ps, src_loc loc, const char *fmt, ...)
{
    if (ps->failed)
        return; /* the first error of a parse is the one that matters */
    ps->failed = true;
    ps->oom = strcmp(fmt, "out of memory") == 0;
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps->src, loc, fmt, ap);
    va_end(ap);
}

void *parse_alloc(parse_state *ps, size_t count, size_t size)
{
    void *p = arena_alloc(ps->arena, count, size);
    if (!p)
        parse_error(ps, (src_loc){ ps->line, ps->col }, "out of memory");
    return p;
}

char *parse_strdup(parse_state *ps, const char *s, size_t n)
{
    char *d = arena_strndup(ps->arena, s, n);
    if (!d)
        parse_error(ps, (src_loc){ ps->line, ps->col }, "out of memory");
    return d;
}

bool parse_alias_known(const parse_state *ps, const char *name)
{
    if (!ps->aliases)
        return false;
    for (unsigned h = ir_name_hash(name) & ps->alias_mask; ps->aliases[h]; h = (h + 1) & ps->alias_mask)
        if (strcmp(ps->aliases[h], name) == 0)
            return true;
    return false;
}

bool parse_alias_define(parse_state *ps, const char *name, const char *loc_name, pattr *value)
{
    if (parse_alias_known(ps, name))
        return true; /* MLIR refuses a redefinition; here it changes nothing */
    if (!ps->aliases || (unsigned)ps->naliases * 2 >= ps->alias_mask) {
        unsigned n = ps->aliases ? (ps->alias_mask + 1) * 2 : 64;
        const char **t = parse_alloc(ps, n, sizeof *t), **l = parse_alloc(ps, n, sizeof *l);
        pattr **v = parse_alloc(ps, n, sizeof *v);
        if (!t || !l || !v)
            return false;
        for (unsigned i = 0; ps->aliases && i <= ps->alias_mask; i++) {
            if (!ps->aliases[i])
                continue;
            unsigned h = ir_name_hash(ps->aliases[i]) & (n - 1);
            while (t[h])
                h = (h + 1) & (n - 1);
            t[h] = ps->aliases[i];
            l[h] = ps->alias_locs[i];
            v[h] = ps->alias_vals[i];
        }
        ps->aliases = t;
        ps->alias_locs = l;
        ps->alias_vals = v;
        ps->alias_mask = n - 1;
    }
    unsigned h = ir_name_hash(name) & ps->alias_mask;
    while (ps->aliases[h])
        h = (h + 1) & ps->alias_mask;
    ps->aliases[h] = name;
    ps->alias_locs[h] = loc_name;
    ps->alias_vals[h] = value;
    ps->naliases++;
    return true;
}

pattr *parse_alias_value(const parse_state *ps, const char *name)
{
    if (!ps->aliases)
        return NULL;
    for (unsigned h = ir_name_hash(name) & ps->alias_mask; ps->aliases[h]; h = (h + 1) & ps->alias_mask)
        if (strcmp(ps->aliases[h], name) == 0)
            return ps->alias_vals[h];
    return NULL;
}

/* The loc(...) name an alias stands for, or NULL. */
static const char *alias_loc(const parse_state *ps, const char *name)
{
    if (!ps->aliases)
        return NULL;
    for (unsigned h = ir_name_hash(name) & ps->alias_mask; ps->aliases[h]; h = (h + 1) & ps->alias_mask)
        if (strcmp(ps->aliases[h], name) == 0)
            return ps->alias_locs[h];
    return NULL;
}

static bool is_space(char c);
static int hexval(char c);

const char *parse_loc_name(parse_state *ps, const char *s, size_t n, src_loc loc)
{
    size_t i = 4; /* after "loc(" */
    while (i < n && is_space(s[i]))
        i++;
    if (i < n && s[i] == '#') {
        size_t start = i++;
        while (i < n && !is_space(s[i]) && s[i] != ')')
            i++;
        return parse_strdup(ps, s + start, i - start);
    }
    if (i >= n || s[i] != '"')
        return NULL;
    size_t start = ++i;
    while (i < n && s[i] != '"')
        i += s[i] == '\\' ? 2 : 1;
    if (i >= n)
        return NULL;
    size_t end = i++;
    while (i < n && is_space(s[i]))
        i++;
    if (i < n && s[i] == ':')
        return NULL; /* "file":line:col */
    return parse_unescape(ps, s + start, end - start, loc, NULL);
}

/* Argument names from `loc(#alias)`: the aliases may be defined anywhere in
 * the file (MLIR allows location aliases after their use). */
static void resolve_arg_locs(parse_state *ps)
{
    for (int i = 0; i < ps->nfuncs; i++) {
        ir_func *f = &ps->funcs[i];
        for (int a = 0; f->arg_locs && a < f->nargs; a++)
            if (f->arg_locs[a] && f->arg_locs[a][0] == '#')
                f->arg_locs[a] = alias_loc(ps, f->arg_locs[a]);
    }
}

void plist_add(plist *l, pentry *e)
{
    if (l->tail)
        l->tail->next = e;
    else
        l->head = e;
    l->tail = e;
    l->n++;
}

pentry *pentry_new(parse_state *ps, const char *key, src_loc loc, pattr *val)
{
    pentry *e = parse_alloc(ps, 1, sizeof *e);
    if (e) {
        e->key = key;
        e->loc = loc;
        e->val = val;
    }
    return e;
}

pattr *pattr_new(parse_state *ps, pattr_kind k, src_loc loc)
{
    pattr *a = parse_alloc(ps, 1, sizeof *a);
    if (a) {
        a->kind = k;
        a->loc = loc;
    }
    return a;
}

/* Appends node n to a list with head, tail and count (the tlist, ulist and
 * olist of the grammar's semantic values). */
#define LIST_APPEND(l, node)           \
    do {                               \
        if ((l)->tail)                 \
            (l)->tail->next = (node);  \
        else                           \
            (l)->head = (node);        \
        (l)->tail = (node);            \
        (l)->n++;                      \
    } while (0)

tlist *tlist_add(parse_state *ps, tlist *l, tensor_type *t, src_loc loc)
{
    if (!l && !(l = parse_alloc(ps, 1, sizeof *l)))
        return NULL;
    tnode *n = parse_alloc(ps, 1, sizeof *n);
    if (!n)
        return NULL;
    n->t = t;
    n->loc = loc;
    LIST_APPEND(l, n);
    return l;
}

ulist *ulist_add(parse_state *ps, ulist *l, ptok v, int count, tensor_type *type)
{
    if (!l && !(l = parse_alloc(ps, 1, sizeof *l)))
        return NULL;
    unode *n = parse_alloc(ps, 1, sizeof *n);
    if (!n)
        return NULL;
    const char *hash = memchr(v.s, '#', v.n);
    size_t len = hash ? (size_t)(hash - v.s) : v.n;
    n->u.name = parse_strdup(ps, v.s, len);
    if (!n->u.name)
        return NULL;
    n->u.loc = v.loc;
    n->u.result = count;
    n->type = type;
    if (hash) {
        if (type) {
            parse_error(ps, v.loc, "a result number '#N' cannot appear in an argument name");
            return NULL;
        }
        const char *d = hash + 1, *end = v.s + v.n;
        long long k = 0;
        for (; d < end; d++) {
            k = k * 10 + (*d - '0');
            if (k > 1000000) {
                parse_error(ps, v.loc, "result number out of range");
                return NULL;
            }
        }
        n->u.result = (int)k;
    }
    LIST_APPEND(l, n);
    return l;
}

olist *olist_add(parse_state *ps, olist *l, ir_op *op)
{
    if (!l && !(l = parse_alloc(ps, 1, sizeof *l)))
        return NULL;
    onode *n = parse_alloc(ps, 1, sizeof *n);
    if (!n)
        return NULL;
    n->op = op;
    LIST_APPEND(l, n);
    return l;
}

pop *pop_new(parse_state *ps, int kind, src_loc loc, const char *name)
{
    pop *p = parse_alloc(ps, 1, sizeof *p);
    if (p) {
        p->kind = kind;
        p->loc = loc;
        p->name = name ? name : ir_op_name((ir_op_kind)kind);
        p->compact_reduce_op = -1;
    }
    return p;
}

/* The location of byte `off` of a token starting at `loc`. */
static src_loc loc_at(src_loc loc, const char *s, size_t off)
{
    for (size_t i = 0; i < off; i++) {
        if (s[i] == '\n') {
            loc.line++;
            loc.col = 1;
        } else {
            loc.col++;
        }
    }
    return loc;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

tensor_type *parse_tuple_type(parse_state *ps, const tlist *parts)
{
    tensor_type *t = parse_alloc(ps, 1, sizeof *t);
    int n = parts ? parts->n : 0;
    tensor_type *v = parse_alloc(ps, (size_t)(n ? n : 1), sizeof *v);
    if (!t || !v)
        return NULL;
    int i = 0;
    for (const tnode *p = parts ? parts->head : NULL; p; p = p->next)
        v[i++] = *p->t;
    *t = shape_tuple(v, n);
    return t;
}

/* parse_type_token's errors; in quiet mode (the lexer's first try) only
 * noted, so that an attribute can keep the type as text */
void parse_type_verror(parse_state *ps, src_loc loc, const char *fmt, va_list ap)
{
    if (ps->quiet || ps->failed)
        return;
    ps->failed = true;
    diag_verror(ps->src, loc, fmt, ap);
}

static void type_error(parse_state *ps, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void type_error(parse_state *ps, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    parse_type_verror(ps, loc, fmt, ap);
    va_end(ap);
}

/* The encoding after ',' at s[*i]: only `#stablehlo.bounds<B, ...>`, one
 * entry per dimension, a bound (an integer >= 0) on a `?` dimension or `?`
 * (docs/shape-polymorphism.md); leaves *i at the closing '>' of the type. */
static bool parse_bounds(parse_state *ps, const char *s, size_t n, size_t *i, src_loc loc, tensor_type *t)
{
    static const char head[] = "#stablehlo.bounds<";
    size_t at = *i + 1;
    while (at < n && is_space(s[at]))
        at++;
    if (n - at < sizeof head - 1 || memcmp(s + at, head, sizeof head - 1) != 0) {
        type_error(ps, loc_at(loc, s, *i), "unsupported tensor encoding attribute (only #stablehlo.bounds<...>)");
        return false;
    }
    at += sizeof head - 1;
    for (int d = 0;; d++) {
        while (at < n && is_space(s[at]))
            at++;
        if (d == t->rank) {
            if (at >= n || s[at] != '>') {
                type_error(ps, loc_at(loc, s, at), "#stablehlo.bounds needs one entry per dimension (%d)", t->rank);
                return false;
            }
            at++;
            break;
        }
        if (d > 0) {
            if (at >= n || s[at] != ',') {
                type_error(ps, loc_at(loc, s, at), "#stablehlo.bounds needs one entry per dimension (%d)", t->rank);
                return false;
            }
            at++;
            while (at < n && is_space(s[at]))
                at++;
        }
        if (at < n && s[at] == '?') {
            at++;
            continue;
        }
        size_t start = at;
        int64_t b = 0;
        while (at < n && s[at] >= '0' && s[at] <= '9' && b <= INT64_MAX / 100)
            b = b * 10 + (s[at++] - '0');
        if (at == start || (at < n && s[at] >= '0' && s[at] <= '9')) {
            type_error(ps, loc_at(loc, s, start), "expected a bound (an integer) or '?' in #stablehlo.bounds");
            return false;
        }
        if (!shape_dim_dynamic(t->dims[d])) {
            type_error(ps, loc_at(loc, s, start), "a bound is only allowed on a dynamic dimension ('?'), not on "
                                                  "dimension %d of size %lld", d, (long long)t->dims[d]);
            return false;
        }
        t->dims[d] = SHAPE_DYN_BOUNDED(b);
    }
    while (at < n && is_space(s[at]))
        at++;
    *i = at;
    return true;
}

bool parse_type_token(parse_state *ps, const char *s, size_t n, src_loc loc, tensor_type **out)
{
    tensor_type *t = parse_alloc(ps, 1, sizeof *t);
    if (!t)
        return false;
    size_t i = 7; /* after "tensor<" */
    t->rank = 0;
    for (;;) {
        while (i < n && is_space(s[i]))
            i++;
        if (i >= n)
            break;
        if ((s[i] >= '0' && s[i] <= '9') || s[i] == '?') {
            size_t start = i;
            int64_t d = 0;
            if (s[i] == '?') { /* a dynamic dimension (docs/shape-polymorphism.md) */
                d = SHAPE_DYN;
                i++;
            }
            while (d >= 0 && i < n && s[i] >= '0' && s[i] <= '9') {
                if (d <= INT64_MAX / 100)
                    d = d * 10 + (s[i] - '0');
                else
                    d = INT64_MAX; /* saturate: shape_count refuses it */
                i++;
            }
            while (i < n && is_space(s[i]))
                i++;
            if (i >= n || s[i] != 'x') {
                type_error(ps, loc_at(loc, s, i), "expected 'x' after a dimension in tensor type");
                return false;
            }
            if (t->rank == SHAPE_MAX_RANK) {
                type_error(ps, loc_at(loc, s, start), "tensor rank exceeds the limit of %d", SHAPE_MAX_RANK);
                return false;
            }
            t->dims[t->rank++] = d;
            i++;
            continue;
        }
        if (s[i] == '*') {
            type_error(ps, loc_at(loc, s, i), "unsupported unranked tensor type (only static shapes are supported)");
            return false;
        }
        if (s[i] == '-' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') {
            type_error(ps, loc_at(loc, s, i), "negative dimension in tensor type (a dimension is 0 or more)");
            return false;
        }
        /* element type */
        size_t start = i;
        if (s[i] == '!') { /* quantized (issue 34) */
            const shape_quant *q;
            if (!parse_quant_type(ps, s, n, &i, loc, &q))
                return false;
            shape_set_quant(t, q);
            t->elem = q->storage;
            goto after_elem;
        }
        while (i < n && s[i] != '>' && s[i] != ',' && s[i] != '<' && !is_space(s[i]))
            i++;
        if (i < n && s[i] == '<') { /* complex<...> */
            while (i < n && s[i] != '>')
                i++;
            if (i < n)
                i++;
        }
        size_t len = i - start;
        int e = et_lookup(s + start, len);
        if (e < 0) {
            src_loc l = loc_at(loc, s, start);
            if (len >= 3 && s[start] == 's' && s[start + 1] == 'i')
                type_error(ps, l, "unsupported element type '%.*s' (StableHLO integers are signless: write 'i%.*s')",
                            (int)len, s + start, (int)len - 2, s + start + 2);
            else if (len == 5 && memcmp(s + start, "index", 5) == 0)
                type_error(ps, l, "unsupported element type 'index' (index tensors are read only inside attributes, "
                                  "not as values)");
            else if (len == 0)
                type_error(ps, l, "expected an element type in tensor type");
            else
                type_error(ps, l, "unsupported element type '%.*s' (supported: %s)", (int)len, s + start,
                            et_known_names());
            return false;
        }
        t->elem = (et_id)e;
    after_elem:
        while (i < n && is_space(s[i]))
            i++;
        if (i < n && s[i] == ',' && !parse_bounds(ps, s, n, &i, loc, t))
            return false;
        if (i != n - 1 || s[i] != '>') {
            type_error(ps, loc_at(loc, s, i), "expected '>' at the end of the tensor type");
            return false;
        }
        if (shape_is_static(t) && shape_count(t) < 0) {
            type_error(ps, loc, "tensor type has too many elements (the limit is 2^36)");
            return false;
        }
        const shape_quant *tq = shape_quant_of(t);
        if (tq && tq->axis >= t->rank) {
            type_error(ps, loc, "quantized dimension %d of a rank-%d tensor type", tq->axis, t->rank);
            return false;
        }
        if (tq && tq->axis >= 0 && t->dims[tq->axis] != tq->n) {
            type_error(ps, loc, "quantized dimension %d has size %lld, not the %d of its scales", tq->axis,
                       (long long)t->dims[tq->axis], tq->n);
            return false;
        }
        *out = t;
        return true;
    }
    type_error(ps, loc, "expected an element type in tensor type");
    return false;
}

/* Reads [-]digits or [-]0xhex at s[*i]; the value must fit int64. */
static bool read_int64(parse_state *ps, const char *s, size_t n, size_t *i, src_loc loc, int64_t *out)
{
    size_t at = *i;
    bool neg = false;
    if (at < n && s[at] == '-') {
        neg = true;
        at++;
        while (at < n && is_space(s[at]))
            at++;
    }
    uint64_t v = 0;
    bool any = false, over = false;
    if (at + 1 < n && s[at] == '0' && s[at + 1] == 'x') {
        at += 2;
        for (; at < n; at++, any = true) {
            char c = s[at];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0)
                break;
            if (v >> 60)
                over = true;
            v = v << 4 | (uint64_t)d;
        }
    } else {
        for (; at < n && s[at] >= '0' && s[at] <= '9'; at++, any = true) {
            if (v > (UINT64_MAX - 9) / 10)
                over = true;
            v = v * 10 + (uint64_t)(s[at] - '0');
        }
    }
    if (!any) {
        parse_error(ps, loc_at(loc, s, *i), "expected an integer");
        return false;
    }
    if (over || v > (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) {
        parse_error(ps, loc_at(loc, s, *i), "integer out of range of i64");
        return false;
    }
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    *i = at;
    return true;
}

bool parse_array_token(parse_state *ps, const char *s, size_t n, src_loc loc, pattr **out)
{
    pattr *a = pattr_new(ps, PA_INTS, loc);
    if (!a)
        return false;
    size_t i = 6; /* after "array<" */
    while (i < n && is_space(s[i]))
        i++;
    size_t start = i;
    while (i < n && s[i] != ':' && s[i] != '>' && !is_space(s[i]))
        i++;
    int e = et_lookup(s + start, i - start);
    /* array<i1: true, false> (window_reversal) holds 0/1; `word` marks it so
     * that integer lists refuse it */
    bool flags = e == ET_I1;
    if (flags)
        a->word = "i1";
    a->word2 = e >= 0 ? et_get((et_id)e)->name : NULL; /* for the printer */
    if (e < 0 || (!et_is_int((et_id)e) && !flags)) {
        parse_error(ps, loc_at(loc, s, start), "unsupported array attribute element type '%.*s' (expected an integer type)",
                    (int)(i - start), s + start);
        return false;
    }
    while (i < n && is_space(s[i]))
        i++;
    /* count the entries first so one allocation holds them */
    int cap = 1;
    for (size_t k = i; k < n; k++)
        cap += s[k] == ',';
    a->ints.v = parse_alloc(ps, (size_t)cap, sizeof(int64_t));
    if (!a->ints.v)
        return false;
    if (s[i] == ':') {
        i++;
        for (;;) {
            while (i < n && is_space(s[i]))
                i++;
            int64_t v;
            if (flags && n - i >= 4 && memcmp(s + i, "true", 4) == 0) {
                v = 1;
                i += 4;
            } else if (flags && n - i >= 5 && memcmp(s + i, "false", 5) == 0) {
                v = 0;
                i += 5;
            } else if (flags) {
                parse_error(ps, loc_at(loc, s, i), "array<i1: ...> elements are true or false");
                return false;
            } else if (!read_int64(ps, s, n, &i, loc, &v)) {
                return false;
            }
            if (a->ints.n == cap)
                break; /* cannot happen: cap counts the commas */
            a->ints.v[a->ints.n++] = v;
            while (i < n && is_space(s[i]))
                i++;
            if (s[i] == ',') {
                i++;
                continue;
            }
            break;
        }
    }
    if (i != n - 1 || s[i] != '>') {
        parse_error(ps, loc_at(loc, s, i), "malformed array attribute");
        return false;
    }
    *out = a;
    return true;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *parse_unescape(parse_state *ps, const char *s, size_t n, src_loc loc, size_t *len)
{
    char *d = parse_alloc(ps, n + 1, 1);
    if (!d)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c != '\\') {
            if (c == '\0') {
                parse_error(ps, loc_at(loc, s - 1, i + 1), "NUL byte in string");
                return NULL;
            }
            d[o++] = c;
            continue;
        }
        char e = s[++i];
        if (e == '"' || e == '\\')
            d[o++] = e;
        else if (e == 'n')
            d[o++] = '\n';
        else if (e == 't')
            d[o++] = '\t';
        else if (i + 1 < n && hexval(e) >= 0 && hexval(s[i + 1]) >= 0) {
            int v = hexval(e) * 16 + hexval(s[i + 1]);
            i++;
            if (v == 0 && !len) {
                parse_error(ps, loc_at(loc, s - 1, i), "NUL byte in a name (\\00 is only valid in string attributes)");
                return NULL;
            }
            d[o++] = (char)v;
        } else {
            parse_error(ps, loc_at(loc, s - 1, i), "invalid escape sequence in string");
            return NULL;
        }
    }
    d[o] = '\0';
    if (len)
        *len = o;
    return d;
}

pattr *parse_resource_use(parse_state *ps, ptok name, const tensor_type *type, src_loc loc)
{
    pattr *a = pattr_new(ps, PA_DENSE, loc);
    ir_literal *lit = parse_alloc(ps, 1, sizeof *lit);
    if (!a || !lit)
        return NULL;
    int64_t count = shape_count(type);
    size_t nbytes = (size_t)count * et_get(type->elem)->bytes;
    lit->data = parse_alloc(ps, nbytes ? nbytes : 1, 1);
    /* the name, for parse_resources_resolve */
    a->text = parse_strdup(ps, name.s, name.n);
    pentry *e = pentry_new(ps, a->text, loc, a);
    if (!lit->data || !a->text || !e)
        return NULL;
    lit->type = *type;
    lit->count = count;
    lit->nbytes = nbytes;
    lit->loc = loc;
    a->lit = lit;
    a->type = &lit->type;
    plist_add(&ps->resource_uses, e);
    return a;
}

/* The elements of every dense_resource from its blob: "0x", 4 bytes of
 * alignment (little-endian), then exactly the elements' bytes in the
 * runtime layout (MLIR's dense layout: i1 one byte each, complex real then
 * imaginary). The literal's buffer was allocated at the use, so the ops that
 * copied it see the elements. */
bool parse_resources_resolve(parse_state *ps)
{
    for (const pentry *u = ps->resource_uses.head; u; u = u->next) {
        const pentry *b = NULL;
        for (const pentry *r = ps->resources.head; r; r = r->next)
            if (strcmp(r->key, u->key) == 0)
                b = r;
        if (!b) {
            parse_error(ps, u->loc, "dense_resource<%s> has no blob (no '%s' in the file's {-# dialect_resources: "
                        "{ builtin: {...} } #-} section)", u->key, u->key);
            return false;
        }
        const char *h = b->val->text;
        size_t n = b->val->len;
        if (n < 2 || h[0] != '0' || (h[1] != 'x' && h[1] != 'X')) {
            parse_error(ps, b->val->loc, "resource blob '%s' must be a hex string \"0x...\"", b->key);
            return false;
        }
        for (size_t i = 2; i < n; i++)
            if (hexval(h[i]) < 0) {
                parse_error(ps, b->val->loc, "resource blob '%s' has an invalid hex digit at offset %zu", b->key, i);
                return false;
            }
        if (n % 2) {
            parse_error(ps, b->val->loc, "resource blob '%s' has an odd number of hex digits", b->key);
            return false;
        }
        ir_literal *lit = u->val->lit;
        size_t bytes = (n - 2) / 2;
        if (bytes < 4 || bytes - 4 != lit->nbytes) {
            parse_error(ps, b->val->loc, "resource blob '%s' has %zu bytes of data (after 4 of alignment) but %s of %lld "
                        "elements needs %zu", b->key, bytes < 4 ? (size_t)0 : bytes - 4, et_get(lit->type.elem)->name,
                        (long long)lit->count, lit->nbytes);
            return false;
        }
        /* `"0x<elements>"` through the hex literal reader (sub-byte and i1
         * elements normalised as there) */
        char *body = parse_alloc(ps, n - 8 + 2, 1);
        if (!body)
            return false;
        body[0] = '"';
        memcpy(body + 1, "0x", 2);
        memcpy(body + 3, h + 10, n - 10);
        body[n - 7] = '"';
        ptok t = { body, n - 6, 0, b->val->loc };
        ir_literal tmp;
        if (!literal_build(ps, &t, &lit->type, &tmp))
            return false;
        if (tmp.nbytes == lit->nbytes)
            memcpy(lit->data, tmp.data, lit->nbytes);
        else
            for (int64_t k = 0; k < lit->count; k++) /* a one-element blob: literal_build kept a splat */
                memcpy(lit->data + (size_t)k * tmp.nbytes, tmp.data, tmp.nbytes);
    }
    return true;
}

static void state_init(parse_state *ps, diag_source *src, size_t begin, size_t end, int line)
{
    memset(ps, 0, sizeof *ps);
    ps->src = src;
    ps->base = src->text + begin;
    ps->len = end - begin;
    ps->line = line;
    ps->col = 1;
}

/* MLIR bytecode starts with "ML\xefR": the text parser would only echo
 * binary at the user. Reported once, at the file's first chunk. */
static bool is_bytecode(diag_source *src, size_t begin)
{
    if (src->len < 4 || memcmp(src->text, "ML\xefR", 4) != 0)
        return false;
    if (begin == 0)
        diag_error(src, (src_loc){ 0, 0 },
                   "MLIR bytecode is not supported yet: run `stablehlo-translate --deserialize` or "
                   "`mlir-opt` first to get the text form");
    return true;
}

ir_module *ir_parse(diag_source *src, size_t begin, size_t end, int line)
{
    if (is_bytecode(src, begin))
        return NULL;
    parse_state ps;
    state_init(&ps, src, begin, end, line);
    ir_arena *arena = arena_new();
    if (!arena) {
        diag_error(src, (src_loc){ line, 1 }, "out of memory");
        return NULL;
    }
    ir_module *m = arena_alloc(arena, 1, sizeof *m);
    if (!m) {
        arena_free(arena);
        diag_error(src, (src_loc){ line, 1 }, "out of memory");
        return NULL;
    }
    m->arena = arena;
    ps.arena = arena;
    ps.m = m;
    int status = parse_run(&ps);
    if (status != 0 || ps.failed) {
        if (!ps.failed)
            diag_error(src, (src_loc){ ps.line, ps.col }, "syntax error");
        arena_free(arena);
        return NULL;
    }
    if (!parse_resources_resolve(&ps)) {
        arena_free(arena);
        return NULL;
    }
    resolve_arg_locs(&ps);
    m->funcs = ps.funcs;
    m->nfuncs = ps.nfuncs;
    return m;
}

void ir_module_free(ir_module *m)
{
    if (m)
        arena_free(m->arena);
}

unsigned ir_name_hash(const char *s)
{
    unsigned h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

const ir_func *ir_module_find(const ir_module *m, const char *name)
{
    if (m->func_slots) {
        for (unsigned h = ir_name_hash(name) & m->func_mask;; h = (h + 1) & m->func_mask) {
            int i = m->func_slots[h];
            if (i < 0)
                return NULL;
            if (strcmp(m->funcs[i].name, name) == 0)
                return &m->funcs[i];
        }
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, name) == 0)
            return &m->funcs[i];
    return NULL;
}

/* REF's words for `--args` (stablehlo-translate's parseInterpreterArguments;
 * "expectected" is its spelling, kept so upstream FileCheck lines match). */
static void args_words(diag_source *src, const parse_state *ps, const char *usage)
{
    if (usage && !ps->oom)
        diag_error(src, (src_loc){ 0, 0 }, "expectected array attribute string for args, i.e. %s", usage);
}

int ir_parse_literals(diag_source *src, const char *usage, ir_literal **out, int *n)
{
    *out = NULL;
    *n = 0;
    parse_state ps;
    state_init(&ps, src, 0, src->len, 1);
    ps.literals_only = true;
    ps.arena = arena_new();
    ir_module m = { 0 };
    if (!ps.arena) {
        diag_error(src, (src_loc){ 1, 1 }, "out of memory");
        return -1;
    }
    m.arena = ps.arena;
    ps.m = &m;
    int status = parse_run(&ps);
    if (status == 0 && !ps.failed && (ps.nfuncs || ps.nmodules || ps.nargs_lists != 1)) {
        /* a blank --args (or an alias alone) is a mistake, not zero
         * arguments: `[]` says that */
        parse_error(&ps, (src_loc){ 1, 1 }, "expected an array of dense literals `[dense<...> : tensor<...>, ...]` (`[]` for none)");
    }
    if (status == 0 && !ps.failed)
        parse_resources_resolve(&ps);
    if (status != 0 || ps.failed) {
        if (!ps.failed)
            diag_error(src, (src_loc){ ps.line, ps.col }, "syntax error");
        args_words(src, &ps, usage);
        arena_free(ps.arena);
        return -1;
    }
    int count = ps.args_result.n;
    ir_literal *lits = mem_calloc((size_t)(count ? count : 1), sizeof *lits);
    if (!lits) {
        diag_error(src, (src_loc){ 1, 1 }, "out of memory");
        arena_free(ps.arena);
        return -1;
    }
    int k = 0;
    for (pentry *e = ps.args_result.head; e; e = e->next, k++) {
        if (!e->val || e->val->kind != PA_DENSE || e->val->type_text) {
            if (usage)
                diag_error(src, e->loc, "expected dense elements attribute for args elements, i.e. %s", usage);
            else
                diag_error(src, e->loc, "expected a dense literal `dense<...> : tensor<...>`");
            ir_literals_free(lits, k);
            arena_free(ps.arena);
            return -1;
        }
        lits[k] = *e->val->lit;
        lits[k].data = mem_alloc(lits[k].nbytes ? lits[k].nbytes : 1);
        if (!lits[k].data) {
            diag_error(src, e->loc, "out of memory");
            ir_literals_free(lits, k);
            arena_free(ps.arena);
            return -1;
        }
        memcpy(lits[k].data, e->val->lit->data, lits[k].nbytes);
    }
    arena_free(ps.arena);
    *out = lits;
    *n = count;
    return 0;
}

void ir_literals_free(ir_literal *lits, int n)
{
    if (!lits)
        return;
    for (int i = 0; i < n; i++)
        mem_free(lits[i].data);
    mem_free(lits);
}
