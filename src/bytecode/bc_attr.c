/* Attributes and types of the attribute/type section, read lazily by index
 * and kept as StableHLO text (with what the op conversions need to look at:
 * booleans, integers, strings, arrays, dictionaries, tensors): the builtin
 * dialect's encodings (MLIR's BuiltinDialectBytecode.td) and the VHLO
 * dialect's (StableHLO's VhloBytecode.cpp), converted as
 * VhloLegalizeToStablehlo converts them. Entries written in the textual
 * fallback are kept as written. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc_internal.h"
#include "util/mem.h"

static const char *dialect_name(bc_reader *r, int d, char *tmp, size_t n)
{
    snprintf(tmp, n, "%.*s", (int)r->dialects[d].len, (const char *)r->dialects[d].s);
    return tmp;
}

/* ---- strings ---------------------------------------------------------------- */

/* A string as MLIR prints it: `"`, `\\`, and non-printable bytes as \XX. */
void bc_put_string(bc_reader *r, bc_buf *b, bc_str s)
{
    static const char hex[] = "0123456789ABCDEF";
    bc_putc(r, b, '"');
    for (size_t i = 0; i < s.len; i++) {
        unsigned char ch = s.s[i];
        if (ch == '\\') {
            bc_puts(r, b, "\\\\");
        } else if (ch == '"' || ch < 32 || ch >= 127) {
            char e[3] = { '\\', hex[ch >> 4], hex[ch & 15] };
            bc_putn(r, b, e, 3);
        } else {
            bc_putc(r, b, (char)ch);
        }
    }
    bc_putc(r, b, '"');
}

static bool is_ident(bc_str s)
{
    if (s.len == 0)
        return false;
    for (size_t i = 0; i < s.len; i++) {
        unsigned char ch = s.s[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
                  (i > 0 && ((ch >= '0' && ch <= '9') || ch == '.' || ch == '$' || ch == '-'));
        if (!ok)
            return false;
    }
    return true;
}

/* A dictionary key: bare when it is an identifier, quoted otherwise. */
void bc_put_key(bc_reader *r, bc_buf *b, bc_str s)
{
    if (is_ident(s))
        bc_putn(r, b, (const char *)s.s, s.len);
    else
        bc_put_string(r, b, s);
}

static void put_symbol(bc_reader *r, bc_buf *b, bc_str s)
{
    bc_putc(r, b, '@');
    bc_put_key(r, b, s);
}

/* ---- numbers ------------------------------------------------------------------ */

/* APInt of a known width: one byte up to 8 bits, a signed varint up to 64. */
static uint64_t read_apint(bc_reader *r, bc_cur *c, unsigned bits)
{
    if (bits <= 8)
        return bc_byte(r, c);
    if (bits <= 64)
        return (uint64_t)bc_svarint(r, c);
    bc_fail(r, c, "integers wider than 64 bits are not supported");
}

static double ieee_value(uint64_t v, int ebits, int mbits)
{
    uint64_t m = v & ((UINT64_C(1) << mbits) - 1);
    int e = (int)((v >> mbits) & ((1u << ebits) - 1));
    bool neg = (v >> (ebits + mbits)) & 1;
    int bias = (1 << (ebits - 1)) - 1;
    double x;
    if (e == (1 << ebits) - 1)
        x = m ? NAN : INFINITY;
    else if (e == 0)
        x = ldexp((double)m, 1 - bias - mbits);
    else
        x = ldexp((double)(m | (UINT64_C(1) << mbits)), e - bias - mbits);
    return neg ? -x : x;
}

/* A float attribute's value: decimal for the IEEE formats (exact in
 * binary64 with 17 digits), the bit pattern in hex for the others. */
static void put_float(bc_reader *r, bc_buf *b, uint64_t v, int bits, const char *type)
{
    int ebits = 0, mbits = 0;
    if (strcmp(type, "f64") == 0)
        ebits = 11, mbits = 52;
    else if (strcmp(type, "f32") == 0)
        ebits = 8, mbits = 23;
    else if (strcmp(type, "f16") == 0)
        ebits = 5, mbits = 10;
    else if (strcmp(type, "bf16") == 0)
        ebits = 8, mbits = 7;
    if (!ebits) {
        bc_printf(r, b, "0x%0*" PRIX64 " : %s", (bits + 3) / 4, v, type);
        return;
    }
    double x = ieee_value(v, ebits, mbits);
    if (isnan(x) || isinf(x)) {
        bc_printf(r, b, "0x%0*" PRIX64 " : %s", (bits + 3) / 4, v, type);
        return;
    }
    char num[40];
    snprintf(num, sizeof num, "%.17g", x);
    if (!strpbrk(num, ".n")) { /* MLIR's float literal needs its point: 1e-13 is 1.0e-13 */
        char *e = strchr(num, 'e');
        size_t at = e ? (size_t)(e - num) : strlen(num);
        memmove(num + at + 2, num + at, strlen(num + at) + 1);
        memcpy(num + at, ".0", 2);
    }
    bc_printf(r, b, "%s : %s", num, type);
}

static int64_t sign_extend(uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return (int64_t)v;
    uint64_t m = UINT64_C(1) << (bits - 1);
    v &= (UINT64_C(1) << bits) - 1;
    return (int64_t)((v ^ m) - m);
}

/* ---- types ------------------------------------------------------------------------ */

static void put_type(bc_reader *r, bc_buf *b, const bc_cur *at, uint64_t index)
{
    bc_puts(r, b, bc_get_type(r, at, index)->text);
}

static void put_type_list(bc_reader *r, bc_buf *b, bc_cur *c, const char *open, const char *close)
{
    uint64_t n = bc_count(r, c, 1);
    bc_puts(r, b, open);
    for (uint64_t i = 0; i < n; i++) {
        if (i)
            bc_puts(r, b, ", ");
        bc_cur at = *c;
        put_type(r, b, &at, bc_varint(r, c));
    }
    bc_puts(r, b, close);
}

/* (inputs) -> result | (results) */
static void put_function_type(bc_reader *r, bc_buf *b, bc_cur *c)
{
    put_type_list(r, b, c, "(", ")");
    bc_puts(r, b, " -> ");
    bc_cur save = *c;
    uint64_t n = bc_count(r, c, 1);
    if (n == 1) {
        bc_cur at = *c;
        bc_type *t = bc_get_type(r, &at, bc_varint(r, c));
        if (t->text[0] == '(')
            bc_printf(r, b, "(%s)", t->text);
        else
            bc_puts(r, b, t->text);
        return;
    }
    *c = save;
    put_type_list(r, b, c, "(", ")");
}

/* The shape and element type of a ranked tensor (also fills t's fields). */
static void put_tensor(bc_reader *r, bc_buf *b, bc_cur *c, bc_type *t, const char *encoding)
{
    uint64_t rank = bc_count(r, c, 1);
    t->rank = (int)rank;
    t->dims = bc_alloc(r, (size_t)rank * sizeof *t->dims + 1);
    bc_puts(r, b, "tensor<");
    for (uint64_t i = 0; i < rank; i++) {
        t->dims[i] = bc_svarint(r, c);
        if (t->dims[i] == INT64_MIN)
            bc_puts(r, b, "?x");
        else if (t->dims[i] < 0)
            bc_fail(r, c, "negative dimension %" PRId64, t->dims[i]);
        else
            bc_printf(r, b, "%" PRId64 "x", t->dims[i]);
    }
    bc_cur at = *c;
    uint64_t e = bc_varint(r, c);
    bc_type *et = bc_get_type(r, &at, e);
    t->elem = (int)e;
    t->elem_bits = et->elem_bits;
    bc_puts(r, b, et->text);
    if (encoding)
        bc_printf(r, b, ", %s", encoding);
    bc_putc(r, b, '>');
}

typedef struct {
    const char *text;
    int bits; /* storage bits of one element in a dense buffer */
} simple_type;

/* VHLO type codes without parameters (VhloBytecode.cpp's TypeCode) and the
 * first VHLO version that has each (VhloTypes.td): the reader decodes them
 * and the writer (bc_write.c) encodes them from it. */
static const struct {
    uint64_t code;
    simple_type t;
    const char *since;
} vhlo_simple_rows[] = {
    { 0, { "i1", 1 }, "0.9.0" },
    { 2, { "bf16", 16 }, "0.9.0" },
    { 3, { "f16", 16 }, "0.9.0" },
    { 4, { "f32", 32 }, "0.9.0" },
    { 5, { "f64", 64 }, "0.9.0" },
    { 6, { "f8E4M3FN", 8 }, "0.9.0" },
    { 7, { "f8E5M2", 8 }, "0.9.0" },
    { 9, { "index", 64 }, "0.9.0" },
    { 31, { "i2", 8 }, "1.2.0" },
    { 10, { "i4", 8 }, "0.9.0" },
    { 11, { "i8", 8 }, "0.9.0" },
    { 12, { "i16", 16 }, "0.9.0" },
    { 13, { "i32", 32 }, "0.9.0" },
    { 14, { "i64", 64 }, "0.9.0" },
    { 32, { "ui2", 8 }, "1.2.0" },
    { 15, { "ui4", 8 }, "0.9.0" },
    { 16, { "ui8", 8 }, "0.9.0" },
    { 17, { "ui16", 16 }, "0.9.0" },
    { 18, { "ui32", 32 }, "0.9.0" },
    { 19, { "ui64", 64 }, "0.9.0" },
    { 22, { "!stablehlo.token", 0 }, "0.9.0" },
    { 26, { "!shape.witness", 0 }, "0.9.0" },
    { 27, { "f8E4M3FNUZ", 8 }, "0.10.0" },
    { 28, { "f8E5M2FNUZ", 8 }, "0.10.0" },
    { 29, { "f8E4M3B11FNUZ", 8 }, "0.11.0" },
    { 33, { "none", 0 }, "1.6.0" },
    { 34, { "tf32", 32 }, "1.6.0" },
    { 35, { "f8E4M3", 8 }, "1.7.0" },
    { 36, { "f8E3M4", 8 }, "1.7.0" },
    { 37, { "f4E2M1FN", 8 }, "1.8.0" },
    { 38, { "f6E2M3FN", 8 }, "1.8.0" },
    { 39, { "f6E3M2FN", 8 }, "1.8.0" },
    { 40, { "f8E8M0FNU", 8 }, "1.8.0" },
};

static const simple_type *vhlo_simple(uint64_t code)
{
    for (size_t i = 0; i < sizeof vhlo_simple_rows / sizeof *vhlo_simple_rows; i++)
        if (vhlo_simple_rows[i].code == code)
            return &vhlo_simple_rows[i].t;
    return NULL;
}

int bc_vhlo_type_code(const char *text, const char **since)
{
    for (size_t i = 0; i < sizeof vhlo_simple_rows / sizeof *vhlo_simple_rows; i++)
        if (strcmp(vhlo_simple_rows[i].t.text, text) == 0) {
            *since = vhlo_simple_rows[i].since;
            return (int)vhlo_simple_rows[i].code;
        }
    return -1;
}

static void put_quant_storage(bc_reader *r, bc_buf *b, bool is_signed, const bc_type *st, int64_t lo, int64_t hi)
{
    int bits = 0;
    const char *s = st->text;
    while (*s && !(*s >= '0' && *s <= '9'))
        s++;
    bits = atoi(s);
    bc_printf(r, b, "%c%d", is_signed ? 'i' : 'u', bits);
    if (bits > 0 && bits < 64) {
        int64_t dlo = is_signed ? -(INT64_C(1) << (bits - 1)) : 0;
        int64_t dhi = is_signed ? (INT64_C(1) << (bits - 1)) - 1 : (INT64_C(1) << bits) - 1;
        if (lo != dlo || hi != dhi)
            bc_printf(r, b, "<%" PRId64 ":%" PRId64 ">", lo, hi);
    }
}

/* A binary64 as MLIR prints a float attribute: 6 digits after the point
 * in exponent form when that reads back exactly, all 17 otherwise. */
static void put_scale(bc_reader *r, bc_buf *b, bc_cur *c)
{
    double x = ieee_value(read_apint(r, c, 64), 11, 52);
    char num[40];
    snprintf(num, sizeof num, "%.6e", x);
    if (strtod(num, NULL) != x || isnan(x) || isinf(x))
        snprintf(num, sizeof num, "%.16e", x);
    bc_puts(r, b, num);
}

static void complex_type(bc_reader *r, bc_buf *b, bc_cur *c, bc_type *t)
{
    bc_cur eat = *c;
    bc_type *e = bc_get_type(r, &eat, bc_varint(r, c));
    bc_printf(r, b, "complex<%s>", e->text);
    t->elem_bits = 2 * e->elem_bits;
}

static void unranked_type(bc_reader *r, bc_buf *b, bc_cur *c)
{
    bc_cur eat = *c;
    bc_printf(r, b, "tensor<*x%s>", bc_get_type(r, &eat, bc_varint(r, c))->text);
}

static void encoded_tensor(bc_reader *r, bc_buf *b, bc_cur *c, bc_type *t)
{
    bc_cur eat = *c;
    bc_attr *enc = bc_get_attr(r, &eat, bc_varint(r, c));
    put_tensor(r, b, c, t, enc->text);
}

static void vhlo_type(bc_reader *r, bc_buf *b, bc_cur *c, bc_type *t)
{
    bc_cur at = *c;
    uint64_t code = bc_varint(r, c);
    const simple_type *s = vhlo_simple(code);
    if (s) {
        bc_puts(r, b, s->text);
        t->elem_bits = s->bits;
        return;
    }
    switch (code) {
    case 1:
        complex_type(r, b, c, t);
        return;
    case 8:
        put_function_type(r, b, c);
        return;
    case 20:
        put_tensor(r, b, c, t, NULL);
        return;
    case 21:
        encoded_tensor(r, b, c, t);
        return;
    case 23:
        put_type_list(r, b, c, "tuple<", ">");
        return;
    case 24:
    case 30: { /* uniform quantized, per tensor or per axis */
        uint64_t flags = bc_varint(r, c);
        bc_cur sat = *c;
        bc_type *st = bc_get_type(r, &sat, bc_varint(r, c));
        bc_cur eat = *c;
        bc_type *et = bc_get_type(r, &eat, bc_varint(r, c));
        if (code == 24) {
            bc_buf *scale = bc_open(r);
            put_scale(r, scale, c);
            char *sc = bc_close(r, scale);
            int64_t zp = bc_svarint(r, c), lo = bc_svarint(r, c), hi = bc_svarint(r, c);
            bc_puts(r, b, "!quant.uniform<");
            put_quant_storage(r, b, flags & 1, st, lo, hi);
            bc_printf(r, b, ":%s, %s:%" PRId64 ">", et->text, sc, zp);
        } else {
            uint64_t dim = bc_varint(r, c);
            int64_t lo = bc_svarint(r, c), hi = bc_svarint(r, c);
            uint64_t n = bc_count(r, c, 1);
            bc_buf *sb = bc_open(r);
            for (uint64_t i = 0; i < n; i++) {
                if (i)
                    bc_putc(r, sb, ',');
                put_scale(r, sb, c);
                bc_putc(r, sb, '\n');
            }
            char *scales = bc_close(r, sb);
            uint64_t nz = bc_count(r, c, 1);
            if (nz != n)
                bc_fail(r, c, "%" PRIu64 " scales but %" PRIu64 " zero points", n, nz);
            bc_puts(r, b, "!quant.uniform<");
            put_quant_storage(r, b, flags & 1, st, lo, hi);
            bc_printf(r, b, ":%s:%" PRIu64 ", {", et->text, dim);
            const char *p = scales;
            for (uint64_t i = 0; i < n; i++) {
                const char *e = strchr(p, '\n');
                if (i)
                    bc_puts(r, b, ", ");
                bc_putn(r, b, *p == ',' ? p + 1 : p, (size_t)(e - (*p == ',' ? p + 1 : p)));
                bc_printf(r, b, ":%" PRId64, bc_svarint(r, c));
                p = e + 1;
            }
            bc_puts(r, b, "}>");
        }
        return;
    }
    case 25:
        unranked_type(r, b, c);
        return;
    case 41: { /* ranked buffer: a memref */
        uint64_t rank = bc_count(r, c, 1);
        bc_puts(r, b, "memref<");
        for (uint64_t i = 0; i < rank; i++) {
            int64_t d = bc_svarint(r, c);
            if (d == INT64_MIN)
                bc_puts(r, b, "?x");
            else
                bc_printf(r, b, "%" PRId64 "x", d);
        }
        bc_cur eat = *c;
        bc_printf(r, b, "%s>", bc_get_type(r, &eat, bc_varint(r, c))->text);
        return;
    }
    case 42: /* future */
        put_type_list(r, b, c, "!stablehlo.future<", ">");
        return;
    default:
        bc_fail(r, &at, "unknown VHLO type code %" PRIu64, code);
    }
}

static void builtin_type(bc_reader *r, bc_buf *b, bc_cur *c, bc_type *t)
{
    static const simple_type plain[] = {
        [1] = { "index", 64 }, [3] = { "bf16", 16 }, [4] = { "f16", 16 }, [5] = { "f32", 32 },
        [6] = { "f64", 64 },   [7] = { "f80", 80 },  [8] = { "f128", 128 }, [12] = { "none", 0 },
    };
    bc_cur at = *c;
    uint64_t code = bc_varint(r, c);
    if (code < sizeof plain / sizeof *plain && plain[code].text) {
        bc_puts(r, b, plain[code].text);
        t->elem_bits = plain[code].bits;
        return;
    }
    switch (code) {
    case 0: {
        uint64_t v = bc_varint(r, c), w = v >> 2;
        static const char *const sign[] = { "i", "si", "ui", "i" };
        if (w == 0 || w > 65535)
            bc_fail(r, &at, "integer type of %" PRIu64 " bits", w);
        bc_printf(r, b, "%s%" PRIu64, sign[v & 3], w);
        t->elem_bits = w == 1 ? 1 : (int)((w + 7) / 8 * 8);
        return;
    }
    case 2:
        put_function_type(r, b, c);
        return;
    case 9:
        complex_type(r, b, c, t);
        return;
    case 13:
        put_tensor(r, b, c, t, NULL);
        return;
    case 14:
        encoded_tensor(r, b, c, t);
        return;
    case 15:
        put_type_list(r, b, c, "tuple<", ">");
        return;
    case 18:
        unranked_type(r, b, c);
        return;
    case 19: {
        uint64_t rank = bc_count(r, c, 1);
        bc_puts(r, b, "vector<");
        for (uint64_t i = 0; i < rank; i++)
            bc_printf(r, b, "%" PRId64 "x", bc_svarint(r, c));
        bc_cur eat = *c;
        bc_printf(r, b, "%s>", bc_get_type(r, &eat, bc_varint(r, c))->text);
        return;
    }
    default:
        bc_fail(r, &at, "builtin type code %" PRIu64 " is not supported (memref and vector types)", code);
    }
}

/* The textual fallback: a NUL-terminated assembly string. */
static void asm_entry(bc_reader *r, bc_buf *b, bc_cur *c)
{
    const uint8_t *nul = memchr(c->p, 0, (size_t)(c->end - c->p));
    if (!nul)
        bc_fail(r, c, "an entry in assembly form without its NUL byte");
    for (const uint8_t *p = c->p; p < nul; p++)
        if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') {
            bc_cur at = { p, c->end, c->section };
            bc_fail(r, &at, "a control byte 0x%02x in an entry in assembly form", *p);
        }
    bc_putn(r, b, (const char *)c->p, (size_t)(nul - c->p));
    c->p = nul + 1;
}

/* The bookkeeping of reading one table entry: a second visit while it is
 * being read is an entry containing itself; nesting is bounded. */
static bool enter(bc_reader *r, const bc_cur *at, int *state, const char *what, uint64_t index)
{
    if (*state == 2)
        return false;
    if (*state == 1)
        bc_fail(r, at, "%s %" PRIu64 " contains itself", what, index);
    if (r->depth >= BC_MAX_DEPTH)
        bc_fail(r, at, "%ss nested deeper than %d", what, BC_MAX_DEPTH);
    *state = 1;
    r->depth++;
    return true;
}

static char *leave(bc_reader *r, const bc_cur *c, int *state, bc_buf *b, const char *what, uint64_t index)
{
    if (c->p != c->end)
        bc_fail(r, c, "%zu bytes left after %s %" PRIu64, (size_t)(c->end - c->p), what, index);
    r->depth--;
    *state = 2;
    return bc_close(r, b);
}

static void foreign(bc_reader *r, const bc_cur *c, int dialect, const char *what)
{
    char d[64];
    bc_fail(r, c, "%s of dialect '%s' in its own encoding", what, dialect_name(r, dialect, d, sizeof d));
}

bc_type *bc_get_type(bc_reader *r, const bc_cur *at, uint64_t index)
{
    if (index >= r->ntypes)
        bc_fail(r, at, "type index %" PRIu64 " out of range (%zu types)", index, r->ntypes);
    bc_type *t = &r->types[index];
    if (!enter(r, at, &t->state, "type", index))
        return t;
    bc_cur c = { t->data, t->data + t->len, "attribute/type" };
    bc_buf *b = bc_open(r);
    if (!t->custom)
        asm_entry(r, b, &c);
    else if (t->dialect == r->vhlo)
        vhlo_type(r, b, &c, t);
    else if (t->dialect == r->builtin)
        builtin_type(r, b, &c, t);
    else
        foreign(r, &c, t->dialect, "a type");
    t->text = leave(r, &c, &t->state, b, "type", index);
    return t;
}

/* ---- attributes --------------------------------------------------------------------- */

int64_t bc_tensor_count(const bc_type *t)
{
    if (t->rank < 0)
        return -1;
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++) {
        if (t->dims[i] < 0)
            return -1;
        if (t->dims[i] && n > INT64_MAX / t->dims[i])
            return -1;
        n *= t->dims[i];
    }
    return n;
}

/* The integers of a tensor attribute of i1 or of 8 to 64-bit integers
 * (a splat buffer holds one element), as the dimension lists need them. */
bool bc_tensor_ints(bc_reader *r, const bc_attr *a, int64_t **out, int64_t *n)
{
    if (a->kind != BV_TENSOR)
        return false;
    const bc_type *t = &r->types[a->type];
    int64_t count = bc_tensor_count(t);
    if (count < 0 || count > (int64_t)r->len * 8 + 64)
        return false;
    int bits = t->elem_bits;
    const bc_type *et = &r->types[t->elem];
    bool is_unsigned = et->text[0] == 'u';
    int64_t *v = bc_alloc(r, (size_t)count * sizeof *v + 1);
    if (bits == 1) {
        bool splat = a->str.len == 1 && (a->str.s[0] == 0 || a->str.s[0] == 0xFF || count > 8);
        if (!splat && a->str.len != (size_t)(count + 7) / 8)
            return false;
        for (int64_t i = 0; i < count; i++)
            v[i] = splat ? a->str.s[0] != 0 : (a->str.s[i / 8] >> (i % 8)) & 1;
    } else {
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
            return false;
        size_t w = (size_t)bits / 8;
        bool splat = count != 1 && a->str.len == w;
        if (!splat && a->str.len != (size_t)count * w)
            return false;
        for (int64_t i = 0; i < count; i++) {
            const uint8_t *p = a->str.s + (splat ? 0 : (size_t)i * w);
            uint64_t x = 0;
            for (size_t k = w; k-- > 0;)
                x = (x << 8) | p[k];
            v[i] = is_unsigned ? (int64_t)x : sign_extend(x, (unsigned)bits);
        }
    }
    *out = v;
    *n = count;
    return true;
}

static void put_hex(bc_reader *r, bc_buf *b, bc_str data)
{
    static const char hex[] = "0123456789ABCDEF";
    bc_puts(r, b, "\"0x");
    for (size_t i = 0; i < data.len; i += 4096) {
        char chunk[8192];
        size_t k = data.len - i < 4096 ? data.len - i : 4096;
        for (size_t j = 0; j < k; j++) {
            chunk[2 * j] = hex[data.s[i + j] >> 4];
            chunk[2 * j + 1] = hex[data.s[i + j] & 15];
        }
        bc_putn(r, b, chunk, 2 * k);
    }
    bc_putc(r, b, '"');
}

/* dense<"0x..."> : type, the raw buffer in MLIR's layout (a splat is one
 * element, i1 is bit-packed). */
static void put_dense(bc_reader *r, bc_buf *b, bc_attr *a, const bc_cur *at)
{
    bc_type *t = bc_get_type(r, at, (uint64_t)a->type);
    bc_puts(r, b, "dense<");
    int64_t count = bc_tensor_count(t);
    if (count == 0) {
        bc_puts(r, b, "");
    } else if (t->elem_bits == 1 && !(a->str.len == 1 && (a->str.s[0] == 0 || a->str.s[0] == 0xFF))) {
        /* bit-packed i1 (MLIR's layout): one byte per element, the form
         * the text reader takes without doubt */
        int64_t *v, n;
        if (!bc_tensor_ints(r, a, &v, &n))
            bc_fail(r, at, "%zu bytes of data for %s", a->str.len, t->text);
        uint8_t *bytes = bc_alloc(r, (size_t)n);
        for (int64_t i = 0; i < n; i++)
            bytes[i] = (uint8_t)v[i];
        put_hex(r, b, (bc_str){ bytes, (size_t)n });
    } else {
        put_hex(r, b, a->str);
    }
    bc_printf(r, b, "> : %s", t->text);
}

static void read_list(bc_reader *r, bc_cur *c, bc_attr *a, int per_item)
{
    uint64_t n = bc_count(r, c, (size_t)per_item);
    a->n = (int)n;
    a->items = bc_alloc(r, (size_t)n * (size_t)per_item * sizeof *a->items + 1);
    for (uint64_t i = 0; i < n * (uint64_t)per_item; i++) {
        bc_cur at = *c;
        uint64_t k = bc_varint(r, c);
        (void)bc_get_attr(r, &at, k);
        a->items[i] = (int)k;
    }
}

static void put_items(bc_reader *r, bc_buf *b, const bc_attr *a, const char *open, const char *close)
{
    bc_puts(r, b, open);
    for (int i = 0; i < a->n; i++) {
        if (i)
            bc_puts(r, b, ", ");
        bc_puts(r, b, r->attrs[a->items[i]].text);
    }
    bc_puts(r, b, close);
}

static void put_dict(bc_reader *r, bc_buf *b, const bc_attr *a)
{
    bc_putc(r, b, '{');
    for (int i = 0; i < a->n; i++) {
        const bc_attr *k = &r->attrs[a->items[2 * i]], *v = &r->attrs[a->items[2 * i + 1]];
        if (i)
            bc_puts(r, b, ", ");
        bc_put_key(r, b, k->str);
        if (v->kind == BV_OTHER && strcmp(v->text, "unit") == 0)
            continue;
        bc_puts(r, b, " = ");
        bc_puts(r, b, v->text);
    }
    bc_putc(r, b, '}');
}

const char *const *bc_vhlo_enum(int code, const char **kind, size_t *n)
{
    static const char *const dir[] = { "EQ", "NE", "GE", "GT", "LE", "LT" };
    static const char *const cmp[] = { "NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED" };
    static const char *const fft[] = { "FFT", "IFFT", "RFFT", "IRFFT" };
    static const char *const prec[] = { "DEFAULT", "HIGH", "HIGHEST" };
    static const char *const rng[] = { "DEFAULT", "THREE_FRY", "PHILOX" };
    static const char *const dist[] = { "RNG_DISTRIBUTION_INVALID", "UNIFORM", "NORMAL" };
    static const char *const tr[] = { "TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT" };
    static const char *const acc[] = { "DEFAULT", "HIGHEST", "TOLERANCE" };
#define ENUM(k, t) (*kind = k, *n = sizeof t / sizeof *t, t)
    switch (code) {
    case 3:
        return ENUM("comparison_direction", dir);
    case 4:
        return ENUM("comparison_type", cmp);
    case 7:
        return ENUM("fft_type", fft);
    case 11:
        return ENUM("precision", prec);
    case 12:
        return ENUM("rng_algorithm", rng);
    case 13:
        return ENUM("rng_distribution", dist);
    case 16:
        return ENUM("transpose", tr);
    case 19:
        return ENUM("result_accuracy_mode", acc);
    default:
        return NULL;
    }
#undef ENUM
}

static void put_bounds(bc_reader *r, bc_buf *b, bc_cur *c)
{
    uint64_t n = bc_count(r, c, 1);
    bc_putc(r, b, '[');
    for (uint64_t i = 0; i < n; i++) {
        int64_t v = bc_svarint(r, c);
        if (i)
            bc_puts(r, b, ", ");
        if (v == INT64_MIN)
            bc_putc(r, b, '?');
        else
            bc_printf(r, b, "%" PRId64, v);
    }
    bc_putc(r, b, ']');
}

static void put_scalar(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a, bool is_float)
{
    bc_cur tat = *c;
    bc_type *t = bc_get_type(r, &tat, bc_varint(r, c));
    int bits = t->elem_bits;
    if (strcmp(t->text, "index") == 0)
        bits = 64;
    else if (t->text[0] == 'i' || t->text[0] == 's' || t->text[0] == 'u')
        bits = atoi(t->text + strcspn(t->text, "0123456789"));
    if (bits <= 0 || bits > 64)
        bc_fail(r, &tat, "a %s attribute of type %s", is_float ? "float" : "integer", t->text);
    uint64_t v = read_apint(r, c, (unsigned)bits);
    if (is_float) {
        put_float(r, b, v, bits, t->text);
        return;
    }
    if (bits == 1) {
        a->kind = BV_BOOL;
        a->i = v & 1;
        bc_puts(r, b, a->i ? "true" : "false");
        return;
    }
    a->kind = BV_INT;
    if (t->text[0] == 'u') {
        uint64_t u = bits < 64 ? v & ((UINT64_C(1) << bits) - 1) : v;
        a->i = (int64_t)u;
        bc_printf(r, b, "%" PRIu64 " : %s", u, t->text);
    } else {
        a->i = sign_extend(v, (unsigned)bits);
        bc_printf(r, b, "%" PRId64 " : %s", a->i, t->text);
    }
}

/* ---- encodings both dialects share ------------------------------------------------ */

static void shared_array(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a)
{
    a->kind = BV_ARRAY;
    read_list(r, c, a, 1);
    put_items(r, b, a, "[", "]");
}

static void shared_dict(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a, const bc_cur *at)
{
    a->kind = BV_DICT;
    read_list(r, c, a, 2);
    for (int i = 0; i < a->n; i++)
        if (r->attrs[a->items[2 * i]].kind != BV_STRING)
            bc_fail(r, at, "a dictionary key that is not a string");
    put_dict(r, b, a);
}

static void shared_string(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a)
{
    a->kind = BV_STRING;
    a->str = bc_string(r, c);
    bc_put_string(r, b, a->str);
}

static void shared_type(bc_reader *r, bc_buf *b, bc_cur *c)
{
    bc_cur tat = *c;
    put_type(r, b, &tat, bc_varint(r, c));
}

/* a ranked tensor type and its raw buffer (VHLO's tensor, builtin dense) */
static void shared_tensor(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a)
{
    bc_cur tat = *c;
    a->type = (int)bc_varint(r, c);
    bc_type *t = bc_get_type(r, &tat, (uint64_t)a->type);
    if (t->rank < 0)
        bc_fail(r, &tat, "a tensor attribute of type %s", t->text);
    uint64_t len = bc_varint(r, c);
    a->str.s = bc_bytes(r, c, len);
    a->str.len = (size_t)len;
    a->kind = BV_TENSOR;
    if (len > BC_STREAM_BYTES && t->elem_bits != 1) {
        /* large: a mark the final text expands from the file's bytes
         * (bc_put_text), so the data is written once */
        bc_printf(r, b, "%c%zu%c", BC_MARK_OPEN, (size_t)(a - r->attrs), BC_MARK_CLOSE);
        return;
    }
    put_dense(r, b, a, &tat);
}

/* Whether the literal reader takes the tensor's bytes as they are: whole
 * bytes per element, all the elements or one (a splat). */
static bool raw_fits(bc_reader *r, const bc_attr *a)
{
    const bc_type *t = &r->types[a->type];
    int64_t count = bc_tensor_count(t);
    if (t->elem_bits < 8 || t->elem_bits % 8 || count < 0)
        return false;
    /* element types ir-run has values of: `index` and quantized tensors
     * are kept as written by the front end, which must see their text */
    const char *e = r->types[t->elem].text;
    if (!e || e[0] == '!' || strcmp(e, "index") == 0)
        return false;
    size_t es = (size_t)t->elem_bits / 8;
    return a->str.len == es || ((size_t)count <= SIZE_MAX / es && a->str.len == (size_t)count * es);
}

/* `dense<\x03K> : type`, K the tensor's place in the blob table */
static void put_blob(bc_reader *r, bc_buf *b, bc_attr *a)
{
    if (!a->blob) {
        if (r->nblobs == r->blobs_cap) {
            size_t cap = r->blobs_cap ? 2 * r->blobs_cap : 8;
            diag_blob *n = cap < SIZE_MAX / sizeof *n ? mem_realloc(r->blobs, cap * sizeof *n) : NULL;
            if (!n)
                bc_fail(r, NULL, "out of memory");
            r->blobs = n;
            r->blobs_cap = cap;
        }
        r->blobs[r->nblobs++] = (diag_blob){ a->str.s, a->str.len };
        a->blob = r->nblobs;
    }
    bc_printf(r, b, "dense<%c%zu> : %s", DIAG_BLOB_MARK, a->blob - 1, r->types[a->type].text);
}

void bc_put_text(bc_reader *r, bc_buf *b, const char *text)
{
    for (const char *p = text, *m; *p; p = m + 1) {
        m = strchr(p, BC_MARK_OPEN);
        if (!m) {
            bc_puts(r, b, p);
            return;
        }
        bc_putn(r, b, p, (size_t)(m - p));
        char *end;
        size_t index = (size_t)strtoull(m + 1, &end, 10);
        if (index >= r->nattrs || *end != BC_MARK_CLOSE || r->attrs[index].kind != BV_TENSOR)
            bc_fail(r, NULL, "internal: a bad tensor mark in the text"); /* asm_entry keeps them out */
        bc_attr *a = &r->attrs[index];
        if (r->want_blobs && raw_fits(r, a))
            put_blob(r, b, a);
        else
            put_dense(r, b, a, NULL);
        m = end;
    }
}

static void vhlo_attr(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a)
{
    bc_cur at = *c;
    uint64_t code = bc_varint(r, c);
    a->code = (int)code;
    const char *kind;
    size_t n;
    const char *const *names = code <= 64 ? bc_vhlo_enum((int)code, &kind, &n) : NULL;
    if (names) {
        bc_cur vat = *c;
        uint64_t v = bc_varint(r, c);
        if (v >= n || !names[v])
            bc_fail(r, &vat, "value %" PRIu64 " of a %s attribute (0 to %zu)", v, kind, n - 1);
        a->kind = BV_ENUM;
        a->i = (int64_t)v;
        if (code == 19)
            bc_printf(r, b, "#stablehlo.%s<%s>", kind, names[v]);
        else
            bc_printf(r, b, "#stablehlo<%s %s>", kind, names[v]);
        return;
    }
    switch (code) {
    case 1:
        shared_array(r, b, c, a);
        return;
    case 2: {
        bc_cur vat = *c;
        uint64_t v = bc_varint(r, c);
        if (v > 1)
            bc_fail(r, &vat, "boolean value %" PRIu64, v);
        a->kind = BV_BOOL;
        a->i = (int64_t)v;
        bc_puts(r, b, v ? "true" : "false");
        return;
    }
    case 5: {
        uint64_t v = bc_varint(r, c);
        if (v > 4)
            bc_fail(r, &at, "custom_call api_version %" PRIu64 " (0 to 4)", v);
        a->kind = BV_ENUM;
        a->i = (int64_t)v;
        bc_printf(r, b, "%" PRIu64 " : i32", v);
        return;
    }
    case 6:
        shared_dict(r, b, c, a, &at);
        return;
    case 8:
        put_scalar(r, b, c, a, true);
        return;
    case 9:
        put_scalar(r, b, c, a, false);
        return;
    case 10: { /* output_operand_alias */
        bc_puts(r, b, "#stablehlo.output_operand_alias<output_tuple_indices = ");
        put_bounds(r, b, c);
        bc_printf(r, b, ", operand_index = %" PRId64 ", operand_tuple_indices = ", bc_svarint(r, c));
        put_bounds(r, b, c);
        bc_putc(r, b, '>');
        return;
    }
    case 14:
        shared_string(r, b, c, a);
        return;
    case 15:
        shared_tensor(r, b, c, a);
        return;
    case 17:
        shared_type(r, b, c);
        return;
    case 18: { /* StableHLO prints its TypeExtensionsAttr as #stablehlo.bounds<4, ?> */
        bc_buf *l = bc_open(r);
        put_bounds(r, l, c);
        char *list = bc_close(r, l);
        list[strlen(list) - 1] = '\0';
        bc_printf(r, b, "#stablehlo.bounds<%s>", list + 1);
        return;
    }
    case 21: { /* sub_axis_info */
        int64_t pre = bc_svarint(r, c), size = bc_svarint(r, c);
        bc_printf(r, b, "(%" PRId64 ")%" PRId64, pre, size);
        return;
    }
    case 22: { /* axis_ref */
        bc_cur nat = *c;
        bc_printf(r, b, "#stablehlo.axis_ref<name = %s", bc_get_attr(r, &nat, bc_varint(r, c))->text);
        if (bc_varint(r, c)) {
            bc_cur sat = *c;
            bc_printf(r, b, ", sub_axis_info = %s", bc_get_attr(r, &sat, bc_varint(r, c))->text);
        }
        bc_putc(r, b, '>');
        return;
    }
    case 23: { /* replica_group_mesh_axes: the mesh by name (a symbol) or written out */
        bc_cur mat = *c;
        bc_attr *mesh = bc_get_attr(r, &mat, bc_varint(r, c));
        bc_puts(r, b, "#stablehlo.replica_group_mesh_axes<mesh = ");
        if (mesh->kind == BV_STRING)
            put_symbol(r, b, mesh->str);
        else
            bc_puts(r, b, mesh->text);
        bc_cur aat = *c;
        bc_printf(r, b, ", axes = %s>", bc_get_attr(r, &aat, bc_varint(r, c))->text);
        return;
    }
    case 24: { /* mesh_axis */
        bc_cur nat = *c;
        bc_printf(r, b, "#stablehlo.mesh_axis<name = %s", bc_get_attr(r, &nat, bc_varint(r, c))->text);
        bc_printf(r, b, ", size = %" PRId64 ">", bc_svarint(r, c));
        return;
    }
    case 25: { /* mesh */
        bc_cur aat = *c;
        bc_printf(r, b, "#stablehlo.mesh<axes = %s", bc_get_attr(r, &aat, bc_varint(r, c))->text);
        bc_cur dat = *c;
        uint64_t d = bc_varint(r, c);
        if (d & 1)
            bc_printf(r, b, ", device_ids = %s", bc_get_attr(r, &dat, d >> 1)->text);
        bc_putc(r, b, '>');
        return;
    }
    case 20: { /* result_accuracy */
        bc_puts(r, b, "#stablehlo.result_accuracy<atol = ");
        put_scale(r, b, c);
        bc_puts(r, b, ", rtol = ");
        put_scale(r, b, c);
        bc_printf(r, b, ", ulps = %" PRId64 ", mode = ", bc_svarint(r, c));
        bc_cur mat = *c;
        bc_puts(r, b, bc_get_attr(r, &mat, bc_varint(r, c))->text);
        bc_putc(r, b, '>');
        return;
    }
    default:
        bc_fail(r, &at, "VHLO attribute code %" PRIu64 " is not supported", code);
    }
}

static void builtin_attr(bc_reader *r, bc_buf *b, bc_cur *c, bc_attr *a)
{
    bc_cur at = *c;
    uint64_t code = bc_varint(r, c);
    switch (code) {
    case 0:
        shared_array(r, b, c, a);
        return;
    case 1:
        shared_dict(r, b, c, a, &at);
        return;
    case 2:
        shared_string(r, b, c, a);
        return;
    case 3: {
        shared_string(r, b, c, a);
        bc_cur tat = *c;
        bc_printf(r, b, " : %s", bc_get_type(r, &tat, bc_varint(r, c))->text);
        return;
    }
    case 4:
    case 5: {
        bc_cur sat = *c;
        bc_attr *s = bc_get_attr(r, &sat, bc_varint(r, c));
        if (s->kind != BV_STRING)
            bc_fail(r, &sat, "a symbol reference whose name is not a string");
        put_symbol(r, b, s->str);
        if (code == 5) {
            uint64_t n = bc_count(r, c, 1);
            for (uint64_t i = 0; i < n; i++) {
                bc_cur nat = *c;
                bc_printf(r, b, "::%s", bc_get_attr(r, &nat, bc_varint(r, c))->text);
            }
        }
        return;
    }
    case 6:
        shared_type(r, b, c);
        return;
    case 7:
        bc_puts(r, b, "unit");
        return;
    case 8:
        put_scalar(r, b, c, a, false);
        return;
    case 9:
        put_scalar(r, b, c, a, true);
        return;
    case 10:
    case 11:
    case 12:
    case 13:
    case 14:
    case 15:
        /* locations: ir-run keeps none, so their fields are not read */
        a->kind = BV_LOC;
        c->p = c->end;
        bc_puts(r, b, "loc(unknown)");
        return;
    case 17: { /* array<T: ...> */
        bc_cur tat = *c;
        bc_type *et = bc_get_type(r, &tat, bc_varint(r, c));
        uint64_t n = bc_varint(r, c), len = bc_varint(r, c);
        const uint8_t *data = bc_bytes(r, c, len);
        int bits = et->elem_bits == 1 ? 8 : et->elem_bits;
        if (bits <= 0 || bits % 8 || len != n * (uint64_t)(bits / 8))
            bc_fail(r, &tat, "a dense array of %" PRIu64 " %s in %" PRIu64 " bytes", n, et->text, len);
        bc_printf(r, b, "array<%s", et->text);
        for (uint64_t i = 0; i < n; i++) {
            uint64_t x = 0;
            for (int k = bits / 8; k-- > 0;)
                x = (x << 8) | data[i * (uint64_t)(bits / 8) + (uint64_t)k];
            bc_puts(r, b, i ? ", " : ": ");
            if (et->text[0] == 'f' || et->text[0] == 'b')
                put_float(r, b, x, bits, et->text), b->n -= strlen(et->text) + 3, b->s[b->n] = '\0';
            else if (et->elem_bits == 1)
                bc_puts(r, b, x ? "true" : "false");
            else
                bc_printf(r, b, "%" PRId64, sign_extend(x, (unsigned)bits));
        }
        bc_putc(r, b, '>');
        return;
    }
    case 18:
        shared_tensor(r, b, c, a);
        return;
    case 21: {
        bc_cur dat = *c;
        bc_puts(r, b, bc_get_attr(r, &dat, bc_varint(r, c))->text);
        return;
    }
    default:
        bc_fail(r, &at, "builtin attribute code %" PRIu64 " is not supported (dense_resource, dense strings, sparse)",
                code);
    }
}

bc_attr *bc_get_attr(bc_reader *r, const bc_cur *at, uint64_t index)
{
    if (index >= r->nattrs)
        bc_fail(r, at, "attribute index %" PRIu64 " out of range (%zu attributes)", index, r->nattrs);
    bc_attr *a = &r->attrs[index];
    if (!enter(r, at, &a->state, "attribute", index))
        return a;
    a->type = -1;
    bc_cur c = { a->data, a->data + a->len, "attribute/type" };
    bc_buf *b = bc_open(r);
    if (!a->custom) {
        asm_entry(r, b, &c);
        if (strncmp(b->s ? b->s : "", "loc(", 4) == 0)
            a->kind = BV_LOC;
    } else if (a->dialect == r->vhlo) {
        vhlo_attr(r, b, &c, a);
    } else if (a->dialect == r->builtin) {
        builtin_attr(r, b, &c, a);
    } else {
        foreign(r, &c, a->dialect, "an attribute");
    }
    a->text = leave(r, &c, &a->state, b, "attribute", index);
    return a;
}
