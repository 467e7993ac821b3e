/* Printing returned values exactly as REF does (SPEC.md 6.3): the nested
 * bracket layout, or MLIR's dense<...> attribute form. */
#include <inttypes.h>
#include <string.h>

#include "interp/interp_internal.h"
#include "types/fpprint.h"

static uint64_t load_u64(const void *p, size_t n)
{
    uint64_t v = 0;
    memcpy(&v, p, n);
    return v;
}

size_t interp_elem_text(et_id t, const void *elem, bool dense, char *buf)
{
    const et_traits *tr = et_get(t);
    switch (tr->kind) {
    case EK_BOOL:
        return (size_t)sprintf(buf, "%s", *(const uint8_t *)elem ? "true" : "false");
    case EK_SINT: {
        return (size_t)sprintf(buf, "%" PRId64, et_sign_extend(t, et_load_bits(t, elem)));
    }
    case EK_UINT:
        return (size_t)sprintf(buf, "%" PRIu64, et_load_bits(t, elem));
    case EK_FLOAT:
        return fp_print_mlir(tr->fmt, et_load_bits(t, elem), buf);
    case EK_COMPLEX: {
        size_t half = tr->bytes / 2, n = 0;
        buf[n++] = dense ? '(' : '[';
        n += fp_print_mlir(tr->fmt, load_u64(elem, half), buf + n);
        if (dense) {
            buf[n++] = ',';
        } else {
            buf[n++] = ',';
            buf[n++] = ' ';
        }
        n += fp_print_mlir(tr->fmt, load_u64((const unsigned char *)elem + half, half), buf + n);
        buf[n++] = dense ? ')' : ']';
        buf[n] = '\0';
        return n;
    }
    }
    buf[0] = '\0';
    return 0;
}

size_t interp_elem_hex(et_id t, const void *elem, char *buf)
{
    const et_traits *tr = et_get(t);
    if (tr->kind == EK_COMPLEX) {
        size_t half = tr->bytes / 2;
        size_t n = fp_print_hex(8 * (unsigned)half, load_u64(elem, half), buf);
        buf[n++] = ',';
        n += fp_print_hex(8 * (unsigned)half, load_u64((const unsigned char *)elem + half, half),
                          buf + n);
        return n;
    }
    return fp_print_hex(tr->value_bits, et_load_bits(t, elem), buf);
}

/* REF's recursive layout: each list at depth L starts on a new line
 * indented 2L, sub-lists are separated by ",", the parent's closing bracket
 * goes on its own line indented 2(L-1). */
static void print_level(const tensor *t, int depth, int64_t *offset, FILE *out)
{
    int rank = t->type.rank;
    int64_t n = t->type.dims[depth];
    size_t es = tensor_elem_bytes(t);
    char buf[INTERP_ELEM_TEXT];
    fprintf(out, "\n%*s[", 2 * (depth + 1), "");
    if (depth == rank - 1) {
        for (int64_t i = 0; i < n; i++) {
            interp_elem_text(t->type.elem, (const unsigned char *)t->data + *offset * (int64_t)es,
                             false, buf);
            fprintf(out, "%s%s", i ? ", " : "", buf);
            (*offset)++;
        }
        fputc(']', out);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        print_level(t, depth + 1, offset, out);
        if (i + 1 < n)
            fputc(',', out);
    }
    if (n > 0)
        fprintf(out, "\n%*s", 2 * (depth + 1), "");
    fputc(']', out);
}

/* The lists REF's layout prints for a tensor without elements: every
 * list down to the first zero dimension. Saturates at `cap`. */
static int64_t empty_lists(const tensor_type *t, int64_t cap)
{
    int64_t lists = 0, rows = 1;
    for (int d = 0; d < t->rank && lists < cap; d++) {
        lists += rows;
        if (t->dims[d] == 0)
            break;
        rows = rows > cap / t->dims[d] ? cap : rows * t->dims[d];
    }
    return lists < cap ? lists : cap;
}

static void print_ref(const tensor *t, FILE *out)
{
    char type[512];
    shape_format(&t->type, type, sizeof type);
    fprintf(out, "%s {", type);
    if (t->count == 0 && t->type.rank > 0 &&
        empty_lists(&t->type, INTERP_PRINT_MAX_EMPTY_LISTS + 1) > INTERP_PRINT_MAX_EMPTY_LISTS) {
        /* REF's layout would be one line per empty list (2^36 lines for
         * tensor<68719476736x0xf32>): say what it holds instead */
        fputs("}\n", out);
        return;
    }
    if (t->type.rank == 0) {
        char buf[INTERP_ELEM_TEXT];
        interp_elem_text(t->type.elem, t->data, false, buf);
        fprintf(out, "%s}\n", buf);
        return;
    }
    int64_t offset = 0;
    print_level(t, 0, &offset, out);
    fputs("\n}\n", out);
}

static void print_dense_level(const tensor *t, int depth, int64_t *offset, FILE *out)
{
    size_t es = tensor_elem_bytes(t);
    char buf[INTERP_ELEM_TEXT];
    fputc('[', out);
    for (int64_t i = 0; i < t->type.dims[depth]; i++) {
        if (i)
            fputs(", ", out);
        if (depth == t->type.rank - 1) {
            interp_elem_text(t->type.elem, (const unsigned char *)t->data + *offset * (int64_t)es,
                             true, buf);
            fputs(buf, out);
            (*offset)++;
        } else {
            print_dense_level(t, depth + 1, offset, out);
        }
    }
    fputc(']', out);
}

static void print_dense(const tensor *t, long hex_threshold, FILE *out)
{
    char type[512], buf[INTERP_ELEM_TEXT];
    shape_format(&t->type, type, sizeof type);
    size_t es = tensor_elem_bytes(t);
    const unsigned char *d = t->data;
    fputs("dense<", out);
    bool splat = t->count > 0;
    for (int64_t i = 1; i < t->count && splat; i++)
        splat = memcmp(d, d + i * (int64_t)es, es) == 0;
    if (t->count == 0) {
        /* dense<> */
    } else if (splat) {
        interp_elem_text(t->type.elem, d, true, buf);
        fputs(buf, out);
    } else if (hex_threshold >= 0 && t->count > hex_threshold) {
        /* the memory image, sub-byte values with their upper bits zero */
        const et_traits *tr = et_get(t->type.elem);
        fputs("\"0x", out);
        for (int64_t i = 0; i < t->count; i++) {
            const unsigned char *e = d + i * (int64_t)es;
            if (tr->bytes == 1 && tr->value_bits < 8) {
                fprintf(out, "%02X", (unsigned)et_load_bits(t->type.elem, e));
            } else {
                for (size_t k = 0; k < es; k++)
                    fprintf(out, "%02X", e[k]);
            }
        }
        fputc('"', out);
    } else {
        int64_t offset = 0;
        print_dense_level(t, 0, &offset, out);
    }
    fprintf(out, "> : %s\n", type);
}

int interp_print_tensor(const tensor *t, bool dense, long hex_threshold, FILE *out)
{
    if (dense)
        print_dense(t, hex_threshold, out);
    else
        print_ref(t, out);
    return ferror(out) ? -1 : 0;
}
