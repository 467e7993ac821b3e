#!/bin/sh
# tools/ir-run.bash: completes commands, options, their values, element type
# names and files; its lists hold every option of `ir-run ... --help` and
# every type name ir-run knows, and every name in them is accepted.
here=$(cd "$(dirname "$0")/.." && pwd)
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$here/$IRRUN ;; esac
if ! command -v bash >/dev/null 2>&1; then
    echo "completion: SKIP: no bash"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
touch prog.mlir other.mlir data.npy suite.yaml notes.txt
mkdir outdir
IRRUN=$IRRUN SCRIPT=$here/tools/ir-run.bash bash <<'BASH'
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
. "$SCRIPT"
# complete WORDS...: the candidates for the last word
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMPREPLY=()
    _ir_run
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
want() { # WANT-SUBSTRING WORDS...
    w=$1
    shift
    got=$(complete_words "$@")
    case " $got" in *" $w "*) ;; *) bad "completing '$*': want '$w' in '$got'" ;; esac
}
refuse() { # UNWANTED WORDS...
    w=$1
    shift
    got=$(complete_words "$@")
    case " $got" in *" $w "*) bad "completing '$*': '$w' offered" ;; esac
}
want compare ir-run co
want test ir-run t
want prog.mlir ir-run p
refuse notes.txt ir-run n
want --dot-accumulation= ir-run --dot
want --dot-accumulation=f32 ir-run --dot-accumulation=f
want decimal ir-run --print-format ""
want --print-format=decimal ir-run --print-format=de
want --print-format=exact ir-run --print-format=ex
want --exact ir-run decode --ex
want f8E4M3FN ir-run decode --exact f8E4M3
want f8E4M3FN ir-run info f8E4M3
want float8_e4m3fn ir-run info float8_e4
want f8E5M2 ir-run encode f8E5
want saturate ir-run encode f8E5M2 --mode s
want --seed ir-run encode f8E5M2 --s
want "complex<f32>" ir-run compare --type comp
want i4 ir-run compare --type i
want data.npy ir-run compare --type f32 d
refuse notes.txt ir-run compare --type f32 n
want --max-ulp ir-run compare --max
want suite.yaml ir-run test s
want --filter ir-run test --fi
want --jobs ir-run test --jo
want json ir-run prog.mlir --report j
want 0=data.npy ir-run prog.mlir --expect 0=d
want outdir ir-run prog.mlir --output-dir o
want notes.txt ir-run prog.mlir -o n
want yaml ir-run prog.mlir --output-format y
want test ir-run help t
# the lists hold every option of the --help texts
for spec in "run:$IRRUN --help:$_ir_run_run_options" "test:$IRRUN test --help:$_ir_run_test_options" \
    "compare:$IRRUN compare --help:$_ir_run_compare_options" "encode:$IRRUN encode --help:$_ir_run_encode_options"; do
    name=${spec%%:*}
    rest=${spec#*:}
    cmdline=${rest%%:*}
    list=" $(echo "${rest#*:}" | sed 's/=[^ ]*//g') "
    for opt in $($cmdline | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        case $list in *" $opt "*) ;; *) bad "$name option $opt missing from tools/ir-run.bash" ;; esac
    done
done
# every type name ir-run lists is offered, and every name offered is accepted
known=$("$IRRUN" compare --type nosuch a b 2>&1 | sed 's/.*(known: \(.*\))/\1/' | tr -d ',')
all_types=" $(echo $_ir_run_element_types) "
all_formats=" $(echo $_ir_run_float_formats) "
for t in $known; do case $all_types in *" $t "*) ;; *) bad "type $t missing" ;; esac; done
known=$("$IRRUN" info nosuch 2>&1 | sed 's/.*(known: \(.*\))/\1/' | tr -d ',')
for t in $known; do case $all_formats in *" $t "*) ;; *) bad "format $t missing" ;; esac; done
for t in $_ir_run_float_formats; do "$IRRUN" info "$t" >/dev/null 2>&1 || bad "ir-run info $t refused"; done
printf 'values: [1]\n' >one.yaml
for t in $_ir_run_element_types; do
    "$IRRUN" compare --type "$t" one.yaml one.yaml >/dev/null 2>err
    grep -q "unknown element type" err && bad "compare --type $t refused"
done
[ "$fail" = 0 ] && echo "completion: word lists passed"
exit "$fail"
BASH
rc=$?
# Through readline itself (F10): an interactive bash on a pseudo-terminal,
# where '=' splits words (COMP_WORDBREAKS) and TAB completes the line.
# Each case: what is typed (\t a TAB), then the arguments the completed
# command gets, as <ARG>...
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import pty' 2>/dev/null || [ ! -x /bin/bash ]; then
    echo "completion: SKIP of the pseudo-terminal part: no python3 with pty, or no /bin/bash"
else
    touch lhs.npy
    tab=$(printf '\t')
    timeout 120 python3 "$here/tests/lib/pty_complete.py" "$here/tools/ir-run.bash" "$tmp" <<CASES
ir-run --dot-accumulation=f3\t$tab<--dot-accumulation=f32>
ir-run --report=j\t$tab<--report=json>
ir-run --print-format=dec\t$tab<--print-format=decimal>
ir-run --input lhs=lh\t$tab<--input><lhs=lhs.npy>
ir-run prog.mlir --expect 0=lh\t$tab<prog.mlir><--expect><0=lhs.npy>
ir-run --dot\tf6\t$tab<--dot-accumulation=f64>
ir-run --args=@pr\t$tab<--args=@prog.mlir>
ir-run --dot-accumulation\\=f3\t$tab<--dot-accumulation=f32>
ir-run compare --type f8E5\t$tab<compare><--type><f8E5M2>
ir-run --output-dir=outd\t$tab<--output-dir=outdir/>
CASES
    case $? in
    0) echo "completion: typed in an interactive bash: all passed" ;;
    77) ;;
    *) rc=1 ;;
    esac
fi
exit "$rc"
