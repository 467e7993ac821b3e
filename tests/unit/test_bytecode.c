/* The MLIR bytecode reader (src/bytecode, docs/bytecode.md) on artifacts
 * built here byte by byte from the format's description: a VHLO module
 * (func_v1 with two constant_v1, an add_v1, a return_v1) read as the
 * StableHLO text it holds and loaded through the API; every truncation and
 * many corruptions of it end in a located error (never a crash, a read
 * past the end or a leak); a newer VHLO version, an unknown op and an
 * attribute that contains itself are named; running out of memory at any
 * allocation frees everything. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc.h"
#include "ir/ir.h"
#include "irrun.h"
#include "util/mem.h"

/* ---- a small writer ------------------------------------------------------------ */

enum { ART_MAX = 32768 };

typedef struct {
    unsigned char b[ART_MAX];
    size_t n;
} buf;

/* the writer also runs outside a test (write_seeds): plain checks */
static void need(bool ok)
{
    if (!ok) {
        fputs("test_bytecode: the artifact writer overflowed\n", stderr);
        abort();
    }
}

static void byte(buf *o, unsigned v)
{
    need(o->n < sizeof o->b);
    o->b[o->n++] = (unsigned char)v;
}

static void bytes(buf *o, const void *p, size_t n)
{
    need(o->n + n <= sizeof o->b);
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

/* PrefixVarInt: values below 128 in one byte, below 16384 in two */
static void varint(buf *o, uint64_t v)
{
    if (v < 128) {
        byte(o, (unsigned)(v << 1 | 1));
    } else {
        need(v < 16384);
        uint64_t x = v << 2 | 2;
        byte(o, (unsigned)(x & 0xff));
        byte(o, (unsigned)(x >> 8));
    }
}

static void svarint(buf *o, int64_t v)
{
    varint(o, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

static void section(buf *o, unsigned id, const buf *data)
{
    byte(o, id);
    varint(o, data->n);
    bytes(o, data->b, data->n);
}

enum { S_BUILTIN, S_VHLO, S_MODULE, S_FUNC, S_CONST, S_ADD, S_RET, S_MAIN, S_EMPTY, S_NSTR };
static const char *const strs[S_NSTR] = { "builtin", "vhlo", "module", "func_v1", "constant_v1", "add_v1", "return_v1", "main", "" };

typedef struct {
    const char *op3; /* the name of the add op (an unknown one to test) */
    unsigned vhlo_major;
    bool self_attr;  /* the array attribute holds itself */
    int count;       /* elements of each constant (0: 2) */
} variant;

/* The module `main() -> tensor<2xf32> { return [1, 2] + [3, 4] }` as
 * VHLO 1.x at bytecode version 6 (the layout StableHLO writes today). */
static size_t build(const variant *v, unsigned char *out)
{
    buf file = { .n = 0 }, s = { .n = 0 };
    bytes(&file, "ML\xefR", 4);
    varint(&file, 6);
    bytes(&file, "test", 5);

    /* dialects: builtin, vhlo (versioned); ops grouped by dialect */
    buf ver = { .n = 0 };
    varint(&ver, v->vhlo_major);
    varint(&ver, 4);
    varint(&ver, 0);
    varint(&s, 2);
    varint(&s, S_BUILTIN << 1);
    varint(&s, S_VHLO << 1 | 1);
    section(&s, 7, &ver);
    varint(&s, 5);
    varint(&s, 0), varint(&s, 1), varint(&s, S_MODULE << 1 | 1);
    varint(&s, 1), varint(&s, 4);
    varint(&s, S_FUNC << 1 | 1), varint(&s, S_CONST << 1 | 1), varint(&s, S_ADD << 1 | 1), varint(&s, S_RET << 1 | 1);
    section(&file, 1, &s);

    /* attributes a0..a6 and types t0..t2, with their sizes */
    buf at = { .n = 0 };
    size_t sizes[10], k = 0, mark = 0;
#define END_ENTRY() (sizes[k++] = at.n - mark, mark = at.n)
    varint(&at, 15); /* a0: builtin UnknownLoc */
    END_ENTRY();
    varint(&at, 14), varint(&at, S_MAIN); /* a1: vhlo string "main" */
    END_ENTRY();
    varint(&at, 17), varint(&at, 2); /* a2: vhlo type attr of t2 */
    END_ENTRY();
    varint(&at, 1); /* a3: vhlo array [] (or [a3]) */
    if (v->self_attr)
        varint(&at, 1), varint(&at, 3);
    else
        varint(&at, 0);
    END_ENTRY();
    varint(&at, 14), varint(&at, S_EMPTY); /* a4: vhlo string "" */
    END_ENTRY();
    /* a5, a6: tensors [1, 2, 1, 2, ...] and [3, 4, 3, 4, ...] */
    int count = v->count ? v->count : 2;
    for (int c = 0; c < 2; c++) {
        varint(&at, 15), varint(&at, 1), varint(&at, (uint64_t)count * 4);
        for (int i = 0; i < count; i++) {
            float x = (float)(2 * c + 1 + i % 2);
            bytes(&at, &x, 4);
        }
        END_ENTRY();
    }
    varint(&at, 4); /* t0: f32 */
    END_ENTRY();
    varint(&at, 20), varint(&at, 1), svarint(&at, count), varint(&at, 0); /* t1: tensor<Nxf32> */
    END_ENTRY();
    varint(&at, 8), varint(&at, 0), varint(&at, 1), varint(&at, 1); /* t2: () -> tensor<2xf32> */
    END_ENTRY();
#undef END_ENTRY
    section(&file, 2, &at);
    s.n = 0;
    varint(&s, 7), varint(&s, 3);
    varint(&s, 0), varint(&s, 1), varint(&s, sizes[0] << 1 | 1);
    varint(&s, 1), varint(&s, 6);
    for (int i = 1; i < 7; i++)
        varint(&s, sizes[i] << 1 | 1);
    varint(&s, 1), varint(&s, 3);
    for (int i = 7; i < 10; i++)
        varint(&s, sizes[i] << 1 | 1);
    section(&file, 3, &s);

    /* IR: module { func { c0 = const a5; c1 = const a6; s = add c0, c1; return s } } */
    buf body = { .n = 0 }, fsec = { .n = 0 }, msec = { .n = 0 };
    varint(&body, 1), varint(&body, 3), varint(&body, 4 << 1);
    /* each op: name, mask, location, [properties], [results], [operands] */
    varint(&body, 2), byte(&body, 0x42), varint(&body, 0), varint(&body, 1), varint(&body, 1), varint(&body, 1);
    varint(&body, 2), byte(&body, 0x42), varint(&body, 0), varint(&body, 2), varint(&body, 1), varint(&body, 1);
    varint(&body, 3), byte(&body, 0x06), varint(&body, 0), varint(&body, 1), varint(&body, 1), varint(&body, 2),
        varint(&body, 0), varint(&body, 1);
    varint(&body, 4), byte(&body, 0x04), varint(&body, 0), varint(&body, 1), varint(&body, 2);
    section(&fsec, 4, &body);
    varint(&msec, 1), varint(&msec, 0), varint(&msec, 1 << 1);
    varint(&msec, 1), byte(&msec, 0x50), varint(&msec, 0), varint(&msec, 0), varint(&msec, 1 << 1 | 1);
    bytes(&msec, fsec.b, fsec.n);
    s.n = 0;
    varint(&s, 1 << 1);
    varint(&s, 0), byte(&s, 0x10), varint(&s, 0), varint(&s, 1 << 1 | 1);
    section(&s, 4, &msec);
    section(&file, 4, &s);

    /* properties: the func's (sorted names: arg_attrs, function_type,
     * res_attrs, sym_name, sym_visibility), then each constant's value */
    s.n = 0;
    varint(&s, 3);
    varint(&s, 5), varint(&s, 3), varint(&s, 2), varint(&s, 3), varint(&s, 1), varint(&s, 4);
    varint(&s, 1), varint(&s, 5);
    varint(&s, 1), varint(&s, 6);
    section(&file, 8, &s);

    /* strings: count, lengths last to first, then the data */
    s.n = 0;
    const char *names[S_NSTR];
    memcpy(names, strs, sizeof names);
    if (v->op3)
        names[S_ADD] = v->op3;
    varint(&s, S_NSTR);
    for (int i = S_NSTR; i-- > 0;)
        varint(&s, strlen(names[i]) + 1);
    for (int i = 0; i < S_NSTR; i++)
        bytes(&s, names[i], strlen(names[i]) + 1);
    section(&file, 0, &s);
    memcpy(out, file.b, file.n);
    return file.n;
}

static char *read_text(const unsigned char *data, size_t len, char **msg)
{
    char *said = NULL;
    size_t n = 0;
    FILE *err = open_memstream(&said, &n);
    ck_assert_ptr_nonnull(err);
    size_t text_len;
    char *text = bc_to_text(data, len, "t.mlirbc", err, &text_len);
    fclose(err);
    *msg = said;
    return text;
}

/* The artifact's text holds each of `text`, without a stray tensor mark;
 * loaded through the API (as the command line and Python load it), its
 * printed module holds each of `ir`. */
static void read_and_load(const unsigned char *a, size_t n, const char *const *text, const char *const *ir)
{
    char *msg;
    char *t = read_text(a, n, &msg);
    ck_assert_msg(t != NULL, "%s", msg);
    ck_assert_str_eq(msg, "");
    for (int i = 0; text[i]; i++)
        ck_assert_msg(strstr(t, text[i]) != NULL, "no '%s' in the text", text[i]);
    ck_assert_ptr_null(strchr(t, '\x01'));
    mem_free(t);
    free(msg);
    irrun_module *m;
    char *diag, *printed;
    ck_assert_int_eq(irrun_module_load_text((const char *)a, n, "t.mlirbc", &m, &diag), IRRUN_OK);
    ck_assert_int_eq(irrun_module_print(m, &printed), IRRUN_OK);
    for (int i = 0; ir[i]; i++)
        ck_assert_msg(strstr(printed, ir[i]) != NULL, "no '%s' in the printed module", ir[i]);
    irrun_string_free(printed);
    irrun_string_free(diag);
    irrun_module_free(m);
}

START_TEST(reads_a_module)
{
    unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 0 };
    size_t n = build(&v, a);
    ck_assert(bc_is_bytecode(a, n));
    static const char *const text[] = {
        "\"func.func\"() <{function_type = () -> tensor<2xf32>, sym_name = \"main\"}>",
        "%v2 = \"stablehlo.add\"(%v0, %v1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        "\"func.return\"(%v2) : (tensor<2xf32>) -> ()", NULL
    };
    /* through the API, as the command line and Python load it: the
     * constants are 1.0, 2.0 and 3.0, 4.0 (the floats written above) */
    static const char *const ir[] = {
        "dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>",
        "dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>", "stablehlo.add", NULL
    };
    read_and_load(a, n, text, ir);
}
END_TEST

/* constants of more than 4 KiB go to the text in one piece, straight from
 * the file (bc_put_text): the same module, 1100 elements */
START_TEST(large_tensors_read_the_same)
{
    static unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 1100 };
    size_t n = build(&v, a);
    static const char *const text[] = {
        "{value = dense<\"0x0000803F00000040", "{value = dense<\"0x0000404000008040",
        "0000803F00000040\"> : tensor<1100xf32>} : () -> tensor<1100xf32>", NULL
    };
    static const char *const ir[] = { "tensor<1100xf32>", NULL };
    read_and_load(a, n, text, ir);
}
END_TEST

/* the same through bc_to_text_blobs (as the API reads): the constants
 * stand in the text as blobs, their bytes beside it, pointing into the
 * artifact; the module built from them holds 1, 2, 1, 2, ... and 3, 4, ...
 * (printed as hex: 1.0f is 0x3F800000, little-endian 0000803F); the
 * module read again from its text (--emit=ir with a chlo op, a dynamic
 * entry) finds them in the literals */
START_TEST(large_tensors_go_beside_the_text)
{
    static unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 1100 };
    size_t n = build(&v, a);
    size_t text_len, nblobs = 0;
    diag_blob *blobs = NULL;
    char *t = bc_to_text_blobs(a, n, "t.mlirbc", stderr, &text_len, &blobs, &nblobs);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(nblobs, 2);
    ck_assert_ptr_nonnull(strstr(t, "{value = dense<\x03" "0> : tensor<1100xf32>}"));
    ck_assert_ptr_nonnull(strstr(t, "{value = dense<\x03" "1> : tensor<1100xf32>}"));
    ck_assert_msg(strstr(t, "\"0x") == NULL, "%s", t);
    for (size_t k = 0; k < 2; k++) {
        ck_assert_uint_eq(blobs[k].len, 4400);
        ck_assert(blobs[k].data > a && blobs[k].data + blobs[k].len <= a + n);
        float x[2];
        memcpy(x, blobs[k].data, sizeof x);
        ck_assert(x[0] == (float)(2 * k + 1) && x[1] == (float)(2 * k + 2));
    }
    mem_free(t);
    mem_free(blobs);
    irrun_module *m;
    char *diag, *printed;
    ck_assert_int_eq(irrun_module_load_text((const char *)a, n, "t.mlirbc", &m, &diag), IRRUN_OK);
    memset(a, 0, n); /* the module keeps nothing of the caller's bytes */
    ck_assert_int_eq(irrun_module_print(m, &printed), IRRUN_OK);
    ck_assert_ptr_nonnull(strstr(printed, "dense<\"0x0000803F000000400000803F"));
    ck_assert_ptr_nonnull(strstr(printed, "dense<\"0x00004040000080400000404000008040"));
    irrun_string_free(printed);
    irrun_string_free(diag);
    irrun_module_free(m);
}
END_TEST

/* The front end's side of a blob (diag_blob): `dense<\x03K>` takes blob
 * K's bytes (all the elements, or one for a splat); the first read points
 * the blob at the literal it built, so the text reads again without the
 * artifact's bytes; a blob of the wrong size is a located error. */
static ir_module *parse_with(const char *text, diag_blob *blobs, size_t n, bool rebind, char **msg)
{
    size_t len = 0;
    FILE *out = open_memstream(msg, &len);
    ck_assert_ptr_nonnull(out);
    diag_source src = { .name = "b.mlir", .text = text, .len = strlen(text), .out = out,
                        .blobs = blobs, .nblobs = n, .rebind_blobs = rebind };
    ir_module *m = ir_parse(&src, 0, src.len, 1);
    fclose(out);
    return m;
}

static const ir_literal *first_constant(const ir_module *m) { return &m->funcs[0].body.ops[0].a.constant; }

START_TEST(blobs_in_the_text_reader)
{
    static const char text[] = "func.func @main() -> (tensor<3xf32>, tensor<2xi16>) {\n"
                               "  %0 = stablehlo.constant dense<\x03" "0> : tensor<3xf32>\n"
                               "  %1 = stablehlo.constant dense<\x03" "1> : tensor<2xi16>\n"
                               "  func.return %0, %1 : tensor<3xf32>, tensor<2xi16>\n}\n";
    float f[3] = { 1.5f, -2.0f, 0.25f };
    unsigned char h[2] = { 0x34, 0x12 }; /* one i16, 0x1234: a splat */
    diag_blob blobs[2] = { { (const unsigned char *)f, sizeof f }, { h, sizeof h } };
    char *msg;
    ir_module *m = parse_with(text, blobs, 2, true, &msg);
    ck_assert_msg(m != NULL, "%s", msg);
    free(msg);
    const ir_literal *l = first_constant(m);
    ck_assert_uint_eq(l->nbytes, sizeof f);
    ck_assert_mem_eq(l->data, f, sizeof f);
    const ir_literal *l1 = &m->funcs[0].body.ops[1].a.constant;
    ck_assert_uint_eq(l1->count, 2);
    int16_t v[2];
    memcpy(v, l1->data, sizeof v);
    ck_assert(v[0] == 0x1234 && v[1] == 0x1234);
    /* rebound: the literals' bytes, the caller's gone */
    ck_assert_ptr_eq(blobs[0].data, l->data);
    ck_assert_uint_eq(blobs[1].len, 4);
    memset(f, 0, sizeof f);
    memset(h, 0, sizeof h);
    ir_module *again = parse_with(text, blobs, 2, false, &msg);
    ck_assert_msg(again != NULL, "%s", msg);
    free(msg);
    ck_assert_mem_eq(first_constant(again)->data, l->data, 12);
    ck_assert_ptr_eq(blobs[0].data, l->data); /* not rebound to the second module */
    memcpy(v, again->funcs[0].body.ops[1].a.constant.data, sizeof v);
    ck_assert(v[0] == 0x1234 && v[1] == 0x1234);
    ir_module_free(again);
    ir_module_free(m);
    /* a blob of the wrong size, a blob not in the table, no table */
    unsigned char odd[5] = { 0 };
    diag_blob bad[2] = { { odd, 5 }, { odd, 4 } };
    static const struct {
        size_t n;
        const char *want;
    } cases[] = {
        { 2, "b.mlir:2:33: error: the data has 5 bytes but 3 elements of f32 need 12 (or 4 for a splat)" },
        { 0, "b.mlir:2:33: error: unexpected byte 0x03 in dense literal" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ir_module *x = parse_with(text, cases[i].n ? bad : NULL, cases[i].n, true, &msg);
        ck_assert_ptr_null(x);
        ck_assert_msg(strncmp(msg, cases[i].want, strlen(cases[i].want)) == 0, "%s", msg);
        free(msg);
    }
}
END_TEST

/* every allocation of the API's load failing in turn (the blob table
 * included) frees everything; the load fails, or succeeds when only a
 * message buffer was refused */
START_TEST(large_tensors_out_of_memory)
{
    static unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 1100 };
    size_t n = build(&v, a);
    size_t before = mem_bytes_in_use();
    unsigned long start = mem_alloc_count();
    irrun_module *m;
    char *diag;
    ck_assert_int_eq(irrun_module_load_text((const char *)a, n, "t.mlirbc", &m, &diag), IRRUN_OK);
    irrun_string_free(diag);
    irrun_module_free(m);
    unsigned long total = mem_alloc_count() - start;
    for (unsigned long k = 1; k <= total; k++) {
        mem_fail_at(k);
        irrun_status s = irrun_module_load_text((const char *)a, n, "t.mlirbc", &m, &diag);
        mem_fail_at(0);
        if (s == IRRUN_OK) /* an allocation only for messages may fail quietly */
            irrun_module_free(m);
        irrun_string_free(diag);
        ck_assert_uint_eq(mem_bytes_in_use(), before);
    }
}
END_TEST

START_TEST(every_truncation_is_located)
{
    unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 0 };
    size_t n = build(&v, a);
    for (size_t len = 0; len < n; len++) {
        unsigned char *copy = malloc(len ? len : 1); /* exactly len bytes: ASan sees a read past them */
        memcpy(copy, a, len);
        char *msg;
        char *text = read_text(copy, len, &msg);
        ck_assert_msg(text == NULL, "a prefix of %zu bytes read", len);
        ck_assert_msg(strncmp(msg, "t.mlirbc: error: ", 17) == 0, "prefix %zu: %s", len, msg);
        if (len >= 4)
            ck_assert_msg(strstr(msg, "byte ") != NULL, "prefix %zu not located: %s", len, msg);
        free(msg);
        free(copy);
    }
}
END_TEST

START_TEST(corruptions_never_crash)
{
    unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 0 };
    size_t n = build(&v, a);
    static const unsigned masks[] = { 0x01, 0x02, 0x80, 0xff };
    size_t before = mem_bytes_in_use();
    for (size_t i = 4; i < n; i++)
        for (size_t k = 0; k < sizeof masks / sizeof *masks; k++) {
            unsigned char *copy = malloc(n);
            memcpy(copy, a, n);
            copy[i] ^= (unsigned char)masks[k];
            char *msg;
            char *text = read_text(copy, n, &msg);
            ck_assert(text != NULL || strncmp(msg, "t.mlirbc: error: ", 17) == 0);
            mem_free(text);
            free(msg);
            free(copy);
        }
    ck_assert_uint_eq(mem_bytes_in_use(), before);
}
END_TEST

START_TEST(refusals_name_the_cause)
{
    unsigned char a[ART_MAX];
    char *msg;
    variant future = { NULL, 9, false, 0 };
    size_t n = build(&future, a);
    ck_assert_ptr_null(read_text(a, n, &msg));
    ck_assert_msg(strstr(msg, "VHLO version 9.4.0, newer than") != NULL, "%s", msg);
    free(msg);

    variant unknown = { "add_v9", 1, false, 0 };
    n = build(&unknown, a);
    ck_assert_ptr_null(read_text(a, n, &msg));
    ck_assert_msg(strstr(msg, "(IR section): unknown VHLO op 'vhlo.add_v9' (the artifact was written by test") != NULL,
                  "%s", msg);
    free(msg);

    variant self = { NULL, 1, true, 0 };
    n = build(&self, a);
    ck_assert_ptr_null(read_text(a, n, &msg));
    ck_assert_msg(strstr(msg, "attribute 3 contains itself") != NULL, "%s", msg);
    free(msg);

    static const unsigned char text[] = "func.func @main() { }";
    ck_assert(!bc_is_bytecode(text, sizeof text));
    ck_assert_ptr_null(read_text(text, sizeof text, &msg));
    ck_assert_msg(strstr(msg, "not MLIR bytecode") != NULL, "%s", msg);
    free(msg);
}
END_TEST

START_TEST(out_of_memory_frees_everything)
{
    unsigned char a[ART_MAX];
    variant v = { NULL, 1, false, 0 };
    size_t n = build(&v, a);
    size_t before = mem_bytes_in_use();
    unsigned long start = mem_alloc_count();
    char *msg;
    char *text = read_text(a, n, &msg);
    ck_assert_ptr_nonnull(text);
    mem_free(text);
    free(msg);
    unsigned long total = mem_alloc_count() - start;
    for (unsigned long k = 1; k <= total; k++) {
        mem_fail_at(k);
        text = read_text(a, n, &msg);
        mem_fail_at(0);
        ck_assert_msg(text == NULL && strstr(msg, "out of memory") != NULL, "allocation %lu: %s", k, msg);
        free(msg);
        ck_assert_uint_eq(mem_bytes_in_use(), before);
    }
}
END_TEST

/* ---- the writer (issue 36, docs/bytecode.md "Writing") ---------------------------- */

static const char writer_program[] =
    "module {\n"
    "  func.func @main(%a: tensor<3xf32>) -> tensor<f32> {\n"
    "    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>\n"
    "    %1 = stablehlo.reduce(%a init: %0) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n"
    "    check.expect_almost_eq_const %1, dense<6.000000e+00> : tensor<f32>\n"
    "    func.return %1 : tensor<f32>\n"
    "  }\n"
    "}\n";

static char *printed(irrun_module *m)
{
    char *t;
    ck_assert_int_eq(irrun_module_print(m, &t), IRRUN_OK);
    return t;
}

START_TEST(writes_what_reads_back)
{
    irrun_module *m, *back;
    char *diag;
    ck_assert_int_eq(irrun_module_load_text(writer_program, strlen(writer_program), "w.mlir", &m, &diag), IRRUN_OK);
    irrun_string_free(diag);
    char *want = printed(m);
    /* the format StableHLO writes for each target: 6 (varint 0x0D) now, 0 (0x01) at 0.9.0 */
    static const struct {
        const char *target, *producer;
        unsigned char version;
    } cases[] = { { "current", "StableHLO_v1.20.0", 0x0D }, { "minimum", "StableHLO_v0.9.0", 0x01 },
                  { "0.12.0", "StableHLO_v0.12.0", 0x07 }, { "0.14.0", "StableHLO_v0.14.0", 0x09 } };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *bytes;
        size_t n;
        ck_assert_int_eq(irrun_module_write_bytecode(m, cases[i].target, &bytes, &n, &diag), IRRUN_OK);
        ck_assert_ptr_null(diag);
        ck_assert(n > 5 && memcmp(bytes, "ML\xefR", 4) == 0);
        ck_assert_uint_eq((unsigned char)bytes[4], cases[i].version);
        ck_assert_str_eq(bytes + 5, cases[i].producer);
        ck_assert_int_eq(irrun_module_load_text(bytes, n, "w.mlirbc", &back, &diag), IRRUN_OK);
        irrun_string_free(diag);
        char *got = printed(back);
        ck_assert_str_eq(got, want);
        irrun_string_free(got);
        irrun_module_free(back);
        irrun_string_free(bytes);
    }
    irrun_string_free(want);
    irrun_module_free(m);
}
END_TEST

START_TEST(writes_large_constants_raw)
{
    /* 4096 distinct f32 values: the artifact holds their bytes once, as they are */
    enum { N = 4096 };
    size_t cap = 64 * N + 256;
    char *text = malloc(cap);
    size_t k = (size_t)snprintf(text, cap, "func.func @main() -> tensor<%dxf32> {\n  %%0 = stablehlo.constant dense<[", N);
    for (int i = 0; i < N; i++)
        k += (size_t)snprintf(text + k, cap - k, "%s%d.0", i ? ", " : "", i);
    k += (size_t)snprintf(text + k, cap - k, "]> : tensor<%dxf32>\n  return %%0 : tensor<%dxf32>\n}\n", N, N);
    irrun_module *m;
    char *diag, *bytes;
    size_t n;
    ck_assert_int_eq(irrun_module_load_text(text, k, "big.mlir", &m, &diag), IRRUN_OK);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_write_bytecode(m, "current", &bytes, &n, &diag), IRRUN_OK);
    ck_assert_uint_lt(n, 4 * N + 400);
    float f[N];
    for (int i = 0; i < N; i++)
        f[i] = (float)i;
    bool found = false;
    for (size_t i = 0; i + sizeof f <= n && !found; i++)
        found = memcmp(bytes + i, f, sizeof f) == 0;
    ck_assert(found);
    irrun_string_free(bytes);
    irrun_module_free(m);
    free(text);
}
END_TEST

START_TEST(writer_refusals_are_located)
{
    static const char tan[] = "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n"
                              "  %0 = stablehlo.tan %x : tensor<f32>\n  return %0 : tensor<f32>\n}\n";
    irrun_module *m;
    char *diag, *bytes = NULL;
    size_t n;
    ck_assert_int_eq(irrun_module_load_text(tan, strlen(tan), "tan.mlir", &m, &diag), IRRUN_OK);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_write_bytecode(m, "1.3.0", &bytes, &n, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(bytes);
    ck_assert_msg(strstr(diag, "tan.mlir:2:8: error: 'stablehlo.tan' needs VHLO 1.4.0 or newer (vhlo.tan_v1); "
                               "the target is 1.3.0") != NULL, "%s", diag);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_write_bytecode(m, "1.4.0", &bytes, &n, &diag), IRRUN_OK);
    irrun_string_free(bytes);
    static const char *const bad[] = { "1.21.0", "0.8.9", "1.2", "x", "" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_eq(irrun_module_write_bytecode(m, bad[i], &bytes, &n, &diag), IRRUN_BAD_INPUT);
        ck_assert_ptr_nonnull(strstr(diag, "--target="));
        irrun_string_free(diag);
    }
    irrun_module_free(m);
}
END_TEST

START_TEST(writer_out_of_memory_frees_everything)
{
    irrun_module *m;
    char *diag, *bytes;
    size_t n;
    ck_assert_int_eq(irrun_module_load_text(writer_program, strlen(writer_program), "w.mlir", &m, &diag), IRRUN_OK);
    irrun_string_free(diag);
    size_t before = mem_bytes_in_use();
    unsigned long start = mem_alloc_count();
    ck_assert_int_eq(irrun_module_write_bytecode(m, "minimum", &bytes, &n, &diag), IRRUN_OK);
    irrun_string_free(bytes);
    unsigned long total = mem_alloc_count() - start;
    for (unsigned long k = 1; k <= total; k++) {
        mem_fail_at(k);
        irrun_status s = irrun_module_write_bytecode(m, "minimum", &bytes, &n, &diag);
        mem_fail_at(0);
        ck_assert_msg(s == IRRUN_NOMEM || s == IRRUN_OK, "allocation %lu: status %d", k, (int)s);
        if (s == IRRUN_OK)
            irrun_string_free(bytes);
        irrun_string_free(diag);
        ck_assert_uint_eq(mem_bytes_in_use(), before);
    }
    irrun_module_free(m);
}
END_TEST

/* IRRUN_BYTECODE_SEEDS=DIR: the artifacts built here as files (the fuzz
 * harness's seeds, tests/fuzz/seeds.sh) */
static int write_seeds(const char *dir)
{
    static const variant vs[] = {
        { NULL, 1, false, 0 }, { NULL, 9, false, 0 }, { "add_v9", 1, false, 0 }, { NULL, 1, true, 0 },
        { NULL, 1, false, 1100 }, /* large tensors: blobs beside the text */
    };
    for (size_t i = 0; i < sizeof vs / sizeof *vs; i++) {
        unsigned char a[ART_MAX];
        size_t n = build(&vs[i], a);
        char path[4096];
        snprintf(path, sizeof path, "%s/bytecode-%zu.mlirbc", dir, i);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(a, 1, n, f) != n || fclose(f) != 0) {
            perror(path);
            return EXIT_FAILURE;
        }
    }
    return EXIT_SUCCESS;
}

int main(void)
{
    if (getenv("IRRUN_BYTECODE_SEEDS"))
        return write_seeds(getenv("IRRUN_BYTECODE_SEEDS"));
    Suite *s = suite_create("bytecode");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, reads_a_module);
    tcase_add_test(tc, large_tensors_read_the_same);
    tcase_add_test(tc, large_tensors_go_beside_the_text);
    tcase_add_test(tc, blobs_in_the_text_reader);
    tcase_add_test(tc, large_tensors_out_of_memory);
    tcase_add_test(tc, every_truncation_is_located);
    tcase_add_test(tc, corruptions_never_crash);
    tcase_add_test(tc, refusals_name_the_cause);
    tcase_add_test(tc, out_of_memory_frees_everything);
    tcase_add_test(tc, writes_what_reads_back);
    tcase_add_test(tc, writes_large_constants_raw);
    tcase_add_test(tc, writer_refusals_are_located);
    tcase_add_test(tc, writer_out_of_memory_frees_everything);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
