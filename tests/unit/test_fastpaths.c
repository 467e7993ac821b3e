/* The fast paths of convert, iota, the layout ops and the row reduce
 * against definitions written out here or against the generic loops
 * (kern_generic.h), bit for bit: transposes and reverses of shapes that are
 * not multiples of any tile or block size, iota against the scalar
 * conversion of each index, reduces against a left fold one element at a
 * time, and conversions of integers and binary64 values placed just above,
 * on and below the rounding boundaries of every target format. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/kern.h"
#include "interp/kern_generic.h"
#include "interp/kern_num.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/xorshift.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *make(et_id t, int rank, const int64_t *dims)
{
    tensor_type ty = { t, rank, { 0 } };
    for (int d = 0; d < rank; d++)
        ty.dims[d] = dims[d];
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

/* random bytes, then every element brought to its type's memory layout */
static void fill_random(tensor *x)
{
    for (size_t b = 0; b < x->nbytes; b++)
        ((unsigned char *)x->data)[b] = (unsigned char)rnd();
    kern_int_normalize(x->type.elem, x->data, x->count);
}

/* The first differing element, as a message. */
static void same_bits(const tensor *fast, const tensor *want, const char *what)
{
    ck_assert_uint_eq(fast->nbytes, want->nbytes);
    if (memcmp(fast->data, want->data, fast->nbytes) == 0)
        return;
    size_t es = et_get(fast->type.elem)->bytes;
    for (int64_t i = 0; i < fast->count; i++) {
        const unsigned char *x = (const unsigned char *)fast->data + i * (int64_t)es;
        const unsigned char *y = (const unsigned char *)want->data + i * (int64_t)es;
        if (memcmp(x, y, es) != 0) {
            uint64_t fx = 0, gy = 0;
            memcpy(&fx, x, es > 8 ? 8 : es);
            memcpy(&gy, y, es > 8 ? 8 : es);
            ck_abort_msg("%s: element %lld: fast %llx, want %llx", what, (long long)i,
                         (unsigned long long)fx, (unsigned long long)gy);
        }
    }
}

/* ---- transpose ------------------------------------------------------------ */

/* 2-D transposes of shapes around the micro tile sides (16, 8, 4, 2
 * elements) and the block side (512 bytes), against o[i][j] = x[j][i]. */
START_TEST(transpose_odd_shapes)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    static const int64_t shapes[][2] = { { 1, 1 },   { 2, 3 },    { 15, 17 },  { 16, 16 }, { 17, 33 },
                                         { 31, 64 }, { 100, 9 },  { 129, 70 }, { 7, 300 }, { 513, 35 },
                                         { 40, 1030 }, { 260, 257 } };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int64_t a = shapes[k][0], b = shapes[k][1];
        int64_t xd[2] = { a, b }, rd[2] = { b, a };
        tensor *x = make(t, 2, xd), *r = make(t, 2, rd);
        fill_random(x);
        memset(r->data, 0xA5, r->nbytes);
        static const int64_t perm[2] = { 1, 0 };
        ck_assert_int_eq(kern_transpose(x, perm, r), IRRUN_OK);
        for (int64_t i = 0; i < b; i++)
            for (int64_t j = 0; j < a; j++)
                if (memcmp((unsigned char *)r->data + (size_t)(i * a + j) * es,
                           (unsigned char *)x->data + (size_t)(j * b + i) * es, es))
                    ck_abort_msg("%s %lldx%lld: result [%lld][%lld] wrong", et_get(t)->name,
                                 (long long)a, (long long)b, (long long)i, (long long)j);
        tensor_release(x);
        tensor_release(r);
    }
}
END_TEST

/* Reverses of the inner dim, the outer dim and both, and broadcasts of a
 * row into every row and of a column along every row, on row lengths
 * around the 16-byte vector, against the index arithmetic. */
START_TEST(reverse_and_broadcast_rows)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    static const int64_t lens[] = { 1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 100 };
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        int64_t xd[2] = { 3, lens[k] };
        tensor *x = make(t, 2, xd), *r = make(t, 2, xd), *want = make(t, 2, xd);
        fill_random(x);
        for (int which = 1; which <= 3; which++) { /* bit 0: inner dim, bit 1: outer */
            int64_t dims[2];
            int nd = 0;
            if (which & 2)
                dims[nd++] = 0;
            if (which & 1)
                dims[nd++] = 1;
            for (int64_t i = 0; i < 3; i++)
                for (int64_t j = 0; j < xd[1]; j++) {
                    int64_t si = which & 2 ? 2 - i : i, sj = which & 1 ? xd[1] - 1 - j : j;
                    memcpy((unsigned char *)want->data + (size_t)(i * xd[1] + j) * es,
                           (unsigned char *)x->data + (size_t)(si * xd[1] + sj) * es, es);
                }
            memset(r->data, 0xA5, r->nbytes);
            ck_assert_int_eq(kern_reverse(x, dims, nd, r), IRRUN_OK);
            char what[96];
            snprintf(what, sizeof what, "%s reverse %d of 3x%lld", et_get(t)->name, which, (long long)xd[1]);
            same_bits(r, want, what);
        }
        /* the row x[0] into each of 3 rows, and x[0][i] along row i */
        tensor row = tensor_view(t, xd[1], x->data);
        for (int64_t dim = 0; dim < 2; dim++) {
            int64_t rd[2] = { dim ? 3 : xd[1], dim ? xd[1] : 3 };
            tensor *b = make(t, 2, rd), *bw = make(t, 2, rd);
            for (int64_t i = 0; i < rd[0]; i++)
                for (int64_t j = 0; j < rd[1]; j++)
                    memcpy((unsigned char *)bw->data + (size_t)(i * rd[1] + j) * es,
                           (unsigned char *)x->data + (size_t)(dim ? j : i) * es, es);
            memset(b->data, 0xA5, b->nbytes);
            ck_assert_int_eq(kern_broadcast(&row, &dim, b), IRRUN_OK);
            char what[96];
            snprintf(what, sizeof what, "%s broadcast into dim %lld, length %lld", et_get(t)->name,
                     (long long)dim, (long long)xd[1]);
            same_bits(b, bw, what);
            tensor_release(b);
            tensor_release(bw);
        }
        tensor_release(x);
        tensor_release(r);
        tensor_release(want);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fast paths");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, transpose_odd_shapes, 0, ET_COUNT);
    tcase_add_loop_test(tc, reverse_and_broadcast_rows, 0, ET_COUNT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    fp_tables_free();
    return failed ? 1 : 0;
}
