/* The canonical pretty form of a checked module (SPEC.md 2.9): values
 * renumbered (%argN, %N, %N#k), one op per line, literals printed so that
 * they re-parse to the same bits. Parsing the output and printing again
 * gives identical text (tests/parse.sh checks this on every test file). */
#include <inttypes.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/parse.h"
#include "util/membuf.h"
#include "types/fpdecimal.h"
#include "types/fpprint.h"
#include "util/mem.h"

/* Literals with more elements than this print as a hex blob, like MLIR. */
enum { PRINT_HEX_THRESHOLD = 100 };

typedef struct {
    FILE *out;
    const ir_func *f;
    /* per value: printed as %argN (arg) or %N / %N#k */
    int *num;
    int *idx;   /* k within its group */
    int *group; /* group size */
    unsigned char *is_arg;
    int next_arg, next_val;
} printer;

static void print_type(FILE *out, const tensor_type *t)
{
    char buf[SHAPE_MAX_RANK * 21 + 64];
    int need = shape_format(t, buf, (int)sizeof buf);
    char *big = need >= (int)sizeof buf ? mem_alloc((size_t)need + 1) : NULL;
    if (big)
        shape_format(t, big, need + 1);
    fputs(big ? big : buf, out); /* out of memory: a cut type, which the round trip then refuses */
    mem_free(big);
}

static void print_value(printer *p, int v)
{
    if (p->is_arg[v])
        fprintf(p->out, "%%arg%d", p->num[v]);
    else if (p->group[v] > 1)
        fprintf(p->out, "%%%d#%d", p->num[v], p->idx[v]);
    else
        fprintf(p->out, "%%%d", p->num[v]);
}

static void print_values(printer *p, const int *v, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", p->out);
        print_value(p, v[i]);
    }
}

static void print_types(FILE *out, const tensor_type *t, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", out);
        print_type(out, &t[i]);
    }
}

/* `(T1, T2) -> T3` or `-> (T, T)` / `-> ()` for other result counts */
static void print_fn_type(FILE *out, const ir_op *o)
{
    fputc('(', out);
    print_types(out, o->operand_types, o->noperands);
    fputs(") -> ", out);
    if (o->nresults == 1) {
        print_type(out, &o->result_types[0]);
    } else {
        fputc('(', out);
        print_types(out, o->result_types, o->nresults);
        fputc(')', out);
    }
}

static void print_ints(FILE *out, const ir_ints *d)
{
    fputc('[', out);
    for (int i = 0; i < d->n; i++)
        fprintf(out, i ? ", %" PRId64 : "%" PRId64, d->v[i]);
    fputc(']', out);
}

/* "text" with MLIR's escapes (llvm::printEscapedString): `\\` for a
 * backslash, `\XX` for a quote and every byte that is not printable ASCII */
static void print_string_n(FILE *out, const char *text, size_t n)
{
    fputc('"', out);
    for (const unsigned char *s = (const unsigned char *)text, *e = s + n; s < e; s++) {
        if (*s == '\\')
            fputs("\\\\", out);
        else if (*s < 32 || *s >= 127 || *s == '"')
            fprintf(out, "\\%02X", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static void print_string(FILE *out, const char *text)
{
    print_string_n(out, text, strlen(text));
}

static void print_symbol(FILE *out, const char *name)
{
    bool plain = name[0] != '\0';
    for (const char *s = name; *s; s++) {
        char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '$' || c == '.' || c == '-'))
            plain = false;
    }
    if ((name[0] >= '0' && name[0] <= '9'))
        for (const char *s = name; *s; s++)
            if (*s < '0' || *s > '9')
                plain = false;
    if (plain) {
        fprintf(out, "@%s", name);
        return;
    }
    fputc('@', out);
    print_string(out, name);
}

/* ---- attributes kept as written (ir_attrs) -------------------------------- */

static void print_attr(FILE *out, const pattr *a);

/* a dictionary key: bare when MLIR reads it as an identifier */
static void print_key(FILE *out, const char *k)
{
    bool bare = (k[0] >= 'a' && k[0] <= 'z') || (k[0] >= 'A' && k[0] <= 'Z') || k[0] == '_';
    for (const char *c = k; bare && *c; c++)
        bare = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
               *c == '$' || *c == '.';
    if (bare)
        fputs(k, out);
    else
        print_string(out, k);
}

/* `k = v, k2, ...` (a unit entry is its key alone); `skip`: a key not to print */
static int print_entries(FILE *out, const pentry *e, int n, const char *skip)
{
    for (; e; e = e->next) {
        if (!e->key || (skip && strcmp(e->key, skip) == 0))
            continue;
        if (n++)
            fputs(", ", out);
        print_key(out, e->key);
        if (e->val) {
            fputs(" = ", out);
            print_attr(out, e->val);
        }
    }
    return n;
}

static void print_items(FILE *out, const plist *l)
{
    int n = 0;
    for (const pentry *e = l->head; e; e = e->next) {
        if (n++)
            fputs(", ", out);
        if (e->key) {
            print_key(out, e->key);
            fputs(" = ", out);
        }
        if (e->val)
            print_attr(out, e->val);
    }
}

static void print_tlist(FILE *out, const tlist *l)
{
    for (const tnode *t = l ? l->head : NULL; t; t = t->next) {
        if (t != l->head)
            fputs(", ", out);
        print_type(out, t->t);
    }
}

static void print_attr(FILE *out, const pattr *a)
{
    switch (a->kind) {
    case PA_INT:
    case PA_FLOAT:
        fprintf(out, "%s%s", a->neg ? "-" : "", a->text);
        break;
    case PA_WORD:
        if (a->word2)
            fprintf(out, "%s ", a->word2);
        fputs(a->text, out);
        break;
    case PA_STRING: print_string_n(out, a->text, a->len); break;
    case PA_SYMBOL: print_symbol(out, a->text); break;
    case PA_ARRAY:
        fputc('[', out);
        print_items(out, &a->items);
        fputc(']', out);
        break;
    case PA_DICT:
        fputc('{', out);
        print_entries(out, a->items.head, 0, NULL);
        fputc('}', out);
        break;
    case PA_INTS:
        fprintf(out, "array<%s", a->word2 ? a->word2 : a->word ? a->word : "i64");
        for (int i = 0; i < a->ints.n; i++) {
            fputs(i ? ", " : ": ", out);
            if (a->word)
                fputs(a->ints.v[i] ? "true" : "false", out);
            else
                fprintf(out, "%" PRId64, a->ints.v[i]);
        }
        fputc('>', out);
        break;
    case PA_DENSE:
        if (a->type_text)
            fprintf(out, "dense<%.*s> : %s", (int)a->len, a->text, a->type_text);
        else
            ir_print_literal(a->lit, out);
        break;
    case PA_ENUM:
        fprintf(out, "%s<", a->text ? a->text : "");
        if (a->word2)
            fprintf(out, "%s ", a->word2);
        fprintf(out, "%s>", a->word);
        break;
    case PA_STRUCT:
        fprintf(out, "%s<", a->text ? a->text : "");
        if (a->raw)
            fputs("raw ", out);
        print_items(out, &a->items);
        fputc('>', out);
        break;
    case PA_TYPE: print_type(out, a->type); break;
    case PA_ALIAS: fputs(a->text, out); break;
    case PA_LOC: fputs("loc(unknown)", out); break;
    case PA_FNTYPE: {
        const psig *sig = a->fn;
        fputc('(', out);
        print_tlist(out, sig->ins);
        fputs(") -> ", out);
        if (sig->outs && sig->outs->n == 1 && shape_kind_of(sig->outs->head->t) != SHAPE_TUPLE) {
            print_type(out, sig->outs->head->t);
        } else {
            fputc('(', out);
            print_tlist(out, sig->outs);
            fputc(')', out);
        }
        break;
    }
    case PA_SDY:
    case PA_OPAQUE: fwrite(a->text, 1, a->len, out); break;
    }
    if (a->type_word)
        fprintf(out, " : %s", a->type_word);
    else if (a->type && a->kind != PA_DENSE && a->kind != PA_TYPE)
        fputs(" : ", out), print_type(out, a->type);
}

/* ` {k = v, ...}` of the kept attributes, nothing when there are none */
static void print_kept(FILE *out, const ir_attrs *x)
{
    if (!x->n)
        return;
    fputs(" {", out);
    print_entries(out, x->head, 0, NULL);
    fputc('}', out);
}

/* `NAME @symbol(%a, %b) {kept} : (T1, T2) -> T3`: func.call and custom_call. */

/* `NAME @symbol(%a, %b) : (T1, T2) -> T3`: func.call. */
static void print_symbol_call(printer *p, const ir_op *o, const char *name, const char *symbol)
{
    FILE *out = p->out;
    fprintf(out, "%s ", name);
    print_symbol(out, symbol);
    fputc('(', out);
    print_values(p, o->operands, o->noperands);
    fputc(')', out);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

static bool has_key(const ir_attrs *x, const char *key)
{
    const pentry *e = x->head;
    for (int i = 0; e && i < x->n; i++, e = e->next)
        if (e->key && strcmp(e->key, key) == 0)
            return true;
    return false;
}

/* `stablehlo.custom_call @target(%a) {attrs} : ...`: its attributes as
 * written (api_version, backend_config, layouts, ...: docs/syntax.md), but
 * the generic form's call_target_name, which is the symbol; a callee or a
 * side effect set without its attribute (an op built by ir-run) added. */
static void print_custom_call(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    const ir_custom_call *cc = &o->a.custom_call;
    fputs("stablehlo.custom_call ", out);
    print_symbol(out, cc->target);
    fputc('(', out);
    print_values(p, o->operands, o->noperands);
    fputc(')', out);
    bool callee = cc->callee_name && !has_key(&o->extra, "called_computations");
    bool effect = cc->has_side_effect && !has_key(&o->extra, "has_side_effect");
    int kept = o->extra.n - has_key(&o->extra, "call_target_name");
    if (kept || callee || effect) {
        fputs(" {", out);
        int n = print_entries(out, o->extra.head, 0, "call_target_name");
        if (callee) {
            fputs(n++ ? ", called_computations = [" : "called_computations = [", out);
            print_symbol(out, cc->callee_name);
            fputc(']', out);
        }
        if (effect)
            fputs(n ? ", has_side_effect = true" : "has_side_effect = true", out);
        fputc('}', out);
    }
    fputs(" : ", out);
    print_fn_type(out, o);
}

/* ---- literals ------------------------------------------------------------ */

/* One float pattern as text that parses back to the same bits. */
static void float_text(fp_id f, uint64_t bits, char *buf)
{
    size_t n = fp_print_mlir(f, bits, buf);
    if (n >= 2 && buf[0] == '0' && buf[1] == 'x')
        return;
    uint64_t back;
    if (strchr(buf, '.') && fp_from_decimal(f, buf, n, FPR_RNE, 0, &back) == 0 && back == bits)
        return;
    fp_print_hex(fp_fmt(f)->bits, bits, buf);
}

static void print_element(FILE *out, et_id e, const unsigned char *p)
{
    const et_traits *tr = et_get(e);
    char buf[FP_PRINT_MAX];
    switch (tr->kind) {
    case EK_BOOL:
        fputs(p[0] ? "true" : "false", out);
        return;
    case EK_SINT: {
        fprintf(out, "%" PRId64, et_sign_extend(e, et_load_bits(e, p)));
        return;
    }
    case EK_UINT:
        fprintf(out, "%" PRIu64, et_load_bits(e, p));
        return;
    case EK_FLOAT:
        float_text(tr->fmt, et_load_bits(e, p), buf);
        fputs(buf, out);
        return;
    case EK_COMPLEX: {
        et_id part = et_part(e);
        size_t half = et_get(part)->bytes;
        float_text(tr->fmt, et_load_bits(part, p), buf);
        fprintf(out, "(%s,", buf);
        float_text(tr->fmt, et_load_bits(part, p + half), buf);
        fprintf(out, "%s)", buf);
        return;
    }
    }
}

static void print_list(FILE *out, const ir_literal *l, int d, int64_t *at)
{
    fputc('[', out);
    for (int64_t i = 0; i < l->type.dims[d]; i++) {
        if (i)
            fputs(", ", out);
        if (d == l->type.rank - 1) {
            print_element(out, l->type.elem, ir_literal_at(l, *at));
            ++*at;
        } else {
            print_list(out, l, d + 1, at);
        }
    }
    fputc(']', out);
}

int ir_print_literal(const ir_literal *l, FILE *out)
{
    const et_traits *tr = et_get(l->type.elem);
    size_t es = tr->bytes;
    fputs("dense<", out);
    bool splat = l->count > 0;
    for (int64_t i = 1; splat && !l->splat && i < l->count; i++)
        splat = memcmp(l->data, l->data + (size_t)i * es, es) == 0;
    if (l->count == 0) {
        /* nothing */
    } else if (splat) {
        print_element(out, l->type.elem, l->data);
    } else if (l->count > PRINT_HEX_THRESHOLD) {
        static const char digits[] = "0123456789ABCDEF";
        unsigned mask = tr->value_bits < 8 ? (1u << tr->value_bits) - 1 : 0xFF;
        fputs("\"0x", out);
        for (size_t i = 0; i < l->nbytes; i++) {
            unsigned b = l->data[i] & mask;
            fputc(digits[b >> 4], out);
            fputc(digits[b & 15], out);
        }
        fputc('"', out);
    } else {
        int64_t at = 0;
        print_list(out, l, 0, &at);
    }
    fputs("> : ", out);
    print_type(out, &l->type);
    return ferror(out) ? -1 : 0;
}

/* ---- ops --------------------------------------------------------------- */

static void print_block(printer *p, const ir_block *b, int indent);

static void indent_to(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', out);
}

/* Numbers the results of an op and prints `%N = ` / `%N:k = `. */
static void print_defs(printer *p, const ir_op *o)
{
    if (o->nresults == 0)
        return;
    int n = p->next_val++;
    for (int r = 0; r < o->nresults; r++) {
        int v = o->results[r];
        p->num[v] = n;
        p->idx[v] = r;
        p->group[v] = o->nresults;
    }
    if (o->nresults == 1)
        fprintf(p->out, "%%%d = ", n);
    else
        fprintf(p->out, "%%%d:%d = ", n, o->nresults);
}

static void number_args(printer *p, const ir_block *b)
{
    for (int i = 0; i < b->nargs; i++) {
        p->is_arg[b->args[i]] = 1;
        p->num[b->args[i]] = p->next_arg++;
    }
}

static void print_arg_list(printer *p, const ir_block *b, int from, int n)
{
    for (int i = from; i < from + n; i++) {
        if (i > from)
            fputs(", ", p->out);
        print_value(p, b->args[i]);
        fputs(": ", p->out);
        print_type(p->out, &b->arg_types[i]);
    }
}

static bool all_same_type(const ir_op *o)
{
    for (int i = 0; i < o->noperands; i++)
        if (!shape_equal(&o->operand_types[i], &o->result_types[0]))
            return false;
    return o->nresults == 1;
}

static void same_or_fn(FILE *out, const ir_op *o)
{
    if (all_same_type(o))
        print_type(out, &o->result_types[0]);
    else
        print_fn_type(out, o);
}

/* The compact form applies when the body is `%r = OP %acc, %elem;
 * stablehlo.return %r` for a commutative binary OP and one input. */
static int compact_reduce_op(const ir_op *o)
{
    const ir_block *b = &o->regions[0];
    if (o->noperands != 2 || b->nops != 2 || b->nargs != 2)
        return -1;
    const ir_op *bin = &b->ops[0], *ret = &b->ops[1];
    ir_op_kind k = bin->kind;
    bool commutative = (ir_op_get(k)->flags & IR_F_COMMUTATIVE) != 0;
    if (!commutative || bin->operands[0] != b->args[0] || bin->operands[1] != b->args[1] ||
        ret->noperands != 1 || ret->operands[0] != bin->results[0])
        return -1;
    tensor_type scalar = { .elem = o->operand_types[0].elem, .rank = 0 };
    if (!shape_equal(&b->arg_types[0], &scalar) || !shape_equal(&b->arg_types[1], &scalar))
        return -1;
    return (int)k;
}

static void print_precision(FILE *out, const ir_dot *d)
{
    if (!d->nprecision)
        return;
    fputs(", precision = [", out);
    for (int i = 0; i < d->nprecision; i++)
        fprintf(out, i ? ", %s" : "%s", ir_precision_name(d->precision[i]));
    fputc(']', out);
}

static void print_tolerance(FILE *out, double t)
{
    fprintf(out, ", tolerance = %.17e", t);
}

/* ---- one printer per pretty form (the op table's form column) ---------- */
/* Each prints the op after its result names: `NAME operands attrs : types`. */

/* `OP %a[, %b[, %c]] : T` (or a function type when the types differ) */
static void print_generic(printer *p, const ir_op *o, int indent);

/* ---- chlo ops kept with `?` types (ir_op.deferred; src/chlo) ---- */
static bool chlo_has_attrs(const ir_op *o)
{
    return o->kind == IR_OP_CHLO_TOP_K || o->kind == IR_OP_CHLO_BROADCAST_COMPARE ||
           (strncmp(ir_op_name(o->kind), "chlo.broadcast_", 15) == 0 && o->a.bcast.dims.n > 0);
}

static void print_chlo_attrs(FILE *out, const ir_op *o)
{
    if (o->kind == IR_OP_CHLO_TOP_K) {
        fprintf(out, " {k = %" PRId64 " : i64}", o->a.top_k.k);
        return;
    }
    const char *sep = " {";
    if (o->a.bcast.dims.n > 0) {
        fputs(" {broadcast_dimensions = array<i64", out);
        for (int i = 0; i < o->a.bcast.dims.n; i++)
            fprintf(out, i ? ", %" PRId64 : ": %" PRId64, o->a.bcast.dims.v[i]);
        fputc('>', out);
        sep = ", ";
    }
    if (o->kind == IR_OP_CHLO_BROADCAST_COMPARE) {
        fprintf(out, "%scomparison_direction = #chlo<comparison_direction %s>", sep, ir_cmp_dir_name(o->a.bcast.dir));
        if (o->a.bcast.type != IR_CMPT_ABSENT)
            fprintf(out, ", compare_type = #chlo<comparison_type %s>", ir_cmp_type_name(o->a.bcast.type));
    }
    fputc('}', out);
}
/* ---- end of chlo ops kept with `?` types ---- */

static void print_operands_op(printer *p, const ir_op *o)
{
    if (chlo_has_attrs(o)) { /* in the generic form, where their attributes go */
        print_generic(p, o, 0);
        return;
    }
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    const char *name = ir_op_name(o->kind);
    const tensor_type *t = o->operand_types;
    if (strncmp(name, "chlo.", 5) == 0 && strncmp(name, "chlo.broadcast_", 15) != 0) {
        /* MLIR's chlo form: `T1[, T2] -> R` */
        print_types(p->out, t, o->noperands);
        fputs(" -> ", p->out);
        print_type(p->out, &o->result_types[0]);
    } else if (o->kind == IR_OP_SELECT && shape_equal(&t[1], &t[2]) && shape_equal(&t[1], &o->result_types[0])) {
        print_types(p->out, t, 2); /* MLIR's `pred type, result type` */
    } else if (o->kind == IR_OP_RESHAPE || o->kind == IR_OP_BITCAST_CONVERT || o->kind == IR_OP_SELECT ||
               strncmp(name, "chlo.", 5) == 0) {
        print_fn_type(p->out, o); /* no single-type form in MLIR */
    } else {
        same_or_fn(p->out, o);
    }
}

static void print_constant(printer *p, const ir_op *o)
{
    /* arith.constant (issue 32: runs as stablehlo.constant) prints as written */
    bool arith = o->from && strcmp(o->from, "arith.constant") == 0;
    fputs(arith ? o->from : ir_op_name(o->kind), p->out);
    print_kept(p->out, &o->extra);
    fputc(' ', p->out);
    ir_print_literal(&o->a.constant, p->out);
}

static void print_iota(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s dim = %" PRId64, ir_op_name(o->kind), o->a.iota_dim);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_type(p->out, &o->result_types[0]);
}

static void print_compare(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s %s, ", ir_op_name(o->kind), ir_cmp_dir_name(o->a.compare.dir));
    print_values(p, o->operands, 2);
    if (o->a.compare.type != IR_CMPT_ABSENT)
        fprintf(out, ", %s", ir_cmp_type_name(o->a.compare.type));
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

static void print_dims(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    fputs(", dims = ", out);
    print_ints(out, &o->a.dims);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    if (o->kind == IR_OP_REVERSE) /* the one of these MLIR also writes with a single type */
        same_or_fn(out, o);
    else
        print_fn_type(out, o);
}

static void print_concatenate(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    fprintf(out, ", dim = %" PRId64, o->a.concat_dim);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

static void print_slice(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    fputs(" [", out);
    for (int d = 0; d < o->a.slice.start.n; d++) {
        fprintf(out, d ? ", %" PRId64 ":%" PRId64 : "%" PRId64 ":%" PRId64, o->a.slice.start.v[d],
                o->a.slice.limit.v[d]);
        if (o->a.slice.stride.v[d] != 1)
            fprintf(out, ":%" PRId64, o->a.slice.stride.v[d]);
    }
    fputc(']', out);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

static void print_pad(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    fputs(", low = ", out);
    print_ints(out, &o->a.pad.low);
    fputs(", high = ", out);
    print_ints(out, &o->a.pad.high);
    fputs(", interior = ", out);
    print_ints(out, &o->a.pad.interior);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

/* Prints its own result names: the body's arguments are numbered before
 * the results so that the printed order of definitions matches the parse
 * order. */
static void print_reduce(printer *p, const ir_op *o, int indent)
{
    FILE *out = p->out;
    const ir_block *b = &o->regions[0];
    int n = o->noperands / 2;
    int compact = compact_reduce_op(o);
    if (compact < 0)
        number_args(p, b);
    print_defs(p, o);
    fprintf(out, "%s", ir_op_name(o->kind));
    for (int k = 0; k < n; k++) {
        fputs(k ? ", (" : "(", out);
        print_value(p, o->operands[k]);
        fputs(" init: ", out);
        print_value(p, o->operands[n + k]);
        fputc(')', out);
    }
    if (compact >= 0)
        fprintf(out, " applies %s", ir_op_name((ir_op_kind)compact));
    fputs(" across dimensions = ", out);
    print_ints(out, &o->a.reduce.dims);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
    if (compact >= 0)
        return;
    fputs("\n", out);
    indent_to(out, indent + 1);
    fputs("reducer", out);
    for (int k = 0; k < n; k++) {
        fputc('(', out);
        print_value(p, b->args[k]);
        fputs(": ", out);
        print_type(out, &b->arg_types[k]);
        fputs(", ", out);
        print_value(p, b->args[n + k]);
        fputs(": ", out);
        print_type(out, &b->arg_types[n + k]);
        fputs(k + 1 < n ? ") " : ")", out);
    }
    fputs(" {\n", out);
    print_block(p, b, indent + 2);
    indent_to(out, indent);
    fputc('}', out);
}

static void print_dot_general(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    const ir_dot *d = &o->a.dot;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    if (d->lhs_batch.n) {
        fputs(", batching_dims = ", out);
        print_ints(out, &d->lhs_batch);
        fputs(" x ", out);
        print_ints(out, &d->rhs_batch);
    }
    fputs(", contracting_dims = ", out);
    print_ints(out, &d->lhs_contract);
    fputs(" x ", out);
    print_ints(out, &d->rhs_contract);
    print_precision(out, d);
    if (d->has_algorithm) {
        const ir_dot_algorithm *a = &d->algorithm;
        fprintf(out,
                ", algorithm = <lhs_precision_type = %s, rhs_precision_type = %s, accumulation_type = %s, "
                "lhs_component_count = %" PRId64 ", rhs_component_count = %" PRId64
                ", num_primitive_operations = %" PRId64 ", allow_imprecise_accumulation = %s>",
                fp_fmt(a->lhs_precision)->name, fp_fmt(a->rhs_precision)->name, fp_fmt(a->accumulation)->name,
                a->lhs_component_count, a->rhs_component_count, a->num_primitive_operations,
                a->allow_imprecise_accumulation ? "true" : "false");
    }
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_fn_type(out, o);
}

static void print_dot(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    print_precision(p->out, &o->a.dot);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_fn_type(p->out, o);
}

static void print_return(printer *p, const ir_op *o)
{
    fputs(ir_op_name(o->kind), p->out);
    if (o->noperands) {
        fputc(' ', p->out);
        print_values(p, o->operands, o->noperands);
        fputs(" : ", p->out);
        print_types(p->out, o->operand_types, o->noperands);
    }
}

/* A check op written as `stablehlo.custom_call @check.X(...)` prints that
 * way again; check.eq exists only in that form. */
static void print_check_custom_call(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fputs("stablehlo.custom_call ", out);
    print_symbol(out, ir_op_name(o->kind));
    fputc('(', out);
    print_values(p, o->operands, o->noperands);
    fputc(')', out);
    if (o->kind == IR_OP_CHECK_EQ) {
        print_kept(out, &o->extra);
    } else {
        fputs(" {has_side_effect = true", out);
        print_entries(out, o->extra.head, 1, "has_side_effect");
        fputc('}', out);
    }
    fputs(" : ", out);
    print_fn_type(out, o);
}

/* check.expect_eq / expect_almost_eq: `OP %a, %b[, tolerance = t] : T` */
static void print_check2(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    if (o->a.check.custom_call) {
        print_check_custom_call(p, o);
        return;
    }
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    if (o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ)
        print_tolerance(out, o->a.check.tolerance);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_type(out, &o->operand_types[0]);
}

/* check.expect_eq_const / expect_almost_eq_const: `OP %a, dense<..>[, tolerance = t]` */
static void print_check_const(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    if (o->a.check.custom_call) {
        print_check_custom_call(p, o);
        return;
    }
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    fputs(", ", out);
    ir_print_literal(&o->a.check.expected, out);
    if (o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST)
        print_tolerance(out, o->a.check.tolerance);
    print_kept(out, &o->extra);
}

static void print_check_close(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    const ir_check *c = &o->a.check;
    if (c->custom_call) {
        print_check_custom_call(p, o);
        return;
    }
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    fprintf(out, ", max_ulp_difference = %" PRIu64, c->max_ulp);
    if (c->min_ulp)
        fprintf(out, ", min_ulp_difference = %" PRIu64, c->min_ulp);
    fputs(" :", out);
    print_kept(out, &o->extra);
    fputc(' ', out);
    print_types(out, o->operand_types, 2);
}

/* `stablehlo.while(%x = %a, ...) : T, ... cond {...} do {...}`: the
 * header's names are the arguments of both regions. */
static void print_while(printer *p, const ir_op *o, int indent)
{
    FILE *out = p->out;
    const ir_block *cond = &o->regions[0], *body = &o->regions[1];
    number_args(p, cond);
    for (int i = 0; i < body->nargs && i < cond->nargs; i++) {
        p->is_arg[body->args[i]] = 1;
        p->num[body->args[i]] = p->num[cond->args[i]];
    }
    fprintf(out, "%s(", ir_op_name(o->kind));
    for (int i = 0; i < o->noperands; i++) {
        if (i)
            fputs(", ", out);
        print_value(p, cond->args[i]);
        fputs(" = ", out);
        print_value(p, o->operands[i]);
    }
    fputc(')', out);
    if (o->noperands) {
        fputs(" : ", out);
        print_types(out, o->operand_types, o->noperands);
    }
    if (o->extra.n) {
        fputs(" attributes", out);
        print_kept(out, &o->extra);
    }
    fputs("\n", out);
    indent_to(out, indent + 1);
    fputs("cond {\n", out);
    print_block(p, cond, indent + 2);
    indent_to(out, indent + 1);
    fputs("} do {\n", out);
    print_block(p, body, indent + 2);
    indent_to(out, indent + 1);
    fputc('}', out);
}

/* `OP %a, %b : T1, T2` (barrier), `: tuple<...>` (tuple), `: !stablehlo.token` */
static void print_variadic(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fputs(ir_op_name(o->kind), out);
    if (o->kind == IR_OP_OPTIMIZATION_BARRIER) { /* MLIR's form: attributes first */
        print_kept(out, &o->extra);
        if (o->noperands == 0) {
            fputs(" ()", out);
            return;
        }
        fputc(' ', out);
        print_values(p, o->operands, o->noperands);
        fputs(" : ", out);
        print_types(out, o->operand_types, o->noperands);
        return;
    }
    if (o->noperands)
        fputc(' ', out);
    print_values(p, o->operands, o->noperands);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_type(out, &o->result_types[0]);
}

static void print_get_tuple_element(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    fprintf(p->out, "[%" PRId64 "]", o->a.tuple_index);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_fn_type(p->out, o);
}

static void print_composite(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_string(out, o->a.call.composite);
    if (o->noperands)
        fputc(' ', out);
    print_values(p, o->operands, o->noperands);
    fputs(" {decomposition = ", out);
    print_symbol(out, o->a.call.name);
    print_entries(out, o->extra.head, 1, NULL);
    fputs("} : ", out);
    print_fn_type(out, o);
}

/* `OP %a, %b, ... : (T, ...) -> R` */
static void print_operands_fn(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_fn_type(p->out, o);
}

/* dynamic_slice (`sizes = [...]`) and dynamic_broadcast_in_dim (`dims = [...]`) */
static void print_dynamic_slice(printer *p, const ir_op *o)
{
    bool bcast = o->kind == IR_OP_DYNAMIC_BROADCAST_IN_DIM;
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    fputs(bcast ? ", dims = " : ", sizes = ", p->out);
    print_ints(p->out, bcast ? &o->a.dims : &o->a.slice_sizes);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_fn_type(p->out, o);
}

/* `stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b,
 * 0, 1, f], window = {...} {batch_group_count = .., feature_group_count =
 * ..} : (T1, T2) -> R`; window entries equal to their defaults are left out */
static void print_conv_list(FILE *out, int64_t d0, char l0, int64_t d1, char l1, const ir_ints *sp)
{
    int rank = sp->n + 2;
    fputc('[', out);
    for (int d = 0; d < rank; d++) {
        if (d)
            fputs(", ", out);
        if (d == d0)
            fputc(l0, out);
        else if (d == d1)
            fputc(l1, out);
        for (int j = 0; j < sp->n; j++)
            if (sp->v[j] == d)
                fprintf(out, "%d", j);
    }
    fputc(']', out);
}

static bool all_equal(const ir_ints *l, int64_t v)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] != v)
            return false;
    return true;
}

static void print_precision_list(FILE *out, const ir_conv *cv)
{
    if (!cv->nprecision)
        return;
    fputs(", precision_config = [", out);
    for (int i = 0; i < cv->nprecision; i++)
        fprintf(out, i ? ", #stablehlo<precision %s>" : "#stablehlo<precision %s>", ir_precision_name(cv->precision[i]));
    fputc(']', out);
}

static void print_convolution(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    const ir_conv *cv = &o->a.conv;
    fprintf(out, "%s(", ir_op_name(o->kind));
    print_values(p, o->operands, 2);
    fputs(") dim_numbers = ", out);
    print_conv_list(out, cv->in_batch, 'b', cv->in_feature, 'f', &cv->in_spatial);
    fputc('x', out);
    print_conv_list(out, cv->kernel_in, 'i', cv->kernel_out, 'o', &cv->kernel_spatial);
    fputs("->", out);
    print_conv_list(out, cv->out_batch, 'b', cv->out_feature, 'f', &cv->out_spatial);
    fputs(", window = {", out);
    const char *sep = "";
    if ((o->written & IR_W_WINDOW_STRIDES) || !all_equal(&cv->strides, 1)) {
        fputs("stride = ", out);
        print_ints(out, &cv->strides);
        sep = ", ";
    }
    if ((o->written & IR_W_PADDING) || !all_equal(&cv->low, 0) || !all_equal(&cv->high, 0)) {
        fprintf(out, "%spad = [", sep);
        for (int i = 0; i < cv->low.n; i++)
            fprintf(out, i ? ", [%" PRId64 ", %" PRId64 "]" : "[%" PRId64 ", %" PRId64 "]", cv->low.v[i],
                    cv->high.v[i]);
        fputc(']', out);
        sep = ", ";
    }
    if ((o->written & IR_W_LHS_DILATION) || !all_equal(&cv->lhs_dilation, 1)) {
        fprintf(out, "%slhs_dilate = ", sep);
        print_ints(out, &cv->lhs_dilation);
        sep = ", ";
    }
    if ((o->written & IR_W_RHS_DILATION) || !all_equal(&cv->rhs_dilation, 1)) {
        fprintf(out, "%srhs_dilate = ", sep);
        print_ints(out, &cv->rhs_dilation);
        sep = ", ";
    }
    if ((o->written & IR_W_WINDOW_REVERSAL) || !all_equal(&cv->reversal, 0)) {
        fprintf(out, "%sreverse = [", sep);
        for (int i = 0; i < cv->reversal.n; i++)
            fprintf(out, i ? ", %s" : "%s", cv->reversal.v[i] ? "true" : "false");
        fputc(']', out);
    }
    fprintf(out, "} {batch_group_count = %" PRId64 " : i64, feature_group_count = %" PRId64 " : i64",
            cv->batch_groups, cv->feature_groups);
    print_precision_list(out, cv);
    print_entries(out, o->extra.head, 1, NULL);
    fputs("} : ", out);
    print_fn_type(out, o);
}

/* dynamic_conv's dictionary (its padding is an operand), in the order of
 * SPEC 9.4.8's syntax; every list is printed, defaults included. */
static void print_dynamic_conv_attrs(FILE *out, const ir_conv *cv)
{
    const ir_ints *lists[3] = { &cv->strides, &cv->lhs_dilation, &cv->rhs_dilation };
    static const char *const names[3] = { "window_strides", "lhs_dilation", "rhs_dilation" };
    for (int l = 0; l < 3; l++) {
        fprintf(out, l ? ", %s = array<i64" : " {%s = array<i64", names[l]);
        for (int i = 0; i < lists[l]->n; i++)
            fprintf(out, i ? ", %" PRId64 : ": %" PRId64, lists[l]->v[i]);
        fputc('>', out);
    }
    fputs(", window_reversal = array<i1", out);
    for (int i = 0; i < cv->reversal.n; i++)
        fprintf(out, i ? ", %s" : ": %s", cv->reversal.v[i] ? "true" : "false");
    fputs(">, dimension_numbers = #stablehlo.conv<", out);
    print_conv_list(out, cv->in_batch, 'b', cv->in_feature, 'f', &cv->in_spatial);
    fputc('x', out);
    print_conv_list(out, cv->kernel_in, 'i', cv->kernel_out, 'o', &cv->kernel_spatial);
    fputs("->", out);
    print_conv_list(out, cv->out_batch, 'b', cv->out_feature, 'f', &cv->out_spatial);
    fprintf(out, ">, feature_group_count = %" PRId64 " : i64, batch_group_count = %" PRId64 " : i64",
            cv->feature_groups, cv->batch_groups);
    print_precision_list(out, cv);
    fputc('}', out);
}

/* #stablehlo.gather<...> / #stablehlo.scatter<...>, empty lists and a zero
 * index_vector_dim left out as MLIR does */
static void print_index_dims(FILE *out, const char *structname, const char *const names[5], const ir_index_dims *d)
{
    const ir_ints *lists[5] = { &d->window, &d->collapsed, &d->operand_batch, &d->index_batch, &d->index_map };
    fprintf(out, "#stablehlo.%s<", structname);
    const char *sep = "";
    for (int i = 0; i < 5; i++) {
        if (!lists[i]->n)
            continue;
        fprintf(out, "%s%s = ", sep, names[i]);
        print_ints(out, lists[i]);
        sep = ", ";
    }
    if (d->index_vector_dim)
        fprintf(out, "%sindex_vector_dim = %" PRId64, sep, d->index_vector_dim);
    fputc('>', out);
}

/* `interpreter.print %x : T` */
static void print_print(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    print_type(p->out, &o->operand_types[0]);
}

/* `OP %x, probe_id = "p"[, iter = N] : T` (iter only when not 0) */
static void print_probe(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    fprintf(out, "%s ", ir_op_name(o->kind));
    print_value(p, o->operands[0]);
    fputs(", probe_id = ", out);
    print_string(out, o->a.probe.id);
    if (o->a.probe.iteration)
        fprintf(out, ", iter = %" PRIu32, o->a.probe.iteration);
    print_kept(out, &o->extra);
    fputs(" : ", out);
    print_type(out, &o->operand_types[0]);
}

/* `OP %a, format = eXmY : T`: reduce_precision is the only op of this form
 * that passes the checker (the others are refused, never printed). */
static void print_clauses(printer *p, const ir_op *o)
{
    fprintf(p->out, "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    if (o->kind == IR_OP_REDUCE_PRECISION)
        fprintf(p->out, ", format = e%dm%d", (int)o->a.reduce_precision.exponent_bits,
                (int)o->a.reduce_precision.mantissa_bits);
    print_kept(p->out, &o->extra);
    fputs(" : ", p->out);
    same_or_fn(p->out, o);
}

/* The attributes of an op written in the generic form, as a dictionary. */
static void print_generic_attrs(printer *p, const ir_op *o)
{
    FILE *out = p->out;
    if (chlo_has_attrs(o))
        print_chlo_attrs(out, o);
    if (o->kind == IR_OP_SORT) {
        fprintf(out, " {dimension = %" PRId64 " : i64", o->a.sort.dimension);
        if (o->a.sort.is_stable || (o->written & IR_W_IS_STABLE))
            fprintf(out, ", is_stable = %s", o->a.sort.is_stable ? "true" : "false");
        fputc('}', out);
    }
    if (o->kind == IR_OP_DYNAMIC_GATHER) {
        static const char *const names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                              "start_indices_batching_dims", "start_index_map" };
        fputs(" {dimension_numbers = ", out);
        print_index_dims(out, "gather", names, &o->a.index);
        fputc('}', out);
    }
    if (o->kind == IR_OP_DYNAMIC_CONV)
        print_dynamic_conv_attrs(out, &o->a.conv);
    if (o->kind == IR_OP_GATHER) {
        static const char *const names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                              "start_indices_batching_dims", "start_index_map" };
        fputs(" {dimension_numbers = ", out);
        print_index_dims(out, "gather", names, &o->a.index);
        fputs(", slice_sizes = array<i64", out);
        for (int i = 0; i < o->a.index.slice_sizes.n; i++)
            fprintf(out, i ? ", %" PRId64 : ": %" PRId64, o->a.index.slice_sizes.v[i]);
        fputs(">}", out);
    }
    if (o->kind == IR_OP_SCATTER) {
        static const char *const names[5] = { "update_window_dims", "inserted_window_dims", "input_batching_dims",
                                              "scatter_indices_batching_dims", "scatter_dims_to_operand_dims" };
        fputs(" {scatter_dimension_numbers = ", out);
        print_index_dims(out, "scatter", names, &o->a.index);
        fputc('}', out);
    }
    if (o->kind == IR_OP_REDUCE_WINDOW || o->kind == IR_OP_SELECT_AND_SCATTER) {
        /* window_dimensions always (select_and_scatter: its defaults
         * filled by the checker), the others as written or when they
         * differ from their defaults (1s, padding 0s) */
        const ir_window *w = &o->a.window;
        const ir_ints *lists[4] = { &w->dims, &w->strides, &w->base_dilations, &w->window_dilations };
        static const char *const names[4] = { "window_dimensions", "window_strides", "base_dilations",
                                              "window_dilations" };
        static const unsigned bits[4] = { 0, IR_W_WINDOW_STRIDES, IR_W_BASE_DILATIONS, IR_W_WINDOW_DILATIONS };
        for (int l = 0; l < (o->kind == IR_OP_REDUCE_WINDOW ? 4 : 2); l++) {
            if (l && !(o->written & bits[l]) && all_equal(lists[l], 1))
                continue;
            fprintf(out, l ? ", %s = array<i64" : " {%s = array<i64", names[l]);
            for (int i = 0; i < lists[l]->n; i++)
                fprintf(out, i ? ", %" PRId64 : ": %" PRId64, lists[l]->v[i]);
            fputc('>', out);
        }
        /* no rows (rank 0): `dense<>`, as MLIR prints a tensor without
         * elements; `dense<[]>` would be a 0-element list of rank 1 */
        if ((o->written & IR_W_PADDING) || !all_equal(&w->low, 0) || !all_equal(&w->high, 0)) {
            fputs(", padding = dense<", out);
            for (int i = 0; i < w->low.n; i++)
                fprintf(out, i ? ", [%" PRId64 ", %" PRId64 "]" : "[[%" PRId64 ", %" PRId64 "]", w->low.v[i],
                        w->high.v[i]);
            fprintf(out, "%s> : tensor<%dx2xi64>", w->low.n ? "]" : "", w->low.n);
        }
        fputc('}', out);
    }
    if (o->kind == IR_OP_TRIANGULAR_SOLVE) {
        static const char *const t[3] = { "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT" };
        fprintf(out, " {left_side = %s, lower = %s, unit_diagonal = %s, transpose_a = #stablehlo<transpose %s>}",
                o->a.tsolve.left_side ? "true" : "false", o->a.tsolve.lower ? "true" : "false",
                o->a.tsolve.unit_diagonal ? "true" : "false", t[o->a.tsolve.transpose_a]);
    }
    if (o->kind == IR_OP_MAP) {
        fputs(" {dimensions = array<i64", out);
        for (int i = 0; i < o->a.dims.n; i++)
            fprintf(out, i ? ", %" PRId64 : ": %" PRId64, o->a.dims.v[i]);
        fputs(">}", out);
    }
}

/* `"NAME"(%a, ...) ({ ^bb0(%x: T): ... }, { ... }) {attrs} : (T, ...) -> (R, ...)` */
static void print_generic(printer *p, const ir_op *o, int indent)
{
    FILE *out = p->out;
    fprintf(out, "\"%s\"(", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    fputc(')', out);
    if (o->nregions) {
        fputs(" (", out);
        for (int g = 0; g < o->nregions; g++) {
            const ir_block *b = &o->regions[g];
            fputs(g ? ", {\n" : "{\n", out);
            if (b->nargs) {
                number_args(p, b);
                indent_to(out, indent + 1);
                fputs("^bb0(", out);
                print_arg_list(p, b, 0, b->nargs);
                fputs("):\n", out);
            }
            print_block(p, b, indent + 2);
            indent_to(out, indent);
            fputc('}', out);
        }
        fputc(')', out);
    }
    /* the op's own dictionary and the kept attributes make one dictionary */
    membuf mb;
    char *own = NULL;
    if (membuf_open(&mb) == 0) {
        printer q = *p;
        q.out = mb.f;
        print_generic_attrs(&q, o);
        ir_print_distributed_attrs(mb.f, o);
        own = membuf_take(&mb);
    }
    size_t len = own ? strlen(own) : 0;
    if (len && o->extra.n) {
        fwrite(own, 1, len - 1, out); /* without its '}' */
        print_entries(out, o->extra.head, 1, NULL);
        fputc('}', out);
    } else if (len) {
        fputs(own, out);
    } else {
        print_kept(out, &o->extra);
    }
    mem_free(own);
    fputs(" : ", out);
    print_fn_type(out, o);
}

/* ---- Shardy: the pretty forms JAX prints, shardings as written */
static void print_sdy(printer *p, const ir_op *o, int indent)
{
    FILE *out = p->out;
    fprintf(out, o->kind == IR_OP_SDY_MANUAL_COMPUTATION ? "%s(" : "%s ", ir_op_name(o->kind));
    print_values(p, o->operands, o->noperands);
    if (o->kind == IR_OP_SDY_PROPAGATION_BARRIER)
        fprintf(out, " allowed_direction=%s : ", o->a.sdy.direction);
    else if (o->kind == IR_OP_SDY_SHARDING_GROUP)
        fprintf(out, " group_id=%" PRId64 " : ", o->a.sdy.group_id);
    else if (o->kind != IR_OP_SDY_MANUAL_COMPUTATION)
        fprintf(out, " %s : ", o->a.sdy.sharding->text);
    if (o->kind != IR_OP_SDY_MANUAL_COMPUTATION) {
        print_type(out, &o->operand_types[0]);
        return;
    }
    fputs(") in_shardings=[", out);
    for (int i = 0; i < o->a.sdy.nin; i++)
        fprintf(out, i ? ", %s" : "%s", o->a.sdy.in[i].text);
    fputs("] out_shardings=[", out);
    for (int i = 0; i < o->a.sdy.nout; i++)
        fprintf(out, i ? ", %s" : "%s", o->a.sdy.out[i].text);
    fputs("] manual_axes={", out);
    for (int i = 0; i < o->a.sdy.nmanual; i++) {
        fputs(i ? ", " : "", out);
        print_string(out, o->a.sdy.manual[i]);
    }
    fputs("} (", out);
    number_args(p, &o->regions[0]);
    print_arg_list(p, &o->regions[0], 0, o->regions[0].nargs);
    fputs(") {\n", out);
    print_block(p, &o->regions[0], indent + 2);
    indent_to(out, indent);
    fputs("} : ", out);
    print_fn_type(out, o);
}
/* ---- end of Shardy */

static void print_op(printer *p, const ir_op *o, int indent)
{
    indent_to(p->out, indent);
    ir_op_form form = ir_op_get(o->kind)->form;
    if (form != IR_FORM_REDUCE)
        print_defs(p, o);
    switch (form) {
    case IR_FORM_UNARY:
    case IR_FORM_BINARY:
    case IR_FORM_TERNARY: print_operands_op(p, o); return;
    case IR_FORM_CONSTANT: print_constant(p, o); return;
    case IR_FORM_IOTA: print_iota(p, o); return;
    case IR_FORM_COMPARE: print_compare(p, o); return;
    case IR_FORM_DIMS: print_dims(p, o); return;
    case IR_FORM_CONCATENATE: print_concatenate(p, o); return;
    case IR_FORM_SLICE: print_slice(p, o); return;
    case IR_FORM_PAD: print_pad(p, o); return;
    case IR_FORM_REDUCE: print_reduce(p, o, indent); return;
    case IR_FORM_DOT_GENERAL: print_dot_general(p, o); return;
    case IR_FORM_DOT: print_dot(p, o); return;
    case IR_FORM_CALL: print_symbol_call(p, o, ir_op_name(o->kind), o->a.call.name); return;
    case IR_FORM_RETURN: print_return(p, o); return;
    case IR_FORM_CUSTOM_CALL: print_custom_call(p, o); return;
    case IR_FORM_CHECK2: print_check2(p, o); return;
    case IR_FORM_CHECK_CONST: print_check_const(p, o); return;
    case IR_FORM_CHECK_CLOSE: print_check_close(p, o); return;
    case IR_FORM_TARGET: print_check_custom_call(p, o); return;
    case IR_FORM_WHILE: print_while(p, o, indent); return;
    case IR_FORM_VARIADIC: print_variadic(p, o); return;
    case IR_FORM_GET_TUPLE_ELEMENT: print_get_tuple_element(p, o); return;
    case IR_FORM_COMPOSITE: print_composite(p, o); return;
    case IR_FORM_GENERIC: print_generic(p, o, indent); return;
    case IR_FORM_OPERANDS: print_operands_fn(p, o); return;
    case IR_FORM_DYNAMIC_SLICE: print_dynamic_slice(p, o); return;
    case IR_FORM_CONVOLUTION: print_convolution(p, o); return;
    case IR_FORM_TOP_K: /* a chlo op kept with `?` types (ir_op.deferred) */
    case IR_FORM_SCAN: print_generic(p, o, indent); return;
    case IR_FORM_DIMENSION:
        fprintf(p->out, "%s ", ir_op_name(o->kind));
        print_value(p, o->operands[0]);
        fprintf(p->out, ", dim = %" PRId64, o->kind == IR_OP_DYNAMIC_IOTA ? o->a.iota_dim : o->a.dimension);
        print_kept(p->out, &o->extra);
        fputs(" : ", p->out);
        print_fn_type(p->out, o);
        return;
    case IR_FORM_FFT: {
        static const char *const t[4] = { "FFT", "IFFT", "RFFT", "IRFFT" };
        fprintf(p->out, "%s ", ir_op_name(o->kind));
        print_value(p, o->operands[0]);
        fprintf(p->out, ", type = %s, length = ", t[o->a.fft.type]);
        print_ints(p->out, &o->a.fft.length);
        print_kept(p->out, &o->extra);
        fputs(" : ", p->out);
        print_fn_type(p->out, o);
        return;
    }
    case IR_FORM_PRINT: print_print(p, o); return;
    case IR_FORM_PROBE: print_probe(p, o); return;
    case IR_FORM_CLAUSES: print_clauses(p, o); return;
    case IR_FORM_SDY_SHARDING:
    case IR_FORM_SDY_WORDS:
    case IR_FORM_SDY_MANUAL: print_sdy(p, o, indent); return;
    }
}

static void print_block(printer *p, const ir_block *b, int indent)
{
    for (int i = 0; i < b->nops; i++) {
        print_op(p, &b->ops[i], indent);
        fputc('\n', p->out);
    }
}

static int print_func(FILE *out, const ir_func *f, int indent)
{
    size_t n = (size_t)(f->nvalues ? f->nvalues : 1);
    printer p = { .out = out, .f = f };
    p.num = mem_calloc(n, sizeof(int));
    p.idx = mem_calloc(n, sizeof(int));
    p.group = mem_calloc(n, sizeof(int));
    p.is_arg = mem_calloc(n, 1);
    int status = 0;
    if (!p.num || !p.idx || !p.group || !p.is_arg) {
        status = -1;
        goto done;
    }
    indent_to(out, indent);
    fputs("func.func ", out);
    if (f->visibility)
        fprintf(out, "%s ", f->visibility);
    print_symbol(out, f->name);
    fputc('(', out);
    if (f->has_body)
        number_args(&p, &f->body);
    for (int i = 0; i < f->nargs; i++) {
        if (i)
            fputs(", ", out);
        if (f->has_body)
            print_value(&p, f->body.args[i]);
        else
            fprintf(out, "%%arg%d", i);
        fputs(": ", out);
        print_type(out, &f->arg_types[i]);
        if (f->arg_attrs)
            print_kept(out, &f->arg_attrs[i]);
    }
    fputc(')', out);
    bool res_attrs = false;
    for (int i = 0; f->res_attrs && i < f->nresults; i++)
        res_attrs |= f->res_attrs[i].n > 0;
    if (f->nresults == 1 && !res_attrs) {
        fputs(" -> ", out);
        print_type(out, &f->result_types[0]);
    } else if (f->nresults >= 1) {
        fputs(" -> (", out);
        for (int i = 0; i < f->nresults; i++) {
            if (i)
                fputs(", ", out);
            print_type(out, &f->result_types[i]);
            if (f->res_attrs)
                print_kept(out, &f->res_attrs[i]);
        }
        fputc(')', out);
    }
    if (f->attrs.n) {
        fputs(" attributes", out);
        print_kept(out, &f->attrs);
    }
    if (f->has_body) {
        fputs(" {\n", out);
        print_block(&p, &f->body, indent + 2);
        indent_to(out, indent);
        fputc('}', out);
    }
    fputc('\n', out);
done:
    mem_free(p.num);
    mem_free(p.idx);
    mem_free(p.group);
    mem_free(p.is_arg);
    return status;
}

int ir_print_module(const ir_module *m, FILE *out)
{
    int indent = 0;
    if (m->explicit_module) {
        fputs("module ", out);
        if (m->name) {
            print_symbol(out, m->name);
            fputc(' ', out);
        }
        if (m->attrs.n) {
            fputs("attributes", out);
            print_kept(out, &m->attrs);
            fputc(' ', out);
        }
        fputs("{\n", out);
        indent = 2;
    }
    for (int i = 0; i < m->nmeshes; i++) { /* Shardy's meshes, as written */
        fprintf(out, "%*ssdy.mesh ", indent, "");
        print_symbol(out, m->meshes[i].name);
        fprintf(out, " = %s\n", m->meshes[i].text);
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (print_func(out, &m->funcs[i], indent) != 0)
            return -1;
    if (m->explicit_module)
        fputs("}\n", out);
    return ferror(out) ? -1 : 0;
}
