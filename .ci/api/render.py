#!/usr/bin/env python3
"""Renders the public API of a module, as swift-api-digester dumps it (`-dump-sdk`), into a sorted
text listing: one declaration a line, its signature, defaults and the attributes that change how
calls resolve. The listing is what Docs/API/<module>.txt records and .ci/api/check.sh compares.

Usage: render.py DUMP.json MODULE > LISTING.txt
"""
import json
import re
import sys

SHOWN_ATTRIBUTES = {"DiscardableResult": "@discardableResult", "DisfavoredOverload": "@_disfavoredOverload",
                    "Nonisolated": "nonisolated", "DynamicMemberLookup": "@dynamicMemberLookup"}
IMPLIED_CONFORMANCES = {"Copyable", "Escapable", "SendableMetatype"}
KEYWORDS = {"Func": "func", "Constructor": "init", "Var": "var", "Subscript": "subscript", "TypeAlias": "typealias",
            "AssociatedType": "associatedtype", "Struct": "struct", "Class": "class", "Enum": "enum",
            "Protocol": "protocol", "EnumElement": "case", "Macro": "macro"}


def tidy(text, module):
    return re.sub(rf"\b(?:{re.escape(module)}|Swift)\.", "", text)


def labels(printed):
    match = re.search(r"\((.*)\)$", printed)
    return [label for label in match.group(1).split(":")[:-1]] if match and match.group(1) else []


def signature(node, module):
    kind = node["declKind"]
    keyword = KEYWORDS.get(kind, kind.lower())
    generic = tidy(node.get("genericSig", ""), module)
    types = [child for child in node.get("children", []) if child["kind"].startswith("Type")]
    def param(label, child):
        text = f"{label}: {tidy(child['printedName'], module)}"
        return text + (" = default" if child.get("hasDefaultArg") else "")
    if kind in ("Func", "Constructor", "Subscript"):
        name = node["printedName"].split("(")[0]
        params = ", ".join(param(label, child) for label, child in zip(labels(node["printedName"]), types[1:]))
        result = tidy(types[0]["printedName"], module) if types else "()"
        effects = " throws" if node.get("throwing") else ""
        head = "init" if kind == "Constructor" else ("subscript" if kind == "Subscript" else f"func {name}")
        if kind == "Constructor":
            head += "?" if result.endswith("?") else ""
            return f"{head}{generic}({params}){effects}"
        return f"{head}{generic}({params}){effects} -> {result}"
    if kind == "Var":
        setter = any(accessor.get("accessorKind") == "set" or accessor.get("name") == "Set"
                     for accessor in node.get("accessors", []))
        keyword = "let" if node.get("isLet") else "var"
        return f"{keyword} {node['name']}: {tidy(types[0]['printedName'], module) if types else '?'}" + (
            " { get set }" if setter else "")
    if kind == "TypeAlias":
        return f"typealias {node['name']}{generic} = {tidy(types[0]['printedName'], module) if types else '?'}"
    if kind == "EnumElement":
        return f"case {node['printedName']}"
    conformances = [c["printedName"] for c in node.get("conformances", []) if c["printedName"] not in IMPLIED_CONFORMANCES]
    parents = node.get("superclassNames", [])[:1] + conformances
    return f"{keyword} {node['name']}{generic}" + (f": {', '.join(tidy(p, module) for p in parents)}" if parents else "")


def declarations(node, module, path=""):
    for child in node.get("children", []):
        # Skipped: the types a declaration's signature is made of (TypeNominal, TypeFunc…), imports, accessors.
        is_signature_type = child["kind"].startswith("Type") and child["kind"] not in ("TypeDecl", "TypeAlias")
        if is_signature_type or child["kind"] in ("Import", "Accessor"):
            continue
        if child.get("implicit") or child.get("isInternal"):
            continue
        if child.get("moduleName", module) != module:
            # Another module's type this one extends: its members of this module only.
            if child["kind"] == "TypeDecl":
                members = list(declarations(child, module, f"{path}{child['name']}."))
                if members:
                    yield ((f"{path}{child['name']}", 0, ""), f"extension {child['name']}")
                    yield from members
            continue
        line = signature(child, module)
        if child.get("static") and not line.startswith(("case", "init")):
            line = "static " + line
        if child.get("funcSelfKind") == "Mutating":
            line = "mutating " + line
        attributes = " ".join(SHOWN_ATTRIBUTES[a] for a in child.get("declAttributes", []) if a in SHOWN_ATTRIBUTES)
        if attributes:
            line = f"{attributes} {line}"
        # Sorted by where it is declared: a type, then its members (indented), then the next name.
        if path:
            yield ((path, 1, line), f"    {line}")
        else:
            yield ((child["name"], 0, line), line)
        if child["kind"] == "TypeDecl":
            yield from declarations(child, module, f"{path}{child['name']}.")


def main(dump, module):
    root = json.load(open(dump, encoding="utf-8"))["ABIRoot"]
    entries = sorted(set(declarations(root, module)))
    print(f"// The public API of {module}, rendered by .ci/api/render.py from swift-api-digester's dump:")
    count = sum(1 for _, line in entries if not line.startswith("extension "))
    print(f"// {count} public declarations. Regenerate with: bash .ci/api/check.sh --record")
    for _, line in entries:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
