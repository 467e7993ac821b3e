/* The native uniform_quantize (src/kernels/kern_quant.c, docs/quantization.md
 * "Native uniform_quantize") against the lowered op sequence, bit for bit:
 * the same program is read twice, once with the op kept for its kernel
 * (quant_lower_module_as, decompose false) and once lowered whole (as
 * IRRUN_QUANT=decompose and --emit=ir have it), both are checked and run on
 * the same operand, and the storage integers compared byte for byte. The
 * native reading runs three ways: as is (AVX2 where the host has it), with
 * IRRUN_ISA=generic (the portable loop), and on three threads with
 * IRRUN_TEST_TINY_PARTS=1 (parts of 37 elements, cutting channel runs).
 *
 * Every storage type (i2, i4, i8, i16, i32, ui2, ui4, ui8, ui16), storage
 * ranges, zero points at both ends of the range, scales whose quotients
 * tie (x.5 after scaling), per axis along the first and the last
 * dimension; operands: +-0, NaNs of both signs (quiet, signalling, with
 * payloads), +-Inf, the largest finite values, subnormals, the ties
 * (k + 0.5) * s and their neighbours, the values just inside and outside
 * the storage bounds, random values around the range and random patterns;
 * 4101 elements (vector blocks of 32 and a tail). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "chlo/chlo.h"
#include "interp/interp.h"
#include "ir/ir.h"
#include "quant/quant.h"
#include "util/isa.h"
#include "util/xorshift.h"

#include "run_suite.h"
#include "same_bits.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

enum { N = 4101, ROWS = 1367, CH = 3 };

/* The ops of m's first function kept for a native kernel */
static int native_ops(const ir_module *m)
{
    int n = 0;
    for (int i = 0; i < m->funcs[0].body.nops; i++)
        n += m->funcs[0].body.ops[i].native;
    return n;
}

/* Reads, lowers (native or not), checks and runs `text` on x; returns the
 * result. Asserts the native reading kept one op marked native, the
 * lowered one none. */
static tensor *run(const char *text, bool decompose, int threads, tensor *x)
{
    diag_source src = { .name = "<test>", .text = text, .len = strlen(text), .out = stderr };
    ir_module *m = ir_parse(&src, 0, src.len, 1);
    ck_assert_ptr_nonnull(m);
    ck_assert(quant_lower_module_as(m, &src, decompose) == 0 && chlo_expand_module(m, &src) == 0 &&
              check_module(m, &src) == 0);
    ck_assert_int_eq(native_ops(m), !decompose);
    rt_options opt = { .err = stderr, .hex_threshold = 100, .args = &x, .nargs = 1, .threads = threads };
    interp_outcome oc;
    ck_assert_int_eq(interp_run_module(m, &src, &opt, true, &oc), 0);
    ck_assert_int_eq(oc.nresults, 1);
    tensor *r = oc.results[0];
    oc.results[0] = NULL;
    interp_outcome_free(&oc);
    ir_module_free(m);
    return r;
}

typedef struct {
    const char *type; /* the !quant.uniform parameters */
    const char *storage;
    int axis;         /* -1 per tensor; 0: shape [CH, ROWS]; 1: shape [ROWS, CH] */
    double s[CH];
    int64_t z[CH], lo, hi;
} qcase;

static const qcase cases[] = {
    { "i8:f32, 5.000000e-01:-3", "i8", -1, { 0.5 }, { -3 }, -128, 127 },
    { "i8:f32, 1.000000e-01:-30", "i8", -1, { 0.1 }, { -30 }, -128, 127 },
    { "i8:f32, 0.0039188104517319626:-128", "i8", -1, { 0.0039188104517319626 }, { -128 }, -128, 127 },
    { "i8:f32, 2.000000e+00:127", "i8", -1, { 2.0 }, { 127 }, -128, 127 },
    { "i8<-100:100>:f32, 2.500000e-01:-100", "i8", -1, { 0.25 }, { -100 }, -100, 100 },
    { "i4:f32, 5.000000e-01:7", "i4", -1, { 0.5 }, { 7 }, -8, 7 },
    { "i4:f32, 1.500000e+00:-8", "i4", -1, { 1.5 }, { -8 }, -8, 7 },
    { "i2:f32, 2.500000e-01:1", "i2", -1, { 0.25 }, { 1 }, -2, 1 },
    { "i16:f32, 1.000000e-03:-32768", "i16", -1, { 1e-3 }, { -32768 }, -32768, 32767 },
    { "i16:f32, 5.000000e-01:32767", "i16", -1, { 0.5 }, { 32767 }, -32768, 32767 },
    { "i32:f32, 5.000000e-01", "i32", -1, { 0.5 }, { 0 }, INT32_MIN, INT32_MAX },
    { "i32:f32, 3.000000e+00:2147483647", "i32", -1, { 3.0 }, { INT32_MAX }, INT32_MIN, INT32_MAX },
    { "i32:f32, 1.000000e-30:-2147483648", "i32", -1, { 1e-30 }, { INT32_MIN }, INT32_MIN, INT32_MAX },
    { "ui8:f32, 5.000000e-01", "ui8", -1, { 0.5 }, { 0 }, 0, 255 },
    { "ui8:f32, 1.000000e-01:255", "ui8", -1, { 0.1 }, { 255 }, 0, 255 },
    { "ui4:f32, 2.500000e-01:15", "ui4", -1, { 0.25 }, { 15 }, 0, 15 },
    { "ui2:f32, 1.000000e+00:3", "ui2", -1, { 1.0 }, { 3 }, 0, 3 },
    { "ui16:f32, 1.250000e-01", "ui16", -1, { 0.125 }, { 0 }, 0, 65535 },
    { "ui16<100:60000>:f32, 7.000000e+00:30000", "ui16", -1, { 7.0 }, { 30000 }, 100, 60000 },
    { "i8:f32:1, {5.000000e-01:-128, 1.000000e-01:127, 2.500000e-01}", "i8", 1, { 0.5, 0.1, 0.25 },
      { -128, 127, 0 }, -128, 127 },
    { "ui8:f32:0, {2.000000e+00:255, 3.000000e-01, 6.250000e-02:17}", "ui8", 0, { 2.0, 0.3, 0.0625 },
      { 255, 0, 17 }, 0, 255 },
    { "i16:f32:1, {1.000000e+03:-32768, 5.000000e-01:32767, 1.000000e-02:5}", "i16", 1, { 1e3, 0.5, 0.01 },
      { -32768, 32767, 5 }, -32768, 32767 },
};

static float f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* A value for an element of channel c of q */
static float value(const qcase *q, int c, int64_t i)
{
    static const uint32_t specials[] = { 0x00000000, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7FC12345, 0xFFA00001,
                                         0x7F800001, 0x7F800000, 0xFF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001,
                                         0x80000001, 0x007FFFFF, 0x00800000, 0x4F000000, 0xCF000000, 0x3F000000 };
    double s = (double)(float)q->s[c], z = (double)q->z[c];
    uint64_t r = rnd();
    if (i < (int64_t)(sizeof specials / sizeof specials[0]))
        return f32_of(specials[i]);
    switch (r % 8) {
    case 0: /* a tie k + 0.5 after scaling, near zero or a bound */
    case 1: {
        double base = r % 3 == 0 ? q->lo - z : r % 3 == 1 ? q->hi - z : 0;
        double k = base + (double)((int64_t)((r >> 8) % 9) - 4) + 0.5;
        float v = (float)(k * s);
        return (r >> 20) % 3 == 0 ? nextafterf(v, INFINITY) : (r >> 20) % 3 == 1 ? nextafterf(v, -INFINITY) : v;
    }
    case 2: /* integers after scaling and neighbours, near the bounds */
    {
        double k = (r % 2 ? q->lo - z : q->hi - z) + (double)((int64_t)((r >> 8) % 5) - 2);
        float v = (float)(k * s);
        return (r >> 20) % 2 ? nextafterf(v, (r >> 24) % 2 ? INFINITY : -INFINITY) : v;
    }
    case 3:
        return f32_of((uint32_t)(r >> 32));
    default: { /* uniform around the range */
        double lo = (q->lo - z - 4) * s, hi = (q->hi - z + 4) * s;
        return (float)(lo + (hi - lo) * (double)(r >> 11) / 9007199254740992.0);
    }
    }
}

static void quantize_same(const qcase *q)
{
    char shape[32], text[1024];
    if (q->axis < 0)
        snprintf(shape, sizeof shape, "%d", N);
    else
        snprintf(shape, sizeof shape, q->axis == 0 ? "%dx%d" : "%dx%d", q->axis == 0 ? CH : ROWS,
                 q->axis == 0 ? ROWS : CH);
    snprintf(text, sizeof text,
             "func.func @main(%%x: tensor<%sxf32>) -> tensor<%sx%s> {\n"
             "  %%q = stablehlo.uniform_quantize %%x : (tensor<%sxf32>) -> tensor<%sx!quant.uniform<%s>>\n"
             "  %%r = stablehlo.bitcast_convert %%q : (tensor<%sx!quant.uniform<%s>>) -> tensor<%sx%s>\n"
             "  func.return %%r : tensor<%sx%s>\n}\n",
             shape, shape, q->storage, shape, shape, q->type, shape, q->type, shape, q->storage, shape, q->storage);
    tensor_type t = { ET_F32, q->axis < 0 ? 1 : 2, { N } };
    if (q->axis >= 0) {
        t.dims[0] = q->axis == 0 ? CH : ROWS;
        t.dims[1] = q->axis == 0 ? ROWS : CH;
    }
    tensor *x = tensor_new(&t);
    ck_assert_ptr_nonnull(x);
    for (int64_t i = 0; i < N; i++) {
        int c = q->axis < 0 ? 0 : q->axis == 0 ? (int)(i / ROWS) : (int)(i % CH);
        ((float *)x->data)[i] = value(q, c, i);
    }
    tensor *ref = run(text, true, 1, x);
    tensor *fast = run(text, false, 1, x);
    char what[160];
    snprintf(what, sizeof what, "uniform_quantize to %s", q->type);
    same_bits(fast, ref, what);
    tensor_release(fast);
    setenv("IRRUN_ISA", "generic", 1);
    isa_recheck();
    fast = run(text, false, 1, x);
    unsetenv("IRRUN_ISA");
    isa_recheck();
    snprintf(what, sizeof what, "uniform_quantize to %s, generic ISA", q->type);
    same_bits(fast, ref, what);
    tensor_release(fast);
    setenv("IRRUN_TEST_TINY_PARTS", "1", 1);
    fast = run(text, false, 3, x);
    unsetenv("IRRUN_TEST_TINY_PARTS");
    snprintf(what, sizeof what, "uniform_quantize to %s, three threads", q->type);
    same_bits(fast, ref, what);
    tensor_release(fast);
    tensor_release(ref);
    tensor_release(x);
}

START_TEST(native_is_lowered)
{
    for (int rep = 0; rep < 4; rep++)
        quantize_same(&cases[_i]);
}
END_TEST

/* A quantized operand (requantization) and a dynamic shape are lowered,
 * not kept */
START_TEST(only_f32_static_kept)
{
    const char *text = "func.func @main(%x: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xi8> {\n"
                       "  %q = stablehlo.uniform_quantize %x : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> "
                       "tensor<4x!quant.uniform<i8:f32, 0.25:3>>\n"
                       "  %r = stablehlo.bitcast_convert %q : (tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> "
                       "tensor<4xi8>\n"
                       "  func.return %r : tensor<4xi8>\n}\n";
    diag_source src = { .name = "<test>", .text = text, .len = strlen(text), .out = stderr };
    ir_module *m = ir_parse(&src, 0, src.len, 1);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(quant_lower_module_as(m, &src, false), 0);
    const ir_block *body = &m->funcs[0].body;
    for (int i = 0; i < body->nops; i++) {
        ck_assert(!body->ops[i].native);
        ck_assert_int_ne(body->ops[i].kind, IR_OP_UNIFORM_QUANTIZE);
    }
    ir_module_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("quant native");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, native_is_lowered, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, only_f32_static_kept);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return run_suite(suite()); }
