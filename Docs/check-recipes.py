#!/usr/bin/env python3
"""Checks that every recipe sample in the DocC articles is, word for word, the code a test runs.

A recipe sample is a ```swift block right after a line `<!-- recipe: NAME in PATH -->`; PATH (from
the repository's root) holds the same code between `// BEGIN RECIPE NAME` and `// END RECIPE NAME`,
and the tests next to it exercise it. So the article shows exactly what is tested.

Usage: check-recipes.py [REPOSITORY]
"""
import os
import re
import sys

MARKER = re.compile(r"^<!-- recipe: (\S+) in (\S+) -->\n```swift[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def region(path, name):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    match = re.search(rf"^// BEGIN RECIPE {re.escape(name)}\n(.*?)^// END RECIPE {re.escape(name)}$", text,
                      re.MULTILINE | re.DOTALL)
    return match.group(1) if match else None


def main(repository):
    catalog = os.path.join(repository, "Docs", "ReduxKitLinux.docc")
    checked, failures = 0, []
    for name in sorted(os.listdir(catalog)):
        if not name.endswith(".md"):
            continue
        with open(os.path.join(catalog, name), encoding="utf-8") as file:
            article = file.read()
        for recipe, path, sample in MARKER.findall(article):
            tested = region(os.path.join(repository, path), recipe)
            if tested is None:
                failures.append(f"{name}: recipe {recipe}: no BEGIN/END RECIPE {recipe} region in {path}")
            elif tested != sample:
                failures.append(f"{name}: recipe {recipe} differs from the tested code in {path}")
            checked += 1
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    if checked == 0:
        print("recipes: no recipe found (expected at least one)", file=sys.stderr)
        sys.exit(1)
    print(f"recipes: {checked} article recipes are word for word the code their tests run")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
