/* Tensor files and comparison: every element type through .npy, .bin and
 * .yaml and back, every .npy descr spelling ml_dtypes produces, malformed
 * headers, the nibble packing order, and corruption of each element of a
 * copy caught with the right index and ULP distance. */
#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/compare.h"
#include "io/tensor_io.h"
#include "types/fparith.h"
#include "util/mem.h"
#include "util/text.h"
#include "util/xorshift.h"

/* ---- helpers --------------------------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor_type ttype(et_id e, int rank, int64_t d0, int64_t d1)
{
    tensor_type t = { .elem = e, .rank = rank };
    t.dims[0] = d0;
    t.dims[1] = d1;
    return t;
}

/* A tensor of random valid patterns (every pattern of a float format is a
 * valid element; integers get random value bits). */
static tensor *random_tensor(const tensor_type *type)
{
    tensor *t = tensor_new(type);
    ck_assert_ptr_nonnull(t);
    const et_traits *tr = et_get(type->elem);
    unsigned char *d = t->data;
    for (int64_t i = 0; i < t->count; i++) {
        if (tr->kind == EK_COMPLEX) {
            et_id part = type->elem == ET_C64 ? ET_F32 : ET_F64;
            et_store_bits(part, d + (size_t)i * tr->bytes, rnd());
            et_store_bits(part, d + (size_t)i * tr->bytes + tr->bytes / 2, rnd());
        } else {
            et_store_bits(type->elem, d + (size_t)i * tr->bytes, rnd());
        }
    }
    return t;
}

typedef irrun_status (*writer)(FILE *, const tensor *);
static irrun_status npy_name(FILE *f, const tensor *t) { return io_write_npy(f, t, IO_NPY_NAME); }
static irrun_status npy_plain(FILE *f, const tensor *t) { return io_write_npy(f, t, IO_NPY_PLAIN); }

static unsigned char *write_mem(writer w, const tensor *t, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(w(f, t), IRRUN_OK);
    fclose(f);
    return (unsigned char *)buf;
}

typedef tensor *(*reader)(const unsigned char *, size_t, const char *, const io_expect *, io_error *);

static bool same_tensor(const tensor *a, const tensor *b)
{
    return shape_equal(&a->type, &b->type) && a->nbytes == b->nbytes &&
           memcmp(a->data, b->data, a->nbytes) == 0;
}

/* Counts mismatching tensors (the checker used below; it must be able to
 * fail, see checker_can_fail). */
static int roundtrip(writer w, reader r, const tensor *t, bool with_shape)
{
    size_t len;
    unsigned char *buf = write_mem(w, t, &len);
    io_expect want = t->type;
    if (!with_shape)
        want.rank = -1;
    io_error err = { "" };
    tensor *back = r(buf, len, "mem", &want, &err);
    free(buf);
    if (!back) {
        fprintf(stderr, "roundtrip %s: %s\n", et_get(t->type.elem)->name, err.text);
        return 1;
    }
    int bad = !same_tensor(t, back);
    if (bad)
        fprintf(stderr, "roundtrip %s: data differs\n", et_get(t->type.elem)->name);
    tensor_release(back);
    return bad;
}

START_TEST(checker_can_fail)
{
    tensor_type ty = ttype(ET_F8E4M3FN, 1, 4, 0);
    tensor *a = random_tensor(&ty), *b = random_tensor(&ty);
    ((unsigned char *)b->data)[0] = (unsigned char)(((unsigned char *)a->data)[0] ^ 1);
    ck_assert(!same_tensor(a, b));
    /* a writer that corrupts must be caught by roundtrip() */
    ck_assert(same_tensor(a, a));
    tensor_release(a);
    tensor_release(b);
}
END_TEST

/* ---- round trips ------------------------------------------------------------- */

START_TEST(roundtrip_every_type)
{
    static const int64_t shapes[][3] = { { 2, 2, 3 }, { 1, 5, 0 }, { 0, 0, 0 }, { 2, 0, 4 }, { 1, 1, 0 } };
    int bad = 0;
    for (int e = 0; e < ET_COUNT; e++) {
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            tensor_type ty = ttype((et_id)e, (int)shapes[s][0], shapes[s][1], shapes[s][2]);
            tensor *t = random_tensor(&ty);
            bad += roundtrip(npy_name, io_read_npy, t, true);
            bad += roundtrip(npy_name, io_read_npy, t, false);
            bad += roundtrip(npy_plain, io_read_npy, t, true);
            bad += roundtrip(io_write_bin, io_read_bin, t, true);
            bad += roundtrip(io_write_yaml, io_read_yaml, t, true);
            bad += roundtrip(io_write_yaml, io_read_yaml, t, false);
            tensor_release(t);
        }
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* ---- npy headers ------------------------------------------------------------- */

/* A .npy image with the given descr/shape text, version and data. */
static unsigned char *make_npy(const char *dict, int major, const unsigned char *data, size_t n,
                               size_t *len)
{
    size_t hl = strlen(dict);
    size_t pre = major == 1 ? 10 : 12;
    unsigned char *b = malloc(pre + hl + n + 1);
    memcpy(b, "\x93NUMPY", 6);
    b[6] = (unsigned char)major;
    b[7] = 0;
    if (major == 1) {
        b[8] = (unsigned char)hl;
        b[9] = (unsigned char)(hl >> 8);
    } else {
        b[8] = (unsigned char)hl;
        b[9] = (unsigned char)(hl >> 8);
        b[10] = 0;
        b[11] = 0;
    }
    memcpy(b + pre, dict, hl);
    if (n)
        memcpy(b + pre + hl, data, n);
    *len = pre + hl + n;
    return b;
}

static tensor *read_npy_text(const char *descr, const char *shape, int major, et_id elem,
                             const unsigned char *data, size_t n, io_error *err)
{
    char dict[256];
    snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }\n", descr,
             shape);
    size_t len;
    unsigned char *b = make_npy(dict, major, data, n, &len);
    io_expect want = { .elem = elem, .rank = -1 };
    tensor *t = io_read_npy(b, len, "h.npy", &want, err);
    free(b);
    return t;
}

START_TEST(npy_fp8_spellings)
{
    static const char *const spellings[] = { "<V1", "|V1", "<f1", "|u1", "<u1", "|i1", "=V1",
                                             ">u1", "float8_e4m3fn", "<float8_e4m3fn" };
    const unsigned char data[3] = { 0x38, 0x7F, 0x80 };
    for (size_t s = 0; s < sizeof spellings / sizeof spellings[0]; s++) {
        for (int major = 1; major <= 3; major++) {
            io_error err = { "" };
            tensor *t = read_npy_text(spellings[s], "(3,)", major, ET_F8E4M3FN, data, 3, &err);
            ck_assert_msg(t != NULL, "%s v%d: %s", spellings[s], major, err.text);
            ck_assert_int_eq(t->type.rank, 1);
            ck_assert_int_eq(t->type.dims[0], 3);
            ck_assert_mem_eq(t->data, data, 3);
            tensor_release(t);
        }
    }
    /* every ml_dtypes name string with its own type */
    static const struct { const char *name; et_id e; } names[] = {
        { "float8_e4m3fn", ET_F8E4M3FN }, { "float8_e5m2", ET_F8E5M2 },
        { "float8_e4m3fnuz", ET_F8E4M3FNUZ }, { "float8_e5m2fnuz", ET_F8E5M2FNUZ },
        { "float8_e4m3b11fnuz", ET_F8E4M3B11FNUZ }, { "float8_e4m3", ET_F8E4M3 },
        { "float8_e3m4", ET_F8E3M4 }, { "float8_e8m0fnu", ET_F8E8M0FNU },
        { "float4_e2m1fn", ET_F4E2M1FN }, { "float6_e2m3fn", ET_F6E2M3FN },
        { "float6_e3m2fn", ET_F6E3M2FN }, { "int4", ET_I4 }, { "uint4", ET_UI4 },
        { "int2", ET_I2 }, { "uint2", ET_UI2 },
    };
    const unsigned char small[2] = { 0x01, 0x02 };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        io_error err = { "" };
        tensor *t = read_npy_text(names[k].name, "(2,)", 1, names[k].e, small, 2, &err);
        ck_assert_msg(t != NULL, "%s: %s", names[k].name, err.text);
        ck_assert_uint_eq(et_load_bits(names[k].e, t->data), 1);
        tensor_release(t);
        /* ... and a name for another format is refused, naming both */
        et_id other = names[k].e == ET_F8E5M2 ? ET_F8E4M3FN : ET_F8E5M2;
        t = read_npy_text(names[k].name, "(2,)", 1, other, small, 2, &err);
        ck_assert_ptr_null(t);
        ck_assert_msg(strstr(err.text, names[k].name) && strstr(err.text, et_get(other)->name),
                      "%s", err.text);
    }
}
END_TEST

START_TEST(npy_byte_order_and_wide_types)
{
    io_error err = { "" };
    /* bf16 1.0 = 0x3F80: little-endian, big-endian, raw V2, name string */
    const unsigned char le[2] = { 0x80, 0x3F }, be[2] = { 0x3F, 0x80 };
    const char *const le_spellings[] = { "<V2", "<u2", "<i2", "bfloat16", "<bfloat16", "=u2" };
    for (size_t s = 0; s < sizeof le_spellings / sizeof le_spellings[0]; s++) {
        tensor *t = read_npy_text(le_spellings[s], "()", 1, ET_BF16, le, 2, &err);
        ck_assert_msg(t != NULL, "%s: %s", le_spellings[s], err.text);
        ck_assert_int_eq(t->type.rank, 0);
        ck_assert_uint_eq(et_load_bits(ET_BF16, t->data), 0x3F80);
        tensor_release(t);
    }
    const char *const be_spellings[] = { ">u2", ">bfloat16" };
    for (size_t s = 0; s < 2; s++) {
        tensor *t = read_npy_text(be_spellings[s], "()", 1, ET_BF16, be, 2, &err);
        ck_assert_msg(t != NULL, "%s: %s", be_spellings[s], err.text);
        ck_assert_uint_eq(et_load_bits(ET_BF16, t->data), 0x3F80);
        tensor_release(t);
    }
    /* f32 big-endian; complex64 big-endian swaps each part */
    const unsigned char f32be[4] = { 0x3F, 0x80, 0x00, 0x01 };
    tensor *t = read_npy_text(">f4", "(1,)", 2, ET_F32, f32be, 4, &err);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(et_load_bits(ET_F32, t->data), 0x3F800001);
    tensor_release(t);
    const unsigned char c64be[8] = { 0x3F, 0x80, 0, 0, 0x40, 0, 0, 0 };
    t = read_npy_text(">c8", "(1,)", 3, ET_C64, c64be, 8, &err);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(et_load_bits(ET_F32, t->data), 0x3F800000);
    ck_assert_uint_eq(et_load_bits(ET_F32, (unsigned char *)t->data + 4), 0x40000000);
    tensor_release(t);
    /* int4 stored sign-extended (ml_dtypes) or as a bare nibble pattern */
    const unsigned char i4[3] = { 0xFD, 0x0E, 0x07 };
    t = read_npy_text("|i1", "(3,)", 1, ET_I4, i4, 3, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    ck_assert_int_eq(((signed char *)t->data)[0], -3);
    ck_assert_int_eq(((signed char *)t->data)[1], -2);
    ck_assert_int_eq(((signed char *)t->data)[2], 7);
    tensor_release(t);
    /* bool */
    const unsigned char bools[2] = { 1, 0 };
    t = read_npy_text("|b1", "(2,)", 1, ET_I1, bools, 2, &err);
    ck_assert_ptr_nonnull(t);
    tensor_release(t);
}
END_TEST

START_TEST(npy_malformed_rejected)
{
    const unsigned char data[8] = { 0 };
    static const struct { const char *dict; et_id e; size_t n; const char *want; } cases[] = {
        { "{'descr': '<V1', 'fortran_order': True, 'shape': (2,), }", ET_F8E4M3FN, 2, "Fortran" },
        { "{'descr': '<V1', 'shape': (2,), }", ET_F8E4M3FN, 2, "missing" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (2,), 'x': 1}", ET_F8E4M3FN, 2, "key" },
        { "{'descr': '<V1', 'descr': '<V1', 'fortran_order': False, 'shape': (2,)}", ET_F8E4M3FN, 2, "key" },
        { "{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }", ET_F8E4M3FN, 4, "V2" },
        { "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", ET_I32, 8, "i32" },
        { "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", ET_BF16, 4, "bf16" },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", ET_I32, 8, "i32" },
        { "{'descr': 'float8_e5m2', 'fortran_order': False, 'shape': (2,), }", ET_F8E4M3FN, 2, "f8E5M2" },
        { "{'descr': 'nonsense', 'fortran_order': False, 'shape': (2,), }", ET_F8E4M3FN, 2, "known" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (3,), }", ET_F8E4M3FN, 2, "data bytes" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (1,), }", ET_F8E4M3FN, 2, "data bytes" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (2,, }", ET_F8E4M3FN, 2, "shape" },
        { "{'descr': '<V1, 'fortran_order': False, 'shape': (2,), }", ET_F8E4M3FN, 2, "malformed" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (99999999999999999999,), }", ET_F8E4M3FN, 2, "shape" },
        { "{'descr': '<V1', 'fortran_order': False, 'shape': (2,), } junk", ET_F8E4M3FN, 2, "after" },
        { "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", ET_F32, 8, "structured" },
        { "['descr']", ET_F8E4M3FN, 2, "dict" },
        { "", ET_F8E4M3FN, 2, "dict" },
        { "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }", ET_UI8, 2, "ui8" },
        { "{'descr': '|f1', 'fortran_order': False, 'shape': (2,), }", ET_I8, 2, "i8" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        size_t len;
        unsigned char *b = make_npy(cases[k].dict, 1, data, cases[k].n, &len);
        io_expect want = { .elem = cases[k].e, .rank = -1 };
        io_error err = { "" };
        tensor *t = io_read_npy(b, len, "bad.npy", &want, &err);
        ck_assert_msg(t == NULL, "case %zu accepted", k);
        ck_assert_msg(strstr(err.text, cases[k].want) != NULL, "case %zu: '%s' lacks '%s'", k,
                      err.text, cases[k].want);
        free(b);
    }
    /* out-of-range sub-byte elements */
    const unsigned char big[1] = { 0x17 };
    io_error err;
    ck_assert_ptr_null(read_npy_text("|i1", "(1,)", 1, ET_I4, big, 1, &err));
    ck_assert_ptr_null(read_npy_text("|u1", "(1,)", 1, ET_F4E2M1FN, big, 1, &err));
    /* shape contradicting the expected type names both */
    size_t len;
    unsigned char *b = make_npy("{'descr': '<V1', 'fortran_order': False, 'shape': (2, 3), }", 1, data, 6, &len);
    io_expect want = ttype(ET_F8E4M3FN, 2, 3, 2);
    ck_assert_ptr_null(io_read_npy(b, len, "s.npy", &want, &err));
    ck_assert_msg(strstr(err.text, "(2, 3)") && strstr(err.text, "tensor<3x2xf8E4M3FN>"), "%s", err.text);
    free(b);
    /* bad magic, unknown version, header length past the end */
    const unsigned char magic[12] = "\x93NUMPZ\x01\x00\x00\x00";
    want.rank = -1;
    ck_assert_ptr_null(io_read_npy(magic, sizeof magic, "m", &want, &err));
    unsigned char v4[12] = "\x93NUMPY\x04\x00\x00\x00";
    ck_assert_ptr_null(io_read_npy(v4, sizeof v4, "m", &want, &err));
    ck_assert(strstr(err.text, "version") != NULL);
    unsigned char longh[12] = "\x93NUMPY\x01\x00\xFF\x7F";
    ck_assert_ptr_null(io_read_npy(longh, sizeof longh, "m", &want, &err));
    unsigned char longh2[16] = "\x93NUMPY\x02\x00\xFF\xFF\xFF\xFF";
    ck_assert_ptr_null(io_read_npy(longh2, sizeof longh2, "m", &want, &err));
}
END_TEST

/* REF's probe files (SPEC.md 9.3.11): the writer's bytes equal a header
 * built here from the SPEC's text; every type with a probe descr reads back
 * bit for bit; the reader takes the count, not the shape, and only the
 * type's own probe descr. */
static irrun_status probe_writer(FILE *f, const tensor *t) { return io_write_probe_npy(f, t); }

START_TEST(probe_npy_ref_format)
{
    static const char dict[] = "{'descr': '<u8', 'fortran_order': False, 'shape' : (3,1,), }      \n";
    const unsigned char data[24] = { 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
                                     0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    size_t len, wlen;
    unsigned char *want = make_npy(dict, 1, data, sizeof data, &len);
    tensor_type t31 = ttype(ET_I64, 2, 3, 1);
    tensor *t = tensor_new(&t31);
    ck_assert_ptr_nonnull(t);
    memcpy(t->data, data, sizeof data);
    unsigned char *got = write_mem(probe_writer, t, &wlen);
    ck_assert_uint_eq(wlen, len);
    ck_assert(memcmp(got, want, len) == 0);
    free(got);
    /* read back as the type, and as any type of the same count */
    io_error err = { "" };
    tensor *back = NULL;
    ck_assert_int_eq(io_read_probe_npy(want, len, "p.npy", &t31, &back, &err), IRRUN_OK);
    ck_assert(same_tensor(t, back));
    tensor_release(back);
    tensor_type flat = ttype(ET_I64, 1, 3, 0);
    ck_assert_int_eq(io_read_probe_npy(want, len, "p.npy", &flat, &back, &err), IRRUN_OK);
    ck_assert_int_eq(back->type.rank, 1);
    tensor_release(back);
    /* ui64's probe descr is '<i8' (REF swaps the two) */
    tensor_type u31 = ttype(ET_UI64, 2, 3, 1);
    ck_assert_int_eq(io_read_probe_npy(want, len, "p.npy", &u31, &back, &err), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(err.text, "'<i8'") != NULL, "%s", err.text);
    tensor_type t4 = ttype(ET_I64, 1, 4, 0);
    ck_assert_int_eq(io_read_probe_npy(want, len, "p.npy", &t4, &back, &err), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(err.text, "3 elements") != NULL, "%s", err.text);
    ck_assert_int_eq(io_read_probe_npy(want, len - 1, "p.npy", &t31, &back, &err), IRRUN_BAD_INPUT);
    free(want);
    /* NumPy's own spelling of the same header is read too */
    want = make_npy("{'descr': '<u8', 'fortran_order': False, 'shape': (3, 1), }            \n", 1, data,
                    sizeof data, &len);
    ck_assert_int_eq(io_read_probe_npy(want, len, "p.npy", &t31, &back, &err), IRRUN_OK);
    ck_assert(same_tensor(t, back));
    tensor_release(back);
    free(want);
    tensor_release(t);
    /* every type: a probe descr and a bit-exact round trip, or refused by
     * both the writer and the reader */
    for (int e = 0; e < ET_COUNT; e++) {
        tensor_type ty = ttype((et_id)e, 2, 2, 3);
        tensor *x = random_tensor(&ty);
        if (e == ET_I1)
            for (int64_t i = 0; i < x->count; i++)
                ((unsigned char *)x->data)[i] &= 1;
        if (!io_probe_descr((et_id)e)) {
            char *buf = NULL;
            size_t n;
            FILE *f = open_memstream(&buf, &n);
            ck_assert_int_eq(io_write_probe_npy(f, x), IRRUN_UNSUPPORTED);
            fclose(f);
            ck_assert_uint_eq(n, 0);
            free(buf);
            ck_assert_int_eq(io_read_probe_npy(data, sizeof data, "p.npy", &ty, &back, &err), IRRUN_UNSUPPORTED);
        } else {
            unsigned char *b = write_mem(probe_writer, x, &len);
            ck_assert_msg(io_read_probe_npy(b, len, "p.npy", &ty, &back, &err) == IRRUN_OK, "%s: %s",
                          et_get((et_id)e)->name, err.text);
            ck_assert_msg(same_tensor(x, back), "%s", et_get((et_id)e)->name);
            tensor_release(back);
            free(b);
        }
        tensor_release(x);
    }
    ck_assert_str_eq(io_probe_descr(ET_I64), "<u8");
    ck_assert_str_eq(io_probe_descr(ET_BF16), "<u2");
    ck_assert_str_eq(io_probe_descr(ET_C64), "<f8");
    ck_assert_str_eq(io_probe_descr(ET_C128), "<i16");
    ck_assert_ptr_null(io_probe_descr(ET_I4));
    ck_assert_ptr_null(io_probe_descr(ET_F8E5M2));
}
END_TEST

/* Every truncation and many single-byte corruptions of a valid file are
 * either read or refused, never a crash or an over-read (ASan/valgrind). */
START_TEST(npy_fuzz_no_crash)
{
    tensor_type ty = ttype(ET_BF16, 2, 2, 3);
    tensor *t = random_tensor(&ty);
    size_t len;
    unsigned char *good = write_mem(npy_name, t, &len);
    io_expect want = { .elem = ET_BF16, .rank = -1 };
    for (size_t cut = 0; cut < len; cut++) {
        unsigned char *copy = malloc(cut ? cut : 1);
        memcpy(copy, good, cut);
        io_error err;
        tensor *r = io_read_npy(copy, cut, "cut", &want, &err);
        ck_assert_ptr_null(r); /* every proper prefix is short of data */
        free(copy);
    }
    for (int round = 0; round < 3000; round++) {
        unsigned char *copy = malloc(len);
        memcpy(copy, good, len);
        copy[rnd() % 80] = (unsigned char)rnd();
        io_error err;
        tensor_release(io_read_npy(copy, len, "flip", &want, &err));
        free(copy);
    }
    free(good);
    tensor_release(t);
}
END_TEST

/* ---- bin ---------------------------------------------------------------------- */

START_TEST(bin_nibble_order)
{
    tensor_type ty = ttype(ET_UI4, 1, 3, 0);
    tensor *t = tensor_new(&ty);
    unsigned char *d = t->data;
    d[0] = 1;
    d[1] = 2;
    d[2] = 3;
    size_t len;
    unsigned char *b = write_mem(io_write_bin, t, &len);
    ck_assert_uint_eq(len, 2);
    ck_assert_uint_eq(b[0], 0x21); /* first element in the low nibble */
    ck_assert_uint_eq(b[1], 0x03); /* trailing nibble zero */
    free(b);
    tensor_release(t);
    /* i4 -1, 7, -8 and f4E2M1FN 6.0 (0x7), -0.5 (0x9) read back from bytes */
    const unsigned char i4[2] = { 0x7F, 0x08 };
    io_expect want = ttype(ET_I4, 1, 3, 0);
    io_error err;
    t = io_read_bin(i4, 2, "i4.bin", &want, &err);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(((signed char *)t->data)[0], -1);
    ck_assert_int_eq(((signed char *)t->data)[1], 7);
    ck_assert_int_eq(((signed char *)t->data)[2], -8);
    tensor_release(t);
    const unsigned char f4[1] = { 0x97 };
    want = ttype(ET_F4E2M1FN, 1, 2, 0);
    t = io_read_bin(f4, 1, "f4.bin", &want, &err);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(((unsigned char *)t->data)[0], 0x07);
    ck_assert_uint_eq(((unsigned char *)t->data)[1], 0x09);
    tensor_release(t);
    /* sizes must match exactly */
    ck_assert_ptr_null(io_read_bin(f4, 1, "f4.bin", &(io_expect){ .elem = ET_F4E2M1FN, .rank = 1, .dims = { 3 } }, &err));
    ck_assert_ptr_null(io_read_bin(f4, 1, "f8.bin", &(io_expect){ .elem = ET_F8E4M3FN, .rank = 1, .dims = { 2 } }, &err));
    ck_assert_ptr_null(io_read_bin(f4, 1, "bf.bin", &(io_expect){ .elem = ET_BF16, .rank = -1 }, &err));
}
END_TEST

/* ---- yaml ---------------------------------------------------------------------- */

static tensor *yaml_text(const char *text, io_expect want, io_error *err)
{
    return io_read_yaml((const unsigned char *)text, strlen(text), "t.yaml", &want, err);
}

START_TEST(yaml_forms)
{
    io_error err = { "" };
    io_expect any = { .elem = ET_F8E4M3FN, .rank = -1 };
    tensor *t = yaml_text("type: f8E4M3FN\nshape: [2, 2]\nvalues: [[1.0, -0.5], [0x7F, 448]]\n", any, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    const unsigned char want1[4] = { 0x38, 0xB0, 0x7F, 0x7E };
    ck_assert_mem_eq(t->data, want1, 4);
    tensor_release(t);
    /* flat values with a shape, bits as quoted hex, decimal rounded once */
    t = yaml_text("shape: 2x2\nbits: [\"0x38\", \"0xB0\", 0x7F, 126]\n", any, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    ck_assert_mem_eq(t->data, want1, 4);
    tensor_release(t);
    t = yaml_text("values: 0.1\n", any, &err);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(t->type.rank, 0);
    ck_assert_uint_eq(((unsigned char *)t->data)[0], 0x1D); /* 0.1 -> 0.1015625 */
    tensor_release(t);
    /* specials */
    t = yaml_text("values: [inf, -.inf, nan, -0.0]\n", (io_expect){ .elem = ET_F16, .rank = -1 }, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    ck_assert_uint_eq(et_load_bits(ET_F16, (unsigned char *)t->data + 0), 0x7C00);
    ck_assert_uint_eq(et_load_bits(ET_F16, (unsigned char *)t->data + 2), 0xFC00);
    ck_assert_uint_eq(et_load_bits(ET_F16, (unsigned char *)t->data + 4), 0x7E00);
    ck_assert_uint_eq(et_load_bits(ET_F16, (unsigned char *)t->data + 6), 0x8000);
    tensor_release(t);
    /* integers and complex */
    t = yaml_text("values: [-8, 7, 0x8]\n", (io_expect){ .elem = ET_I4, .rank = -1 }, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    ck_assert_int_eq(((signed char *)t->data)[2], -8);
    tensor_release(t);
    t = yaml_text("values: [[1.5, -2], [0, 0x7FC00000]]\n", (io_expect){ .elem = ET_C64, .rank = -1 }, &err);
    ck_assert_msg(t != NULL, "%s", err.text);
    ck_assert_int_eq(t->type.rank, 1);
    ck_assert_int_eq(t->type.dims[0], 2);
    ck_assert_uint_eq(et_load_bits(ET_F32, (unsigned char *)t->data + 12), 0x7FC00000);
    tensor_release(t);
}
END_TEST

START_TEST(yaml_errors_located)
{
    static const struct { const char *text; et_id e; const char *want; } cases[] = {
        { "type: f8E5M2\nvalues: [1]\n", ET_F8E4M3FN, "t.yaml:1:7:" },
        { "values: [1, 2,\n", ET_F8E4M3FN, "t.yaml:2:" },
        { "values: [[1, 2], [3]]\n", ET_F8E4M3FN, "t.yaml:1:18:" },
        { "values: [1, [2]]\n", ET_F8E4M3FN, "t.yaml:1:" },
        { "shape: [3]\nvalues: [1, 2]\n", ET_F8E4M3FN, "t.yaml:2:9:" },
        { "values: [1, x]\n", ET_F8E4M3FN, "t.yaml:1:13:" },
        { "values: [inf]\n", ET_F8E4M3FN, "no infinity" },
        { "values: [nan]\n", ET_F4E2M1FN, "no NaN" },
        { "bits: [0x100]\n", ET_F8E4M3FN, "fits" },
        { "values: [8]\n", ET_I4, "range" },
        { "values: [-1]\n", ET_UI8, "negative" },
        { "values: [2]\n", ET_I1, "i1" },
        { "values: [1]\nbits: [1]\n", ET_F8E4M3FN, "one of" },
        { "shape: [1]\n", ET_F8E4M3FN, "missing" },
        { "colour: red\nvalues: [1]\n", ET_F8E4M3FN, "unknown key" },
        { "[1, 2]\n", ET_F8E4M3FN, "mapping" },
        { "", ET_F8E4M3FN, "empty" },
        { "values: [[1, 2, 3]]\n", ET_C64, "pairs" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        io_error err = { "" };
        tensor *t = yaml_text(cases[k].text, (io_expect){ .elem = cases[k].e, .rank = -1 }, &err);
        ck_assert_msg(t == NULL, "case %zu accepted", k);
        ck_assert_msg(strstr(err.text, cases[k].want) != NULL, "case %zu: '%s' lacks '%s'", k,
                      err.text, cases[k].want);
    }
    /* expected shape contradicted */
    io_error err;
    ck_assert_ptr_null(yaml_text("values: [1, 2]\n", ttype(ET_F8E4M3FN, 1, 3, 0), &err));
    ck_assert_msg(strstr(err.text, "tensor<3xf8E4M3FN>") != NULL, "%s", err.text);
}
END_TEST

/* ---- comparison ------------------------------------------------------------------ */

static const et_id corrupt_types[] = {
    ET_F4E2M1FN, ET_F6E2M3FN, ET_F6E3M2FN, ET_F8E3M4, ET_F8E4M3, ET_F8E4M3FN, ET_F8E4M3FNUZ,
    ET_F8E4M3B11FNUZ, ET_F8E5M2, ET_F8E5M2FNUZ, ET_F8E8M0FNU, ET_BF16, ET_F16, ET_F32, ET_F64,
    ET_I4, ET_UI8, ET_I32, ET_C64,
};

/* Corrupts element i of a copy of `t` (to a different pattern), writes the
 * copy with `w`, reads it back with `r`, compares: exactly one element
 * differs, at the right index, with REF's ULP distance. */
static int check_corruption(const tensor *t, writer w, reader r)
{
    int bad = 0;
    const et_traits *tr = et_get(t->type.elem);
    for (int64_t i = 0; i < t->count; i++) {
        tensor *c = tensor_new(&t->type);
        memcpy(c->data, t->data, t->nbytes);
        unsigned char *p = (unsigned char *)c->data + (size_t)i * tr->bytes;
        uint64_t before, after, want_ulp;
        if (tr->kind == EK_COMPLEX) {
            before = et_load_bits(ET_F32, p + 4);
            after = before ^ (UINT64_C(1) << (rnd() % 32));
            et_store_bits(ET_F32, p + 4, after);
            want_ulp = fp_ulp_distance(FP_F32, before, after);
        } else {
            before = et_load_bits(t->type.elem, p);
            do
                after = (before + 1 + rnd() % 3) & ((tr->value_bits >= 64) ? UINT64_MAX : ((UINT64_C(1) << tr->value_bits) - 1));
            while (after == before);
            et_store_bits(t->type.elem, p, after);
            if (tr->kind == EK_FLOAT) {
                want_ulp = fp_ulp_distance(tr->fmt, before, after);
            } else {
                int64_t x = (int64_t)et_load_bits(t->type.elem, (unsigned char *)t->data + (size_t)i * tr->bytes);
                int64_t y = (int64_t)after;
                if (tr->kind == EK_SINT && tr->value_bits < 64) {
                    uint64_t sb = UINT64_C(1) << (tr->value_bits - 1);
                    x = (int64_t)((uint64_t)x ^ sb) - (int64_t)sb;
                    y = (int64_t)((uint64_t)y ^ sb) - (int64_t)sb;
                }
                want_ulp = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
            }
        }
        size_t len;
        unsigned char *buf = write_mem(w, c, &len);
        io_error err;
        tensor *back = r(buf, len, "c", &t->type, &err);
        free(buf);
        ck_assert_msg(back != NULL, "%s", err.text);
        io_report rep;
        char why[128];
        io_rule exact = { .nan = IO_NAN_EXACT, .zero = IO_ZERO_DISTINCT };
        irrun_status rc = io_compare(t, back, &exact, NULL, &rep, why, sizeof why);
        int64_t got[SHAPE_MAX_RANK] = { 0 };
        if (rep.nshown)
            io_diff_index(&rep, &rep.shown[0], got);
        int64_t idx[SHAPE_MAX_RANK];
        int64_t flat = i;
        for (int d = t->type.rank - 1; d >= 0; d--) {
            idx[d] = flat % t->type.dims[d];
            flat /= t->type.dims[d];
        }
        if (rc != IRRUN_CHECK_FAILED || rep.differing != 1 || rep.nshown != 1 || rep.shown[0].ulp != want_ulp ||
            memcmp(got, idx, sizeof(int64_t) * (size_t)t->type.rank) != 0) {
            fprintf(stderr, "corruption of %s element %lld not caught right (rc %d, ulp %llu vs %llu)\n",
                    tr->name, (long long)i, (int)rc, rep.nshown ? (unsigned long long)rep.shown[0].ulp : 0ull,
                    (unsigned long long)want_ulp);
            bad++;
        }
        io_report_free(&rep);
        tensor_release(back);
        tensor_release(c);
    }
    return bad;
}

START_TEST(corruption_caught_everywhere)
{
    int bad = 0;
    for (size_t k = 0; k < sizeof corrupt_types / sizeof corrupt_types[0]; k++) {
        tensor_type ty = ttype(corrupt_types[k], 2, 3, 3);
        tensor *t = random_tensor(&ty);
        bad += check_corruption(t, npy_name, io_read_npy);
        bad += check_corruption(t, npy_plain, io_read_npy);
        bad += check_corruption(t, io_write_bin, io_read_bin);
        bad += check_corruption(t, io_write_yaml, io_read_yaml);
        tensor_release(t);
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

static tensor *f8(const unsigned char *b, int n)
{
    tensor_type ty = ttype(ET_F8E4M3FN, 1, n, 0);
    tensor *t = tensor_new(&ty);
    memcpy(t->data, b, (size_t)n);
    return t;
}

START_TEST(compare_rules)
{
    /* 1.0 vs 1.125 (1 ULP), 2.0 vs 2.5 (2), 4 vs 6 (4), NaN vs NaN (other
     * sign), -0 vs +0, 1.0 vs 1.0, 448 vs NaN */
    const unsigned char e[7] = { 0x38, 0x40, 0x48, 0x7F, 0x80, 0x38, 0x7E };
    const unsigned char a[7] = { 0x39, 0x42, 0x4C, 0xFF, 0x00, 0x38, 0x7F };
    tensor *te = f8(e, 7), *ta = f8(a, 7);
    io_report rep;
    char why[64];
    io_rule exact = { 0 };
    ck_assert_int_eq(io_compare(te, ta, &exact, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.compared, 7);
    ck_assert_int_eq(rep.differing, 6);
    ck_assert_int_eq(rep.nan_mismatches, 2);
    ck_assert_int_eq(rep.negzero_mismatches, 1);
    /* the largest distance of the elements that have one (4 vs 6); 448
     * against NaN has none and is counted apart */
    ck_assert(rep.has_max_ulp);
    ck_assert_uint_eq(rep.max_ulp, 4);
    ck_assert_int_eq(rep.histogram[0], 3); /* NaN/NaN, -0/+0, 1/1 */
    ck_assert_int_eq(rep.histogram[1], 1);
    ck_assert_int_eq(rep.histogram[2], 1);
    ck_assert_int_eq(rep.histogram[3], 1);
    ck_assert_int_eq(rep.histogram[5], 1);
    int64_t idx[SHAPE_MAX_RANK];
    char eb[IO_ELEM_TEXT_MAX], av[IO_ELEM_TEXT_MAX];
    io_diff_index(&rep, &rep.shown[1], idx);
    io_diff_texts(&rep, &rep.shown[1], eb, NULL, NULL, av);
    ck_assert_int_eq(idx[0], 1);
    ck_assert_str_eq(eb, "0x40");
    ck_assert_str_eq(av, "2.500000e+00");
    /* |6 - 4| = 2 is the largest absolute error, 2/4 = 0.5 the largest
     * relative one (2.5 vs 2: 0.25; 1.125 vs 1: 0.125) */
    ck_assert(rep.abs_error.has && rep.abs_error.value == 2.0 && rep.abs_error.where.flat_index == 2);
    ck_assert(rep.rel_error.has && rep.rel_error.value == 0.5 && rep.rel_error.where.flat_index == 2);
    io_report_free(&rep);
    /* the worst two: a NaN mismatch first (index 3 before 6), all of them
     * by index */
    io_show worst2 = { 2, true, false }, all = { IO_SHOW_ALL, false, false }, worst_all = { IO_SHOW_ALL, true, false };
    ck_assert_int_eq(io_compare(te, ta, &exact, &worst2, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.nshown, 2);
    ck_assert_int_eq(rep.shown[0].flat_index, 3);
    ck_assert_int_eq(rep.shown[1].flat_index, 6);
    io_report_free(&rep);
    ck_assert_int_eq(io_compare(te, ta, &exact, &all, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.nshown, 6);
    for (int k = 0; k < 5; k++)
        ck_assert_int_lt(rep.shown[k].flat_index, rep.shown[k + 1].flat_index);
    io_report_free(&rep);
    /* worst first: NaN 3, NaN 6, then ULP 4 (2), 2 (1), 1 (0); -0 vs +0
     * (4) has distance 1 */
    ck_assert_int_eq(io_compare(te, ta, &exact, &worst_all, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.nshown, 6);
    static const int64_t order[6] = { 3, 6, 2, 1, 0, 4 };
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(rep.shown[k].flat_index, order[k]);
    io_report_free(&rep);
    io_rule ulp4 = { .has_ulp = true, .max_ulp = 4 };
    io_report_free(&rep);
    ck_assert_int_eq(io_compare(te, ta, &ulp4, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.differing, 1); /* only 448 vs NaN */
    ck_assert_int_eq(rep.nan_mismatches, 1);
    io_rule ulp1 = { .has_ulp = true, .max_ulp = 1, .nan = IO_NAN_EXACT, .zero = IO_ZERO_DISTINCT };
    io_report_free(&rep);
    ck_assert_int_eq(io_compare(te, ta, &ulp1, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.differing, 5);
    io_rule atol = { .has_atol = true, .atol = 2.0 };
    io_report_free(&rep);
    ck_assert_int_eq(io_compare(te, ta, &atol, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.differing, 1);
    io_rule rtol = { .has_rtol = true, .rtol = 0.2 };
    io_report_free(&rep);
    ck_assert_int_eq(io_compare(te, ta, &rtol, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.differing, 3); /* 2.5 vs 2 and 6 vs 4 exceed 20%, and the NaN */
    io_report_free(&rep);
    tensor_release(te);
    tensor_release(ta);
    /* Inf saturation (f8E5M2: 0x7C = Inf, 0x7B = max) */
    tensor_type ty = ttype(ET_F8E5M2, 1, 2, 0);
    tensor *x = tensor_new(&ty), *y = tensor_new(&ty);
    ((unsigned char *)x->data)[0] = 0x7C;
    ((unsigned char *)y->data)[0] = 0x7B;
    ((unsigned char *)x->data)[1] = 0xFC;
    ((unsigned char *)y->data)[1] = 0x7B;
    io_rule inf = { .inf = IO_INF_EXACT };
    ck_assert_int_eq(io_compare(x, y, &inf, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.inf_mismatches, 2);
    io_report_free(&rep);
    inf.inf = IO_INF_SATURATE;
    ck_assert_int_eq(io_compare(x, y, &inf, NULL, &rep, why, sizeof why), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(rep.inf_mismatches, 1); /* -Inf vs +max still differs */
    io_report_free(&rep);
    tensor_release(x);
    tensor_release(y);
    /* shapes must agree */
    tensor *p = f8(e, 3), *q = f8(e, 4);
    ck_assert_int_eq(io_compare(p, q, &exact, NULL, &rep, why, sizeof why), IRRUN_BAD_INPUT);
    tensor_release(p);
    tensor_release(q);
}
END_TEST

START_TEST(report_json_keys)
{
    const unsigned char e[2] = { 0x38, 0x40 }, a[2] = { 0x38, 0x41 };
    tensor *te = f8(e, 2), *ta = f8(a, 2);
    io_report rep;
    char why[64];
    io_rule exact = { 0 };
    io_compare(te, ta, &exact, NULL, &rep, why, sizeof why);
    char *buf = NULL;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    io_report_json(&rep, NULL, f);
    fclose(f);
    static const char *const keys[] = { "\"compared\": 2", "\"differing\": 1", "\"max_ulp\": 1",
                                        "\"histogram\": {\"0\": 1, \"1\": 1, \"2\": 0, \"3-4\": 0, \"5-8\": 0, \">8\": 0}",
                                        "\"nan_mismatches\": 0", "\"inf_mismatches\": 0",
                                        "\"negzero_mismatches\": 0",
                                        "\"max_abs_error\": {\"value\": 0.25, \"flat_index\": 1",
                                        "\"max_rel_error\": {\"value\": 0.125, \"flat_index\": 1",
                                        ("\"order\": \"index\", \"elements\": [{\"flat_index\": 1, \"index\": [1], \"expected\": \"0x40\", \"actual\": \"0x41\", "
                                         "\"expected_value\": 2, \"actual_value\": 2.25, \"expected_text\": \"2.000000e+00\", "
                                         "\"actual_text\": \"2.250000e+00\", \"ulp\": 1}]") };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        ck_assert_msg(strstr(buf, keys[k]) != NULL, "missing %s in %s", keys[k], buf);
    free(buf);
    io_report_free(&rep);
    tensor_release(te);
    tensor_release(ta);
}
END_TEST

/* Readers survive every allocation failing in turn. */
START_TEST(readers_out_of_memory)
{
    tensor_type ty = ttype(ET_F8E4M3FN, 2, 2, 3);
    tensor *t = random_tensor(&ty);
    writer ws[3] = { npy_name, io_write_bin, io_write_yaml };
    reader rs[3] = { io_read_npy, io_read_bin, io_read_yaml };
    for (int k = 0; k < 3; k++) {
        size_t len;
        unsigned char *buf = write_mem(ws[k], t, &len);
        for (unsigned long n = 1; n < 20; n++) {
            mem_fail_at(n);
            io_error err;
            tensor_release(rs[k](buf, len, "oom", &t->type, &err));
        }
        mem_fail_at(0);
        free(buf);
    }
    tensor_release(t);
}
END_TEST

START_TEST(untrusted_text_escaped)
{
    uint32_t cp;
    const unsigned char ok2[] = { 0xC3, 0xA9 }, ok4[] = { 0xF0, 0x9F, 0x98, 0x80 };
    ck_assert_uint_eq(text_utf8_next(ok2, 2, &cp), 2);
    ck_assert_uint_eq(cp, 0xE9);
    ck_assert_uint_eq(text_utf8_next(ok4, 4, &cp), 4);
    ck_assert_uint_eq(cp, 0x1F600);
    const unsigned char overlong[] = { 0xC0, 0x80 }, surrogate[] = { 0xED, 0xA0, 0x80 },
                        too_big[] = { 0xF4, 0x90, 0x80, 0x80 }, stray[] = { 0x80 };
    ck_assert_uint_eq(text_utf8_next(overlong, 2, &cp), 0);
    ck_assert_uint_eq(text_utf8_next(surrogate, 3, &cp), 0);
    ck_assert_uint_eq(text_utf8_next(too_big, 4, &cp), 0);
    ck_assert_uint_eq(text_utf8_next(stray, 1, &cp), 0);
    ck_assert_uint_eq(text_utf8_next(ok4, 3, &cp), 0); /* truncated */
    char buf[64];
    text_escape_ascii("a\x1b[1m\xe9\\", 7, buf, sizeof buf);
    ck_assert_str_eq(buf, "a\\x1B[1m\\xE9\\x5C");
    text_escape_ascii("abcdef", 6, buf, 4); /* truncated, still terminated */
    ck_assert_uint_lt(strlen(buf), 4);
    char *mem = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&mem, &len);
    ck_assert_ptr_nonnull(f);
    text_write_escaped(f, "caf\xc3\xa9\t\x1b\xc2\x9b\n\xff", 11, 0);
    fclose(f);
    ck_assert_str_eq(mem, "caf\xc3\xa9\t\\x1B\\xC2\\x9B\\x0A\\xFF");
    free(mem);
    ck_assert(text_xml_char(0x9) && text_xml_char(0xE9) && text_xml_char(0x10FFFF));
    ck_assert(!text_xml_char(0x1B) && !text_xml_char(0xFFFE) && !text_xml_char(0xD800));
}
END_TEST




/* io_slurp_map: a regular file of IO_MAP_MIN_BYTES or more that starts
 * with the prefix is mapped (the same bytes, counted as in use until
 * given back); one a byte shorter, or with another prefix, is read as
 * io_slurp reads it (NUL past the end); the mapping failing (the first
 * allocation) falls back to reading; a missing file is an error. */
START_TEST(large_prefixed_files_mapped)
{
    char path[] = "/tmp/irrun-test-map-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t big = (size_t)IO_MAP_MIN_BYTES + 5;
    unsigned char *want = malloc(big);
    ck_assert_ptr_nonnull(want);
    for (size_t i = 0; i < big; i++)
        want[i] = (unsigned char)(i * 7 + i / 4096);
    memcpy(want, "ML\xefR", 4);
    static const struct {
        size_t len;
        const char *prefix;
        unsigned long fail_at;
        bool mapped;
    } cases[] = {
        { (size_t)IO_MAP_MIN_BYTES + 5, "ML\xefR", 0, true },
        { (size_t)IO_MAP_MIN_BYTES, "ML\xefR", 0, true },
        { (size_t)IO_MAP_MIN_BYTES - 1, "ML\xefR", 0, false },
        { (size_t)IO_MAP_MIN_BYTES + 5, "ML\xefX", 0, false },
        { (size_t)IO_MAP_MIN_BYTES + 5, "ML\xefR", 1, false },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        ck_assert_int_eq(ftruncate(fd, 0), 0);
        ck_assert(pwrite(fd, want, cases[c].len, 0) == (ssize_t)cases[c].len);
        size_t before = mem_bytes_in_use(), len = 0;
        bool mapped = !cases[c].mapped;
        io_error err;
        mem_fail_at(cases[c].fail_at);
        const unsigned char *got = io_slurp_map(path, cases[c].prefix, 4, &len, &mapped, &err);
        mem_fail_at(0);
        ck_assert_msg(got != NULL, "case %zu: %s", c, err.text);
        ck_assert_msg(mapped == cases[c].mapped, "case %zu: mapped %d", c, mapped);
        ck_assert_uint_eq(len, cases[c].len);
        ck_assert(memcmp(got, want, len) == 0);
        if (!mapped)
            ck_assert_int_eq(got[len], 0);
        ck_assert_uint_ge(mem_bytes_in_use(), before + len);
        io_slurp_free(got, len, mapped);
        ck_assert_uint_eq(mem_bytes_in_use(), before);
    }
    close(fd);
    unlink(path);
    free(want);
    size_t len;
    bool mapped;
    io_error err;
    ck_assert_ptr_null(io_slurp_map(path, "ML\xefR", 4, &len, &mapped, &err));
    ck_assert_ptr_nonnull(strstr(err.text, "cannot open"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("io");
    TCase *tc = tcase_create("io");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, checker_can_fail);
    tcase_add_test(tc, roundtrip_every_type);
    tcase_add_test(tc, npy_fp8_spellings);
    tcase_add_test(tc, npy_byte_order_and_wide_types);
    tcase_add_test(tc, npy_malformed_rejected);
    tcase_add_test(tc, npy_fuzz_no_crash);
    tcase_add_test(tc, probe_npy_ref_format);
    tcase_add_test(tc, bin_nibble_order);
    tcase_add_test(tc, yaml_forms);
    tcase_add_test(tc, yaml_errors_located);
    tcase_add_test(tc, corruption_caught_everywhere);
    tcase_add_test(tc, compare_rules);
    tcase_add_test(tc, report_json_keys);
    tcase_add_test(tc, readers_out_of_memory);
    tcase_add_test(tc, untrusted_text_escaped);
    tcase_add_test(tc, large_prefixed_files_mapped);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
