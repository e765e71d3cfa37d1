#!/usr/bin/env python3
"""Prints the object files of the given targets of the last debug build, as the build's own
output file maps list them (a glob of the build directory would also pick up objects of source
files since moved or deleted). Usage: library-objects.py BIN_PATH TARGET..."""
import json
import sys

for target in sys.argv[2:]:
    with open(f"{sys.argv[1]}/{target}.build/output-file-map.json", encoding="utf-8") as file:
        for entry in json.load(file).values():
            if "object" in entry:
                print(entry["object"])
