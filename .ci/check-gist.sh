#!/usr/bin/env bash
# The hard rule of issue 2: ReduxKit's gist (.ci/seeds/gist.txt, a copy of the seed) compiles and
# runs against this library with only three edits -- `import ReduxKitLinux`, the reducer's first
# parameter label, no default value in the closure's parameter list -- in Swift 6 mode, at the top
# level of a main.swift and inside a function, with no warning but the gist's own (`var state` is
# never mutated). Also checks that the Demo carries exactly that gist, plus the one edit that
# silences the gist's own warning.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The gist's code starts at its import; the three edits.
sed -n '/^import ReduxKit$/,$p' .ci/seeds/gist.txt \
    | sed -e 's/^import ReduxKit$/import ReduxKitLinux/' \
          -e 's/func counterReducer(previousState: Int?/func counterReducer(_ previousState: Int?/' \
          -e 's/(state: AppState? = nil, action: Action)/(state: AppState?, action: Action)/' \
          -e '$a\\' \
    > "$work/three-edits.swift"
[ "$(grep -c 'ReduxKitLinux\|_ previousState\|(state: AppState?, action' "$work/three-edits.swift")" = 3 ] \
    || { echo "check-gist: the seed no longer matches the three edits" >&2; exit 1; }

# The Demo's copies: the same text with `var state` made `let state`, at top level and indented in a function.
sed 's/^    var state = previousState/    let state = previousState/' "$work/three-edits.swift" > "$work/demo-expected.swift"
sed -n '/^\/\/ BEGIN GIST$/,/^\/\/ END GIST$/p' Sources/Demo/main.swift | sed '1d;$d' | sed '${/^$/d}' > "$work/demo-top.swift"
sed -n '/^    \/\/ BEGIN GIST$/,/^    \/\/ END GIST$/p' Sources/Demo/Stories/GistInsideFunction.swift | sed '1d;$d' \
    | sed 's/^    //' > "$work/demo-function.swift"
diff <(sed '/^$/d' "$work/demo-expected.swift") <(sed '/^$/d' "$work/demo-top.swift") \
    || { echo "check-gist: Sources/Demo/main.swift does not carry the gist as ported" >&2; exit 1; }
diff <(sed '/^$/d;/^import /d' "$work/demo-expected.swift") <(sed '/^$/d' "$work/demo-function.swift") \
    || { echo "check-gist: GistInsideFunction.swift does not carry the gist as ported" >&2; exit 1; }

# Build the library, then the three-edit gist against it, both ways.
swift build --target ReduxKitLinux -Xswiftc -warnings-as-errors >/dev/null
bin=$(swift build --show-bin-path)
mapfile -t objects < <(python3 .ci/library-objects.py "$bin" ReduxKitLinux)
mkdir -p "$work/top" "$work/function"
cp "$work/three-edits.swift" "$work/top/main.swift"
{
    echo 'import ReduxKitLinux'
    echo 'func runGist() {'
    grep -v '^import ReduxKitLinux$' "$work/three-edits.swift"
    echo '}'
    echo 'runGist()'
} > "$work/function/main.swift"

expected=$'AppState(count: Optional(1))\nAppState(count: Optional(2))\nAppState(count: Optional(1))'
for form in top function; do
    if ! swiftc -swift-version 6 -debug-diagnostic-names -I "$bin/Modules" "$work/$form/main.swift" \
        "${objects[@]}" -o "$work/$form/gist" 2> "$work/$form/diagnostics"; then
        cat "$work/$form/diagnostics" >&2
        echo "check-gist: the gist ($form) does not compile" >&2
        exit 1
    fi
    warnings=$(grep -E '^[^ ].*: warning: ' "$work/$form/diagnostics" || true)
    if [ "$(printf '%s\n' "$warnings" | grep -c 'variable_never_mutated')" != 1 ] \
        || [ "$(printf '%s\n' "$warnings" | grep -c .)" != 1 ]; then
        cat "$work/$form/diagnostics" >&2
        echo "check-gist: the gist ($form) has warnings beyond its own 'var state'" >&2
        exit 1
    fi
    output=$("$work/$form/gist")
    [ "$output" = "$expected" ] || { printf '%s\n' "$output" >&2; echo "check-gist: the gist ($form) printed the wrong states" >&2; exit 1; }
done
echo "check-gist: the seed gist compiles and runs with the three edits, top level and in a function"
