/* Shared pieces of the tensor file readers and writers: messages, file
 * loading, dispatch by extension, shapes and element texts. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "io/tensor_io.h"
#include "types/fpprint.h"
#include "util/mem.h"

void io_errorf(io_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    va_end(ap);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

io_format io_format_from_path(const char *path)
{
    if (ends_with(path, ".npy"))
        return IO_FMT_NPY;
    if (ends_with(path, ".bin"))
        return IO_FMT_BIN;
    if (ends_with(path, ".yaml") || ends_with(path, ".yml"))
        return IO_FMT_YAML;
    return IO_FMT_UNKNOWN;
}

io_format io_format_lookup(const char *name)
{
    if (strcmp(name, "npy") == 0)
        return IO_FMT_NPY;
    if (strcmp(name, "bin") == 0)
        return IO_FMT_BIN;
    if (strcmp(name, "yaml") == 0 || strcmp(name, "yml") == 0)
        return IO_FMT_YAML;
    return IO_FMT_UNKNOWN;
}

const char *io_format_ext(io_format f)
{
    switch (f) {
    case IO_FMT_NPY: return "npy";
    case IO_FMT_BIN: return "bin";
    case IO_FMT_YAML: return "yaml";
    default: return "?";
    }
}

unsigned char *io_slurp(const char *path, size_t *len, io_error *err)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        io_errorf(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* read in growing chunks rather than trusting a size from fseek, so
     * pipes and files changing under us are handled alike */
    size_t cap = 4096, n = 0;
    unsigned char *buf = mem_alloc(cap + 1);
    while (buf) {
        if (n == cap) {
            unsigned char *bigger = cap > SIZE_MAX / 2 - 1 ? NULL : mem_realloc(buf, 2 * cap + 1);
            if (!bigger) {
                mem_free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (!buf) {
        if (!is_stdin)
            fclose(f);
        io_errorf(err, "%s: out of memory", path);
        return NULL;
    }
    if (ferror(f)) {
        io_errorf(err, "%s: read error: %s", path, strerror(errno));
        if (!is_stdin)
            fclose(f);
        mem_free(buf);
        return NULL;
    }
    if (!is_stdin)
        fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

tensor *io_read_file(const char *path, io_format fmt, const io_expect *expect, io_error *err)
{
    if (fmt == IO_FMT_UNKNOWN)
        fmt = io_format_from_path(path);
    if (fmt == IO_FMT_UNKNOWN) {
        io_errorf(err, "%s: unknown tensor file format (use a .npy, .bin or .yaml extension)",
                  path);
        return NULL;
    }
    size_t len;
    unsigned char *buf = io_slurp(path, &len, err);
    if (!buf)
        return NULL;
    tensor *t = NULL;
    switch (fmt) {
    case IO_FMT_NPY: t = io_read_npy(buf, len, path, expect, err); break;
    case IO_FMT_BIN: t = io_read_bin(buf, len, path, expect, err); break;
    default: t = io_read_yaml(buf, len, path, expect, err); break;
    }
    mem_free(buf);
    return t;
}

int io_write_file(const char *path, io_format fmt, const tensor *t, io_npy_descr descr,
                  io_error *err)
{
    if (fmt == IO_FMT_UNKNOWN)
        fmt = io_format_from_path(path);
    if (fmt == IO_FMT_UNKNOWN) {
        io_errorf(err, "%s: unknown tensor file format (use a .npy, .bin or .yaml extension)",
                  path);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        io_errorf(err, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    int rc;
    switch (fmt) {
    case IO_FMT_NPY: rc = io_write_npy(f, t, descr); break;
    case IO_FMT_BIN: rc = io_write_bin(f, t); break;
    default: rc = io_write_yaml(f, t); break;
    }
    if (fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        io_errorf(err, "%s: write error", path);
    return rc;
}

int io_parse_shape(const char *text, tensor_type *t)
{
    t->rank = 0;
    if (*text == '\0' || strcmp(text, "scalar") == 0)
        return 0;
    const char *p = text;
    for (;;) {
        if (*p < '0' || *p > '9' || t->rank == SHAPE_MAX_RANK)
            return -1;
        int64_t v = 0;
        while (*p >= '0' && *p <= '9') {
            if (v > SHAPE_MAX_ELEMENTS)
                return -1;
            v = v * 10 + (*p++ - '0');
        }
        t->dims[t->rank++] = v;
        if (*p == '\0')
            break;
        if (*p != 'x' && *p != 'X' && *p != ',')
            return -1;
        p++;
    }
    return shape_count(t) < 0 ? -1 : 0;
}

static void scalar_text(et_id elem, uint64_t bits, char *buf)
{
    const et_traits *tr = et_get(elem);
    switch (tr->kind) {
    case EK_BOOL:
        strcpy(buf, bits ? "true" : "false");
        break;
    case EK_SINT: {
        /* sign-extend the value bits */
        int64_t v = (int64_t)bits;
        if (tr->value_bits < 64 && (bits >> (tr->value_bits - 1)) & 1)
            v = (int64_t)(bits | ~((UINT64_C(1) << tr->value_bits) - 1));
        sprintf(buf, "%" PRId64, v);
        break;
    }
    case EK_UINT:
        sprintf(buf, "%" PRIu64, bits);
        break;
    default:
        fp_print_mlir(tr->fmt, bits, buf);
        break;
    }
}

/* The component patterns of a complex element. */
static void complex_parts(et_id elem, const unsigned char *p, uint64_t *re, uint64_t *im)
{
    et_id part = elem == ET_C64 ? ET_F32 : ET_F64;
    size_t half = et_get(elem)->bytes / 2;
    *re = et_load_bits(part, p);
    *im = et_load_bits(part, p + half);
}

void io_elem_value_text(et_id elem, const unsigned char *p, char *buf)
{
    if (et_get(elem)->kind == EK_COMPLEX) {
        uint64_t re, im;
        complex_parts(elem, p, &re, &im);
        et_id part = elem == ET_C64 ? ET_F32 : ET_F64;
        char a[FP_PRINT_MAX], b[FP_PRINT_MAX];
        scalar_text(part, re, a);
        scalar_text(part, im, b);
        sprintf(buf, "[%s, %s]", a, b);
        return;
    }
    scalar_text(elem, et_load_bits(elem, p), buf);
}

void io_elem_bits_text(et_id elem, const unsigned char *p, char *buf)
{
    const et_traits *tr = et_get(elem);
    if (tr->kind == EK_COMPLEX) {
        uint64_t re, im;
        complex_parts(elem, p, &re, &im);
        char a[FP_PRINT_MAX], b[FP_PRINT_MAX];
        fp_print_hex(tr->value_bits / 2, re, a);
        fp_print_hex(tr->value_bits / 2, im, b);
        sprintf(buf, "(%s,%s)", a, b);
        return;
    }
    fp_print_hex(tr->value_bits, et_load_bits(elem, p), buf);
}
