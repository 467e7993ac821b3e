/* Dense literal bodies (SPEC.md 2.8) converted straight into the runtime
 * layout: one pass over the text, no per-element allocation, numbers read
 * in place. Hex blobs are decoded byte by byte through a table. */
#include <string.h>

#include "ir/parse.h"
#include "types/fpdecimal.h"

typedef struct {
    parse_state *ps;
    const char *s, *end, *p; /* body text and the read position */
    src_loc loc;             /* of s[0] */
    const char *loc_at;      /* text position `cur` corresponds to */
    src_loc cur;
    const tensor_type *type;
    et_id elem;
    const et_traits *tr;
    unsigned char *out;
    int64_t count, filled;
    size_t esize;
} lit_reader;

/* Location of a position in the body (incremental: positions only grow
 * except on errors, where a rescan from the start is fine). */
static src_loc where(lit_reader *r, const char *at)
{
    if (at < r->loc_at) {
        r->loc_at = r->s;
        r->cur = r->loc;
    }
    for (const char *q = r->loc_at; q < at; q++) {
        if (*q == '\n') {
            r->cur.line++;
            r->cur.col = 1;
        } else {
            r->cur.col++;
        }
    }
    r->loc_at = at;
    return r->cur;
}

#define FAIL(at, ...)                                   \
    do {                                                \
        parse_error(r->ps, where(r, at), __VA_ARGS__); \
        return false;                                   \
    } while (0)

static void skip_ws(lit_reader *r)
{
    const char *p = r->p;
    for (;;) {
        while (p < r->end && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
            p++;
        if (p + 1 < r->end && p[0] == '/' && p[1] == '/') {
            while (p < r->end && *p != '\n')
                p++;
            continue;
        }
        break;
    }
    r->p = p;
}

static const signed char hex_digit[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8,
    ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};
/* hex_digit holds value + 1 so that 0 means "not a hex digit" */

/* The same for decoding long blobs: the value, or 0x10 for "not a hex
 * digit", so that OR-ing every nibble of a blob tells whether one was bad. */
static const unsigned char hex_nibble[256] = {
#define X16 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10
    X16, X16, X16,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
    0x10, 10, 11, 12, 13, 14, 15, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
    X16,
    0x10, 10, 11, 12, 13, 14, 15, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
    X16, X16, X16, X16, X16, X16, X16, X16, X16,
#undef X16
};

static bool is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

/* One scalar number token: [-]digits[.digits][e[+-]digits] or [-]0xHEX, or
 * a word (true/false/inf/...). */
typedef struct {
    const char *start, *end; /* including the sign */
    bool neg, hex, is_float, word;
} num_tok;

static bool read_num(lit_reader *r, num_tok *t)
{
    const char *p = r->p, *e = r->end;
    t->start = p;
    t->neg = t->hex = t->is_float = t->word = false;
    if (p < e && *p == '-') {
        t->neg = true;
        p++;
    }
    if (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_')) {
        while (p < e && is_ident_char(*p))
            p++;
        t->word = true;
        t->end = r->p = p;
        return true;
    }
    if (p >= e || *p < '0' || *p > '9') {
        if (p < e && *p == '+')
            FAIL(p, "a '+' sign is not allowed in a literal");
        if (p < e && *p == '.')
            FAIL(p, "a float literal needs a digit before the '.'");
        FAIL(p, "expected a literal element");
    }
    if (p + 1 < e && p[0] == '0' && p[1] == 'x') {
        p += 2;
        const char *d = p;
        while (p < e && hex_digit[(unsigned char)*p])
            p++;
        if (p == d)
            FAIL(d, "expected hex digits after '0x'");
        t->hex = true;
    } else {
        while (p < e && *p >= '0' && *p <= '9')
            p++;
        if (p < e && *p == '.') {
            t->is_float = true;
            p++;
            while (p < e && *p >= '0' && *p <= '9')
                p++;
            if (p < e && (*p == 'e' || *p == 'E')) {
                const char *q = p + 1;
                if (q < e && (*q == '+' || *q == '-'))
                    q++;
                if (q < e && *q >= '0' && *q <= '9') {
                    while (q < e && *q >= '0' && *q <= '9')
                        q++;
                    p = q;
                }
            }
        }
    }
    if (p < e && is_ident_char(*p))
        FAIL(p, "unexpected character '%c' in a number", *p);
    t->end = r->p = p;
    return true;
}

/* Unsigned magnitude of a digits/hex token (sign excluded); false on
 * overflow of 64 bits. */
static bool tok_magnitude(const num_tok *t, uint64_t *out)
{
    const char *p = t->start + (t->neg ? 1 : 0);
    uint64_t v = 0;
    if (t->hex) {
        p += 2;
        for (; p < t->end; p++) {
            if (v >> 60)
                return false;
            v = v << 4 | (uint64_t)(hex_digit[(unsigned char)*p] - 1);
        }
    } else {
        for (; p < t->end; p++) {
            unsigned d = (unsigned)(*p - '0');
            if (v > (UINT64_MAX - d) / 10)
                return false;
            v = v * 10 + d;
        }
    }
    *out = v;
    return true;
}

static bool word_is(const num_tok *t, const char *w)
{
    size_t n = strlen(w);
    return !t->neg && (size_t)(t->end - t->start) == n && memcmp(t->start, w, n) == 0;
}

/* A float pattern of format f from a token (hex = raw bits). */
static bool float_bits(lit_reader *r, const num_tok *t, fp_id f, uint64_t *bits)
{
    const fp_format *fmt = fp_fmt(f);
    if (t->word)
        FAIL(t->start, "expected a float literal, got '%.*s' (write NaN and Inf as hex bit patterns)",
             (int)(t->end - t->start), t->start);
    if (t->hex) {
        uint64_t v;
        if (t->neg)
            FAIL(t->start, "a hex float bit pattern cannot have a '-' sign");
        if (!tok_magnitude(t, &v) || (fmt->bits < 64 && v >> fmt->bits))
            FAIL(t->start, "hex bit pattern %.*s does not fit the %u bits of %s", (int)(t->end - t->start),
                 t->start, fmt->bits, fmt->name);
        *bits = v;
        return true;
    }
    if (!t->is_float)
        FAIL(t->start, "expected floating-point elements, got integer '%.*s' (write '%.*s.0')",
             (int)(t->end - t->start), t->start, (int)(t->end - t->start), t->start);
    if (fp_from_decimal(f, t->start, (size_t)(t->end - t->start), FPR_RNE, 0, bits) != 0)
        FAIL(t->start, "invalid float literal '%.*s'", (int)(t->end - t->start), t->start);
    return true;
}

/* Reads one element at r->p into dst. */
static bool read_element(lit_reader *r, unsigned char *dst)
{
    num_tok t;
    const et_traits *tr = r->tr;
    if (tr->kind == EK_COMPLEX) {
        if (r->p >= r->end || *r->p != '(')
            FAIL(r->p, "expected a complex element '(real, imag)'");
        r->p++;
        uint64_t re, im;
        skip_ws(r);
        if (!read_num(r, &t) || !float_bits(r, &t, tr->fmt, &re))
            return false;
        skip_ws(r);
        if (r->p >= r->end || *r->p != ',')
            FAIL(r->p, "expected ',' between the parts of a complex element");
        r->p++;
        skip_ws(r);
        if (!read_num(r, &t) || !float_bits(r, &t, tr->fmt, &im))
            return false;
        skip_ws(r);
        if (r->p >= r->end || *r->p != ')')
            FAIL(r->p, "expected ')' after a complex element");
        r->p++;
        et_id part = et_part(r->elem);
        size_t half = et_get(part)->bytes;
        et_store_bits(part, dst, re);
        et_store_bits(part, dst + half, im);
        return true;
    }
    if (r->p < r->end && *r->p == '(')
        FAIL(r->p, "complex element for non-complex type %s", tr->name);
    if (!read_num(r, &t))
        return false;
    if (tr->kind == EK_FLOAT) {
        uint64_t bits;
        if (!float_bits(r, &t, tr->fmt, &bits))
            return false;
        et_store_bits(r->elem, dst, bits);
        return true;
    }
    /* integers and i1 */
    if (t.word) {
        if (tr->kind == EK_BOOL && (word_is(&t, "true") || word_is(&t, "false"))) {
            dst[0] = word_is(&t, "true");
            return true;
        }
        FAIL(t.start, "expected an integer for %s, got '%.*s'", tr->name, (int)(t.end - t.start), t.start);
    }
    if (t.is_float)
        FAIL(t.start, "expected an integer for %s, got float '%.*s'", tr->name, (int)(t.end - t.start), t.start);
    uint64_t v;
    unsigned n = tr->value_bits;
    uint64_t mask = n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1;
    if (!tok_magnitude(&t, &v))
        FAIL(t.start, "integer '%.*s' out of range for %s", (int)(t.end - t.start), t.start, tr->name);
    if (tr->kind == EK_BOOL) {
        if (t.neg ? v != 0 && v != 1 : v > 1)
            FAIL(t.start, "integer '%.*s' out of range for i1 (use 0, 1, true or false)", (int)(t.end - t.start),
                 t.start);
        dst[0] = v != 0;
        return true;
    }
    bool ok;
    if (t.hex && !t.neg) {
        ok = (v & ~mask) == 0; /* an unsigned bit pattern that fits */
    } else if (t.neg) {
        /* signless iN: down to -2^(N-1); uiN: no negatives */
        ok = tr->kind == EK_SINT && v <= (mask >> 1) + 1;
        v = 0 - v;
    } else {
        ok = v <= mask; /* iN accepts up to 2^N - 1, stored modulo 2^N */
    }
    if (!ok) {
        if (t.neg && tr->kind == EK_UINT)
            FAIL(t.start, "negative integer '%.*s' for unsigned type %s", (int)(t.end - t.start), t.start,
                 tr->name);
        FAIL(t.start, "integer '%.*s' out of range for %s", (int)(t.end - t.start), t.start, tr->name);
    }
    et_store_bits(r->elem, dst, v);
    return true;
}

/* How a blob of nbytes fills the literal: exactly count*size, one element
 * (splat), or i1 packed. */
typedef enum { BLOB_FULL, BLOB_SPLAT, BLOB_PACKED, BLOB_NONE } blob_mode;

static blob_mode blob_layout(const lit_reader *r, size_t nbytes)
{
    if (nbytes == (size_t)r->count * r->esize)
        return BLOB_FULL;
    if (nbytes == r->esize)
        return BLOB_SPLAT; /* for a zero-element type too, as MLIR reads it */
    if (r->elem == ET_I1 && r->count > 0 && nbytes == (size_t)((r->count + 7) / 8))
        return BLOB_PACKED;
    return BLOB_NONE;
}

/* Where a blob's bytes go: the literal (full) or a small buffer. */
static unsigned char *blob_dest(lit_reader *r, blob_mode mode, size_t nbytes, unsigned char *tmp, size_t tmp_size)
{
    if (mode == BLOB_FULL)
        return r->out;
    if (mode == BLOB_PACKED && nbytes > tmp_size)
        return parse_alloc(r->ps, nbytes, 1);
    return tmp;
}

/* The elements from the blob's bytes at dst (SPEC 2.8 for i1 and the
 * sub-byte types); `at` locates the errors. */
static bool blob_finish(lit_reader *r, const char *at, blob_mode mode, const unsigned char *dst)
{
    int64_t count = r->count;
    size_t esize = r->esize;
    bool i1 = r->elem == ET_I1;
    if (i1 && mode == BLOB_SPLAT && dst[0] != 0x00 && dst[0] != 0x01 && dst[0] != 0xFF) {
        /* SPEC 2.8: other single bytes are the bit-packed form */
        if (count > 8)
            FAIL(at, "a one-byte i1 splat must be 00, 01 or FF");
        mode = BLOB_PACKED;
    }
    if (mode == BLOB_PACKED) {
        /* bit k of the buffer (LSB first) is element k */
        for (int64_t k = 0; k < count; k++)
            r->out[k] = (dst[k / 8] >> (k % 8)) & 1;
    } else if (mode == BLOB_SPLAT) {
        for (int64_t k = 0; k < count; k++)
            memcpy(r->out + (size_t)k * esize, dst, esize);
    }
    /* sub-byte and i1 elements: readers ignore the upper bits (SPEC 2.8) and
     * the runtime layout sign-extends signed ones */
    unsigned bits = r->tr->value_bits;
    if (bits < 8 && mode != BLOB_PACKED) {
        if (i1) {
            for (int64_t k = 0; k < count; k++)
                r->out[k] = r->out[k] != 0;
        } else {
            for (int64_t k = 0; k < count; k++)
                et_store_bits(r->elem, r->out + k, r->out[k]);
        }
    }
    r->filled = count;
    return true;
}

static bool read_hex_blob(lit_reader *r)
{
    const char *q = r->p + 1, *e = r->end;
    const char *close = memchr(q, '"', (size_t)(e - q));
    if (!close)
        FAIL(r->p, "unterminated hex string");
    if (close - q < 2 || q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
        FAIL(q, "expected a hex string \"0x...\" in dense literal");
    const char *h = q + 2;
    size_t digits = (size_t)(close - h), nbytes = digits / 2;
    blob_mode mode = digits % 2 ? BLOB_NONE : blob_layout(r, nbytes);
    /* decode the bytes straight into the output buffer (or a small temp) */
    unsigned char tmp[16] = { 0 };
    unsigned char *dst = blob_dest(r, mode, nbytes, tmp, sizeof tmp);
    if (!dst)
        return false;
    const unsigned char *u = (const unsigned char *)h;
    unsigned bad = 0;
    for (size_t i = 0; mode != BLOB_NONE && i < nbytes; i++) {
        unsigned hi = hex_nibble[u[2 * i]], lo = hex_nibble[u[2 * i + 1]];
        bad |= hi | lo;
        dst[i] = (unsigned char)(hi << 4 | lo);
    }
    /* the errors in their order: a bad digit anywhere, an odd count, a
     * size (a blob of the right size was checked as it was decoded) */
    if (mode == BLOB_NONE || (bad & 0x10)) {
        for (const char *x = h; x < close; x++)
            if (hex_nibble[(unsigned char)*x] & 0x10)
                FAIL(x, "invalid hex digit in hex string");
        if (digits % 2)
            FAIL(h, "hex string has an odd number of digits");
        FAIL(h, "hex string has %zu bytes but %s needs %lld (or %zu for a splat)", nbytes, r->tr->name,
             (long long)r->count * (long long)r->esize, r->esize);
    }
    r->p = close + 1;
    return blob_finish(r, h, mode, dst);
}

/* `\x03k`: blob k of the source (diag_blob: a bytecode artifact's tensor,
 * its bytes copied in once, never through text). */
static bool read_raw_blob(lit_reader *r)
{
    const char *at = r->p;
    diag_source *src = r->ps->src;
    size_t k = 0;
    const char *d = at + 1;
    while (d < r->end && *d >= '0' && *d <= '9' && k < SIZE_MAX / 10 - 1)
        k = k * 10 + (size_t)(*d++ - '0');
    if (d == at + 1 || !src->blobs || k >= src->nblobs)
        FAIL(at, "unexpected byte 0x03 in dense literal");
    diag_blob *b = &src->blobs[k];
    blob_mode mode = blob_layout(r, b->len);
    if (mode == BLOB_NONE)
        FAIL(at, "the data has %zu bytes but %lld elements of %s need %lld (or %zu for a splat)", b->len,
             (long long)r->count, r->tr->name, (long long)r->count * (long long)r->esize, r->esize);
    unsigned char tmp[16] = { 0 };
    unsigned char *dst = blob_dest(r, mode, b->len, tmp, sizeof tmp);
    if (!dst)
        return false;
    memcpy(dst, b->data, b->len);
    r->p = d;
    if (!blob_finish(r, at, mode, dst))
        return false;
    if (src->rebind_blobs) { /* later reads of the text take the literal's copy */
        b->data = r->out;
        b->len = (size_t)r->count * r->esize;
    }
    return true;
}

/* A nested list at depth d (0 = outermost); elements at depth == rank. */
static bool read_list(lit_reader *r, int d)
{
    const tensor_type *t = r->type;
    const char *open = r->p;
    r->p++; /* '[' */
    skip_ws(r);
    if (d >= t->rank)
        FAIL(open, "dense literal nesting is deeper than the rank %d of %s", t->rank, r->tr->name);
    int64_t want = t->dims[d], got = 0;
    if (r->p < r->end && *r->p == ']') {
        /* [] implies a zero-length dimension at this depth, and nothing
         * deeper: only valid in the innermost dimension */
        if (d != t->rank - 1 || want != 0)
            FAIL(open, "dense literal shape does not match the type: empty list at dimension %d", d);
        r->p++;
        return true;
    }
    bool inner = d == t->rank - 1;
    for (;;) {
        if (got == want)
            FAIL(r->p, "too many elements in dimension %d of the dense literal (expected %lld)", d,
                 (long long)want);
        if (inner) {
            if (r->p < r->end && *r->p == '[')
                FAIL(r->p, "dense literal nesting is deeper than the rank %d of the type", t->rank);
            if (!read_element(r, r->out + (size_t)r->filled * r->esize))
                return false;
            r->filled++;
        } else {
            if (r->p >= r->end || *r->p != '[')
                FAIL(r->p, "expected '[' for dimension %d of the dense literal", d + 1);
            if (!read_list(r, d + 1))
                return false;
        }
        got++;
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            skip_ws(r);
            continue;
        }
        if (r->p < r->end && *r->p == ']') {
            r->p++;
            break;
        }
        FAIL(r->p, "expected ',' or ']' in dense literal");
    }
    if (got != want)
        FAIL(r->p - 1, "too few elements in dimension %d of the dense literal: %lld, expected %lld", d,
             (long long)got, (long long)want);
    return true;
}

bool literal_build(parse_state *ps, const ptok *body, const tensor_type *type, ir_literal *lit)
{
    lit_reader rd = { 0 }, *r = &rd;
    r->ps = ps;
    r->s = r->p = r->loc_at = body->s;
    r->end = body->s + body->n;
    r->loc = r->cur = body->loc;
    r->type = type;
    r->elem = type->elem;
    r->tr = et_get(type->elem);
    r->esize = r->tr->bytes;
    r->count = shape_count(type);
    if (r->count < 0)
        FAIL(r->s, "tensor type has too many elements");
    size_t nbytes = (size_t)r->count * r->esize;
    skip_ws(r);
    /* one element for every position, kept once */
    lit->splat = r->count >= 2 && r->p < r->end && *r->p != '"' && *r->p != '[' && *r->p != DIAG_BLOB_MARK;
    if (lit->splat)
        nbytes = r->esize;
    r->out = parse_alloc(ps, nbytes ? nbytes : 1, 1);
    if (!r->out)
        return false;
    lit->type = *type;
    lit->count = r->count;
    lit->nbytes = nbytes;
    lit->data = r->out;
    skip_ws(r);
    if (r->p == r->end) {
        if (r->count != 0)
            FAIL(r->s, "empty dense literal for %lld elements", (long long)r->count);
        return true;
    }
    if (*r->p == '"') {
        if (!read_hex_blob(r))
            return false;
    } else if (*r->p == DIAG_BLOB_MARK) {
        if (!read_raw_blob(r))
            return false;
    } else if (*r->p == '[') {
        if (type->rank == 0)
            FAIL(r->p, "a rank-0 tensor takes a single element, not a list");
        if (!read_list(r, 0))
            return false;
    } else {
        /* splat: one element for every position (also for zero elements) */
        unsigned char one[16];
        if (!read_element(r, one))
            return false;
        for (int64_t k = 0; k < (lit->splat ? 1 : r->count); k++)
            memcpy(r->out + (size_t)k * r->esize, one, r->esize);
    }
    skip_ws(r);
    if (r->p != r->end)
        FAIL(r->p, "unexpected text after the dense literal");
    return true;
}
