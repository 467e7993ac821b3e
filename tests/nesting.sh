#!/bin/sh
# Calls and regions nested deeper than the evaluator allows (NEST_DEPTH_MAX,
# 1000 blocks in progress: docs/control-flow.md) end with a located error
# and status 2, never a stack overflow: on the main thread and on a process
# thread of interpreter.run_parallel (a smaller stack), in the sanitizer
# build too (make check SAN=1: larger frames). A program exactly at the limit
# runs. The programs are generated here (N3 of the 2026-11-28 review).
set -u
IRRUN=${IRRUN:-build/ir-run}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
total=0
failed=0
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

# main_of PAR: @main calls @g (two processes of run_parallel when PAR is
# "par"), @g calls @f(1.0)
main_of() {
    printf 'func.func @g() -> tensor<f32> {\n %%c = stablehlo.constant dense<1.0> : tensor<f32>\n'
    printf ' %%r = func.call @f(%%c) : (tensor<f32>) -> tensor<f32>\n return %%r : tensor<f32>\n}\n'
    if [ "$1" = par ]; then
        printf 'func.func @main() -> (tensor<f32>, tensor<f32>) {\n'
        printf ' %%r:2 = "interpreter.run_parallel"() {programs = [[@g, @g]]} : () -> (tensor<f32>, tensor<f32>)\n'
        printf ' return %%r#0, %%r#1 : tensor<f32>, tensor<f32>\n}\n'
    else
        printf 'func.func @main() -> tensor<f32> {\n %%r = func.call @g() : () -> tensor<f32>\n return %%r : tensor<f32>\n}\n'
    fi
}

# deep KIND N PAR: @f(x) is N regions nested in one another (KIND while:
# loops whose condition is always true; KIND if: a generic if whose
# predicate is true), the innermost calling @f: recursion without end
deep() {
    kind=$1 n=$2
    body='%y = func.call @f(%x) : (tensor<f32>) -> tensor<f32>'
    cur=%y
    i=0
    while [ "$i" -lt "$n" ]; do
        if [ "$kind" = while ]; then
            body="%w$i = stablehlo.while(%s$i = %x) : tensor<f32>
 cond {
 %t$i = stablehlo.constant dense<true> : tensor<i1>
 stablehlo.return %t$i : tensor<i1>
 } do {
$body
 stablehlo.return $cur : tensor<f32>
 }"
        elif [ "$kind" = scatter ]; then
            # the op with the largest frame per level: one update whose
            # combiner (its argument %x$i shadows nothing: x of the
            # level around) holds the levels inside
            body="%v$i = stablehlo.reshape %x : (tensor<f32>) -> tensor<1xf32>
%i$i = stablehlo.constant dense<[[0]]> : tensor<1x1xi64>
%u$i = stablehlo.reshape %x : (tensor<f32>) -> tensor<1x1xf32>
%q$i = \"stablehlo.scatter\"(%v$i, %i$i, %u$i) ({
 ^bb0(%a$i: tensor<f32>, %b$i: tensor<f32>):
$body
 stablehlo.return $cur : tensor<f32>
 }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<1xf32>, tensor<1x1xi64>, tensor<1x1xf32>) -> tensor<1xf32>
%w$i = stablehlo.reshape %q$i : (tensor<1xf32>) -> tensor<f32>"
        else
            body="%t$i = stablehlo.constant dense<true> : tensor<i1>
%w$i = \"stablehlo.if\"(%t$i) ({
$body
 stablehlo.return $cur : tensor<f32>
 }, {
 stablehlo.return %x : tensor<f32>
 }) : (tensor<i1>) -> tensor<f32>"
        fi
        cur=%w$i
        i=$((i + 1))
    done
    printf 'func.func @f(%%x: tensor<f32>) -> tensor<f32> {\n%s\n return %s : tensor<f32>\n}\n' "$body" "$cur"
    main_of "$3"
}

# too_deep FILE WHERE: status 2, the limit's message, located at an op
# whose source line contains WHERE, and nothing else on stderr but the
# caret lines and the summary
too_deep() {
    total=$((total + 1))
    "$IRRUN" "$1" >"$tmp/out" 2>"$tmp/err"
    st=$?
    name=$(basename "$1")
    if [ "$st" -ne 2 ]; then
        fail "$name: exit status $st, want 2"
        head -n 5 "$tmp/err"
        return
    fi
    grep -q "^.*$name:[0-9]*:[0-9]*: error: calls and regions nested more than 1000 deep (the limit)" "$tmp/err" ||
        { fail "$name: no located nesting error"; head -n 5 "$tmp/err"; return; }
    grep -A 1 'error: calls and regions nested' "$tmp/err" | sed -n 2p | grep -q -F -- "$2" ||
        { fail "$name: the error is not at $2"; head -n 5 "$tmp/err"; }
}

# The review's reproducers and deeper ones. Worked by hand: @main and @g
# are 2 levels, each activation of @f is 1 + N: with N = 13 the 1001st
# block is the 5th of the 72nd @f (999 = 14 x 71 + 5): the body of %w9;
# in a process (@g is level 1) with N = 6, 1000 = 7 x 142 + 6: %w1.
deep while 13 main >"$tmp/while13.mlir"
too_deep "$tmp/while13.mlir" '%w9 = stablehlo.while'
deep while 6 par >"$tmp/while6par.mlir"
too_deep "$tmp/while6par.mlir" '%w1 = stablehlo.while'
# the if's regions: 21 and 10 (1000 - 2 = 998 = 22 x 45 + 8: %w13;
# 1000 - 1 = 999 = 11 x 90 + 9: %w1)
deep if 21 main >"$tmp/if21.mlir"
too_deep "$tmp/if21.mlir" '%w13 = "stablehlo.if"'
deep if 10 par >"$tmp/if10par.mlir"
too_deep "$tmp/if10par.mlir" '%w1 = "stablehlo.if"'
for n in 40 90; do
    deep while $n main >"$tmp/while$n.mlir"
    too_deep "$tmp/while$n.mlir" 'stablehlo.while'
    deep if $n par >"$tmp/if${n}par.mlir"
    too_deep "$tmp/if${n}par.mlir" 'stablehlo.if'
done

# the largest frames: 60 scatters nested in each @f (1 + 60 levels per call)
deep scatter 60 main >"$tmp/scatter60.mlir"
too_deep "$tmp/scatter60.mlir" 'stablehlo.scatter'
deep scatter 60 par >"$tmp/scatter60par.mlir"
too_deep "$tmp/scatter60par.mlir" 'stablehlo.scatter'

# recursion through each op that runs a region: @r(n, x) recurses n deep
# through an if (n > 0) and OP, whose region calls @r again; with n = 600
# every kind passes the limit (3 levels per step; 2 for composite, whose
# call is its only level). The ops with the
# largest frames per level are here (scatter, reduce_window,
# select_and_scatter, sort); in a process thread, the smaller stack.
CALL='%z = func.call @r(%m, ARG) : (tensor<i32>, tensor<f32>) -> tensor<f32>'
call_of() { echo "$CALL" | sed "s/ARG/$1/"; }
wrap() {
    case $1 in
    scatter)
        printf ' %%v = stablehlo.reshape %%x : (tensor<f32>) -> tensor<1xf32>\n'
        printf ' %%ix = stablehlo.constant dense<[[0]]> : tensor<1x1xi64>\n'
        printf ' %%u = stablehlo.reshape %%x : (tensor<f32>) -> tensor<1x1xf32>\n'
        printf ' %%sv = "stablehlo.scatter"(%%v, %%ix, %%u) ({\n ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n  %s\n' "$(call_of %a)"
        printf '  stablehlo.return %%z : tensor<f32>\n }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], '
        printf 'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<1xf32>, tensor<1x1xi64>, tensor<1x1xf32>) -> tensor<1xf32>\n'
        printf ' %%y = stablehlo.reshape %%sv : (tensor<1xf32>) -> tensor<f32>\n'
        ;;
    reduce_window)
        printf ' %%v = stablehlo.reshape %%x : (tensor<f32>) -> tensor<1xf32>\n'
        printf ' %%rv = "stablehlo.reduce_window"(%%v, %%x) ({\n ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n  %s\n' "$(call_of %a)"
        printf '  stablehlo.return %%z : tensor<f32>\n }) {window_dimensions = array<i64: 1>} : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>\n'
        printf ' %%y = stablehlo.reshape %%rv : (tensor<1xf32>) -> tensor<f32>\n'
        ;;
    select_and_scatter)
        printf ' %%v = stablehlo.broadcast_in_dim %%x, dims = [] : (tensor<f32>) -> tensor<2xf32>\n'
        printf ' %%src = stablehlo.reshape %%x : (tensor<f32>) -> tensor<1xf32>\n'
        printf ' %%rv = "stablehlo.select_and_scatter"(%%v, %%src, %%x) ({\n ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n  %s\n' "$(call_of %a)"
        printf '  %%ge = stablehlo.compare GE, %%z, %%b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n  stablehlo.return %%ge : tensor<i1>\n }, {\n'
        printf ' ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n  %%s = stablehlo.add %%a, %%b : tensor<f32>\n  stablehlo.return %%s : tensor<f32>\n'
        printf ' }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<2xf32>, tensor<1xf32>, tensor<f32>) -> tensor<2xf32>\n'
        printf ' %%y = stablehlo.reduce(%%rv init: %%x) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>\n'
        ;;
    sort)
        printf ' %%v = stablehlo.broadcast_in_dim %%x, dims = [] : (tensor<f32>) -> tensor<2xf32>\n'
        printf ' %%sv = "stablehlo.sort"(%%v) <{dimension = 0 : i64, is_stable = false}> ({\n ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n  %s\n' "$(call_of %a)"
        printf '  %%lt = stablehlo.compare LT, %%z, %%b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n  stablehlo.return %%lt : tensor<i1>\n'
        printf ' }) : (tensor<2xf32>) -> tensor<2xf32>\n'
        printf ' %%y = stablehlo.reduce(%%sv init: %%x) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>\n'
        ;;
    map)
        printf ' %%v = stablehlo.reshape %%x : (tensor<f32>) -> tensor<1xf32>\n'
        printf ' %%mv = "stablehlo.map"(%%v) ({\n ^bb0(%%e: tensor<f32>):\n  %s\n' "$(call_of %e)"
        printf '  stablehlo.return %%z : tensor<f32>\n }) {dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1xf32>\n'
        printf ' %%y = stablehlo.reshape %%mv : (tensor<1xf32>) -> tensor<f32>\n'
        ;;
    composite)
        printf ' %%y = stablehlo.composite "my.op" %%m, %%x {decomposition = @r} : (tensor<i32>, tensor<f32>) -> tensor<f32>\n'
        ;;
    esac
}
recursive() { # OP N PAR
    printf 'func.func @r(%%n: tensor<i32>, %%x: tensor<f32>) -> tensor<f32> {\n'
    printf ' %%zero = stablehlo.constant dense<0> : tensor<i32>\n %%one = stablehlo.constant dense<1> : tensor<i32>\n'
    printf ' %%done = stablehlo.compare LE, %%n, %%zero : (tensor<i32>, tensor<i32>) -> tensor<i1>\n'
    printf ' %%res = "stablehlo.if"(%%done) ({\n  stablehlo.return %%x : tensor<f32>\n }, {\n'
    printf ' %%m = stablehlo.subtract %%n, %%one : tensor<i32>\n'
    wrap "$1"
    printf '  stablehlo.return %%y : tensor<f32>\n }) : (tensor<i1>) -> tensor<f32>\n return %%res : tensor<f32>\n}\n'
    printf 'func.func @f(%%x: tensor<f32>) -> tensor<f32> {\n %%n = stablehlo.constant dense<%d> : tensor<i32>\n' "$2"
    printf ' %%r = func.call @r(%%n, %%x) : (tensor<i32>, tensor<f32>) -> tensor<f32>\n return %%r : tensor<f32>\n}\n'
    main_of "$3"
}
for op in scatter reduce_window select_and_scatter sort map composite; do
    for par in main par; do
        recursive $op 600 $par >"$tmp/r_${op}_$par.mlir"
        too_deep "$tmp/r_${op}_$par.mlir" ''
    done
done

# at the limit, worked by hand: @r(n) is 3 levels per n > 0 (its body, the
# if's else region, the map's body) and 2 for n = 0 (body, then region);
# in a process @g and @f are 2 levels: 2 + 3 x 332 + 2 = 1000 run, and
# print @r's result (x unchanged: 1.0); on the main thread (@main, @g, @f:
# 3) n = 331 is 998 levels and runs, n = 332 is 1001 and fails where the
# 1001st block starts, the then region of the if of @r(0).
limit() { # N PAR STATUS
    total=$((total + 1))
    recursive map "$1" "$2" >"$tmp/limit.mlir"
    "$IRRUN" "$tmp/limit.mlir" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -ne "$3" ]; then
        fail "map recursion n = $1 ($2): exit status $st, want $3"
        head -n 5 "$tmp/err"
    elif [ "$3" -eq 0 ] && [ "$(grep -c '^tensor<f32> {1.000000e+00}$' "$tmp/out")" -ne "$([ "$2" = par ] && echo 2 || echo 1)" ]; then
        fail "map recursion n = $1 ($2): $(cat "$tmp/out")"
    elif [ "$3" -eq 2 ] && ! grep -A 1 'error: calls and regions nested more than 1000 deep' "$tmp/err" | grep -q '%res = "stablehlo.if"'; then
        fail "map recursion n = $1 ($2): not the nesting error at the if"
        head -n 5 "$tmp/err"
    fi
}
limit 332 par 0
limit 331 main 0
limit 332 main 2

echo "nesting: $total cases, $failed failed"
[ "$failed" -eq 0 ]
