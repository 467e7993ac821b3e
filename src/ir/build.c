/* Parse-time ops to typed IR ops: resolves the written type signature into
 * operand and result types, and the attribute set (generic dictionaries and
 * pretty clauses alike) into each op's typed attributes. Rules that need
 * value types live in check.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse.h"


static const char *const cmp_dir_names[] = { "EQ", "NE", "GE", "GT", "LE", "LT" };
static const char *const cmp_type_names[] = { "", "NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED" };
static const char *const precision_names[] = { "DEFAULT", "HIGH", "HIGHEST" };

const char *ir_cmp_dir_name(ir_cmp_dir d) { return cmp_dir_names[d]; }
const char *ir_cmp_type_name(ir_cmp_type t) { return cmp_type_names[t]; }
const char *ir_precision_name(ir_precision p) { return precision_names[p]; }

#define ERR(loc, ...)                              \
    do {                                           \
        parse_error(ps, loc, __VA_ARGS__);         \
        return false;                              \
    } while (0)

/* ---- attribute readers ------------------------------------------------ */

/* The attribute `key` of the op, marked as read: whatever no builder reads
 * is kept as an opaque attribute (build_keep) */
pentry *build_find(pop *p, const char *key)
{
    for (pentry *e = p->attrs.head; e; e = e->next)
        if (e->key && strcmp(e->key, key) == 0) {
            e->used = true;
            return e;
        }
    return NULL;
}

pentry *build_peek(pop *p, const char *key)
{
    for (pentry *e = p->attrs.head; e; e = e->next)
        if (e->key && strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static pentry *find(pop *p, const char *key)
{
    return build_find(p, key);
}

bool build_keep(parse_state *ps, const plist *l, ir_attrs *out)
{
    pentry *head = NULL, *tail = NULL;
    int n = 0;
    for (const pentry *e = l ? l->head : NULL; e; e = e->next) {
        if (e->used || !e->key)
            continue;
        pentry *c = pentry_new(ps, e->key, e->loc, e->val);
        if (!c)
            return false;
        if (tail)
            tail->next = c;
        else
            head = c;
        tail = c;
        n++;
    }
    out->head = head;
    out->n = n;
    return true;
}

static bool need(parse_state *ps, pop *p, const char *key, pentry **out)
{
    *out = find(p, key);
    if (!*out || !(*out)->val)
        ERR(p->loc, "'%s' requires the attribute '%s'", p->name, key);
    return true;
}

static bool magnitude(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    if (s[0] == '0' && s[1] == 'x') {
        for (s += 2; *s; s++) {
            int d = *s <= '9' ? *s - '0' : (*s | 32) - 'a' + 10;
            if (x >> 60)
                return false;
            x = x << 4 | (uint64_t)d;
        }
    } else {
        for (; *s; s++) {
            unsigned d = (unsigned)(*s - '0');
            if (x > (UINT64_MAX - d) / 10)
                return false;
            x = x * 10 + d;
        }
    }
    *v = x;
    return true;
}

static bool attr_int(parse_state *ps, pop *p, const pentry *e, const pattr *a, int64_t *out)
{
    uint64_t v;
    if (!a || a->kind != PA_INT)
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be an integer", p->name, e->key ? e->key : "");
    if (!magnitude(a->text, &v) || v > (a->neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
        ERR(a->loc, "'%s' attribute '%s' is out of range of i64", p->name, e->key ? e->key : "");
    *out = a->neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

static bool attr_uint64(parse_state *ps, pop *p, const pentry *e, uint64_t *out)
{
    const pattr *a = e->val;
    if (!a || a->kind != PA_INT || a->neg)
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be a non-negative integer", p->name, e->key);
    if (!magnitude(a->text, out))
        ERR(a->loc, "'%s' attribute '%s' is out of range of ui64", p->name, e->key);
    return true;
}

static bool attr_double(parse_state *ps, pop *p, const pentry *e, double *out)
{
    const pattr *a = e->val;
    if (!a || (a->kind != PA_FLOAT && a->kind != PA_INT))
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be a number", p->name, e->key);
    double d = strtod(a->text, NULL);
    if (a->kind == PA_INT && a->text[1] == 'x') {
        uint64_t bits;
        if (!magnitude(a->text, &bits))
            ERR(a->loc, "'%s' attribute '%s' is out of range", p->name, e->key);
        memcpy(&d, &bits, sizeof d); /* a hex f64 pattern */
    }
    *out = a->neg ? -d : d;
    if (isnan(*out) || *out < 0)
        ERR(a->loc, "'%s' attribute '%s' must be a non-negative number", p->name, e->key);
    return true;
}

/* A list of integers: [1, 2], array<i64: 1, 2>, or dense<[1, 2]> :
 * tensor<2xi64> (older producers). */
static bool attr_ints(parse_state *ps, pop *p, const pentry *e, ir_ints *out)
{
    const pattr *a = e->val;
    if (!a)
        ERR(e->loc, "'%s' attribute '%s' must be a list of integers", p->name, e->key);
    if (a->kind == PA_INTS) {
        if (a->word) /* array<i1: ...> */
            ERR(a->loc, "'%s' attribute '%s' must be a list of integers", p->name, e->key);
        *out = a->ints;
        return true;
    }
    if (a->kind == PA_DENSE && a->lit && et_is_int(a->lit->type.elem) && a->lit->type.rank <= 1) {
        out->n = (int)a->lit->count;
        out->v = parse_alloc(ps, (size_t)(out->n ? out->n : 1), sizeof(int64_t));
        if (!out->v)
            return false;
        for (int i = 0; i < out->n; i++) {
            uint64_t b = et_load_bits(a->lit->type.elem, ir_literal_at(a->lit, i));
            out->v[i] = et_sign_extend(a->lit->type.elem, b);
        }
        return true;
    }
    if (a->kind != PA_ARRAY)
        ERR(a->loc, "'%s' attribute '%s' must be a list of integers", p->name, e->key);
    out->n = a->items.n;
    out->v = parse_alloc(ps, (size_t)(out->n ? out->n : 1), sizeof(int64_t));
    if (!out->v)
        return false;
    int i = 0;
    for (const pentry *it = a->items.head; it; it = it->next, i++) {
        pentry named = *it;
        named.key = e->key;
        if (!attr_int(ps, p, &named, it->val, &out->v[i]))
            return false;
    }
    return true;
}

/* An enum value: WORD, #stablehlo<kind WORD> or #stablehlo.kind<WORD>. */
static bool attr_enum(parse_state *ps, pop *p, const pentry *e, const char *kind, const char *const *names,
                      int count, int *out)
{
    const pattr *a = e->val;
    const char *w = NULL;
    if (a && a->kind == PA_WORD)
        w = a->text;
    else if (a && a->kind == PA_ENUM)
        w = a->word;
    if (!w)
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be a %s value", p->name, e->key, kind);
    if (a->kind == PA_ENUM && a->word2 && strcmp(a->word2, kind) != 0)
        ERR(a->loc, "'%s' attribute '%s' must be a %s, got a %s", p->name, e->key, kind, a->word2);
    for (int i = 0; i < count; i++) {
        if (strcmp(w, names[i]) == 0) {
            *out = i;
            return true;
        }
    }
    ERR(a->loc, "'%s' has an invalid %s '%s'", p->name, kind, w);
}

static bool attr_literal(parse_state *ps, pop *p, const pentry *e, ir_literal *out)
{
    if (!e->val || e->val->kind != PA_DENSE)
        ERR(e->val ? e->val->loc : e->loc, "'%s' attribute '%s' must be a dense literal", p->name, e->key);
    if (e->val->type_text) { /* a type ir-run has no values of: its error */
        tensor_type *t;
        const char *tt = e->val->type_text;
        if (parse_type_token(ps, tt, strlen(tt), e->val->type_loc, &t) && !ps->failed)
            parse_error(ps, e->val->type_loc, "unsupported type '%s'", tt);
        return false;
    }
    *out = *e->val->lit;
    return true;
}

/* ---- signatures -------------------------------------------------------- */

static tensor_type *types_array(parse_state *ps, const tlist *l, int n)
{
    tensor_type *v = parse_alloc(ps, (size_t)(n ? n : 1), sizeof *v);
    if (v && l) {
        int i = 0;
        for (const tnode *t = l->head; t && i < n; t = t->next)
            v[i++] = *t->t;
    }
    return v;
}

static tensor_type *fill_types(parse_state *ps, const tensor_type *t, int n)
{
    tensor_type *v = parse_alloc(ps, (size_t)(n ? n : 1), sizeof *v);
    if (v)
        for (int i = 0; i < n; i++)
            v[i] = *t;
    return v;
}

static bool no_results(ir_op_kind k)
{
    return k == IR_OP_RETURN || k == IR_OP_REGION_RETURN || k == IR_OP_SDY_RETURN || k == IR_OP_INTERPRETER_PRINT ||
           (ir_op_is_check(k) && k != IR_OP_CHECK_EQ);
}

/* Operand and result types from the written signature. */
static bool resolve_sig(parse_state *ps, pop *p, ir_op *o)
{
    const psig *s = p->sig;
    int nops = o->noperands;
    if (!s) {
        o->operand_types = parse_alloc(ps, (size_t)(nops ? nops : 1), sizeof(tensor_type));
        o->result_types = parse_alloc(ps, 1, sizeof(tensor_type));
        return o->operand_types && o->result_types;
    }
    int nins = s->ins ? s->ins->n : 0;
    if (s->fn) {
        if (nins != nops)
            ERR(s->loc, "'%s' has %d operand%s but its type lists %d", p->name, nops, nops == 1 ? "" : "s", nins);
        o->nresults = s->outs ? s->outs->n : 0;
        o->operand_types = types_array(ps, s->ins, nops);
        o->result_types = types_array(ps, s->outs, o->nresults);
        return o->operand_types && o->result_types;
    }
    /* the plain forms `: T`, `: Tp, T`, `: T1, T2` */
    if (p->kind == IR_OP_WHILE || p->kind == IR_OP_OPTIMIZATION_BARRIER) { /* operands and results alike */
        if (nins != nops)
            ERR(s->loc, "'%s' has %d operand%s but its type lists %d", p->name, nops, nops == 1 ? "" : "s", nins);
        o->nresults = nops;
        o->operand_types = types_array(ps, s->ins, nops);
        o->result_types = types_array(ps, s->ins, nops);
        return o->operand_types && o->result_types;
    }
    if (p->kind == IR_OP_TUPLE && nins == 1 && shape_kind_of(s->ins->head->t) == SHAPE_TUPLE) { /* `: tuple<T1, T2>` */
        const tensor_type *t = s->ins->head->t;
        if (shape_tuple_size(t) != nops)
            ERR(s->loc, "'%s' has %d operand%s but its tuple type has %d element%s", p->name, nops,
                nops == 1 ? "" : "s", shape_tuple_size(t), shape_tuple_size(t) == 1 ? "" : "s");
        o->nresults = 1;
        o->result_types = fill_types(ps, t, 1);
        o->operand_types = parse_alloc(ps, (size_t)(nops ? nops : 1), sizeof(tensor_type));
        if (!o->operand_types || !o->result_types)
            return false;
        for (int i = 0; i < nops; i++)
            o->operand_types[i] = *shape_tuple_part(t, i);
        return true;
    }
    if (no_results(p->kind)) {
        o->nresults = 0;
        o->result_types = parse_alloc(ps, 1, sizeof(tensor_type));
        if (nins == nops)
            o->operand_types = types_array(ps, s->ins, nops);
        else if (nins == 1)
            o->operand_types = fill_types(ps, s->ins->head->t, nops);
        else
            ERR(s->loc, "'%s' has %d operands but its type lists %d", p->name, nops, nins);
        return o->operand_types && o->result_types;
    }
    o->nresults = 1;
    if (p->kind == IR_OP_SELECT && nins == 2 && nops == 3) {
        o->operand_types = parse_alloc(ps, 3, sizeof(tensor_type));
        if (!o->operand_types)
            return false;
        o->operand_types[0] = *s->ins->head->t;
        o->operand_types[1] = o->operand_types[2] = *s->ins->tail->t;
        o->result_types = fill_types(ps, s->ins->tail->t, 1);
        return o->result_types != NULL;
    }
    if (nins != 1)
        ERR(s->loc, "'%s' expects a single type or a function type '(...) -> ...'", p->name);
    if (p->kind == IR_OP_COMPLEX && shape_is_tensor(s->ins->head->t)) {
        /* `: tensor<2xcomplex<f64>>` names the result; the parts are f64 */
        tensor_type part = *s->ins->head->t;
        part.elem = et_part(part.elem);
        o->operand_types = fill_types(ps, &part, nops);
        o->result_types = fill_types(ps, s->ins->head->t, 1);
        return o->operand_types && o->result_types;
    }
    o->operand_types = fill_types(ps, s->ins->head->t, nops);
    o->result_types = fill_types(ps, s->ins->head->t, 1);
    return o->operand_types && o->result_types;
}

/* ---- blocks ------------------------------------------------------------ */

static bool build_block(parse_state *ps, const ulist *args, const olist *ops, ir_block *b)
{
    b->nargs = args ? args->n : 0;
    b->arg_types = parse_alloc(ps, (size_t)(b->nargs ? b->nargs : 1), sizeof(tensor_type));
    b->arg_names = parse_alloc(ps, (size_t)(b->nargs ? b->nargs : 1), sizeof(ir_use));
    b->args = parse_alloc(ps, (size_t)(b->nargs ? b->nargs : 1), sizeof(int));
    if (!b->arg_types || !b->arg_names || !b->args)
        return false;
    int i = 0;
    for (const unode *u = args ? args->head : NULL; u; u = u->next, i++) {
        b->arg_types[i] = *u->type;
        b->arg_names[i] = u->u;
        b->arg_names[i].result = -1;
    }
    b->nops = ops ? ops->n : 0;
    b->ops = parse_alloc(ps, (size_t)(b->nops ? b->nops : 1), sizeof(ir_op));
    if (!b->ops)
        return false;
    i = 0;
    for (const onode *o = ops ? ops->head : NULL; o; o = o->next)
        b->ops[i++] = *o->op;
    return true;
}

static ir_use synth_use(const char *name, src_loc loc)
{
    return (ir_use){ name, -1, loc };
}

/* The body of the compact form `applies OP`: ^bb0(%a, %b): %r = OP %a, %b;
 * stablehlo.return %r, with rank-0 arguments of the first input's element
 * type. The names cannot be written in source, so they never clash. */
static bool compact_body(parse_state *ps, pop *p, ir_op *o)
{
    if (o->noperands != 2)
        ERR(p->loc, "the compact reduce form 'applies %s' takes exactly one input and one init value",
            ir_op_name((ir_op_kind)p->compact_reduce_op));
    ir_block *b = parse_alloc(ps, 1, sizeof *b);
    tensor_type *scalar = parse_alloc(ps, 1, sizeof *scalar);
    if (!b || !scalar)
        return false;
    scalar->elem = o->operand_types[0].elem;
    scalar->rank = 0;
    static const char *const acc = "\x01" "acc", *const elem = "\x01" "elem", *const res = "\x01" "res";
    b->nargs = 2;
    b->arg_types = fill_types(ps, scalar, 2);
    b->arg_names = parse_alloc(ps, 2, sizeof(ir_use));
    b->args = parse_alloc(ps, 2, sizeof(int));
    b->nops = 2;
    b->ops = parse_alloc(ps, 2, sizeof(ir_op));
    if (!b->arg_types || !b->arg_names || !b->args || !b->ops)
        return false;
    b->arg_names[0] = synth_use(acc, p->loc);
    b->arg_names[1] = synth_use(elem, p->loc);
    ir_op *bin = &b->ops[0], *ret = &b->ops[1];
    bin->kind = (ir_op_kind)p->compact_reduce_op;
    bin->loc = p->loc;
    bin->noperands = 2;
    bin->uses = parse_alloc(ps, 2, sizeof(ir_use));
    bin->operands = parse_alloc(ps, 2, sizeof(int));
    bin->operand_types = fill_types(ps, scalar, 2);
    bin->nresults = 1;
    bin->results = parse_alloc(ps, 1, sizeof(int));
    bin->result_types = fill_types(ps, scalar, 1);
    bin->ndefs = 1;
    bin->defs = parse_alloc(ps, 1, sizeof(ir_use));
    ret->kind = IR_OP_REGION_RETURN;
    ret->loc = p->loc;
    ret->noperands = 1;
    ret->uses = parse_alloc(ps, 1, sizeof(ir_use));
    ret->operands = parse_alloc(ps, 1, sizeof(int));
    ret->operand_types = fill_types(ps, scalar, 1);
    ret->results = parse_alloc(ps, 1, sizeof(int));
    ret->result_types = parse_alloc(ps, 1, sizeof(tensor_type));
    if (!bin->uses || !bin->operands || !bin->operand_types || !bin->results || !bin->result_types ||
        !bin->defs || !ret->uses || !ret->operands || !ret->operand_types || !ret->results || !ret->result_types)
        return false;
    bin->uses[0] = synth_use(acc, p->loc);
    bin->uses[1] = synth_use(elem, p->loc);
    bin->defs[0] = synth_use(res, p->loc);
    ret->uses[0] = synth_use(res, p->loc);
    o->regions = b;
    o->nregions = 1;
    return true;
}

/* The op's written regions as its bodies, in order. */
static bool build_regions(parse_state *ps, pop *p, ir_op *o)
{
    o->regions = parse_alloc(ps, (size_t)p->nregions, sizeof(ir_block));
    if (!o->regions)
        return false;
    int g = 0;
    for (const pblock *r = p->regions; r; r = r->next)
        if (!build_block(ps, r->args, r->ops, &o->regions[g++]))
            return false;
    o->nregions = p->nregions;
    return true;
}

/* ---- per-op attributes ---------------------------------------------------- */

/* The integer-list fields of a #dialect.name<...> struct (#stablehlo.dot,
 * #chlo.ragged_dot): each at most once, an absent one empty. */
static bool dim_fields(parse_state *ps, pop *p, const plist *fields, const char *structname, int n,
                       const char *const *names, ir_ints *const *slots)
{
    for (const pentry *e = fields->head; e; e = e->next) {
        int k = -1;
        for (int i = 0; i < n; i++)
            if (e->key && strcmp(e->key, names[i]) == 0)
                k = i;
        if (k < 0)
            ERR(e->loc, "unknown field '%s' in %s", e->key ? e->key : "?", structname);
        if (slots[k]->v)
            ERR(e->loc, "duplicate field '%s' in %s", e->key, structname);
        if (!attr_ints(ps, p, e, slots[k]))
            return false;
    }
    for (int i = 0; i < n; i++)
        if (!slots[i]->v && !(slots[i]->v = parse_alloc(ps, 1, sizeof(int64_t))))
            return false;
    return true;
}

static const char *const dot_dim_names[6] = { "lhs_batching_dimensions", "rhs_batching_dimensions",
                                               "lhs_contracting_dimensions", "rhs_contracting_dimensions",
                                               "lhs_ragged_dimensions", "rhs_group_dimensions" };

static bool dot_dims(parse_state *ps, pop *p, const plist *fields, ir_dot *d)
{
    ir_ints *const slots[4] = { &d->lhs_batch, &d->rhs_batch, &d->lhs_contract, &d->rhs_contract };
    return dim_fields(ps, p, fields, "#stablehlo.dot", 4, dot_dim_names, slots);
}

/* tf32 exists only here; the other names are element-type spellings. */
static bool precision_type(parse_state *ps, const pentry *e, fp_id *out)
{
    const pattr *a = e->val;
    if (!a || a->kind != PA_WORD)
        ERR(a ? a->loc : e->loc, "dot algorithm field '%s' must be a float type", e->key);
    if (strcmp(a->text, "tf32") == 0) {
        *out = FP_TF32;
        return true;
    }
    int t = et_lookup(a->text, strlen(a->text));
    if (t < 0 || !et_is_float((et_id)t))
        ERR(a->loc, "dot algorithm field '%s' must be a float type, got '%s'", e->key, a->text);
    *out = et_get((et_id)t)->fmt;
    return true;
}

static bool dot_algorithm(parse_state *ps, pop *p, const pentry *e, ir_dot_algorithm *alg)
{
    static const char *const names[7] = { "lhs_precision_type", "rhs_precision_type", "accumulation_type",
                                          "lhs_component_count", "rhs_component_count",
                                          "num_primitive_operations", "allow_imprecise_accumulation" };
    const pattr *a = e->val;
    if (!a || a->kind != PA_STRUCT)
        ERR(a ? a->loc : e->loc, "'%s' algorithm must be <lhs_precision_type = ..., ...>", p->name);
    int i = 0;
    for (const pentry *f = a->items.head; f; f = f->next, i++) {
        if (i >= 7 || !f->key || strcmp(f->key, names[i]) != 0)
            ERR(f->loc, "dot algorithm: expected field '%s'", i < 7 ? names[i] : ">");
        bool ok = true;
        switch (i) {
        case 0: ok = precision_type(ps, f, &alg->lhs_precision); break;
        case 1: ok = precision_type(ps, f, &alg->rhs_precision); break;
        case 2: ok = precision_type(ps, f, &alg->accumulation); break;
        case 3: ok = attr_int(ps, p, f, f->val, &alg->lhs_component_count); break;
        case 4: ok = attr_int(ps, p, f, f->val, &alg->rhs_component_count); break;
        case 5: ok = attr_int(ps, p, f, f->val, &alg->num_primitive_operations); break;
        case 6:
            if (!f->val || f->val->kind != PA_WORD ||
                (strcmp(f->val->text, "true") != 0 && strcmp(f->val->text, "false") != 0))
                ERR(f->loc, "dot algorithm field 'allow_imprecise_accumulation' must be true or false");
            alg->allow_imprecise_accumulation = strcmp(f->val->text, "true") == 0;
            break;
        }
        if (!ok)
            return false;
    }
    if (i != 7)
        ERR(a->loc, "dot algorithm: missing field '%s'", names[i]);
    return true;
}

static bool precision_list(parse_state *ps, pop *p, const pentry *e, int *count, ir_precision **list)
{
    const pattr *a = e->val;
    if (!a || a->kind != PA_ARRAY)
        ERR(a ? a->loc : e->loc, "'%s' precision must be a list like [DEFAULT, DEFAULT]", p->name);
    *count = a->items.n;
    ir_precision *v = parse_alloc(ps, (size_t)(a->items.n ? a->items.n : 1), sizeof(ir_precision));
    if (!(*list = v))
        return false;
    int i = 0;
    for (const pentry *it = a->items.head; it; it = it->next, i++) {
        pentry named = *it;
        named.key = e->key;
        int k;
        if (!attr_enum(ps, p, &named, "precision", precision_names, 3, &k))
            return false;
        v[i] = (ir_precision)k;
    }
    return true;
}

static bool build_dot(parse_state *ps, pop *p, ir_op *o)
{
    ir_dot *d = &o->a.dot;
    pentry *e;
    if (p->kind == IR_OP_DOT_GENERAL) {
        if ((e = find(p, "dot_dimension_numbers"))) {
            if (!e->val || e->val->kind != PA_STRUCT)
                ERR(e->loc, "'%s' dot_dimension_numbers must be #stablehlo.dot<...>", p->name);
            if (!dot_dims(ps, p, &e->val->items, d))
                return false;
        } else {
            /* the pretty clauses were stored under the struct's field names */
            plist fields = { 0 };
            pentry copies[4];
            static const char *const names[4] = { "lhs_batching_dimensions", "rhs_batching_dimensions",
                                                  "lhs_contracting_dimensions", "rhs_contracting_dimensions" };
            for (int i = 0; i < 4; i++) {
                if ((e = find(p, names[i]))) {
                    copies[i] = *e;
                    copies[i].next = NULL;
                    plist_add(&fields, &copies[i]);
                }
            }
            if (!find(p, "lhs_contracting_dimensions"))
                ERR(p->loc, "'%s' requires contracting_dims (or dot_dimension_numbers)", p->name);
            if (!dot_dims(ps, p, &fields, d))
                return false;
        }
    }
    if ((e = find(p, "precision_config")) || (e = find(p, "precision"))) {
        if (!precision_list(ps, p, e, &d->nprecision, &d->precision))
            return false;
    }
    if (p->kind == IR_OP_DOT_GENERAL && (e = find(p, "algorithm"))) {
        d->has_algorithm = true;
        if (!dot_algorithm(ps, p, e, &d->algorithm))
            return false;
    }
    return true;
}

/* One attribute builder per op family, reached through the op table's exec
 * column (attrs_<exec>): it reads the attributes as written into o->a. */
typedef bool (*attr_builder)(parse_state *ps, pop *p, ir_op *o);

static bool attrs_none(parse_state *ps, pop *p, ir_op *o)
{
    (void)ps;
    (void)p;
    (void)o;
    return true;
}

#define attrs_convert attrs_none
#define attrs_bitcast attrs_none
#define attrs_binary attrs_none
#define attrs_unary attrs_none
#define attrs_select attrs_none
#define attrs_clamp attrs_none
#define attrs_reshape attrs_none
#define attrs_terminator attrs_none
#define attrs_while attrs_none
#define attrs_if attrs_none
#define attrs_case attrs_none
#define attrs_barrier attrs_none
#define attrs_tuple attrs_none
#define attrs_token attrs_none
#define attrs_dynamic_update_slice attrs_none
#define attrs_dynamic_iota attrs_iota
#define attrs_dynamic_broadcast_in_dim attrs_broadcast
#define attrs_dynamic_reshape attrs_none
#define attrs_dynamic_pad attrs_none
#define attrs_real_dynamic_slice attrs_none
#define attrs_print attrs_none
#define attrs_dot_general build_dot
#define attrs_bits attrs_none
#define attrs_parts attrs_none
#define attrs_refused attrs_none /* the checker refuses the op whatever it carries */
#define attrs_chlo_unary attrs_none
#define attrs_uniform_quantize attrs_none /* src/quant sets ir_op.a.quant when it keeps the op */

static bool attrs_constant(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (!need(ps, p, "value", &e) || !attr_literal(ps, p, e, &o->a.constant))
        return false;
    if (p->name && strcmp(p->name, "arith.constant") == 0)
        o->from = "arith.constant"; /* its messages and --emit=ir name it so */
    if (!p->sig) {
        o->nresults = 1;
        o->result_types[0] = o->a.constant.type;
    }
    return true;
}

static bool attrs_iota(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "iota_dimension", &e) && attr_int(ps, p, e, e->val, &o->a.iota_dim);
}

static bool attrs_concatenate(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "dimension", &e) && attr_int(ps, p, e, e->val, &o->a.concat_dim);
}

static bool attrs_compare(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    int v;
    if (!need(ps, p, "comparison_direction", &e) ||
        !attr_enum(ps, p, e, "comparison_direction", cmp_dir_names, 6, &v))
        return false;
    o->a.compare.dir = (ir_cmp_dir)v;
    o->a.compare.type = IR_CMPT_ABSENT;
    if ((e = find(p, "compare_type"))) {
        if (!attr_enum(ps, p, e, "comparison_type", cmp_type_names + 1, 5, &v))
            return false;
        o->a.compare.type = (ir_cmp_type)(v + 1);
    }
    return true;
}

static bool attrs_transpose(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "permutation", &e) && attr_ints(ps, p, e, &o->a.dims);
}

static bool attrs_broadcast(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "broadcast_dimensions", &e) && attr_ints(ps, p, e, &o->a.dims);
}

static bool attrs_reverse(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "dimensions", &e) && attr_ints(ps, p, e, &o->a.dims);
}

static bool attrs_slice(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (!need(ps, p, "start_indices", &e) || !attr_ints(ps, p, e, &o->a.slice.start) ||
        !need(ps, p, "limit_indices", &e) || !attr_ints(ps, p, e, &o->a.slice.limit))
        return false;
    if ((e = find(p, "strides")))
        return attr_ints(ps, p, e, &o->a.slice.stride);
    o->a.slice.stride.n = o->a.slice.start.n;
    o->a.slice.stride.v = parse_alloc(ps, (size_t)(o->a.slice.start.n + 1), sizeof(int64_t));
    if (!o->a.slice.stride.v)
        return false;
    for (int i = 0; i < o->a.slice.start.n; i++)
        o->a.slice.stride.v[i] = 1;
    return true;
}

static bool attrs_pad(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "edge_padding_low", &e) && attr_ints(ps, p, e, &o->a.pad.low) &&
           need(ps, p, "edge_padding_high", &e) && attr_ints(ps, p, e, &o->a.pad.high) &&
           need(ps, p, "interior_padding", &e) && attr_ints(ps, p, e, &o->a.pad.interior);
}

static bool attrs_reduce(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "dimensions", &e) && attr_ints(ps, p, e, &o->a.reduce.dims);
}

static bool attrs_call(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (p->symbol) {
        o->a.call.name = p->symbol;
    } else {
        if (!need(ps, p, "callee", &e))
            return false;
        if (e->val->kind != PA_SYMBOL)
            ERR(e->val->loc, "'func.call' attribute 'callee' must be a symbol like @f");
        o->a.call.name = e->val->text;
    }
    o->a.call.index = -1;
    return true;
}

/* `dimensions` (SPEC 9.3.4; REF ignores it, the checker holds it to
 * [0, rank)); absent in some producers' output: then the identity. */
static bool attrs_map(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e = find(p, "dimensions");
    if (e)
        return attr_ints(ps, p, e, &o->a.dims);
    o->a.dims.n = -1; /* the checker fills [0, rank) */
    return true;
}

static bool attrs_bool(parse_state *ps, pop *p, const pentry *e, bool *out)
{
    const pattr *a = e->val;
    if (!a || a->kind != PA_WORD || (strcmp(a->text, "true") != 0 && strcmp(a->text, "false") != 0))
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be true or false", p->name, e->key);
    *out = strcmp(a->text, "true") == 0;
    return true;
}

/* The broadcasting binaries' optional broadcast_dimensions (src/chlo
 * decomposes them when read); absent: no entries. */
static bool attrs_chlo_broadcast(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e = find(p, "broadcast_dimensions");
    if (e && !attr_ints(ps, p, e, &o->a.bcast.dims))
        return false;
    if (p->kind != IR_OP_CHLO_BROADCAST_COMPARE)
        return true;
    int v;
    if (!need(ps, p, "comparison_direction", &e) ||
        !attr_enum(ps, p, e, "comparison_direction", cmp_dir_names, 6, &v))
        return false;
    o->a.bcast.dir = (ir_cmp_dir)v;
    o->a.bcast.type = IR_CMPT_ABSENT;
    if ((e = find(p, "compare_type"))) {
        if (!attr_enum(ps, p, e, "comparison_type", cmp_type_names + 1, 5, &v))
            return false;
        o->a.bcast.type = (ir_cmp_type)(v + 1);
    }
    return true;
}

/* chlo.constant_like's complex value `#complex.number<:f32 RE, IM> :
 * complex<f32>`, read as the dense element `(RE, IM)` of the result type. */
static bool constant_like_complex(parse_state *ps, pop *p, ir_op *o, const pattr *a)
{
    if (!p->sig || o->nresults != 1)
        ERR(p->loc, "'%s' needs a function type '(operand) -> result'", p->name);
    const tensor_type *rt = &o->result_types[0];
    const char *en = et_get(rt->elem)->name;
    const char *part = a->text + 17, *sp = strchr(part, ' '), *close = strchr(part, '>');
    if (!sp || !close || sp > close)
        ERR(a->loc, "'%s' value must be #complex.number<:fNN RE, IM> : complex<fNN>", p->name);
    if (strcmp(a->type_word, en) != 0 || strlen(en) != (size_t)(sp - part) + 9 ||
        strncmp(en + 8, part, (size_t)(sp - part)) != 0)
        ERR(a->loc, "'%s' value's type %s doesn't match the element type %s of its result", p->name, a->type_word,
            en);
    size_t n = (size_t)(close - sp - 1);
    char *t = parse_alloc(ps, n + 3, 1);
    if (!t)
        return false;
    t[0] = '(';
    memcpy(t + 1, sp + 1, n);
    t[n + 1] = ')';
    ptok body = { .s = t, .n = n + 2, .kind = 0, .loc = a->loc };
    return literal_build(ps, &body, rt, &o->a.constant);
}

/* chlo.constant_like's value, a typed scalar (`1.0 : f32`, `true`) whose
 * type is the result's element type, kept as a literal of the result type:
 * src/chlo writes it as a stablehlo.constant. */
static bool attrs_chlo_constant_like(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (!need(ps, p, "value", &e))
        return false;
    const pattr *a = e->val;
    if (a && a->kind == PA_OPAQUE && a->type_word && strncmp(a->text, "#complex.number<:", 17) == 0)
        return constant_like_complex(ps, p, o, a);
    bool word = a && a->kind == PA_WORD && (strcmp(a->text, "true") == 0 || strcmp(a->text, "false") == 0);
    if (!a || (!((a->kind == PA_FLOAT || a->kind == PA_INT) && a->type_word) && !word))
        ERR(a ? a->loc : e->loc, "'%s' attribute 'value' must be a typed number (`1.0 : f32`) or true or false",
            p->name);
    if (!p->sig || o->nresults != 1)
        ERR(p->loc, "'%s' needs a function type '(operand) -> result'", p->name);
    const tensor_type *rt = &o->result_types[0];
    const char *vt = a->type_word ? a->type_word : "i1";
    const char *en = et_get(rt->elem)->name;
    if (strcmp(vt, en) != 0)
        ERR(a->loc, "'%s' value's type %s doesn't match the element type %s of its result", p->name, vt, en);
    size_t n = strlen(a->text);
    char *t = parse_alloc(ps, n + 2, 1);
    if (!t)
        return false;
    t[0] = '-';
    memcpy(t + 1, a->text, n);
    ptok body = { .s = a->neg ? t : t + 1, .n = a->neg ? n + 1 : n, .kind = 0, .loc = a->loc };
    return literal_build(ps, &body, rt, &o->a.constant);
}

/* chlo.scan's dimension, segments and is_reverse (src/chlo decomposes
 * the op when read; it checks the counts against the operands). */
static bool attrs_chlo_scan(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    ir_ints ops, res;
    if (!need(ps, p, "dimension", &e) || !attr_int(ps, p, e, e->val, &o->a.scan.dimension) ||
        !need(ps, p, "operandSegmentSizes", &e) || !attr_ints(ps, p, e, &ops) ||
        !need(ps, p, "resultSegmentSizes", &e) || !attr_ints(ps, p, e, &res))
        return false;
    if (ops.n != 2 || res.n != 2 || ops.v[0] < 0 || ops.v[1] < 0 || res.v[0] < 0 || res.v[1] < 0 ||
        ops.v[0] + ops.v[1] != o->noperands || res.v[0] + res.v[1] != o->nresults || ops.v[1] != res.v[1])
        ERR(p->loc, "'%s' has %d operands and %d results, which its segments (inputs and inits; outputs "
            "and carries, as many as inits) do not split", p->name, o->noperands, o->nresults);
    o->a.scan.ninputs = (int)ops.v[0];
    o->a.scan.noutputs = (int)res.v[0];
    o->a.scan.is_reverse = false;
    return !(e = find(p, "is_reverse")) || attrs_bool(ps, p, e, &o->a.scan.is_reverse);
}

/* chlo.ragged_dot's #chlo.ragged_dot<...> and precision_config. */
static bool attrs_chlo_ragged_dot(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    ir_dot *d = &o->a.ragged.dot;
    if (!need(ps, p, "ragged_dot_dimension_numbers", &e))
        return false;
    if (!e->val || e->val->kind != PA_STRUCT)
        ERR(e->loc, "'%s' ragged_dot_dimension_numbers must be #chlo.ragged_dot<...>", p->name);
    ir_ints *const slots[6] = { &d->lhs_batch, &d->rhs_batch, &d->lhs_contract, &d->rhs_contract,
                                &o->a.ragged.lhs_ragged, &o->a.ragged.rhs_group };
    if (!dim_fields(ps, p, &e->val->items, "#chlo.ragged_dot", 6, dot_dim_names, slots))
        return false;
    return !(e = find(p, "precision_config")) || precision_list(ps, p, e, &d->nprecision, &d->precision);
}

/* chlo.top_k's k and largest (src/chlo decomposes the op when read). */
static bool attrs_chlo_top_k(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    o->a.top_k.largest = true;
    if (!need(ps, p, "k", &e) || !attr_int(ps, p, e, e->val, &o->a.top_k.k))
        return false;
    return !(e = find(p, "largest")) || attrs_bool(ps, p, e, &o->a.top_k.largest);
}

static bool attrs_sort(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    o->a.sort.dimension = -1;
    o->a.sort.is_stable = false;
    if ((e = find(p, "dimension")) && !attr_int(ps, p, e, e->val, &o->a.sort.dimension))
        return false;
    return !(e = find(p, "is_stable")) || attrs_bool(ps, p, e, &o->a.sort.is_stable);
}

static bool attrs_triangular_solve(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const transposes[3] = { "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT" };
    static const char *const flags[3] = { "left_side", "lower", "unit_diagonal" };
    bool *out[3] = { &o->a.tsolve.left_side, &o->a.tsolve.lower, &o->a.tsolve.unit_diagonal };
    pentry *e;
    for (int i = 0; i < 3; i++)
        if (!need(ps, p, flags[i], &e) || !attrs_bool(ps, p, e, out[i]))
            return false;
    int v = 0;
    if ((e = find(p, "transpose_a")) && !attr_enum(ps, p, e, "transpose", transposes, 3, &v))
        return false;
    o->a.tsolve.transpose_a = v == 0 ? IR_NO_TRANSPOSE : v == 1 ? IR_TRANSPOSE : IR_ADJOINT;
    return true;
}

static bool attrs_fft(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const types[4] = { "FFT", "IFFT", "RFFT", "IRFFT" };
    pentry *e;
    int v;
    if (!need(ps, p, "fft_type", &e) || !attr_enum(ps, p, e, "fft_type", types, 4, &v))
        return false;
    o->a.fft.type = v == 0 ? IR_FFT : v == 1 ? IR_IFFT : v == 2 ? IR_RFFT : IR_IRFFT;
    return need(ps, p, "fft_length", &e) && attr_ints(ps, p, e, &o->a.fft.length);
}

static bool attrs_get_tuple_element(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "index", &e) && attr_int(ps, p, e, e->val, &o->a.tuple_index);
}

/* name, decomposition; composite_attributes and version are not used */
static bool attrs_composite(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (!need(ps, p, "name", &e))
        return false;
    if (e->val->kind != PA_STRING)
        ERR(e->val->loc, "'stablehlo.composite' attribute 'name' must be a string");
    o->a.call.composite = e->val->text;
    if (!need(ps, p, "decomposition", &e))
        return false;
    if (e->val->kind != PA_SYMBOL)
        ERR(e->val->loc, "'stablehlo.composite' attribute 'decomposition' must be a symbol like @f");
    o->a.call.name = e->val->text;
    o->a.call.index = -1;
    return true;
}

/* #stablehlo.gather<...> / #stablehlo.scatter<...>: every field optional
 * (an absent list is [], an absent index_vector_dim 0), each at most once. */
static bool index_dims(parse_state *ps, pop *p, const char *key, const char *structname,
                       const char *const names[5], ir_index_dims *d)
{
    ir_ints *lists[5] = { &d->window, &d->collapsed, &d->operand_batch, &d->index_batch, &d->index_map };
    pentry *e = find(p, key);
    if (!e)
        ERR(p->loc, "'%s' requires the attribute '%s'", p->name, key);
    if (!e->val || e->val->kind != PA_STRUCT)
        ERR(e->loc, "'%s' attribute '%s' must be #stablehlo.%s<...>", p->name, key, structname);
    bool have_ivd = false;
    for (const pentry *f = e->val->items.head; f; f = f->next) {
        if (f->key && strcmp(f->key, "index_vector_dim") == 0) {
            if (have_ivd)
                ERR(f->loc, "duplicate field 'index_vector_dim' in #stablehlo.%s", structname);
            have_ivd = true;
            if (!attr_int(ps, p, f, f->val, &d->index_vector_dim))
                return false;
            continue;
        }
        int k = -1;
        for (int i = 0; i < 5; i++)
            if (f->key && strcmp(f->key, names[i]) == 0)
                k = i;
        if (k < 0)
            ERR(f->loc, "unknown field '%s' in #stablehlo.%s", f->key ? f->key : "?", structname);
        if (lists[k]->v)
            ERR(f->loc, "duplicate field '%s' in #stablehlo.%s", f->key, structname);
        if (!attr_ints(ps, p, f, lists[k]))
            return false;
    }
    for (int i = 0; i < 5; i++)
        if (!lists[i]->v && !(lists[i]->v = parse_alloc(ps, 1, sizeof(int64_t))))
            return false;
    return true;
}

static bool attrs_gather(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                          "start_indices_batching_dims", "start_index_map" };
    pentry *e;
    return index_dims(ps, p, "dimension_numbers", "gather", names, &o->a.index) &&
           need(ps, p, "slice_sizes", &e) && attr_ints(ps, p, e, &o->a.index.slice_sizes);
}

static bool attrs_dynamic_gather(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                          "start_indices_batching_dims", "start_index_map" };
    return index_dims(ps, p, "dimension_numbers", "gather", names, &o->a.index);
}

static bool attrs_scatter(parse_state *ps, pop *p, ir_op *o)
{
    static const char *const names[5] = { "update_window_dims", "inserted_window_dims", "input_batching_dims",
                                          "scatter_indices_batching_dims", "scatter_dims_to_operand_dims" };
    return index_dims(ps, p, "scatter_dimension_numbers", "scatter", names, &o->a.index);
}

/* `padding = dense<[[lo, hi], ...]> : tensor<Nx2xi64>` (a splat too) */
static bool attr_padding(parse_state *ps, pop *p, const pentry *e, ir_ints *low, ir_ints *high)
{
    const pattr *a = e->val;
    if (!a || a->kind != PA_DENSE || !a->lit || !et_is_int(a->lit->type.elem) || a->lit->type.rank != 2 ||
        a->lit->type.dims[1] != 2)
        ERR(e->loc, "'%s' attribute 'padding' must be dense<...> : tensor<Nx2xi64>", p->name);
    int n = (int)a->lit->type.dims[0];
    low->n = high->n = n;
    low->v = parse_alloc(ps, (size_t)n + 1, sizeof(int64_t));
    high->v = parse_alloc(ps, (size_t)n + 1, sizeof(int64_t));
    if (!low->v || !high->v)
        return false;
    for (int i = 0; i < 2 * n; i++) {
        int64_t v = et_sign_extend(a->lit->type.elem, et_load_bits(a->lit->type.elem, ir_literal_at(a->lit, i)));
        (i % 2 ? high : low)->v[i / 2] = v;
    }
    return true;
}

/* `rank` copies of `fill` */
static bool fill_ints(parse_state *ps, int rank, int64_t fill, ir_ints *out)
{
    out->n = rank;
    out->v = parse_alloc(ps, (size_t)rank + 1, sizeof(int64_t));
    if (!out->v)
        return false;
    for (int i = 0; i < rank; i++)
        out->v[i] = fill;
    return true;
}

/* An optional list: absent, `rank` copies of `fill` (rank is taken from
 * window_dimensions, checked against the operand later). */
static bool optional_ints(parse_state *ps, pop *p, const char *key, int rank, int64_t fill, ir_ints *out)
{
    pentry *e = find(p, key);
    return e ? attr_ints(ps, p, e, out) : fill_ints(ps, rank, fill, out);
}

static bool attrs_reduce_window(parse_state *ps, pop *p, ir_op *o)
{
    ir_window *w = &o->a.window;
    pentry *e;
    if (!need(ps, p, "window_dimensions", &e) || !attr_ints(ps, p, e, &w->dims))
        return false;
    int n = w->dims.n;
    if (!optional_ints(ps, p, "window_strides", n, 1, &w->strides) ||
        !optional_ints(ps, p, "base_dilations", n, 1, &w->base_dilations) ||
        !optional_ints(ps, p, "window_dilations", n, 1, &w->window_dilations))
        return false;
    if ((e = find(p, "padding")))
        return attr_padding(ps, p, e, &w->low, &w->high);
    return fill_ints(ps, n, 0, &w->low) && fill_ints(ps, n, 0, &w->high);
}

/* window_dimensions and window_strides default to 1s, padding to 0s (the
 * rank comes from the operand: filled by the checker when absent) */
static bool attrs_select_and_scatter(parse_state *ps, pop *p, ir_op *o)
{
    ir_window *w = &o->a.window;
    pentry *e;
    w->dims.n = w->strides.n = w->low.n = -1;
    if ((e = find(p, "window_dimensions")) && !attr_ints(ps, p, e, &w->dims))
        return false;
    if ((e = find(p, "window_strides")) && !attr_ints(ps, p, e, &w->strides))
        return false;
    if ((e = find(p, "padding")) && !attr_padding(ps, p, e, &w->low, &w->high))
        return false;
    return true;
}

static bool attrs_get_dimension_size(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "dimension", &e) && attr_int(ps, p, e, e->val, &o->a.dimension);
}

static bool attrs_dynamic_slice(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    return need(ps, p, "slice_sizes", &e) && attr_ints(ps, p, e, &o->a.slice_sizes);
}

/* `eXmY` of the pretty form: the digits as non-negative i32 values. */
static bool format_word(const char *w, int32_t *e, int32_t *m)
{
    int32_t *out[2] = { e, m };
    const char lead[2] = { 'e', 'm' };
    for (int k = 0; k < 2; k++) {
        if (*w++ != lead[k] || *w < '0' || *w > '9')
            return false;
        int64_t v = 0;
        for (; *w >= '0' && *w <= '9'; w++)
            if ((v = v * 10 + (*w - '0')) > INT32_MAX)
                return false;
        *out[k] = (int32_t)v;
    }
    return *w == '\0';
}

static bool attr_i32(parse_state *ps, pop *p, const char *key, int32_t *out)
{
    pentry *e;
    int64_t v;
    if (!need(ps, p, key, &e) || !attr_int(ps, p, e, e->val, &v))
        return false;
    if (v < INT32_MIN || v > INT32_MAX)
        ERR(e->val->loc, "'%s' attribute '%s' is out of range of i32", p->name, key);
    *out = (int32_t)v;
    return true;
}

/* exponent_bits and mantissa_bits (generic), or `format = e5m10` (pretty);
 * their ranges are the checker's. */
static bool attrs_reduce_precision(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e = find(p, "format");
    if (e && e->val && e->val->kind == PA_WORD) {
        if (!format_word(e->val->text, &o->a.reduce_precision.exponent_bits,
                         &o->a.reduce_precision.mantissa_bits))
            ERR(e->val->loc, "'%s' format must be eNmM with decimal bit counts (e5m10), got '%s'", p->name,
                e->val->text);
        return true;
    }
    return attr_i32(ps, p, "exponent_bits", &o->a.reduce_precision.exponent_bits) &&
           attr_i32(ps, p, "mantissa_bits", &o->a.reduce_precision.mantissa_bits);
}

/* ---- convolution (SPEC 9.5.3, 9.2.1) ------------------------------------ */

/* One list of the short form `[b, 0, 1, f]`: list position p is tensor
 * dimension p; the letters l0/l1 name the two non-spatial dimensions, the
 * digit k spatial dimension k. Each must appear exactly once. */
static bool conv_list(parse_state *ps, pop *p, const pattr *a, const char *what, char l0, char l1, int64_t *d0,
                      int64_t *d1, ir_ints *spatial)
{
    if (!a || a->kind != PA_ARRAY)
        ERR(a ? a->loc : p->loc, "'%s' %s dimensions must be a list like [%c, 0, %c]", p->name, what, l0, l1);
    int S = a->items.n - 2;
    if (S < 0)
        ERR(a->loc, "'%s' %s dimensions need '%c' and '%c', got %d entr%s", p->name, what, l0, l1, a->items.n,
            a->items.n == 1 ? "y" : "ies");
    spatial->n = S;
    spatial->v = parse_alloc(ps, (size_t)S + 1, sizeof(int64_t));
    if (!spatial->v)
        return false;
    for (int k = 0; k < S; k++)
        spatial->v[k] = -1;
    *d0 = *d1 = -1;
    int pos = 0;
    for (const pentry *it = a->items.head; it; it = it->next, pos++) {
        const pattr *v = it->val;
        uint64_t k;
        if (v && v->kind == PA_WORD && (v->text[0] == l0 || v->text[0] == l1) && v->text[1] == '\0') {
            int64_t *slot = v->text[0] == l0 ? d0 : d1;
            if (*slot >= 0)
                ERR(v->loc, "'%s' %s dimensions name '%c' twice", p->name, what, v->text[0]);
            *slot = pos;
        } else if (v && v->kind == PA_INT && !v->neg && v->text[1] != 'x') {
            if (!magnitude(v->text, &k) || k >= (uint64_t)S)
                ERR(v->loc, "'%s' %s spatial dimension %s is out of range [0, %d)", p->name, what, v->text, S);
            if (spatial->v[k] >= 0)
                ERR(v->loc, "'%s' %s dimensions name spatial dimension %s twice", p->name, what, v->text);
            spatial->v[k] = pos;
        } else {
            ERR(v ? v->loc : it->loc, "'%s' %s dimensions hold '%c', '%c' and spatial dimension numbers", p->name,
                what, l0, l1);
        }
    }
    /* S digits below S, none twice, in S + 2 slots with both letters: so
     * every digit appears once */
    if (*d0 < 0 || *d1 < 0)
        ERR(a->loc, "'%s' %s dimensions lack '%c'", p->name, what, *d0 < 0 ? l0 : l1);
    return true;
}

/* #stablehlo.conv<raw input_batch_dimension = 0, ...>: every field once. */
static bool conv_raw(parse_state *ps, pop *p, const pattr *a, ir_conv *cv)
{
    static const char *const names[9] = { "input_batch_dimension", "input_feature_dimension",
                                          "input_spatial_dimensions", "kernel_input_feature_dimension",
                                          "kernel_output_feature_dimension", "kernel_spatial_dimensions",
                                          "output_batch_dimension", "output_feature_dimension",
                                          "output_spatial_dimensions" };
    int64_t *scalars[9] = { &cv->in_batch, &cv->in_feature, NULL, &cv->kernel_in, &cv->kernel_out, NULL,
                            &cv->out_batch, &cv->out_feature, NULL };
    ir_ints *lists[9] = { NULL, NULL, &cv->in_spatial, NULL, NULL, &cv->kernel_spatial, NULL, NULL,
                          &cv->out_spatial };
    bool seen[9] = { false };
    for (const pentry *f = a->items.head; f; f = f->next) {
        int k = -1;
        for (int i = 0; i < 9; i++)
            if (f->key && strcmp(f->key, names[i]) == 0)
                k = i;
        if (k < 0)
            ERR(f->loc, "unknown field '%s' in #stablehlo.conv", f->key ? f->key : "?");
        if (seen[k])
            ERR(f->loc, "duplicate field '%s' in #stablehlo.conv", f->key);
        seen[k] = true;
        if (scalars[k] ? !attr_int(ps, p, f, f->val, scalars[k]) : !attr_ints(ps, p, f, lists[k]))
            return false;
    }
    for (int i = 0; i < 9; i++)
        if (!seen[i])
            ERR(a->loc, "#stablehlo.conv<raw ...> lacks the field '%s'", names[i]);
    return true;
}

/* `padding = dense<[[lo, hi], ...]> : tensor<Sx2xi64>` (generic) or
 * `pad = [[lo, hi], ...]` (pretty) */
static bool conv_padding(parse_state *ps, pop *p, const pentry *e, ir_ints *low, ir_ints *high)
{
    const pattr *a = e->val;
    if (a && a->kind == PA_DENSE)
        return attr_padding(ps, p, e, low, high);
    if (!a || a->kind != PA_ARRAY)
        ERR(e->loc, "'%s' attribute 'padding' must be [[low, high], ...] or dense<...> : tensor<Nx2xi64>", p->name);
    int n = a->items.n;
    low->n = high->n = n;
    low->v = parse_alloc(ps, (size_t)n + 1, sizeof(int64_t));
    high->v = parse_alloc(ps, (size_t)n + 1, sizeof(int64_t));
    if (!low->v || !high->v)
        return false;
    int i = 0;
    for (const pentry *it = a->items.head; it; it = it->next, i++) {
        const pattr *pair = it->val;
        if (!pair || pair->kind != PA_ARRAY || pair->items.n != 2)
            ERR(pair ? pair->loc : it->loc, "'%s' padding entries must be [low, high] pairs", p->name);
        if (!attr_int(ps, p, e, pair->items.head->val, &low->v[i]) ||
            !attr_int(ps, p, e, pair->items.tail->val, &high->v[i]))
            return false;
    }
    return true;
}

/* window_reversal: array<i1: false, true>, dense<[false, true]> :
 * tensor<2xi1>, or (pretty) [false, true] / [0, 1] (non-zero = true);
 * stored as 0/1. */
static bool conv_flags(parse_state *ps, pop *p, const pentry *e, ir_ints *out)
{
    const pattr *a = e->val;
    if (a && a->kind == PA_INTS && a->word) {
        *out = a->ints;
        return true;
    }
    if (a && a->kind == PA_DENSE && a->lit && a->lit->type.elem == ET_I1 && a->lit->type.rank <= 1) {
        out->n = (int)a->lit->count;
        out->v = parse_alloc(ps, (size_t)out->n + 1, sizeof(int64_t));
        if (!out->v)
            return false;
        for (int i = 0; i < out->n; i++)
            out->v[i] = *ir_literal_at(a->lit, i) != 0;
        return true;
    }
    if (!a || a->kind != PA_ARRAY)
        ERR(a ? a->loc : e->loc, "'%s' attribute 'window_reversal' must be a list of booleans like array<i1: false, "
            "true>", p->name);
    out->n = a->items.n;
    out->v = parse_alloc(ps, (size_t)out->n + 1, sizeof(int64_t));
    if (!out->v)
        return false;
    int i = 0;
    for (const pentry *it = a->items.head; it; it = it->next, i++) {
        const pattr *v = it->val;
        if (v && v->kind == PA_WORD && (strcmp(v->text, "true") == 0 || strcmp(v->text, "false") == 0)) {
            out->v[i] = v->text[0] == 't';
        } else if (v && v->kind == PA_INT) {
            int64_t x;
            if (!attr_int(ps, p, e, v, &x))
                return false;
            out->v[i] = x != 0;
        } else {
            ERR(v ? v->loc : it->loc, "'%s' window reversal entries must be true or false", p->name);
        }
    }
    return true;
}

static bool attrs_convolution(parse_state *ps, pop *p, ir_op *o)
{
    ir_conv *cv = &o->a.conv;
    pentry *e;
    if (!need(ps, p, "dimension_numbers", &e))
        return false;
    const pattr *dn = e->val;
    if (dn->kind != PA_STRUCT || (dn->text && strcmp(dn->text, "#stablehlo.conv") != 0))
        ERR(dn->loc, "'%s' dimension_numbers must be #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>",
            p->name);
    if (dn->raw) {
        if (!conv_raw(ps, p, dn, cv))
            return false;
    } else {
        const pentry *l = dn->items.head;
        if (dn->items.n != 3 || l->key)
            ERR(dn->loc, "'%s' dimension_numbers must be [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] or <raw ...>",
                p->name);
        if (!conv_list(ps, p, l->val, "input", 'b', 'f', &cv->in_batch, &cv->in_feature, &cv->in_spatial) ||
            !conv_list(ps, p, l->next->val, "kernel", 'i', 'o', &cv->kernel_in, &cv->kernel_out,
                       &cv->kernel_spatial) ||
            !conv_list(ps, p, l->next->next->val, "output", 'b', 'f', &cv->out_batch, &cv->out_feature,
                       &cv->out_spatial))
            return false;
    }
    int S = cv->in_spatial.n;
    if ((e = find(p, "window_strides")) ? !attr_ints(ps, p, e, &cv->strides) : !fill_ints(ps, S, 1, &cv->strides))
        return false;
    if ((e = find(p, "lhs_dilation")) ? !attr_ints(ps, p, e, &cv->lhs_dilation)
                                      : !fill_ints(ps, S, 1, &cv->lhs_dilation))
        return false;
    if ((e = find(p, "rhs_dilation")) ? !attr_ints(ps, p, e, &cv->rhs_dilation)
                                      : !fill_ints(ps, S, 1, &cv->rhs_dilation))
        return false;
    if ((e = find(p, "window_reversal")) ? !conv_flags(ps, p, e, &cv->reversal) : !fill_ints(ps, S, 0, &cv->reversal))
        return false;
    if ((e = find(p, "padding")) ? !conv_padding(ps, p, e, &cv->low, &cv->high)
                                 : !fill_ints(ps, S, 0, &cv->low) || !fill_ints(ps, S, 0, &cv->high))
        return false;
    if (!need(ps, p, "feature_group_count", &e) || !attr_int(ps, p, e, e->val, &cv->feature_groups) ||
        !need(ps, p, "batch_group_count", &e) || !attr_int(ps, p, e, e->val, &cv->batch_groups))
        return false;
    return !(e = find(p, "precision_config")) || precision_list(ps, p, e, &cv->nprecision, &cv->precision);
}

/* dynamic_conv (SPEC 9.4.8): convolution's attributes, its padding an
 * operand; a padding attribute as well would leave two answers. */
static bool attrs_dynamic_conv(parse_state *ps, pop *p, ir_op *o)
{
    const pentry *e = find(p, "padding");
    if (e)
        ERR(e->loc, "'%s' takes its padding from the third operand, not from a 'padding' attribute", p->name);
    return attrs_convolution(ps, p, o);
}

/* Check-op attributes (also after a custom_call was mapped to a check). */
static bool attrs_checkop(parse_state *ps, pop *p, ir_op *o)
{
    ir_check *c = &o->a.check;
    pentry *e;
    if (!c->custom_call) {
        c->tolerance = 1e-4;
        c->max_ulp = 1;
        c->min_ulp = 0;
    }
    if (o->kind == IR_OP_CHECK_EXPECT_EQ_CONST || o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
        if (!need(ps, p, "value", &e) || !attr_literal(ps, p, e, &c->expected))
            return false;
        if (!p->sig && o->noperands == 1)
            o->operand_types[0] = c->expected.type;
    }
    if ((o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ || o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) &&
        (e = find(p, "tolerance")) && !attr_double(ps, p, e, &c->tolerance))
        return false;
    if (o->kind == IR_OP_CHECK_EXPECT_CLOSE) {
        if ((e = find(p, "max_ulp_difference")) && !attr_uint64(ps, p, e, &c->max_ulp))
            return false;
        if ((e = find(p, "min_ulp_difference")) && !attr_uint64(ps, p, e, &c->min_ulp))
            return false;
    }
    return true;
}

/* probe_id names records of the line-based index.csv, `id,TYPE,PATH`
 * (SPEC.md 9.3.11): a comma or a line break in it would make a record
 * ambiguous (REF reads such records wrongly), so it is refused here. */
static bool attrs_probe(parse_state *ps, pop *p, ir_op *o)
{
    pentry *e;
    if (!need(ps, p, "probe_id", &e))
        return false;
    if (e->val->kind != PA_STRING)
        ERR(e->val->loc, "'%s' attribute 'probe_id' must be a string", p->name);
    for (const char *s = e->val->text; *s; s++)
        if (*s == ',' || *s == '\n' || *s == '\r')
            ERR(e->val->loc, "'%s' probe_id may not contain %s (index.csv records are `id,type,path` lines)",
                p->name, *s == ',' ? "a comma" : "a line break");
    o->a.probe.id = e->val->text;
    o->a.probe.iteration = 0;
    return true;
}

/* probe_id, and `iteration` (`iter` in the pretty form; ui32, default 0) */
static bool attrs_serialized_eq(parse_state *ps, pop *p, ir_op *o)
{
    if (!attrs_probe(ps, p, o))
        return false;
    pentry *e = find(p, "iteration");
    int64_t k;
    if (e && !attr_int(ps, p, e, e->val, &k))
        return false;
    if (e && (k < 0 || k > (int64_t)UINT32_MAX))
        ERR(e->val->loc, "'%s' attribute 'iteration' is out of range of ui32", p->name);
    o->a.probe.iteration = e ? (uint32_t)k : 0;
    return true;
}

/* custom_call: its target and attributes (build_custom_call.c); a check
 * target becomes that check op (SPEC 5.6) with the check's attributes. */
static bool attrs_custom_call(parse_state *ps, pop *p, ir_op *o)
{
    return build_custom_call(ps, p, o) && (!ir_op_is_check(o->kind) || attrs_checkop(ps, p, o));
}

/* ---- distributed execution (SPEC.md 9.6) -------------------------------- */

/* A unit attribute (`{use_global_device_ids}`) or `name = true/false`. */
static bool attr_flag(parse_state *ps, pop *p, const char *key, bool *out)
{
    pentry *e = find(p, key);
    *out = false;
    if (!e)
        return true;
    if (!e->val || (e->val->kind == PA_WORD && strcmp(e->val->text, "unit") == 0)) {
        *out = true;
        return true;
    }
    return attrs_bool(ps, p, e, out);
}

/* #stablehlo.channel_handle<handle = H, type = T>: both fields required;
 * the type is not used (9.6.2), only printed back. */
static bool attr_channel(parse_state *ps, pop *p, ir_collective *col)
{
    pentry *e = find(p, "channel_handle");
    int64_t *channel = &col->channel, *type = &col->channel_type;
    *channel = *type = 0;
    if (!e)
        return true;
    col->has_channel = true;
    const pattr *a = e->val;
    if (!a || a->kind != PA_STRUCT || !a->text || strcmp(a->text, "#stablehlo.channel_handle") != 0)
        ERR(a ? a->loc : e->loc, "'%s' attribute 'channel_handle' must be #stablehlo.channel_handle<handle = N, type = N>",
            p->name);
    bool seen[2] = { false, false };
    for (const pentry *f = a->items.head; f; f = f->next) {
        int k = f->key && strcmp(f->key, "handle") == 0 ? 0 : f->key && strcmp(f->key, "type") == 0 ? 1 : -1;
        if (k < 0)
            ERR(f->loc, "'%s' channel_handle has an unknown field '%s'", p->name, f->key ? f->key : "");
        if (seen[k])
            ERR(f->loc, "'%s' channel_handle repeats the field '%s'", p->name, f->key);
        seen[k] = true;
        if (!attr_int(ps, p, e, f->val, k == 0 ? channel : type))
            return false;
    }
    if (!seen[0] || !seen[1])
        ERR(a->loc, "'%s' channel_handle needs both 'handle' and 'type'", p->name);
    return true;
}

/* The field `key` of a #dialect.name<...> struct attribute, or NULL. */
static const pattr *struct_field(const pattr *a, const char *key)
{
    for (const pentry *f = a->items.head; f; f = f->next)
        if (f->key && strcmp(f->key, key) == 0)
            return f->val;
    return NULL;
}

static bool is_struct(const pattr *a, const char *name)
{
    return a && a->kind == PA_STRUCT && a->text && strcmp(a->text, name) == 0;
}

enum { MESH_MAX_AXES = 16 };

/* #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [...],
 * device_ids = dense<...>>, axes = [#stablehlo.axis_ref<name = "y">, ...]>
 * as REF flattens it (SPEC 9.6.2): the device grid (mesh axis sizes,
 * device_ids row-major, default 0 ... n-1) transposed so that the axes not
 * listed come first (mesh order) and the listed ones last (listed order),
 * flattened; consecutive runs of the listed axes' size product are the
 * groups. */
static bool mesh_groups(parse_state *ps, pop *p, const pattr *a, ir_collective *col)
{
    const pattr *mesh = struct_field(a, "mesh"), *axes = struct_field(a, "axes");
    const pattr *maxes = is_struct(mesh, "#stablehlo.mesh") ? struct_field(mesh, "axes") : NULL;
    if (!maxes || maxes->kind != PA_ARRAY || !axes || axes->kind != PA_ARRAY)
        ERR(a->loc, "'%s' replica_group_mesh_axes needs mesh = #stablehlo.mesh<axes = [...]> and axes = [...]", p->name);
    const char *names[MESH_MAX_AXES];
    int64_t sizes[MESH_MAX_AXES], total = 1;
    int n = 0;
    for (const pentry *e = maxes->items.head; e; e = e->next, n++) {
        const pattr *name = is_struct(e->val, "#stablehlo.mesh_axis") ? struct_field(e->val, "name") : NULL;
        const pattr *size = name ? struct_field(e->val, "size") : NULL;
        if (n >= MESH_MAX_AXES || !name || name->kind != PA_STRING || !size || size->kind != PA_INT || size->neg)
            ERR(e->val ? e->val->loc : e->loc, "'%s' mesh axes must be #stablehlo.mesh_axis<name = \"x\", size = N> (at most %d)",
                p->name, MESH_MAX_AXES);
        uint64_t v;
        if (!magnitude(size->text, &v) || v == 0 || v > 65536 || total * (int64_t)v > 65536)
            ERR(size->loc, "'%s' mesh has more than 65536 devices or an empty axis", p->name);
        names[n] = name->text;
        sizes[n] = (int64_t)v;
        total *= (int64_t)v;
    }
    int perm[MESH_MAX_AXES], nperm = 0;
    bool listed[MESH_MAX_AXES] = { false };
    int64_t group = 1;
    for (const pentry *e = axes->items.head; e; e = e->next) {
        const pattr *name = is_struct(e->val, "#stablehlo.axis_ref") ? struct_field(e->val, "name") : NULL;
        if (!name || name->kind != PA_STRING)
            ERR(e->val ? e->val->loc : e->loc, "'%s' axes must be #stablehlo.axis_ref<name = \"x\">", p->name);
        if (struct_field(e->val, "sub_axis_info"))
            ERR(e->val->loc, "'%s' axis_ref with sub_axis_info is not supported (REF aborts)", p->name);
        int k = 0;
        while (k < n && strcmp(names[k], name->text) != 0)
            k++;
        if (k == n || listed[k])
            ERR(name->loc, "'%s' axes names '%s', which is not a mesh axis or is listed twice", p->name, name->text);
        listed[k] = true;
        group *= sizes[k];
    }
    for (int k = 0; k < n; k++)
        if (!listed[k])
            perm[nperm++] = k;
    for (const pentry *e = axes->items.head; e; e = e->next)
        for (int k = 0; k < n; k++)
            if (strcmp(names[k], struct_field(e->val, "name")->text) == 0)
                perm[nperm++] = k;
    const pattr *ids = struct_field(mesh, "device_ids");
    if (ids && (ids->kind != PA_DENSE || !ids->lit || !et_is_int(ids->lit->type.elem) || ids->lit->count != total))
        ERR(ids->loc, "'%s' mesh device_ids must be an integer dense literal of %lld elements", p->name, (long long)total);
    int64_t *v = parse_alloc(ps, (size_t)total, sizeof *v);
    int ngroups = (int)(total / group);
    int *start = parse_alloc(ps, (size_t)ngroups + 1, sizeof *start);
    if (!v || !start)
        return false;
    int64_t strides[MESH_MAX_AXES];
    int64_t acc = 1;
    for (int k = n - 1; k >= 0; k--) {
        strides[k] = acc;
        acc *= sizes[k];
    }
    for (int64_t flat = 0; flat < total; flat++) {
        /* flat indexes the transposed grid: its digits are the axes in perm order */
        int64_t rest = flat, at = 0;
        for (int j = nperm - 1; j >= 0; j--) {
            at += (rest % sizes[perm[j]]) * strides[perm[j]];
            rest /= sizes[perm[j]];
        }
        if (ids) {
            const et_traits *tr = et_get(ids->lit->type.elem);
            v[flat] = et_sign_extend(ids->lit->type.elem, et_load_bits(ids->lit->type.elem, ids->lit->data + (size_t)at * tr->bytes));
        } else {
            v[flat] = at;
        }
    }
    for (int g = 0; g <= ngroups; g++)
        start[g] = (int)(g * group);
    col->ngroups = ngroups;
    col->group_start = start;
    col->ids = v;
    col->group_cols = group;
    return true;
}

/* A rank-2 integer literal read row by row; `keep_padding` false drops the
 * -1 entries (replica_groups), true keeps every entry (pairs). */
static bool attr_id_rows(parse_state *ps, pop *p, const char *key, bool keep_padding, ir_collective *col)
{
    pentry *e = find(p, key);
    if (!e)
        return true;
    const pattr *a = e->val;
    if (!keep_padding && is_struct(a, "#stablehlo.replica_group_mesh_axes"))
        return mesh_groups(ps, p, a, col);
    if (!a || a->kind != PA_DENSE || !a->lit || !et_is_int(a->lit->type.elem) || a->lit->type.rank != 2)
        ERR(a ? a->loc : e->loc, "'%s' attribute '%s' must be a rank-2 integer dense literal", p->name, key);
    const ir_literal *lit = a->lit;
    int64_t rows = lit->type.dims[0], cols = lit->type.dims[1];
    if (rows > 65536 || cols > 65536 || rows * cols > 65536)
        ERR(a->loc, "'%s' attribute '%s' has more than 65536 entries", p->name, key);
    int64_t *v = parse_alloc(ps, (size_t)(rows * cols + 1), sizeof *v);
    int *start = parse_alloc(ps, (size_t)rows + 1, sizeof *start);
    if (!v || !start)
        return false;
    const et_traits *tr = et_get(lit->type.elem);
    int n = 0;
    for (int64_t r = 0; r < rows; r++) {
        start[r] = n;
        for (int64_t k = 0; k < cols; k++) {
            uint64_t b = et_load_bits(lit->type.elem, lit->data + (size_t)(r * cols + k) * tr->bytes);
            int64_t id = et_sign_extend(lit->type.elem, b);
            if (keep_padding || id != -1)
                v[n++] = id;
        }
    }
    start[rows] = n;
    if (keep_padding) {
        if (cols != 2)
            ERR(a->loc, "'%s' attribute '%s' must have 2 columns (source, target), got %lld", p->name, key,
                (long long)cols);
        col->pairs.n = n;
        col->pairs.v = v;
    } else {
        col->ngroups = (int)rows;
        col->group_start = start;
        col->ids = v;
        col->group_cols = cols;
    }
    return true;
}

static bool attr_optional_int(parse_state *ps, pop *p, const char *key, bool required, int64_t *out)
{
    pentry *e = find(p, key);
    if (!e && required)
        ERR(p->loc, "'%s' requires the attribute '%s'", p->name, key);
    return !e || attr_int(ps, p, e, e->val, out);
}

static bool attrs_collective(parse_state *ps, pop *p, ir_op *o)
{
    ir_collective *col = &o->a.coll;
    if (!attr_channel(ps, p, col) || !attr_flag(ps, p, "use_global_device_ids", &col->use_global_ids) ||
        !attr_flag(ps, p, "has_dynamic_root", &col->dynamic_root))
        return false;
    bool pairs = o->kind == IR_OP_COLLECTIVE_PERMUTE;
    if (o->kind != IR_OP_SEND && o->kind != IR_OP_RECV) {
        const char *key = pairs ? "source_target_pairs" : "replica_groups";
        if (!find(p, key))
            ERR(p->loc, "'%s' requires the attribute '%s'", p->name, key);
        if (!attr_id_rows(ps, p, key, pairs, col))
            return false;
    }
    if (o->kind == IR_OP_ALL_GATHER)
        return attr_optional_int(ps, p, "all_gather_dim", true, &col->dim);
    if (o->kind == IR_OP_REDUCE_SCATTER)
        return attr_optional_int(ps, p, "scatter_dimension", true, &col->dim);
    if (o->kind == IR_OP_ALL_TO_ALL)
        return attr_optional_int(ps, p, "split_dimension", true, &col->dim) &&
               attr_optional_int(ps, p, "concat_dimension", true, &col->concat_dim) &&
               attr_optional_int(ps, p, "split_count", true, &col->split_count);
    return true;
}

/* programs = [[@f, @g], [@h, @k]] (rows of equal length), infeed = [@q]. */
static bool symbol_row(parse_state *ps, pop *p, const pattr *row, const char *key, const char **names)
{
    int i = 0;
    for (const pentry *it = row->items.head; it; it = it->next, i++) {
        if (!it->val || it->val->kind != PA_SYMBOL)
            ERR(it->val ? it->val->loc : it->loc, "'%s' attribute '%s' must hold function symbols like @f", p->name,
                key);
        names[i] = it->val->text;
    }
    return true;
}

static bool attrs_run_parallel(parse_state *ps, pop *p, ir_op *o)
{
    ir_run_parallel *par = &o->a.par;
    pentry *e;
    if (!need(ps, p, "programs", &e))
        return false;
    const pattr *a = e->val;
    if (a->kind != PA_ARRAY || a->items.n == 0)
        ERR(a->loc, "'interpreter.run_parallel' attribute 'programs' must be a non-empty list of rows [[@f, ...], ...]");
    par->rows = a->items.n;
    par->cols = a->items.head->val && a->items.head->val->kind == PA_ARRAY ? a->items.head->val->items.n : 0;
    if (par->cols == 0)
        ERR(a->loc, "'interpreter.run_parallel' programs rows must be non-empty lists of symbols");
    if ((int64_t)par->rows * par->cols > 65536)
        ERR(a->loc, "'interpreter.run_parallel' grid is too large");
    par->names = parse_alloc(ps, (size_t)par->rows * (size_t)par->cols, sizeof *par->names);
    par->funcs = parse_alloc(ps, (size_t)par->rows * (size_t)par->cols, sizeof *par->funcs);
    if (!par->names || !par->funcs)
        return false;
    int r = 0;
    for (const pentry *row = a->items.head; row; row = row->next, r++) {
        if (!row->val || row->val->kind != PA_ARRAY || row->val->items.n != par->cols)
            ERR(row->val ? row->val->loc : row->loc,
                "'interpreter.run_parallel' programs rows must all have %d entr%s", par->cols,
                par->cols == 1 ? "y" : "ies");
        if (!symbol_row(ps, p, row->val, "programs", par->names + (size_t)r * (size_t)par->cols))
            return false;
    }
    if ((e = find(p, "infeed"))) {
        if (!e->val || e->val->kind != PA_ARRAY || e->val->items.n == 0)
            ERR(e->val ? e->val->loc : e->loc, "'interpreter.run_parallel' attribute 'infeed' must be a non-empty list of symbols");
        par->ninfeed = e->val->items.n;
        par->infeed = parse_alloc(ps, (size_t)par->ninfeed, sizeof *par->infeed);
        par->infeed_funcs = parse_alloc(ps, (size_t)par->ninfeed, sizeof *par->infeed_funcs);
        if (!par->infeed || !par->infeed_funcs || !symbol_row(ps, p, e->val, "infeed", par->infeed))
            return false;
    }
    return true;
}

#define attrs_process_id attrs_none
#define attrs_all_reduce attrs_collective
#define attrs_all_gather attrs_collective
#define attrs_all_to_all attrs_collective
#define attrs_reduce_scatter attrs_collective
#define attrs_collective_permute attrs_collective
#define attrs_collective_broadcast attrs_collective
#define attrs_collective_reduce attrs_collective
#define attrs_send attrs_collective
#define attrs_recv attrs_collective
#define attrs_infeed attrs_none
#define attrs_outfeed attrs_none

static const attr_builder attrs_of[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = attrs_##exec,
#include "ir/ops.def"
#undef OP
};

ir_op *build_op(parse_state *ps, pop *p)
{
    ir_op *o = parse_alloc(ps, 1, sizeof *o);
    if (!o)
        return NULL;
    o->kind = (ir_op_kind)p->kind;
    o->loc = p->loc;
    /* duplicates between <{...}> and {...} or within one dictionary */
    for (const pentry *a = p->attrs.head; a; a = a->next)
        for (const pentry *b = a->next; b; b = b->next)
            if (a->key && b->key && strcmp(a->key, b->key) == 0) {
                parse_error(ps, b->loc, "duplicate attribute '%s' on '%s'", b->key, p->name);
                return NULL;
            }
    o->noperands = p->uses ? p->uses->n : 0;
    o->uses = parse_alloc(ps, (size_t)(o->noperands ? o->noperands : 1), sizeof(ir_use));
    o->operands = parse_alloc(ps, (size_t)(o->noperands ? o->noperands : 1), sizeof(int));
    if (!o->uses || !o->operands)
        return NULL;
    int i = 0;
    for (const unode *u = p->uses ? p->uses->head : NULL; u; u = u->next)
        o->uses[i++] = u->u;
    if (p->kind == IR_OP_REDUCE && !p->generic && o->noperands % 2 == 0) {
        /* pretty (input init: value) pairs -> all inputs, then all inits */
        int n = o->noperands / 2;
        ir_use *ordered = parse_alloc(ps, (size_t)(2 * n + 1), sizeof(ir_use));
        if (!ordered)
            return NULL;
        for (int k = 0; k < n; k++) {
            ordered[k] = o->uses[2 * k];
            ordered[n + k] = o->uses[2 * k + 1];
        }
        o->uses = ordered;
    }
    o->ndefs = p->defs ? p->defs->n : 0;
    o->defs = parse_alloc(ps, (size_t)(o->ndefs ? o->ndefs : 1), sizeof(ir_use));
    if (!o->defs)
        return NULL;
    int ndefined = 0;
    i = 0;
    for (const unode *u = p->defs ? p->defs->head : NULL; u; u = u->next) {
        o->defs[i++] = u->u;
        ndefined += u->u.result > 0 ? u->u.result : 1;
    }
    if (!resolve_sig(ps, p, o) || !attrs_of[o->kind](ps, p, o))
        return NULL;
    if (p->kind == IR_OP_CONSTANT && p->sig == NULL)
        o->nresults = 1;
    if (o->kind == IR_OP_REDUCE) {
        if (p->compact_reduce_op >= 0) {
            if (!p->sig || !p->sig->fn) {
                parse_error(ps, p->loc, "'stablehlo.reduce' needs a function type '(inputs, inits) -> results'");
                return NULL;
            }
            if (!compact_body(ps, p, o))
                return NULL;
        } else {
            if (!p->regions) {
                parse_error(ps, p->loc, "'stablehlo.reduce' requires a body region");
                return NULL;
            }
            if (!build_regions(ps, p, o))
                return NULL;
            if (p->regions->args && !p->generic) {
                /* pretty pairs (acc_k, elem_k) -> accumulators first */
                ir_block *b = &o->regions[0];
                int n = b->nargs / 2;
                tensor_type *ty = parse_alloc(ps, (size_t)b->nargs, sizeof *ty);
                ir_use *nm = parse_alloc(ps, (size_t)b->nargs, sizeof *nm);
                if (!ty || !nm)
                    return NULL;
                for (int k = 0; k < n; k++) {
                    ty[k] = b->arg_types[2 * k];
                    nm[k] = b->arg_names[2 * k];
                    ty[n + k] = b->arg_types[2 * k + 1];
                    nm[n + k] = b->arg_names[2 * k + 1];
                }
                b->arg_types = ty;
                b->arg_names = nm;
            }
        }
    } else if (p->regions && ir_op_get(o->kind)->nregions == 0) {
        parse_error(ps, p->regions->loc, "'%s' does not take a region", p->name);
        return NULL;
    } else if (p->regions && !build_regions(ps, p, o)) {
        return NULL;
    }
    int want = ir_op_get(o->kind)->nregions;
    if (want > 0 && o->nregions != want) {
        const pblock *extra = p->regions;
        for (int g = 0; extra && g < want; g++)
            extra = extra->next;
        parse_error(ps, extra ? extra->loc : p->loc, "'%s' takes %d region%s, got %d", p->name, want,
                    want == 1 ? "" : "s", o->nregions);
        return NULL;
    }
    if (o->ndefs && ndefined != o->nresults) {
        parse_error(ps, o->defs[0].loc, "'%s' has %d result%s but %d value%s defined", p->name, o->nresults,
                    o->nresults == 1 ? "" : "s", ndefined, ndefined == 1 ? " is" : "s are");
        return NULL;
    }
    o->results = parse_alloc(ps, (size_t)(o->nresults ? o->nresults : 1), sizeof(int));
    o->dead = NULL;
    /* in the order of the IR_W_x bits (ir.h) */
    static const char *const optional[] = { "window_strides", "base_dilations", "window_dilations", "padding",
                                            "lhs_dilation", "rhs_dilation", "window_reversal", "is_stable" };
    for (unsigned k = 0; k < sizeof optional / sizeof optional[0]; k++)
        if (build_peek(p, optional[k]))
            o->written |= 1u << k;
    if (!o->results || !build_keep(ps, &p->attrs, &o->extra))
        return NULL;
    return o;
}

bool build_func(parse_state *ps, ptok sym, const char *visibility, ulist *args, tlist *results, plist *attrs,
                pblock *body)
{
    if (visibility && strcmp(visibility, "public") != 0 && strcmp(visibility, "private") != 0 &&
        strcmp(visibility, "nested") != 0) {
        parse_error(ps, sym.loc, "unknown function visibility '%s' (public, private or nested)", visibility);
        return false;
    }
    if (ps->nfuncs == ps->capfuncs) {
        int cap = ps->capfuncs ? 2 * ps->capfuncs : 8;
        ir_func *f = arena_grow(ps->arena, ps->funcs, (size_t)ps->nfuncs, (size_t)cap, sizeof *f);
        if (!f) {
            parse_error(ps, sym.loc, "out of memory");
            return false;
        }
        ps->funcs = f;
        ps->capfuncs = cap;
    }
    for (const unode *u = args ? args->head : NULL; body && u; u = u->next)
        if (u->u.name[0] == '\0') {
            parse_error(ps, u->u.loc, "arguments of a function with a body need names (%%arg0: ...)");
            return false;
        }
    ir_func *f = &ps->funcs[ps->nfuncs];
    memset(f, 0, sizeof *f);
    f->name = parse_strdup(ps, sym.s, sym.n);
    if (!f->name)
        return false;
    f->loc = sym.loc;
    f->is_private = visibility && strcmp(visibility, "private") == 0;
    f->visibility = visibility;
    f->has_body = body != NULL;
    f->nresults = results ? results->n : 0;
    f->result_types = types_array(ps, results, f->nresults);
    if (!f->result_types || !build_block(ps, args, body ? body->ops : NULL, &f->body))
        return false;
    f->nargs = f->body.nargs;
    f->arg_types = f->body.arg_types;
    f->arg_locs = parse_alloc(ps, (size_t)(f->nargs ? f->nargs : 1), sizeof *f->arg_locs);
    if (!f->arg_locs)
        return false;
    f->arg_attrs = parse_alloc(ps, (size_t)(f->nargs ? f->nargs : 1), sizeof *f->arg_attrs);
    f->res_attrs = parse_alloc(ps, (size_t)(f->nresults ? f->nresults : 1), sizeof *f->res_attrs);
    if (!f->arg_attrs || !f->res_attrs || !build_keep(ps, attrs, &f->attrs))
        return false;
    int k = 0;
    for (const unode *u = args ? args->head : NULL; u; u = u->next, k++) {
        f->arg_locs[k] = u->loc_name;
        if (!build_keep(ps, u->attrs, &f->arg_attrs[k]))
            return false;
    }
    k = 0;
    for (const tnode *t = results ? results->head : NULL; t; t = t->next, k++)
        if (!build_keep(ps, t->attrs, &f->res_attrs[k]))
            return false;
    ps->nfuncs++;
    return true;
}

/* An entry of a generic op's attributes, in `<{...}>` or `{...}` */
static const pattr *generic_attr(plist *props, plist *attrs, const char *key, src_loc *loc)
{
    plist *lists[2] = { props, attrs };
    for (int i = 0; i < 2; i++)
        for (pentry *e = lists[i] ? lists[i]->head : NULL; e; e = e->next)
            if (e->key && strcmp(e->key, key) == 0) {
                *loc = e->loc;
                e->used = true;
                return e->val;
            }
    return NULL;
}

/* The dictionaries of `arg_attrs = [{...}, ...]` (res_attrs alike) onto the
 * arguments (results) of the function just built */
static bool generic_dicts(parse_state *ps, const pattr *list, src_loc loc, const char *what, int n,
                          ir_attrs *out)
{
    if (!list)
        return true;
    if (list->kind != PA_ARRAY || list->items.n != n)
        ERR(list->kind == PA_ARRAY ? list->loc : loc, "'func.func' attribute '%s' must be an array of %d dictionar%s",
            what, n, n == 1 ? "y" : "ies");
    int k = 0;
    for (const pentry *e = list->items.head; e; e = e->next, k++) {
        if (!e->val || e->val->kind != PA_DICT)
            ERR(e->loc, "'func.func' attribute '%s' must be an array of %d dictionar%s", what, n, n == 1 ? "y" : "ies");
        if (!build_keep(ps, &e->val->items, &out[k]))
            return false;
    }
    return true;
}

/* The function just built from the generic form: its argument and result
 * dictionaries and the attributes other than the ones read */
static bool generic_func_attrs(parse_state *ps, src_loc loc, plist *props, plist *attrs)
{
    src_loc aloc = loc, rloc = loc;
    const pattr *args = generic_attr(props, attrs, "arg_attrs", &aloc);
    const pattr *res = generic_attr(props, attrs, "res_attrs", &rloc);
    ir_func *f = &ps->funcs[ps->nfuncs - 1];
    if (!generic_dicts(ps, args, aloc, "arg_attrs", f->nargs, f->arg_attrs) ||
        !generic_dicts(ps, res, rloc, "res_attrs", f->nresults, f->res_attrs))
        return false;
    plist all = { 0 };
    plist *lists[2] = { props, attrs };
    for (int i = 0; i < 2; i++)
        for (const pentry *e = lists[i] ? lists[i]->head : NULL; e; e = e->next) {
            pentry *c = pentry_new(ps, e->key, e->loc, e->val);
            if (!c)
                return false;
            c->used = e->used;
            plist_add(&all, c);
        }
    return build_keep(ps, &all, &f->attrs);
}

bool build_generic_func(parse_state *ps, src_loc loc, plist *props, pblock *region, plist *attrs)
{
    src_loc name_loc = loc, type_loc = loc, vis_loc = loc;
    const pattr *name = generic_attr(props, attrs, "sym_name", &name_loc);
    const pattr *type = generic_attr(props, attrs, "function_type", &type_loc);
    const pattr *vis = generic_attr(props, attrs, "sym_visibility", &vis_loc);
    if (!name || name->kind != PA_STRING)
        ERR(name ? name_loc : loc, "'func.func' needs a string attribute 'sym_name' (the function's name)");
    if (!type || type->kind != PA_FNTYPE)
        ERR(type ? type_loc : loc, "'func.func' needs a function type attribute 'function_type' ((T, ...) -> ...)");
    if (vis && vis->kind != PA_STRING)
        ERR(vis_loc, "'func.func' attribute 'sym_visibility' must be a string");
    if (region->next)
        ERR(region->next->loc, "'func.func' takes 1 region, got more");
    const psig *sig = type->fn;
    int nins = sig->ins ? sig->ins->n : 0;
    ptok sym = { name->text, strlen(name->text), 0, name_loc };
    if (!region->args && !region->ops) {
        /* a declaration: its arguments are function_type's inputs */
        ulist *args = NULL;
        for (const tnode *t = sig->ins ? sig->ins->head : NULL; t; t = t->next)
            if (!(args = ulist_add(ps, args, (ptok){ "", 0, 0, t->loc }, -1, t->t)))
                return false;
        return build_func(ps, sym, vis ? vis->text : NULL, args, sig->outs, NULL, NULL) &&
               generic_func_attrs(ps, loc, props, attrs);
    }
    int nargs = region->args ? region->args->n : 0;
    if (nargs != nins)
        ERR(region->loc, "'func.func' @%s: the entry block has %d argument%s, function_type %d input%s", name->text,
            nargs, nargs == 1 ? "" : "s", nins, nins == 1 ? "" : "s");
    const tnode *t = sig->ins ? sig->ins->head : NULL;
    for (const unode *u = region->args ? region->args->head : NULL; u && t; u = u->next, t = t->next)
        if (!shape_equal(u->type, t->t))
            ERR(u->u.loc, "'func.func' @%s: block argument %%%s does not have function_type's input type", name->text,
                u->u.name);
    return build_func(ps, sym, vis ? vis->text : NULL, region->args, sig->outs, NULL, region) &&
           generic_func_attrs(ps, loc, props, attrs);
}
