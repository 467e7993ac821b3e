/* libFuzzer harness: the .npy, .bin and .yaml readers and writers, through
 * the round trip of tensor_roundtrip.h. */
#include "tensor_roundtrip.h"
#include "util/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_set_limit(64u << 20);
    if (tensor_file_roundtrip(data, size) != 0)
        abort();
    return 0;
}
