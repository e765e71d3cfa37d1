#!/usr/bin/env bash
# Builds the documentation site with the toolchain's own docc (no plugin): dumps the library's
# symbol graph, checks every public symbol's doc comment (Docs/check-doc-comments.py), and converts
# Docs/ReduxKitLinux.docc into a static site in the directory given, with warnings as errors (so a
# broken symbol link fails). Usage: bash Docs/build.sh OUTPUT_DIRECTORY
set -euo pipefail
output=${1:?usage: bash Docs/build.sh OUTPUT_DIRECTORY}
case "$output" in /*) ;; *) output="$PWD/$output" ;; esac
cd "$(dirname "$0")/.."

swift package dump-symbol-graph --skip-synthesized-members > /dev/null
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
python3 Docs/check-doc-comments.py "$graphs/ReduxKitLinux.symbols.json" "$graphs/ReduxKitLinuxTesting.symbols.json"

library_graphs=$(mktemp -d)
trap 'rm -rf "$library_graphs"' EXIT
cp "$graphs"/ReduxKitLinux.symbols.json "$library_graphs/"
for extension_graph in "$graphs"/ReduxKitLinux@*.symbols.json; do
    [ -e "$extension_graph" ] && cp "$extension_graph" "$library_graphs/"
done

rm -rf "$output"
docc convert Docs/ReduxKitLinux.docc \
    --additional-symbol-graph-dir "$library_graphs" \
    --output-path "$output" \
    --transform-for-static-hosting \
    --warnings-as-errors \
    --fallback-display-name ReduxKitLinux \
    --fallback-bundle-identifier org.reduxkitlinux.ReduxKitLinux
echo "documentation: site written to $output"
