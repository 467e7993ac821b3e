/* Lookup tables for the formats of 8 bits or fewer, built on first use from
 * the generic decoder/encoder/arithmetic so they cannot disagree with them. */
#include "fptables.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "util/mem.h"

/* The processes of interpreter.run_parallel ask for tables from several
 * threads. A table is built once, under build_lock, and published with a
 * release store; readers take the acquire load alone once it exists. A
 * build that runs out of memory publishes nothing, so a later call tries
 * again (which pthread_once could not). */
static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static void *_Atomic to_f32[FP_COUNT];
static void *_Atomic to_double[FP_COUNT];
static void *_Atomic binop[FP_COUNT][FPOP_COUNT];
static void *_Atomic from_f32[FP_COUNT][FPR_COUNT];
static void *_Atomic binary_fn[FP_COUNT][FP_TABLE_FN_SLOTS];
static void *_Atomic unary16[FP_COUNT][FP_TABLE_UNARY16_SLOTS];

typedef void *(*table_builder)(fp_id f, const void *arg);

/* The table in `slot`, built by build(f, arg) on first use; NULL out of
 * memory. */
static void *table_once(void *_Atomic *slot, table_builder build, fp_id f, const void *arg)
{
    void *t = atomic_load_explicit(slot, memory_order_acquire);
    if (t)
        return t;
    pthread_mutex_lock(&build_lock);
    t = atomic_load_explicit(slot, memory_order_relaxed);
    if (!t) {
        t = build(f, arg);
        if (t)
            atomic_store_explicit(slot, t, memory_order_release);
    }
    pthread_mutex_unlock(&build_lock);
    return t;
}

static bool is_small(fp_id f) { return fp_fmt(f)->bits <= 8; }

static void *build_to_f32(fp_id f, const void *arg)
{
    (void)arg;
    uint32_t *t = mem_alloc(256 * sizeof *t);
    if (t)
        for (unsigned b = 0; b < 256; b++)
            t[b] = (uint32_t)fp_convert(FP_F32, f, b);
    return t;
}

const uint32_t *fp_table_to_f32(fp_id f)
{
    return is_small(f) ? table_once(&to_f32[f], build_to_f32, f, NULL) : NULL;
}

static void *build_to_double(fp_id f, const void *arg)
{
    (void)arg;
    double *t = mem_alloc(256 * sizeof *t);
    if (t)
        for (unsigned b = 0; b < 256; b++)
            t[b] = fp_to_double(f, b);
    return t;
}

const double *fp_table_to_double(fp_id f)
{
    return is_small(f) ? table_once(&to_double[f], build_to_double, f, NULL) : NULL;
}

static void *build_binop(fp_id f, const void *arg)
{
    fp_binop op = *(const fp_binop *)arg;
    uint8_t *t = mem_alloc(65536);
    if (!t)
        return NULL;
    unsigned n = 1u << fp_fmt(f)->bits;
    fp_operand x[256];
    for (unsigned a = 0; a < n; a++)
        fp_operand_of(f, a, &x[a]);
    /* patterns beyond the format's width never occur in tensors; they
     * map to the result of their low bits so lookups need no masking
     * (copied: an f4 table computes 256 entries, not 65536) */
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            t[a << 8 | b] = (a < n && b < n) ? (uint8_t)fp_arith_operands(f, op, &x[a], &x[b])
                                             : t[(a & (n - 1)) << 8 | (b & (n - 1))];
    return t;
}

const uint8_t *fp_table_binop(fp_id f, fp_binop op)
{
    return is_small(f) ? table_once(&binop[f][op], build_binop, f, &op) : NULL;
}

/* One table of 65536 results of fn; patterns beyond the format's width
 * never occur in tensors and map to the result of their low bits, so
 * lookups need no masking. */
static void *pair_table(fp_id f, const void *arg)
{
    fp_table_fn fn = *(const fp_table_fn *)arg;
    uint8_t *t = mem_alloc(65536);
    if (!t)
        return NULL;
    unsigned n = 1u << fp_fmt(f)->bits;
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            t[a << 8 | b] = (a < n && b < n) ? (uint8_t)fn(f, a, b) : t[(a & (n - 1)) << 8 | (b & (n - 1))];
    return t;
}

const uint8_t *fp_table_binary_fn(fp_id f, unsigned slot, fp_table_fn fn)
{
    if (!is_small(f) || slot >= FP_TABLE_FN_SLOTS)
        return NULL;
    return table_once(&binary_fn[f][slot], pair_table, f, &fn);
}

static void *build_unary16(fp_id f, const void *arg)
{
    fp_table_unary_fn fn = *(const fp_table_unary_fn *)arg;
    uint16_t *t = mem_alloc(65536 * sizeof *t);
    if (t)
        for (uint32_t p = 0; p < 65536; p++)
            t[p] = (uint16_t)fn(f, p);
    return t;
}

const uint16_t *fp_table_unary16(fp_id f, unsigned slot, fp_table_unary_fn fn)
{
    if (fp_fmt(f)->bits != 16 || slot >= FP_TABLE_UNARY16_SLOTS)
        return NULL;
    return table_once(&unary16[f][slot], build_unary16, f, &fn);
}

static void *build_from_f32(fp_id f, const void *arg)
{
    fp_round mode = *(const fp_round *)arg;
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
    return t;
}

const uint8_t *fp_table_from_f32(fp_id f, fp_round mode)
{
    if (!is_small(f) || mode == FPR_STOCHASTIC)
        return NULL;
    return table_once(&from_f32[f][mode], build_from_f32, f, &mode);
}

uint8_t fp_small_from_f64_slow(fp_id f, uint64_t x, fp_round mode)
{
    fp_value v = fp_decode(FP_F64, x);
    return (uint8_t)fp_encode(f, &v, mode, 0);
}

/* Called when no process runs (the end of the program). */
void fp_tables_free(void)
{
    for (int f = 0; f < FP_COUNT; f++) {
        mem_free(atomic_exchange(&to_f32[f], NULL));
        mem_free(atomic_exchange(&to_double[f], NULL));
        for (int op = 0; op < FPOP_COUNT; op++)
            mem_free(atomic_exchange(&binop[f][op], NULL));
        for (int k = 0; k < FP_TABLE_FN_SLOTS; k++)
            mem_free(atomic_exchange(&binary_fn[f][k], NULL));
        for (int k = 0; k < FP_TABLE_UNARY16_SLOTS; k++)
            mem_free(atomic_exchange(&unary16[f][k], NULL));
        for (int r = 0; r < FPR_COUNT; r++)
            mem_free(atomic_exchange(&from_f32[f][r], NULL));
    }
}
