/* The YAML tensor form (docs/tensor-files.md):
 *
 *   type: f8E4M3FN          # optional; must equal the expected type
 *   shape: [2, 3]           # optional when `values`/`bits` are nested
 *   values: [[0.5, -1.0, 2], [0x7F, inf, -0.0]]   # decimals, rounded once
 *   bits: ["0x38", ...]     # or the bit patterns instead of values
 *
 * Decimal values are rounded once into the format (fp_from_decimal); a hex
 * value is the raw pattern, like in MLIR dense literals. Complex elements are
 * [re, im] pairs. libyaml parses; every complaint carries FILE:LINE:COL of the
 * node (libyaml marks are 0-based, hence the +1). */
#include <ctype.h>
#include <stdarg.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "io/tensor_io.h"
#include "types/fpdecimal.h"
#include "types/fpprint.h"
#include "util/mem.h"

/* Nodes visited while flattening; bounds the work a document full of aliases
 * to one big list could cause. */
#define YAML_MAX_VISITS (INT64_C(1) << 26)

static void node_error(io_error *err, const char *name, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void node_error(io_error *err, const char *name, const yaml_node_t *n, const char *fmt, ...)
{
    char msg[sizeof err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    io_errorf(err, "%s:%lu:%lu: error: %.*s", name, (unsigned long)n->start_mark.line + 1,
              (unsigned long)n->start_mark.column + 1, 500, msg);
}

static const char *scalar(const yaml_node_t *n) { return (const char *)n->data.scalar.value; }

/* ---- flattening nested sequences ---------------------------------------- */

typedef struct {
    yaml_document_t *doc;
    int ndims;        /* dims seen so far (depth of sequences) */
    int64_t dims[SHAPE_MAX_RANK + 2];
    int leaf_depth;   /* -1 until the first scalar */
    yaml_node_t **leaves;
    int64_t nleaves, cap;
    int64_t visits;
    const yaml_node_t *bad; /* node of the first inconsistency */
    const char *why;
} flat;

static bool push_leaf(flat *f, yaml_node_t *n)
{
    if (f->nleaves == f->cap) {
        int64_t cap = f->cap ? f->cap * 2 : 64;
        yaml_node_t **p = mem_realloc(f->leaves, (size_t)cap * sizeof *p);
        if (!p) {
            f->why = "out of memory";
            f->bad = n;
            return false;
        }
        f->leaves = p;
        f->cap = cap;
    }
    f->leaves[f->nleaves++] = n;
    return true;
}

static bool walk(flat *f, yaml_node_t *n, int depth)
{
    if (++f->visits > YAML_MAX_VISITS) {
        f->bad = n;
        f->why = "too many elements";
        return false;
    }
    if (n->type == YAML_SCALAR_NODE) {
        if (f->leaf_depth < 0)
            f->leaf_depth = depth;
        if (f->leaf_depth != depth || depth < f->ndims) {
            f->bad = n;
            f->why = "nesting is not consistent (a value where a list was expected or vice versa)";
            return false;
        }
        return push_leaf(f, n);
    }
    if (n->type != YAML_SEQUENCE_NODE) {
        f->bad = n;
        f->why = "expected a list or a scalar value";
        return false;
    }
    if (depth >= SHAPE_MAX_RANK + 1 || (f->leaf_depth >= 0 && depth >= f->leaf_depth)) {
        f->bad = n;
        f->why = "nesting is too deep or not consistent";
        return false;
    }
    int64_t len = n->data.sequence.items.top - n->data.sequence.items.start;
    if (depth == f->ndims) {
        f->dims[f->ndims++] = len;
    } else if (f->dims[depth] != len) {
        f->bad = n;
        f->why = "lists at the same depth have different lengths";
        return false;
    }
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        yaml_node_t *child = yaml_document_get_node(f->doc, *it);
        if (!child || !walk(f, child, depth + 1))
            return false;
    }
    return true;
}

/* ---- scalars --------------------------------------------------------------- */

/* Unsigned integer in decimal or 0x hex; false when not one or on overflow. */
static bool parse_u64(const char *s, uint64_t *out, bool *hex)
{
    *hex = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'));
    const char *p = *hex ? s + 2 : s;
    unsigned base = *hex ? 16 : 10;
    if (!*p)
        return false;
    uint64_t v = 0;
    for (; *p; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (*hex && isxdigit((unsigned char)*p))
            d = (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
        else if (*p == '_')
            continue; /* YAML 1.1 digit separators */
        else
            return false;
        if (v > (UINT64_MAX - d) / base)
            return false;
        v = v * base + d;
    }
    *out = v;
    return true;
}

static uint64_t low_mask(unsigned bits) { return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1; }

/* One float component from value text. */
static bool float_value(fp_id f, const char *s, uint64_t *bits, const char **why)
{
    const fp_format *d = fp_fmt(f);
    bool neg = false;
    const char *p = s;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    uint64_t v;
    bool hex;
    if (!neg && p == s && parse_u64(p, &v, &hex) && hex) {
        if (v > d->mask) {
            *why = "hex pattern '%s' is wider than %s";
            return false;
        }
        *bits = v;
        return true;
    }
    const char *q = *p == '.' && isalpha((unsigned char)p[1]) ? p + 1 : p; /* YAML's .inf */
    if (strcasecmp(q, "inf") == 0 || strcasecmp(q, "infinity") == 0) {
        if (!d->has_inf) {
            *why = "'%s': %s has no infinity (write the pattern in hex)";
            return false;
        }
        fp_value iv = { .cls = FPC_INF, .neg = neg };
        *bits = fp_encode(f, &iv, FPR_RNE, 0);
        return true;
    }
    if (strcasecmp(q, "nan") == 0) {
        if (d->nan == FPN_NONE) {
            *why = "'%s': %s has no NaN";
            return false;
        }
        *bits = d->canon_nan | (neg ? d->sign_mask : 0);
        return true;
    }
    const char *dec = *s == '+' ? s + 1 : s; /* fp_from_decimal takes no '+' */
    if (fp_from_decimal(f, dec, strlen(dec), FPR_RNE, 0, bits) != 0) {
        *why = "'%s' is not a number of %s";
        return false;
    }
    return true;
}

/* Converts one leaf (one element, or one complex component when `part` is
 * set) into bits. */
static bool leaf_bits(et_id elem, bool use_bits, const yaml_node_t *n, uint64_t *bits,
                      const char *name, io_error *err)
{
    const et_traits *tr = et_get(elem);
    const char *s = scalar(n);
    const char *why = NULL;
    uint64_t v;
    bool hex;
    if (use_bits) {
        if (!parse_u64(s, &v, &hex) || v > low_mask(tr->value_bits)) {
            node_error(err, name, n, "bit pattern '%s' is not an unsigned integer that fits %s", s,
                       tr->name);
            return false;
        }
        *bits = v;
        return true;
    }
    switch (tr->kind) {
    case EK_BOOL:
        if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 || strcmp(s, "1") == 0)
            *bits = 1;
        else if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0 || strcmp(s, "0") == 0)
            *bits = 0;
        else
            why = "'%s' is not a %s value (true, false, 1, 0)";
        break;
    case EK_SINT:
    case EK_UINT: {
        bool neg = s[0] == '-';
        const char *p = neg || s[0] == '+' ? s + 1 : s;
        if (!parse_u64(p, &v, &hex)) {
            why = "'%s' is not an integer of %s";
            break;
        }
        unsigned nb = tr->value_bits;
        if (hex && !neg) {
            if (v > low_mask(nb))
                why = "hex pattern '%s' is wider than %s";
            *bits = v;
        } else if (tr->kind == EK_UINT) {
            if (neg && v != 0)
                why = "'%s' is negative, %s is unsigned";
            else if (v > low_mask(nb))
                why = "'%s' is out of the range of %s";
            *bits = v;
        } else {
            uint64_t lim = UINT64_C(1) << (nb - 1); /* |min| */
            if ((neg && v > lim) || (!neg && v > lim - 1))
                why = "'%s' is out of the range of %s";
            *bits = (neg ? 0 - v : v) & low_mask(nb);
        }
        break;
    }
    default:
        if (!float_value(tr->fmt, s, bits, &why))
            break;
        break;
    }
    if (why) {
        node_error(err, name, n, why, s, tr->name);
        return false;
    }
    return true;
}

static bool read_shape_node(yaml_document_t *doc, yaml_node_t *n, tensor_type *t, const char *name,
                            io_error *err)
{
    t->rank = 0;
    if (n->type == YAML_SCALAR_NODE) {
        if (io_parse_shape(scalar(n), t) == IRRUN_OK)
            return true;
    } else if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
             it++) {
            yaml_node_t *d = yaml_document_get_node(doc, *it);
            uint64_t v;
            bool hex;
            if (!d || d->type != YAML_SCALAR_NODE || t->rank == SHAPE_MAX_RANK ||
                !parse_u64(scalar(d), &v, &hex) || hex || v > (uint64_t)SHAPE_MAX_ELEMENTS) {
                node_error(err, name, d ? d : n, "bad dimension in shape");
                return false;
            }
            t->dims[t->rank++] = (int64_t)v;
        }
        if (shape_count(t) >= 0)
            return true;
    }
    node_error(err, name, n, "shape must be a list of dimensions like [2, 3] (or \"2x3\")");
    return false;
}

static bool is_embedding_key(const char *key)
{
    static const char *const keys[] = { "file", "literal", "rule", "ulp", "atol", "rtol",
                                        "nan", "signed_zero", "inf", "name" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(key, keys[i]) == 0)
            return true;
    return false;
}

tensor *io_yaml_node_tensor(yaml_document_t *doc, yaml_node_t *node, const char *name,
                            const io_expect *expect, io_error *err)
{
    if (!node || node->type != YAML_MAPPING_NODE) {
        if (node)
            node_error(err, name, node, "a tensor must be a mapping with type, shape and values or bits");
        else
            io_errorf(err, "%s: error: empty document", name);
        return NULL;
    }
    et_id elem = expect->elem;
    const et_traits *tr = et_get(elem);
    yaml_node_t *shape_node = NULL, *data_node = NULL;
    bool use_bits = false, have_shape = false;
    tensor_type shape = { .elem = elem };
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        yaml_node_t *v = yaml_document_get_node(doc, p->value);
        if (!k || !v)
            continue;
        const char *key = k->type == YAML_SCALAR_NODE ? scalar(k) : "";
        if (strcmp(key, "type") == 0) {
            if (v->type != YAML_SCALAR_NODE) {
                node_error(err, name, v, "type must be an element type such as f8E4M3FN");
                return NULL;
            }
            int t = et_lookup(scalar(v), strlen(scalar(v)));
            if (t < 0) {
                node_error(err, name, v, "unknown element type '%s' (expected %s)", scalar(v),
                           tr->name);
                return NULL;
            }
            if ((et_id)t != elem) {
                node_error(err, name, v, "the file says type %s but the expected type is %s",
                           scalar(v), tr->name);
                return NULL;
            }
        } else if (strcmp(key, "shape") == 0) {
            shape_node = v;
        } else if (strcmp(key, "values") == 0 || strcmp(key, "bits") == 0) {
            if (data_node) {
                node_error(err, name, k, "give one of 'values' and 'bits'");
                return NULL;
            }
            data_node = v;
            use_bits = key[0] == 'b';
        } else if (is_embedding_key(key)) {
            /* keys of the manifest items that embed this form (golden-files.md);
             * the manifest reader checks them */
        } else {
            node_error(err, name, k, "unknown key '%s' (type, shape, values, bits)", key);
            return NULL;
        }
    }
    if (shape_node) {
        if (!read_shape_node(doc, shape_node, &shape, name, err))
            return NULL;
        have_shape = true;
    }
    if (!data_node) {
        node_error(err, name, node, "missing 'values' or 'bits'");
        return NULL;
    }
    flat f = { .doc = doc, .leaf_depth = -1 };
    if (!walk(&f, data_node, 0)) {
        node_error(err, name, f.bad, "%s", f.why);
        mem_free(f.leaves);
        return NULL;
    }
    bool complex = tr->kind == EK_COMPLEX;
    /* the shape the nesting implies; complex drops the innermost [re, im] */
    tensor_type nested = { .elem = elem, .rank = f.ndims };
    memcpy(nested.dims, f.dims, sizeof(int64_t) * (size_t)f.ndims);
    bool pairs_ok = true;
    if (complex) {
        if (f.leaf_depth >= 0 && (f.ndims == 0 || f.dims[f.ndims - 1] != 2))
            pairs_ok = false;
        else if (f.ndims > 0 && f.leaf_depth >= 0)
            nested.rank--;
    }
    if (!pairs_ok) {
        node_error(err, name, data_node, "complex elements must be [re, im] pairs");
        mem_free(f.leaves);
        return NULL;
    }
    int64_t per = complex ? 2 : 1;
    tensor_type type = have_shape ? shape : nested;
    if (have_shape && !shape_same_dims(&shape, &nested)) {
        /* a flat list (or a single scalar for rank 0) is fine when the count
         * matches */
        bool flat_ok = nested.rank <= 1 && f.nleaves == shape_count(&shape) * per;
        if (!flat_ok) {
            char a[SHAPE_MAX_RANK * 21 + 64], b[SHAPE_MAX_RANK * 21 + 64];
            shape_format(&nested, a, (int)sizeof a);
            shape_format(&shape, b, (int)sizeof b);
            node_error(err, name, data_node, "the values have the shape of %s but shape says %s", a, b);
            mem_free(f.leaves);
            return NULL;
        }
    }
    if (expect->rank >= 0 && !shape_same_dims(&type, expect)) {
        char a[SHAPE_MAX_RANK * 21 + 64], b[SHAPE_MAX_RANK * 21 + 64];
        shape_format(&type, a, (int)sizeof a);
        shape_format(expect, b, (int)sizeof b);
        node_error(err, name, shape_node ? shape_node : data_node,
                   "the file holds %s but the expected type is %s", a, b);
        mem_free(f.leaves);
        return NULL;
    }
    tensor *t = tensor_new(&type);
    if (!t) {
        io_errorf(err, "%s: error: out of memory or tensor too large", name);
        mem_free(f.leaves);
        return NULL;
    }
    et_id part = et_part(elem);
    unsigned char *d = t->data;
    size_t pb = et_get(part)->bytes;
    for (int64_t i = 0; i < f.nleaves; i++) {
        uint64_t bits;
        if (!leaf_bits(part, use_bits, f.leaves[i], &bits, name, err)) {
            tensor_release(t);
            mem_free(f.leaves);
            return NULL;
        }
        et_store_bits(part, d + (size_t)i * pb, bits);
    }
    mem_free(f.leaves);
    return t;
}

irrun_status io_yaml_check_nesting(const unsigned char *buf, size_t len, const char *name, io_error *err)
{
    int depth = 0;
    unsigned long line = 1, col = 0;
    enum { PLAIN, SQUOTE, DQUOTE, COMMENT } state = PLAIN;
    unsigned char prev = '\n';
    for (size_t i = 0; i < len; i++, prev = buf[i - 1]) {
        unsigned char c = buf[i];
        col++;
        if (c == '\n') {
            line++;
            col = 0;
            if (state == COMMENT)
                state = PLAIN;
            continue;
        }
        switch (state) {
        case COMMENT:
            break;
        case SQUOTE:
            if (c == '\'')
                state = PLAIN; /* '' inside reads as close-then-open: same depth */
            break;
        case DQUOTE:
            if (c == '\\' && i + 1 < len && buf[i + 1] != '\n') {
                i++;
                col++;
            } else if (c == '"') {
                state = PLAIN;
            }
            break;
        case PLAIN:
            if (c == '#' && (prev == ' ' || prev == '\t' || prev == '\n'))
                state = COMMENT;
            else if (c == '\'')
                state = SQUOTE;
            else if (c == '"')
                state = DQUOTE;
            else if (c == '[' || c == '{') {
                if (++depth > IO_YAML_MAX_NESTING) {
                    io_errorf(err, "%s:%lu:%lu: error: YAML nesting deeper than %d levels", name, line, col,
                              IO_YAML_MAX_NESTING);
                    return IRRUN_BAD_INPUT;
                }
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
            break;
        }
    }
    return IRRUN_OK;
}

irrun_status io_yaml_no_second_document(yaml_parser_t *parser, const char *name, io_error *err)
{
    yaml_document_t extra;
    if (!yaml_parser_load(parser, &extra)) {
        io_errorf(err, "%s:%lu:%lu: error: YAML: %s%s%s", name,
                  (unsigned long)parser->problem_mark.line + 1,
                  (unsigned long)parser->problem_mark.column + 1,
                  parser->problem ? parser->problem : "malformed", parser->context ? " " : "",
                  parser->context ? parser->context : "");
        return parser->error == YAML_MEMORY_ERROR ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    }
    yaml_node_t *root = yaml_document_get_root_node(&extra);
    irrun_status rc = IRRUN_OK;
    if (root) {
        io_errorf(err, "%s:%lu:%lu: error: a second YAML document: the file must hold exactly one", name,
                  (unsigned long)extra.start_mark.line + 1, (unsigned long)extra.start_mark.column + 1);
        rc = IRRUN_BAD_INPUT;
    }
    yaml_document_delete(&extra);
    return rc;
}

tensor *io_read_yaml(const unsigned char *buf, size_t len, const char *name,
                     const io_expect *expect, io_error *err)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        io_errorf(err, "%s: error: out of memory", name);
        return NULL;
    }
    if (io_yaml_check_nesting(buf, len, name, err) != IRRUN_OK) {
        yaml_parser_delete(&parser);
        return NULL;
    }
    yaml_parser_set_input_string(&parser, buf, len);
    if (!yaml_parser_load(&parser, &doc)) {
        io_errorf(err, "%s:%lu:%lu: error: YAML: %s%s%s", name,
                  (unsigned long)parser.problem_mark.line + 1,
                  (unsigned long)parser.problem_mark.column + 1,
                  parser.problem ? parser.problem : "malformed",
                  parser.context ? " " : "", parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        return NULL;
    }
    tensor *t = NULL;
    if (io_yaml_no_second_document(&parser, name, err) == IRRUN_OK)
        t = io_yaml_node_tensor(&doc, yaml_document_get_root_node(&doc), name, expect, err);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    return t;
}

/* ---- writer ------------------------------------------------------------------ */

static irrun_status write_values(FILE *out, const tensor *t, int dim, int64_t *at)
{
    const unsigned char *d = t->data;
    size_t eb = et_get(t->type.elem)->bytes;
    if (dim == t->type.rank) {
        char text[IO_ELEM_TEXT];
        io_elem_value_text(t->type.elem, d + (size_t)*at * eb, text);
        (*at)++;
        return fputs(text, out) < 0 ? IRRUN_BAD_INPUT : IRRUN_OK;
    }
    fputc('[', out);
    for (int64_t i = 0; i < t->type.dims[dim]; i++) {
        if (i) {
            if (dim < t->type.rank - 1)
                fprintf(out, ",\n%*s", 9 + dim, "");
            else
                fputs(", ", out);
        }
        irrun_status s = write_values(out, t, dim + 1, at);
        if (s != IRRUN_OK)
            return s;
    }
    fputc(']', out);
    return IRRUN_OK;
}

irrun_status io_write_yaml(FILE *out, const tensor *t)
{
    fprintf(out, "# ir-run tensor; docs/tensor-files.md\n");
    fprintf(out, "type: %s\nshape: [", et_get(t->type.elem)->name);
    for (int d = 0; d < t->type.rank; d++)
        fprintf(out, "%s%" PRId64, d ? ", " : "", t->type.dims[d]);
    /* values as REF prints them: they round back to the same patterns
     * (NaN and Inf are printed as hex patterns, which read back exactly) */
    fprintf(out, "]\nvalues: ");
    int64_t at = 0;
    if (t->count == 0)
        fputs("[]", out); /* the flat form: nesting empty rows would cost
                             the product of the other dimensions */
    else if (write_values(out, t, 0, &at) != IRRUN_OK)
        return IRRUN_BAD_INPUT;
    fputc('\n', out);
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}
