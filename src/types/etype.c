#include "etype.h"

#include <string.h>

#define INT_ROW(n, k, b, s) { n, k, b, s, FP_COUNT }
#define FLT_ROW(n, f, b, s) { n, EK_FLOAT, b, s, f }

const et_traits et_table[ET_COUNT] = {
    [ET_I1] = INT_ROW("i1", EK_BOOL, 1, 1),
    [ET_I2] = INT_ROW("i2", EK_SINT, 2, 1),
    [ET_I4] = INT_ROW("i4", EK_SINT, 4, 1),
    [ET_I8] = INT_ROW("i8", EK_SINT, 8, 1),
    [ET_I16] = INT_ROW("i16", EK_SINT, 16, 2),
    [ET_I32] = INT_ROW("i32", EK_SINT, 32, 4),
    [ET_I64] = INT_ROW("i64", EK_SINT, 64, 8),
    [ET_UI2] = INT_ROW("ui2", EK_UINT, 2, 1),
    [ET_UI4] = INT_ROW("ui4", EK_UINT, 4, 1),
    [ET_UI8] = INT_ROW("ui8", EK_UINT, 8, 1),
    [ET_UI16] = INT_ROW("ui16", EK_UINT, 16, 2),
    [ET_UI32] = INT_ROW("ui32", EK_UINT, 32, 4),
    [ET_UI64] = INT_ROW("ui64", EK_UINT, 64, 8),
    [ET_F4E2M1FN] = FLT_ROW("f4E2M1FN", FP_F4E2M1FN, 4, 1),
    [ET_F6E2M3FN] = FLT_ROW("f6E2M3FN", FP_F6E2M3FN, 6, 1),
    [ET_F6E3M2FN] = FLT_ROW("f6E3M2FN", FP_F6E3M2FN, 6, 1),
    [ET_F8E3M4] = FLT_ROW("f8E3M4", FP_F8E3M4, 8, 1),
    [ET_F8E4M3] = FLT_ROW("f8E4M3", FP_F8E4M3, 8, 1),
    [ET_F8E4M3FN] = FLT_ROW("f8E4M3FN", FP_F8E4M3FN, 8, 1),
    [ET_F8E4M3FNUZ] = FLT_ROW("f8E4M3FNUZ", FP_F8E4M3FNUZ, 8, 1),
    [ET_F8E4M3B11FNUZ] = FLT_ROW("f8E4M3B11FNUZ", FP_F8E4M3B11FNUZ, 8, 1),
    [ET_F8E5M2] = FLT_ROW("f8E5M2", FP_F8E5M2, 8, 1),
    [ET_F8E5M2FNUZ] = FLT_ROW("f8E5M2FNUZ", FP_F8E5M2FNUZ, 8, 1),
    [ET_F8E8M0FNU] = FLT_ROW("f8E8M0FNU", FP_F8E8M0FNU, 8, 1),
    [ET_BF16] = FLT_ROW("bf16", FP_BF16, 16, 2),
    [ET_F16] = FLT_ROW("f16", FP_F16, 16, 2),
    [ET_F32] = FLT_ROW("f32", FP_F32, 32, 4),
    [ET_F64] = FLT_ROW("f64", FP_F64, 64, 8),
    [ET_C64] = { "complex<f32>", EK_COMPLEX, 64, 8, FP_F32 },
    [ET_C128] = { "complex<f64>", EK_COMPLEX, 128, 16, FP_F64 },
};

_Static_assert(sizeof et_table / sizeof et_table[0] == ET_COUNT, "one row per element type");

int et_lookup(const char *name, size_t len)
{
    for (int t = 0; t < ET_COUNT; t++) {
        if (strlen(et_table[t].name) == len && memcmp(et_table[t].name, name, len) == 0)
            return t;
    }
    return -1;
}

const char *et_known_names(void)
{
    static char list[512];
    if (!list[0]) {
        size_t at = 0;
        for (int t = 0; t < ET_COUNT; t++) {
            size_t n = strlen(et_table[t].name);
            if (at) {
                memcpy(list + at, ", ", 2);
                at += 2;
            }
            memcpy(list + at, et_table[t].name, n);
            at += n;
        }
        list[at] = '\0';
    }
    return list;
}

int et_from_fp(fp_id f)
{
    for (int t = ET_F4E2M1FN; t <= ET_F64; t++) {
        if (et_table[t].fmt == f)
            return t;
    }
    return -1;
}

static uint64_t low_mask(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

uint64_t et_load_bits(et_id t, const void *p)
{
    const unsigned char *b = p;
    unsigned n = et_table[t].bytes > 8 ? 8 : et_table[t].bytes;
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v & low_mask(et_table[t].value_bits);
}

void et_store_bits(et_id t, void *p, uint64_t bits)
{
    const et_traits *tr = &et_table[t];
    unsigned char *b = p;
    uint64_t v = (uint64_t)et_sign_extend(t, bits & low_mask(tr->value_bits));
    unsigned n = tr->bytes > 8 ? 8 : tr->bytes;
    for (unsigned i = 0; i < n; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}
