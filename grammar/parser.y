/* The grammar of SPEC.md 2.4-2.11: files of functions (optionally inside one
 * module), ops in generic and pretty forms, attributes. Actions only collect
 * what was written; build.c types each op and reports attribute errors.
 * Everything is allocated in the module arena, so YYABORT leaks nothing. */
%define api.pure full
%locations
%expect 0
%define parse.error verbose
%parse-param {parse_state *ps} {void *scanner}
%lex-param {void *scanner}

%code requires {
#include "ir/parse.h"
}

%code {
#include <stdlib.h>
#include <string.h>

#include "types/etype.h"
#include "util/mem.h"

int yylex(YYSTYPE *lval, YYLTYPE *lloc, void *scanner);
static void yyerror(YYLTYPE *loc, parse_state *ps, void *scanner, const char *msg);

#define L(x) ((src_loc){ (x).first_line, (x).first_column })
#define NEED(x) do { if (!(x)) YYABORT; } while (0)

static pattr *scalar(parse_state *ps, pattr_kind k, ptok t, bool neg, src_loc loc)
{
    pattr *a = pattr_new(ps, k, loc);
    if (a) {
        a->text = t.s;
        a->len = t.n;
        a->neg = neg;
        if (k == PA_INT || k == PA_FLOAT || k == PA_WORD) {
            /* token texts die with the scanner buffer */
            a->text = parse_strdup(ps, t.s, t.n);
            if (!a->text)
                return NULL;
        }
    }
    return a;
}

static bool add_attr(parse_state *ps, plist *l, const char *key, src_loc loc, pattr *v)
{
    pentry *e = pentry_new(ps, key, loc, v);
    if (!e)
        return false;
    plist_add(l, e);
    return true;
}

static bool merge(plist *into, plist *from)
{
    for (pentry *e = from->head, *n; e; e = n) {
        n = e->next;
        e->next = NULL;
        plist_add(into, e);
    }
    return true;
}

static char *word(parse_state *ps, ptok t)
{
    return parse_strdup(ps, t.s, t.n);
}

static bool expect_word(parse_state *ps, ptok t, const char *w)
{
    if (t.n == strlen(w) && memcmp(t.s, w, t.n) == 0)
        return true;
    parse_error(ps, t.loc, "expected '%s', got '%.*s'", w, (int)t.n, t.s);
    return false;
}

static bool no_result_number(parse_state *ps, ptok v)
{
    if (memchr(v.s, '#', v.n)) {
        parse_error(ps, v.loc, "a result number '#N' cannot appear in a definition");
        return false;
    }
    return true;
}

static bool set_sig(pop *p, psig *s)
{
    p->sig = s;
    return true;
}

/* `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: the three lists, unkeyed, in
 * a struct that build.c tells from the keyed fields of the raw form. */
static pattr *conv_dims(parse_state *ps, pattr *in, ptok x, pattr *kernel, pattr *out, src_loc loc)
{
    if (!expect_word(ps, x, "x"))
        return NULL;
    pattr *a = pattr_new(ps, PA_STRUCT, loc);
    if (!a || !add_attr(ps, &a->items, NULL, in->loc, in) || !add_attr(ps, &a->items, NULL, kernel->loc, kernel) ||
        !add_attr(ps, &a->items, NULL, out->loc, out))
        return NULL;
    return a;
}

/* The pretty `window = {stride = .., pad = .., lhs_dilate = .., rhs_dilate =
 * .., reverse = ..}` entries under the generic attribute names; the values
 * stay as written (build.c reads both spellings). */
static bool conv_window(parse_state *ps, plist *attrs, const plist *window)
{
    static const char *const pretty[5] = { "stride", "pad", "lhs_dilate", "rhs_dilate", "reverse" };
    static const char *const generic[5] = { "window_strides", "padding", "lhs_dilation", "rhs_dilation",
                                            "window_reversal" };
    bool seen[5] = { false };
    for (pentry *e = window->head, *n; e; e = n) {
        n = e->next;
        int k = -1;
        for (int i = 0; i < 5; i++)
            if (strcmp(e->key, pretty[i]) == 0)
                k = i;
        if (k < 0) {
            parse_error(ps, e->loc, "unknown window entry '%s' (stride, pad, lhs_dilate, rhs_dilate or reverse)",
                        e->key);
            return false;
        }
        if (seen[k]) {
            parse_error(ps, e->loc, "duplicate window entry '%s'", e->key);
            return false;
        }
        if (!e->val) {
            parse_error(ps, e->loc, "window entry '%s' needs a value", e->key);
            return false;
        }
        seen[k] = true;
        if (!add_attr(ps, attrs, generic[k], e->loc, e->val))
            return false;
    }
    return true;
}

/* `raw` belongs to #stablehlo.conv<raw ...> only. */
static bool no_raw(parse_state *ps, const pattr *a, const char *name)
{
    if (!a->raw || (name && strcmp(name, "#stablehlo.conv") == 0))
        return true;
    parse_error(ps, a->loc, "'raw' fields are only valid in #stablehlo.conv<...>");
    return false;
}

/* A region of the pretty while: the header's names with its types are the
 * arguments of both regions. */
static pblock *while_region(parse_state *ps, const ulist *inits, const tlist *types, olist *ops, src_loc loc)
{
    pblock *b = parse_alloc(ps, 1, sizeof *b);
    if (!b)
        return NULL;
    b->ops = ops;
    b->loc = loc;
    const tnode *t = types ? types->head : NULL;
    for (const unode *n = inits ? inits->head : NULL; n && t; n = n->next->next, t = t->next) {
        unode *a = parse_alloc(ps, 1, sizeof *a);
        if (!a || (!b->args && !(b->args = parse_alloc(ps, 1, sizeof *b->args))))
            return NULL;
        a->u = n->u;
        a->type = t->t;
        if (b->args->tail)
            b->args->tail->next = a;
        else
            b->args->head = a;
        b->args->tail = a;
        b->args->n++;
    }
    return b;
}

/* The name the argument at the end of `l` has through its loc(...), if any */
static bool arg_loc(parse_state *ps, ulist *l, ptok loc)
{
    l->tail->loc_name = loc.s ? parse_loc_name(ps, loc.s, loc.n, loc.loc) : NULL;
    return !ps->failed;
}

/* Is `w` a builtin type keyword (`f32`, `i7`, `ui8`, `index`, ...)? */
static bool type_word(const char *w)
{
    size_t n = strlen(w), k = w[0] == 's' || w[0] == 'u' ? 1 : 0;
    if (n > k + 1 && w[k] == 'i' && strspn(w + k + 1, "0123456789") == n - k - 1)
        return true;
    return et_lookup(w, n) >= 0 || strcmp(w, "index") == 0 || strcmp(w, "none") == 0 || strcmp(w, "tf32") == 0;
}

/* An alias definition's value is an attribute as MLIR reads one: a bare
 * word only as `true`, `false`, `unit` or a type, a typed scalar only with a
 * type after its ':'. Anything else is a value cut short (`#loc1 = lo` at
 * the end of a file) or not an attribute at all. Op attributes keep their
 * bare words (the pretty forms' `precision = [DEFAULT]`). */
static bool alias_value(parse_state *ps, ptok name, const pattr *v)
{
    if (v->kind == PA_WORD && strcmp(v->text, "true") != 0 && strcmp(v->text, "false") != 0 &&
        strcmp(v->text, "unit") != 0 && !type_word(v->text)) {
        parse_error(ps, v->loc, "expected an attribute value for alias '%.*s', got '%s'%s", (int)name.n, name.s,
                    v->text, strncmp(v->text, "loc", strlen(v->text)) == 0 ? " (a cut-short 'loc(...)'?)" : "");
        return false;
    }
    if (v->kind == PA_ALIAS && !parse_alias_known(ps, v->text)) {
        parse_error(ps, v->loc, "alias '%s' is not defined before alias '%.*s' (or is a cut-short '%s<...>')",
                    v->text, (int)name.n, name.s, v->text);
        return false;
    }
    if (v->type_word && !type_word(v->type_word)) {
        parse_error(ps, v->loc, "expected a type after ':' in the value of alias '%.*s', got '%s'", (int)name.n,
                    name.s, v->type_word);
        return false;
    }
    return true;
}

/* A type ir-run has no values of (OPAQUE_TYPE) where a value's type goes */
static void opaque_type_error(parse_state *ps, ptok t)
{
    size_t k = 0;
    while (k < t.n && t.s[k] != '<')
        k++;
    if (k == 6 && memcmp(t.s, "tensor", 6) == 0) {
        tensor_type *x;
        if (parse_type_token(ps, t.s, t.n, t.loc, &x) && !ps->failed)
            parse_error(ps, t.loc, "unsupported type '%.*s'", (int)t.n, t.s);
    } else if (t.s[0] == '!') {
        parse_error(ps, t.loc, "unsupported type '%.*s'", (int)k, t.s);
    } else {
        parse_error(ps, t.loc, "unsupported type '%.*s' (values are tensors, tokens or tuples)", (int)k, t.s);
    }
}

/* `dense<body> : T` of a type ir-run has no values of, kept as written for
 * the printer; with index elements also read as i64 (integer lists such as
 * operand_layouts) */
static pattr *dense_kept(parse_state *ps, ptok body, ptok type, src_loc loc)
{
    pattr *a = pattr_new(ps, PA_DENSE, loc);
    if (!a || !(a->text = parse_strdup(ps, body.s, body.n)))
        return NULL;
    a->len = body.n;
    a->type_text = type.s;
    a->type_loc = type.loc;
    if (type.n > 13 && memcmp(type.s + type.n - 6, "index>", 6) == 0 &&
        (type.s[type.n - 7] == 'x' || type.s[type.n - 7] == '<')) {
        char *t = parse_alloc(ps, type.n, 1);
        if (!t)
            return NULL;
        memcpy(t, type.s, type.n - 6);
        memcpy(t + type.n - 6, "i64>", 4);
        tensor_type *x;
        ps->quiet = true;
        bool ok = parse_type_token(ps, t, type.n - 2, type.loc, &x);
        ps->quiet = false;
        if (ps->failed)
            return NULL;
        if (ok) {
            ir_literal *lit = parse_alloc(ps, 1, sizeof *lit);
            if (!lit || !literal_build(ps, &body, x, lit))
                return NULL;
            lit->loc = loc;
            a->lit = lit;
            a->type = x;
            a->index = true;
        }
    }
    return a;
}

/* An op name that is in no row of the op table, with the nearest that is;
 * another dialect's op (util.*, ...) is named as such */
static void op_name_error(parse_state *ps, src_loc loc, const char *what, const char *s, size_t n)
{
    const char *near = ir_op_suggest(s, n);
    const char *dot = memchr(s, '.', n);
    static const char *const own[] = { "stablehlo", "chlo", "check", "interpreter", "func", "mhlo", "sdy" };
    bool foreign = dot != NULL;
    for (size_t i = 0; foreign && i < sizeof own / sizeof own[0]; i++)
        if ((size_t)(dot - s) == strlen(own[i]) && memcmp(s, own[i], (size_t)(dot - s)) == 0)
            foreign = false;
    char chlo[2048];
    if (foreign)
        parse_error(ps, loc, "op '%.*s' of dialect '%.*s' has no semantics in ir-run", (int)n, s, (int)(dot - s), s);
    else if (n > 5 && memcmp(s, "chlo.", 5) == 0 && ir_op_names_with_prefix("chlo.", chlo, sizeof chlo) < sizeof chlo)
        parse_error(ps, loc, "%s op '%.*s'%s%s%s (the chlo ops ir-run runs: %s; docs/chlo.md)", what, (int)n, s,
                    near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "", chlo);
    else if (near)
        parse_error(ps, loc, "%s op '%.*s'; did you mean '%s'?", what, (int)n, s, near);
    else
        parse_error(ps, loc, "%s op '%.*s' (docs/ops.md lists the supported ops)", what, (int)n, s);
}

/* ---- Shardy: a text token as an attribute (copied: token texts die
 * with the scanner buffer), and the signature `(T) -> T` or `(T) -> ()`
 * that the pretty forms' `: T` stands for */
static pattr *sdy_text(parse_state *ps, ptok t)
{
    pattr *a = pattr_new(ps, PA_SDY, t.loc);
    if (!a || !(a->text = parse_strdup(ps, t.s, t.n)))
        return NULL;
    a->len = t.n;
    return a;
}

static bool sdy_sig(parse_state *ps, pop *p, tensor_type *t, src_loc loc, bool result)
{
    psig *s = parse_alloc(ps, 1, sizeof *s);
    if (!s || !(s->ins = tlist_add(ps, NULL, t, loc)) || (result && !(s->outs = tlist_add(ps, NULL, t, loc))))
        return false;
    s->fn = true;
    s->loc = loc;
    p->sig = s;
    return true;
}
/* ---- end of Shardy */

/* chlo.scan's pretty form: the operand and result segments its generic
 * form writes as attributes (inputs, inits; outputs, carries) */
static pattr *segment_pair(parse_state *ps, int64_t a, int64_t b, src_loc loc)
{
    pattr *v = pattr_new(ps, PA_INTS, loc);
    int64_t *ints = parse_alloc(ps, 2, sizeof *ints);
    if (!v || !ints)
        return NULL;
    ints[0] = a;
    ints[1] = b;
    v->ints.n = 2;
    v->ints.v = ints;
    return v;
}

static bool scan_segments(parse_state *ps, pop *p, int nin, int ninit, const psig *sig, src_loc loc)
{
    int nres = sig && sig->outs ? sig->outs->n : 0;
    pattr *ops = segment_pair(ps, nin, ninit, loc), *res = segment_pair(ps, nres - ninit, ninit, loc);
    return ops && res && add_attr(ps, &p->attrs, "operandSegmentSizes", loc, ops) &&
           add_attr(ps, &p->attrs, "resultSegmentSizes", loc, res);
}

/* `stablehlo.while(%x = %a, ...) : T, ... [attributes {...}] cond {...} do {...}` */
static pop *while_op(parse_state *ps, ptok name, ulist *inits, tlist *types, plist *attrs, ptok cond_word,
                     olist *cond_ops, src_loc cond_loc, ptok do_word, olist *body_ops, src_loc body_loc)
{
    if (!expect_word(ps, cond_word, "cond") || !expect_word(ps, do_word, "do"))
        return NULL;
    int n = inits ? inits->n / 2 : 0;
    if (types && types->n != n) {
        parse_error(ps, types->head->loc, "'stablehlo.while' has %d operand%s but its type lists %d", n,
                    n == 1 ? "" : "s", types->n);
        return NULL;
    }
    pop *p = pop_new(ps, name.kind, name.loc, NULL);
    if (!p)
        return NULL;
    if (attrs)
        merge(&p->attrs, attrs);
    for (const unode *v = inits ? inits->head : NULL; v; v = v->next->next) {
        unode *u = parse_alloc(ps, 1, sizeof *u);
        if (!u || (!p->uses && !(p->uses = parse_alloc(ps, 1, sizeof *p->uses))))
            return NULL;
        u->u = v->next->u;
        if (p->uses->tail)
            p->uses->tail->next = u;
        else
            p->uses->head = u;
        p->uses->tail = u;
        p->uses->n++;
    }
    if (types) {
        p->sig = parse_alloc(ps, 1, sizeof *p->sig);
        if (!p->sig)
            return NULL;
        p->sig->ins = types;
        p->sig->loc = types->head->loc;
    }
    p->regions = while_region(ps, inits, types, cond_ops, cond_loc);
    if (!p->regions || !(p->regions->next = while_region(ps, inits, types, body_ops, body_loc)))
        return NULL;
    p->nregions = 2;
    return p;
}
}

%union {
    ptok tok;
    tensor_type *type;
    tlist *types;
    psig *sig;
    pattr *attr;
    plist *list;
    ulist *uses;
    olist *ops;
    ir_op *op;
    pop *pop;
    pblock *block;
}

%token END 0 "end of file"
%token LEX_ERROR "invalid token"
%token <tok> VALUE_ID "value name"
%token <tok> SYMBOL "symbol"
%token <tok> HASH_ID "attribute alias"
%token <tok> CARET_ID "block label"
%token <tok> STRING "string"
%token <tok> G_MODULE "\"builtin.module\""
%token <tok> G_FUNC "\"func.func\""
%token <tok> BARE_ID "identifier"
%token <tok> INT "integer"
%token <tok> FLOAT "float"
%token <tok> DENSE "dense literal"
%token <type> TENSOR "tensor type"
%token <type> TOKEN_TYPE "!stablehlo.token"
%token TUPLE_OPEN "tuple<"
%token <attr> ARRAY "array attribute"
%token <tok> LOC "location"
%token ARROW "->"
%token <tok> T_MODULE "module"
%token <tok> T_FUNC "func.func"
%token <tok> T_ATTRIBUTES "attributes"
%token <tok> OPAQUE_TYPE "type"
%token <attr> OPAQUE_ATTR "dialect attribute"
%token <tok> DENSE_RESOURCE "dense_resource"
%token META_OPEN "{-#"
%token META_CLOSE "#-}"
%token <tok> OP_NAME_UNKNOWN "unsupported op name"
%token <tok> T_CONSTANT "stablehlo.constant"
%token <tok> T_IOTA "stablehlo.iota"
%token <tok> T_UNARY "unary op"
%token <tok> T_BINARY "binary op"
%token <tok> T_COMPARE "stablehlo.compare"
%token <tok> T_TERNARY "select or clamp"
%token <tok> T_DIMSOP "transpose, broadcast_in_dim or reverse"
%token <tok> T_CONCATENATE "stablehlo.concatenate"
%token <tok> T_SLICE "stablehlo.slice"
%token <tok> T_PAD "stablehlo.pad"
%token <tok> T_REDUCE "stablehlo.reduce"
%token <tok> T_DOT_GENERAL "stablehlo.dot_general"
%token <tok> T_DOT "stablehlo.dot"
%token <tok> T_CALL "call"
%token <tok> T_RETURN "return"
%token <tok> T_CUSTOM_CALL "stablehlo.custom_call"
%token <tok> T_CHECK2 "check op"
%token <tok> T_CHECK_CONST "check const op"
%token <tok> T_CHECK_CLOSE "check.expect_close"
%token <tok> T_WHILE "stablehlo.while"
%token <tok> T_VARIADIC "op with a list of operands"
%token <tok> T_GET_TUPLE_ELEMENT "stablehlo.get_tuple_element"
%token <tok> T_COMPOSITE "stablehlo.composite"
%token <tok> T_GENERIC_ONLY "op written only in the generic form"
%token <tok> T_DYNAMIC_SLICE "stablehlo.dynamic_slice"
%token <tok> T_DIMENSION "op with a dim = N clause"
%token <tok> T_FFT "stablehlo.fft"
%token <tok> T_PRINT "interpreter.print"
%token <tok> T_PROBE "interpreter.probe or check.expect_serialized_eq"
%token <tok> T_CLAUSES "op with word clauses"
%token <tok> T_CONVOLUTION "stablehlo.convolution"
/* Shardy (build_sdy.c) */
%token <tok> SDY_TEXT "Shardy attribute"
%token <tok> T_SDY_MESH "sdy.mesh"
%token <tok> T_SDY_SHARDING "sdy.sharding_constraint or sdy.reshard"
%token <tok> T_SDY_WORDS "sdy.propagation_barrier or sdy.sharding_group"
%token <tok> T_SDY_MANUAL "sdy.manual_computation"
%token <tok> T_TOP_K "chlo.top_k"
%token <tok> T_SCAN "chlo.scan"

%type <type> type
%type <types> types types_opt type_list fresults fres_list fres_list_opt
%type <sig> sig fn_type
%type <attr> attribute scalar array_attr angle_attr dense_attr
%type <list> dict dict_opt entries entries_opt attrs attrs_opt angle_items angle_items_opt
%type <list> props_opt dot_clauses dot_clause int_array ints ints_opt slice_ranges slice_ranges_opt
%type <uses> while_inits uses uses_opt use defs def fargs fargs_opt ext_args bargs bargs_opt reduce_inputs reducer_pairs
%type <ops> ops
%type <op> op
%type <pop> op_body
%type <block> region regions regions_opt
%type <list> while_attrs_opt clauses clauses_opt mattrs_opt fattrs_opt
%type <list> meta_dialects meta_dialects_opt meta_dialect meta_blobs meta_blobs_opt
%type <tok> key keyword vis_opt cmp_type_opt loc_opt
%type <block> fbody_opt
%type <attr> tol_opt min_ulp_opt dot_prec_opt angle_item iter_opt conv_dims
%type <list> slice_range
%type <list> sdy_texts sdy_texts_opt

/* `return` alone vs `return %x : T`: a value name after it belongs to it */
%precedence RETURN_EMPTY
%precedence VALUE_ID

%%

file:
    items
    ;

items:
    %empty
  | items item
    ;

item:
    module
  | gmodule
  | gfunc { if (ps->nmodules) { parse_error(ps, ps->funcs[ps->nfuncs - 1].loc, "function outside the module (a file holds either one module or top-level functions)"); YYABORT; } ps->top_funcs = true; }
  | func { if (ps->nmodules) { parse_error(ps, ps->funcs[ps->nfuncs - 1].loc, "function outside the module (a file holds either one module or top-level functions)"); YYABORT; } ps->top_funcs = true; }
  | T_SDY_MESH { parse_error(ps, L(@1), "'sdy.mesh' is only valid at the top of a module"); YYABORT; } /* Shardy */
  | alias_def {
        if (ps->literals_only && ps->nargs_lists) { parse_error(ps, L(@1), "text after the argument list"); YYABORT; }
    }
  | META_OPEN meta_groups_opt META_CLOSE
  | ARRAY {
        if (!ps->literals_only) { parse_error(ps, L(@1), "expected a function or module"); YYABORT; }
        /* `[]`: zero arguments */
        if (ps->nargs_lists++) { parse_error(ps, L(@1), "text after the argument list"); YYABORT; }
    }
  | '[' attrs_opt ']' {
        if (!ps->literals_only) { parse_error(ps, L(@1), "expected a function or module"); YYABORT; }
        if (ps->nargs_lists++) { parse_error(ps, L(@1), "text after the argument list"); YYABORT; }
        if ($2)
            ps->args_result = *$2;
    }
    ;

/* `{-# dialect_resources: { builtin: { NAME: "0xALIGNDATA", ... } } #-}`:
 * the blobs of dense_resource<NAME> (parse.c resolves them at the end);
 * other groups and dialects are read and ignored */
meta_groups_opt:
    %empty
  | meta_groups
    ;

meta_groups:
    meta_group
  | meta_groups ',' meta_group
    ;

meta_group:
    key ':' '{' meta_dialects_opt '}' {
        if ($4 && strcmp($1.s, "dialect_resources") == 0)
            merge(&ps->resources, $4);
    }
    ;

meta_dialects_opt:
    %empty { $$ = NULL; }
  | meta_dialects
    ;

meta_dialects:
    meta_dialect
  | meta_dialects ',' meta_dialect {
        $$ = $1 ? $1 : $3;
        if ($1 && $3)
            merge($$, $3);
    }
    ;

meta_dialect:
    key ':' '{' meta_blobs_opt '}' { $$ = strcmp($1.s, "builtin") == 0 ? $4 : NULL; }
    ;

meta_blobs_opt:
    %empty { $$ = NULL; }
  | meta_blobs
    ;

meta_blobs:
    key ':' STRING {
        pattr *a = pattr_new(ps, PA_STRING, L(@3));
        $$ = parse_alloc(ps, 1, sizeof(plist));
        NEED(a && $$);
        a->text = $3.s;
        a->len = $3.n;
        NEED(add_attr(ps, $$, $1.s, L(@1), a));
    }
  | meta_blobs ',' key ':' STRING {
        $$ = $1;
        pattr *a = pattr_new(ps, PA_STRING, L(@5));
        NEED(a);
        a->text = $5.s;
        a->len = $5.n;
        NEED(add_attr(ps, $$, $3.s, L(@3), a));
    }
    ;

alias_def:
    HASH_ID '=' attribute {
        char *name = word(ps, $1);
        NEED(name && alias_value(ps, $1, $3) &&
             parse_alias_define(ps, name, $3->kind == PA_LOC && $3->text && $3->text[0] != '#' ? $3->text : NULL, $3));
    }
    ;

module:
    T_MODULE sym_opt mattrs_opt '{' mitems '}' loc_opt {
        ps->m->explicit_module = true;
        NEED(build_keep(ps, $3, &ps->m->attrs));
        if (ps->nmodules++ || ps->top_funcs) {
            parse_error(ps, L(@1), "only one module per file (or per split chunk) is supported");
            YYABORT;
        }
    }
    ;

/* MLIR's generic form of a module and its functions (what
 * --mlir-print-op-generic prints): `"builtin.module"() <{sym_name = ..}>
 * ({ ... }) {attrs} : () -> ()` */
gmodule:
    G_MODULE '(' ')' props_opt '(' '{' mitems '}' ')' dict_opt ':' fn_type loc_opt {
        ps->m->explicit_module = true;
        if (ps->nmodules++ || ps->top_funcs) {
            parse_error(ps, L(@1), "only one module per file (or per split chunk) is supported");
            YYABORT;
        }
        for (const plist *l = $4; l; l = NULL)
            for (const pentry *e = l->head; e; e = e->next)
                if (e->key && strcmp(e->key, "sym_name") == 0 && e->val && e->val->kind == PA_STRING) {
                    ps->m->name = parse_strdup(ps, e->val->text, strlen(e->val->text));
                    NEED(ps->m->name);
                }
        NEED(build_keep(ps, $10, &ps->m->attrs));
    }
    ;

/* `"func.func"() <{function_type = (T) -> T, sym_name = "main"}> ({ ^bb0(%arg0: T): ... }) : () -> ()` */
gfunc:
    G_FUNC '(' ')' props_opt '(' region ')' dict_opt ':' fn_type loc_opt {
        NEED(build_generic_func(ps, L(@1), $4, $6, $8));
    }
    ;

sym_opt:
    %empty
  | SYMBOL { ps->m->name = parse_strdup(ps, $1.s, $1.n); NEED(ps->m->name); }
    ;

mattrs_opt:
    %empty { $$ = NULL; }
  | T_ATTRIBUTES dict { $$ = $2; }
    ;

mitems:
    %empty
  | mitems func
  | mitems gfunc
  | mitems alias_def
  | mitems sdy_mesh
  | mitems T_MODULE { parse_error(ps, L(@2), "nested modules are not supported"); YYABORT; }
  | mitems BARE_ID { op_name_error(ps, L(@2), "unsupported", $2.s, $2.n); YYABORT; } /* util.global, ... */
  | mitems OP_NAME_UNKNOWN { op_name_error(ps, L(@2), "unsupported", $2.s, $2.n); YYABORT; }
  | mitems G_MODULE { parse_error(ps, L(@2), "nested modules are not supported"); YYABORT; }
    ;

/* ---- Shardy: `sdy.mesh @name = <["a"=2]>` and its generic form */
sdy_mesh:
    T_SDY_MESH SYMBOL '=' SDY_TEXT loc_opt { NEED(build_sdy_mesh(ps, $2, $4)); }
  | STRING '(' ')' props_opt dict_opt ':' fn_type loc_opt {
        if (strcmp($1.s, "sdy.mesh") != 0) {
            parse_error(ps, L(@1), "expected a function or 'sdy.mesh' at the top of the module, got '%s'", $1.s);
            YYABORT;
        }
        const pattr *name = NULL, *mesh = NULL;
        for (const pentry *e = $4 ? $4->head : NULL; e; e = e->next)
            if (e->key && (strcmp(e->key, "sym_name") == 0 || strcmp(e->key, "mesh") == 0))
                *(e->key[0] == 's' ? &name : &mesh) = e->val;
        if (!name || name->kind != PA_STRING) {
            parse_error(ps, L(@1), "'sdy.mesh' requires the property sym_name = \"NAME\"");
            YYABORT;
        }
        if (!mesh || mesh->kind != PA_SDY) {
            parse_error(ps, L(@1), "'sdy.mesh' requires the property mesh = #sdy.mesh<...>");
            YYABORT;
        }
        NEED(build_sdy_mesh(ps, (ptok){ name->text, strlen(name->text), 0, name->loc },
                            (ptok){ mesh->text, mesh->len, 0, mesh->loc }));
    }
    ;
/* ---- end of Shardy */

loc_opt:
    %empty { $$.s = NULL; $$.n = 0; }
  | LOC
    ;

func:
    T_FUNC vis_opt SYMBOL '(' fargs_opt ')' fresults fattrs_opt fbody_opt {
        NEED(build_func(ps, $3, $2.s ? word(ps, $2) : NULL, $5, $7, $8, $9));
    }
    ;

vis_opt:
    %empty { $$.s = NULL; $$.n = 0; }
  | BARE_ID
    ;

fargs_opt:
    %empty { $$ = NULL; }
  | fargs
  | ext_args
    ;

/* declarations without a body may list bare types */
ext_args:
    type dict_opt loc_opt { $$ = ulist_add(ps, NULL, (ptok){ "", 0, 0, L(@1) }, -1, $1); NEED($$ && arg_loc(ps, $$, $3)); $$->tail->attrs = $2; }
  | ext_args ',' type dict_opt loc_opt { $$ = ulist_add(ps, $1, (ptok){ "", 0, 0, L(@3) }, -1, $3); NEED($$ && arg_loc(ps, $$, $5)); $$->tail->attrs = $4; }
    ;

fargs:
    VALUE_ID ':' type dict_opt loc_opt { $$ = ulist_add(ps, NULL, $1, -1, $3); NEED($$ && arg_loc(ps, $$, $5)); $$->tail->attrs = $4; }
  | fargs ',' VALUE_ID ':' type dict_opt loc_opt { $$ = ulist_add(ps, $1, $3, -1, $5); NEED($$ && arg_loc(ps, $$, $7)); $$->tail->attrs = $6; }
    ;

fresults:
    %empty { $$ = NULL; }
  | ARROW type { $$ = tlist_add(ps, NULL, $2, L(@2)); NEED($$); }
  | ARROW '(' fres_list_opt ')' { $$ = $3; }
    ;

fres_list_opt:
    %empty { $$ = NULL; }
  | fres_list
    ;

fres_list:
    type dict_opt { $$ = tlist_add(ps, NULL, $1, L(@1)); NEED($$); $$->tail->attrs = $2; }
  | fres_list ',' type dict_opt { $$ = tlist_add(ps, $1, $3, L(@3)); NEED($$); $$->tail->attrs = $4; }
    ;

fattrs_opt:
    %empty { $$ = NULL; }
  | T_ATTRIBUTES dict { $$ = $2; }
    ;

fbody_opt:
    loc_opt { $$ = NULL; }
  | '{' ops '}' loc_opt {
        $$ = parse_alloc(ps, 1, sizeof(pblock));
        NEED($$);
        $$->ops = $2;
        $$->loc = L(@1);
    }
    ;

ops:
    %empty { $$ = NULL; }
  | ops op { $$ = olist_add(ps, $1, $2); NEED($$); }
    ;

op:
    op_body loc_opt { $$ = build_op(ps, $1); NEED($$); }
  | defs '=' op_body loc_opt { $3->defs = $1; $$ = build_op(ps, $3); NEED($$); }
    ;

defs:
    def
  | defs ',' def {
        $$ = $1;
        $$->tail->next = $3->head;
        $$->tail = $3->tail;
        $$->n += $3->n;
    }
    ;

def:
    VALUE_ID {
        NEED(no_result_number(ps, $1));
        $$ = ulist_add(ps, NULL, $1, -1, NULL);
        NEED($$);
    }
  | VALUE_ID ':' INT {
        NEED(no_result_number(ps, $1));
        char *end;
        unsigned long long k = strtoull($3.s, &end, $3.kind ? 16 : 10);
        if ($3.kind || k < 1 || k > 4096) {
            parse_error(ps, L(@3), "result group size must be between 1 and 4096");
            YYABORT;
        }
        $$ = ulist_add(ps, NULL, $1, (int)k, NULL);
        NEED($$);
    }
    ;

use:
    VALUE_ID { $$ = ulist_add(ps, NULL, $1, -1, NULL); NEED($$); }
    ;

uses:
    use
  | uses ',' use {
        $$ = $1;
        $$->tail->next = $3->head;
        $$->tail = $3->tail;
        $$->n++;
    }
    ;

uses_opt:
    %empty { $$ = NULL; }
  | uses
    ;

/* ---- ops ------------------------------------------------------------- */

op_body:
    STRING '(' uses_opt ')' props_opt regions_opt dict_opt ':' fn_type {
        int k = strcmp($1.s, "arith.constant") == 0 ? IR_OP_CONSTANT : ir_op_lookup($1.s, $1.n);
        if (k < 0 || (k == IR_OP_RETURN && strchr($1.s, '.') == NULL) ||
            (k == IR_OP_CALL && strchr($1.s, '.') == NULL)) {
            op_name_error(ps, L(@1), "unsupported", $1.s, strlen($1.s));
            YYABORT;
        }
        $$ = pop_new(ps, k, L(@1), $1.s);
        NEED($$);
        $$->generic = true;
        $$->uses = $3;
        if ($5)
            merge(&$$->attrs, $5);
        if ($7)
            merge(&$$->attrs, $7);
        $$->regions = $6;
        for (const pblock *r = $6; r; r = r->next)
            $$->nregions++;
        $$->sig = $9;
    }
  | T_CONSTANT dict_opt scalar {
        parse_error(ps, $3->loc, "'%.*s' of a scalar has no semantics in ir-run (values are tensors: dense<...> : "
                    "tensor<...>)", (int)($1.n < 14 ? $1.n : 14), $1.s);
        YYABORT;
    }
  | T_CONSTANT dict_opt dense_attr {
        $$ = pop_new(ps, $1.kind, L(@1), $1.s[0] == 'a' ? "arith.constant" : NULL);
        NEED($$);
        if ($2)
            merge(&$$->attrs, $2);
        NEED(add_attr(ps, &$$->attrs, "value", $3->loc, $3));
    }
  | T_IOTA BARE_ID '=' INT dict_opt ':' sig {
        NEED(expect_word(ps, $2, "dim"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        pattr *a = scalar(ps, PA_INT, $4, false, L(@4));
        NEED(a && add_attr(ps, &$$->attrs, "iota_dimension", L(@4), a));
        if ($5)
            merge(&$$->attrs, $5);
        set_sig($$, $7);
    }
  | T_UNARY use dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        if ($3)
            merge(&$$->attrs, $3);
        set_sig($$, $5);
    }
  | T_BINARY use ',' use dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        if ($5)
            merge(&$$->attrs, $5);
        set_sig($$, $7);
    }
  | T_COMPARE BARE_ID ',' use ',' use cmp_type_opt dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $4->tail->next = $6->head; $4->tail = $6->tail; $4->n++;
        $$->uses = $4;
        pattr *d = pattr_new(ps, PA_ENUM, L(@2));
        NEED(d);
        d->text = "#stablehlo";
        d->word2 = "comparison_direction";
        d->word = word(ps, $2);
        NEED(d->word && add_attr(ps, &$$->attrs, "comparison_direction", L(@2), d));
        if ($7.s) {
            pattr *t = pattr_new(ps, PA_ENUM, $7.loc);
            NEED(t);
            t->text = "#stablehlo";
            t->word2 = "comparison_type";
            t->word = word(ps, $7);
            NEED(t->word && add_attr(ps, &$$->attrs, "compare_type", $7.loc, t));
        }
        if ($8)
            merge(&$$->attrs, $8);
        set_sig($$, $10);
    }
  | T_TERNARY use ',' use ',' use dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $2->tail->next = $6->head; $2->tail = $6->tail; $2->n++;
        $$->uses = $2;
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_DIMSOP use ',' BARE_ID '=' int_array dict_opt ':' sig {
        NEED(expect_word(ps, $4, "dims"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        const char *name = $1.kind == IR_OP_TRANSPOSE ? "permutation"
                         : $1.kind == IR_OP_REVERSE ? "dimensions" : "broadcast_dimensions";
        pattr *a = pattr_new(ps, PA_ARRAY, L(@6));
        NEED(a);
        a->items = *$6;
        NEED(add_attr(ps, &$$->attrs, name, L(@6), a));
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_CONCATENATE uses ',' BARE_ID '=' INT dict_opt ':' sig {
        NEED(expect_word(ps, $4, "dim"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = scalar(ps, PA_INT, $6, false, L(@6));
        NEED(a && add_attr(ps, &$$->attrs, $1.kind == IR_OP_DYNAMIC_IOTA ? "iota_dimension" : "dimension", L(@6), a));
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_SLICE use '[' slice_ranges_opt ']' dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        /* the ranges list holds start, limit, stride triples */
        pattr *s = pattr_new(ps, PA_ARRAY, L(@3)), *l = pattr_new(ps, PA_ARRAY, L(@3)),
              *t = pattr_new(ps, PA_ARRAY, L(@3));
        NEED(s && l && t);
        int i = 0;
        for (pentry *e = $4 ? $4->head : NULL, *n; e; e = n, i++) {
            n = e->next;
            e->next = NULL;
            plist_add(i % 3 == 0 ? &s->items : i % 3 == 1 ? &l->items : &t->items, e);
        }
        NEED(add_attr(ps, &$$->attrs, "start_indices", L(@3), s));
        NEED(add_attr(ps, &$$->attrs, "limit_indices", L(@3), l));
        NEED(add_attr(ps, &$$->attrs, "strides", L(@3), t));
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_PAD use ',' use ',' BARE_ID '=' int_array ',' BARE_ID '=' int_array ',' BARE_ID '=' int_array dict_opt ':' sig {
        NEED(expect_word(ps, $6, "low") && expect_word(ps, $10, "high") && expect_word(ps, $14, "interior"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        pattr *lo = pattr_new(ps, PA_ARRAY, L(@8)), *hi = pattr_new(ps, PA_ARRAY, L(@12)),
              *in = pattr_new(ps, PA_ARRAY, L(@16));
        NEED(lo && hi && in);
        lo->items = *$8;
        hi->items = *$12;
        in->items = *$16;
        NEED(add_attr(ps, &$$->attrs, "edge_padding_low", L(@8), lo));
        NEED(add_attr(ps, &$$->attrs, "edge_padding_high", L(@12), hi));
        NEED(add_attr(ps, &$$->attrs, "interior_padding", L(@16), in));
        if ($17)
            merge(&$$->attrs, $17);
        set_sig($$, $19);
    }
  | T_REDUCE reduce_inputs BARE_ID T_BINARY BARE_ID BARE_ID '=' int_array dict_opt ':' sig {
        NEED(expect_word(ps, $3, "applies") && expect_word(ps, $5, "across") &&
             expect_word(ps, $6, "dimensions"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        $$->compact_reduce_op = $4.kind;
        pattr *a = pattr_new(ps, PA_ARRAY, L(@8));
        NEED(a);
        a->items = *$8;
        NEED(add_attr(ps, &$$->attrs, "dimensions", L(@8), a));
        if ($9)
            merge(&$$->attrs, $9);
        set_sig($$, $11);
    }
  | T_REDUCE reduce_inputs BARE_ID BARE_ID '=' int_array dict_opt ':' sig BARE_ID reducer_pairs '{' ops '}' {
        NEED(expect_word(ps, $3, "across") && expect_word(ps, $4, "dimensions") &&
             expect_word(ps, $10, "reducer"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = pattr_new(ps, PA_ARRAY, L(@6));
        NEED(a);
        a->items = *$6;
        NEED(add_attr(ps, &$$->attrs, "dimensions", L(@6), a));
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
        $$->regions = parse_alloc(ps, 1, sizeof(pblock));
        NEED($$->regions);
        $$->nregions = 1;
        $$->regions->args = $11;
        $$->regions->ops = $13;
        $$->regions->loc = L(@12);
    }
  | T_DOT_GENERAL use ',' use ',' dot_clauses dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        merge(&$$->attrs, $6);
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_DOT use ',' use dot_prec_opt dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        if ($5)
            NEED(add_attr(ps, &$$->attrs, "precision_config", $5->loc, $5));
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_CALL SYMBOL '(' uses_opt ')' dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $4;
        $$->symbol = parse_strdup(ps, $2.s, $2.n);
        NEED($$->symbol);
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_WHILE '(' ')' while_attrs_opt BARE_ID '{' ops '}' BARE_ID '{' ops '}' {
        $$ = while_op(ps, $1, NULL, NULL, $4, $5, $7, L(@6), $9, $11, L(@10));
        NEED($$);
    }
  | T_WHILE '(' while_inits ')' ':' type_list while_attrs_opt BARE_ID '{' ops '}' BARE_ID '{' ops '}' {
        $$ = while_op(ps, $1, $3, $6, $7, $8, $10, L(@9), $12, $14, L(@13));
        NEED($$);
    }
  | T_VARIADIC uses dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        if ($3)
            merge(&$$->attrs, $3);
        set_sig($$, $5);
    }
  | T_VARIADIC dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        if ($2)
            merge(&$$->attrs, $2);
        set_sig($$, $4);
    }
    /* MLIR's optimization_barrier: its attributes before the operands */
  | T_VARIADIC dict uses ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $3;
        merge(&$$->attrs, $2);
        set_sig($$, $5);
    }
  | T_VARIADIC '(' ')' dict_opt {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        if ($4)
            merge(&$$->attrs, $4);
    }
  | T_VARIADIC dict '(' ')' {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        merge(&$$->attrs, $2);
    }
  | T_GET_TUPLE_ELEMENT use '[' INT ']' dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = scalar(ps, PA_INT, $4, false, L(@4));
        NEED(a && add_attr(ps, &$$->attrs, "index", L(@4), a));
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_COMPOSITE STRING uses_opt dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $3;
        pattr *a = pattr_new(ps, PA_STRING, L(@2));
        NEED(a);
        a->text = $2.s;
        a->len = $2.n;
        NEED(add_attr(ps, &$$->attrs, "name", L(@2), a));
        if ($4)
            merge(&$$->attrs, $4);
        set_sig($$, $6);
    }
  | T_DYNAMIC_SLICE uses ',' BARE_ID '=' int_array dict_opt ':' sig {
        bool bcast = $1.kind == IR_OP_DYNAMIC_BROADCAST_IN_DIM;
        NEED(expect_word(ps, $4, bcast ? "dims" : "sizes"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = pattr_new(ps, PA_ARRAY, L(@6));
        NEED(a);
        a->items = *$6;
        NEED(add_attr(ps, &$$->attrs, bcast ? "broadcast_dimensions" : "slice_sizes", L(@6), a));
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_DIMENSION use ',' BARE_ID '=' INT dict_opt ':' sig {
        NEED(expect_word(ps, $4, "dim"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = scalar(ps, PA_INT, $6, false, L(@6));
        NEED(a && add_attr(ps, &$$->attrs, $1.kind == IR_OP_DYNAMIC_IOTA ? "iota_dimension" : "dimension", L(@6), a));
        if ($7)
            merge(&$$->attrs, $7);
        set_sig($$, $9);
    }
  | T_FFT use ',' BARE_ID '=' BARE_ID ',' BARE_ID '=' int_array dict_opt ':' sig {
        NEED(expect_word(ps, $4, "type") && expect_word(ps, $8, "length"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *t = pattr_new(ps, PA_WORD, L(@6));
        NEED(t);
        t->text = word(ps, $6);
        NEED(t->text && add_attr(ps, &$$->attrs, "fft_type", L(@6), t));
        pattr *a = pattr_new(ps, PA_ARRAY, L(@10));
        NEED(a);
        a->items = *$10;
        NEED(add_attr(ps, &$$->attrs, "fft_length", L(@10), a));
        if ($11)
            merge(&$$->attrs, $11);
        set_sig($$, $13);
    }
  | T_CLAUSES uses clauses_opt dict_opt ':' sig {
        /* `reduce_precision %x, format = e5m10 : T`; each clause becomes an
         * attribute holding its word */
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        if ($3)
            merge(&$$->attrs, $3);
        if ($4)
            merge(&$$->attrs, $4);
        set_sig($$, $6);
    }
    /* chlo (docs/chlo.md): chlo.top_k(%x, k = N) : T -> (T1, T2) */
  | T_TOP_K '(' use ',' BARE_ID '=' INT ')' dict_opt ':' sig {
        NEED(expect_word(ps, $5, "k"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $3;
        pattr *a = scalar(ps, PA_INT, $7, false, L(@7));
        NEED(a && add_attr(ps, &$$->attrs, "k", L(@7), a));
        if ($9)
            merge(&$$->attrs, $9);
        set_sig($$, $11);
    }
    /* chlo.scan(%in, ...) inits(%init, ...) dimension=N [attributes {...}] {body} : (...) -> (...) */
  | T_SCAN '(' uses_opt ')' BARE_ID '(' uses_opt ')' BARE_ID '=' INT while_attrs_opt region ':' fn_type {
        NEED(expect_word(ps, $5, "inits") && expect_word(ps, $9, "dimension"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        int nin = $3 ? $3->n : 0, ninit = $7 ? $7->n : 0;
        if ($3 && $7) {
            $3->tail->next = $7->head; $3->tail = $7->tail; $3->n += $7->n;
        }
        $$->uses = $3 ? $3 : $7;
        pattr *d = scalar(ps, PA_INT, $11, false, L(@11));
        NEED(d && add_attr(ps, &$$->attrs, "dimension", L(@11), d));
        NEED(scan_segments(ps, $$, nin, ninit, $15, L(@1)));
        if ($12)
            merge(&$$->attrs, $12);
        $$->regions = $13;
        $$->nregions = 1;
        set_sig($$, $15);
    }
  | T_CONVOLUTION '(' use ',' use ')' BARE_ID '=' conv_dims ',' BARE_ID '=' dict dict_opt ':' sig {
        NEED(expect_word(ps, $7, "dim_numbers") && expect_word(ps, $11, "window"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $3->tail->next = $5->head; $3->tail = $5->tail; $3->n++;
        $$->uses = $3;
        NEED(add_attr(ps, &$$->attrs, "dimension_numbers", L(@9), $9));
        NEED(conv_window(ps, &$$->attrs, $13));
        if ($14)
            merge(&$$->attrs, $14);
        set_sig($$, $16);
    }
  | T_GENERIC_ONLY {
        parse_error(ps, L(@1), "'%.*s' is written only in the generic form (\"%.*s\"(...) ...)", (int)$1.n, $1.s,
                    (int)$1.n, $1.s);
        YYABORT;
    }
  | T_CUSTOM_CALL SYMBOL '(' uses_opt ')' dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $4;
        $$->symbol = parse_strdup(ps, $2.s, $2.n);
        NEED($$->symbol);
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_RETURN %prec RETURN_EMPTY {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
    }
  | T_RETURN uses ':' type_list {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        psig *s = parse_alloc(ps, 1, sizeof *s);
        NEED(s);
        s->ins = $4;
        s->loc = L(@4);
        set_sig($$, s);
    }
  | T_CHECK2 use ',' use tol_opt dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        if ($5)
            NEED(add_attr(ps, &$$->attrs, "tolerance", $5->loc, $5));
        if ($6)
            merge(&$$->attrs, $6);
        set_sig($$, $8);
    }
  | T_CHECK_CONST use ',' dense_attr tol_opt dict_opt {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        NEED(add_attr(ps, &$$->attrs, "value", $4->loc, $4));
        if ($5)
            NEED(add_attr(ps, &$$->attrs, "tolerance", $5->loc, $5));
        if ($6)
            merge(&$$->attrs, $6);
    }
  | T_CHECK_CLOSE use ',' use ',' BARE_ID '=' INT min_ulp_opt ':' dict_opt sig {
        NEED(expect_word(ps, $6, "max_ulp_difference"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $2->tail->next = $4->head; $2->tail = $4->tail; $2->n++;
        $$->uses = $2;
        pattr *a = scalar(ps, PA_INT, $8, false, L(@8));
        NEED(a && add_attr(ps, &$$->attrs, "max_ulp_difference", L(@8), a));
        if ($9)
            NEED(add_attr(ps, &$$->attrs, "min_ulp_difference", $9->loc, $9));
        if ($11)
            merge(&$$->attrs, $11);
        set_sig($$, $12);
    }
  | T_PRINT use dict_opt ':' sig {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        if ($3)
            merge(&$$->attrs, $3);
        set_sig($$, $5);
    }
  | T_PROBE use ',' BARE_ID '=' STRING iter_opt dict_opt ':' sig {
        NEED(expect_word(ps, $4, "probe_id"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        pattr *a = pattr_new(ps, PA_STRING, L(@6));
        NEED(a);
        a->text = $6.s;
        a->len = $6.n;
        NEED(add_attr(ps, &$$->attrs, "probe_id", L(@4), a));
        if ($7)
            NEED(add_attr(ps, &$$->attrs, "iteration", $7->loc, $7));
        if ($8)
            merge(&$$->attrs, $8);
        set_sig($$, $10);
    }
  /* ---- Shardy's pretty forms (build_sdy.c reads the texts) */
  | T_SDY_SHARDING use SDY_TEXT dict_opt ':' type {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        NEED(add_attr(ps, &$$->attrs, "sharding", L(@3), sdy_text(ps, $3)));
        if ($4)
            merge(&$$->attrs, $4);
        NEED(sdy_sig(ps, $$, $6, L(@6), true));
    }
  | T_SDY_WORDS use BARE_ID '=' scalar dict_opt ':' type {
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $2;
        NEED(add_attr(ps, &$$->attrs, word(ps, $3), L(@3), $5));
        if ($6)
            merge(&$$->attrs, $6);
        NEED(sdy_sig(ps, $$, $8, L(@8), $1.kind != IR_OP_SDY_SHARDING_GROUP));
    }
  | T_SDY_MANUAL '(' uses_opt ')' BARE_ID '=' '[' sdy_texts_opt ']' BARE_ID '=' '[' sdy_texts_opt ']'
    BARE_ID '=' dict bargs_opt '{' ops '}' ':' fn_type {
        NEED(expect_word(ps, $5, "in_shardings") && expect_word(ps, $10, "out_shardings") &&
             expect_word(ps, $15, "manual_axes"));
        $$ = pop_new(ps, $1.kind, L(@1), NULL);
        NEED($$);
        $$->uses = $3;
        pattr *in = pattr_new(ps, PA_ARRAY, L(@7)), *out = pattr_new(ps, PA_ARRAY, L(@12));
        pattr *axes = pattr_new(ps, PA_DICT, L(@17));
        NEED(in && out && axes);
        if ($8)
            in->items = *$8;
        if ($13)
            out->items = *$13;
        axes->items = *$17;
        NEED(add_attr(ps, &$$->attrs, "in_shardings", L(@5), in) && add_attr(ps, &$$->attrs, "out_shardings", L(@10), out) &&
             add_attr(ps, &$$->attrs, "manual_axes", L(@15), axes));
        $$->regions = parse_alloc(ps, 1, sizeof(pblock));
        NEED($$->regions);
        $$->regions->args = $18;
        $$->regions->ops = $20;
        $$->regions->loc = L(@19);
        $$->nregions = 1;
        set_sig($$, $23);
    }
  /* ---- end of Shardy */
  | OP_NAME_UNKNOWN {
        op_name_error(ps, L(@1), "unsupported", $1.s, $1.n);
        YYABORT;
    }
  | BARE_ID {
        op_name_error(ps, L(@1), "unknown", $1.s, $1.n);
        YYABORT;
    }
    ;

clauses_opt:
    %empty { $$ = NULL; }
  | clauses
    ;

/* only bare words: `scalar ':' ...` typed attributes would make the
 * signature's ':' ambiguous */
clauses:
    ',' BARE_ID '=' BARE_ID {
        $$ = parse_alloc(ps, 1, sizeof(plist));
        pattr *a = scalar(ps, PA_WORD, $4, false, L(@4));
        const char *key = word(ps, $2);
        NEED($$ && a && key && add_attr(ps, $$, key, L(@2), a));
    }
  | clauses ',' BARE_ID '=' BARE_ID {
        $$ = $1;
        pattr *a = scalar(ps, PA_WORD, $5, false, L(@5));
        const char *key = word(ps, $3);
        NEED(a && key && add_attr(ps, $$, key, L(@3), a));
    }
    ;

/* Shardy: `<@mesh, [...]>, ...` inside in_shardings=[...] */
sdy_texts_opt:
    %empty { $$ = NULL; }
  | sdy_texts
    ;

sdy_texts:
    SDY_TEXT { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$ && add_attr(ps, $$, NULL, L(@1), sdy_text(ps, $1))); }
  | sdy_texts ',' SDY_TEXT { $$ = $1; NEED(add_attr(ps, $$, NULL, L(@3), sdy_text(ps, $3))); }
    ;

cmp_type_opt:
    %empty { $$.s = NULL; $$.n = 0; }
  | ',' BARE_ID { $$ = $2; }
    ;

tol_opt:
    %empty { $$ = NULL; }
  | ',' BARE_ID '=' FLOAT {
        NEED(expect_word(ps, $2, "tolerance"));
        $$ = scalar(ps, PA_FLOAT, $4, false, L(@4));
        NEED($$);
    }
  | ',' BARE_ID '=' INT {
        NEED(expect_word(ps, $2, "tolerance"));
        $$ = scalar(ps, PA_INT, $4, false, L(@4));
        NEED($$);
    }
    ;

/* `, iter = N` of check.expect_serialized_eq: the generic `iteration` */
iter_opt:
    %empty { $$ = NULL; }
  | ',' BARE_ID '=' INT {
        NEED(expect_word(ps, $2, "iter"));
        $$ = scalar(ps, PA_INT, $4, false, L(@4));
        NEED($$);
    }
    ;

min_ulp_opt:
    %empty { $$ = NULL; }
  | ',' BARE_ID '=' INT {
        NEED(expect_word(ps, $2, "min_ulp_difference"));
        $$ = scalar(ps, PA_INT, $4, false, L(@4));
        NEED($$);
    }
    ;

dot_prec_opt:
    %empty { $$ = NULL; }
  | ',' BARE_ID '=' array_attr {
        NEED(expect_word(ps, $2, "precision"));
        $$ = $4;
    }
    ;

dot_clauses:
    dot_clause { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$); merge($$, $1); }
  | dot_clauses ',' dot_clause { $$ = $1; merge($$, $3); }
    ;

/* batching_dims / contracting_dims = [..] x [..] become the fields of
 * #stablehlo.dot; precision = [..]; algorithm = <...> */
dot_clause:
    BARE_ID '=' array_attr BARE_ID array_attr {
        NEED(expect_word(ps, $4, "x"));
        const char *l, *r;
        if ($1.n == 13 && memcmp($1.s, "batching_dims", 13) == 0) {
            l = "lhs_batching_dimensions";
            r = "rhs_batching_dimensions";
        } else if ($1.n == 16 && memcmp($1.s, "contracting_dims", 16) == 0) {
            l = "lhs_contracting_dimensions";
            r = "rhs_contracting_dimensions";
        } else {
            parse_error(ps, L(@1), "expected 'batching_dims' or 'contracting_dims', got '%.*s'", (int)$1.n, $1.s);
            YYABORT;
        }
        $$ = parse_alloc(ps, 1, sizeof(plist));
        NEED($$);
        NEED(add_attr(ps, $$, l, L(@3), $3) && add_attr(ps, $$, r, L(@5), $5));
    }
  | BARE_ID '=' array_attr {
        NEED(expect_word(ps, $1, "precision"));
        $$ = parse_alloc(ps, 1, sizeof(plist));
        NEED($$ && add_attr(ps, $$, "precision", L(@1), $3));
    }
  | BARE_ID '=' angle_attr {
        NEED(expect_word(ps, $1, "algorithm") && no_raw(ps, $3, NULL));
        $$ = parse_alloc(ps, 1, sizeof(plist));
        NEED($$ && add_attr(ps, $$, "algorithm", L(@1), $3));
    }
    ;

/* the dimension numbers of convolution (SPEC 9.2.1) */
conv_dims:
    array_attr BARE_ID array_attr ARROW array_attr { $$ = conv_dims(ps, $1, $2, $3, $5, L(@1)); NEED($$); }
    ;

reduce_inputs:
    '(' use BARE_ID ':' use ')' {
        NEED(expect_word(ps, $3, "init"));
        $$ = $2;
        $$->tail->next = $5->head; $$->tail = $5->tail; $$->n++;
    }
  | reduce_inputs ',' '(' use BARE_ID ':' use ')' {
        NEED(expect_word(ps, $5, "init"));
        $$ = $1;
        $$->tail->next = $4->head; $$->tail = $4->tail; $$->n++;
        $$->tail->next = $7->head; $$->tail = $7->tail; $$->n++;
    }
    ;

/* each argument may carry a location, as exporters write it */
reducer_pairs:
    '(' VALUE_ID ':' type loc_opt ',' VALUE_ID ':' type loc_opt ')' {
        $$ = ulist_add(ps, NULL, $2, -1, $4);
        NEED($$);
        $$ = ulist_add(ps, $$, $7, -1, $9);
        NEED($$);
    }
  | reducer_pairs '(' VALUE_ID ':' type loc_opt ',' VALUE_ID ':' type loc_opt ')' {
        $$ = ulist_add(ps, $1, $3, -1, $5);
        NEED($$);
        $$ = ulist_add(ps, $$, $8, -1, $10);
        NEED($$);
    }
    ;

slice_ranges_opt:
    %empty { $$ = NULL; }
  | slice_ranges
    ;

slice_ranges:
    slice_range { $$ = $1; }
  | slice_ranges ',' slice_range { $$ = $1; merge($$, $3); }
    ;

slice_range:
    INT ':' INT {
        plist *l = parse_alloc(ps, 1, sizeof *l);
        pattr *a = scalar(ps, PA_INT, $1, false, L(@1)), *b = scalar(ps, PA_INT, $3, false, L(@3));
        pattr *c = scalar(ps, PA_INT, (ptok){ "1", 1, 0, L(@3) }, false, L(@3));
        NEED(l && a && b && c);
        NEED(add_attr(ps, l, NULL, L(@1), a) && add_attr(ps, l, NULL, L(@3), b) && add_attr(ps, l, NULL, L(@3), c));
        $$ = l;
    }
  | INT ':' INT ':' INT {
        plist *l = parse_alloc(ps, 1, sizeof *l);
        pattr *a = scalar(ps, PA_INT, $1, false, L(@1)), *b = scalar(ps, PA_INT, $3, false, L(@3));
        pattr *c = scalar(ps, PA_INT, $5, false, L(@5));
        NEED(l && a && b && c);
        NEED(add_attr(ps, l, NULL, L(@1), a) && add_attr(ps, l, NULL, L(@3), b) && add_attr(ps, l, NULL, L(@5), c));
        $$ = l;
    }
    ;

int_array:
    '[' ints_opt ']' { $$ = $2; if (!$$) { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$); } }
    ;

ints_opt:
    %empty { $$ = NULL; }
  | ints
    ;

ints:
    scalar { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$ && add_attr(ps, $$, NULL, $1->loc, $1)); }
  | ints ',' scalar { $$ = $1; NEED(add_attr(ps, $$, NULL, $3->loc, $3)); }
    ;

/* ---- regions --------------------------------------------------------- */

/* `%x = %a, %y = %b`: names and operands alternate in one list */
while_inits:
    VALUE_ID '=' use {
        NEED(no_result_number(ps, $1));
        $$ = ulist_add(ps, NULL, $1, -1, NULL);
        NEED($$);
        $$->tail->next = $3->head; $$->tail = $3->tail; $$->n++;
    }
  | while_inits ',' VALUE_ID '=' use {
        NEED(no_result_number(ps, $3));
        $$ = ulist_add(ps, $1, $3, -1, NULL);
        NEED($$);
        $$->tail->next = $5->head; $$->tail = $5->tail; $$->n++;
    }
    ;

while_attrs_opt:
    %empty { $$ = NULL; }
  | T_ATTRIBUTES dict { $$ = $2; }
    ;

regions_opt:
    %empty { $$ = NULL; }
  | '(' regions ')' { $$ = $2; }
    ;

regions:
    region
  | regions ',' region {
        pblock *last = $1;
        while (last->next)
            last = last->next;
        last->next = $3;
        $$ = $1;
    }
    ;

region:
    '{' ops '}' {
        $$ = parse_alloc(ps, 1, sizeof(pblock));
        NEED($$);
        $$->ops = $2;
        $$->loc = L(@1);
    }
  | '{' CARET_ID bargs_opt ':' ops '}' {
        $$ = parse_alloc(ps, 1, sizeof(pblock));
        NEED($$);
        $$->args = $3;
        $$->ops = $5;
        $$->loc = L(@2);
    }
  | '{' CARET_ID bargs_opt ':' ops CARET_ID {
        parse_error(ps, L(@6), "a region must hold exactly one block");
        YYABORT;
    }
    ;

bargs_opt:
    %empty { $$ = NULL; }
  | '(' ')' { $$ = NULL; }
  | '(' bargs ')' { $$ = $2; }
    ;

bargs:
    VALUE_ID ':' type loc_opt { $$ = ulist_add(ps, NULL, $1, -1, $3); NEED($$ && arg_loc(ps, $$, $4)); }
  | bargs ',' VALUE_ID ':' type loc_opt { $$ = ulist_add(ps, $1, $3, -1, $5); NEED($$ && arg_loc(ps, $$, $6)); }
    ;

/* ---- types ----------------------------------------------------------- */

type:
    TENSOR
  | TOKEN_TYPE
  | TUPLE_OPEN '>' { $$ = parse_tuple_type(ps, NULL); NEED($$); }
  | TUPLE_OPEN type_list '>' { $$ = parse_tuple_type(ps, $2); NEED($$); }
  | BARE_ID {
        parse_error(ps, L(@1), "expected a tensor type, got '%.*s' (operands and results are tensors)", (int)$1.n, $1.s);
        YYABORT;
    }
  | OPAQUE_TYPE { opaque_type_error(ps, $1); YYABORT; }
    ;

type_list:
    type { $$ = tlist_add(ps, NULL, $1, L(@1)); NEED($$); }
  | type_list ',' type { $$ = tlist_add(ps, $1, $3, L(@3)); NEED($$); }
    ;

types:
    type { $$ = tlist_add(ps, NULL, $1, L(@1)); NEED($$); }
  | types ',' type { $$ = tlist_add(ps, $1, $3, L(@3)); NEED($$); }
    ;

types_opt:
    %empty { $$ = NULL; }
  | types
    ;

sig:
    type_list {
        $$ = parse_alloc(ps, 1, sizeof(psig));
        NEED($$);
        $$->ins = $1;
        $$->loc = L(@1);
    }
  | fn_type
    /* chlo's pretty form `: T -> R`, `: T1, T2 -> R`: a function type
     * without parentheses (docs/chlo.md) */
  | type_list ARROW type {
        $$ = parse_alloc(ps, 1, sizeof(psig));
        NEED($$);
        $$->fn = true;
        $$->ins = $1;
        $$->outs = tlist_add(ps, NULL, $3, L(@3));
        NEED($$->outs);
        $$->loc = L(@1);
    }
  | type_list ARROW '(' types_opt ')' {
        $$ = parse_alloc(ps, 1, sizeof(psig));
        NEED($$);
        $$->fn = true;
        $$->ins = $1;
        $$->outs = $4;
        $$->loc = L(@1);
    }
    ;

fn_type:
    '(' types_opt ')' ARROW type {
        $$ = parse_alloc(ps, 1, sizeof(psig));
        NEED($$);
        $$->fn = true;
        $$->ins = $2;
        $$->outs = tlist_add(ps, NULL, $5, L(@5));
        NEED($$->outs);
        $$->loc = L(@1);
    }
  | '(' types_opt ')' ARROW '(' types_opt ')' {
        $$ = parse_alloc(ps, 1, sizeof(psig));
        NEED($$);
        $$->fn = true;
        $$->ins = $2;
        $$->outs = $6;
        $$->loc = L(@1);
    }
    ;

/* ---- attributes ------------------------------------------------------ */

dict_opt:
    %empty { $$ = NULL; }
  | dict
    ;

dict:
    '{' entries_opt '}' { $$ = $2; if (!$$) { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$); } }
    ;

props_opt:
    %empty { $$ = NULL; }
  | '<' dict '>' { $$ = $2; }
    ;

entries_opt:
    %empty { $$ = NULL; }
  | entries
    ;

entries:
    key { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$); NEED(add_attr(ps, $$, $1.s, $1.loc, NULL)); }
  | key '=' attribute { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$); NEED(add_attr(ps, $$, $1.s, $1.loc, $3)); }
  | entries ',' key { $$ = $1; NEED(add_attr(ps, $$, $3.s, $3.loc, NULL)); }
  | entries ',' key '=' attribute { $$ = $1; NEED(add_attr(ps, $$, $3.s, $3.loc, $5)); }
    ;

key:
    BARE_ID { $$ = $1; $$.s = word(ps, $1); NEED($$.s); }
  | STRING
  | G_MODULE
  | G_FUNC
  | OP_NAME_UNKNOWN { $$ = $1; $$.s = word(ps, $1); NEED($$.s); }
  | keyword { $$ = $1; $$.s = word(ps, $1); NEED($$.s); }
    ;

/* every word the lexer makes a token of is also a dictionary key
 * (`module = "..."`, `return`, `stablehlo.add`) */
keyword:
    T_MODULE | T_FUNC | T_ATTRIBUTES | T_CONSTANT | T_IOTA | T_UNARY | T_BINARY | T_COMPARE | T_TERNARY
  | T_DIMSOP | T_CONCATENATE | T_SLICE | T_PAD | T_REDUCE | T_DOT_GENERAL | T_DOT | T_CALL | T_RETURN
  | T_CUSTOM_CALL | T_CHECK2 | T_CHECK_CONST | T_CHECK_CLOSE | T_WHILE | T_VARIADIC | T_GET_TUPLE_ELEMENT
  | T_COMPOSITE | T_GENERIC_ONLY | T_DYNAMIC_SLICE | T_DIMENSION | T_FFT | T_PRINT | T_PROBE | T_CLAUSES
  | T_CONVOLUTION
    ;

attribute:
    scalar
  | scalar ':' BARE_ID { $$ = $1; $$->type_word = word(ps, $3); NEED($$->type_word); }
  | scalar ':' TENSOR { $$ = $1; $$->type = $3; }
  | STRING { $$ = pattr_new(ps, PA_STRING, L(@1)); NEED($$); $$->text = $1.s; $$->len = $1.n; }
  | G_MODULE { $$ = pattr_new(ps, PA_STRING, L(@1)); NEED($$); $$->text = $1.s; $$->len = $1.n; }
  | G_FUNC { $$ = pattr_new(ps, PA_STRING, L(@1)); NEED($$); $$->text = $1.s; $$->len = $1.n; }
  | fn_type { $$ = pattr_new(ps, PA_FNTYPE, $1->loc); NEED($$); $$->fn = $1; }
  | STRING ':' BARE_ID {
        $$ = pattr_new(ps, PA_STRING, L(@1));
        NEED($$);
        $$->text = $1.s;
        $$->len = $1.n;
        $$->type_word = word(ps, $3);
        NEED($$->type_word);
    }
  | SYMBOL { $$ = pattr_new(ps, PA_SYMBOL, L(@1)); NEED($$); $$->text = word(ps, $1); NEED($$->text); }
  | array_attr
  | ARRAY
  | dense_attr
  | dict { $$ = pattr_new(ps, PA_DICT, L(@1)); NEED($$); $$->items = *$1; }
  | HASH_ID {
        /* an attribute alias defined above stands for its value (so the
         * printed form needs no definitions); locations stay names */
        $$ = pattr_new(ps, PA_ALIAS, L(@1));
        NEED($$);
        $$->text = word(ps, $1);
        NEED($$->text);
        pattr *v = parse_alias_value(ps, $$->text);
        if (v && v->kind != PA_LOC)
            $$ = v;
    }
  | HASH_ID angle_attr { $$ = $2; $$->text = word(ps, $1); NEED($$->text && no_raw(ps, $$, $$->text)); }
  | angle_attr { NEED(no_raw(ps, $1, NULL)); }
  | TENSOR { $$ = pattr_new(ps, PA_TYPE, L(@1)); NEED($$); $$->type = $1; }
  | SDY_TEXT { $$ = sdy_text(ps, $1); NEED($$); }
  | OPAQUE_TYPE { $$ = pattr_new(ps, PA_OPAQUE, L(@1)); NEED($$); $$->text = $1.s; $$->len = $1.n; }
  | TOKEN_TYPE { $$ = pattr_new(ps, PA_TYPE, L(@1)); NEED($$); $$->type = $1; }
  | TUPLE_OPEN '>' { $$ = pattr_new(ps, PA_TYPE, L(@1)); NEED($$); $$->type = parse_tuple_type(ps, NULL); NEED($$->type); }
  | TUPLE_OPEN type_list '>' { $$ = pattr_new(ps, PA_TYPE, L(@1)); NEED($$); $$->type = parse_tuple_type(ps, $2); NEED($$->type); }
  | OPAQUE_ATTR
  | OPAQUE_ATTR ':' OPAQUE_TYPE {
        /* a typed dialect attribute (`#complex.number<:f32 1.0, 2.0> :
         * complex<f32>`): kept as written, the type also on its own */
        $$ = $1;
        char *t = parse_alloc(ps, $$->len + $3.n + 4, 1);
        NEED(t);
        memcpy(t, $$->text, $$->len);
        memcpy(t + $$->len, " : ", 3);
        memcpy(t + $$->len + 3, $3.s, $3.n);
        $$->type_word = t + $$->len + 3;
        $$->text = t;
        $$->len += 3 + $3.n;
    }
  | LOC {
        $$ = pattr_new(ps, PA_LOC, L(@1));
        NEED($$);
        $$->text = parse_loc_name(ps, $1.s, $1.n, $1.loc); /* an alias's argument name */
        NEED(!ps->failed);
    }
    ;

scalar:
    INT { $$ = scalar(ps, PA_INT, $1, false, L(@1)); NEED($$); }
  | '-' INT { $$ = scalar(ps, PA_INT, $2, true, L(@1)); NEED($$); }
  | FLOAT { $$ = scalar(ps, PA_FLOAT, $1, false, L(@1)); NEED($$); }
  | '-' FLOAT { $$ = scalar(ps, PA_FLOAT, $2, true, L(@1)); NEED($$); }
  | BARE_ID {
        /* `loc` is only ever a location: a bare one is a file cut after it */
        if ($1.n == 3 && memcmp($1.s, "loc", 3) == 0) { parse_error(ps, L(@1), "expected '(' after 'loc'"); YYABORT; }
        $$ = scalar(ps, PA_WORD, $1, false, L(@1)); NEED($$);
    }
    ;

array_attr:
    '[' attrs_opt ']' {
        $$ = pattr_new(ps, PA_ARRAY, L(@1));
        NEED($$);
        if ($2)
            $$->items = *$2;
    }
    ;

attrs_opt:
    %empty { $$ = NULL; }
  | attrs
    ;

attrs:
    attribute { $$ = parse_alloc(ps, 1, sizeof(plist)); NEED($$ && add_attr(ps, $$, NULL, $1->loc, $1)); }
  | attrs ',' attribute { $$ = $1; NEED(add_attr(ps, $$, NULL, $3->loc, $3)); }
    ;

dense_attr:
    DENSE ':' TENSOR {
        $$ = pattr_new(ps, PA_DENSE, L(@1));
        NEED($$);
        $$->type = $3;
        /* convert now: the body lives in the scanner buffer */
        ir_literal *lit = parse_alloc(ps, 1, sizeof *lit);
        NEED(lit);
        NEED(literal_build(ps, &$1, $3, lit));
        lit->loc = L(@1);
        $$->lit = lit;
    }
  | DENSE ':' OPAQUE_TYPE { $$ = dense_kept(ps, $1, $3, L(@1)); NEED($$); }
  | DENSE {
        parse_error(ps, L(@1), "expected ':' and a tensor type after the dense literal");
        YYABORT;
    }
  | DENSE_RESOURCE ':' TENSOR { $$ = parse_resource_use(ps, $1, $3, L(@1)); NEED($$); }
  | DENSE_RESOURCE ':' OPAQUE_TYPE { opaque_type_error(ps, $3); YYABORT; }
  | DENSE_RESOURCE {
        parse_error(ps, L(@1), "expected ':' and a tensor type after dense_resource<...>");
        YYABORT;
    }
    ;

angle_attr:
    '<' angle_items_opt '>' {
        $$ = pattr_new(ps, PA_STRUCT, L(@1));
        NEED($$);
        if ($2) {
            $$->items = *$2;
            $$->raw = $2->raw;
            /* <WORD> and <kind WORD> are enums */
            pentry *e = $2->head;
            if ($2->n == 1 && !e->key && e->val && e->val->kind == PA_WORD) {
                $$->kind = PA_ENUM;
                $$->word = e->val->text;
                $$->word2 = e->val->word2;
            }
        }
    }
  | '<' conv_dims '>' { $$ = $2; }
    ;

angle_items_opt:
    %empty { $$ = NULL; }
  | angle_items
    ;

angle_items:
    angle_item {
        $$ = parse_alloc(ps, 1, sizeof(plist));
        NEED($$);
        NEED(add_attr(ps, $$, $1->word, $1->loc, $1->word ? $1->items.head->val : $1));
        $$->raw = $1->raw;
    }
  | angle_items ',' angle_item {
        if ($3->raw) { parse_error(ps, $3->loc, "'raw' may only come first"); YYABORT; }
        $$ = $1;
        NEED(add_attr(ps, $$, $3->word, $3->loc, $3->word ? $3->items.head->val : $3));
    }
    ;

/* angle items are `WORD`, `KIND WORD` (enums) or `name = attribute` (struct
 * fields); a field comes back wrapped (word = its name) */
angle_item:
    BARE_ID { $$ = scalar(ps, PA_WORD, $1, false, L(@1)); NEED($$); }
  | BARE_ID BARE_ID {
        pattr *a = scalar(ps, PA_WORD, $2, false, L(@2));
        NEED(a);
        a->word2 = word(ps, $1);
        NEED(a->word2);
        $$ = a;
    }
  | BARE_ID '=' attribute {
        pattr *w = pattr_new(ps, PA_STRUCT, L(@1));
        NEED(w);
        w->word = word(ps, $1);
        NEED(w->word && add_attr(ps, &w->items, NULL, L(@3), $3));
        $$ = w;
    }
  | BARE_ID BARE_ID '=' attribute {
        NEED(expect_word(ps, $1, "raw"));
        pattr *w = pattr_new(ps, PA_STRUCT, L(@2));
        NEED(w);
        w->word = word(ps, $2);
        w->raw = true;
        NEED(w->word && add_attr(ps, &w->items, NULL, L(@4), $4));
        $$ = w;
    }
    ;

%%

static void yyerror(YYLTYPE *loc, parse_state *ps, void *scanner, const char *msg)
{
    (void)scanner;
    /* --args: "expecting end of file" after a first token that cannot start
     * the list says nothing; what the list takes follows (REF's words) */
    const char *eof = ps->literals_only ? strstr(msg, ", expecting end of file") : NULL;
    if (!ps->failed)
        parse_error(ps, L(*loc), "%.*s", eof ? (int)(eof - msg) : (int)strlen(msg), msg);
}
