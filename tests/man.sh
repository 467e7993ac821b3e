#!/bin/sh
# docs/ir-run.1 documents every command and every option the command line
# accepts: the option names are taken from the parsers in src/cli (the
# names given to opt_match, cli_opt_value and the "--..." strings the other
# parsers compare with), so a new option without a man page entry fails
# here. Also: `ir-run help COMMAND` for every command, and the page renders
# without groff warnings where groff is installed.
here=$(cd "$(dirname "$0")/.." && pwd)
IRRUN=${IRRUN:-build/ir-run}
case $IRRUN in /*) ;; *) IRRUN=$here/$IRRUN ;; esac
man=$here/docs/ir-run.1
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the man page's text with groff's \- as -
sed 's/\\-/-/g; s/\\f[BIR]//g' "$man" >"$tmp/man.txt"
{
    # run command: opt_match(argv, argc, &i, "name", ...) -> --name (o -> -o)
    grep -ho 'opt_match(argv, argc, &i, "[a-z-]*"' "$here"/src/cli/*.c | sed 's/.*"\([a-z-]*\)"/\1/' |
        while read -r n; do if [ "$n" = o ]; then echo "-o"; else echo "--$n"; fi; done
    # everything else compares with literal "--name" or "-x" strings
    grep -hoE '"--[a-z][a-z-]*"' "$here"/src/cli/*.c | tr -d '"'
    grep -hoE 'strcmp\(a, "-[a-z]"\)' "$here"/src/cli/*.c | sed 's/.*"\(-[a-z]\)".*/\1/'
} | sort -u >"$tmp/options"
n=0
while read -r opt; do
    n=$((n + 1))
    grep -qE -- "(^|[^a-z-])$opt([^a-z-]|\$)" "$tmp/man.txt" || bad "option $opt is not in docs/ir-run.1"
done <"$tmp/options"
[ "$n" -gt 40 ] || bad "only $n options found in src/cli: the extraction is broken"
# every command: in the page, and `ir-run help COMMAND` / `COMMAND --help` exit 0
for c in info table encode decode compare test help; do
    grep -q "^\.B ir-run $c\|^\.BI \"$c \|^\.BI \"help \|^\.B ir-run compare" "$man" || bad "command $c is not in docs/ir-run.1"
    "$IRRUN" help "$c" >"$tmp/out" 2>&1 || bad "ir-run help $c failed"
    [ -s "$tmp/out" ] || bad "ir-run help $c printed nothing"
done
"$IRRUN" help run >"$tmp/out" 2>&1 && grep -q -- '--dot-accumulation' "$tmp/out" || bad "ir-run help run"
# the page's footer names the version --version prints (include/irrun.h)
th=$(sed -n 's/^\.TH IR-RUN 1 "[^"]*" "\([^"]*\)".*/\1/p' "$man")
[ "$th" = "$("$IRRUN" --version)" ] || bad "docs/ir-run.1 says '$th', --version says '$("$IRRUN" --version)'"
for s in "EXIT STATUS" ENVIRONMENT EXAMPLES COMMANDS "RUN OPTIONS"; do
    grep -q "^\.SH $s" "$man" || bad "section $s missing"
done
for v in IRRUN_MAX_FILE_SIZE CI; do grep -q "$v" "$man" || bad "environment variable $v missing"; done
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff" || bad "groff failed"
    [ -s "$tmp/groff" ] && bad "groff warnings: $(head -3 "$tmp/groff")"
fi
[ "$fail" = 0 ] && echo "man: $n options and every command documented"
[ "$fail" = 0 ]
