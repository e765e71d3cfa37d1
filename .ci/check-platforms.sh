#!/usr/bin/env bash
# Issue 14: the package declares the Apple platforms its code needs (Linux ignores `platforms`, so
# nothing else here would notice). For each module the library products import, the minimum OS
# versions it needs; the declared ones must be at least those. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-package | python3 -c '
import json, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, ".ci")
from package_sources import library_targets, swift_imports, targets
# Module -> the first OS versions that ship it.
needs = {
    "Synchronization": {"macos": 15, "ios": 18, "tvos": 18, "watchos": 11, "visionos": 2},
    "Observation": {"macos": 14, "ios": 17, "tvos": 17, "watchos": 10, "visionos": 1},
}
package = json.load(sys.stdin)
declared = {p["platformName"]: int(p["version"].split(".")[0]) for p in package.get("platforms") or []}
imported = set()
for name in library_targets(package):
    for _, imports in swift_imports(targets(package)[name]):
        imported |= set(imports)
problems = []
for module in sorted(imported & needs.keys()):
    for platform, version in needs[module].items():
        if declared.get(platform, 0) < version:
            has = declared.get(platform, "none")
            problems.append(f"{module} needs {platform} {version}, Package.swift declares {has}")
if problems:
    sys.exit("check-platforms: " + "; ".join(problems))
print("platforms: Package.swift declares what " + ", ".join(sorted(imported & needs.keys())) + " need")
'
