#!/usr/bin/env bash
# Issue 14: the products stay split by concern. The core (`Sources/ReduxKitLinux`) imports no
# Foundation (only the toolchain's Synchronization, Observation and the C library), and every
# target, tests included, imports only package modules it depends on in Package.swift (SwiftPM
# would let a file import any module the build happens to have made). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-package | python3 -c '
import json, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, ".ci")
from package_sources import swift_imports, targets as targets_of
package = json.load(sys.stdin)
targets = targets_of(package)
def dependencies(name):
    found = set()
    for dependency in targets[name]["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                found.add(dependency[kind][0])
    return found
def reachable(name):
    seen, todo = set(), [name]
    while todo:
        for dependency in dependencies(todo.pop()):
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return seen
problems = []
core_allowed = {"Synchronization", "Observation", "Glibc", "Darwin"}
for path, imports in swift_imports(targets["ReduxKitLinux"]):
    for module in imports:
        if module not in core_allowed:
            problems.append(f"{path} imports {module}; the core product imports only {sorted(core_allowed)}")
for name, target in targets.items():
    allowed = reachable(name)
    for path, imports in swift_imports(target):
        for module in imports:
            if module in targets and module not in allowed:
                problems.append(f"{path} imports {module}, which target {name} does not depend on")
if problems:
    sys.exit("check-products:\n  " + "\n  ".join(problems))
print(f"products: the core imports no Foundation; the {len(targets)} targets import only what they depend on")
'
