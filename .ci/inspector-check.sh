#!/usr/bin/env bash
# Issue 22: the inspector as a person sees it. Builds `reduxkit-inspect`, writes action logs with
# .ci/inspector-fixtures.py (a todo app's two sessions with recorded changes, async thunks, an
# effect's action, a hostile payload and a torn line; a log without changes; 100,000 actions; issue
# 34: lines the page cannot read, script in every field and the title, a 2 MB payload; an empty
# file), makes their pages (timing the 100,000-action one), opens them in headless chromium and
# checks the DOM after the scripts ran, with a screenshot per view (.ci/inspector-dom-check.py).
# Usage: bash .ci/inspector-check.sh [DIRECTORY] (default .build/inspector-check; the pages, logs
# and screenshots are left there). Installs Debian's chromium if it is missing.
set -euo pipefail
output=${1:-.build/inspector-check}
case "$output" in /*) ;; *) output="$PWD/$output" ;; esac
cd "$(dirname "$0")/.."

if ! command -v chromium > /dev/null; then
    # An install already under way (apt holds its lock) is waited for, not started twice.
    while fuser /var/lib/dpkg/lock-frontend /var/lib/apt/lists/lock > /dev/null 2>&1; do sleep 5; done
    command -v chromium > /dev/null ||
        (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium)
fi
chromium --version 2> /dev/null

# The flags of .ci/run's build, so this reuses it instead of rebuilding everything (twice: the
# valgrind step after would rebuild with them again).
swift build --product reduxkit-inspect -Xswiftc -warnings-as-errors > /dev/null
inspect="$(swift build --show-bin-path)/reduxkit-inspect"
rm -rf "$output"
mkdir -p "$output"
python3 .ci/inspector-fixtures.py "$output/logs" > /dev/null
hostile_title='</title><script>document.body.dataset.pwned=7</script><b>bold?</b> & done'
for log in todo plain big wide hostile empty; do
    title="Inspector check: $log.jsonl"
    [ "$log" = hostile ] && title="$hostile_title"
    started=$(date +%s%N)
    "$inspect" "$output/logs/$log.jsonl" --output "$output/$log.html" --title "$title"
    elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
    if [ "$log" = big ]; then
        echo "inspector: the page of 100,000 actions took ${elapsed} ms to make (the whole run, debug build)," \
            "$(stat -c %s "$output/$log.html") bytes"
    fi
done

# Misuse: a clear message and exit code 2.
for arguments in "" "$output/logs/missing.jsonl" "$output/logs/todo.jsonl --bogus" "$output/logs"; do
    status=0
    # shellcheck disable=SC2086
    "$inspect" $arguments > /dev/null 2> "$output/misuse.txt" || status=$?
    [ "$status" = 2 ] && grep -q "reduxkit-inspect: " "$output/misuse.txt" || {
        echo "inspector: \`reduxkit-inspect $arguments\` exited with $status, not 2 with a message:" >&2
        cat "$output/misuse.txt" >&2
        exit 1
    }
done
rm -f "$output/misuse.txt"

python3 .ci/inspector-dom-check.py "$output"
echo "inspector: pages, logs and screenshots in $output"
