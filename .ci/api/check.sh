#!/usr/bin/env bash
# The public API of each product, recorded in Docs/API/<product>.txt, is the API the code has: the
# built modules are dumped with the toolchain's swift-api-digester and rendered as a sorted listing
# (.ci/api/render.py, which reads the effects and isolation the dump leaves out from the module's
# symbol graph, made by swift-symbolgraph-extract), then compared with the record. A public change therefore fails CI until the
# record is regenerated; and the commit that changes the record must change CHANGELOG.md too, so
# every API change is announced where users read.
#
# Usage: bash .ci/api/check.sh            compare (after `swift build`; it builds if nothing is built)
#        bash .ci/api/check.sh --record   write the listings into Docs/API (then add a CHANGELOG entry)
set -euo pipefail
cd "$(dirname "$0")/../.."
products=(ReduxKitLinux ReduxKitLinuxEffects ReduxKitLinuxDevtools ReduxKitLinuxTesting ReduxKitLinuxQuery)
modules=.build/debug/Modules
[ -d "$modules" ] || swift build
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
changed=()
for product in "${products[@]}"; do
    swift-api-digester -dump-sdk -module "$product" -I "$modules" -target "$triple" -avoid-location \
        -abort-on-module-fail -o "$work/$product.json"
    mkdir -p "$work/$product-graph"
    swift-symbolgraph-extract -module-name "$product" -I "$modules" -target "$triple" -minimum-access-level public \
        -output-dir "$work/$product-graph" > /dev/null
    python3 .ci/api/render.py "$work/$product.json" "$product" "$work/$product-graph" > "$work/$product.txt"
    if [ "${1:-}" = "--record" ]; then
        mkdir -p Docs/API
        cp "$work/$product.txt" "Docs/API/$product.txt"
    elif ! diff -u "Docs/API/$product.txt" "$work/$product.txt"; then
        changed+=("$product")
    fi
    printf 'api: %-22s %s\n' "$product" "$(sed -n 2p "$work/$product.txt" | sed 's/^\/\/ //; s/\. Regenerate.*//')"
done
if [ "${1:-}" = "--record" ]; then
    echo "api: recorded in Docs/API; say what changed in CHANGELOG.md, in the same commit"
    exit 0
fi
if [ ${#changed[@]} -gt 0 ]; then
    echo "api: the public API of ${changed[*]} differs from Docs/API (above: - recorded, + the code)." >&2
    echo "api: if the change is meant, run 'bash .ci/api/check.sh --record' and add a CHANGELOG.md entry." >&2
    exit 1
fi
# The record and the CHANGELOG change together: in the working tree, or else in the last commit
# that changed the record.
if ! git diff --quiet HEAD -- Docs/API; then
    if git diff --quiet HEAD -- CHANGELOG.md; then
        echo "api: Docs/API changed but CHANGELOG.md did not: add an entry for the API change" >&2
        exit 1
    fi
elif last=$(git log -1 --format=%H -- Docs/API) && [ -n "$last" ]; then
    if ! git show --name-only --format= "$last" | grep -qx CHANGELOG.md; then
        echo "api: commit ${last:0:7} changed Docs/API without changing CHANGELOG.md" >&2
        exit 1
    fi
fi
echo "api: every product's public API is the one Docs/API records, and CHANGELOG.md announced its last change"
