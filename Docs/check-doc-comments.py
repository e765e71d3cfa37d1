#!/usr/bin/env python3
"""Checks that every public symbol of the library has a doc comment, and that the doc comment of
every function, method, initializer and subscript names each parameter (`- Parameter x:` or an
item under `- Parameters:`) and says what it returns (`- Returns:`) unless it returns nothing.

Usage: check-doc-comments.py SYMBOL_GRAPH.json [...]   (exits 1 and lists what is missing)
"""
import json
import re
import sys

CALLABLE = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.subscript",
            "swift.func.op", "swift.type.subscript"}


def doc_text(symbol):
    comment = symbol.get("docComment") or {}
    return "\n".join(line.get("text", "") for line in comment.get("lines", []))


def documented_parameters(text):
    names = set(re.findall(r"-\s*Parameter\s+(\w+)\s*:", text))
    if re.search(r"-\s*Parameters\s*:", text):
        names |= set(re.findall(r"^\s*-\s*(\w+)\s*:", text, re.MULTILINE))
    return names


def returns_value(symbol):
    returns = (symbol.get("functionSignature") or {}).get("returns") or []
    spelled = "".join(fragment.get("spelling", "") for fragment in returns).strip()
    return spelled not in ("", "Void", "()")


def problems(symbol):
    if symbol.get("accessLevel") not in ("public", "open"):
        return []
    name = ".".join(symbol["pathComponents"])
    if "location" not in symbol:
        # Written by the compiler, not in any source file, so nowhere to put a comment: a raw-value
        # enum's init(rawValue:) (AsyncThunkRequestStatus). Everything written by hand has a location.
        return []
    text = doc_text(symbol)
    if not text.strip():
        return [f"{name}: no doc comment"]
    found = []
    if symbol["kind"]["identifier"] in CALLABLE:
        parameters = [p.get("internalName", p["name"]) for p in (symbol.get("functionSignature") or {}).get("parameters", [])]
        missing = [p for p in parameters if p not in documented_parameters(text)]
        if missing:
            found.append(f"{name}: parameters not documented: {', '.join(missing)}")
        if returns_value(symbol) and symbol["kind"]["identifier"] != "swift.init" and "- Returns:" not in text:
            found.append(f"{name}: return value not documented")
    return found


def main(paths):
    found = []
    for path in paths:
        with open(path) as file:
            for symbol in json.load(file)["symbols"]:
                found += problems(symbol)
    for problem in sorted(set(found)):
        print(f"doc comments: {problem}")
    if found:
        print(f"doc comments: {len(set(found))} problem(s)")
        return 1
    print(f"doc comments: every public symbol documented, parameters and return values included")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
