/* Internal to the bytecode writer (bc_write.c, bc_write_ops.c): its state
 * and the encoders of the attributes ops share. Every error longjmps to
 * bc_write_module, which frees everything. */
#ifndef IRRUN_BC_WRITE_INTERNAL_H
#define IRRUN_BC_WRITE_INTERNAL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "bytecode/bc_internal.h"
#include "ir/ir.h"
#include "ir/parse.h"
#include "util/diag.h"

typedef struct {
    uint8_t *p;
    size_t n, cap;
} bw_buf;

enum { BW_STRING, BW_OPNAME, BW_ATTR, BW_TYPE, BW_KINDS };

typedef struct {
    uint64_t hash;
    int kind, dialect;
    bool custom;
    size_t off, len; /* its bytes in bw.data */
    const uint8_t *ext; /* then ext_len bytes not copied (a large tensor's, in the module) */
    size_t ext_len;
    int index;       /* among its kind */
} bw_entry;

typedef struct bw_alloc_node {
    struct bw_alloc_node *next;
    max_align_t pad;
} bw_alloc_node;

/* an attribute by name */
typedef struct {
    const char *key;
    uint64_t attr;
} bw_named;

/* the VHLO attributes of one op, newest version's names, each with whether
 * it holds the value an older version without it means */
enum { BW_MAX_ATTRS = 24 };
typedef struct {
    int n;
    bw_named v[BW_MAX_ATTRS];
    bool is_default[BW_MAX_ATTRS];
} bw_attrs;

enum { BW_MAX_DIALECTS = 16, BW_MAX_TMP = 64 };

typedef struct bw {
    jmp_buf fail;
    diag_source *src;
    src_loc at; /* the op being written, for messages */
    int target[3];
    char target_text[32];
    int version; /* bytecode format version */
    const char *dialects[BW_MAX_DIALECTS];
    int ndialects;
    bw_entry *entries;
    size_t nentries, entries_cap;
    size_t count[BW_KINDS];
    int *slots;
    size_t slots_cap;
    bw_buf data;
    bw_buf sec[6]; /* string, dialect, attribute/type, offsets, IR, properties */
    bw_buf tmp[BW_MAX_TMP];
    int ntmp;
    bw_buf nested[256]; /* the isolated regions being written, a stack (kept for reuse) */
    int nopen;
    uint64_t unknown_loc;
    size_t *vmap; /* value id -> bytecode value number, per function */
    bw_alloc_node *allocs;
} bw;

_Noreturn void bw_fail(bw *w, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void *bw_alloc(bw *w, size_t n);
void bw_bytes(bw *w, bw_buf *b, const void *p, size_t n);
void bw_byte(bw *w, bw_buf *b, uint8_t v);
void bw_varint(bw *w, bw_buf *b, uint64_t v);
void bw_svarint(bw *w, bw_buf *b, int64_t v);
bw_buf *bw_open(bw *w);
void bw_close(bw *w);
uint64_t bw_string(bw *w, const char *s, size_t n);
int bw_dialect(bw *w, const char *name);
uint64_t bw_attr(bw *w, int d, const bw_buf *b);
uint64_t bw_type_entry(bw *w, int d, const bw_buf *b);
int bw_version_cmp(const int a[3], const int b[3]);
void bw_since(bw *w, const char *since, const char *what);
const bc_vhlo_row *bw_row(bw *w, const char *base, const char *shown);

/* attributes (builtin: in the builtin dialect, else VHLO) */
uint64_t bw_type(bw *w, const tensor_type *t, bool builtin);
uint64_t bw_str_attr(bw *w, const char *s, size_t n, bool builtin);
uint64_t bw_bool(bw *w, bool v, bool builtin);
uint64_t bw_list(bw *w, const uint64_t *items, int n, bool builtin);
uint64_t bw_dict(bw *w, bw_named *items, int n, bool builtin);
uint64_t bw_int_attr(bw *w, const tensor_type *t, int64_t v, bool builtin);
uint64_t bw_i64(bw *w, int64_t v);
uint64_t bw_float_attr(bw *w, et_id e, uint64_t bits, bool builtin);
uint64_t bw_literal(bw *w, const ir_literal *l, bool builtin);
uint64_t bw_ints(bw *w, const int64_t *v, int n, int64_t cols, bool bools);
uint64_t bw_matrix(bw *w, const int64_t *v, int64_t rows, int64_t cols, bool bools);
uint64_t bw_enum(bw *w, int code, const char *name);
uint64_t bw_type_attr(bw *w, uint64_t type, bool builtin);
uint64_t bw_none_type_attr(bw *w);
uint64_t bw_kept(bw *w, const pattr *a, bool builtin);
uint64_t bw_asm_attr(bw *w, const char *dialect, const char *text);
uint64_t bw_type_attr_elem(bw *w, et_id e);

/* bc_write_ops.c: the VHLO attributes of a StableHLO or func op, whose
 * VHLO name without version is `base` ("gather", "custom_call") */
void bw_op_attrs(bw *w, const ir_op *o, const char *base, bw_attrs *at);
/* the builtin attributes of a check or interpreter op; false for an op of
 * another dialect the writer does not know */
bool bw_foreign_attrs(bw *w, const ir_op *o, bw_attrs *at);

#endif
