#include "etype.h"

#include <string.h>

#define INT_ROW(id, n, k, b, s, st) [id] = { n, k, b, s, FP_COUNT, st, id }
#define FLT_ROW(id, n, f, b, s, st) [id] = { n, EK_FLOAT, b, s, f, st, id }

const et_traits et_table[] = {
    INT_ROW(ET_I1, "i1", EK_BOOL, 1, 1, ES_BOOL),
    INT_ROW(ET_I2, "i2", EK_SINT, 2, 1, ES_S8),
    INT_ROW(ET_I4, "i4", EK_SINT, 4, 1, ES_S8),
    INT_ROW(ET_I8, "i8", EK_SINT, 8, 1, ES_S8),
    INT_ROW(ET_I16, "i16", EK_SINT, 16, 2, ES_S16),
    INT_ROW(ET_I32, "i32", EK_SINT, 32, 4, ES_S32),
    INT_ROW(ET_I64, "i64", EK_SINT, 64, 8, ES_S64),
    INT_ROW(ET_UI2, "ui2", EK_UINT, 2, 1, ES_U8),
    INT_ROW(ET_UI4, "ui4", EK_UINT, 4, 1, ES_U8),
    INT_ROW(ET_UI8, "ui8", EK_UINT, 8, 1, ES_U8),
    INT_ROW(ET_UI16, "ui16", EK_UINT, 16, 2, ES_U16),
    INT_ROW(ET_UI32, "ui32", EK_UINT, 32, 4, ES_U32),
    INT_ROW(ET_UI64, "ui64", EK_UINT, 64, 8, ES_U64),
    FLT_ROW(ET_F4E2M1FN, "f4E2M1FN", FP_F4E2M1FN, 4, 1, ES_FBYTE),
    FLT_ROW(ET_F6E2M3FN, "f6E2M3FN", FP_F6E2M3FN, 6, 1, ES_FBYTE),
    FLT_ROW(ET_F6E3M2FN, "f6E3M2FN", FP_F6E3M2FN, 6, 1, ES_FBYTE),
    FLT_ROW(ET_F8E3M4, "f8E3M4", FP_F8E3M4, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E4M3, "f8E4M3", FP_F8E4M3, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E4M3FN, "f8E4M3FN", FP_F8E4M3FN, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E4M3FNUZ, "f8E4M3FNUZ", FP_F8E4M3FNUZ, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E4M3B11FNUZ, "f8E4M3B11FNUZ", FP_F8E4M3B11FNUZ, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E5M2, "f8E5M2", FP_F8E5M2, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E5M2FNUZ, "f8E5M2FNUZ", FP_F8E5M2FNUZ, 8, 1, ES_FBYTE),
    FLT_ROW(ET_F8E8M0FNU, "f8E8M0FNU", FP_F8E8M0FNU, 8, 1, ES_FBYTE),
    FLT_ROW(ET_BF16, "bf16", FP_BF16, 16, 2, ES_BF16),
    FLT_ROW(ET_F16, "f16", FP_F16, 16, 2, ES_F16),
    FLT_ROW(ET_F32, "f32", FP_F32, 32, 4, ES_F32),
    FLT_ROW(ET_F64, "f64", FP_F64, 64, 8, ES_F64),
    [ET_C64] = { "complex<f32>", EK_COMPLEX, 64, 8, FP_F32, ES_C64, ET_F32 },
    [ET_C128] = { "complex<f64>", EK_COMPLEX, 128, 16, FP_F64, ES_C128, ET_F64 },
};

/* the definition is sized by its rows, so that this can fail */
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
    static _Thread_local char list[512]; /* built lazily: one per thread, no race */
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
    for (int t = 0; t < ET_COUNT; t++) {
        if (et_table[t].kind == EK_FLOAT && et_table[t].fmt == f)
            return t;
    }
    return -1;
}

uint64_t et_load_bits(et_id t, const void *p)
{
    const unsigned char *b = p;
    unsigned n = et_table[t].bytes > 8 ? 8 : et_table[t].bytes;
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v & et_value_mask(t);
}

void et_store_bits(et_id t, void *p, uint64_t bits)
{
    const et_traits *tr = &et_table[t];
    unsigned char *b = p;
    uint64_t v = (uint64_t)et_sign_extend(t, bits & et_value_mask(t));
    unsigned n = tr->bytes > 8 ? 8 : tr->bytes;
    for (unsigned i = 0; i < n; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}
