/* MLIR bytecode: the container (magic, version, producer, sections), the
 * string, dialect, properties and attribute/type offset sections, and the IR
 * section walked op by op into StableHLO generic text (docs/bytecode.md).
 * Every count and size is checked against the bytes that remain before it
 * is used, so bad input ends in a located error, never a read past the end
 * or an allocation it did not pay for in bytes. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc.h"
#include "bytecode/bc_internal.h"
#include "util/mem.h"

enum {
    SEC_STRING,
    SEC_DIALECT,
    SEC_ATTRTYPE,
    SEC_ATTRTYPE_OFFSET,
    SEC_IR,
    SEC_RESOURCE,
    SEC_RESOURCE_OFFSET,
    SEC_DIALECT_VERSIONS,
    SEC_PROPERTIES
};

static const char *const section_names[BC_SECTIONS] = {
    "string", "dialect", "attribute/type", "attribute/type offset", "IR", "resource", "resource offset",
    "dialect version", "properties",
};

/* bytecode format versions (MLIR's Encoding.h) */
enum {
    V_DIALECT_VERSIONING = 1,
    V_LAZY_LOADING = 2,
    V_USE_LIST_ORDERING = 3,
    V_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4,
    V_NATIVE_PROPERTIES = 5,
    V_NATIVE_SEGMENT_SIZE = 6,
    V_NEWEST = 6
};

/* op encoding mask */
enum {
    M_ATTRS = 0x01,
    M_RESULTS = 0x02,
    M_OPERANDS = 0x04,
    M_SUCCESSORS = 0x08,
    M_REGIONS = 0x10,
    M_USE_LISTS = 0x20,
    M_PROPERTIES = 0x40
};

/* ---- errors and memory ---------------------------------------------------- */

void bc_fail(bc_reader *r, const bc_cur *c, const char *fmt, ...)
{
    FILE *out = r->err ? r->err : stderr;
    if (c && c->p >= r->file && c->p <= r->file + r->len)
        fprintf(out, "%s: error: byte %zu (%s section): ", r->name, (size_t)(c->p - r->file),
                c->section ? c->section : "header");
    else
        fprintf(out, "%s: error: ", r->name);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
    longjmp(r->fail, 1);
}

typedef struct node {
    struct node *next;
    max_align_t pad;
} node;

/* Like bc_alloc, not zeroed (texts, which may be large). */
static void *alloc_raw(bc_reader *r, size_t n)
{
    if (n > SIZE_MAX - sizeof(node))
        bc_fail(r, NULL, "out of memory");
    node *k = mem_alloc(sizeof(node) + n);
    if (!k)
        bc_fail(r, NULL, "out of memory");
    k->next = r->allocs;
    r->allocs = k;
    return k + 1;
}

void *bc_alloc(bc_reader *r, size_t n)
{
    void *p = alloc_raw(r, n);
    memset(p, 0, n);
    return p;
}

static void free_all(bc_reader *r)
{
    for (node *k = r->allocs, *next; k; k = next) {
        next = k->next;
        mem_free(k);
    }
    r->allocs = NULL;
    mem_free(r->out.s);
    r->out.s = NULL;
    mem_free(r->values);
    r->values = NULL;
    mem_free(r->blobs);
    r->blobs = NULL;
    for (size_t i = 0; i < sizeof r->tmp / sizeof *r->tmp; i++) {
        mem_free(r->tmp[i].s);
        r->tmp[i].s = NULL;
    }
}

/* ---- primitives ----------------------------------------------------------- */

uint8_t bc_byte(bc_reader *r, bc_cur *c)
{
    if (c->p >= c->end)
        bc_fail(r, c, "expected a byte, found the end of the section");
    return *c->p++;
}

const uint8_t *bc_bytes(bc_reader *r, bc_cur *c, uint64_t n)
{
    if (n > (uint64_t)(c->end - c->p))
        bc_fail(r, c, "expected %" PRIu64 " bytes, only %zu remain", n, (size_t)(c->end - c->p));
    const uint8_t *p = c->p;
    c->p += n;
    return p;
}

/* MLIR's PrefixVarInt: the trailing zero bits of the first byte count the
 * bytes that follow; a zero first byte is followed by 8 bytes. */
uint64_t bc_varint(bc_reader *r, bc_cur *c)
{
    bc_cur at = *c;
    if (c->p >= c->end)
        bc_fail(r, c, "expected a varint, found the end of the section");
    uint8_t first = *c->p;
    unsigned extra = 0;
    if (first == 0)
        extra = 8;
    else
        while (!(first & (1u << extra)))
            extra++;
    if ((size_t)(c->end - c->p) < 1 + (size_t)extra)
        bc_fail(r, &at, "truncated varint (%u more bytes needed, %zu remain)", extra, (size_t)(c->end - c->p) - 1);
    uint64_t v = 0;
    if (extra == 8) {
        for (int i = 8; i >= 1; i--)
            v = (v << 8) | c->p[i];
    } else {
        for (int i = (int)extra; i >= 0; i--)
            v = (v << 8) | c->p[i];
        v >>= extra + 1;
    }
    c->p += 1 + extra;
    return v;
}

int64_t bc_svarint(bc_reader *r, bc_cur *c)
{
    uint64_t v = bc_varint(r, c);
    return (int64_t)((v >> 1) ^ (~(v & 1) + 1));
}

/* A count of items that each take at least min_item_bytes (>= 1) of what
 * remains: larger counts are corrupt, so nothing is allocated for them. */
uint64_t bc_count(bc_reader *r, bc_cur *c, size_t min_item_bytes)
{
    bc_cur at = *c;
    uint64_t n = bc_varint(r, c);
    size_t left = (size_t)(c->end - c->p);
    if (min_item_bytes && n > left / min_item_bytes)
        bc_fail(r, &at, "a count of %" PRIu64 " items, but only %zu bytes remain", n, left);
    return n;
}

bc_str bc_string(bc_reader *r, bc_cur *c)
{
    bc_cur at = *c;
    uint64_t i = bc_varint(r, c);
    if (i >= r->nstrings)
        bc_fail(r, &at, "string index %" PRIu64 " out of range (%zu strings)", i, r->nstrings);
    return r->strings[i];
}

bool bc_str_is(bc_str s, const char *z)
{
    size_t n = strlen(z);
    return s.len == n && memcmp(s.s, z, n) == 0;
}

/* ---- text ------------------------------------------------------------------ */

static void reserve(bc_reader *r, bc_buf *b, size_t more)
{
    if (b == &r->out && b->n + more > r->out_cap)
        bc_fail(r, NULL, "the artifact expands to more than %zu bytes of text (a corrupt attribute table?)",
                r->out_cap);
    if (b->n + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + more + 1) {
        if (cap > SIZE_MAX / 2)
            bc_fail(r, NULL, "out of memory");
        cap *= 2;
    }
    char *s = mem_realloc(b->s, cap);
    if (!s)
        bc_fail(r, NULL, "out of memory");
    b->s = s;
    b->cap = cap;
}

void bc_putn(bc_reader *r, bc_buf *b, const char *s, size_t n)
{
    reserve(r, b, n);
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void bc_putc(bc_reader *r, bc_buf *b, char ch)
{
    bc_putn(r, b, &ch, 1);
}

void bc_puts(bc_reader *r, bc_buf *b, const char *s)
{
    bc_putn(r, b, s, strlen(s));
}

void bc_printf(bc_reader *r, bc_buf *b, const char *fmt, ...)
{
    char small[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        bc_fail(r, NULL, "out of memory");
    if ((size_t)n < sizeof small) {
        bc_putn(r, b, small, (size_t)n);
        return;
    }
    reserve(r, b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

bc_buf *bc_open(bc_reader *r)
{
    if (r->ntmp == (int)(sizeof r->tmp / sizeof *r->tmp))
        bc_fail(r, NULL, "attributes nested too deeply");
    bc_buf *b = &r->tmp[r->ntmp++];
    b->n = 0;
    return b;
}

char *bc_close(bc_reader *r, bc_buf *b)
{
    char *s = alloc_raw(r, b->n + 1);
    if (b->n)
        memcpy(s, b->s, b->n);
    s[b->n] = '\0';
    if (r->ntmp > 0 && b == &r->tmp[r->ntmp - 1])
        r->ntmp--;
    return s;
}

/* ---- sections ---------------------------------------------------------------- */

static bc_cur section(const bc_reader *r, int id)
{
    bc_cur c = { r->sec[id], r->sec[id] + r->sec_len[id], section_names[id] };
    return c;
}

/* One section header and its data; `c` moves past it. */
static int read_section(bc_reader *r, bc_cur *c, const uint8_t **data, size_t *len)
{
    bc_cur at = *c;
    uint8_t id_align = bc_byte(r, c);
    int id = id_align & 0x7f;
    if (id >= BC_SECTIONS)
        bc_fail(r, &at, "unknown section id %d (expected 0 to %d)", id, BC_SECTIONS - 1);
    const char *outer = c->section;
    c->section = section_names[id]; /* its header's errors name it */
    uint64_t length = bc_varint(r, c);
    if (id_align & 0x80) {
        bc_cur al = *c;
        uint64_t align = bc_varint(r, c);
        if (align == 0 || (align & (align - 1)) || align > 4096)
            bc_fail(r, &al, "section alignment %" PRIu64 " is not a power of two up to 4096", align);
        /* the writer aligns relative to the start of the file */
        while ((size_t)(c->p - r->file) % align) {
            bc_cur pad = *c;
            if (bc_byte(r, c) != 0xCB)
                bc_fail(r, &pad, "expected the alignment byte 0xCB");
        }
    }
    *data = bc_bytes(r, c, length);
    *len = (size_t)length;
    c->section = outer;
    return id;
}

static void read_strings(bc_reader *r)
{
    bc_cur c = section(r, SEC_STRING);
    uint64_t n = bc_count(r, &c, 1);
    r->nstrings = (size_t)n;
    r->strings = bc_alloc(r, (size_t)n * sizeof *r->strings + 1);
    /* lengths come last to first; the data is one blob at the end */
    size_t end = r->sec_len[SEC_STRING];
    for (size_t i = n; i-- > 0;) {
        bc_cur at = c;
        uint64_t len = bc_varint(r, &c);
        if (len == 0 || len > end)
            bc_fail(r, &at, "string length %" PRIu64 " does not fit the section", len);
        end -= (size_t)len;
        const uint8_t *s = r->sec[SEC_STRING] + end;
        if (s[len - 1] != '\0')
            bc_fail(r, &at, "string %zu does not end in a NUL byte", i);
        r->strings[i].s = s;
        r->strings[i].len = (size_t)len - 1;
    }
    if ((size_t)(c.p - r->sec[SEC_STRING]) != end)
        bc_fail(r, &c, "%zu bytes between the string lengths and their data",
                end - (size_t)(c.p - r->sec[SEC_STRING]));
}

static void read_vhlo_version(bc_reader *r, const uint8_t *data, size_t len)
{
    bc_cur c = { data, data + len, "dialect" };
    uint64_t v[3];
    for (int i = 0; i < 3; i++)
        v[i] = bc_varint(r, &c);
    /* the newest VHLO version this reader knows (bc_vhlo_ops.h) */
    static const uint64_t newest[3] = { BC_VHLO_NEWEST_MAJOR, BC_VHLO_NEWEST_MINOR, BC_VHLO_NEWEST_PATCH };
    for (int i = 0; i < 3; i++) {
        if (v[i] < newest[i])
            return;
        if (v[i] > newest[i]) {
            bc_cur at = { data, data + len, "dialect" };
            bc_fail(r, &at,
                    "the artifact is VHLO version %" PRIu64 ".%" PRIu64 ".%" PRIu64
                    ", newer than %s, the newest this reader knows",
                    v[0], v[1], v[2], BC_VHLO_NEWEST);
        }
    }
}

static void read_dialects(bc_reader *r)
{
    bc_cur c = section(r, SEC_DIALECT);
    uint64_t n = bc_count(r, &c, 1);
    r->ndialects = (size_t)n;
    r->dialects = bc_alloc(r, (size_t)n * sizeof *r->dialects + 1);
    r->vhlo = r->builtin = -1;
    for (size_t i = 0; i < n; i++) {
        bc_cur at = c;
        if (r->version < V_DIALECT_VERSIONING) {
            r->dialects[i] = bc_string(r, &c);
        } else {
            uint64_t v = bc_varint(r, &c);
            if ((v >> 1) >= r->nstrings)
                bc_fail(r, &at, "string index %" PRIu64 " out of range (%zu strings)", v >> 1, r->nstrings);
            r->dialects[i] = r->strings[v >> 1];
            if (v & 1) {
                const uint8_t *data;
                size_t len;
                bc_cur sat = c;
                if (read_section(r, &c, &data, &len) != SEC_DIALECT_VERSIONS)
                    bc_fail(r, &sat, "expected the dialect's version section");
                if (bc_str_is(r->dialects[i], "vhlo"))
                    read_vhlo_version(r, data, len);
            }
        }
        if (bc_str_is(r->dialects[i], "vhlo"))
            r->vhlo = (int)i;
        else if (bc_str_is(r->dialects[i], "builtin"))
            r->builtin = (int)i;
    }
    if (r->version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC)
        (void)bc_varint(r, &c); /* the number of op names, a hint */
    size_t cap = 0;
    while (c.p < c.end) {
        bc_cur at = c;
        uint64_t d = bc_varint(r, &c);
        if (d >= r->ndialects)
            bc_fail(r, &at, "dialect index %" PRIu64 " out of range (%zu dialects)", d, r->ndialects);
        uint64_t k = bc_count(r, &c, 1);
        if (r->nops + k > cap) {
            size_t ncap = r->nops + (size_t)k + 8;
            bc_opname *ops = bc_alloc(r, ncap * sizeof *ops);
            if (r->nops)
                memcpy(ops, r->ops, r->nops * sizeof *ops);
            r->ops = ops;
            cap = ncap;
        }
        for (uint64_t j = 0; j < k; j++) {
            bc_cur nat = c;
            uint64_t v = bc_varint(r, &c);
            if (r->version >= V_NATIVE_PROPERTIES)
                v >>= 1; /* the low bit: registered when written */
            if (v >= r->nstrings)
                bc_fail(r, &nat, "string index %" PRIu64 " out of range (%zu strings)", v, r->nstrings);
            r->ops[r->nops].dialect = (int)d;
            r->ops[r->nops].name = r->strings[v];
            r->nops++;
        }
    }
}

static void read_properties(bc_reader *r)
{
    if (!r->has_sec[SEC_PROPERTIES] || r->sec_len[SEC_PROPERTIES] == 0)
        return;
    bc_cur c = section(r, SEC_PROPERTIES);
    uint64_t n = bc_count(r, &c, 1);
    r->props = c.p;
    r->props_len = (size_t)(c.end - c.p);
    r->nprops = (size_t)n;
    r->prop_offsets = bc_alloc(r, (size_t)n * sizeof *r->prop_offsets + 1);
    for (size_t i = 0; i < n; i++) {
        r->prop_offsets[i] = (size_t)(c.p - r->props);
        uint64_t len = bc_varint(r, &c);
        (void)bc_bytes(r, &c, len);
    }
    if (c.p != c.end)
        bc_fail(r, &c, "%zu bytes after the last property entry", (size_t)(c.end - c.p));
}

/* The attribute and type tables: where each entry's bytes are, read lazily. */
static void read_attr_type_offsets(bc_reader *r)
{
    bc_cur c = section(r, SEC_ATTRTYPE_OFFSET);
    uint64_t na = bc_count(r, &c, 1), nt = bc_varint(r, &c);
    if (nt > (uint64_t)(c.end - c.p))
        bc_fail(r, &c, "a count of %" PRIu64 " types, but only %zu bytes remain", nt, (size_t)(c.end - c.p));
    if (na + nt > (uint64_t)(c.end - c.p))
        bc_fail(r, &c, "%" PRIu64 " attributes and types, but only %zu bytes remain", na + nt,
                (size_t)(c.end - c.p));
    r->nattrs = (size_t)na;
    r->ntypes = (size_t)nt;
    r->attrs = bc_alloc(r, (size_t)na * sizeof *r->attrs + 1);
    r->types = bc_alloc(r, (size_t)nt * sizeof *r->types + 1);
    size_t offset = 0, total = r->sec_len[SEC_ATTRTYPE];
    for (int pass = 0; pass < 2; pass++) {
        size_t n = pass ? r->ntypes : r->nattrs, i = 0;
        while (i < n) {
            bc_cur at = c;
            uint64_t d = bc_varint(r, &c);
            if (d >= r->ndialects)
                bc_fail(r, &at, "dialect index %" PRIu64 " out of range (%zu dialects)", d, r->ndialects);
            uint64_t k = bc_varint(r, &c);
            if (k > n - i)
                bc_fail(r, &at, "a group of %" PRIu64 " entries, but only %zu %s remain", k, n - i,
                        pass ? "types" : "attributes");
            for (uint64_t j = 0; j < k; j++, i++) {
                bc_cur eat = c;
                uint64_t v = bc_varint(r, &c), size = v >> 1;
                if (size > total - offset)
                    bc_fail(r, &eat, "an entry of %" PRIu64 " bytes past the end of the attribute/type section",
                            size);
                const uint8_t *data = r->sec[SEC_ATTRTYPE] + offset;
                if (pass) {
                    r->types[i].data = data;
                    r->types[i].len = (size_t)size;
                    r->types[i].dialect = (int)d;
                    r->types[i].custom = v & 1;
                    r->types[i].rank = -1;
                } else {
                    r->attrs[i].data = data;
                    r->attrs[i].len = (size_t)size;
                    r->attrs[i].dialect = (int)d;
                    r->attrs[i].custom = v & 1;
                }
                offset += (size_t)size;
            }
        }
    }
    if (c.p != c.end)
        bc_fail(r, &c, "%zu bytes after the last attribute/type offset", (size_t)(c.end - c.p));
}

/* ---- the IR ------------------------------------------------------------------ */

typedef struct {
    size_t base, n, next; /* this region's value slots in the scope */
} region_vals;

static void define_value(bc_reader *r, const bc_cur *at, region_vals *rv, int name, int res, int type)
{
    if (rv->next >= rv->base + rv->n)
        bc_fail(r, at, "more values defined than the region's count of %zu", rv->n);
    bc_value *v = &r->values[rv->next++];
    v->name = name;
    v->res = res;
    v->type = type;
}

static void put_value(bc_reader *r, bc_buf *b, const bc_value *v)
{
    if (v->res >= 0)
        bc_printf(r, b, "%%v%d#%d", v->name, v->res);
    else
        bc_printf(r, b, "%%v%d", v->name);
}

/* Value slots form one stack per isolated scope: `scope` is where the
 * current scope's slots start. */
static region_vals push_values(bc_reader *r, const bc_cur *at, uint64_t n)
{
    /* each value is defined by a result or an argument of the region,
     * which takes at least a byte of it */
    if (n > (uint64_t)(at->end - at->p))
        bc_fail(r, at, "a region of %" PRIu64 " values in %zu bytes", n, (size_t)(at->end - at->p));
    if (r->nvalues + n > r->values_cap) {
        size_t cap = r->values_cap ? r->values_cap : 64;
        while (cap < r->nvalues + n)
            cap *= 2;
        bc_value *v = mem_realloc(r->values, cap * sizeof *v);
        if (!v)
            bc_fail(r, NULL, "out of memory");
        r->values = v;
        r->values_cap = cap;
    }
    for (size_t i = 0; i < n; i++)
        r->values[r->nvalues + i].name = -1;
    region_vals rv = { r->nvalues, (size_t)n, r->nvalues };
    r->nvalues += (size_t)n;
    return rv;
}

static void read_ops(bc_reader *r, bc_cur *c, size_t scope, region_vals *rv, uint64_t nops, bool in_func,
                     int indent);

/* The use-list orders of a range of n values: the order of their uses,
 * which changes nothing ir-run computes, so read past. */
static void skip_use_lists(bc_reader *r, bc_cur *c, uint64_t n)
{
    uint64_t k = n > 1 ? bc_count(r, c, 1) : 1;
    for (uint64_t i = 0; i < k; i++) {
        if (n > 1)
            (void)bc_varint(r, c);
        uint64_t m = bc_count(r, c, 1) >> 1;
        for (uint64_t j = 0; j < m; j++)
            (void)bc_varint(r, c);
    }
}

static void put_indent(bc_reader *r, int indent)
{
    for (int i = 0; i < indent; i++)
        bc_puts(r, &r->out, "  ");
}

static void block_args(bc_reader *r, bc_cur *c, region_vals *rv, bool has_args)
{
    if (!has_args)
        return;
    uint64_t n = bc_count(r, c, 1);
    bc_puts(r, &r->out, "^bb0(");
    for (uint64_t i = 0; i < n; i++) {
        bc_cur at = *c;
        uint64_t t;
        if (r->version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
            uint64_t v = bc_varint(r, c);
            t = v >> 1;
            if (v & 1)
                (void)bc_varint(r, c); /* its location */
        } else {
            t = bc_varint(r, c);
            (void)bc_varint(r, c);
        }
        bc_type *ty = bc_get_type(r, &at, t);
        int name = r->next_name++;
        define_value(r, &at, rv, name, -1, (int)t);
        bc_printf(r, &r->out, "%s%%v%d: %s", i ? ", " : "", name, ty->text);
    }
    bc_puts(r, &r->out, "):\n");
    if (r->version >= V_USE_LIST_ORDERING && bc_byte(r, c))
        skip_use_lists(r, c, n);
}

static void read_region(bc_reader *r, bc_cur *c, size_t scope, bool in_func, int indent)
{
    (void)scope;
    bc_cur at = *c;
    uint64_t nblocks = bc_varint(r, c);
    bc_puts(r, &r->out, "{\n");
    if (nblocks > 1)
        bc_fail(r, &at, "a region of %" PRIu64 " blocks (ir-run reads single-block regions)", nblocks);
    if (nblocks == 1) {
        bc_cur vat = *c;
        uint64_t nvalues = bc_varint(r, c);
        size_t mark = r->nvalues;
        region_vals rv = push_values(r, &vat, nvalues);
        bc_cur hat = *c;
        uint64_t h = bc_varint(r, c);
        (void)hat;
        put_indent(r, indent);
        block_args(r, c, &rv, h & 1);
        read_ops(r, c, scope, &rv, h >> 1, in_func, indent + 1);
        r->nvalues = mark;
    }
    put_indent(r, indent);
    bc_puts(r, &r->out, "}");
}

static void read_op(bc_reader *r, bc_cur *c, size_t scope, region_vals *rv, bool in_func, int indent)
{
    bc_cur at = *c;
    uint64_t oi = bc_varint(r, c);
    if (oi >= r->nops)
        bc_fail(r, &at, "op name index %" PRIu64 " out of range (%zu names)", oi, r->nops);
    const bc_opname *on = &r->ops[oi];
    const bc_str *dialect = &r->dialects[on->dialect];
    if (bc_str_is(*dialect, "vhlo") && !bc_vhlo_known(on->name))
        bc_fail(r, &at, "unknown VHLO op 'vhlo.%.*s' (the artifact was written by %s; this reader knows VHLO up to %s)",
                (int)on->name.len, (const char *)on->name.s, r->producer, BC_VHLO_NEWEST);
    uint8_t mask = bc_byte(r, c);
    if (mask & 0x80)
        bc_fail(r, &at, "unknown bits in the op's encoding mask 0x%02x", mask);
    (void)bc_varint(r, c); /* location */
    bc_named named[64];
    size_t nnamed = 0;
    if (mask & M_ATTRS) {
        bc_cur dat = *c;
        bc_attr *d = bc_get_attr(r, &dat, bc_varint(r, c));
        if (d->kind != BV_DICT)
            bc_fail(r, &dat, "the op's attributes are not a dictionary");
        for (int i = 0; i < d->n; i++) {
            if (nnamed == sizeof named / sizeof *named)
                bc_fail(r, &dat, "more than %zu attributes on one op", sizeof named / sizeof *named);
            bc_attr *k = bc_get_attr(r, &dat, (uint64_t)d->items[2 * i]);
            named[nnamed].key = k->str;
            named[nnamed].attr = (uint64_t)d->items[2 * i + 1];
            nnamed++;
        }
    }
    if (mask & M_PROPERTIES) {
        bc_cur pat = *c;
        uint64_t pi = bc_varint(r, c);
        if (pi >= r->nprops)
            bc_fail(r, &pat, "properties index %" PRIu64 " out of range (%zu entries)", pi, r->nprops);
        bc_cur pc = { r->props + r->prop_offsets[pi], r->props + r->props_len, "properties" };
        uint64_t len = bc_varint(r, &pc);
        const uint8_t *data = bc_bytes(r, &pc, len);
        bc_cur p = { data, data + len, "properties" };
        size_t nprop;
        const char *const *names = bc_prop_names(dialect, on->name, &nprop);
        if (!names)
            bc_fail(r, &at, "op '%.*s.%.*s' has properties, but ir-run does not know their layout", (int)dialect->len,
                    (const char *)dialect->s, (int)on->name.len, (const char *)on->name.s);
        bool builtin_module = bc_str_is(*dialect, "builtin");
        for (size_t i = 0; i < nprop; i++) {
            bc_cur iat = p;
            uint64_t v = bc_varint(r, &p);
            if (builtin_module) { /* optional attributes: (index << 1) | present */
                if (!(v & 1))
                    continue;
                v >>= 1;
            }
            if (nnamed == sizeof named / sizeof *named)
                bc_fail(r, &iat, "more than %zu attributes on one op", sizeof named / sizeof *named);
            (void)bc_get_attr(r, &iat, v);
            named[nnamed].key.s = (const uint8_t *)names[i];
            named[nnamed].key.len = strlen(names[i]);
            named[nnamed].attr = v;
            nnamed++;
        }
        if (p.p != p.end)
            bc_fail(r, &p, "%zu bytes left after the op's %zu properties", (size_t)(p.end - p.p), nprop);
    }
    uint64_t nres = 0;
    uint64_t res_types[1] = { 0 };
    uint64_t *rt = res_types;
    if (mask & M_RESULTS) {
        nres = bc_count(r, c, 1);
        rt = bc_alloc(r, (size_t)nres * sizeof *rt + 1);
        for (uint64_t i = 0; i < nres; i++) {
            bc_cur tat = *c;
            rt[i] = bc_varint(r, c);
            (void)bc_get_type(r, &tat, rt[i]);
        }
    }
    uint64_t nopnd = 0;
    size_t *opnd = NULL;
    if (mask & M_OPERANDS) {
        nopnd = bc_count(r, c, 1);
        opnd = bc_alloc(r, (size_t)nopnd * sizeof *opnd + 1);
        for (uint64_t i = 0; i < nopnd; i++) {
            bc_cur vat = *c;
            uint64_t v = bc_varint(r, c);
            if (v >= r->nvalues - scope || r->values[scope + v].name < 0)
                bc_fail(r, &vat, "operand %" PRIu64 " refers to value %" PRIu64 ", not defined before it", i, v);
            opnd[i] = scope + (size_t)v;
        }
    }
    if (mask & M_SUCCESSORS)
        bc_fail(r, &at, "an op with successors (ir-run reads single-block regions)");
    if ((mask & M_USE_LISTS) && r->version >= V_USE_LIST_ORDERING)
        skip_use_lists(r, c, nres);
    uint64_t nregions = 0;
    bool isolated = false;
    if (mask & M_REGIONS) {
        uint64_t v = bc_varint(r, c);
        nregions = v >> 1;
        isolated = v & 1;
        if (nregions > (uint64_t)(c->end - c->p))
            bc_fail(r, &at, "%" PRIu64 " regions, but only %zu bytes remain", nregions, (size_t)(c->end - c->p));
    }
    bc_conv conv = { 0 };
    bc_convert_op(r, &at, dialect, on->name, named, nnamed, in_func, &conv);
    bool is_func = strcmp(conv.name, "func.func") == 0;
    put_indent(r, indent);
    int name = -1;
    if (nres) {
        name = r->next_name++;
        if (nres == 1)
            bc_printf(r, &r->out, "%%v%d = ", name);
        else
            bc_printf(r, &r->out, "%%v%d:%" PRIu64 " = ", name, nres);
    }
    bc_printf(r, &r->out, "\"%s\"(", conv.name);
    for (uint64_t i = 0; i < nopnd; i++) {
        if (i)
            bc_puts(r, &r->out, ", ");
        put_value(r, &r->out, &r->values[opnd[i]]);
    }
    bc_puts(r, &r->out, ")");
    if (conv.props)
        bc_puts(r, &r->out, " <{"), bc_put_text(r, &r->out, conv.props), bc_puts(r, &r->out, "}>");
    if (nregions) {
        bc_cur rc = *c, *use = c;
        if (isolated && r->version >= V_LAZY_LOADING) {
            const uint8_t *data;
            size_t len;
            bc_cur sat = *c;
            if (read_section(r, c, &data, &len) != SEC_IR)
                bc_fail(r, &sat, "expected an IR section holding the op's regions");
            rc.p = data;
            rc.end = data + len;
            rc.section = "IR";
            use = &rc;
        }
        if (r->depth >= BC_MAX_DEPTH)
            bc_fail(r, &at, "regions nested deeper than %d", BC_MAX_DEPTH);
        r->depth++;
        size_t inner = isolated ? r->nvalues : scope;
        bc_puts(r, &r->out, " (");
        for (uint64_t i = 0; i < nregions; i++) {
            if (i)
                bc_puts(r, &r->out, ", ");
            read_region(r, use, inner, is_func, indent);
        }
        bc_puts(r, &r->out, ")");
        r->depth--;
        if (use == &rc && rc.p != rc.end)
            bc_fail(r, &rc, "%zu bytes left after the op's regions", (size_t)(rc.end - rc.p));
    }
    if (conv.attrs)
        bc_puts(r, &r->out, " {"), bc_put_text(r, &r->out, conv.attrs), bc_putc(r, &r->out, '}');
    bc_puts(r, &r->out, " : (");
    for (uint64_t i = 0; i < nopnd; i++)
        bc_printf(r, &r->out, "%s%s", i ? ", " : "", r->types[r->values[opnd[i]].type].text);
    bc_puts(r, &r->out, ") -> ");
    if (nres != 1)
        bc_puts(r, &r->out, "(");
    for (uint64_t i = 0; i < nres; i++)
        bc_printf(r, &r->out, "%s%s", i ? ", " : "", r->types[rt[i]].text);
    if (nres != 1)
        bc_puts(r, &r->out, ")");
    bc_putc(r, &r->out, '\n');
    for (uint64_t i = 0; i < nres; i++) {
        if (rv)
            define_value(r, &at, rv, name, nres == 1 ? -1 : (int)i, (int)rt[i]);
        else
            bc_fail(r, &at, "a top-level op with results");
    }
}

static void read_ops(bc_reader *r, bc_cur *c, size_t scope, region_vals *rv, uint64_t nops, bool in_func, int indent)
{
    for (uint64_t i = 0; i < nops; i++)
        read_op(r, c, scope, rv, in_func, indent);
}

static void read_ir(bc_reader *r)
{
    bc_cur c = section(r, SEC_IR);
    uint64_t h = bc_varint(r, &c);
    if (h & 1)
        bc_fail(r, &c, "the top-level block has arguments");
    read_ops(r, &c, 0, NULL, h >> 1, false, 0);
    if (c.p != c.end)
        bc_fail(r, &c, "%zu bytes after the last top-level op", (size_t)(c.end - c.p));
}

/* ---- entry --------------------------------------------------------------------- */

bool bc_is_bytecode(const void *data, size_t len)
{
    return data && len >= BC_MAGIC_LEN && memcmp(data, BC_MAGIC, BC_MAGIC_LEN) == 0;
}

static void read_all(bc_reader *r)
{
    bc_cur c = { r->file, r->file + r->len, NULL };
    if (!bc_is_bytecode(r->file, r->len))
        bc_fail(r, &c, "not MLIR bytecode (no \"ML\\xEFR\" magic)");
    c.p += 4;
    bc_cur vat = c;
    r->version = bc_varint(r, &c);
    if (r->version > V_NEWEST)
        bc_fail(r, &vat, "bytecode version %" PRIu64 " is newer than %d, the newest this reader knows",
                r->version, V_NEWEST);
    const uint8_t *nul = memchr(c.p, 0, (size_t)(c.end - c.p));
    if (!nul)
        bc_fail(r, &c, "the producer string has no NUL byte");
    r->producer = (const char *)c.p;
    c.p = nul + 1;
    while (c.p < c.end) {
        bc_cur at = c;
        const uint8_t *data;
        size_t len;
        int id = read_section(r, &c, &data, &len);
        if (r->has_sec[id])
            bc_fail(r, &at, "a second %s section", section_names[id]);
        r->has_sec[id] = true;
        r->sec[id] = data;
        r->sec_len[id] = len;
    }
    static const int required[] = { SEC_STRING, SEC_DIALECT, SEC_ATTRTYPE, SEC_ATTRTYPE_OFFSET, SEC_IR };
    for (size_t i = 0; i < sizeof required / sizeof *required; i++)
        if (!r->has_sec[required[i]])
            bc_fail(r, &c, "no %s section", section_names[required[i]]);
    read_strings(r);
    read_properties(r);
    read_dialects(r);
    read_attr_type_offsets(r);
    /* the text's likely size at once: tensors as hex (none when the
     * large ones go beside the text as blobs), ops a few times their bytes
     * (it still grows when attributes repeat) */
    size_t guess = (r->want_blobs ? 0 : r->sec_len[SEC_ATTRTYPE] / 2 * 5) + r->sec_len[SEC_IR] * 16 + 4096;
    if (guess < r->out_cap)
        bc_putn(r, &r->out, "", 0), reserve(r, &r->out, guess);
    read_ir(r);
}

char *bc_to_text(const void *data, size_t len, const char *name, FILE *err, size_t *text_len)
{
    return bc_to_text_blobs(data, len, name, err, text_len, NULL, NULL);
}

char *bc_to_text_blobs(const void *data, size_t len, const char *name, FILE *err, size_t *text_len,
                       diag_blob **blobs, size_t *nblobs)
{
    /* the state lives behind a pointer that longjmp leaves alone */
    bc_reader *const r = mem_calloc(1, sizeof *r);
    if (!r) {
        fprintf(err ? err : stderr, "%s: error: out of memory\n", name ? name : "<bytecode>");
        return NULL;
    }
    r->file = data;
    r->len = len;
    r->name = name ? name : "<bytecode>";
    r->err = err;
    r->want_blobs = blobs != NULL;
    /* text per byte of input: types and attributes are shared by index, so
     * a few hundred bytes may print many times; tensors print as hex (2x) */
    r->out_cap = len > (SIZE_MAX - (64u << 20)) / 64 ? SIZE_MAX : len * 64 + (64u << 20);
    if (setjmp(r->fail)) {
        free_all(r);
        mem_free(r);
        return NULL;
    }
    read_all(r);
    bc_putn(r, &r->out, "", 0); /* an empty artifact's text is "" too */
    char *text = r->out.s;      /* handed over, not copied: it may be large */
    r->out.s = NULL;
    if (text_len)
        *text_len = r->out.n;
    if (blobs) {
        *blobs = r->blobs;
        *nblobs = r->nblobs;
        r->blobs = NULL;
    }
    free_all(r);
    mem_free(r);
    return text;
}
