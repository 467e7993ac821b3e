#!/bin/sh
# The README's "Use" commands work as written: each indented command line of
# that section runs, in order and in one shell (so `cd` carries over), in a
# copy of the tree's examples/ with build/ir-run beside it. A command exits 0
# or 1 (a check or comparison that fails on purpose); 2 only where its
# comment says it shows an error. The lit line runs when lit is installed.
here=$(cd "$(dirname "$0")/.." && pwd)
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$here/$IRRUN ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/build"
ln -s "$IRRUN" "$tmp/build/ir-run"
cp -r "$here/examples" "$tmp/examples"
sed -n '/^## Use/,/^## Documentation/p' "$here/README.md" | grep '^    [^ ]' | sed 's/^    //' >"$tmp/commands"
fail=0
n=0
script=$tmp/run.sh
: >"$script"
while IFS= read -r line; do
    n=$((n + 1))
    cmd=$(printf '%s\n' "$line" | sed 's/  *# .*$//')
    allowed="0 1"
    case $line in *'#'*error*) allowed="0 1 2" ;; esac
    case $cmd in
    python3\ /usr/lib/llvm-19/*)
        [ -f /usr/lib/llvm-19/build/utils/lit/lit.py ] || continue
        cmd="$cmd --param irrun=$IRRUN --param exec_root=$tmp/lit"
        ;;
    esac
    cat >>"$script" <<EOS
$cmd >"$tmp/.cmd_out" 2>"$tmp/.cmd_err"
rc=\$?
case " $allowed " in *" \$rc "*) ;; *) echo "FAIL: README command exits \$rc: $(printf '%s' "$cmd" | sed 's/[$`"\\]/\\&/g')"; sed -n 1,3p "$tmp/.cmd_err"; failed=\$((failed + 1)) ;; esac
EOS
done <"$tmp/commands"
[ "$n" -gt 10 ] || { echo "FAIL: only $n commands found in the README's Use section"; exit 1; }
printf 'failed=0\ncd "%s" || exit 2\n%s\nexit $failed\n' "$tmp" "$(cat "$script")" >"$script.full"
sh "$script.full" || fail=1
[ "$fail" = 0 ] && echo "readme: $n commands of the Use section ran"
[ "$fail" = 0 ]
