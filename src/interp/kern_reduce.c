/* The reduce fast path (SPEC.md 4.40) for bodies that are one binary op on
 * the block arguments. Each result element is a left fold, in row-major
 * order of its reduced coordinates, starting from the init value; folds of
 * different result elements are independent, so the operand is first
 * transposed to make every fold's elements adjacent (or every fold step a
 * contiguous row). */
#include "interp/kern.h"
#include "interp/kern_fscalar.h"
#include "util/mem.h"

/* The kept dims first and the reduced dims last (or the reduced dims
 * first), each group in increasing order, so that a result element's fold
 * order is the row-major order of its reduced coordinates. */
static void reduce_perm(int rank, const int64_t *dims, int ndims, bool reduced_first, int64_t *perm)
{
    bool red[SHAPE_MAX_RANK] = { false };
    for (int i = 0; i < ndims; i++)
        red[dims[i]] = true;
    int at = 0;
    for (int pass = 0; pass < 2; pass++) {
        bool want_reduced = (pass == 0) == reduced_first;
        for (int d = 0; d < rank; d++)
            if (red[d] == want_reduced)
                perm[at++] = d;
    }
}

tensor *kern_reduce_permuted(const tensor *x, const int64_t *dims, int ndims, bool reduced_first)
{
    int64_t perm[SHAPE_MAX_RANK];
    reduce_perm(x->type.rank, dims, ndims, reduced_first, perm);
    tensor_type t = x->type;
    for (int d = 0; d < t.rank; d++)
        t.dims[d] = x->type.dims[perm[d]];
    tensor *p = tensor_new(&t);
    if (p)
        kern_transpose(x, perm, p);
    return p;
}

/* Result elements per part when a reduce is split over threads: fixed by
 * the shapes alone, so the bits do not depend on the thread count (every
 * result element is its own fold either way). */
enum { REDUCE_PART_STEPS = 1 << 20, REDUCE_PART_MIN_ELEMS = 1 << 12 };

static int64_t elems_per_part(int64_t R, int64_t count)
{
    if (pool_tiny_parts())
        return 3 < count ? 3 : count;
    int64_t n = REDUCE_PART_STEPS / (R > 0 ? R : 1);
    n = n < REDUCE_PART_MIN_ELEMS ? REDUCE_PART_MIN_ELEMS : n;
    return n < count ? n : count;
}

typedef struct {
    kern_binop op;
    bool acc_left;
    const tensor *xp, *init;
    const uint8_t *table;
    int64_t R, per_part;
    tensor *r;
} fold_job;

static irrun_status fold_bytes_part(void *vj, int64_t part)
{
    const fold_job *j = vj;
    const uint8_t *t = j->table, *x = j->xp->data;
    uint8_t *o = j->r->data;
    uint8_t start = *(const uint8_t *)j->init->data;
    int64_t lo = part * j->per_part, hi = lo + j->per_part < j->r->count ? lo + j->per_part : j->r->count;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *row = x + i * j->R;
        unsigned acc = start;
        if (j->acc_left)
            for (int64_t k = 0; k < j->R; k++)
                acc = t[acc << 8 | row[k]];
        else
            for (int64_t k = 0; k < j->R; k++)
                acc = t[(unsigned)row[k] << 8 | acc];
        o[i] = (uint8_t)acc;
    }
    return IRRUN_OK;
}

/* 1-byte element types: the op as a 64K table (built with the whole-tensor
 * kernel itself, so it has exactly its semantics), then one lookup per
 * step. xp is [outputs, R]. */
static irrun_status fold_bytes(pool *p, kern_binop op, bool acc_left, const tensor *xp, const tensor *init,
                               int64_t R, tensor *r)
{
    tensor_type tt = { init->type.elem, 1, { 65536 } };
    tensor *ta = tensor_new(&tt), *tb = tensor_new(&tt), *tab = tensor_new(&tt);
    irrun_status rc = IRRUN_NOMEM;
    if (ta && tb && tab) {
        uint8_t *pa = ta->data, *pb = tb->data;
        for (unsigned i = 0; i < 65536; i++) {
            pa[i] = (uint8_t)(i >> 8);
            pb[i] = (uint8_t)i;
        }
        /* sub-byte integers must be in their memory layout to be operands */
        kern_int_normalize(tt.elem, pa, 65536);
        kern_int_normalize(tt.elem, pb, 65536);
        rc = kern_binary(op, ta, tb, tab);
    }
    if (rc == IRRUN_OK) {
        /* stored bytes are already in their layout, so the raw bytes
         * index the table directly */
        fold_job j = { op, acc_left, xp, init, tab->data, R, elems_per_part(R, r->count), r };
        rc = pool_run(p, (r->count + j.per_part - 1) / j.per_part, fold_bytes_part, &j);
    }
    tensor_release(ta);
    tensor_release(tb);
    tensor_release(tab);
    return rc;
}

/* Result elements [lo, hi) of fold_rows: step k combines them with their
 * slice of row k. */
static irrun_status fold_rows_part(void *vj, int64_t part)
{
    const fold_job *j = vj;
    et_id t = j->r->type.elem;
    size_t es = tensor_elem_bytes(j->r);
    int64_t lo = part * j->per_part, n = lo + j->per_part < j->r->count ? j->per_part : j->r->count - lo;
    tensor acc = tensor_view(t, n, (unsigned char *)j->r->data + (size_t)lo * es);
    for (int64_t i = 0; i < n; i++)
        memcpy((unsigned char *)acc.data + (size_t)i * es, j->init->data, es);
    for (int64_t k = 0; k < j->R; k++) {
        tensor row = tensor_view(t, n, (unsigned char *)j->xp->data + (size_t)(k * j->r->count + lo) * es);
        irrun_status rc = j->acc_left ? kern_binary(j->op, &acc, &row, &acc) : kern_binary(j->op, &row, &acc, &acc);
        if (rc != IRRUN_OK)
            return rc;
    }
    return IRRUN_OK;
}

/* Any element type: xp is [R, outputs]; step k combines the accumulators
 * with row k using the whole-tensor kernel, on parts of the outputs. */
static irrun_status fold_rows(pool *p, kern_binop op, bool acc_left, const tensor *xp, const tensor *init,
                              int64_t R, tensor *r)
{
    fold_job j = { op, acc_left, xp, init, NULL, R, elems_per_part(R, r->count), r };
    return pool_run(p, (r->count + j.per_part - 1) / j.per_part, fold_rows_part, &j);
}

/* Any element type, x as stored [outputs, R] (the reduced dims are the
 * last ones): blocks of the accumulators; a few columns of the block at a
 * time are transposed into a buffer that stays in the cache, and each of
 * its rows is combined with the block's accumulators by the whole-tensor
 * kernel, so the operand is read once and never copied whole. */
static irrun_status fold_trailing(kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                                  int64_t R, tensor *r)
{
    enum { BLOCK = 512, COLS = 16 };
    size_t es = tensor_elem_bytes(r);
    unsigned char *buf = mem_alloc((size_t)BLOCK * COLS * es);
    if (!buf)
        return IRRUN_NOMEM;
    for (int64_t i = 0; i < r->count; i++)
        memcpy((unsigned char *)r->data + (size_t)i * es, init->data, es);
    const unsigned char *xs = x->data;
    irrun_status rc = IRRUN_OK;
    for (int64_t o0 = 0; o0 < r->count && rc == IRRUN_OK; o0 += BLOCK) {
        int64_t nb = r->count - o0 < BLOCK ? r->count - o0 : BLOCK;
        tensor acc = tensor_view(r->type.elem, nb, (unsigned char *)r->data + (size_t)o0 * es);
        for (int64_t j0 = 0; j0 < R && rc == IRRUN_OK; j0 += COLS) {
            int64_t nj = R - j0 < COLS ? R - j0 : COLS;
            switch (es) {
#define GATHER(T)                                                                     \
    {                                                                                 \
        const T *src = (const T *)(const void *)xs;                                   \
        T *dst = (T *)(void *)buf;                                                    \
        for (int64_t o = 0; o < nb; o++)                                              \
            for (int64_t j = 0; j < nj; j++)                                          \
                dst[j * nb + o] = src[(o0 + o) * R + j0 + j];                         \
        break;                                                                        \
    }
            case 1: GATHER(uint8_t)
            case 2: GATHER(uint16_t)
            case 4: GATHER(uint32_t)
            case 8: GATHER(uint64_t)
#undef GATHER
            default:
                for (int64_t o = 0; o < nb; o++)
                    for (int64_t j = 0; j < nj; j++)
                        memcpy(buf + (size_t)(j * nb + o) * es, xs + (size_t)((o0 + o) * R + j0 + j) * es, es);
                break;
            }
            for (int64_t j = 0; j < nj && rc == IRRUN_OK; j++) {
                tensor row = tensor_view(r->type.elem, nb, buf + (size_t)(j * nb) * es);
                rc = acc_left ? kern_binary(op, &acc, &row, &acc) : kern_binary(op, &row, &acc, &acc);
            }
        }
    }
    mem_free(buf);
    return rc;
}

/* Whether the reduced dims are the last ndims dims, in order. */
static bool reduces_trailing(const tensor *x, const int64_t *dims, int ndims)
{
    for (int i = 0; i < ndims; i++)
        if (dims[i] != x->type.rank - ndims + i)
            return false;
    return true;
}

/* Whether the reduced dims are the first ndims dims, in order. */
static bool reduces_leading(const int64_t *dims, int ndims)
{
    for (int i = 0; i < ndims; i++)
        if (dims[i] != i)
            return false;
    return true;
}

irrun_status kern_reduce_binop(pool *p, kern_binop op, bool acc_left, const tensor *x, const tensor *init,
                               const int64_t *dims, int ndims, tensor *r)
{
    int64_t R = 1;
    for (int i = 0; i < ndims; i++)
        R *= x->type.dims[dims[i]];
    if (r->count == 0)
        return IRRUN_OK;
    if (x->splat) {
        /* every result element folds the same R copies: fold one line of
         * them, then every result element is that one */
        tensor_type lt = { x->type.elem, 2, { 1, R } };
        tensor *one = tensor_new_splat(&lt);
        if (!one)
            return IRRUN_NOMEM;
        memcpy(one->data, x->data, x->nbytes);
        tensor *dense = tensor_dense(one);
        tensor_release(one);
        if (!dense)
            return IRRUN_NOMEM;
        tensor first = tensor_view(r->type.elem, 1, r->data);
        int64_t last = 1;
        irrun_status rc = kern_reduce_binop(p, op, acc_left, dense, init, &last, 1, &first);
        tensor_release(dense);
        for (int64_t i = 1; i < r->count && rc == IRRUN_OK; i++)
            memcpy(tensor_at(r, i), r->data, x->nbytes);
        return rc;
    }
    bool bytes = tensor_elem_bytes(x) == 1 && R > 16;
    /* on one thread, trailing dims fold without a copy; with a pool the
     * copy to [R, outputs] lets the threads share the outputs (the same
     * fold order per output either way) */
    if (!bytes && !p && reduces_trailing(x, dims, ndims) && r->count > 1)
        return fold_trailing(op, acc_left, x, init, R, r);
    if (!bytes && reduces_leading(dims, ndims)) /* already [R, outputs] */
        return fold_rows(p, op, acc_left, x, init, R, r);
    tensor *xp = kern_reduce_permuted(x, dims, ndims, !bytes);
    if (!xp)
        return IRRUN_NOMEM;
    irrun_status rc = bytes ? fold_bytes(p, op, acc_left, xp, init, R, r)
                            : fold_rows(p, op, acc_left, xp, init, R, r);
    tensor_release(xp);
    return rc;
}
