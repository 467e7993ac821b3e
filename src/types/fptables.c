/* Lookup tables for the formats of 8 bits or fewer, built on first use from
 * the generic decoder/encoder/arithmetic so they cannot disagree with them. */
#include "fptables.h"

#include <stdatomic.h>
#include <string.h>

#include "util/mem.h"

/* Atomic slots: the library runs modules in several threads at once, and
 * two of them may build the same table; the first to publish it wins and
 * the other frees its copy (publish). */
typedef _Atomic(void *) table_slot;
static table_slot to_f32[FP_COUNT];
static table_slot to_double[FP_COUNT];
static table_slot binop[FP_COUNT][FPOP_COUNT];
static table_slot from_f32[FP_COUNT][FPR_COUNT];
static table_slot binary_fn[FP_COUNT][FP_TABLE_FN_SLOTS];

static void *published(table_slot *slot) { return atomic_load_explicit(slot, memory_order_acquire); }

/* `built` into an empty slot; the table already there when another thread
 * was first; NULL when `built` is (out of memory). */
static void *publish(table_slot *slot, void *built)
{
    void *before = NULL;
    if (!built || atomic_compare_exchange_strong(slot, &before, built))
        return built;
    mem_free(built);
    return before;
}

static bool is_small(fp_id f) { return fp_fmt(f)->bits <= 8; }

const uint32_t *fp_table_to_f32(fp_id f)
{
    if (!is_small(f))
        return NULL;
    if (published(&to_f32[f]))
        return published(&to_f32[f]);
    uint32_t *t = mem_alloc(256 * sizeof *t);
    if (!t)
        return NULL;
    for (unsigned b = 0; b < 256; b++)
        t[b] = (uint32_t)fp_convert(FP_F32, f, b);
    return publish(&to_f32[f], t);
}

const double *fp_table_to_double(fp_id f)
{
    if (!is_small(f))
        return NULL;
    if (published(&to_double[f]))
        return published(&to_double[f]);
    double *t = mem_alloc(256 * sizeof *t);
    if (!t)
        return NULL;
    for (unsigned b = 0; b < 256; b++)
        t[b] = fp_to_double(f, b);
    return publish(&to_double[f], t);
}

const uint8_t *fp_table_binop(fp_id f, fp_binop op)
{
    if (!is_small(f))
        return NULL;
    if (published(&binop[f][op]))
        return published(&binop[f][op]);
    uint8_t *t = mem_alloc(65536);
    if (!t)
        return NULL;
    unsigned n = 1u << fp_fmt(f)->bits;
    /* patterns beyond the format's width never occur in tensors; they
     * map to the result of their low bits so lookups need no masking */
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            t[a << 8 | b] = (a < n && b < n)
                                ? (uint8_t)fp_arith(f, op, a, b)
                                : (uint8_t)fp_arith(f, op, a & (n - 1), b & (n - 1));
    return publish(&binop[f][op], t);
}

/* One table of 65536 results of fn; patterns beyond the format's width
 * never occur in tensors and map to the result of their low bits, so
 * lookups need no masking. */
static uint8_t *pair_table(fp_id f, fp_table_fn fn)
{
    uint8_t *t = mem_alloc(65536);
    if (!t)
        return NULL;
    unsigned n = 1u << fp_fmt(f)->bits;
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            t[a << 8 | b] = (uint8_t)fn(f, a & (n - 1), b & (n - 1));
    return t;
}

const uint8_t *fp_table_binary_fn(fp_id f, unsigned slot, fp_table_fn fn)
{
    if (!is_small(f) || slot >= FP_TABLE_FN_SLOTS)
        return NULL;
    if (published(&binary_fn[f][slot]))
        return published(&binary_fn[f][slot]);
    return publish(&binary_fn[f][slot], pair_table(f, fn));
}

const uint8_t *fp_table_from_f32(fp_id f, fp_round mode)
{
    if (!is_small(f) || mode == FPR_STOCHASTIC)
        return NULL;
    if (published(&from_f32[f][mode]))
        return published(&from_f32[f][mode]);
    uint8_t *t = mem_alloc(131072);
    if (!t)
        return NULL;
    for (uint32_t hi = 0; hi < 65536; hi++) {
        for (uint32_t sticky = 0; sticky < 2; sticky++) {
            /* any nonzero low half stands for all of them: only its
             * being nonzero can influence the rounding */
            fp_value v = fp_decode(FP_F32, hi << 16 | sticky);
            t[hi << 1 | sticky] = (uint8_t)fp_encode(f, &v, mode, 0);
        }
    }
    return publish(&from_f32[f][mode], t);
}

uint8_t fp_small_from_f64_slow(fp_id f, uint64_t x, fp_round mode)
{
    fp_value v = fp_decode(FP_F64, x);
    return (uint8_t)fp_encode(f, &v, mode, 0);
}

void fp_tables_free(void)
{
    for (int f = 0; f < FP_COUNT; f++) {
        mem_free(atomic_exchange(&to_f32[f], NULL));
        mem_free(atomic_exchange(&to_double[f], NULL));
        for (int op = 0; op < FPOP_COUNT; op++)
            mem_free(atomic_exchange(&binop[f][op], NULL));
        for (int k = 0; k < FP_TABLE_FN_SLOTS; k++)
            mem_free(atomic_exchange(&binary_fn[f][k], NULL));
        for (int r = 0; r < FPR_COUNT; r++)
            mem_free(atomic_exchange(&from_f32[f][r], NULL));
    }
}
