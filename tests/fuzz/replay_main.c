/* A main for the fuzz harnesses without libFuzzer: runs the harness once on
 * each file named on the command line. `make check` builds every harness
 * this way with the ordinary compiler, so a harness that no longer compiles
 * is caught without clang, and replays tests/fuzz/regressions/ through the
 * harness's own code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 2;
        }
        size_t cap = 1 << 16, n = 0;
        uint8_t *buf = malloc(cap);
        size_t got;
        while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
            n += got;
            if (n == cap) {
                uint8_t *bigger = realloc(buf, cap *= 2);
                if (!bigger)
                    free(buf);
                buf = bigger;
            }
        }
        fclose(f);
        if (!buf)
            return 2;
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
    }
    return 0;
}
