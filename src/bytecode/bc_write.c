/* The bytecode writer: a checked module as MLIR bytecode of the VHLO dialect
 * at a target version, as StableHLO's serializePortableArtifact writes it
 * (StablehloLegalizeToVhlo, VhloToVersion, MLIR's BytecodeWriter): the
 * container and its tables here, each op's VHLO attributes in
 * bc_write_ops.c. The reader's tables drive it: the op rows of
 * bc_vhlo_ops.h (name, versions, attributes), the VHLO type codes and enum
 * names of bc_attr.c. docs/bytecode.md "Writing" says what is written. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc.h"
#include "bytecode/bc_internal.h"
#include "bytecode/bc_write.h"
#include "bytecode/bc_write_internal.h"
#include "util/mem.h"

/* bytecode format versions (MLIR's Encoding.h), as the reader names them */
enum { V_DIALECT_VERSIONING = 1, V_LAZY_LOADING = 2, V_USE_LIST_ORDERING = 3, V_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4 };
enum { SEC_STRING = 0, SEC_DIALECT = 1, SEC_ATTRTYPE = 2, SEC_ATTRTYPE_OFFSET = 3, SEC_IR = 4, SEC_PROPERTIES = 5 };
enum { M_ATTRS = 0x01, M_RESULTS = 0x02, M_OPERANDS = 0x04, M_REGIONS = 0x10 };

static int major_minor_patch(const char *s, int v[3]);

/* ---- errors and memory ------------------------------------------------------ */

void bw_fail(bw *w, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(w->src, loc, fmt, ap);
    va_end(ap);
    longjmp(w->fail, 1);
}

static void grow(bw *w, void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size)
            bw_fail(w, w->at, "out of memory");
        c *= 2;
    }
    void *n = mem_realloc(*p, c * size);
    if (!n)
        bw_fail(w, w->at, "out of memory");
    *p = n;
    *cap = c;
}

void bw_bytes(bw *w, bw_buf *b, const void *p, size_t n)
{
    if (n > SIZE_MAX - b->n)
        bw_fail(w, w->at, "out of memory");
    grow(w, (void **)&b->p, &b->cap, b->n + n, 1);
    if (n)
        memcpy(b->p + b->n, p, n);
    b->n += n;
}

void bw_byte(bw *w, bw_buf *b, uint8_t v)
{
    bw_bytes(w, b, &v, 1);
}

/* MLIR's PrefixVarInt: the trailing zeros of the first byte count the bytes
 * that follow (bc_varint reads it). */
void bw_varint(bw *w, bw_buf *b, uint64_t v)
{
    uint8_t out[9];
    unsigned n = 1;
    while (n < 9 && (n == 8 || v >= (UINT64_C(1) << (7 * n))))
        n++;
    if (n == 9) {
        out[0] = 0;
        for (int i = 0; i < 8; i++)
            out[1 + i] = (uint8_t)(v >> (8 * i));
    } else {
        uint64_t e = (v << n) | (UINT64_C(1) << (n - 1));
        for (unsigned i = 0; i < n; i++)
            out[i] = (uint8_t)(e >> (8 * i));
    }
    bw_bytes(w, b, out, n);
}

void bw_svarint(bw *w, bw_buf *b, int64_t v)
{
    bw_varint(w, b, ((uint64_t)v << 1) ^ (uint64_t)(v < 0 ? -1 : 0));
}

/* ---- tables: strings, dialects, op names, attributes and types ------------- */

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * UINT64_C(1099511628211);
    return h;
}

/* Interning in one table: entries are (kind, dialect, bytes) kept in w->data. */
static int intern_ext(bw *w, int kind, int dialect, bool custom, const void *p, size_t n, const uint8_t *ext,
                      size_t ext_len);

static int intern(bw *w, int kind, int dialect, bool custom, const void *p, size_t n)
{
    return intern_ext(w, kind, dialect, custom, p, n, NULL, 0);
}

/* An entry of n bytes at p followed by ext_len bytes at ext, which stay
 * where they are (a large tensor's bytes are copied once, into the output). */
static int intern_ext(bw *w, int kind, int dialect, bool custom, const void *p, size_t n, const uint8_t *ext,
                      size_t ext_len)
{
    uint64_t h = hash_bytes(UINT64_C(14695981039346656037) ^ (uint64_t)(kind * 31 + dialect * 2 + custom), p, n);
    h = hash_bytes(h, ext, ext_len);
    if (w->nentries * 2 + 2 > w->slots_cap) {
        size_t cap = w->slots_cap ? w->slots_cap * 2 : 256;
        if (cap > SIZE_MAX / sizeof(int))
            bw_fail(w, w->at, "out of memory");
        int *s = mem_alloc(cap * sizeof *s);
        if (!s)
            bw_fail(w, w->at, "out of memory");
        for (size_t i = 0; i < cap; i++)
            s[i] = -1;
        for (size_t i = 0; i < w->nentries; i++) {
            size_t k = (size_t)w->entries[i].hash & (cap - 1);
            while (s[k] >= 0)
                k = (k + 1) & (cap - 1);
            s[k] = (int)i;
        }
        mem_free(w->slots);
        w->slots = s;
        w->slots_cap = cap;
    }
    size_t k = (size_t)h & (w->slots_cap - 1);
    for (; w->slots[k] >= 0; k = (k + 1) & (w->slots_cap - 1)) {
        const bw_entry *e = &w->entries[w->slots[k]];
        if (e->hash == h && e->kind == kind && e->dialect == dialect && e->custom == custom && e->len == n &&
            memcmp(w->data.p + e->off, p, n) == 0 && e->ext_len == ext_len &&
            (ext_len == 0 || memcmp(e->ext, ext, ext_len) == 0))
            return e->index;
    }
    grow(w, (void **)&w->entries, &w->entries_cap, w->nentries + 1, sizeof *w->entries);
    bw_entry *e = &w->entries[w->nentries];
    e->hash = h;
    e->kind = kind;
    e->dialect = dialect;
    e->custom = custom;
    e->off = w->data.n;
    e->len = n;
    e->ext = ext;
    e->ext_len = ext_len;
    e->index = (int)w->count[kind]++;
    bw_bytes(w, &w->data, p, n);
    w->slots[k] = (int)w->nentries++;
    return e->index;
}

uint64_t bw_string(bw *w, const char *s, size_t n)
{
    return (uint64_t)intern(w, BW_STRING, 0, true, s, n);
}

int bw_dialect(bw *w, const char *name)
{
    for (int i = 0; i < w->ndialects; i++)
        if (strcmp(w->dialects[i], name) == 0)
            return i;
    if (w->ndialects == BW_MAX_DIALECTS)
        bw_fail(w, w->at, "more than %d dialects", BW_MAX_DIALECTS);
    char *copy = bw_alloc(w, strlen(name) + 1);
    strcpy(copy, name);
    w->dialects[w->ndialects] = copy;
    (void)bw_string(w, name, strlen(name));
    return w->ndialects++;
}

static uint64_t op_name(bw *w, const char *dialect, const char *name)
{
    int d = bw_dialect(w, dialect);
    uint64_t s = bw_string(w, name, strlen(name));
    char key[16];
    memcpy(key, &d, sizeof d);
    memcpy(key + sizeof d, &s, sizeof s);
    return (uint64_t)intern(w, BW_OPNAME, d, true, key, sizeof d + sizeof s);
}

/* An attribute or type whose encoding is in b (dialect d): its index. */
uint64_t bw_attr(bw *w, int d, const bw_buf *b)
{
    return (uint64_t)intern(w, BW_ATTR, d, true, b->p, b->n);
}

uint64_t bw_type_entry(bw *w, int d, const bw_buf *b)
{
    return (uint64_t)intern(w, BW_TYPE, d, true, b->p, b->n);
}

/* An entry in assembly form (its text, NUL-terminated): what MLIR's reader
 * parses for an attribute or type without a bytecode encoding. */
static uint64_t asm_entry(bw *w, int kind, int d, const char *text)
{
    return (uint64_t)intern(w, kind, d, false, text, strlen(text) + 1);
}

/* An attribute of dialect `dialect` in its assembly form (chlo's enums). */
uint64_t bw_asm_attr(bw *w, const char *dialect, const char *text)
{
    return asm_entry(w, BW_ATTR, bw_dialect(w, dialect), text);
}

/* A scratch buffer for one entry's encoding (a stack: entries nest). */
bw_buf *bw_open(bw *w)
{
    if (w->ntmp == BW_MAX_TMP)
        bw_fail(w, w->at, "attributes nested too deeply");
    bw_buf *b = &w->tmp[w->ntmp++];
    b->n = 0;
    return b;
}

void bw_close(bw *w)
{
    w->ntmp--;
}

/* ---- types ------------------------------------------------------------------- */

/* refuses what VHLO got at version `since`, later than the target */
void bw_since(bw *w, const char *since, const char *what)
{
    int v[3];
    if (major_minor_patch(since, v) && bw_version_cmp(w->target, v) < 0)
        bw_fail(w, w->at, "%s needs VHLO %s or newer; the target is %s", what, since, w->target_text);
}

static uint64_t elem_type(bw *w, et_id e, bool builtin)
{
    const char *name = et_get(e)->name;
    bw_buf *b = bw_open(w);
    uint64_t r;
    if (builtin) {
        const et_traits *t = et_get(e);
        int d = bw_dialect(w, "builtin");
        if (t->kind == EK_COMPLEX) {
            uint64_t part = elem_type(w, t->part, true);
            bw_varint(w, b, 9);
            bw_varint(w, b, part);
            r = bw_type_entry(w, d, b);
        } else if (t->kind != EK_FLOAT) {
            bw_varint(w, b, 0);
            bw_varint(w, b, ((uint64_t)t->value_bits << 2) | (t->kind == EK_UINT ? 2 : 0));
            r = bw_type_entry(w, d, b);
        } else {
            static const struct {
                const char *name;
                int code;
            } floats[] = { { "bf16", 3 }, { "f16", 4 }, { "f32", 5 }, { "f64", 6 } };
            int code = -1;
            for (size_t i = 0; i < sizeof floats / sizeof *floats; i++)
                if (strcmp(floats[i].name, name) == 0)
                    code = floats[i].code;
            if (code >= 0) {
                bw_varint(w, b, (uint64_t)code);
                r = bw_type_entry(w, d, b);
            } else {
                r = asm_entry(w, BW_TYPE, d, name); /* the FP8, FP6, FP4 formats */
            }
        }
        bw_close(w);
        return r;
    }
    int d = bw_dialect(w, "vhlo");
    if (et_get(e)->kind == EK_COMPLEX) {
        uint64_t part = elem_type(w, et_get(e)->part, false);
        bw_varint(w, b, 1);
        bw_varint(w, b, part);
    } else {
        const char *since;
    int code = bc_vhlo_type_code(name, &since);
        if (code < 0)
            bw_fail(w, w->at, "element type %s has no VHLO type", name);
        bw_since(w, since, name);
        bw_varint(w, b, (uint64_t)code);
    }
    r = bw_type_entry(w, d, b);
    bw_close(w);
    return r;
}

/* the builtin element type e (for a DenseArrayAttr) */
uint64_t bw_type_attr_elem(bw *w, et_id e)
{
    return elem_type(w, e, true);
}

uint64_t bw_type(bw *w, const tensor_type *t, bool builtin)
{
    int d = bw_dialect(w, builtin ? "builtin" : "vhlo");
    switch (shape_kind_of(t)) {
    case SHAPE_TOKEN: {
        if (builtin)
            bw_fail(w, w->at, "a token type outside a VHLO op");
        bw_buf *b = bw_open(w);
        bw_varint(w, b, 22);
        uint64_t r = bw_type_entry(w, d, b);
        bw_close(w);
        return r;
    }
    case SHAPE_TUPLE: {
        if (builtin)
            bw_fail(w, w->at, "a tuple type outside a VHLO op");
        int64_t n = shape_tuple_size(t);
        const tensor_type *parts = shape_tuple_parts(t);
        uint64_t *idx = bw_alloc(w, (size_t)n * sizeof *idx + 1);
        for (int64_t i = 0; i < n; i++)
            idx[i] = bw_type(w, &parts[i], false);
        bw_buf *b = bw_open(w);
        bw_varint(w, b, 23);
        bw_varint(w, b, (uint64_t)n);
        for (int64_t i = 0; i < n; i++)
            bw_varint(w, b, idx[i]);
        uint64_t r = bw_type_entry(w, d, b);
        bw_close(w);
        return r;
    }
    case SHAPE_TENSOR:
        break;
    }
    if (shape_quant_of(t))
        bw_fail(w, w->at, "quantized types are not written as bytecode yet");
    uint64_t e = elem_type(w, t->elem, builtin);
    bool bounded = false;
    for (int i = 0; i < t->rank; i++)
        bounded |= shape_dim_bound(t->dims[i]) >= 0;
    uint64_t enc = 0;
    if (bounded) { /* #stablehlo.bounds<...> as VHLO's type_extensions */
        if (builtin)
            bw_fail(w, w->at, "a bounded type outside a VHLO op");
        bw_buf *a = bw_open(w);
        bw_varint(w, a, 18);
        bw_varint(w, a, (uint64_t)t->rank);
        for (int i = 0; i < t->rank; i++)
            bw_svarint(w, a, shape_dim_bound(t->dims[i]) >= 0 ? shape_dim_bound(t->dims[i]) : INT64_MIN);
        enc = bw_attr(w, d, a);
        bw_close(w);
    }
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 13 : bounded ? 21 : 20);
    if (bounded)
        bw_varint(w, b, enc);
    bw_varint(w, b, (uint64_t)t->rank);
    for (int i = 0; i < t->rank; i++)
        bw_svarint(w, b, shape_dim_dynamic(t->dims[i]) ? INT64_MIN : t->dims[i]);
    bw_varint(w, b, e);
    uint64_t r = bw_type_entry(w, d, b);
    bw_close(w);
    return r;
}

static uint64_t fn_type(bw *w, const tensor_type *in, int nin, const tensor_type *out, int nout)
{
    uint64_t *idx = bw_alloc(w, ((size_t)nin + (size_t)nout) * sizeof *idx + 1);
    for (int i = 0; i < nin; i++)
        idx[i] = bw_type(w, &in[i], false);
    for (int i = 0; i < nout; i++)
        idx[nin + i] = bw_type(w, &out[i], false);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, 8);
    bw_varint(w, b, (uint64_t)nin);
    for (int i = 0; i < nin; i++)
        bw_varint(w, b, idx[i]);
    bw_varint(w, b, (uint64_t)nout);
    for (int i = 0; i < nout; i++)
        bw_varint(w, b, idx[nin + i]);
    uint64_t r = bw_type_entry(w, bw_dialect(w, "vhlo"), b);
    bw_close(w);
    return r;
}

/* ---- attributes the ops share ---------------------------------------------------- */

/* The code of a VHLO attribute (VhloBytecode.cpp's AttributeCode) in the
 * vhlo dialect, or of a builtin one (BuiltinDialectBytecode.td). */
static uint64_t simple(bw *w, bool builtin, uint64_t vhlo_code, uint64_t builtin_code, const uint64_t *args, int nargs)
{
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? builtin_code : vhlo_code);
    for (int i = 0; i < nargs; i++)
        bw_varint(w, b, args[i]);
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

uint64_t bw_str_attr(bw *w, const char *s, size_t n, bool builtin)
{
    uint64_t i = bw_string(w, s, n);
    return simple(w, builtin, 14, 2, &i, 1);
}

uint64_t bw_bool(bw *w, bool v, bool builtin)
{
    if (builtin) {
        tensor_type t = { .elem = ET_I1, .rank = 0 };
        return bw_int_attr(w, &t, v, true);
    }
    uint64_t x = v;
    return simple(w, false, 2, 0, &x, 1);
}

uint64_t bw_list(bw *w, const uint64_t *items, int n, bool builtin)
{
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 0 : 1);
    bw_varint(w, b, (uint64_t)n);
    for (int i = 0; i < n; i++)
        bw_varint(w, b, items[i]);
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

/* A dictionary in the order given: the order the program wrote its kept
 * attributes, which --emit=ir prints back (MLIR sorts a dictionary when it
 * reads one, so its order is free). */
uint64_t bw_dict(bw *w, bw_named *items, int n, bool builtin)
{
    uint64_t *keys = bw_alloc(w, (size_t)n * sizeof *keys + 1);
    for (int i = 0; i < n; i++)
        keys[i] = bw_str_attr(w, items[i].key, strlen(items[i].key), builtin);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 1 : 6);
    bw_varint(w, b, (uint64_t)n);
    for (int i = 0; i < n; i++) {
        bw_varint(w, b, keys[i]);
        bw_varint(w, b, items[i].attr);
    }
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

/* an integer of type t (a rank-0 tensor type names the element type) */
uint64_t bw_int_attr(bw *w, const tensor_type *t, int64_t v, bool builtin)
{
    uint64_t ty = elem_type(w, t->elem, builtin);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 8 : 9);
    bw_varint(w, b, ty);
    if (et_get(t->elem)->value_bits <= 8)
        bw_byte(w, b, (uint8_t)v);
    else
        bw_svarint(w, b, v);
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

uint64_t bw_i64(bw *w, int64_t v)
{
    tensor_type t = { .elem = ET_I64, .rank = 0 };
    return bw_int_attr(w, &t, v, false);
}

uint64_t bw_float_attr(bw *w, et_id e, uint64_t bits, bool builtin)
{
    uint64_t ty = elem_type(w, e, builtin);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 9 : 8);
    bw_varint(w, b, ty);
    if (et_get(e)->value_bits <= 8)
        bw_byte(w, b, (uint8_t)bits);
    else
        bw_svarint(w, b, (int64_t)bits);
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

/* A literal as a dense tensor attribute: its type and MLIR's raw buffer
 * (i1 packed 8 to a byte, one byte per sub-byte element holding its value
 * bits, a splat as its one element), written straight from the literal's
 * bytes when the layouts agree. */
uint64_t bw_literal(bw *w, const ir_literal *l, bool builtin)
{
    uint64_t ty = bw_type(w, &l->type, builtin);
    const et_traits *tr = et_get(l->type.elem);
    bool splat = l->splat && l->count > 1;
    int64_t n = splat ? 1 : l->count;
    bw_buf *b = bw_open(w);
    bw_varint(w, b, builtin ? 18 : 15);
    bw_varint(w, b, ty);
    if (tr->kind == EK_BOOL) {
        if (splat || l->count == 1) {
            bw_varint(w, b, 1);
            bw_byte(w, b, l->data[0] ? (splat ? 0xFF : 1) : 0);
        } else {
            size_t nb = (size_t)(n + 7) / 8;
            bw_varint(w, b, nb);
            for (size_t i = 0; i < nb; i++) {
                uint8_t v = 0;
                for (int k = 0; k < 8 && (int64_t)(i * 8) + k < n; k++)
                    v |= (uint8_t)((l->data[i * 8 + (size_t)k] & 1) << k);
                bw_byte(w, b, v);
            }
        }
    } else {
        size_t nbytes = (size_t)n * tr->bytes;
        bw_varint(w, b, nbytes);
        if (nbytes > 4096 && !(tr->value_bits < 8 && tr->kind != EK_FLOAT)) { /* as they are, not copied */
            uint64_t r = (uint64_t)intern_ext(w, BW_ATTR, bw_dialect(w, builtin ? "builtin" : "vhlo"), true, b->p,
                                              b->n, l->data, nbytes);
            bw_close(w);
            return r;
        }
        if (tr->value_bits < 8 && tr->kind != EK_FLOAT) {
            uint8_t mask = (uint8_t)((1u << tr->value_bits) - 1);
            for (size_t i = 0; i < nbytes; i++)
                bw_byte(w, b, l->data[i] & mask);
        } else {
            bw_bytes(w, b, l->data, nbytes);
        }
    }
    uint64_t r = bw_attr(w, bw_dialect(w, builtin ? "builtin" : "vhlo"), b);
    bw_close(w);
    return r;
}

/* A list of integers as VHLO writes dimension lists: tensor<N x i64>
 * (tensor<N x i1> for booleans), or N/cols x cols for a matrix. */
uint64_t bw_ints(bw *w, const int64_t *v, int n, int64_t cols, bool bools)
{
    return bw_matrix(w, v, cols ? n / cols : n, cols ? cols : -1, bools);
}

/* rows x cols (cols -1: a list of `rows`) */
uint64_t bw_matrix(bw *w, const int64_t *v, int64_t rows, int64_t cols, bool bools)
{
    int n = (int)(cols < 0 ? rows : rows * cols);
    ir_literal l = { 0 };
    l.type.elem = bools ? ET_I1 : ET_I64;
    l.type.rank = cols >= 0 ? 2 : 1;
    l.type.dims[0] = rows;
    l.type.dims[1] = cols;
    l.count = n;
    unsigned char *data = bw_alloc(w, (size_t)n * 8 + 1);
    for (int i = 0; i < n; i++) {
        if (bools)
            data[i] = v[i] != 0;
        else
            for (int k = 0; k < 8; k++)
                data[(size_t)i * 8 + (size_t)k] = (unsigned char)((uint64_t)v[i] >> (8 * k));
    }
    l.data = data;
    l.nbytes = (size_t)n * (bools ? 1 : 8);
    return bw_literal(w, &l, false);
}

/* The value `v` of VHLO enum attribute `code` by its name. */
uint64_t bw_enum(bw *w, int code, const char *name)
{
    const char *kind;
    size_t n;
    const char *const *names = bc_vhlo_enum(code, &kind, &n);
    for (size_t i = 0; names && i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0) {
            uint64_t args[1] = { i };
            return simple(w, false, (uint64_t)code, 0, args, 1);
        }
    bw_fail(w, w->at, "no VHLO value '%s' of enum attribute %d", name, code);
}

uint64_t bw_type_attr(bw *w, uint64_t type, bool builtin)
{
    return simple(w, builtin, 17, 6, &type, 1);
}

uint64_t bw_none_type_attr(bw *w)
{
    bw_buf *b = bw_open(w);
    bw_varint(w, b, 33);
    uint64_t t = bw_type_entry(w, bw_dialect(w, "vhlo"), b);
    bw_close(w);
    return bw_type_attr(w, t, false);
}

/* #stablehlo.result_accuracy<atol = A, rtol = R, ulps = U, mode = M> as
 * VHLO's result_accuracy_v1: the tolerances as binary64 bits, ulps, the
 * mode attribute. */
static uint64_t result_accuracy(bw *w, const pattr *a)
{
    double tol[2] = { 0, 0 };
    int64_t ulps = 0;
    const pattr *mode = NULL;
    for (const pentry *e = a->items.head; e; e = e->next) {
        if (!e->key || !e->val)
            continue;
        const pattr *v = e->val;
        if ((strcmp(e->key, "atol") == 0 || strcmp(e->key, "rtol") == 0) &&
            (v->kind == PA_FLOAT || v->kind == PA_INT))
            tol[e->key[0] == 'r'] = strtod(v->text, NULL) * (v->neg ? -1.0 : 1.0);
        else if (strcmp(e->key, "ulps") == 0 && v->kind == PA_INT)
            ulps = strtoll(v->text, NULL, 0) * (v->neg ? -1 : 1);
        else if (strcmp(e->key, "mode") == 0 && v->kind == PA_ENUM)
            mode = v;
        else
            bw_fail(w, e->loc, "'%s' in a result_accuracy is not written", e->key);
    }
    uint64_t m = mode ? bw_kept(w, mode, false) : bw_enum(w, 19, "DEFAULT");
    bw_buf *b = bw_open(w);
    bw_varint(w, b, 20);
    for (int i = 0; i < 2; i++) {
        uint64_t bits;
        memcpy(&bits, &tol[i], sizeof bits);
        bw_svarint(w, b, (int64_t)bits);
    }
    bw_svarint(w, b, ulps);
    bw_varint(w, b, m);
    uint64_t r = bw_attr(w, bw_dialect(w, "vhlo"), b);
    bw_close(w);
    return r;
}

/* a list of integers written [a, b, ...] as VHLO writes it: count, values */
static void int_list(bw *w, bw_buf *b, const pattr *v, src_loc loc)
{
    if (!v || v->kind != PA_ARRAY)
        bw_fail(w, loc, "an output_operand_alias field that is not a list of integers is not written");
    bw_varint(w, b, (uint64_t)v->items.n);
    for (const pentry *e = v->items.head; e; e = e->next) {
        if (!e->val || e->val->kind != PA_INT)
            bw_fail(w, loc, "an output_operand_alias field that is not a list of integers is not written");
        bw_svarint(w, b, strtoll(e->val->text, NULL, 0) * (e->val->neg ? -1 : 1));
    }
}

/* #stablehlo.output_operand_alias<output_tuple_indices = [..], operand_index
 * = N, operand_tuple_indices = [..]> as VHLO's output_operand_alias_v1 */
static uint64_t output_operand_alias(bw *w, const pattr *a)
{
    const pattr *f[3] = { NULL, NULL, NULL };
    static const char *const names[3] = { "output_tuple_indices", "operand_index", "operand_tuple_indices" };
    for (const pentry *e = a->items.head; e; e = e->next)
        for (int i = 0; i < 3; i++)
            if (e->key && strcmp(e->key, names[i]) == 0)
                f[i] = e->val;
    if (!f[1] || f[1]->kind != PA_INT)
        bw_fail(w, a->loc, "an output_operand_alias without its operand_index is not written");
    bw_buf *b = bw_open(w);
    bw_varint(w, b, 10);
    int_list(w, b, f[0], a->loc);
    bw_svarint(w, b, strtoll(f[1]->text, NULL, 0) * (f[1]->neg ? -1 : 1));
    int_list(w, b, f[2], a->loc);
    uint64_t r = bw_attr(w, bw_dialect(w, "vhlo"), b);
    bw_close(w);
    return r;
}

/* An attribute kept as written (pattr), as convertGeneric makes it VHLO
 * (builtin for the module and the other dialects' ops). */
uint64_t bw_kept(bw *w, const pattr *a, bool builtin)
{
    switch (a->kind) {
    case PA_INT: {
        int64_t v = strtoll(a->text, NULL, 0);
        if (a->neg)
            v = -v;
        tensor_type t = { .elem = ET_I64, .rank = 0 };
        if (a->type && shape_is_tensor(a->type))
            t.elem = a->type->elem;
        else if (a->type_word && et_lookup(a->type_word, strlen(a->type_word)) >= 0)
            t.elem = (et_id)et_lookup(a->type_word, strlen(a->type_word));
        return bw_int_attr(w, &t, v, builtin);
    }
    case PA_WORD:
        if (strcmp(a->text, "true") == 0 || strcmp(a->text, "false") == 0)
            return bw_bool(w, a->text[0] == 't', builtin);
        if (strcmp(a->text, "unit") == 0 && builtin)
            return simple(w, true, 0, 7, NULL, 0);
        break;
    case PA_STRING:
        return bw_str_attr(w, a->text, a->len, builtin);
    case PA_SYMBOL:
        if (builtin) {
            uint64_t s = bw_str_attr(w, a->text, strlen(a->text), true);
            return simple(w, true, 0, 4, &s, 1);
        }
        return bw_str_attr(w, a->text, strlen(a->text), false);
    case PA_ARRAY:
    case PA_DICT: {
        int n = a->items.n, i = 0;
        uint64_t *items = bw_alloc(w, (size_t)n * sizeof *items + 1);
        bw_named *named = bw_alloc(w, (size_t)n * sizeof *named + 1);
        for (const pentry *e = a->items.head; e && i < n; e = e->next, i++) {
            if (!e->val && a->kind == PA_DICT && builtin)
                items[i] = simple(w, true, 0, 7, NULL, 0);
            else if (!e->val)
                bw_fail(w, e->loc, "a unit attribute in a VHLO dictionary is not written: VHLO has none "
                                   "(StableHLO's legalization refuses it too)");
            else
                items[i] = bw_kept(w, e->val, builtin);
            named[i].key = e->key ? e->key : "";
            named[i].attr = items[i];
        }
        return a->kind == PA_ARRAY ? bw_list(w, items, n, builtin) : bw_dict(w, named, n, builtin);
    }
    case PA_INTS:
        return bw_ints(w, a->ints.v, a->ints.n, 0, a->word != NULL);
    case PA_DENSE:
        if (a->lit)
            return bw_literal(w, a->lit, builtin);
        break;
    case PA_TYPE:
        return bw_type_attr(w, bw_type(w, a->type, builtin), builtin);
    case PA_ENUM: { /* #stablehlo<kind VALUE>, #stablehlo.kind<VALUE> */
        const char *kind = a->word2;
        const char *dot = a->text ? strchr(a->text, '.') : NULL;
        if (!kind && dot)
            kind = dot + 1;
        for (int code = 0; kind && !builtin && code < 64; code++) {
            const char *k;
            size_t n;
            if (bc_vhlo_enum(code, &k, &n) && strcmp(k, kind) == 0)
                return bw_enum(w, code, a->word);
        }
        break;
    }
    case PA_FLOAT: { /* f32 and f64 */
        et_id e = ET_F64;
        if (a->type_word && et_lookup(a->type_word, strlen(a->type_word)) >= 0)
            e = (et_id)et_lookup(a->type_word, strlen(a->type_word));
        if (e != ET_F32 && e != ET_F64)
            break;
        double x = strtod(a->text, NULL) * (a->neg ? -1.0 : 1.0);
        uint64_t bits = 0;
        if (e == ET_F32) {
            float f = (float)x;
            uint32_t b32;
            memcpy(&b32, &f, sizeof b32);
            bits = b32;
        } else {
            memcpy(&bits, &x, sizeof bits);
        }
        return bw_float_attr(w, e, bits, builtin);
    }
    case PA_STRUCT:
        if (!builtin && a->text && strcmp(a->text, "#stablehlo.result_accuracy") == 0)
            return result_accuracy(w, a);
        if (!builtin && a->text && strcmp(a->text, "#stablehlo.output_operand_alias") == 0)
            return output_operand_alias(w, a);
        break;
    case PA_ALIAS:
    case PA_LOC:
    case PA_FNTYPE:
    case PA_SDY:
    case PA_OPAQUE:
        break;
    }
    bw_fail(w, a->loc, "this attribute is not written as bytecode yet (ir-run writes integers, f32 and f64 "
                       "floats, booleans, strings, symbols, arrays, dictionaries, dense tensors, types, "
                       "StableHLO enums, result_accuracy and output_operand_alias)");
}

/* ---- ops and regions ------------------------------------------------------------------ */

static int major_minor_patch(const char *s, int v[3])
{
    if (strcmp(s, "current") == 0) {
        v[0] = v[1] = v[2] = 1 << 30;
        return 1;
    }
    char *end;
    for (int i = 0; i < 3; i++) {
        if (*s < '0' || *s > '9')
            return 0;
        long x = strtol(s, &end, 10);
        if (x > 1000000)
            return 0;
        v[i] = (int)x;
        s = end;
        if (i < 2 && *s++ != '.')
            return 0;
    }
    return *s == '\0';
}

int bw_version_cmp(const int a[3], const int b[3])
{
    for (int i = 0; i < 3; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

bool bc_target_version(const char *target, char *buf, size_t size, const char **why)
{
    static const int minimum[3] = { 0, 9, 0 };
    static const int newest[3] = { BC_VHLO_NEWEST_MAJOR, BC_VHLO_NEWEST_MINOR, BC_VHLO_NEWEST_PATCH };
    int v[3];
    if (strcmp(target, "current") == 0)
        memcpy(v, newest, sizeof v);
    else if (strcmp(target, "minimum") == 0)
        memcpy(v, minimum, sizeof v);
    else if (!major_minor_patch(target, v) || v[0] >= 1 << 30) {
        *why = "not a version (expected X.Y.Z, current or minimum)";
        return false;
    }
    if (bw_version_cmp(v, minimum) < 0) {
        *why = "older than 0.9.0, the oldest VHLO version";
        return false;
    }
    if (bw_version_cmp(v, newest) > 0) {
        *why = "newer than " BC_VHLO_NEWEST ", the newest VHLO version ir-run knows";
        return false;
    }
    snprintf(buf, size, "%d.%d.%d", v[0], v[1], v[2]);
    return true;
}

/* Is row `name` a version of op `base` ("gather" for "gather_v2")? */
static bool row_of(const char *name, const char *base)
{
    size_t n = strlen(base);
    if (strncmp(name, base, n) != 0 || name[n] != '_' || name[n + 1] != 'v' || !name[n + 2])
        return false;
    for (const char *p = name + n + 2; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return true;
}

/* The row of op `base` at the target, or an error naming the first version
 * that has it. */
const bc_vhlo_row *bw_row(bw *w, const char *base, const char *shown)
{
    size_t n;
    const bc_vhlo_row *rows = bc_vhlo_op_rows(&n), *first = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!row_of(rows[i].name, base))
            continue;
        int since[3], until[3];
        major_minor_patch(rows[i].since, since);
        major_minor_patch(rows[i].until, until);
        if (bw_version_cmp(since, w->target) <= 0 && bw_version_cmp(w->target, until) <= 0)
            return &rows[i];
        if (!first)
            first = &rows[i];
    }
    if (!first)
        bw_fail(w, w->at, "'%s' is not a VHLO op: it cannot be written as a portable artifact", shown);
    bw_fail(w, w->at, "'%s' needs VHLO %s or newer (vhlo.%s); the target is %s", shown, first->since, first->name,
            w->target_text);
}

/* The first version of op `base` whose row has attribute `key`. */
static const bc_vhlo_row *first_with(const char *base, const char *key)
{
    size_t n;
    const bc_vhlo_row *rows = bc_vhlo_op_rows(&n);
    for (size_t i = 0; i < n; i++)
        if (row_of(rows[i].name, base))
            for (int k = 0; rows[i].attrs[k]; k++)
                if (strcmp(rows[i].attrs[k], key) == 0)
                    return &rows[i];
    return NULL;
}

/* The first version of op `base` after `row` whose row lacks `key`. */
static const bc_vhlo_row *first_without(const char *base, const char *key, const bc_vhlo_row *row)
{
    size_t n;
    const bc_vhlo_row *rows = bc_vhlo_op_rows(&n);
    for (size_t i = (size_t)(row - rows) + 1; i < n; i++) {
        if (!row_of(rows[i].name, base))
            continue;
        bool has = false;
        for (int k = 0; rows[i].attrs[k]; k++)
            has |= strcmp(rows[i].attrs[k], key) == 0;
        if (!has)
            return &rows[i];
    }
    return NULL;
}

static void write_block(bw *w, bw_buf *out, const ir_func *f, const ir_block *blk, size_t base);

/* an isolated region's own IR section (bytecode 2 and later) */
static bw_buf *nested_open(bw *w)
{
    if (w->nopen == (int)(sizeof w->nested / sizeof *w->nested))
        bw_fail(w, w->at, "isolated regions nested too deeply");
    bw_buf *b = &w->nested[w->nopen++];
    b->n = 0;
    return b;
}

static void nested_close(bw *w, bw_buf *out)
{
    bw_buf *b = &w->nested[--w->nopen];
    bw_byte(w, out, SEC_IR);
    bw_varint(w, out, b->n);
    bw_bytes(w, out, b->p, b->n);
}

static void write_regions(bw *w, bw_buf *out, const ir_func *f, const ir_block *regions, int n, size_t base,
                          bool isolated)
{
    bw_varint(w, out, ((uint64_t)n << 1) | isolated);
    bw_buf *into = out;
    if (isolated && w->version >= V_LAZY_LOADING)
        into = nested_open(w);
    for (int i = 0; i < n; i++)
        write_block(w, into, f, &regions[i], base);
    if (into != out)
        nested_close(w, out);
}

static void write_op(bw *w, bw_buf *out, const ir_func *f, const ir_op *o, size_t base);

/* One region (a single block): its values are numbered from `base`, the
 * values of the regions around it below (bc_read.c's model). */
static void write_block(bw *w, bw_buf *out, const ir_func *f, const ir_block *blk, size_t base)
{
    size_t nvalues = (size_t)blk->nargs;
    for (int i = 0; i < blk->nops; i++)
        nvalues += (size_t)blk->ops[i].nresults;
    bw_varint(w, out, 1); /* one block */
    bw_varint(w, out, nvalues);
    bw_varint(w, out, ((uint64_t)blk->nops << 1) | (blk->nargs > 0));
    size_t next = base;
    if (blk->nargs > 0) {
        bw_varint(w, out, (uint64_t)blk->nargs);
        for (int i = 0; i < blk->nargs; i++) {
            uint64_t t = bw_type(w, &blk->arg_types[i], false);
            if (w->version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
                bw_varint(w, out, t << 1);
            } else {
                bw_varint(w, out, t);
                bw_varint(w, out, w->unknown_loc);
            }
            w->vmap[blk->args[i]] = next++;
        }
        if (w->version >= V_USE_LIST_ORDERING)
            bw_byte(w, out, 0);
    }
    size_t inner = base + nvalues;
    for (int i = 0; i < blk->nops; i++) {
        const ir_op *o = &blk->ops[i];
        write_op(w, out, f, o, inner);
        for (int k = 0; k < o->nresults; k++)
            w->vmap[o->results[k]] = next++;
    }
}

/* The attribute dictionary of an op: the VHLO attributes the op's row at
 * the target lists (an attribute a later version added must hold its
 * default, else the op cannot be written), then the kept ones. */
static uint64_t vhlo_attr_dict(bw *w, const ir_op *o, const char *base, const bc_vhlo_row *row, bw_attrs *at)
{
    int nrow = 0;
    while (row->attrs[nrow])
        nrow++;
    bw_named *items = bw_alloc(w, ((size_t)at->n + (size_t)o->extra.n) * sizeof *items + 1);
    int n = 0;
    for (int i = 0; i < at->n; i++) {
        bool listed = false;
        for (int k = 0; k < nrow; k++)
            listed |= strcmp(row->attrs[k], at->v[i].key) == 0;
        if (listed) {
            items[n].key = at->v[i].key;
            items[n++].attr = at->v[i].attr;
        } else if (!at->is_default[i]) {
            const bc_vhlo_row *first = first_with(base, at->v[i].key);
            bw_fail(w, o->loc, "'%s' with attribute '%s' needs VHLO %s or newer (vhlo.%s); the target is %s",
                    ir_op_name(o->kind), at->v[i].key, first ? first->since : "?", first ? first->name : "?",
                    w->target_text);
        }
    }
    for (int k = 0; k < nrow; k++) {
        bool have = false;
        for (int i = 0; i < n; i++)
            have |= strcmp(items[i].key, row->attrs[k]) == 0;
        if (!have) {
            /* an attribute a later version dropped (dynamic_conv_v1's padding, an operand
               from v2 on): the version that dropped it is the first ir-run writes */
            const bc_vhlo_row *later = first_without(base, row->attrs[k], row);
            if (later)
                bw_fail(w, o->loc, "'%s' needs VHLO %s or newer (vhlo.%s; vhlo.%s before it has attribute '%s', "
                        "which ir-run does not write); the target is %s", ir_op_name(o->kind), later->since,
                        later->name, row->name, row->attrs[k], w->target_text);
            bw_fail(w, o->loc, "'%s': its attribute '%s' (vhlo.%s) is not written yet", ir_op_name(o->kind),
                    row->attrs[k], row->name);
        }
    }
    int i = 0;
    for (const pentry *e = o->extra.head; e && i < o->extra.n; e = e->next, i++) {
        bool taken = false; /* an attribute of the op's row, written above */
        for (int k = 0; k < at->n; k++)
            taken |= strcmp(at->v[k].key, e->key) == 0;
        if (taken)
            continue;
        if (!e->val)
            bw_fail(w, e->loc, "the unit attribute '%s' is not written: VHLO has none (StableHLO's legalization "
                               "refuses it too)", e->key);
        items[n].key = e->key;
        items[n++].attr = bw_kept(w, e->val, false);
    }
    return bw_dict(w, items, n, true); /* an op's dictionary is builtin, its values VHLO */
}

static void write_op(bw *w, bw_buf *out, const ir_func *f, const ir_op *o, size_t base)
{
    src_loc saved = w->at;
    w->at = o->loc;
    const char *name = ir_op_name(o->kind);
    const char *dot = strchr(name, '.');
    char dialect[32];
    snprintf(dialect, sizeof dialect, "%.*s", (int)(dot - name), name);
    bw_attrs at = { 0 };
    uint64_t opname, dict = 0;
    bool has_dict;
    /* a check op written as a custom_call stays one (print.c prints it so) */
    bool as_custom_call = o->kind == IR_OP_CUSTOM_CALL || (ir_op_is_check(o->kind) && o->a.check.custom_call);
    bool vhlo = strcmp(dialect, "stablehlo") == 0 || strcmp(dialect, "func") == 0 || as_custom_call;
    if (vhlo) {
        const char *base_name = o->kind == IR_OP_REGION_RETURN || o->kind == IR_OP_RETURN ? "return"
                                : as_custom_call                                         ? "custom_call"
                                                                                         : dot + 1;
        const bc_vhlo_row *row = bw_row(w, base_name, name);
        bw_op_attrs(w, o, base_name, &at);
        opname = op_name(w, "vhlo", row->name);
        dict = vhlo_attr_dict(w, o, base_name, row, &at);
        has_dict = at.n > 0 || o->extra.n > 0;
    } else {
        if (!bw_foreign_attrs(w, o, &at))
            bw_fail(w, o->loc, "'%s' is not written yet (ir-run writes the StableHLO ops, the check and "
                               "interpreter ops as bytecode)", name);
        opname = op_name(w, dialect, dot + 1);
        for (int i = 0; i < o->extra.n; i++)
            bw_fail(w, o->loc, "'%s': kept attributes on a non-StableHLO op are not written yet", name);
        has_dict = at.n > 0;
        if (has_dict)
            dict = bw_dict(w, at.v, at.n, true);
    }
    uint64_t *rtypes = bw_alloc(w, (size_t)o->nresults * sizeof *rtypes + 1);
    for (int i = 0; i < o->nresults; i++)
        rtypes[i] = bw_type(w, &f->values[o->results[i]].type, false);
    uint8_t mask = (uint8_t)((has_dict ? M_ATTRS : 0) | (o->nresults ? M_RESULTS : 0) |
                             (o->noperands ? M_OPERANDS : 0) | (o->nregions ? M_REGIONS : 0));
    bw_varint(w, out, opname);
    bw_byte(w, out, mask);
    bw_varint(w, out, w->unknown_loc);
    if (has_dict)
        bw_varint(w, out, dict);
    if (o->nresults) {
        bw_varint(w, out, (uint64_t)o->nresults);
        for (int i = 0; i < o->nresults; i++)
            bw_varint(w, out, rtypes[i]);
    }
    if (o->noperands) {
        bw_varint(w, out, (uint64_t)o->noperands);
        for (int i = 0; i < o->noperands; i++)
            bw_varint(w, out, w->vmap[o->operands[i]]);
    }
    if (o->nregions)
        write_regions(w, out, f, o->regions, o->nregions, base, false);
    w->at = saved;
}

static void write_func(bw *w, bw_buf *out, const ir_func *f)
{
    w->at = f->loc;
    const bc_vhlo_row *row = bw_row(w, "func", "func.func");
    bw_named items[5];
    items[0].key = "sym_name";
    items[0].attr = bw_str_attr(w, f->name, strlen(f->name), false);
    items[1].key = "function_type";
    items[1].attr = bw_type_attr(w, fn_type(w, f->arg_types, f->nargs, f->result_types, f->nresults), false);
    items[2].key = "sym_visibility";
    items[2].attr = bw_str_attr(w, f->is_private ? "private" : "", f->is_private ? 7 : 0, false);
    for (int side = 0; side < 2; side++) {
        int n = side ? f->nresults : f->nargs;
        const ir_attrs *x = side ? f->res_attrs : f->arg_attrs;
        bool any = false;
        for (int i = 0; x && i < n; i++)
            any |= x[i].n > 0;
        uint64_t *dicts = bw_alloc(w, (size_t)n * sizeof *dicts + 1);
        for (int i = 0; any && i < n; i++) {
            pattr d = { .kind = PA_DICT };
            d.items.head = (pentry *)x[i].head;
            d.items.n = x[i].n;
            dicts[i] = bw_kept(w, &d, false);
        }
        items[3 + side].key = side ? "res_attrs" : "arg_attrs";
        items[3 + side].attr = bw_list(w, dicts, any ? n : 0, false);
    }
    if (f->attrs.n)
        bw_fail(w, f->loc, "function attributes are not written as bytecode yet");
    (void)row;
    uint64_t dict = bw_dict(w, items, 5, true);
    bw_varint(w, out, op_name(w, "vhlo", row->name));
    bw_byte(w, out, M_ATTRS | M_REGIONS);
    bw_varint(w, out, w->unknown_loc);
    bw_varint(w, out, dict);
    if (!f->has_body) {
        bw_varint(w, out, 2 | 1);
        if (w->version >= V_LAZY_LOADING) {
            bw_byte(w, out, SEC_IR);
            bw_varint(w, out, 1);
        }
        bw_varint(w, out, 0); /* no blocks */
        return;
    }
    w->vmap = bw_alloc(w, (size_t)f->nvalues * sizeof *w->vmap + 1);
    write_regions(w, out, f, &f->body, 1, 0, true);
}

static void write_module(bw *w, bw_buf *ir, const ir_module *m)
{
    src_loc none = { 0, 0 };
    w->at = none;
    /* the module op: builtin, its attributes kept builtin */
    bw_named *items = bw_alloc(w, ((size_t)m->attrs.n + 1) * sizeof *items);
    int n = 0;
    if (m->name) {
        items[n].key = "sym_name";
        items[n++].attr = bw_str_attr(w, m->name, strlen(m->name), true);
    }
    int i = 0;
    for (const pentry *e = m->attrs.head; e && i < m->attrs.n; e = e->next, i++) {
        items[n].key = e->key;
        items[n++].attr = e->val ? bw_kept(w, e->val, true) : simple(w, true, 0, 7, NULL, 0);
    }
    uint64_t dict = n ? bw_dict(w, items, n, true) : 0;
    uint64_t module = op_name(w, "builtin", "module");
    bw_varint(w, ir, 1 << 1); /* the top block: one op */
    bw_varint(w, ir, module);
    bw_byte(w, ir, (uint8_t)((n ? M_ATTRS : 0) | M_REGIONS));
    bw_varint(w, ir, w->unknown_loc);
    if (n)
        bw_varint(w, ir, dict);
    bw_varint(w, ir, 2 | 1); /* one region, isolated */
    bw_buf *body = w->version >= V_LAZY_LOADING ? nested_open(w) : ir;
    bw_varint(w, body, 1);
    bw_varint(w, body, 0);
    bw_varint(w, body, (uint64_t)m->nfuncs << 1);
    for (int f = 0; f < m->nfuncs; f++)
        write_func(w, body, &m->funcs[f]);
    if (body != ir)
        nested_close(w, ir);
}

/* ---- the container ------------------------------------------------------------------- */

static void section(bw *w, bw_buf *out, int id, const bw_buf *data)
{
    bw_byte(w, out, (uint8_t)id);
    bw_varint(w, out, data->n);
    bw_bytes(w, out, data->p, data->n);
}

static void write_all(bw *w, const ir_module *m, bw_buf *out)
{
    /* builtin and vhlo first, as StableHLO's artifacts have them */
    (void)bw_dialect(w, "builtin");
    (void)bw_dialect(w, "vhlo");
    bw_buf lb = { 0 };
    bw_varint(w, &lb, 15); /* UnknownLoc */
    w->unknown_loc = (uint64_t)intern(w, BW_ATTR, 0, true, lb.p, lb.n);
    mem_free(lb.p);
    bw_buf *ir = &w->sec[SEC_IR];
    write_module(w, ir, m);

    char producer[64];
    snprintf(producer, sizeof producer, "StableHLO_v%s", w->target_text);
    bw_bytes(w, out, BC_MAGIC, BC_MAGIC_LEN);
    bw_varint(w, out, (uint64_t)w->version);
    bw_bytes(w, out, producer, strlen(producer) + 1);

    /* dialects and op names */
    bw_buf *d = &w->sec[SEC_DIALECT];
    bw_varint(w, d, (uint64_t)w->ndialects);
    for (int i = 0; i < w->ndialects; i++) {
        uint64_t s = bw_string(w, w->dialects[i], strlen(w->dialects[i]));
        bw_varint(w, d, w->version >= V_DIALECT_VERSIONING ? s << 1 : s);
    }
    if (w->version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC)
        bw_varint(w, d, w->count[BW_OPNAME]);
    /* op names in their index order, as runs of one dialect each */
    for (size_t i = 0; i < w->nentries;) {
        if (w->entries[i].kind != BW_OPNAME) {
            i++;
            continue;
        }
        int dl = w->entries[i].dialect;
        size_t j = i, k = 0;
        while (j < w->nentries && (w->entries[j].kind != BW_OPNAME || w->entries[j].dialect == dl))
            k += w->entries[j++].kind == BW_OPNAME;
        bw_varint(w, d, (uint64_t)dl);
        bw_varint(w, d, k);
        for (size_t e = i; e < j; e++)
            if (w->entries[e].kind == BW_OPNAME) {
                uint64_t str;
                memcpy(&str, w->data.p + w->entries[e].off + sizeof(int), sizeof str);
                bw_varint(w, d, w->version >= 5 ? (str << 1) | 1 : str);
            }
        i = j;
    }
    /* attributes and types: the data, then the offsets grouped by dialect */
    bw_buf *off = &w->sec[SEC_ATTRTYPE_OFFSET];
    bw_varint(w, off, w->count[BW_ATTR]);
    bw_varint(w, off, w->count[BW_TYPE]);
    for (int kind = BW_ATTR; kind <= BW_TYPE; kind++) {
        size_t i = 0;
        while (i < w->nentries) {
            if (w->entries[i].kind != kind) {
                i++;
                continue;
            }
            int dl = w->entries[i].dialect;
            size_t j = i, k = 0;
            while (j < w->nentries && (w->entries[j].kind != kind || w->entries[j].dialect == dl)) {
                k += w->entries[j].kind == kind;
                j++;
            }
            bw_varint(w, off, (uint64_t)dl);
            bw_varint(w, off, k);
            for (size_t e = i; e < j; e++) {
                const bw_entry *x = &w->entries[e];
                if (x->kind != kind)
                    continue;
                bw_varint(w, off, ((uint64_t)(x->len + x->ext_len) << 1) | x->custom);
            }
            i = j;
        }
    }
    /* strings: the lengths last to first, then the data */
    bw_buf *s = &w->sec[SEC_STRING];
    bw_varint(w, s, w->count[BW_STRING]);
    size_t nstr = w->count[BW_STRING];
    const bw_entry **strs = bw_alloc(w, nstr * sizeof *strs + 1);
    for (size_t i = 0; i < w->nentries; i++)
        if (w->entries[i].kind == BW_STRING)
            strs[w->entries[i].index] = &w->entries[i];
    for (size_t i = nstr; i-- > 0;)
        bw_varint(w, s, strs[i]->len + 1);
    for (size_t i = 0; i < nstr; i++) {
        bw_bytes(w, s, w->data.p + strs[i]->off, strs[i]->len);
        bw_byte(w, s, 0);
    }
    section(w, out, SEC_DIALECT, d);
    /* the attribute/type section straight from the entries, in index order
       (attributes, then types, as the offsets list them) */
    size_t total = 0;
    for (size_t i = 0; i < w->nentries; i++)
        if (w->entries[i].kind == BW_ATTR || w->entries[i].kind == BW_TYPE)
            total += w->entries[i].len + w->entries[i].ext_len;
    bw_byte(w, out, SEC_ATTRTYPE);
    bw_varint(w, out, total);
    for (int kind = BW_ATTR; kind <= BW_TYPE; kind++)
        for (size_t i = 0; i < w->nentries; i++) {
            const bw_entry *x = &w->entries[i];
            if (x->kind != kind)
                continue;
            bw_bytes(w, out, w->data.p + x->off, x->len);
            bw_bytes(w, out, x->ext, x->ext_len);
        }
    section(w, out, SEC_ATTRTYPE_OFFSET, off);
    section(w, out, SEC_IR, ir);
    section(w, out, SEC_STRING, s);
    if (w->version >= 5) { /* MLIR's reader wants the properties section from 5 on: empty, the
                              attributes are in each op's dictionary */
        bw_buf *p = &w->sec[SEC_PROPERTIES];
        bw_varint(w, p, 0);
        section(w, out, 8, p); /* the properties section's id */
    }
}

static void free_writer(bw *w)
{
    for (bw_alloc_node *k = w->allocs, *next; k; k = next) {
        next = k->next;
        mem_free(k);
    }
    for (size_t i = 0; i < sizeof w->nested / sizeof *w->nested; i++)
        mem_free(w->nested[i].p);
    for (int i = 0; i < BW_MAX_TMP; i++)
        mem_free(w->tmp[i].p);
    for (int i = 0; i < 6; i++)
        mem_free(w->sec[i].p);
    mem_free(w->data.p);
    mem_free(w->entries);
    mem_free(w->slots);
}

void *bw_alloc(bw *w, size_t n)
{
    if (n > SIZE_MAX - sizeof(bw_alloc_node))
        bw_fail(w, w->at, "out of memory");
    bw_alloc_node *k = mem_alloc(sizeof *k + n);
    if (!k)
        bw_fail(w, w->at, "out of memory");
    memset(k + 1, 0, n);
    k->next = w->allocs;
    w->allocs = k;
    return k + 1;
}

unsigned char *bc_write_module(const ir_module *m, const char *target, diag_source *src, size_t *len)
{
    src_loc none = { 0, 0 };
    char version[32];
    const char *why;
    if (!bc_target_version(target, version, sizeof version, &why)) {
        diag_error(src, none, "--target=%s: %s", target, why);
        return NULL;
    }
    bw *const w = mem_calloc(1, sizeof *w);
    if (!w) {
        diag_error(src, none, "out of memory");
        return NULL;
    }
    w->src = src;
    snprintf(w->target_text, sizeof w->target_text, "%s", version);
    major_minor_patch(version, w->target);
    /* the bytecode version StableHLO writes for the target (Version.cpp) */
    static const struct {
        int below[3], bytecode;
    } versions[] = { { { 0, 10, 0 }, 0 }, { { 0, 12, 0 }, 1 }, { { 0, 14, 0 }, 3 }, { { 0, 15, 0 }, 4 } };
    w->version = 6;
    for (size_t i = sizeof versions / sizeof *versions; i-- > 0;)
        if (bw_version_cmp(w->target, versions[i].below) < 0)
            w->version = versions[i].bytecode;
    bw_buf out = { 0 };
    if (setjmp(w->fail)) {
        mem_free(out.p);
        free_writer(w);
        mem_free(w);
        return NULL;
    }
    write_all(w, m, &out);
    free_writer(w);
    mem_free(w);
    *len = out.n;
    return out.p;
}
