#!/usr/bin/env bash
# Builds the documentation site with the toolchain's own docc (no plugin): dumps the symbol graph of
# each library product (core, effects, devtools, testing, query), checks every public symbol's doc comment
# (Docs/check-doc-comments.py), and converts Docs/ReduxKitLinux.docc with all five modules into one
# static site in the directory given, with warnings as errors (so a broken symbol link fails).
# Usage: bash Docs/build.sh OUTPUT_DIRECTORY, then view it with
# `python3 -m http.server -d OUTPUT_DIRECTORY` and http://localhost:8000/documentation/reduxkitlinux
# (opened as a file, a DocC site is a blank page).
set -euo pipefail
output=${1:?usage: bash Docs/build.sh OUTPUT_DIRECTORY}
case "$output" in /*) ;; *) output="$PWD/$output" ;; esac
cd "$(dirname "$0")/.."

# Only the library targets are built, so this works on a fresh clone (`swift package
# dump-symbol-graph` would build the tests too), with .ci/run's flags in the default scratch
# directory, so in CI it reuses the build of the earlier steps instead of building them again.
modules_to_document="ReduxKitLinux ReduxKitLinuxEffects ReduxKitLinuxDevtools ReduxKitLinuxTesting ReduxKitLinuxQuery"
for module in $modules_to_document; do
    swift build --target "$module" -Xswiftc -warnings-as-errors > /dev/null
done
modules="$(swift build --show-bin-path)/Modules"
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in $modules_to_document; do
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$modules" -target "$(uname -m)-unknown-linux-gnu" \
        -output-dir "$graphs/$module" -minimum-access-level public -skip-synthesized-members -skip-inherited-docs
done
python3 Docs/check-doc-comments.py "$graphs"/*/*.symbols.json

rm -rf "$output"
docc convert Docs/ReduxKitLinux.docc \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$output" \
    --transform-for-static-hosting \
    --warnings-as-errors \
    --fallback-display-name ReduxKitLinux \
    --fallback-bundle-identifier org.reduxkitlinux.ReduxKitLinux
echo "documentation: site written to $output"
