"""What the checks of the package's shape share (.ci/check-platforms.sh, .ci/check-products.sh): the
targets `swift package dump-package` describes, and the modules each Swift file of a target imports."""
import os
import re

IMPORT = re.compile(r"^(?:@\w+(?:\(\w+\))? )*import (\w+)$", re.MULTILINE)


def targets(package):
    """The package's targets by name, from `swift package dump-package`'s JSON."""
    return {target["name"]: target for target in package["targets"]}


def library_targets(package):
    """The names of the targets the package's library products are made of."""
    return sorted({name for product in package["products"] if "library" in product["type"] for name in product["targets"]})


def swift_imports(target):
    """(path, modules imported) for each Swift file of `target`, in a stable order."""
    root = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    for directory, subdirectories, files in os.walk(root):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    yield path, IMPORT.findall(file.read())
