#!/usr/bin/env bash
# Every Swift code sample in README.md and in the DocC articles compiles: they are extracted into
# a package of their own (Docs/extract-samples.py), one executable a page, and built in Swift 6
# mode with warnings as errors. Usage: bash Docs/check-samples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Docs/extract-samples.py . .build/doc-samples
swift build --package-path .build/doc-samples --scratch-path .build/doc-samples-build -Xswiftc -warnings-as-errors
echo "samples: every Swift sample in README.md and the articles compiles"
