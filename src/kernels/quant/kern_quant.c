/* uniform_quantize f32 -> storage in one pass: what the lowered ops
 * (src/quant/quant_lower.c, `quantize`: divide, add, clamp,
 * round_nearest_even, convert) compute, element by element:
 *
 *   v = x / f32(s)            the divide kernel: one IEEE f32 divide
 *   v = v + f32(z)            the add kernel: one IEEE f32 add
 *   v = clamp(f32(lo), v, f32(hi))   a NaN stays a NaN; numbers clamp
 *   v = round_nearest_even(v) a NaN stays a NaN
 *   q = convert(v)            NaN -> 0; in range (v is an integer of
 *                             [lo, hi]) exact; 2^31 -> INT32_MAX (i32's
 *                             hi, f32(2^31 - 1), saturates)
 *
 * A NaN's payload decides nothing (convert gives 0 for every NaN), and a
 * -0 converts to 0 like +0, so only the values of the steps matter, which
 * IEEE fixes. The AVX2 loop beside it (kern_quant_avx2.c) computes the
 * same per lane; IRRUN_ISA=generic runs this one. Parts of a fixed size
 * run on the pool's threads. */
#include "kernels/quant/kern_quant.h"

#include <math.h>

#include "util/isa.h"
#include "util/mem.h"

/* Elements per part on threads (a few under IRRUN_TEST_TINY_PARTS, so
 * that tests meet channel runs cut by parts) */
enum { QUANT_PART = 1 << 16, QUANT_TINY_PART = 37 };

static bool applies(const shape_quant *q)
{
    const et_traits *tr = et_get(q->storage);
    return (tr->kind == EK_SINT || (tr->kind == EK_UINT && tr->bytes < 4)) &&
           (tr->bytes == 1 || tr->bytes == 2 || tr->bytes == 4);
}

static int64_t q_one(float x, float s, float z, const kern_qparam *p)
{
    float v = x / s;
    v = v + z;
    if (v != v)
        return 0;
    v = v < p->lo ? p->lo : v;
    v = v > p->hi ? p->hi : v;
    v = nearbyintf(v);
    return v >= 2147483648.0f ? INT32_MAX : (int64_t)v;
}

static void q_portable(const float *x, int64_t n, const kern_qparam *p, unsigned bytes, void *out)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t v = (uint64_t)q_one(x[i], p->s[p->vary ? i : 0], p->z[p->vary ? i : 0], p);
        if (bytes == 1)
            ((uint8_t *)out)[i] = (uint8_t)v;
        else if (bytes == 2)
            ((uint16_t *)out)[i] = (uint16_t)v;
        else
            ((uint32_t *)out)[i] = (uint32_t)v;
    }
}

/* The tensor cut into parts of `part` elements. Element e's channel is
 * (e / inner) % channels. When inner is short (runs of one channel too
 * short for the vector loop) and the period inner * channels is at most
 * QUANT_PERIOD, srep and zrep hold every element's f32 scale and zero
 * point over one period and QUANT_CHUNK more, and a part runs in chunks
 * of QUANT_CHUNK from its offset in the period; otherwise in runs of one
 * channel with the channel's parameters broadcast. */
enum { QUANT_PERIOD = 1 << 14, QUANT_CHUNK = 256, QUANT_SHORT = 64 };

typedef struct {
    const float *x;
    unsigned char *out;
    const shape_quant *q;
    int64_t count, inner, channels, part, period;
    const float *srep, *zrep;
    unsigned bytes;
    bool uns, avx2;
} q_job;

static void q_run(const q_job *j, int64_t e, int64_t n, const kern_qparam *p)
{
    int64_t done = j->avx2 ? kern_quantize_avx2(j->x + e, n, p, j->bytes, j->uns, j->out + (size_t)e * j->bytes) : 0;
    kern_qparam rest = *p;
    if (rest.vary) {
        rest.s += done;
        rest.z += done;
    }
    q_portable(j->x + e + done, n - done, &rest, j->bytes, j->out + (size_t)(e + done) * j->bytes);
}

static irrun_status q_part(void *vj, int64_t part)
{
    const q_job *j = vj;
    int64_t e = part * j->part;
    int64_t end = j->count - e < j->part ? j->count : e + j->part;
    float lo = (float)j->q->min, hi = (float)j->q->max;
    while (e < end) {
        int64_t stop;
        if (j->period) {
            stop = end - e < QUANT_CHUNK ? end : e + QUANT_CHUNK;
            int64_t at = e % j->period;
            kern_qparam p = { j->srep + at, j->zrep + at, true, lo, hi };
            q_run(j, e, stop - e, &p);
        } else {
            int64_t c = (e / j->inner) % j->channels;
            stop = (e / j->inner + 1) * j->inner;
            stop = stop < end ? stop : end;
            float s = (float)j->q->scales[c], z = (float)(double)j->q->zero_points[c];
            kern_qparam p = { &s, &z, false, lo, hi };
            q_run(j, e, stop - e, &p);
        }
        e = stop;
    }
    return IRRUN_OK;
}

irrun_status kern_quantize(pool *p, const tensor *x, const shape_quant *q, tensor *r)
{
    if (x->type.elem != ET_F32 || r->type.elem != q->storage || !applies(q) || x->count != r->count)
        return IRRUN_UNSUPPORTED;
    if (r->count == 0)
        return IRRUN_OK;
    int64_t inner = x->count, channels = 1;
    if (q->axis >= 0) {
        channels = x->type.dims[q->axis];
        inner = 1;
        for (int d = q->axis + 1; d < x->type.rank; d++)
            inner *= x->type.dims[d];
    }
    const et_traits *tr = et_get(q->storage);
    int64_t part = pool_tiny_parts(p) ? QUANT_TINY_PART : QUANT_PART;
    q_job j = { x->data, r->data, q, x->count, inner, channels, part, 0, NULL, NULL, tr->bytes,
                tr->kind == EK_UINT, isa_avx2() };
    float *rep = NULL;
    if (q->axis >= 0 && inner < QUANT_SHORT && inner * channels <= QUANT_PERIOD) {
        j.period = inner * channels;
        rep = mem_alloc((size_t)(j.period + QUANT_CHUNK) * 2 * sizeof *rep);
        if (!rep)
            return IRRUN_NOMEM;
        for (int64_t i = 0; i < j.period + QUANT_CHUNK; i++) {
            int64_t c = (i / inner) % channels;
            rep[i] = (float)q->scales[c];
            rep[j.period + QUANT_CHUNK + i] = (float)(double)q->zero_points[c];
        }
        j.srep = rep;
        j.zrep = rep + j.period + QUANT_CHUNK;
    }
    irrun_status rc = pool_run(p, (x->count + part - 1) / part, q_part, &j);
    mem_free(rep);
    return rc;
}
