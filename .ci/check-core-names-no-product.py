"""Issue 24, item 1: the core names no product. Fails if the code of Sources/ReduxKitLinux (comments
left out: doc comments may show how the products are used) names a concept of the effects, devtools
or testing products: a type, protocol or typealias a product declares at its top level, a function a
product makes public or package, a product's module, or an identifier or message built on a
product's words (effect, thunk, listener, time travel, action log, persistence, recovery, inspector,
test store, test clock; a message may still say "effect" in Redux's sense). The core offers generic seams instead (StoreRoute and its attachment slot,
ScopeHandledAction, StoreObserver); what the products build on them lives in the products.

Run from anywhere: `python3 .ci/check-core-names-no-product.py [ROOT]` (ROOT: the package, by default
this one)."""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORE = "ReduxKitLinux"
PRODUCTS = ["ReduxKitLinuxEffects", "ReduxKitLinuxDevtools", "ReduxKitLinuxTesting", "ReduxKitLinuxQuery"]
# The products' words, looked for inside identifiers and string literals of core code (any case).
WORDS = re.compile(
    r"effect|thunk|listener|devtool|time_?travel|action_?log|persist|recover|inspector|test_?store|test_?clock",
    re.IGNORECASE,
)
TOP_LEVEL_TYPE = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|indirect)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)",
    re.MULTILINE,
)
VISIBLE_FUNCTION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|package)\s+func\s+(\w+)", re.MULTILINE)


def swift_files(target):
    for directory, subdirectories, files in os.walk(os.path.join(ROOT, "Sources", target)):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def split_code(text):
    """(code, strings) of a Swift file: the code with comments and string literals blanked out
    (newlines kept, so line numbers hold), and the string literals' text, each with its line."""
    code, strings, i, line = [], [], 0, 1
    while i < len(text):
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < len(text) and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            code.append("\n" * text.count("\n", i, j))
            line += text.count("\n", i, j)
            i = j
        elif text[i] == '"':
            quote = '"""' if text.startswith('"""', i) else '"'
            j = i + len(quote)
            while j < len(text) and not text.startswith(quote, j):
                j += 2 if text[j] == "\\" else 1
            literal = text[i + len(quote) : j]
            strings.append((line, literal))
            code.append(' ""' + "\n" * literal.count("\n"))
            line += literal.count("\n")
            i = j + len(quote)
        else:
            if text[i] == "\n":
                line += 1
            code.append(text[i])
            i += 1
    return "".join(code), strings


def product_names():
    names = set(PRODUCTS)
    for product in PRODUCTS:
        for path in swift_files(product):
            with open(path, encoding="utf-8") as file:
                code, _ = split_code(file.read())
            names.update(TOP_LEVEL_TYPE.findall(code))
            names.update(VISIBLE_FUNCTION.findall(code))
    return names


def main():
    names = product_names()
    problems = []
    for path in swift_files(CORE):
        with open(path, encoding="utf-8") as file:
            code, strings = split_code(file.read())
        relative = os.path.relpath(path, ROOT)
        for number, text in enumerate(code.split("\n"), start=1):
            for identifier in re.findall(r"[A-Za-z_]\w*", text):
                if identifier in names:
                    problems.append(f"{relative}:{number}: names the product concept '{identifier}'")
                elif WORDS.search(identifier):
                    problems.append(f"{relative}:{number}: '{identifier}' is built on a product's word")
        for number, literal in strings:
            words = re.findall(r"\w+", literal)
            # A message may speak of effects in Redux's sense ("dispatch from an effect"): only the
            # plain lower-case words are let through.
            found = sorted({word for word in words if word in names}) or [
                word for word in words if WORDS.search(word) and word not in ("effect", "effects")
            ]
            if found:
                problems.append(f"{relative}:{number}: a string names the product concept '{found[0]}'")
    if problems:
        print("The core names its products; give it a generic seam and move the rest to the product:")
        print("\n".join(problems))
        sys.exit(1)
    print(f"the core names no product concept ({len(names)} product names and the products' words checked)")


main()
