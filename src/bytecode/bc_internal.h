/* Internal to src/bytecode: the reader's state, shared by the container
 * reader (bc_read.c), the attribute and type decoders (bc_attr.c) and the
 * VHLO op conversions (bc_vhlo.c). Every error longjmps to bc_to_text,
 * which frees everything the reader allocated (all through bc_alloc). */
#ifndef IRRUN_BC_INTERNAL_H
#define IRRUN_BC_INTERNAL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/diag.h"

/* growable text */
typedef struct {
    char *s;
    size_t n, cap;
} bc_buf;

/* a cursor over one part of the file */
typedef struct {
    const uint8_t *p, *end;
    const char *section; /* for messages */
} bc_cur;

typedef struct {
    const uint8_t *s; /* not NUL-terminated in the file: len bytes */
    size_t len;
} bc_str;

enum { BC_SECTIONS = 9 };

typedef enum {
    BV_OTHER,  /* only its text matters */
    BV_ARRAY,  /* items: attribute indices */
    BV_DICT,   /* items: key and value attribute indices, in pairs */
    BV_BOOL,   /* i */
    BV_INT,    /* i */
    BV_STRING, /* str */
    BV_TENSOR, /* type, str = raw data */
    BV_ENUM,   /* code (the VHLO attribute code), i */
    BV_LOC     /* a location: never printed */
} bc_val_kind;

typedef struct {
    int state; /* 0 not read, 1 being read, 2 read */
    const uint8_t *data;
    size_t len;
    int dialect;
    bool custom;
    /* once read: */
    char *text;
    bc_val_kind kind;
    int64_t i;
    int code;
    bc_str str;
    int type;
    int n;
    int *items;
    size_t blob; /* 1 + its index in the blob table once written as one */
} bc_attr;

typedef struct {
    int state;
    const uint8_t *data;
    size_t len;
    int dialect;
    bool custom;
    char *text;
    /* ranked tensors: */
    int rank; /* -1: not a ranked tensor */
    int64_t *dims;
    int elem;      /* element type index */
    int elem_bits; /* element storage bits (complex: both parts), 0 unknown */
} bc_type;

typedef struct {
    int dialect;
    bc_str name;
} bc_opname;

typedef struct {
    int name; /* printed as %vNAME */
    int res;  /* result number, -1 when the op has one result or for an argument */
    int type;
} bc_value;

typedef struct bc_reader {
    jmp_buf fail;
    const uint8_t *file;
    size_t len;
    const char *name;
    FILE *err;
    void *allocs; /* every allocation, freed at the end */
    uint64_t version;
    const char *producer; /* the header's producer string */
    const uint8_t *sec[BC_SECTIONS];
    size_t sec_len[BC_SECTIONS];
    bool has_sec[BC_SECTIONS];
    bc_str *strings;
    size_t nstrings;
    bc_str *dialects;
    size_t ndialects;
    int vhlo, builtin; /* dialect indices, -1 when absent */
    bc_opname *ops;
    size_t nops;
    bc_attr *attrs;
    size_t nattrs;
    bc_type *types;
    size_t ntypes;
    const uint8_t *props;
    size_t props_len;
    size_t *prop_offsets;
    size_t nprops;
    int depth;
    bc_buf out;
    size_t out_cap; /* most text the artifact may expand to */
    int next_name;
    bc_value *values;
    size_t nvalues, values_cap;
    bool want_blobs; /* large tensors as blobs beside the text (bc_to_text_blobs) */
    diag_blob *blobs;
    size_t nblobs, blobs_cap;
    bc_buf tmp[2 * 200 + 16]; /* the open scratch buffers, a stack */
    int ntmp;
} bc_reader;

enum { BC_MAX_DEPTH = 200 };

/* A tensor attribute of more bytes than this stands in the texts as a mark
 * (BC_MARK_OPEN, its attribute index, BC_MARK_CLOSE), expanded only when
 * the op is written out (bc_put_text): large data is formatted once, into
 * the final text. The mark bytes never occur in the text otherwise
 * (strings print control bytes escaped). */
enum { BC_STREAM_BYTES = 4096 };
#define BC_MARK_OPEN '\x01'
#define BC_MARK_CLOSE '\x02'
void bc_put_text(bc_reader *r, bc_buf *b, const char *text);

/* bc_read.c */
_Noreturn void bc_fail(bc_reader *r, const bc_cur *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void *bc_alloc(bc_reader *r, size_t n);
uint8_t bc_byte(bc_reader *r, bc_cur *c);
uint64_t bc_varint(bc_reader *r, bc_cur *c);
int64_t bc_svarint(bc_reader *r, bc_cur *c);
const uint8_t *bc_bytes(bc_reader *r, bc_cur *c, uint64_t n);
uint64_t bc_count(bc_reader *r, bc_cur *c, size_t min_item_bytes);
bc_str bc_string(bc_reader *r, bc_cur *c);
void bc_putc(bc_reader *r, bc_buf *b, char ch);
void bc_puts(bc_reader *r, bc_buf *b, const char *s);
void bc_putn(bc_reader *r, bc_buf *b, const char *s, size_t n);
void bc_printf(bc_reader *r, bc_buf *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* scratch text: bc_open pushes a buffer, bc_close pops it (the last one
 * opened) and returns its text as a reader allocation */
bc_buf *bc_open(bc_reader *r);
char *bc_close(bc_reader *r, bc_buf *b);
bool bc_str_is(bc_str s, const char *z);

/* bc_attr.c */
bc_attr *bc_get_attr(bc_reader *r, const bc_cur *at, uint64_t index);
bc_type *bc_get_type(bc_reader *r, const bc_cur *at, uint64_t index);
void bc_put_string(bc_reader *r, bc_buf *b, bc_str s);
void bc_put_key(bc_reader *r, bc_buf *b, bc_str s);
int64_t bc_tensor_count(const bc_type *t);
bool bc_tensor_ints(bc_reader *r, const bc_attr *a, int64_t **out, int64_t *n);
/* The tables the reader decodes with and the writer (bc_write.c) encodes
 * with: the VHLO type code of an element type without parameters ("f32":
 * 4; -1 when none) and the first version that has it, the names of VHLO enum attribute `code` (NULL when it
 * is no enum; *kind its StableHLO name, *n how many). */
int bc_vhlo_type_code(const char *text, const char **since);
const char *const *bc_vhlo_enum(int code, const char **kind, size_t *n);

/* bc_vhlo.c */
typedef struct {
    bc_str key;
    uint64_t attr;
} bc_named;

/* an op as the text parser reads it */
typedef struct {
    char *name;  /* "stablehlo.add", "func.func", ... */
    char *props; /* `<{...}>` contents, or NULL */
    char *attrs; /* `{...}` contents, or NULL */
} bc_conv;

/* the newest VHLO version of bc_vhlo_ops.h (StableHLO's Version.h there) */
#define BC_VHLO_NEWEST "1.20.0"
enum { BC_VHLO_NEWEST_MAJOR = 1, BC_VHLO_NEWEST_MINOR = 20, BC_VHLO_NEWEST_PATCH = 0 };

bool bc_vhlo_known(bc_str op);

/* One VHLO op (bc_vhlo_ops.h): name with version, the first and last VHLO
 * version that has it ("current": still the newest), its attributes sorted. */
enum { BC_VHLO_MAX_ATTRS = 17 };
typedef struct {
    const char *name, *since, *until;
    const char *attrs[BC_VHLO_MAX_ATTRS + 1];
} bc_vhlo_row;
/* The rows of every VHLO op, for the writer (bc_write.c). */
const bc_vhlo_row *bc_vhlo_op_rows(size_t *n);

/* The names of a registered op's properties, in the order the bytecode
 * writes them (sorted), or NULL for an op without a table row. */
const char *const *bc_prop_names(const bc_str *dialect, bc_str op, size_t *n);
void bc_convert_op(bc_reader *r, const bc_cur *at, const bc_str *dialect, bc_str op, const bc_named *attrs,
                   size_t nattrs, bool parent_is_func, bc_conv *out);

#endif
