/* The unit tests' comparison of a fast path's result with its reference
 * (the generic loop, a fold one step at a time, ...): equal bytes, or a
 * failure naming the first differing element. */
#ifndef IRRUN_TEST_SAME_BITS_H
#define IRRUN_TEST_SAME_BITS_H

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "core/tensor.h"

static void same_bits(const tensor *fast, const tensor *ref, const char *what)
{
    ck_assert_uint_eq(fast->nbytes, ref->nbytes);
    if (memcmp(fast->data, ref->data, fast->nbytes) == 0)
        return;
    size_t es = et_get(fast->type.elem)->bytes;
    for (int64_t i = 0; i < fast->count; i++) {
        const unsigned char *x = (const unsigned char *)fast->data + i * (int64_t)es;
        const unsigned char *y = (const unsigned char *)ref->data + i * (int64_t)es;
        if (memcmp(x, y, es) != 0) {
            uint64_t fx = 0, gy = 0;
            memcpy(&fx, x, es > 8 ? 8 : es);
            memcpy(&gy, y, es > 8 ? 8 : es);
            ck_abort_msg("%s: element %lld: fast %llx, reference %llx", what, (long long)i,
                         (unsigned long long)fx, (unsigned long long)gy);
        }
    }
}

#endif
