#!/bin/sh
# Runs the StableHLO repository's quantized test data with ir-run
# (docs/quantization.md): every stablehlo/testdata/quantized/*.mlir and
# stablehlo/tests/interpret/quantized_ops.mlir, each with
# --split-input-file. Where REF ran the file (REF_OUT_DIR/NAME.out), the
# standard output is compared with REF's whitespace-insensitively; for the
# others (quantized convolution and dot_general, which REF's lowering
# refuses) the run must print the `check.eq` result `true` against the
# expected values the file carries. Not part of `make check`: neither the
# repository nor REF's outputs ship with ir-run.
# Usage: tools/quant_testdata.sh STABLEHLO_GIT_DIR REF_OUT_DIR [IRRUN]
. "$(dirname "$0")/testdata_args.sh"
same=0
differ=0
eq=0
neq=0
run_one() { # NAME REV:PATH
    git -C "$git_dir" show "$2" >"$tmp/in.mlir" || return
    "$irrun" --split-input-file -q "$tmp/in.mlir" 2>"$tmp/err" >"$tmp/out.raw"
    tr -d ' \t\n' <"$tmp/out.raw" >"$tmp/out"
    ref=$ref_dir/$1.out
    if [ -f "$ref" ]; then
        if tr -d ' \t\n' <"$ref" | cmp -s - "$tmp/out"; then
            same=$((same + 1))
        else
            differ=$((differ + 1))
            echo "DIFFER $1: $(head -n 1 "$tmp/err")"
        fi
    elif [ "$(cat "$tmp/out")" = "tensor<i1>{true}" ]; then
        eq=$((eq + 1))
    else
        neq=$((neq + 1))
        echo "NOT EQUAL $1: $(head -c 200 "$tmp/out") $(head -n 1 "$tmp/err")"
    fi
}
run_one quantized_ops 840c41ceb:stablehlo/tests/interpret/quantized_ops.mlir
for f in $(git -C "$git_dir" ls-tree --name-only HEAD stablehlo/testdata/quantized/); do
    run_one "$(basename "$f" .mlir)" "HEAD:$f"
done
echo "quantized testdata: $same identical to REF, $differ differ; without a REF output: $eq equal to their expected values, $neq not"
[ "$differ" -eq 0 ] && [ "$neq" -eq 0 ]
