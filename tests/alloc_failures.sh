#!/bin/sh
# Makes each allocation of a run fail in turn (IRRUN_FAIL_ALLOC=k): ir-run
# must end with status 0, 1 or 2, never crash; in the sanitizer build
# (make check SAN=1) a leak on any of these paths also fails the run.
set -u
IRRUN=${IRRUN:-build/ir-run}
fail=0
runs=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
probe() { # name, then the ir-run arguments
    name=$1
    shift
    total=$(IRRUN_ALLOC_REPORT=1 "$IRRUN" "$@" 2>&1 >/dev/null | sed -n 's/^allocations: //p')
    [ -n "$total" ] || { echo "FAIL: $name: no allocation count"; fail=1; return; }
    # every allocation up to 300, then a stride that still visits ~300 more
    # the files next to every input: a failing run must never remove one
    # (a failed temporary-name allocation once unlinked a stale name)
    inputs=$(for a in "$@"; do [ -f "$a" ] && ls -d "$(dirname "$a")"/*; done | sort -u)
    step=$(( total > 600 ? total / 300 : 1 ))
    k=1
    while [ "$k" -le "$total" ]; do
        IRRUN_FAIL_ALLOC=$k "$IRRUN" "$@" >/dev/null 2>&1
        st=$?
        runs=$((runs + 1))
        if [ "$st" -gt 2 ]; then
            echo "FAIL: $name: allocation $k of $total failing gives exit status $st"
            fail=1
        fi
        for f in $inputs; do
            [ -e "$f" ] || { echo "FAIL: $name: allocation $k of $total failing removed $f"; fail=1; }
        done
        # outputs go through a temporary name: none may survive a failure
        if ls "$out" | grep -q 'tmp-'; then
            echo "FAIL: $name: allocation $k of $total failing leaves $(ls "$out")"
            fail=1
            rm -f "$out"/*tmp-*
        fi
        if [ "$k" -lt 300 ]; then k=$((k + 1)); else k=$((k + step)); fi
    done
}
probe quickstart examples/quickstart.mlir
probe interpret-checks --interpret -split-input-file tests/interpret/checks.mlir
probe chlo --interpret -split-input-file tests/interpret/chlo_top_k.mlir
probe quant --interpret -split-input-file tests/interpret/quant_dot.mlir
probe reduce --interpret -split-input-file tests/interpret/reduce.mlir
probe windows --interpret -split-input-file tests/interpret/select_and_scatter.mlir
probe scatter --interpret -split-input-file tests/interpret/scatter.mlir
probe control-flow tests/cli/control_flow.mlir
probe convolution --interpret -split-input-file tests/interpret/convolution.mlir
probe convolution-f32 --interpret --dot-accumulation=f32 tests/parse/ok/convolution_forms.mlir
probe jax-module --interpret tests/parse/ok/jax_module.mlir --args='[dense<[1.0, 2.0]> : tensor<2xf32>]'
probe validation examples/validation/matmul_f8.mlir --input lhs=examples/validation/lhs.npy \
    --input 1=examples/validation/rhs.npy --expect 0=examples/validation/backend_out.npy
probe html-report examples/validation/matmul_f8.mlir --input lhs=examples/validation/lhs.npy \
    --input 1=examples/validation/rhs.npy --expect 0=examples/validation/backend_out.npy --report html \
    --report-file "$out/report.html"
probe compare-html compare --type f32 tests/report/expected.yaml tests/report/actual.yaml --report html \
    --report-file "$out/compare.html"
probe golden test examples/golden/suite.yaml
probe golden-junit test examples/golden/suite.yaml --junit "$out/junit.xml"
probe output-dir examples/validation/matmul_f8.mlir --input lhs=examples/validation/lhs.npy \
    --input 1=examples/validation/rhs.npy --output-dir "$out" --output-format yaml
probe output-file -o "$out/results.txt" --split-input-file --output-dir "$out" tests/cli/decisions.mlir
probe refused-output examples/quickstart.mlir -o examples/quickstart.mlir
probe probes --interpret -split-input-file --probe-output-dir "$out" tests/interpret/probe.mlir
probe prints --interpret tests/cli/print_names.mlir
probe formats encode f8E4M3 -- 0.1 1e-3 -7.5
# processes are threads: a failing allocation in one ends the others' waits
probe collectives --interpret -split-input-file tests/interpret/collective_processes.mlir
probe custom-calls --interpret -split-input-file tests/interpret/custom_call.mlir
probe sdy-forms --emit=ir tests/parse/ok/sdy.mlir
probe sdy-run --interpret -split-input-file tests/interpret/sdy.mlir
probe deadlock tests/collective/fail/recv_cycle.mlir
# shape refinement (docs/shape-polymorphism.md): a dynamic callee, the refined printout, random inputs
probe dynamic-call tests/dynamic/call.mlir --args='[dense<[1,2,3]> : tensor<3xi32>]'
probe dynamic-refine tests/dynamic/refine_emit.mlir --args='[dense<[1,2,3]> : tensor<3xi32>]' --emit=ir --refine
probe dynamic-random tests/dynamic/gather.mlir --random-inputs 3 --shape 0=3x2
# a portable artifact (tests/unit/test_bytecode.c's VHLO module, as in
# tests/run_cli.sh): the bytecode reader and its text through the front end
printf 'ML\357R\015test\000\001\045\005\001\007\007\007\003\011\001\013\001\003\013\003\011\017\023\027\033\002Q\037\035\017#\005\003\001\035\021\037\003\021\000\000\200?\000\000\000@\037\003\021\000\000@@\000\000\200@\011)\003\011\001\021\001\003\003\003\045\017\007\001\003\007\003\015\013\013\013\013//\003\007\007\023\023\004[\005\001\020\001\007\004M\003\001\005\003P\001\001\007\0049\003\007\021\005B\001\003\003\003\005B\001\005\003\003\007\006\001\003\003\005\001\003\011\004\001\003\005\010\027\007\013\007\005\007\003\011\003\013\003\015\000\223\023\003\013\025\017\031\021\017\013\021builtin\000vhlo\000module\000func_v1\000constant_v1\000add_v1\000return_v1\000main\000\000' >"$out/add.mlirbc"
probe bytecode "$out/add.mlirbc"
# its large tensors beside the text as blobs (tools/bc_big.py: one constant
# of 2000 f32 elements)
if command -v python3 >/dev/null 2>&1; then
    python3 "$(dirname "$0")/../tools/bc_big.py" "$out/big.mlirbc" 2000
    probe bytecode-large "$out/big.mlirbc"
    # 1.2 MB: the file mapped (the mapping failing falls back to reading),
    # the constant used in place by the run
    python3 "$(dirname "$0")/../tools/bc_big.py" "$out/mapped.mlirbc" 300000
    probe bytecode-mapped "$out/mapped.mlirbc"
fi
# the bytecode writer (--emit=bytecode, docs/bytecode.md "Writing"): checks,
# regions and collectives at the current target and at the oldest, to -o
probe bytecode-write --emit=bytecode -o "$out/w.mlirbc" tests/interpret/checks.mlir
probe bytecode-write-old --emit=bytecode --target=minimum -o "$out/w.mlirbc" tests/interpret/nested_regions.mlir
probe bytecode-write-refused --emit=bytecode --target=0.9.0 -o "$out/w.mlirbc" tests/interpret/chlo_fp8.mlir
[ $fail -eq 0 ] && echo "alloc_failures: $runs runs, no crash"
exit $fail
