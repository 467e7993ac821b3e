/* Printing returned values exactly as REF does (SPEC.md 6.3): the nested
 * bracket layout, or MLIR's dense<...> attribute form. */
#include <inttypes.h>
#include <string.h>

#include "runtime/rt_print.h"
#include "types/etext.h"

/* REF's recursive layout: each list at depth L starts on a new line
 * indented 2L, sub-lists are separated by ",", the parent's closing bracket
 * goes on its own line indented 2(L-1). */
/* How elements are written: REF's text, the shortest decimals that read
 * back, the exact decimals. */
typedef enum { TEXT_REF, TEXT_DECIMAL, TEXT_EXACT } elem_text;

static size_t element(const tensor *t, const void *elem, elem_text how, char *buf)
{
    switch (how) {
    case TEXT_REF: return et_value_text(t->type.elem, elem, false, buf);
    case TEXT_DECIMAL: return et_value_decimal(t->type.elem, elem, buf);
    case TEXT_EXACT: return et_value_exact(t->type.elem, elem, buf);
    }
    return 0;
}

static void print_level(const tensor *t, int depth, int64_t *offset, elem_text how, FILE *out)
{
    int rank = t->type.rank;
    int64_t n = t->type.dims[depth];
    size_t es = tensor_elem_bytes(t);
    char buf[ET_EXACT_MAX];
    fprintf(out, "\n%*s[", 2 * (depth + 1), "");
    if (depth == rank - 1) {
        for (int64_t i = 0; i < n; i++) {
            const void *elem = (const unsigned char *)t->data + *offset * (int64_t)es;
            size_t len = element(t, elem, how, buf);
            if (i)
                fputs(", ", out);
            fwrite(buf, 1, len, out); /* not fprintf: its format parsing cost as much as the digits */
            (*offset)++;
        }
        fputc(']', out);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        print_level(t, depth + 1, offset, how, out);
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

static void print_ref(const tensor *t, elem_text how, FILE *out)
{
    char type[512];
    shape_format(&t->type, type, sizeof type);
    fprintf(out, "%s {", type);
    if (t->count == 0 && t->type.rank > 0 &&
        empty_lists(&t->type, RT_PRINT_MAX_EMPTY_LISTS + 1) > RT_PRINT_MAX_EMPTY_LISTS) {
        /* REF's layout would be one line per empty list (2^36 lines for
         * tensor<68719476736x0xf32>): say what it holds instead */
        fputs("}\n", out);
        return;
    }
    if (t->type.rank == 0) {
        char buf[ET_EXACT_MAX];
        element(t, t->data, how, buf);
        fprintf(out, "%s}\n", buf);
        return;
    }
    int64_t offset = 0;
    print_level(t, 0, &offset, how, out);
    fputs("\n}\n", out);
}

static void print_dense_level(const tensor *t, int depth, int64_t *offset, FILE *out)
{
    size_t es = tensor_elem_bytes(t);
    char buf[ET_TEXT_MAX];
    fputc('[', out);
    for (int64_t i = 0; i < t->type.dims[depth]; i++) {
        if (i)
            fputs(", ", out);
        if (depth == t->type.rank - 1) {
            et_value_text(t->type.elem, (const unsigned char *)t->data + *offset * (int64_t)es,
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
    char type[512], buf[ET_TEXT_MAX];
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
        et_value_text(t->type.elem, d, true, buf);
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

irrun_status rt_print_tensor(const tensor *t, bool dense, long hex_threshold, FILE *out)
{
    if (dense)
        print_dense(t, hex_threshold, out);
    else
        print_ref(t, TEXT_REF, out);
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}

irrun_status rt_print_tensor_decimal(const tensor *t, bool exact, FILE *out)
{
    print_ref(t, exact ? TEXT_EXACT : TEXT_DECIMAL, out);
    return ferror(out) ? IRRUN_BAD_INPUT : IRRUN_OK;
}
