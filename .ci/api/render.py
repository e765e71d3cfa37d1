#!/usr/bin/env python3
"""Renders the public API of a module, as swift-api-digester dumps it (`-dump-sdk`), into a sorted
text listing: one declaration a line, its signature, defaults, its effects (`async`, `throws`,
`rethrows`) and the attributes that change how calls resolve or where they run. The listing is what
Docs/API/<module>.txt records and .ci/api/check.sh compares.

The digester's dump says whether a declaration throws, but not whether it is `async` or `rethrows`,
nor `nonisolated(nonsending)` from `nonisolated`, nor an `isolated` parameter: those are read from
the module's symbol graph (swift-symbolgraph-extract, matched by USR), whose declarations are
printed as written.

Usage: render.py DUMP.json MODULE [SYMBOL-GRAPH-DIR] > LISTING.txt
"""
import glob
import json
import os
import re
import sys

# The declaration fragments of the symbol graph, by USR (see `load_symbol_graph`).
FRAGMENTS = {}
EFFECTS = ("async", "throws", "rethrows")


def load_symbol_graph(directory):
    for path in glob.glob(os.path.join(directory, "*.symbols.json")):
        for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
            FRAGMENTS[symbol["identifier"]["precise"]] = symbol.get("declarationFragments", [])


def written(node):
    """What the symbol graph says of a declaration the dump has: its own effects (those after its
    parameter list, or in a property's `{ get … }`), the indices of its `isolated` parameters, and
    whether its `nonisolated` is `nonisolated(nonsending)`. `None` if the graph lacks it."""
    fragments = FRAGMENTS.get(node.get("usr"))
    if fragments is None:
        return None
    effects, isolated, nonsending = [], set(), False
    # The parameter list is the first parenthesis after the name (attributes before it may have some).
    started = node["declKind"] == "Var"
    depth, opened, closed, param = 0, False, False, -1
    previous = None
    for fragment in fragments:
        kind, spelling = fragment["kind"], fragment["spelling"]
        if previous is not None and previous["kind"] == "attribute" and previous["spelling"] == "nonisolated":
            nonsending = kind == "text" and spelling.startswith("(nonsending)")
        if kind == "identifier" or (kind == "keyword" and spelling in ("init", "subscript")):
            started = True
        if not started:
            pass
        elif kind == "text":
            if closed and "->" in spelling:
                break
            for character in spelling:
                if character == "(":
                    depth += 1
                    opened = True
                elif character == ")":
                    depth -= 1
                    if opened and depth == 0:
                        closed = True
        elif depth == 1 and not closed and kind in ("externalParam", "internalParam"):
            follows_label = (previous is not None and previous["kind"] == "text" and previous["spelling"] == " "
                             and kind == "internalParam")
            if not follows_label:
                param += 1
        elif depth == 1 and not closed and kind == "keyword" and spelling == "isolated":
            isolated.add(param)
        elif kind == "keyword" and spelling == "where" and closed:
            break
        elif kind == "keyword" and spelling in EFFECTS and depth == 0 and (closed or node["declKind"] == "Var"):
            effects.append(spelling)
        previous = fragment
    return effects, isolated, nonsending

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
    graph = written(node)
    def param(index, label, child):
        isolated = "isolated " if graph and index in graph[1] else ""
        text = f"{label}: {isolated}{tidy(child['printedName'], module)}"
        return text + (" = default" if child.get("hasDefaultArg") else "")
    if kind in ("Func", "Constructor", "Subscript"):
        name = node["printedName"].split("(")[0]
        params = ", ".join(param(index, label, child)
                           for index, (label, child) in enumerate(zip(labels(node["printedName"]), types[1:])))
        result = tidy(types[0]["printedName"], module) if types else "()"
        if graph is not None:
            effects = "".join(f" {effect}" for effect in graph[0])
        else:
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
        effects = "".join(f" {effect}" for effect in graph[0]) if graph else ""
        accessors = " { get set }" if setter else (f" {{ get{effects} }}" if effects else "")
        return f"{keyword} {node['name']}: {tidy(types[0]['printedName'], module) if types else '?'}" + accessors
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
        graph = written(child)
        if graph and graph[2]:
            attributes = attributes.replace("nonisolated", "nonisolated(nonsending)")
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
    if len(sys.argv) > 3:
        load_symbol_graph(sys.argv[3])
    main(sys.argv[1], sys.argv[2])
