# Shared by the tests/*.sh scripts that check command outcomes (sourced,
# not run): sets IRRUN (absolute), here (the top of the tree), a temporary
# directory $tmp removed on exit, pass/fail counters and the checks below.
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$(pwd)/$IRRUN ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_rc WANT CMD...: runs CMD, output to $tmp/out and $tmp/err
expect_rc() {
    want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; else bad "exit $got (want $want): $*"; cat "$tmp/err"; fi
}
# expect_in FILE TEXT: FILE contains TEXT (fixed string)
expect_in() {
    if grep -qF -- "$2" "$1"; then ok; else bad "'$2' not in $1:"; cat "$1"; fi
}
