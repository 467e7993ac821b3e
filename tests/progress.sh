#!/bin/sh
# Progress on a terminal, never in a pipe or under CI: [k/N] per file and
# per chunk, and one line for an op running longer than 2 s. A terminal is
# had from script(1) (util-linux, in every Debian); without it, skipped.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tests/lib/expect.sh"
cd "$tmp" || exit 2
cp "$here/tests/cli/two_chunks.mlir" "$here/tests/cli/decisions.mlir" .
# one fft of 16000 points: 2.6*10^8 terms, each with its own cos and sin (SPEC
# 9.5.4's naive sum, which no faster algorithm may replace): several
# seconds in any build, where a dot_general is fast enough to finish first
cat >slow.mlir <<'MLIR'
func.func @main() -> tensor<2xcomplex<f64>> {
  %0 = stablehlo.constant dense<(1.0, 0.5)> : tensor<16000xcomplex<f64>>
  %1 = stablehlo.fft %0, type = FFT, length = [16000] : (tensor<16000xcomplex<f64>>) -> tensor<16000xcomplex<f64>>
  %2 = stablehlo.slice %1 [0:2] : (tensor<16000xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  func.return %2 : tensor<2xcomplex<f64>>
}
MLIR
# in a pipe: nothing
"$IRRUN" -split-input-file two_chunks.mlir decisions.mlir >out 2>err
grep -q '^\[[0-9]*/[0-9]*\]' err && bad "progress in a pipe" || ok
if ! command -v script >/dev/null 2>&1 || ! script -qec true /dev/null >/dev/null 2>&1; then
    echo "progress: SKIP: no script(1) to give a terminal"
    exit 0
fi
on_tty() { # CMD...: runs CMD with a terminal on stdin/stdout/stderr, all to tty.out
    script -qec "$*" /dev/null >tty.out 2>&1 </dev/null
}
on_tty env -u CI "$IRRUN" -split-input-file two_chunks.mlir decisions.mlir
expect_in tty.out "[1/6] two_chunks.mlir:1"
expect_in tty.out "[4/6] two_chunks.mlir:25"
expect_in tty.out "[6/6] decisions.mlir:16"
on_tty env CI=true "$IRRUN" -split-input-file two_chunks.mlir decisions.mlir
grep -q '\[1/6\]' tty.out && bad "progress under CI=true" || ok
on_tty env -u CI "$IRRUN" -j 2 two_chunks.mlir decisions.mlir
expect_in tty.out "[2/2] decisions.mlir"
# ir-run test's [k/N] counter: on a terminal, not under CI
cp "$here"/examples/golden/* .
on_tty env -u CI "$IRRUN" test suite.yaml
expect_in tty.out "[5/5] PASS convert_two_results"
on_tty env CI=true "$IRRUN" test suite.yaml
grep -q '\[1/5\]' tty.out && bad "test progress under CI=true" || ok
# a long op: one line rewritten in place, erased before the results
on_tty env -u CI "$IRRUN" slow.mlir
expect_in tty.out "[slow.mlir:3:8: stablehlo.fft running for 2 s]"
grep -qF "$(printf '\r\033[Ktensor<2xcomplex<f64>> {')" tty.out && ok || bad "the line is not erased before the results: $(od -c tty.out | tail -8)"
echo "progress: $pass passed, $fail failed"
[ "$fail" = 0 ]
