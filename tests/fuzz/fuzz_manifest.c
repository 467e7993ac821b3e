/* libFuzzer harness: the `ir-run test` manifest loader and validator
 * (src/cli/test.c, included so its file-local functions are reachable
 * without widening the CLI's interface for a test). Loading never runs a
 * case: programs and tensor files named by the manifest are not read. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "../../src/cli/options.c"
#include "../../src/cli/test.c"
#include "../../src/cli/parallel.c"
#include "../../src/cli/progress.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_set_limit(64u << 20);
    char path[] = "/tmp/irrun-fuzz-manifest-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        unlink(path);
        return 0;
    }
    close(fd);
    manifest m;
    manifest_load(&m, path);
    if (!m.bad)
        (void)case_count(&m);
    manifest_free(&m);
    unlink(path);
    return 0;
}
