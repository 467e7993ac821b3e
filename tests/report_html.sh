#!/bin/sh
# HTML and JSON reports (docs/tensor-files.md, "Reports"): ir-run compare and
# --expect write one self-contained page for tests/report/expected.yaml and
# actual.yaml, whose figures are worked out by hand in their comments (32
# elements, 12 differ, max ULP 65536; by bit length of the ULP distance: 21
# at 0, 2 at 1, 2 at 2-3, 2 at 4-7, 1 at 8-15, 1 at 64-127, 1 at 512-1023,
# 1 at 65536-131071, 1 without a distance; a NaN and a -0 mismatch). The
# page is loaded in headless Chromium (Debian's chromium, installed here
# when missing and root; SKIP of that part otherwise): no console message,
# and the screenshot shows the histogram's bars and the heat map's hottest
# cell (tests/report/png_colours.py counts their pixels).
set -u
IRRUN=${IRRUN:-build/ir-run}
here=$(cd "$(dirname "$0")" && pwd)
data=$here/report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "report_html: $*"; fail=1; }
has() { # FILE TEXT: FILE holds TEXT
    grep -qF -- "$2" "$1" || bad "$1 lacks: $2"
}

"$IRRUN" compare --type f32 "$data/expected.yaml" "$data/actual.yaml" --report html --report-file "$tmp/c.html"
[ $? -eq 1 ] || bad "compare --report html: exit 1 expected (they differ)"
"$IRRUN" "$data/prog.mlir" --input "0=$data/expected.yaml" --expect "0=$data/actual.yaml" --report html \
    --report-file "$tmp/r.html" >/dev/null
[ $? -eq 1 ] || bad "--expect --report html: exit 1 expected"
for page in "$tmp/c.html" "$tmp/r.html"; do
    [ -f "$page" ] || { bad "$page not written"; continue; }
    for t in '<!DOCTYPE html>' '1 comparison, 1 failed' '<td>32</td><td>12</td><td>65536</td>' \
        'ULP 0: 21 elements' 'ULP 1 to 1: 2 elements' 'ULP 2 to 3: 2 elements' 'ULP 4 to 7: 2 elements' \
        'ULP 8 to 15: 1 elements' 'ULP 16 to 31: 0 elements' 'ULP 64 to 127: 1 elements' \
        'ULP 512 to 1023: 1 elements' 'ULP 65536 to 131071: 1 elements' \
        'no ULP distance (NaN or Inf against another value): 1 elements' \
        '<td>1</td><td>0</td><td>1</td><td class="fail">FAIL</td>' \
        '4 x 8 cells of 4 x 8' '[3-3, 1-1]: max ULP 65536, 1 of 1 differ' \
        '[3-3, 7-7]: an element without a ULP distance, 1 of 1 differ' \
        '[3-3, 6-6]: max ULP 0, 1 of 1 differ' 'worst 10 of 12 differing elements'; do
        has "$page" "$t"
    done
    # the histogram stops at the largest bucket used (2^16, the 17th), then "none"
    [ "$(grep -c '<rect [^>]*><title>ULP' "$page")" = 18 ] || bad "$page: 18 histogram bars expected"
    [ "$(grep -c '^<rect x=[^>]*stroke="#000"' "$page")" = 12 ] || bad "$page: 12 outlined (differing) cells expected"
    # the worst first: the NaN mismatch, then by ULP distance
    sed -n '/worst 10 of 12/,/<\/table>/p' "$page" | grep -o '<td class="l">\[[0-9, ]*\]' | tr -d '\n' |
        grep -qF '<td class="l">[3, 7]<td class="l">[3, 1]<td class="l">[3, 0]<td class="l">[2, 3]' ||
        bad "$page: worst elements not listed NaN first, then by ULP distance"
    # self-contained: no script, nothing fetched
    if grep -qiE '<script|<link|<img|<iframe|src=|url\(|@import' "$page" ||
        grep -o 'https\?://[^"]*' "$page" | grep -qv '^http://www.w3.org/2000/svg$'; then
        bad "$page refers to something outside itself"
    fi
done
has "$tmp/r.html" "prog.mlir: result 0 vs $data/actual.yaml"
# a report file named .html (or .htm) is a page unless --report says otherwise
"$IRRUN" "$data/prog.mlir" --input "0=$data/expected.yaml" --expect "0=$data/actual.yaml" \
    --report-file "$tmp/implicit.HTML" >/dev/null
has "$tmp/implicit.HTML" '<!DOCTYPE html>'
"$IRRUN" compare --type f32 "$data/expected.yaml" "$data/actual.yaml" --report-file "$tmp/implicit.htm"
has "$tmp/implicit.htm" '<!DOCTYPE html>'
"$IRRUN" compare --type f32 "$data/expected.yaml" "$data/actual.yaml" --report-file "$tmp/text.html" --report text
has "$tmp/text.html" 'tensor<4x8xf32> (rule: exact): 32 compared, 12 differing'
"$IRRUN" "$data/prog.mlir" --input "0=$data/expected.yaml" --expect "0=$data/actual.yaml" --report json \
    --report-file "$tmp/json.html" >/dev/null
has "$tmp/json.html" '{"reports": ['
"$IRRUN" compare --type f32 "$data/expected.yaml" "$data/actual.yaml" --report-file "$tmp/plain.txt"
has "$tmp/plain.txt" '32 compared, 12 differing'
# --sort index keeps the order by index on the page
"$IRRUN" compare --type f32 "$data/expected.yaml" "$data/actual.yaml" --report html --sort index --report-limit 3 \
    >"$tmp/s.html"
has "$tmp/s.html" "first 3 of 12 differing elements"
# a rank-1 tensor has no heat map
printf 'values: [1.0, 2.0]\n' >"$tmp/one.yaml"
printf 'values: [1.0, 2.5]\n' >"$tmp/two.yaml"
"$IRRUN" compare --type f32 "$tmp/one.yaml" "$tmp/two.yaml" --report html >"$tmp/v.html"
grep -q 'class="heat"' "$tmp/v.html" && bad "a heat map for a rank-1 tensor"
has "$tmp/v.html" 'class="hist"'

# rank 3: the third dimension folded into the cells of the first two; one
# element 5 ULP off at [1, 0, 2] (0x3F800005 against 1.0)
printf 'type: f32\nshape: [2, 2, 3]\nvalues: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n' >"$tmp/e3.yaml"
printf 'type: f32\nshape: [2, 2, 3]\nbits: [0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800005, 0x3F800000, 0x3F800000, 0x3F800000]\n' >"$tmp/a3.yaml"
"$IRRUN" compare --type f32 "$tmp/e3.yaml" "$tmp/a3.yaml" --report html >"$tmp/h3.html"
has "$tmp/h3.html" '2 x 2 cells of 2 x 2'
has "$tmp/h3.html" 'over dims 0 (down) and 1 (across), the others folded'
has "$tmp/h3.html" '[1-1, 0-0]: max ULP 5, 1 of 3 differ'
# 130 rows: 64 bands of 2 or 3 rows (row i in band i * 64 / 130); the last
# band holds rows 128 and 129, the first rows 0 to 2
awk 'BEGIN { printf "type: f32\nshape: [130, 2]\nvalues: ["; for (i = 0; i < 260; i++) printf "%s1", i ? ", " : ""; print "]" }' >"$tmp/e130.yaml"
awk 'BEGIN { printf "type: f32\nshape: [130, 2]\nbits: ["; for (i = 0; i < 260; i++) printf "%s%s", i ? ", " : "", i == 259 ? "0x3F800002" : "0x3F800000"; print "]" }' >"$tmp/a130.yaml"
"$IRRUN" compare --type f32 "$tmp/e130.yaml" "$tmp/a130.yaml" --report html >"$tmp/h130.html"
has "$tmp/h130.html" '64 x 2 cells of 130 x 2'
has "$tmp/h130.html" '[128-129, 1-1]: max ULP 2, 1 of 2 differ'
[ "$(grep -c '^<rect x=[^>]*stroke="#ddd"' "$tmp/h130.html")" = 127 ] || bad "130x2: 127 cells without a difference expected"

# JSON: one document, numbers as the shortest decimal that reads back
# (0.1 is 0.1000000000000000055511151231257827... in binary64)
printf 'type: f64\nvalues: [0.1, 1.5]\n' >"$tmp/e64.yaml"
printf 'type: f64\nvalues: [0.2, 1.5]\n' >"$tmp/a64.yaml"
"$IRRUN" compare --type f64 "$tmp/e64.yaml" "$tmp/a64.yaml" --report json >"$tmp/j.json"
has "$tmp/j.json" '"max_abs_error": {"value": 0.1, '
has "$tmp/j.json" '"expected_value": 0.1, "actual_value": 0.2,'
has "$tmp/j.json" '"max_rel_error": {"value": 1, '

# the page in a browser
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "report_html: installing chromium (Debian) for the browser test"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 ||
        { apt-get update >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null 2>&1; }
    chromium=$(command -v chromium || true)
fi
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3 || true)
if [ -z "$chromium" ] || [ -z "$py" ]; then
    echo "report_html: browser test SKIP: no chromium (apt-get install chromium) or no python3"
else
    shoot() { # PAGE PNG: Chromium's log of loading PAGE, a screenshot in PNG
        HOME=$tmp timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
            --no-first-run --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 \
            --window-size=1000,1000 --screenshot="$2" "file://$1" >"$tmp/log" 2>&1
    }
    # the check can fail: a page that logs to the console is caught
    printf '<!DOCTYPE html><html><body><script>console.error("seen")</script></body></html>\n' >"$tmp/noisy.html"
    shoot "$tmp/noisy.html" "$tmp/noisy.png"
    grep -q ':CONSOLE' "$tmp/log" || bad "Chromium's log does not show console messages: the check below proves nothing"
    shoot "$tmp/c.html" "$tmp/c.png"
    if grep ':CONSOLE' "$tmp/log"; then
        bad "the page logged to the console"
    elif [ ! -s "$tmp/c.png" ]; then
        cat "$tmp/log"
        bad "no screenshot"
    else
        # the bars (blue 3060c0, green 3a8f3a for ULP 0, purple 8e24aa for
        # none) and the hottest cell (c80000) are drawn
        set -- $("$py" "$data/png_colours.py" "$tmp/c.png" 3060c0 3a8f3a 8e24aa c80000)
        [ "${1:-0}" -gt 1000 ] && [ "${2:-0}" -gt 500 ] && [ "${3:-0}" -gt 200 ] && [ "${4:-0}" -gt 100 ] ||
            bad "the screenshot lacks the histogram or the heat map (pixels: $*)"
        echo "report_html: the page loads in $("$chromium" --version 2>/dev/null | head -1) with no console message; the screenshot shows the histogram and the heat map"
    fi
fi
[ $fail -eq 0 ] && echo "report_html: ok"
exit $fail
