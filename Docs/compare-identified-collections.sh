#!/usr/bin/env bash
# ReduxKitLinux's IdentifiedArray beside Point-Free's (swift-identified-collections 1.1.1 on
# swift-collections 1.6.0), the same operations in one release executable (Docs/Performance.md,
# "Beside Point-Free's IdentifiedArray"). Nothing is fetched from the network: both packages come
# out of local git repositories (clones or bare mirrors) with `git archive`, and this repository is
# used by path. Not run in CI.
#
# Usage: bash Docs/compare-identified-collections.sh IDENTIFIED_GIT COLLECTIONS_GIT [WORK]
#   IDENTIFIED_GIT   a git repository of pointfreeco/swift-identified-collections (tag 1.1.1)
#   COLLECTIONS_GIT  a git repository of apple/swift-collections (tag 1.6.0)
#   WORK             the scratch package (default /tmp/ia-compare), outside the repository; its
#                    deps, Sources and Shared folders are replaced, its .build kept
# BEFORE=<revision> also builds this repository at that revision, run as "before".
# ROUNDS=<n> (default 3): each round runs every binary's operations, then Point-Free's, in turn.
# Times are the thread's CPU time (other processes on a shared machine do not count in it); WALL=1
# times wall-clock time instead. The table printed has each median (of the rounds' medians) and
# its range.
set -euo pipefail
identified=$(cd "$1" && pwd); collections=$(cd "$2" && pwd); work=${3:-/tmp/ia-compare}
repo=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work/deps" "$work/Sources" "$work/Shared"
mkdir -p "$work/deps/swift-identified-collections" "$work/deps/swift-collections" "$work/Shared" \
    "$work/Sources/OursOps" "$work/Sources/TheirsOps" "$work/Sources/Compare" "$work/bin"
git --git-dir="$identified/.git" rev-parse 2>/dev/null && identified="$identified/.git"
git --git-dir="$collections/.git" rev-parse 2>/dev/null && collections="$collections/.git"
git --git-dir="$identified" archive 1.1.1 | tar -x -C "$work/deps/swift-identified-collections"
git --git-dir="$collections" archive 1.6.0 | tar -x -C "$work/deps/swift-collections"
# Point-Free's manifest names swift-collections by URL (and a benchmark, tests and docc): its
# Package@swift-6.0.swift, with swift-collections by path and its library target only.
cd "$work/deps/swift-identified-collections"
rm -f Package@swift-6.0.swift Package.resolved
cat > Package.swift <<'EOF'
// swift-tools-version: 6.0
// Package@swift-6.0.swift of 1.1.1, edited for the side-by-side comparison:
// swift-collections by path, no benchmark, test or docc targets (nothing is
// fetched from the network). Package.resolved and Package@swift-6.0.swift removed.

import PackageDescription

let package = Package(
  name: "swift-identified-collections",
  products: [
    .library(
      name: "IdentifiedCollections",
      targets: ["IdentifiedCollections"]
    )
  ],
  dependencies: [
    .package(path: "../swift-collections")
  ],
  targets: [
    .target(
      name: "IdentifiedCollections",
      dependencies: [
        .product(name: "OrderedCollections", package: "swift-collections")
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
EOF
cd "$work"
cat > Package.swift <<'EOF'
// swift-tools-version: 6.0
// Side by side: ReduxKitLinux's IdentifiedArray and Point-Free's (swift-identified-collections
// 1.1.1 on swift-collections 1.6.0), both by path; nothing is fetched from the network.
import PackageDescription

// OURS=<path> builds against another checkout of ReduxKitLinux (a "before" copy, say).
let ours = Context.environment["OURS"] ?? "REPO"
let oursName = String(ours.split(separator: "/").last!)

let package = Package(
    name: "ia-compare",
    dependencies: [
        .package(path: ours),
        .package(path: "deps/swift-identified-collections"),
    ],
    targets: [
        // The same operations (Shared/Operations.swift, linked into both), built once per side.
        .target(
            name: "OursOps", dependencies: [.product(name: "ReduxKitLinux", package: oursName)],
            swiftSettings: [.define("OURS")]),
        .target(
            name: "TheirsOps",
            dependencies: [.product(name: "IdentifiedCollections", package: "swift-identified-collections")]),
        .executableTarget(name: "Compare", dependencies: ["OursOps", "TheirsOps"]),
    ]
)
EOF
sed -i "s|\"REPO\"|\"$repo\"|" Package.swift
cat > Shared/Operations.swift <<'EOF'
// Linked into OursOps (built with -D OURS) and TheirsOps: the same code, run on
// ReduxKitLinux's IdentifiedArray or on Point-Free's.
#if canImport(Glibc)
    import Glibc
#endif
#if OURS
    import ReduxKitLinux
#else
    import IdentifiedCollections
#endif

public struct Line: Identifiable, Equatable {
    public let id: Int
    public var count = 0
    public init(id: Int, count: Int = 0) {
        self.id = id
        self.count = count
    }
}

final class Holder<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
@inline(never) func opaque<T>(_ value: T) -> T { value }

/// The CPU time this thread has used, in nanoseconds: other processes on the
/// machine do not count in it (only what they do to the caches).
func threadCPUTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The median of `runs` timed runs (after 2 warm-ups), each on a fresh
/// `setup()`, in nanoseconds of the thread's CPU time (wall time if `wall`).
func median<Input>(runs: Int, wall: Bool, setup: () -> Input, _ body: (Input) -> Int) -> (Int, Int) {
    var times: [Int] = []
    var checksum = 0
    let clock = ContinuousClock()
    for run in 0..<(runs + 2) {
        let input = setup()
        let start = (clock.now, threadCPUTime())
        checksum = body(input)
        let elapsed = wall ? (clock.now - start.0).nanoseconds : threadCPUTime() - start.1
        blackHole(input)
        if run >= 2 { times.append(elapsed) }
    }
    times.sort()
    return (times[times.count / 2], checksum)
}

extension Duration {
    var nanoseconds: Int { Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000) }
}

func rows(_ size: Int) -> [Line] { (0..<size).map { Line(id: $0, count: ($0 &* 7_919) % 1_009) } }
func scattered(_ step: Int, _ size: Int) -> Int { (step &* 7_919) % size }

/// The operations, by name, in order.
public let operationNames = [
    "append", "insertAt0", "readByID", "modifyByID", "subscriptInPlace", "removeByID", "removeAt0", "sort", "ids",
    "iterate", "indexByID", "initFromArray",
]

/// Times `name` at `size` rows: the median of `runs` in nanoseconds, and a checksum.
public func time(_ name: String, size: Int, runs: Int, wall: Bool) -> (Int, Int) {
    let all = rows(size)
    let small = max(1, min(1_000, size / 10))
    let full = { Holder(IdentifiedArrayOf<Line>(uniqueElements: all)) }
    switch name {
    case "append":
        return median(runs: runs, wall: wall, setup: { Holder(IdentifiedArrayOf<Line>()) }) { holder in
            for line in all { holder.value.append(line) }
            return holder.value.count
        }
    case "insertAt0":
        return median(runs: runs, wall: wall, setup: full) { holder in
            for id in size..<(size + small) { holder.value.insert(Line(id: id), at: 0) }
            return holder.value.count &+ holder.value.index(id: 0)!
        }
    case "readByID":
        return median(runs: runs, wall: wall, setup: full) { holder in
            var total = 0
            for step in 0..<size { total &+= holder.value[id: scattered(step, size)]!.count }
            return total
        }
    case "modifyByID":
        return median(runs: runs, wall: wall, setup: full) { holder in
            for step in 0..<size {
                #if OURS
                    holder.value.modify(id: scattered(step, size)) { $0.count &+= 1 }
                #else
                    // Point-Free's has no modify(id:): its in-place change by id is
                    // the position found by id, then the positional subscript.
                    if let index = holder.value.index(id: scattered(step, size)) { holder.value[index].count &+= 1 }
                #endif
            }
            return holder.value[id: size / 2]!.count
        }
    case "subscriptInPlace":
        return median(runs: runs, wall: wall, setup: full) { holder in
            for step in 0..<size { holder.value[id: scattered(step, size)]?.count &+= 1 }
            return holder.value[id: size / 2]!.count
        }
    case "removeByID":
        return median(runs: runs, wall: wall, setup: full) { holder in
            for step in 0..<small { holder.value.remove(id: scattered(step, size)) }
            return holder.value.count &+ holder.value.index(id: size - 1)!
        }
    case "removeAt0":
        return median(runs: runs, wall: wall, setup: full) { holder in
            for _ in 0..<small { holder.value.remove(at: 0) }
            return holder.value.count &+ holder.value.index(id: size - 1)!
        }
    case "sort":
        return median(runs: runs, wall: wall, setup: full) { holder in
            holder.value.sort { $0.count < $1.count }
            return holder.value[0].id &+ holder.value.index(id: 0)!
        }
    case "ids":
        return median(runs: runs, wall: wall, setup: full) { holder in
            var total = 0
            for _ in 0..<small {
                let ids = opaque(holder.value).ids
                total &+= ids.count &+ ids[ids.count / 2]
            }
            return total
        }
    case "iterate":
        return median(runs: runs, wall: wall, setup: full) { holder in
            var total = 0
            for _ in 0..<10 {
                for line in opaque(holder.value) { total &+= line.count }
            }
            return total
        }
    case "indexByID":
        return median(runs: runs, wall: wall, setup: full) { holder in
            var total = 0
            for step in 0..<size {
                total &+= holder.value.index(id: scattered(step, size))!
                if holder.value.ids.contains(opaque(-1)) { total &+= 1 }
            }
            return total
        }
    case "initFromArray":
        return median(runs: runs, wall: wall, setup: { opaque(all) }) { rows in
            IdentifiedArrayOf<Line>(uniqueElements: rows).count
        }
    default:
        fatalError("no operation \(name)")
    }
}

/// How much the resident set grows while an IdentifiedArrayOf<Line> of
/// `count` rows is built from an array of the rows made for it.
public func memory(_ count: Int) -> Int {
    let before = residentBytes()
    // The rows are made here (an array the collection may keep or copy from).
    let identified = IdentifiedArrayOf<Line>(uniqueElements: (0..<opaque(count)).map { Line(id: $0) })
    let grown = residentBytes() - before
    // Used after the measure, so it is not released before (or built after) it.
    precondition(opaque(identified).count == count)
    return grown
}

func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, 256, file) != nil else { return 0 }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}
EOF
cat > Sources/Compare/main.swift <<'EOF'
// compare --side ours|theirs [--size N] [--runs R] [--only a,b] [--wall]: one line per operation,
// "side<TAB>operation<TAB>median ns<TAB>checksum", in the thread's CPU time (wall time with --wall).
// compare --side ours|theirs --memory N: the resident growth while N rows are built.
import Glibc
import OursOps
import TheirsOps

let arguments = CommandLine.arguments
func value(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let side = value("--side") ?? "ours"
let ours = side == "ours"
if let count = value("--memory").flatMap({ Int($0) }) {
    let bytes = ours ? OursOps.memory(count) : TheirsOps.memory(count)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("\(side)\tmemory\(count)\t\(bytes)\t\(usage.ru_maxrss * 1024)")
} else {
    let size = value("--size").flatMap { Int($0) } ?? 100_000
    let runs = value("--runs").flatMap { Int($0) } ?? 11
    let only = value("--only").map { $0.split(separator: ",").map(String.init) } ?? OursOps.operationNames
    for name in only {
        let wall = arguments.contains("--wall")
        let (nanoseconds, checksum) = ours
            ? OursOps.time(name, size: size, runs: runs, wall: wall)
            : TheirsOps.time(name, size: size, runs: runs, wall: wall)
        print("\(side)\t\(name)\t\(nanoseconds)\t\(checksum)")
    }
}
EOF
ln -sf ../../Shared/Operations.swift Sources/OursOps/Operations.swift
ln -sf ../../Shared/Operations.swift Sources/TheirsOps/Operations.swift
swift build -c release >/dev/null && cp .build/release/Compare bin/compare-after
binaries=("bin/compare-after:after")
if [ -n "${BEFORE:-}" ]; then
    rm -rf deps/before && mkdir deps/before && git -C "$repo" archive "$BEFORE" | tar -x -C deps/before
    OURS="$work/deps/before" swift build -c release --scratch-path .build-before >/dev/null
    cp .build-before/release/Compare bin/compare-before && binaries+=("bin/compare-before:before")
fi
: > results.tsv
for _ in $(seq "${ROUNDS:-3}"); do
    for spec in "${binaries[@]}"; do
        "${spec%%:*}" --side ours ${WALL:+--wall} | sed "s/^ours/${spec##*:}/" >> results.tsv
        "${spec%%:*}" --side ours --memory 1000000 | sed "s/^ours/${spec##*:}/" >> results.tsv
    done
    bin/compare-after --side theirs ${WALL:+--wall} >> results.tsv
    bin/compare-after --side theirs --memory 1000000 >> results.tsv
done
python3 - results.tsv <<'EOF'
import sys, statistics, collections
# One line a run: side, operation, median ns (memory: resident growth), checksum (memory: peak).
rows = collections.defaultdict(list)
order = []
for line in open(sys.argv[1]):
    side, op, value, extra = line.rstrip("\n").split("\t")
    for name, number in [(op, value)] + ([(op + " peak", extra)] if op.startswith("memory") else []):
        rows[(side, name)].append(int(number))
        if name not in order: order.append(name)
sides = []
for (side, _) in rows:
    if side not in sides: sides.append(side)
def fmt(ns, op):
    if op.startswith("memory"): return "%.1f MB" % (ns / 1e6)
    if ns >= 1e9: return "%.2f s" % (ns / 1e9)
    if ns >= 1e6: return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3: return "%.1f µs" % (ns / 1e3)
    return "%d ns" % ns
print("| operation | " + " | ".join(sides) + " | " + " | ".join("%s / theirs" % s for s in sides if s != "theirs") + " |")
for op in order:
    cells = []
    meds = {}
    for s in sides:
        v = sorted(rows[(s, op)])
        meds[s] = statistics.median(v)
        spread = " (%s–%s)" % (fmt(v[0], op), fmt(v[-1], op)) if v[0] != v[-1] else ""
        cells.append(fmt(meds[s], op) + spread)
    ratios = ["%.2fx" % (meds[s] / meds["theirs"]) for s in sides if s != "theirs"]
    print("| %s | %s | %s |" % (op, " | ".join(cells), " | ".join(ratios)))
EOF
