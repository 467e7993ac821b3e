/* The registry of tensor element types, indexed by et_id (one traits row per
 * type, in the style of a type-traits table). */
#ifndef IRRUN_ETYPE_H
#define IRRUN_ETYPE_H

#include "fpformat.h"

typedef enum {
    ET_I1,
    ET_I2, ET_I4, ET_I8, ET_I16, ET_I32, ET_I64,
    ET_UI2, ET_UI4, ET_UI8, ET_UI16, ET_UI32, ET_UI64,
    ET_F4E2M1FN, ET_F6E2M3FN, ET_F6E3M2FN,
    ET_F8E3M4, ET_F8E4M3, ET_F8E4M3FN, ET_F8E4M3FNUZ, ET_F8E4M3B11FNUZ,
    ET_F8E5M2, ET_F8E5M2FNUZ, ET_F8E8M0FNU,
    ET_BF16, ET_F16, ET_F32, ET_F64,
    ET_C64, ET_C128,
    ET_COUNT
} et_id;

typedef enum { EK_BOOL, EK_SINT, EK_UINT, EK_FLOAT, EK_COMPLEX } et_kind;

/* How elements sit in memory, as far as a kernel's loop cares: the kernels
 * index their tables of fast loops by it (src/kernels/kern*.c). A type whose
 * class has no fast loop in a kernel takes that kernel's generic loop, so
 * ES_FLOAT is where a new float format starts out: correct, not fast. */
typedef enum {
    ES_BOOL,                       /* i1: one byte holding 0 or 1 */
    ES_S8, ES_S16, ES_S32, ES_S64, /* signed, sign-extended to the width */
    ES_U8, ES_U16, ES_U32, ES_U64, /* unsigned, zero-extended to the width */
    ES_FBYTE,                      /* a float of <= 8 bits: 256-entry tables */
    ES_BF16, ES_F16, ES_F32, ES_F64,
    ES_C64, ES_C128,               /* complex of f32 / f64 parts */
    ES_FLOAT,                      /* any other float: generic loops only */
    ES_COUNT
} et_storage;

typedef struct {
    const char *name;    /* MLIR spelling */
    et_kind kind;
    unsigned value_bits; /* what bitcast_convert sees (SPEC.md 3.1) */
    unsigned bytes;      /* bytes per element in memory and in hex blobs */
    fp_id fmt;           /* float format; for complex, the component's */
    et_storage storage;
    et_id part;          /* a complex type's parts; the type itself otherwise */
} et_traits;

extern const et_traits et_table[ET_COUNT];

static inline const et_traits *et_get(et_id t) { return &et_table[t]; }
static inline bool et_is_float(et_id t) { return et_table[t].kind == EK_FLOAT; }
static inline bool et_is_int(et_id t)
{
    return et_table[t].kind == EK_SINT || et_table[t].kind == EK_UINT;
}

/* The value bits of a signed integer type as an int64_t (sign-extended
 * from value_bits); other types' bits unchanged. */
static inline int64_t et_sign_extend(et_id t, uint64_t bits)
{
    const et_traits *tr = &et_table[t];
    if (tr->kind == EK_SINT && tr->value_bits < 64 && (bits >> (tr->value_bits - 1)) & 1)
        bits |= ~((UINT64_C(1) << tr->value_bits) - 1);
    return (int64_t)bits;
}

/* The type of a complex type's parts (complex<f32> -> f32); any other
 * type is its own. */
static inline et_id et_part(et_id t) { return et_table[t].part; }

/* All value bits of t set. */
static inline uint64_t et_value_mask(et_id t)
{
    unsigned b = et_table[t].value_bits;
    return b >= 64 ? UINT64_MAX : (UINT64_C(1) << b) - 1;
}

/* The element type spelled `name[0..len)`, or -1. */
int et_lookup(const char *name, size_t len);

/* "i1, i2, ..., complex<f64>": the known spellings, for error messages. */
const char *et_known_names(void);

/* The element type whose float format is f, or -1 (tf32). */
int et_from_fp(fp_id f);

/* Memory layout of elements (one element per `bytes`, little-endian):
 * integers are stored sign- or zero-extended to their storage width (an i4
 * -3 is the byte 0xFD), floats as their pattern in the low bits, i1 as 0/1,
 * complex as real then imaginary pattern. */
uint64_t et_load_bits(et_id t, const void *p);       /* the value bits, masked */
void et_store_bits(et_id t, void *p, uint64_t bits); /* from value bits */

#endif
