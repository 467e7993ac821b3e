#!/bin/sh
# Copies the tree's own inputs for harness $1 into corpus directory $2.
h=$1
out=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
n=0
seed() { # file [prefix byte in octal]
    n=$((n + 1))
    if [ -n "${2:-}" ]; then
        { printf "\\$2"; cat "$1"; } >"$out/seed-$n" 2>/dev/null
    else
        head -c 65536 "$1" >"$out/seed-$n" 2>/dev/null
    fi
}
case $h in
fuzz_program)
    for f in "$top"/tests/parse/ok/*.mlir "$top"/tests/parse/bad/*.mlir "$top"/tests/cli/*.mlir \
             "$top"/examples/*.mlir "$top"/examples/*/*.mlir "$top"/tests/interpret/[a-q]*.mlir; do
        [ -f "$f" ] && [ "$(wc -c <"$f")" -le 65536 ] && seed "$f"
    done ;;
fuzz_args)
    printf '[dense<[1.5, 100.0]> : tensor<2xf8E4M3FN>]' >"$out/seed-a1"
    printf '[dense<"0x3C00"> : tensor<f16>, dense<[[1, 2]]> : tensor<1x2xi4>, dense<(1.0, -2.0)> : tensor<complex<f32>>]' >"$out/seed-a2"
    printf '[]' >"$out/seed-a3" ;;
fuzz_tensor_files)
    # prefix byte: format (npy, bin, yaml) + 3 * element type
    for f in "$top"/examples/*/*.npy; do seed "$f" 000; seed "$f" 022; done
    for f in "$top"/examples/*/*.yaml "$top"/tests/golden/*.yaml; do seed "$f" 002; seed "$f" 065; done
    printf '\001\070\100\110\177' >"$out/seed-bin" ;;
fuzz_bytecode)
    # the artifacts tests/unit/test_bytecode.c builds byte by byte (a VHLO
    # module, a newer VHLO version, an unknown op, a self-containing
    # attribute); the bare header when no unit test binary is built yet
    for b in "$top"/build/tests/test_bytecode "$top"/build-fuzz/tests/test_bytecode; do
        [ -x "$b" ] && IRRUN_BYTECODE_SEEDS=$out "$b" && break
    done
    printf 'ML\357R\015seed\000' >"$out/seed-header" ;;
fuzz_manifest)
    for f in "$top"/examples/golden/*.yaml "$top"/tests/golden/*.yaml; do seed "$f"; done ;;
esac
exit 0
