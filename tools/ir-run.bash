# bash completion for ir-run: commands, options, their values, element
# type names and files. Load with `. tools/ir-run.bash`, or install as
# /usr/share/bash-completion/completions/ir-run.
# tests/completion.sh holds the lists below to the command line's own.

_ir_run_float_formats="f4E2M1FN f6E2M3FN f6E3M2FN f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU bf16 f16 f32 f64 tf32
float4_e2m1fn float6_e2m3fn float6_e3m2fn float8_e3m4 float8_e4m3 float8_e4m3fn float8_e4m3fnuz float8_e4m3b11fnuz float8_e5m2 float8_e5m2fnuz float8_e8m0fnu bfloat16 float16 float32 float64"
_ir_run_element_types="i1 i2 i4 i8 i16 i32 i64 ui2 ui4 ui8 ui16 ui32 ui64 f4E2M1FN f6E2M3FN f6E3M2FN f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU bf16 f16 f32 f64 complex<f32> complex<f64>
bool int2 int4 int8 int16 int32 int64 uint2 uint4 uint8 uint16 uint32 uint64 float4_e2m1fn float6_e2m3fn float6_e3m2fn float8_e3m4 float8_e4m3 float8_e4m3fn float8_e4m3fnuz float8_e4m3b11fnuz float8_e5m2 float8_e5m2fnuz float8_e8m0fnu bfloat16 float16 float32 float64 complex64 complex128"
_ir_run_commands="info table encode decode compare test help"
_ir_run_run_options="--interpret --split-input-file --output-split-marker= -o --emit=ir --emit=bytecode --target= --refine --random-inputs --shape --entry --args= --strict-eq --max-while-iterations= --dot-accumulation= --threads --replicas --partitions --print-format= --interpreter-print-dense --mlir-print-elementsattrs-with-hex-if-larger= --input --output-dir --output-format --npy-descr --expect --max-ulp --atol --rtol --nan --signed-zero --inf --report --report-file --show --report-limit --sort --convert-exact --reshape --probe-output-dir --require-functions -q --quiet -j --jobs --help --version"
_ir_run_compare_options="--type --shape --format --max-ulp --atol --rtol --nan --signed-zero --inf --report --report-file --show --report-limit --sort --convert-exact --reshape --help"
_ir_run_test_options="--junit --filter --update --quiet --dot-accumulation= --max-while-iterations= --show --report-limit --sort --shard -j --jobs --help"
_ir_run_encode_options="--mode --seed --help"

# The values an option takes, or nothing when it takes a name or a file.
_ir_run_values() {
    case $1 in
    --dot-accumulation) echo "ref algorithm f32 f64" ;;
    --print-format) echo "tensor dense decimal exact" ;;
    --emit) echo "ir bytecode" ;;
    --target) echo "current minimum 1.20.0 1.17.0 0.9.0" ;;
    --output-format | --format) echo "npy bin yaml" ;;
    --npy-descr) echo "u1 plain name" ;;
    --report) echo "text json html" ;;
    --sort) echo "index worst" ;;
    --show | --report-limit) echo "10 all" ;;
    --nan) echo "any exact" ;;
    --signed-zero) echo "equal distinct" ;;
    --inf) echo "exact saturate" ;;
    --mode) echo "rne saturate stochastic truncate" ;;
    --type) echo "$_ir_run_element_types" ;;
    esac
}

# Readline splits words at the characters of COMP_WORDBREAKS, '=' and ':'
# among them, so in a real shell `--report=j` reaches the function as three
# words and only `j` is replaced. The words are taken again from the line,
# split at blanks only (quotes are not followed), and the candidates made
# for the whole word are cut back to the part readline replaces.
_ir_run() {
    local cur prev cmd i cword strip=0
    local -a words
    COMPREPLY=()
    if [ -n "${COMP_LINE+set}" ] && [ -n "${COMP_POINT+set}" ]; then
        local line=${COMP_LINE:0:COMP_POINT}
        # (without -r: a backslash-quoted blank or '=' is part of a word)
        read -a words <<<"$line"
        [[ -z $line || $line == *[[:blank:]] ]] && words+=("")
        cword=$((${#words[@]} - 1))
        # what readline replaces: the text after the last break character,
        # or from it for '@' and '$' (bash's rl_special_prefixes)
        local breaks=${COMP_WORDBREAKS-$' \t\n"\'@><=;|&(:'} rl=$line
        for ((i = ${#line} - 1; i >= 0; i--)); do
            if [[ $breaks == *"${line:i:1}"* ]] && [[ $i = 0 || ${line:i-1:1} != \\ ]]; then
                case ${line:i:1} in
                @ | \$) rl=${line:i} ;;
                *) rl=${line:i+1} ;;
                esac
                break
            fi
        done
        IFS= read rl <<<"$rl"
        cur=${words[cword]}
        [[ $cur == *"$rl" ]] && strip=$((${#cur} - ${#rl}))
    else
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${words[cword]}
    fi
    prev=${words[cword - 1]}
    _ir_run_words "$cur" "$prev" "$cword" "${words[@]}"
    if [ "$strip" -gt 0 ]; then
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]:strip}
        done
    fi
    # option names are not file names: readline would quote their '='
    [[ $cur == -* && $cur != *=* ]] && compopt +o filenames 2>/dev/null
    # options that end in '=' take their value in the same word
    if [ "${#COMPREPLY[@]}" = 1 ] && [[ ${COMPREPLY[0]} == *= ]]; then
        compopt -o nospace 2>/dev/null
    fi
}

# The candidates for word CWORD (CUR, after PREV) of WORDS..., each the
# whole word.
_ir_run_words() {
    local cur=$1 prev=$2 cword=$3 cmd i
    shift 3
    local -a words=("$@")
    cmd=run
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
        info | table | encode | decode | compare | test | help)
            [ "$i" = 1 ] && cmd=${words[i]}
            break
            ;;
        esac
    done
    # --opt=value
    if [[ $cur == --*=* ]]; then
        local opt=${cur%%=*} val=${cur#*=}
        local values
        values=$(_ir_run_values "$opt")
        if [ -n "$values" ]; then
            COMPREPLY=($(compgen -W "$values" -P "$opt=" -- "$val"))
        elif [ "$opt" = --args ] && [[ $val == @* ]]; then
            COMPREPLY=($(compgen -f -P "$opt=@" -- "${val#@}"))
        else
            COMPREPLY=($(compgen -f -P "$opt=" -- "$val"))
        fi
        return
    fi
    # the value of the previous option
    local values
    values=$(_ir_run_values "$prev")
    if [ -n "$values" ]; then
        COMPREPLY=($(compgen -W "$values" -- "$cur"))
        return
    fi
    case $prev in
    -o | --report-file | --junit)
        COMPREPLY=($(compgen -f -- "$cur"))
        return
        ;;
    --output-dir | --probe-output-dir)
        COMPREPLY=($(compgen -d -- "$cur"))
        return
        ;;
    --input | --expect)
        # KEY=FILE: complete the file after '='
        if [[ $cur == *=* ]]; then
            COMPREPLY=($(compgen -f -P "${cur%%=*}=" -- "${cur#*=}"))
        fi
        return
        ;;
    --entry | --filter | --shape | --seed | --max-ulp | --atol | --rtol | -j | --jobs)
        return
        ;;
    esac
    case $cmd in
    info | table)
        [ "$cword" = 2 ] && COMPREPLY=($(compgen -W "$_ir_run_float_formats" -- "$cur"))
        ;;
    encode)
        if [ "$cword" = 2 ]; then
            COMPREPLY=($(compgen -W "$_ir_run_float_formats" -- "$cur"))
        elif [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$_ir_run_encode_options --" -- "$cur"))
        fi
        ;;
    decode)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--exact" -- "$cur"))
        elif [ "$cword" = 2 ] || { [ "$cword" = 3 ] && [ "${words[2]}" = --exact ]; }; then
            COMPREPLY=($(compgen -W "$_ir_run_float_formats" -- "$cur"))
        fi
        ;;
    compare)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$_ir_run_compare_options" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -X '!*.npy' -- "$cur") $(compgen -f -X '!*.bin' -- "$cur")
                $(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur"))
        fi
        ;;
    test)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$_ir_run_test_options" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -X '!*.yaml' -- "$cur") $(compgen -f -X '!*.yml' -- "$cur")
                $(compgen -d -- "$cur"))
        fi
        ;;
    help)
        [ "$cword" = 2 ] && COMPREPLY=($(compgen -W "run ${_ir_run_commands}" -- "$cur"))
        ;;
    run)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$_ir_run_run_options" -- "$cur"))
        else
            [ "$cword" = 1 ] && COMPREPLY=($(compgen -W "$_ir_run_commands" -- "$cur"))
            COMPREPLY+=($(compgen -f -X '!*.mlir' -- "$cur") $(compgen -d -- "$cur"))
        fi
        ;;
    esac
}

complete -o filenames -F _ir_run ir-run
