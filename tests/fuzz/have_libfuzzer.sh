#!/bin/sh
# Exit 0 when compiler $1 can build a libFuzzer harness.
cc=${1:-clang}
command -v "$cc" >/dev/null 2>&1 || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$dir/h.c"
"$cc" -fsanitize=fuzzer,address,undefined -o "$dir/h" "$dir/h.c" >/dev/null 2>&1
