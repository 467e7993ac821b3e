/* NumPy .npy files, versions 1.0, 2.0 and 3.0 (C order only).
 *
 * The header is a Python dict literal; we parse exactly the subset NumPy
 * writes ({'descr': STR, 'fortran_order': BOOL, 'shape': TUPLE}) with a tiny
 * bounded cursor, so a malformed or hostile header can only produce an error.
 * The element type always comes from the caller: ml_dtypes saves FP8 arrays
 * with ambiguous descrs ('<V1', '<f1', '|u1', or the type's name), so the
 * descr is only checked for consistency with the expected type. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "io/tensor_io.h"
#include "types/fparith.h"
#include "util/mem.h"
#include "util/text.h"

static const char npy_magic[6] = { '\x93', 'N', 'U', 'M', 'P', 'Y' };

/* NumPy's own code for the types NumPy has (NULL otherwise) and the ml_dtypes
 * (or NumPy) dtype name of every element type. */
static const struct {
    const char *numpy;
    const char *name;
} npy_names[ET_COUNT] = {
    [ET_I1] = { "|b1", "bool" },
    [ET_I2] = { NULL, "int2" },
    [ET_I4] = { NULL, "int4" },
    [ET_I8] = { "|i1", "int8" },
    [ET_I16] = { "<i2", "int16" },
    [ET_I32] = { "<i4", "int32" },
    [ET_I64] = { "<i8", "int64" },
    [ET_UI2] = { NULL, "uint2" },
    [ET_UI4] = { NULL, "uint4" },
    [ET_UI8] = { "|u1", "uint8" },
    [ET_UI16] = { "<u2", "uint16" },
    [ET_UI32] = { "<u4", "uint32" },
    [ET_UI64] = { "<u8", "uint64" },
    [ET_F4E2M1FN] = { NULL, "float4_e2m1fn" },
    [ET_F6E2M3FN] = { NULL, "float6_e2m3fn" },
    [ET_F6E3M2FN] = { NULL, "float6_e3m2fn" },
    [ET_F8E3M4] = { NULL, "float8_e3m4" },
    [ET_F8E4M3] = { NULL, "float8_e4m3" },
    [ET_F8E4M3FN] = { NULL, "float8_e4m3fn" },
    [ET_F8E4M3FNUZ] = { NULL, "float8_e4m3fnuz" },
    [ET_F8E4M3B11FNUZ] = { NULL, "float8_e4m3b11fnuz" },
    [ET_F8E5M2] = { NULL, "float8_e5m2" },
    [ET_F8E5M2FNUZ] = { NULL, "float8_e5m2fnuz" },
    [ET_F8E8M0FNU] = { NULL, "float8_e8m0fnu" },
    [ET_BF16] = { NULL, "bfloat16" },
    [ET_F16] = { "<f2", "float16" },
    [ET_F32] = { "<f4", "float32" },
    [ET_F64] = { "<f8", "float64" },
    [ET_C64] = { "<c8", "complex64" },
    [ET_C128] = { "<c16", "complex128" },
};

const char *io_npy_descr_for(et_id elem, io_npy_descr descr, char buf[16])
{
    const et_traits *tr = et_get(elem);
    if (npy_names[elem].numpy)
        return npy_names[elem].numpy;
    if (descr == IO_NPY_NAME)
        return npy_names[elem].name;
    /* plain bytes: signed sub-byte integers are stored sign-extended, which
     * reads correctly as int8 */
    if (tr->bytes == 1)
        return tr->kind == EK_SINT ? "|i1" : "|u1";
    snprintf(buf, 16, "<u%u", tr->bytes);
    return buf;
}

/* ---- header parsing ---------------------------------------------------- */

typedef struct {
    const char *p, *end;
} cursor;

static void skip_ws(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool take(cursor *c, char ch)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* A quoted Python string without escapes, at most cap-1 bytes. */
static bool read_string(cursor *c, char *out, size_t cap)
{
    skip_ws(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return false;
    char q = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != q) {
        unsigned char ch = (unsigned char)*c->p;
        if (ch == '\\' || ch < 32 || n + 1 >= cap)
            return false;
        out[n++] = (char)ch;
        c->p++;
    }
    if (c->p >= c->end)
        return false;
    c->p++;
    out[n] = '\0';
    return true;
}

static bool read_word(cursor *c, const char *word)
{
    skip_ws(c);
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) >= n && memcmp(c->p, word, n) == 0) {
        c->p += n;
        return true;
    }
    return false;
}

/* (d0, d1, ...) with optional trailing comma and Python 2 'L' suffixes. */
static bool read_shape(cursor *c, tensor_type *t)
{
    if (!take(c, '('))
        return false;
    t->rank = 0;
    for (;;) {
        skip_ws(c);
        if (take(c, ')'))
            return true;
        if (c->p >= c->end || !isdigit((unsigned char)*c->p) || t->rank == SHAPE_MAX_RANK)
            return false;
        int64_t v = 0;
        while (c->p < c->end && isdigit((unsigned char)*c->p)) {
            if (v > SHAPE_MAX_ELEMENTS)
                return false;
            v = v * 10 + (*c->p++ - '0');
        }
        if (c->p < c->end && (*c->p == 'L' || *c->p == 'l'))
            c->p++;
        t->dims[t->rank++] = v;
        if (take(c, ')'))
            return true;
        if (!take(c, ','))
            return false;
    }
}

typedef struct {
    char descr[64];
    bool fortran;
    tensor_type shape;
} npy_header;

static bool parse_header(const char *text, size_t len, npy_header *h, const char **why)
{
    cursor c = { text, text + len };
    bool have_descr = false, have_fortran = false, have_shape = false;
    *why = "not a dict literal";
    if (!take(&c, '{'))
        return false;
    for (;;) {
        if (take(&c, '}'))
            break;
        char key[32];
        if (!read_string(&c, key, sizeof key)) {
            *why = "expected a quoted key";
            return false;
        }
        if (!take(&c, ':')) {
            *why = "expected ':' after a key";
            return false;
        }
        if (strcmp(key, "descr") == 0 && !have_descr) {
            if (!read_string(&c, h->descr, sizeof h->descr)) {
                *why = "'descr' is not a simple string (structured dtypes are not supported)";
                return false;
            }
            have_descr = true;
        } else if (strcmp(key, "fortran_order") == 0 && !have_fortran) {
            if (read_word(&c, "True"))
                h->fortran = true;
            else if (read_word(&c, "False"))
                h->fortran = false;
            else {
                *why = "'fortran_order' is not True or False";
                return false;
            }
            have_fortran = true;
        } else if (strcmp(key, "shape") == 0 && !have_shape) {
            if (!read_shape(&c, &h->shape)) {
                *why = "'shape' is not a tuple of at most 16 sane integers";
                return false;
            }
            have_shape = true;
        } else {
            *why = "unexpected or repeated key";
            return false;
        }
        if (take(&c, '}'))
            break;
        if (!take(&c, ',')) {
            *why = "expected ',' or '}'";
            return false;
        }
    }
    skip_ws(&c);
    if (c.p != c.end) {
        *why = "text after the dict";
        return false;
    }
    if (!have_descr || !have_fortran || !have_shape) {
        *why = "missing one of 'descr', 'fortran_order', 'shape'";
        return false;
    }
    return true;
}

/* ---- descr against the expected type ------------------------------------ */

int io_npy_name_lookup(const char *s)
{
    for (int t = 0; t < ET_COUNT; t++)
        if (strcmp(npy_names[t].name, s) == 0)
            return t;
    return -1;
}

/* Checks that descr `d` can hold elements of `elem`; sets *swap when the
 * data is big-endian. Returns false with a message naming both. */
static bool descr_fits(const char *raw_descr, et_id elem, bool *swap, const char *name, io_error *err)
{
    const et_traits *tr = et_get(elem);
    const char *d = raw_descr;
    /* the descr is quoted back in messages: only printable ASCII reaches
     * the terminal */
    char shown[4 * sizeof ((npy_header *)0)->descr + 1];
    text_escape_ascii(raw_descr, strlen(raw_descr), shown, sizeof shown);
    const char *body = d;
    char order = '=';
    if (*body == '<' || *body == '>' || *body == '|' || *body == '=')
        order = *body++;
    *swap = false;
    /* kind letter + size, e.g. "f4" */
    if (isalpha((unsigned char)body[0]) && body[1] && strspn(body + 1, "0123456789") == strlen(body + 1)) {
        char kind = body[0];
        unsigned long n = strtoul(body + 1, NULL, 10);
        bool ok = false;
        bool raw = false; /* bytes copied as they are, never swapped */
        switch (kind) {
        case 'V':
            ok = n == tr->bytes;
            raw = true;
            break;
        case 'b':
            ok = elem == ET_I1 && n == 1;
            break;
        case 'i':
        case 'u':
            if (tr->kind == EK_COMPLEX)
                ok = false;
            else if (tr->kind == EK_FLOAT || tr->kind == EK_BOOL)
                ok = n == tr->bytes; /* plain bytes holding the patterns */
            else
                ok = n == tr->bytes && (kind == 'i') == (tr->kind == EK_SINT);
            break;
        case 'f':
            if (tr->kind != EK_FLOAT)
                ok = false;
            else if (n == 1)
                ok = tr->bytes == 1; /* ml_dtypes' '<f1': any 8-bit-or-less float */
            else
                ok = (n == 2 && elem == ET_F16) || (n == 4 && elem == ET_F32) ||
                     (n == 8 && elem == ET_F64);
            break;
        case 'c':
            ok = (n == 8 && elem == ET_C64) || (n == 16 && elem == ET_C128);
            break;
        default:
            ok = false;
        }
        if (!ok) {
            io_errorf(err, "%s: error: header descr '%s' contradicts the expected element type %s "
                      "(%u byte%s per element)", name, shown, tr->name, tr->bytes,
                      tr->bytes == 1 ? "" : "s");
            return false;
        }
        *swap = !raw && order == '>' && tr->bytes > 1;
        return true;
    }
    int t = io_npy_name_lookup(body);
    if (t < 0) {
        io_errorf(err, "%s: error: header descr '%s' is not a known dtype (expected element type %s)",
                  name, shown, tr->name);
        return false;
    }
    if ((et_id)t != elem) {
        io_errorf(err, "%s: error: header descr '%s' names %s but the expected element type is %s", name,
                  shown, et_get((et_id)t)->name, tr->name);
        return false;
    }
    *swap = order == '>' && tr->bytes > 1;
    return true;
}

static void swap_elements(unsigned char *data, int64_t count, unsigned bytes, bool complex)
{
    unsigned unit = complex ? bytes / 2 : bytes;
    size_t units = (size_t)count * (complex ? 2 : 1);
    for (size_t i = 0; i < units; i++) {
        unsigned char *p = data + i * unit;
        for (unsigned a = 0, b = unit - 1; a < b; a++, b--) {
            unsigned char tmp = p[a];
            p[a] = p[b];
            p[b] = tmp;
        }
    }
}

/* A byte outside a sub-byte type's range means the file holds something
 * else, so it is refused rather than silently wrapped. */
static bool normalize_small(tensor *t, const char *name, io_error *err)
{
    unsigned char byte;
    int64_t bad = tensor_canonicalize_bytes(t, &byte);
    if (bad >= 0)
        io_errorf(err, "%s: error: element %" PRId64 " is the byte 0x%02X, outside the range of %s", name, bad,
                  byte, et_get(t->type.elem)->name);
    return bad < 0;
}

static void shape_text(const tensor_type *t, char *buf, size_t cap)
{
    size_t at = 0;
    at += (size_t)snprintf(buf + at, cap - at, "(");
    for (int d = 0; d < t->rank && at < cap; d++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%" PRId64, d ? ", " : "", t->dims[d]);
    if (at < cap)
        snprintf(buf + at, cap - at, t->rank == 1 ? ",)" : ")");
}

/* The magic, the version and the header dict of a .npy image: false with
 * *err filled for anything else; Fortran order is refused here too. */
static bool read_preamble(const unsigned char *buf, size_t len, const char *name, npy_header *h,
                          size_t *data_start, io_error *err)
{
    if (len < 10 || memcmp(buf, npy_magic, sizeof npy_magic) != 0) {
        io_errorf(err, "%s: error: not a .npy file (bad magic)", name);
        return false;
    }
    unsigned major = buf[6], minor = buf[7];
    size_t hlen, hstart;
    if (major == 1) {
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
        hstart = 10;
    } else if (major == 2 || major == 3) {
        if (len < 12) {
            io_errorf(err, "%s: error: truncated .npy header", name);
            return false;
        }
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
        hstart = 12;
    } else {
        io_errorf(err, "%s: error: unsupported .npy version %u.%u (1.0, 2.0, 3.0 are read)", name, major,
                  minor);
        return false;
    }
    if (minor != 0) {
        io_errorf(err, "%s: error: unsupported .npy version %u.%u (1.0, 2.0, 3.0 are read)", name, major,
                  minor);
        return false;
    }
    if (hlen > len - hstart) {
        io_errorf(err, "%s: error: .npy header length %zu runs past the end of the file (%zu bytes)",
                  name, hlen, len);
        return false;
    }
    const char *why;
    if (!parse_header((const char *)buf + hstart, hlen, h, &why)) {
        io_errorf(err, "%s: error: malformed .npy header: %s", name, why);
        return false;
    }
    if (h->fortran) {
        io_errorf(err, "%s: error: Fortran-order arrays are not supported (save with C order)", name);
        return false;
    }
    *data_start = hstart + hlen;
    return true;
}

/* --convert-exact: the float type a descr names ('<f2', '<f4', '<f8', '>f8',
 * an ml_dtypes float name), with *swap for big-endian data; -1 for any
 * other descr. */
static int float_descr(const char *d, bool *swap)
{
    char order = '=';
    if (*d == '<' || *d == '>' || *d == '|' || *d == '=')
        order = *d++;
    int t = -1;
    if (strcmp(d, "f2") == 0)
        t = ET_F16;
    else if (strcmp(d, "f4") == 0)
        t = ET_F32;
    else if (strcmp(d, "f8") == 0)
        t = ET_F64;
    else if ((t = io_npy_name_lookup(d)) >= 0 && et_get((et_id)t)->kind != EK_FLOAT)
        t = -1;
    *swap = t >= 0 && order == '>' && et_get((et_id)t)->bytes > 1;
    return t;
}

/* --convert-exact: `from` (a tensor of another float type) as elements of
 * `to`, when every value is one of `to` (a NaN: when `to` has NaNs); NULL
 * with *err naming the first element that is not. */
static tensor *convert_exact(const tensor *from, et_id to, const char *name, io_error *err)
{
    tensor_type ty = from->type;
    ty.elem = to;
    fp_id ff = et_get(from->type.elem)->fmt, tf = et_get(to)->fmt;
    size_t fb = et_get(from->type.elem)->bytes, tb = et_get(to)->bytes;
    tensor *t = tensor_new(&ty);
    if (!t) {
        io_errorf(err, "%s: error: out of memory", name);
        return NULL;
    }
    for (int64_t i = 0; i < from->count; i++) {
        uint64_t b = et_load_bits(from->type.elem, (const unsigned char *)from->data + (size_t)i * fb);
        uint64_t c = fp_convert(tf, ff, b);
        bool nan = fp_classify(ff, b) == FPC_NAN;
        bool exact = nan ? fp_classify(tf, c) == FPC_NAN : fp_convert(ff, tf, c) == b;
        if (!exact) {
            char value[IO_ELEM_TEXT_MAX], idx[SHAPE_MAX_RANK * 22 + 4];
            int64_t index[SHAPE_MAX_RANK];
            shape_unravel(&from->type, i, index);
            size_t at = (size_t)snprintf(idx, sizeof idx, "[");
            for (int k = 0; k < from->type.rank && at < sizeof idx; k++)
                at += (size_t)snprintf(idx + at, sizeof idx - at, "%s%" PRId64, k ? ", " : "", index[k]);
            if (at < sizeof idx)
                snprintf(idx + at, sizeof idx - at, "]");
            io_elem_value_text(from->type.elem, (const unsigned char *)from->data + (size_t)i * fb, value);
            io_errorf(err, "%s: error: element %s (%s) is not exactly a value of %s, so --convert-exact "
                      "does not convert the file's %s", name, idx, value, et_get(to)->name,
                      et_get(from->type.elem)->name);
            tensor_release(t);
            return NULL;
        }
        et_store_bits(to, (unsigned char *)t->data + (size_t)i * tb, c);
    }
    return t;
}

tensor *io_read_npy(const unsigned char *buf, size_t len, const char *name,
                    const io_expect *expect, io_error *err)
{
    return io_read_npy_opts(buf, len, name, expect, NULL, err);
}

tensor *io_read_npy_opts(const unsigned char *buf, size_t len, const char *name, const io_expect *expect,
                         const io_read_opts *opts, io_error *err)
{
    npy_header h;
    size_t data;
    if (!read_preamble(buf, len, name, &h, &data, err))
        return NULL;
    bool swap;
    et_id elem = expect->elem; /* the file's own type when converted */
    if (!descr_fits(h.descr, expect->elem, &swap, name, err)) {
        int from = opts && opts->convert_exact && et_get(expect->elem)->kind == EK_FLOAT
                       ? float_descr(h.descr, &swap)
                       : -1;
        if (from < 0)
            return NULL;
        elem = (et_id)from;
    }
    h.shape.elem = elem;
    int64_t count = shape_count(&h.shape);
    if (count < 0) {
        io_errorf(err, "%s: error: header shape is too large", name);
        return NULL;
    }
    /* --reshape: the expected shape when the element counts agree */
    if (opts && opts->reshape && expect->rank >= 0 && !shape_same_dims(&h.shape, expect)) {
        io_expect want = *expect;
        want.elem = elem;
        if (shape_count(&want) == count) {
            h.shape = want;
        }
    }
    if (expect->rank >= 0 && !shape_same_dims(&h.shape, expect)) {
        char a[SHAPE_MAX_RANK * 24], b[SHAPE_MAX_RANK * 24 + 64];
        shape_text(&h.shape, a, sizeof a);
        shape_format(expect, b, (int)sizeof b);
        io_errorf(err, "%s: error: header shape %s contradicts the expected type %s", name, a, b);
        return NULL;
    }
    const et_traits *tr = et_get(elem);
    size_t need = (size_t)count * tr->bytes;
    size_t have = len - data;
    if (have != need) {
        io_errorf(err, "%s: error: %zu data bytes for %" PRId64 " elements of %u byte%s (%zu expected)",
                  name, have, count, tr->bytes, tr->bytes == 1 ? "" : "s", need);
        return NULL;
    }
    tensor *t = tensor_new(&h.shape);
    if (!t) {
        io_errorf(err, "%s: error: out of memory", name);
        return NULL;
    }
    if (need)
        memcpy(t->data, buf + data, need);
    if (swap)
        swap_elements(t->data, count, tr->bytes, tr->kind == EK_COMPLEX);
    if (!normalize_small(t, name, err)) {
        tensor_release(t);
        return NULL;
    }
    if (elem != expect->elem) {
        tensor *c = convert_exact(t, expect->elem, name, err);
        tensor_release(t);
        return c;
    }
    return t;
}

irrun_status io_write_npy(FILE *out, const tensor *t, io_npy_descr descr)
{
    char dbuf[16], shape[SHAPE_MAX_RANK * 24];
    shape_text(&t->type, shape, sizeof shape);
    char header[512];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                     io_npy_descr_for(t->type.elem, descr, dbuf), shape);
    if (n < 0 || (size_t)n + 80 > sizeof header)
        return IRRUN_UNSUPPORTED;
    /* NumPy pads with spaces and ends with '\n' so the data starts on a
     * 64-byte boundary (magic 6 + version 2 + length 2 = 10 bytes) */
    size_t total = 10 + (size_t)n + 1;
    size_t padded = (total + 63) / 64 * 64;
    memset(header + n, ' ', padded - total);
    header[padded - 10 - 1] = '\n';
    size_t hlen = padded - 10;
    unsigned char pre[10];
    memcpy(pre, npy_magic, 6);
    pre[6] = 1;
    pre[7] = 0;
    pre[8] = (unsigned char)(hlen & 0xFF);
    pre[9] = (unsigned char)(hlen >> 8);
    if (fwrite(pre, 1, 10, out) != 10 || fwrite(header, 1, hlen, out) != hlen)
        return IRRUN_BAD_INPUT;
    /* the runtime layout is already NumPy's: little-endian, one sub-byte
     * element per byte (signed ones sign-extended), booleans 0/1 */
    if (t->nbytes && fwrite(t->data, 1, t->nbytes, out) != t->nbytes)
        return IRRUN_BAD_INPUT;
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}

/* ---- REF's probe files (SPEC.md 9.3.11, decision 31) --------------------- */

/* REF's table, not NumPy's: the 64-bit integer codes are swapped, f16 and
 * bf16 are plain 2-byte words, complex<f32> is one 8-byte float and
 * complex<f64> a 16-byte integer. The other types REF refuses. */
static const char *const probe_descrs[ET_COUNT] = {
    [ET_I1] = "<i1",  [ET_I8] = "<i1",   [ET_UI8] = "<u1",  [ET_I16] = "<i2", [ET_UI16] = "<u2",
    [ET_I32] = "<i4", [ET_UI32] = "<u4", [ET_I64] = "<u8",  [ET_UI64] = "<i8",
    [ET_F16] = "<u2", [ET_BF16] = "<u2", [ET_F32] = "<f4",  [ET_F64] = "<f8",
    [ET_C64] = "<f8", [ET_C128] = "<i16",
};

const char *io_probe_descr(et_id elem) { return (unsigned)elem < ET_COUNT ? probe_descrs[elem] : NULL; }

irrun_status io_write_probe_npy(FILE *out, const tensor *t)
{
    const char *d = io_probe_descr(t->type.elem);
    if (!d)
        return IRRUN_UNSUPPORTED;
    char dims[SHAPE_MAX_RANK * 22 + 1] = "";
    size_t n = 0;
    for (int k = 0; k < t->type.rank; k++)
        n += (size_t)snprintf(dims + n, sizeof dims - n, "%" PRId64 ",", t->type.dims[k]);
    /* REF's header exactly: `'shape' :` with its space, every dimension
     * followed by a comma, then six spaces and a newline that align
     * nothing */
    char header[sizeof dims + 96];
    int len = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape' : (%s), }      \n",
                       d, dims);
    if (len < 0 || (size_t)len >= sizeof header)
        return IRRUN_UNSUPPORTED;
    unsigned char pre[10];
    memcpy(pre, npy_magic, 6);
    pre[6] = 1;
    pre[7] = 0;
    pre[8] = (unsigned char)(len & 0xFF);
    pre[9] = (unsigned char)(len >> 8);
    if (fwrite(pre, 1, 10, out) != 10 || fwrite(header, 1, (size_t)len, out) != (size_t)len)
        return IRRUN_BAD_INPUT;
    /* the runtime layout is REF's: little-endian, i1 one byte 0/1, complex
     * real then imaginary */
    if (t->nbytes && fwrite(t->data, 1, t->nbytes, out) != t->nbytes)
        return IRRUN_BAD_INPUT;
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}

irrun_status io_read_probe_npy(const unsigned char *buf, size_t len, const char *name, const tensor_type *type,
                               tensor **out, io_error *err)
{
    *out = NULL;
    const char *want = io_probe_descr(type->elem);
    const et_traits *tr = et_get(type->elem);
    npy_header h;
    size_t data;
    if (!want) {
        io_errorf(err, "%s: error: no probe file holds element type %s", name, tr->name);
        return IRRUN_UNSUPPORTED;
    }
    if (!read_preamble(buf, len, name, &h, &data, err))
        return IRRUN_BAD_INPUT;
    char shown[4 * sizeof h.descr + 1];
    text_escape_ascii(h.descr, strlen(h.descr), shown, sizeof shown);
    if (strcmp(h.descr, want) != 0) {
        io_errorf(err, "%s: error: descr '%s' is not '%s', the probe descr of %s", name, shown, want, tr->name);
        return IRRUN_BAD_INPUT;
    }
    /* REF reads as many elements as the type has, whatever the shape */
    int64_t count = shape_count(&h.shape), want_count = shape_count(type);
    if (count != want_count) {
        io_errorf(err, "%s: error: %" PRId64 " elements in the file, %" PRId64 " in the expected type", name,
                  count, want_count);
        return IRRUN_BAD_INPUT;
    }
    size_t need = (size_t)count * tr->bytes, have = len - data;
    if (have != need) {
        io_errorf(err, "%s: error: %zu data bytes for %" PRId64 " elements of %u byte%s (%zu expected)", name,
                  have, count, tr->bytes, tr->bytes == 1 ? "" : "s", need);
        return IRRUN_BAD_INPUT;
    }
    tensor *t = tensor_new(type);
    if (!t) {
        io_errorf(err, "%s: error: out of memory", name);
        return IRRUN_NOMEM;
    }
    if (need)
        memcpy(t->data, buf + data, need);
    if (!normalize_small(t, name, err)) {
        tensor_release(t);
        return IRRUN_BAD_INPUT;
    }
    *out = t;
    return IRRUN_OK;
}
