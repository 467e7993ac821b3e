/* Layout ops (SPEC.md 4.2, 4.33-4.39) as instances of one strided copy:
 * every one of them moves whole elements from positions that are affine in
 * the index (transpose permutes strides, broadcast zeroes them, slice scales
 * them, reverse negates them, pad and concatenate write into a strided
 * window of the result). The innermost dimension gets a loop specialised for
 * the element size. A splat operand is read with every stride 0; a splat
 * result (a reshape, transpose, slice, reverse or broadcast of a splat or
 * of one element: src/runtime/rt_region.c) is that one element. */
#include "kernels/kern.h"
#include "util/mem.h"

#include <string.h>

/* A plane of rows x cols result elements whose rows read the source down
 * its columns (the two innermost dimensions transposed):
 * o[i * o_row + j] = s[i + j * s_col]. It is copied in blocks of
 * BLOCK_BYTES x BLOCK_BYTES bytes, so that both sides move whole cache
 * lines; inside a block, square micro tiles of one 16-byte vector per row
 * are transposed in registers (SSE2, which every x86-64 has). The ragged
 * edges, and machines without SSE2, take the element loop. */
enum { TILE = 32, BLOCK_BYTES = 512 };

#if defined(__SSE2__)
#include <emmintrin.h>

/* One perfect shuffle of the NV rows: row 2k takes the low halves of rows
 * k and k + NV/2 interleaved, row 2k + 1 their high halves. Writing the row
 * index and the lane index as bits, each step rotates their concatenation
 * by one bit, so log2(lanes) steps exchange the two: the transpose. */
#define SHUFFLE_STEP(W, r)                                                    \
    do {                                                                      \
        __m128i t_[NV];                                                       \
        _Pragma("GCC unroll 16")                                              \
        for (int k_ = 0; k_ < NV / 2; k_++) {                                 \
            t_[2 * k_] = _mm_unpacklo_epi##W(r[k_], r[k_ + NV / 2]);          \
            t_[2 * k_ + 1] = _mm_unpackhi_epi##W(r[k_], r[k_ + NV / 2]);      \
        }                                                                     \
        _Pragma("GCC unroll 16")                                              \
        for (int k_ = 0; k_ < NV; k_++)                                       \
            r[k_] = t_[k_];                                                   \
    } while (0)

/* o row i, 16 bytes = s column i over NV source rows */
#define MICRO_TILE(NAME, W, LANES, STEPS)                                                      \
    static inline void NAME(const unsigned char *s, int64_t s_col, unsigned char *o, int64_t o_row) \
    {                                                                                          \
        enum { NV = LANES };                                                                   \
        __m128i r[NV];                                                                         \
        _Pragma("GCC unroll 16")                                                               \
        for (int j = 0; j < NV; j++)                                                           \
            r[j] = _mm_loadu_si128((const __m128i *)(const void *)(s + j * s_col));            \
        _Pragma("GCC unroll 4")                                                                \
        for (int st = 0; st < STEPS; st++)                                                     \
            SHUFFLE_STEP(W, r);                                                                \
        _Pragma("GCC unroll 16")                                                               \
        for (int i = 0; i < NV; i++)                                                           \
            _mm_storeu_si128((__m128i *)(void *)(o + i * o_row), r[i]);                        \
    }
MICRO_TILE(micro_tile_1, 8, 16, 4)
MICRO_TILE(micro_tile_2, 16, 8, 3)
MICRO_TILE(micro_tile_4, 32, 4, 2)
MICRO_TILE(micro_tile_8, 64, 2, 1)
#undef MICRO_TILE
#undef SHUFFLE_STEP

/* The micro tiles covering rows [i0, i1) x cols [j0, j1) of the plane
 * (both multiples of the tile's side); es in bytes, strides in elements. */
static void micro_tiles(const unsigned char *s, int64_t s_col, unsigned char *o, int64_t o_row,
                        int64_t i0, int64_t i1, int64_t j0, int64_t j1, size_t es)
{
    int64_t k = 16 / (int64_t)es, sb = s_col * (int64_t)es, ob = o_row * (int64_t)es;
    for (int64_t i = i0; i < i1; i += k)
        for (int64_t j = j0; j < j1; j += k) {
            const unsigned char *sp = s + (i + j * s_col) * (int64_t)es;
            unsigned char *op = o + (i * o_row + j) * (int64_t)es;
            switch (es) {
            case 1: micro_tile_1(sp, sb, op, ob); break;
            case 2: micro_tile_2(sp, sb, op, ob); break;
            case 4: micro_tile_4(sp, sb, op, ob); break;
            default: micro_tile_8(sp, sb, op, ob); break;
            }
        }
}
#define HAVE_MICRO_TILES 1
#else
#define HAVE_MICRO_TILES 0
#endif

/* complex<f64>'s 16 bytes as one element to assign (a memcpy of a size
 * the compiler cannot see is a call per element) */
typedef struct {
    uint64_t lo, hi;
} element16;

/* rows [i0, i1) x cols [j0, j1) of the plane, one element at a time */
static void element_tile(const unsigned char *s, int64_t s_col, unsigned char *o, int64_t o_row,
                         int64_t i0, int64_t i1, int64_t j0, int64_t j1, size_t es)
{
    if (i0 >= i1 || j0 >= j1)
        return;
    switch (es) {
#define TILE_COPY(T)                                                          \
    {                                                                         \
        const T *sp = (const T *)(const void *)s;                             \
        T *op = (T *)(void *)o;                                               \
        for (int64_t i = i0; i < i1; i++)                                     \
            for (int64_t j = j0; j < j1; j++)                                 \
                op[i * o_row + j] = sp[i + j * s_col];                        \
        break;                                                                \
    }
    case 1: TILE_COPY(uint8_t)
    case 2: TILE_COPY(uint16_t)
    case 4: TILE_COPY(uint32_t)
    case 8: TILE_COPY(uint64_t)
    case 16: TILE_COPY(element16)
#undef TILE_COPY
    default:
        for (int64_t i = i0; i < i1; i++)
            for (int64_t j = j0; j < j1; j++)
                memcpy(o + (size_t)(i * o_row + j) * es, s + (size_t)(i + j * s_col) * es, es);
        break;
    }
}

static void copy_plane_tiled(const unsigned char *s, int64_t s_col, unsigned char *o, int64_t o_row,
                             int64_t rows, int64_t cols, size_t es)
{
    int64_t block = es <= 8 ? BLOCK_BYTES / (int64_t)es : TILE;
    bool micro = HAVE_MICRO_TILES && es <= 8;
    int64_t k = micro ? 16 / (int64_t)es : 1; /* micro tile side */
    for (int64_t i0 = 0; i0 < rows; i0 += block) {
        int64_t i1 = rows - i0 < block ? rows : i0 + block;
        int64_t im = micro ? i0 + (i1 - i0) / k * k : i0; /* micro tiles end */
        for (int64_t j0 = 0; j0 < cols; j0 += block) {
            int64_t j1 = cols - j0 < block ? cols : j0 + block;
            int64_t jm = micro ? j0 + (j1 - j0) / k * k : j0;
#if HAVE_MICRO_TILES
            if (micro)
                micro_tiles(s, s_col, o, o_row, i0, im, j0, jm, es);
#endif
            element_tile(s, s_col, o, o_row, i0, im, jm, j1, es);
            element_tile(s, s_col, o, o_row, im, i1, j0, j1, es);
        }
    }
}

#if HAVE_MICRO_TILES
/* o[j] = s[-j] for j < n, 16 bytes at a time: the vector's lanes reversed
 * by shuffles of 32-bit lanes, then of 16-bit halves, then of bytes. */
static void reverse_row_vec(const unsigned char *s, unsigned char *o, int64_t n, size_t es)
{
    int64_t k = 16 / (int64_t)es, j = 0;
    for (; j + k <= n; j += k) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s - (j + k - 1) * (int64_t)es));
        if (es == 8) {
            v = _mm_shuffle_epi32(v, 0x4E);
        } else {
            v = _mm_shuffle_epi32(v, 0x1B);
            if (es <= 2) {
                v = _mm_shufflelo_epi16(v, 0xB1);
                v = _mm_shufflehi_epi16(v, 0xB1);
            }
            if (es == 1)
                v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
        }
        _mm_storeu_si128((__m128i *)(void *)(o + j * (int64_t)es), v);
    }
    for (; j < n; j++)
        memcpy(o + j * (int64_t)es, s - j * (int64_t)es, es);
}
#endif

/* o[j * di] = s[j * si] for j < n (strides in elements of es bytes), with
 * the common rows as block moves: a plain copy, one element repeated (a
 * broadcast), a reversed row. */
static void copy_row(const unsigned char *s, int64_t si, unsigned char *o, int64_t di, int64_t n,
                     size_t es)
{
    if (si == 1 && di == 1) {
        memcpy(o, s, (size_t)n * es);
        return;
    }
    if (si == 0 && di == 1) {
        /* (an element-by-element fill of unknown length is not vectorised
         * at -O2) */
        if (es == 1)
            memset(o, *s, (size_t)n);
        else
            kern_fill_elements(o, n, s, es);
        return;
    }
#if HAVE_MICRO_TILES
    if (si == -1 && di == 1 && es <= 8 && (es & (es - 1)) == 0) {
        reverse_row_vec(s, o, n, es);
        return;
    }
#endif
    switch (es) {
#define ROW(T)                                                          \
    {                                                                   \
        const T *sp = (const T *)(const void *)s;                       \
        T *op = (T *)(void *)o;                                         \
        for (int64_t j = 0; j < n; j++)                                 \
            op[j * di] = sp[j * si];                                    \
        break;                                                          \
    }
    case 1: ROW(uint8_t)
    case 2: ROW(uint16_t)
    case 4: ROW(uint32_t)
    case 8: ROW(uint64_t)
    case 16: ROW(element16)
#undef ROW
    default:
        for (int64_t j = 0; j < n; j++)
            memcpy(o + j * di * (int64_t)es, s + j * si * (int64_t)es, es);
        break;
    }
}

/* Advances idx[0..last] like an odometer, moving both offsets along. */
static void odometer_step(int last, int64_t *idx, const int64_t *dims, const int64_t *sstride,
                          const int64_t *dstride, int64_t *soff, int64_t *doff)
{
    for (int d = last; d >= 0; d--) {
        idx[d]++;
        *soff += sstride[d];
        *doff += dstride[d];
        if (idx[d] < dims[d])
            return;
        *soff -= sstride[d] * dims[d];
        *doff -= dstride[d] * dims[d];
        idx[d] = 0;
    }
}

/* dst[doff + i.dstride] = src[soff + i.sstride] for every i in the box
 * `dims` (rank entries); offsets and strides in elements of size es. */
static void copy_box(const unsigned char *src, int64_t soff, const int64_t *sstride,
                     unsigned char *dst, int64_t doff, const int64_t *dstride, const int64_t *dims,
                     int rank, size_t es)
{
    int64_t total = 1;
    for (int d = 0; d < rank; d++)
        total *= dims[d];
    if (total == 0)
        return;
    if (rank == 0) {
        memcpy(dst + doff * (int64_t)es, src + soff * (int64_t)es, es);
        return;
    }
    int64_t idx[SHAPE_MAX_RANK] = { 0 };
    int64_t inner = dims[rank - 1], si = sstride[rank - 1], di = dstride[rank - 1];
    if (rank >= 2 && di == 1 && sstride[rank - 2] == 1 && si > TILE && dims[rank - 2] >= TILE / 4 &&
        inner >= TILE / 4) {
        /* transposed innermost pair: tiles, plane by plane over the outer
         * dimensions */
        int64_t planes = total / (inner * dims[rank - 2]);
        for (int64_t p = 0; p < planes; p++) {
            copy_plane_tiled(src + soff * (int64_t)es, si, dst + doff * (int64_t)es, dstride[rank - 2],
                             dims[rank - 2], inner, es);
            odometer_step(rank - 3, idx, dims, sstride, dstride, &soff, &doff);
        }
        return;
    }
    int64_t rows = total / inner;
    for (int64_t row = 0; row < rows; row++) {
        copy_row(src + soff * (int64_t)es, si, dst + doff * (int64_t)es, di, inner, es);
        /* odometer over the outer dimensions */
        odometer_step(rank - 2, idx, dims, sstride, dstride, &soff, &doff);
    }
}

/* A large box copied on a run's threads: cut along its outer dimensions
 * into parts of about LAYOUT_PART_BYTES (7 elements under the tiny-parts
 * test hook), a partition fixed by the shapes. Each part is a box of its
 * own, so a transposed plane keeps its tiles. */
enum { LAYOUT_PART_BYTES = 1 << 20, TINY_PART_ELEMS = 7 };

typedef struct {
    const unsigned char *src;
    unsigned char *dst;
    int64_t soff, doff;
    const int64_t *sstride, *dstride, *dims;
    int rank, cut;        /* parts cut dims[cut] into chunks; dims before it whole */
    int64_t chunks, span; /* chunks per index of the dims before cut, dims[cut] per chunk */
    size_t es;
} box_parts;

static irrun_status box_part(void *vj, int64_t part)
{
    const box_parts *j = vj;
    int64_t outer = part / j->chunks, lo = part % j->chunks * j->span;
    int64_t n = j->dims[j->cut] - lo < j->span ? j->dims[j->cut] - lo : j->span;
    int64_t box[SHAPE_MAX_RANK];
    int64_t soff = j->soff + lo * j->sstride[j->cut], doff = j->doff + lo * j->dstride[j->cut];
    for (int d = j->cut - 1; d >= 0; d--) {
        int64_t at = outer % j->dims[d];
        outer /= j->dims[d];
        soff += at * j->sstride[d];
        doff += at * j->dstride[d];
    }
    for (int d = 0; d < j->rank; d++)
        box[d] = d < j->cut ? 1 : d == j->cut ? n : j->dims[d];
    copy_box(j->src, soff, j->sstride, j->dst, doff, j->dstride, box, j->rank, j->es);
    return IRRUN_OK;
}

static irrun_status copy_box_on(pool *p, const unsigned char *src, int64_t soff, const int64_t *sstride,
                                unsigned char *dst, int64_t doff, const int64_t *dstride, const int64_t *dims,
                                int rank, size_t es)
{
    int64_t total = 1;
    for (int d = 0; d < rank; d++)
        total *= dims[d];
    /* the test hook's environment is read only where a split can happen,
     * not on every small copy of a single-threaded loop */
    bool tiny = rank > 0 && total > 0 && pool_tiny_parts(p);
    if (!tiny && (pool_threads(p) < 2 || rank == 0 || total * (int64_t)es < KERN_LAYOUT_SPLIT_MIN_BYTES)) {
        copy_box(src, soff, sstride, dst, doff, dstride, dims, rank, es);
        return IRRUN_OK;
    }
    int64_t want = tiny ? (total + TINY_PART_ELEMS - 1) / TINY_PART_ELEMS
                        : (total * (int64_t)es + LAYOUT_PART_BYTES - 1) / LAYOUT_PART_BYTES;
    int cut = 0;
    int64_t outer = 1;
    while (cut < rank - 1 && outer * dims[cut] < want)
        outer *= dims[cut++];
    int64_t chunks = (want + outer - 1) / outer;
    chunks = chunks < dims[cut] ? chunks : dims[cut];
    int64_t span = (dims[cut] + chunks - 1) / chunks;
    box_parts j = { src, dst, soff, doff, sstride, dstride, dims, rank, cut, (dims[cut] + span - 1) / span, span, es };
    return pool_run(p, outer * j.chunks, box_part, &j);
}

static const int64_t zero_strides[SHAPE_MAX_RANK];

irrun_status kern_strided_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r)
{
    if (r->splat) {
        memcpy(r->data, x->data, tensor_elem_bytes(r));
        return IRRUN_OK;
    }
    if (x->splat) {
        kern_fill_elements(r->data, r->count, x->data, tensor_elem_bytes(r));
        return IRRUN_OK;
    }
    int64_t rs[SHAPE_MAX_RANK];
    shape_strides(&r->type, rs);
    return copy_box_on(p, x->data, offset, stride, r->data, 0, rs, r->type.dims, r->type.rank,
                       tensor_elem_bytes(r));
}

irrun_status kern_box_copy_on(pool *p, const tensor *x, int64_t offset, const int64_t *stride, tensor *r,
                              int64_t roffset, const int64_t *box)
{
    int64_t rs[SHAPE_MAX_RANK];
    shape_strides(&r->type, rs);
    return copy_box_on(p, x->data, offset, x->splat ? zero_strides : stride, r->data, roffset, rs, box, r->type.rank,
                       tensor_elem_bytes(r));
}

irrun_status kern_reshape(const tensor *x, tensor *r)
{
    if (x->splat && !r->splat)
        kern_fill_elements(r->data, r->count, x->data, x->nbytes);
    else
        memcpy(r->data, x->data, r->nbytes < x->nbytes ? r->nbytes : x->nbytes);
    return IRRUN_OK;
}

irrun_status kern_transpose(pool *p, const tensor *x, const int64_t *perm, tensor *r)
{
    int64_t xs[SHAPE_MAX_RANK], st[SHAPE_MAX_RANK];
    shape_strides(&x->type, xs);
    for (int d = 0; d < r->type.rank; d++)
        st[d] = xs[perm[d]];
    return kern_strided_copy_on(p, x, 0, st, r);
}

irrun_status kern_broadcast(pool *p, const tensor *x, const int64_t *dims, tensor *r)
{
    int64_t xs[SHAPE_MAX_RANK], st[SHAPE_MAX_RANK] = { 0 };
    shape_strides(&x->type, xs);
    for (int d = 0; d < x->type.rank; d++)
        st[dims[d]] = x->type.dims[d] == 1 ? 0 : xs[d];
    return kern_strided_copy_on(p, x, 0, st, r);
}

irrun_status kern_slice(pool *p, const tensor *x, const int64_t *start, const int64_t *stride, tensor *r)
{
    int64_t xs[SHAPE_MAX_RANK], st[SHAPE_MAX_RANK], off = 0;
    shape_strides(&x->type, xs);
    for (int d = 0; d < x->type.rank; d++) {
        off += start[d] * xs[d];
        st[d] = stride[d] * xs[d];
    }
    return r->count ? kern_strided_copy_on(p, x, off, st, r) : IRRUN_OK;
}

irrun_status kern_reverse(pool *p, const tensor *x, const int64_t *dims, int ndims, tensor *r)
{
    int64_t xs[SHAPE_MAX_RANK], off = 0;
    shape_strides(&x->type, xs);
    if (x->count == 0)
        return IRRUN_OK;
    for (int k = 0; k < ndims; k++) {
        int64_t d = dims[k];
        off += (x->type.dims[d] - 1) * xs[d];
        xs[d] = -xs[d];
    }
    return kern_strided_copy_on(p, x, off, xs, r);
}

irrun_status kern_concatenate(pool *p, const tensor *const *xs, int n, int64_t dim, tensor *r)
{
    int64_t rs[SHAPE_MAX_RANK], at = 0;
    shape_strides(&r->type, rs);
    size_t es = tensor_elem_bytes(r);
    irrun_status rc = IRRUN_OK;
    for (int k = 0; k < n && rc == IRRUN_OK; k++) {
        int64_t ss[SHAPE_MAX_RANK];
        shape_strides(&xs[k]->type, ss);
        rc = copy_box_on(p, xs[k]->data, 0, xs[k]->splat ? zero_strides : ss, r->data, at * rs[dim], rs,
                         xs[k]->type.dims, r->type.rank, es);
        at += xs[k]->type.dims[dim];
    }
    return rc;
}

irrun_status kern_pad(pool *p, const tensor *x, const tensor *value, const int64_t *low,
                      const int64_t *interior, tensor *r)
{
    size_t es = tensor_elem_bytes(r);
    kern_fill_elements(r->data, r->count, value->data, es);
    /* operand index j lands at low + j * (interior + 1); keep the j whose
     * position is inside the result (negative padding crops) */
    int rank = x->type.rank;
    int64_t xs[SHAPE_MAX_RANK], rs[SHAPE_MAX_RANK], box[SHAPE_MAX_RANK];
    int64_t ss[SHAPE_MAX_RANK], ds[SHAPE_MAX_RANK], soff = 0, doff = 0;
    shape_strides(&x->type, xs);
    shape_strides(&r->type, rs);
    for (int d = 0; d < rank; d++) {
        int64_t step = interior[d] + 1, n = x->type.dims[d], rn = r->type.dims[d];
        int64_t jlo = low[d] >= 0 ? 0 : (-low[d] + step - 1) / step;
        int64_t jhi = n - 1; /* last j with low + j * step < rn */
        if (low[d] + jhi * step >= rn)
            jhi = low[d] >= rn ? -1 : (rn - 1 - low[d]) / step;
        box[d] = jhi >= jlo ? jhi - jlo + 1 : 0;
        if (box[d] == 0)
            return IRRUN_OK;
        soff += x->splat ? 0 : jlo * xs[d];
        ss[d] = x->splat ? 0 : xs[d];
        doff += (low[d] + jlo * step) * rs[d];
        ds[d] = step * rs[d];
    }
    return copy_box_on(p, x->data, soff, ss, r->data, doff, ds, box, rank, es);
}

irrun_status kern_update_slice(pool *p, const tensor *u, const int64_t *start, tensor *r)
{
    int rank = r->type.rank;
    int64_t us[SHAPE_MAX_RANK], rs[SHAPE_MAX_RANK], doff = 0;
    if (u->count == 0)
        return IRRUN_OK;
    shape_strides(&u->type, us);
    shape_strides(&r->type, rs);
    for (int d = 0; d < rank; d++) {
        doff += start[d] * rs[d];
        if (u->splat)
            us[d] = 0;
    }
    return copy_box_on(p, u->data, 0, us, r->data, doff, rs, u->type.dims, rank, tensor_elem_bytes(r));
}

/* Indices made and converted a chunk at a time, in a buffer that stays in
 * the cache: the i64 index vector of a long dimension would otherwise cost
 * twice the result's memory. */
enum { IOTA_CHUNK = 1 << 10, IOTA_RUN_MIN = 64 };

/* o[k] = the conversion of index k, for k in [lo, hi), by chunks. */
static irrun_status iota_convert(et_id t, unsigned char *o, int64_t lo, int64_t hi)
{
    size_t es = et_get(t)->bytes;
    int64_t idx[IOTA_CHUNK];
    for (int64_t from = lo; from < hi; from += IOTA_CHUNK) {
        int64_t n = hi - from < IOTA_CHUNK ? hi - from : IOTA_CHUNK;
        for (int64_t i = 0; i < n; i++)
            idx[i] = from + i;
        tensor dst = tensor_view(t, n, o + (size_t)from * es);
        irrun_status rc = kern_convert_from_i64(idx, n, &dst);
        if (rc != IRRUN_OK)
            return rc;
    }
    return IRRUN_OK;
}

/* The indices [lo, hi) written directly into the element types whose
 * conversion of an index is its value (f32 and complex<f32> below 2^24,
 * f64 and complex<f64> below 2^53, i64) or its low 32 bits (i32 and ui32
 * wrap modulo 2^32, 3.6), and i1, without the i64 buffer; false: the type
 * is not one of them. */
static bool iota_direct(et_id t, unsigned char *o, int64_t lo, int64_t hi)
{
    switch (t) {
    case ET_F32:
    case ET_C64:
        if (hi > (INT64_C(1) << 24))
            return false;
        for (int64_t k = lo; k < hi; k++) {
            float v = (float)k;
            if (t == ET_F32) {
                memcpy(o + 4 * k, &v, 4);
            } else {
                float pair[2] = { v, 0.0f };
                memcpy(o + 8 * k, pair, 8);
            }
        }
        return true;
    case ET_F64:
    case ET_C128:
        if (hi > (INT64_C(1) << 53))
            return false;
        for (int64_t k = lo; k < hi; k++) {
            double v = (double)k;
            if (t == ET_F64) {
                memcpy(o + 8 * k, &v, 8);
            } else {
                double pair[2] = { v, 0.0 };
                memcpy(o + 16 * k, pair, 16);
            }
        }
        return true;
    case ET_I64:
    case ET_UI64:
        for (int64_t k = lo; k < hi; k++)
            memcpy(o + 8 * k, &k, 8);
        return true;
    case ET_I32:
    case ET_UI32:
        for (int64_t k = lo; k < hi; k++) {
            uint32_t v = (uint32_t)k;
            memcpy(o + 4 * k, &v, 4);
        }
        return true;
    case ET_I1: /* index 0 is false, every other index true */
        for (int64_t k = lo; k < hi; k++)
            o[k] = k != 0;
        return true;
    case ET_I2: case ET_I4: case ET_I8: case ET_I16:
    case ET_UI2: case ET_UI4: case ET_UI8: case ET_UI16:
    case ET_F8E4M3: case ET_F8E3M4: case ET_F8E4M3FN: case ET_F8E5M2: case ET_F8E4M3FNUZ:
    case ET_F8E5M2FNUZ: case ET_F8E4M3B11FNUZ: case ET_F8E8M0FNU: case ET_F6E2M3FN: case ET_F6E3M2FN:
    case ET_F4E2M1FN: case ET_BF16: case ET_F16: case ET_COUNT:
        break;
    }
    return false;
}

/* The same for a float target of 16 bits or fewer, where the indices from
 * 1 up convert to runs of equal patterns: their values are monotone in the
 * index, so a range whose first and last index convert to the same
 * pattern (the same value, or the one pattern every overflowing index
 * gives) is that pattern throughout, and is filled without converting;
 * other ranges are halved. (Index 0 is left out: a format without a zero
 * maps it off that order.) */
static irrun_status iota_runs(et_id t, unsigned char *o, int64_t lo, int64_t hi)
{
    size_t es = et_get(t)->bytes;
    if (hi - lo <= IOTA_RUN_MIN)
        return iota_convert(t, o, lo, hi);
    irrun_status rc = iota_convert(t, o, lo, lo + 1);
    if (rc == IRRUN_OK)
        rc = iota_convert(t, o, hi - 1, hi);
    if (rc != IRRUN_OK)
        return rc;
    if (memcmp(o + (size_t)lo * es, o + (size_t)(hi - 1) * es, es) == 0) {
        if (es == 1) {
            memset(o + lo, o[lo], (size_t)(hi - lo));
        } else {
            uint16_t *p = (uint16_t *)(void *)o, v = p[lo];
            for (int64_t k = lo; k < hi; k++)
                p[k] = v;
        }
        return IRRUN_OK;
    }
    int64_t mid = lo + (hi - lo) / 2;
    rc = iota_runs(t, o, lo, mid);
    return rc == IRRUN_OK ? iota_runs(t, o, mid, hi) : rc;
}

/* An integer of N <= 16 value bits takes index k as k modulo 2^N (3.6),
 * so its iota repeats with period 2^N: the first period is converted and
 * then copied, doubling, at memcpy's speed. False: not such a type. */
static bool iota_periodic(et_id t, unsigned char *o, int64_t len, irrun_status *rc)
{
    const et_traits *tr = et_get(t);
    if ((tr->kind != EK_SINT && tr->kind != EK_UINT) || tr->value_bits > 16)
        return false;
    int64_t period = INT64_C(1) << tr->value_bits;
    *rc = iota_convert(t, o, 0, len < period ? len : period);
    size_t es = tr->bytes;
    for (int64_t done = period; *rc == IRRUN_OK && done < len; done *= 2)
        memcpy(o + (size_t)done * es, o, (size_t)(len - done < done ? len - done : done) * es);
    return true;
}

irrun_status kern_iota(int64_t dim, tensor *r)
{
    /* the index along `dim`, converted from i64 by 3.6, then broadcast
     * (unless every other dimension is 1: then it is the result) */
    int64_t len = r->type.dims[dim];
    if (r->count == 0)
        return IRRUN_OK;
    tensor_type vt = { r->type.elem, 1, { len } };
    tensor *v = r->count != len ? tensor_new(&vt) : NULL;
    tensor *line = r->count == len ? r : v;
    if (!line)
        return IRRUN_NOMEM;
    et_id t = r->type.elem;
    et_storage st = et_get(t)->storage;
    irrun_status rc;
    if (iota_direct(t, line->data, 0, len)) {
        rc = IRRUN_OK;
    } else if (iota_periodic(t, line->data, len, &rc)) {
    } else if (st == ES_FBYTE || st == ES_BF16 || st == ES_F16) {
        rc = iota_convert(t, line->data, 0, 1);
        if (rc == IRRUN_OK)
            rc = iota_runs(t, line->data, 1, len);
    } else {
        rc = iota_convert(t, line->data, 0, len);
    }
    if (rc == IRRUN_OK && v)
        rc = kern_broadcast(NULL, v, &dim, r);
    tensor_release(v);
    return rc;
}
