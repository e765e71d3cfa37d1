#!/usr/bin/env bash
# Compile-time proofs (see README.md next to this file). Every snippet in must-fail/ must be refused
# by the compiler with each diagnostic its `// expect:` lines name, and must compile once its
# `// CULPRIT` lines are taken out (and its `// TWIN:` lines put in): so it fails for the race it
# shows, not for another reason. Every program in must-pass/ must build with no warning, run, exit 0
# and end its output with its `// expect-output:` lines. Prints one line a snippet, then
# "N passed, M failed"; exits non-zero if anything failed.
#
# Usage: bash .ci/compile-checks/run.sh [file-or-directory ...]
#   (default: must-fail/ and must-pass/; e.g. `run.sh .ci/compile-checks/holes` shows the holes,
#   which CI does not run: their FAIL lines say they still compile)
# COMPILE_CHECKS_JOBS sets how many compilers run at once (default: the number of cores).
set -uo pipefail
# Paths given relative to where the script was started from still work after the cd below.
args=()
for arg in "$@"; do
    case "$arg" in
        /*) args+=("$arg") ;;
        *) args+=("$PWD/$arg") ;;
    esac
done
set -- ${args[@]+"${args[@]}"}
cd "$(dirname "$0")/../.."
checks=.ci/compile-checks
started=$(date +%s)

if ! build_log=$(swift build --target ReduxKitLinuxDevtools -Xswiftc -warnings-as-errors 2>&1) \
    || ! build_log=$(swift build --target ReduxKitLinuxQuery -Xswiftc -warnings-as-errors 2>&1); then
    printf '%s\n' "$build_log" >&2
    echo "compile-checks: the library does not build" >&2
    exit 1
fi
bin=$(swift build --show-bin-path)
# The core and the effects product (and devtools, built with them): snippets import what they use, as an app does.
mapfile -t objects < <(python3 .ci/library-objects.py "$bin" ReduxKitLinux ReduxKitLinuxEffects)
# Region-based isolation runs after type checking, so must-fail snippets go as far as SIL.
swiftc=(swiftc -swift-version 6 -debug-diagnostic-names -I "$bin/Modules")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

files=()
[ $# -gt 0 ] || set -- "$checks/must-fail" "$checks/must-pass"
for arg in "$@"; do
    arg=${arg#"$PWD/"}
    if [ -d "$arg" ]; then
        for file in "${arg%/}"/*.swift; do [ -e "$file" ] && files+=("$file"); done
    elif [ -f "$arg" ]; then
        files+=("$arg")
    else
        echo "compile-checks: no such file or directory: $arg" >&2
        exit 1
    fi
done

if [ ${#files[@]} = 0 ]; then
    echo "compile-checks: no snippet to check in: $*" >&2
    exit 1
fi

# The first error a compiler log reports, for one-line reasons.
first_error() {
    grep -m1 -E '^[^ ].*error: ' "$1" | sed -E 's/^[^ ]*: error: /error: /' || true
}

# Writes the result of one check: `pass|fail`, the file, the reason; a log to show on failure.
result() {
    local index=$1 verdict=$2 file=$3 reason=$4 log=${5:-}
    local word=PASS
    [ "$verdict" = pass ] || word=FAIL
    printf '%s %s: %s\n' "$word" "$file" "$reason" > "$work/result.$index"
    if [ "$verdict" != pass ] && [ -n "$log" ] && [ -s "$log" ]; then
        head -n 40 "$log" | sed 's/^/    | /' > "$work/detail.$index"
    fi
}

check_must_fail() {
    local index=$1 file=$2 dir="$work/$1"
    mkdir -p "$dir/twin"
    local expects=()
    mapfile -t expects < <(sed -n 's|^// expect: ||p' "$file")
    if [ ${#expects[@]} = 0 ]; then
        result "$index" fail "$file" "no '// expect: <diagnostic>' line"
        return
    fi
    if ! grep -q '// CULPRIT$' "$file"; then
        result "$index" fail "$file" "no line ends with '// CULPRIT' (the line whose removal makes it compile)"
        return
    fi
    local mode=(-parse-as-library)
    if grep -qx '// top-level' "$file"; then mode=(); fi

    if "${swiftc[@]}" "${mode[@]}" -emit-sil -o /dev/null "$file" > "$dir/log" 2>&1; then
        result "$index" fail "$file" "COMPILED, but must fail with: ${expects[0]}" "$dir/log"
        return
    fi
    local expect
    for expect in "${expects[@]}"; do
        if ! grep -qF -- "$expect" "$dir/log"; then
            result "$index" fail "$file" "fails, but not with '$expect' (first: $(first_error "$dir/log"))" "$dir/log"
            return
        fi
    done

    # The twin: the same snippet without its CULPRIT lines, with its TWIN lines; it must compile.
    local twin
    twin="$dir/twin/$(basename "$file")"
    sed -e '/\/\/ CULPRIT$/d' -e 's|^\([[:space:]]*\)// TWIN: |\1|' "$file" > "$twin"
    if ! "${swiftc[@]}" "${mode[@]}" -emit-sil -o /dev/null "$twin" > "$dir/twin.log" 2>&1; then
        result "$index" fail "$file" \
            "fails as expected, but so does its twin without the CULPRIT lines ($(first_error "$dir/twin.log"))" \
            "$dir/twin.log"
        return
    fi
    local pinned
    pinned=$(grep -m1 -o '\[#\?[A-Za-z_]*\]' <<< "$(printf '%s\n' "${expects[@]}")" || true)
    result "$index" pass "$file" "refused${pinned:+ $pinned}: ${expects[0]}; compiles without its CULPRIT lines"
}

check_must_pass() {
    local index=$1 file=$2 dir="$work/$1"
    mkdir -p "$dir"
    local expected=()
    mapfile -t expected < <(sed -n 's|^// expect-output: ||p' "$file")
    if [ ${#expected[@]} = 0 ]; then
        result "$index" fail "$file" "no '// expect-output: <line>' line"
        return
    fi
    # Modules a program imports besides the library (`// with-module: PATH`, one file each, named by
    # the file): built first, into the program's own directory.
    local modules=() extra=() module name
    mapfile -t modules < <(sed -n 's|^// with-module: ||p' "$file")
    for module in ${modules[@]+"${modules[@]}"}; do
        name=$(basename "$module" .swift)
        if ! "${swiftc[@]}" -parse-as-library -module-name "$name" -emit-module \
            -emit-module-path "$dir/$name.swiftmodule" -c "$module" -o "$dir/$name.o" > "$dir/log" 2>&1; then
            result "$index" fail "$file" "its module $module does not build ($(first_error "$dir/log"))" "$dir/log"
            return
        fi
        extra+=(-I "$dir" "$dir/$name.o")
    done
    # A program of top-level code, as a main.swift; built without optimisation, so assertions run.
    if ! "${swiftc[@]}" -warnings-as-errors "$file" ${extra[@]+"${extra[@]}"} "${objects[@]}" -o "$dir/program" \
        > "$dir/log" 2>&1; then
        result "$index" fail "$file" "does not build with warnings as errors ($(first_error "$dir/log"))" "$dir/log"
        return
    fi
    if grep -q 'warning: ' "$dir/log"; then
        result "$index" fail "$file" "builds with a warning" "$dir/log"
        return
    fi
    local status=0
    # (The braces keep bash's own "Illegal instruction" notice of a crash out of the report.)
    { timeout 120 "$dir/program" > "$dir/stdout" 2> "$dir/stderr"; } 2> /dev/null || status=$?
    if [ "$status" != 0 ]; then
        cat "$dir/stdout" "$dir/stderr" > "$dir/output"
        result "$index" fail "$file" "exited with status $status" "$dir/output"
        return
    fi
    if [ "$(tail -n ${#expected[@]} "$dir/stdout")" != "$(printf '%s\n' "${expected[@]}")" ]; then
        { echo "expected the output to end with:"; printf '%s\n' "${expected[@]}"; echo "output:"
            cat "$dir/stdout"; } > "$dir/output"
        result "$index" fail "$file" "printed something else" "$dir/output"
        return
    fi
    result "$index" pass "$file" "built with no warning, ran, printed: ${expected[${#expected[@]} - 1]}"
}

jobs_max=${COMPILE_CHECKS_JOBS:-$(nproc)}
index=0
for file in "${files[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    case "$file" in
        */must-pass/*) check_must_pass "$index" "$file" & ;;
        *) check_must_fail "$index" "$file" & ;;
    esac
    index=$((index + 1))
done
wait

passed=0
failed=0
for ((i = 0; i < index; i++)); do
    if [ -f "$work/result.$i" ]; then
        cat "$work/result.$i"
        [ ! -f "$work/detail.$i" ] || cat "$work/detail.$i"
        if grep -q '^PASS ' "$work/result.$i"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    else
        echo "FAIL ${files[$i]}: the check itself stopped"
        failed=$((failed + 1))
    fi
done
echo "compile-checks: $((passed + failed)) snippets in $(($(date +%s) - started))s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
