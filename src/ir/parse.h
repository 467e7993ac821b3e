/* Internal to the front end: the state shared by the flex scanner, the bison
 * grammar and the op builder, and the parse-time forms (attributes as
 * written, ops under construction) that build.c turns into typed IR. All of
 * it lives in the module's arena, so an error anywhere frees everything. */
#ifndef IRRUN_PARSE_H
#define IRRUN_PARSE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "ir/arena.h"
#include "ir/ir.h"

/* Bracket nesting deeper than this is refused by the lexer (no recursion in
 * the parser or checker can then go deep). */
enum { PARSE_MAX_DEPTH = 200 };

/* A token's text inside the scanner buffer (stays valid for the whole parse:
 * the buffer holds the entire input and is never moved). */
typedef struct {
    const char *s;
    size_t n;
    int kind; /* op keywords: the ir_op_kind */
    src_loc loc;
} ptok;

typedef enum {
    PA_INT,    /* text = digits or 0x-hex, neg = leading '-' */
    PA_FLOAT,  /* text = decimal float, neg = leading '-' */
    PA_WORD,   /* bare identifier: true, false, unit, DEFAULT, tf32, ... */
    PA_STRING, /* text = unescaped contents */
    PA_SYMBOL, /* text = name without '@' */
    PA_ARRAY,  /* items */
    PA_DICT,   /* items with keys */
    PA_INTS,   /* array<i64: ...> */
    PA_DENSE,  /* dense<body> : type */
    PA_ENUM,   /* #dialect<kind WORD> or #dialect.name<WORD>: text = "#...",
                  word2 = kind (may be NULL), word = value */
    PA_STRUCT, /* #dialect.name<fields> (text) or bare <fields> (text NULL) */
    PA_TYPE,   /* a tensor type */
    PA_ALIAS,  /* #loc3 */
    PA_LOC,    /* loc(...) */
    PA_FNTYPE, /* (T, ...) -> ...: fn is its psig */
    PA_SDY,    /* Shardy: text (len bytes) is `#sdy.name<...>` or a bare `<...>` (build_sdy.c) */
    PA_OPAQUE  /* kept as written, printed back verbatim (text, len): a
                  dialect attribute #foo.bar<...> or type !foo.bar<...>, a
                  builtin type ir-run has no values of (tensor<2xindex>,
                  complex<f32>, vector<4xf32>, tensor<?xf32>) */
} pattr_kind;

typedef struct pattr pattr;
typedef struct pentry {
    const char *key; /* NULL for array items */
    src_loc loc;
    pattr *val;      /* NULL for a unit entry `{key}` */
    bool used;       /* read by the op's builder (build.c): not kept as an
                        opaque attribute */
    struct pentry *next;
} pentry;

typedef struct {
    pentry *head, *tail;
    int n;
    bool raw; /* angle items that began with `raw` (#stablehlo.conv<raw ...>) */
} plist;

struct pattr {
    pattr_kind kind;
    src_loc loc;
    const char *text;
    size_t len;
    bool neg;
    const char *word, *word2;
    plist items;
    ir_ints ints;
    tensor_type *type;     /* DENSE, TYPE, typed scalars (may be NULL) */
    const char *type_word; /* typed scalar with an element-type word: `: i64` */
    ir_literal *lit;       /* DENSE, converted as soon as its type is read */
    void *fn;              /* FNTYPE: the psig */
    const char *type_text; /* DENSE of a type ir-run has no values of: the type
                              as written (lit NULL, text = the body), or of
                              `index` elements (lit holds them as i64) */
    bool index;            /* DENSE of index elements */
    src_loc type_loc;      /* DENSE with type_text: where the type is */
    bool raw;              /* STRUCT written `<raw field = ...>`, or an angle item after `raw` */
};

/* Lists of types, uses, ops built left to right. */
typedef struct tnode {
    tensor_type *t;
    src_loc loc;
    plist *attrs; /* function results: their dictionary, or NULL */
    struct tnode *next;
} tnode;
typedef struct {
    tnode *head, *tail;
    int n;
} tlist;

typedef struct unode {
    ir_use u;
    tensor_type *type; /* block arguments */
    const char *loc_name; /* function arguments: loc_name() of their loc(...) */
    plist *attrs;         /* function arguments: their dictionary, or NULL */
    struct unode *next;
} unode;
typedef struct {
    unode *head, *tail;
    int n;
} ulist;

typedef struct onode {
    ir_op *op;
    struct onode *next;
} onode;
typedef struct {
    onode *head, *tail;
    int n;
} olist;

/* A type signature as written after the op's ':'. */
typedef struct {
    bool fn;     /* (ins) -> outs */
    tlist *ins;  /* or the plain list `T1, T2` */
    tlist *outs;
    src_loc loc;
} psig;

/* A region as written; an op's regions are chained through `next`. */
typedef struct pblock {
    ulist *args;
    olist *ops;
    src_loc loc;
    struct pblock *next;
} pblock;

/* An op as written, before build_op() types it. */
typedef struct {
    int kind; /* ir_op_kind */
    src_loc loc;
    const char *name; /* as written, for messages */
    ulist *uses;
    ulist *defs;
    plist attrs;      /* union of <{...}> and {...} and the pretty clauses */
    psig *sig;
    pblock *regions;        /* the first of nregions, in source order */
    int nregions;
    const char *symbol;     /* call / custom_call target */
    int compact_reduce_op;  /* reduce `applies OP`, or -1 */
    bool generic;
} pop;

typedef struct {
    diag_source *src;
    const char *base; /* start of the parsed range inside src->text */
    size_t len;
    ir_arena *arena;
    ir_module *m;
    /* functions and top-level items seen so far */
    ir_func *funcs;
    int nfuncs, capfuncs;
    int nmodules;
    bool top_funcs;
    bool failed; /* an error was reported: suppress bison's generic one */
    bool quiet;  /* parse_type_token only notes its errors (lexer.l) */
    bool oom;    /* ... and it was "out of memory" */
    /* lexer position (original-file line and column of the next byte) */
    int line, col;
    int depth;     /* open brackets */
    int loc_depth; /* parentheses inside loc(...) */
    const char *loc_start; /* where the open loc( began, in the scanner buffer */
    /* Shardy texts (lexer.l's SDYTEXT): start, depth, condition to return to */
    const char *sdy_start;
    src_loc sdy_loc;
    int sdy_depth, sdy_back;
    bool sdy_once;
    jmp_buf *oom_jump;
    void *lex_buffer; /* flex's buffer struct, once allocated (lexer.l's recovery) */
    bool literals_only; /* parsing --args */
    plist args_result;
    int nargs_lists; /* argument lists seen: exactly one is valid */
    /* dense_resource<NAME> uses (PA_DENSE, their elements filled at the end
     * of the parse) and the blobs of `{-# dialect_resources: { builtin:
     * {...} } #-}` (PA_STRING values keyed by NAME) */
    plist resource_uses, resources;
    /* the `#alias = ...` names defined so far (open addressing, arena) */
    const char **aliases;
    const char **alias_locs; /* per slot: loc_name() of a loc(...) value, or NULL */
    pattr **alias_vals;      /* per slot: the value (an attribute alias used
                                after its definition stands for it) */
    unsigned alias_mask;
    int naliases;
} parse_state;

/* Reports an error (first one wins for syntax; sets ps->failed). */
void parse_error(parse_state *ps, src_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void *parse_alloc(parse_state *ps, size_t count, size_t size); /* reports OOM */
char *parse_strdup(parse_state *ps, const char *s, size_t n);

/* Alias definitions: a name defined so far (with its '#'), and adding one
 * (false after reporting out of memory). */
bool parse_alias_known(const parse_state *ps, const char *name);
bool parse_alias_define(parse_state *ps, const char *name, const char *loc_name, pattr *value);
/* The value of an alias defined so far, or NULL */
pattr *parse_alias_value(const parse_state *ps, const char *name);

/* The name a `loc(...)` text gives: "x" for a name location `loc("x")` or
 * `loc("x"(...))`, "#loc3" (to resolve later) for `loc(#loc3)`, NULL for
 * any other location (unknown, file:line:col, callsite, fused) or after
 * reporting an error (out of memory, a bad escape: at `loc`). */
const char *parse_loc_name(parse_state *ps, const char *s, size_t n, src_loc loc);

/* Tokens to parse-time values (build.c). */
bool parse_type_token(parse_state *ps, const char *s, size_t n, src_loc loc, tensor_type **out);
/* parse_type_token's errors (quiet in the lexer's first try), and the
 * quantized element type at s[*pos] ("!quant.uniform<...>", parse_quant.c):
 * on success *pos is past it. */
void parse_type_verror(parse_state *ps, src_loc loc, const char *fmt, va_list ap);
bool parse_quant_type(parse_state *ps, const char *s, size_t n, size_t *pos, src_loc loc, const shape_quant **out);
/* tuple<T, ...> of the listed types (NULL: tuple<>). */
tensor_type *parse_tuple_type(parse_state *ps, const tlist *parts);
bool parse_array_token(parse_state *ps, const char *s, size_t n, src_loc loc, pattr **out);
/* s without quotes; with `len`, a string attribute (\00 allowed, its length
 * stored), without it a name (\00 refused) */
char *parse_unescape(parse_state *ps, const char *s, size_t n, src_loc loc, size_t *len);

void plist_add(plist *l, pentry *e);
pentry *pentry_new(parse_state *ps, const char *key, src_loc loc, pattr *val);
pattr *pattr_new(parse_state *ps, pattr_kind k, src_loc loc);
tlist *tlist_add(parse_state *ps, tlist *l, tensor_type *t, src_loc loc);
ulist *ulist_add(parse_state *ps, ulist *l, ptok v, int count_or_minus1, tensor_type *type);
olist *olist_add(parse_state *ps, olist *l, ir_op *op);
pop *pop_new(parse_state *ps, int kind, src_loc loc, const char *name);

/* Shardy (build_sdy.c): `sdy.mesh @name = <...>` kept on the module. */
bool build_sdy_mesh(parse_state *ps, ptok name, ptok text);
bool attrs_sdy_identity(parse_state *ps, pop *p, ir_op *o);
bool attrs_sdy_manual_computation(parse_state *ps, pop *p, ir_op *o);
/* The entries of `l` no builder read (pentry.used), copied to `out` (false
 * after reporting out of memory). */
bool build_keep(parse_state *ps, const plist *l, ir_attrs *out);

/* The attribute `key` of the op as written, marked as read (not kept as
 * written: build_keep), or NULL. Builders in other files use it too. */
pentry *build_find(pop *p, const char *key);
/* The same without marking it: an attribute a builder interprets and that
 * is still printed back as written. */
pentry *build_peek(pop *p, const char *key);

/* The typed op for a pop, or NULL after reporting an error. */
ir_op *build_op(parse_state *ps, pop *p);
/* custom_call's target and attributes into o->a.custom_call, or a check
 * target into that check op's kind (build_custom_call.c). */
bool build_custom_call(parse_state *ps, pop *p, ir_op *o);
/* The value of o's kept attribute `key` (o->extra), or NULL when absent or
 * a unit entry. */
const pattr *ir_extra_attr(const ir_op *o, const char *key);
bool build_func(parse_state *ps, ptok sym, const char *visibility, ulist *args,
                tlist *results, plist *attrs, pblock *body);
/* `"func.func"() <{function_type = ..., sym_name = "f", ...}> ({ ^bb0(...):
 * ... }) {...}`: the function its attributes (in either dictionary) and its
 * region describe; an empty region is a declaration. */
bool build_generic_func(parse_state *ps, src_loc loc, plist *props, pblock *region, plist *attrs);

/* `dense_resource<name> : type`: a dense literal whose elements the
 * resource blob gives once the file is read (parse_resources_resolve) */
pattr *parse_resource_use(parse_state *ps, ptok name, const tensor_type *type, src_loc loc);
bool parse_resources_resolve(parse_state *ps);

/* Literal bodies (literal.c): fills `lit` for `dense<body> : type`. */
bool literal_build(parse_state *ps, const ptok *body, const tensor_type *type, ir_literal *lit);

/* Flex / bison glue (defined in the generated files). */
int parse_run(parse_state *ps);

#endif
