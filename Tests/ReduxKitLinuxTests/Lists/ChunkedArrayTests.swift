import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The chunks a sorted entity state keeps its entities in: long random
/// programs of inserts, removes, moves, replacements, batches merged in and
/// batches removed, checked after each step against a plain array (and the chunks' own bookkeeping), and binary
/// searches over random ranges against one over the plain array.
@Suite("Chunked array")
struct ChunkedArrayTests {
    /// Checks `chunked` against `plain`: the same elements in order, no chunk
    /// empty or over the most, each chunk's first index and last element right.
    static func check(_ chunked: ChunkedArray<Int>, _ plain: [Int], step: Int) {
        #expect(chunked.elements == plain, "step \(step)")
        #expect(chunked.count == plain.count, "step \(step)")
        var start = 0
        for (index, chunk) in chunked.chunks.enumerated() {
            #expect(!chunk.isEmpty && chunk.count <= ChunkedArray<Int>.maximumChunkCount, "step \(step)")
            #expect(chunked.starts[index] == start && chunked.lasts[index] == chunk.last, "step \(step)")
            start += chunk.count
        }
        #expect(chunked.starts.count == chunked.chunks.count && chunked.lasts.count == chunked.chunks.count)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRandomProgramMatchesAPlainArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        var chunked = ChunkedArray<Int>()
        var plain: [Int] = []
        // 512 Ints to a chunk: the program grows past several splits, then shrinks
        // back, in waves, so chunks empty and are gathered anew.
        for step in 0..<6_000 {
            let growing = (step / 1_500) % 2 == 0
            let choice = draw(12)
            if choice == 10 {
                // A batch merged in: positions increasing, some repeated.
                let positions = (0..<draw(300)).map { _ in draw(plain.count + 1) }.sorted()
                let elements = positions.indices.map { step * 1_000 + $0 }
                chunked.insert(elements, at: positions)
                for (offset, position) in positions.enumerated().reversed() {
                    plain.insert(elements[offset], at: position)
                }
            } else if choice == 11 {
                // A batch removed: indices increasing, none repeated.
                let indices = Set((0..<draw(growing ? 40 : 400)).map { _ in draw(plain.count) }).sorted()
                chunked.remove(atSorted: indices)
                for index in indices.reversed() { plain.remove(at: index) }
            } else if plain.isEmpty || choice < 5 && growing {
                let index = draw(3) == 0 ? [0, plain.count][draw(2)] : draw(plain.count + 1)
                chunked.insert(step, at: index)
                plain.insert(step, at: index)
            } else if choice < 7 {
                let index = draw(plain.count)
                chunked.remove(at: index)
                plain.remove(at: index)
            } else if choice == 7 {
                let (from, to) = (draw(plain.count), draw(plain.count))
                chunked.move(from: from, to: to)
                plain.insert(plain.remove(at: from), at: to)
            } else {
                let index = draw(plain.count)
                let (previous, next) = chunked.replace(at: index, with: -step)
                plain[index] = -step
                #expect(previous == (index > 0 ? plain[index - 1] : nil), "step \(step)")
                #expect(next == (index + 1 < plain.count ? plain[index + 1] : nil), "step \(step)")
            }
            if step % 50 == 0 || plain.count < 600 { Self.check(chunked, plain, step: step) }
            if !plain.isEmpty {
                let index = draw(plain.count)
                #expect(chunked[index] == plain[index], "step \(step)")
            }
        }
        Self.check(chunked, plain, step: -1)
    }

    /// A search over any range of a chunked array finds what one over the
    /// plain array finds, in about as many calls of its predicate.
    @Test func aSearchOverARangeMatchesOneOverThePlainArray() {
        var random = SplitMix64(seed: 40)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        // Sorted, with runs of equal values, built by inserts so chunks differ in size.
        var plain: [Int] = []
        var chunked = ChunkedArray<Int>()
        for _ in 0..<5_000 {
            let value = draw(800)
            let index = plain.partitioningIndex { $0 > value }
            plain.insert(value, at: index)
            chunked.insert(value, at: index)
        }
        for _ in 0..<2_000 {
            let lower = draw(plain.count + 1)
            let range = lower..<lower + draw(plain.count - lower + 1)
            let value = draw(820) - 10
            var calls = 0
            let found = chunked.partitionPoint(in: range) {
                calls += 1
                return $0 >= value
            }
            #expect(found == plain[range].partitioningIndex { $0 >= value })
            // ⌈log₂ (chunks + 1)⌉ + ⌈log₂ 512⌉ + 1 at most.
            #expect(calls <= 7 + 9 + 1)
        }
    }

    @Test func anArrayIsCutIntoHalfFullChunks() {
        let chunked = ChunkedArray(Array(0..<1_300))
        #expect(chunked.chunks.map(\.count) == [256, 256, 256, 256, 256, 20])
        #expect(chunked.starts == [0, 256, 512, 768, 1_024, 1_280] && chunked.lasts.last == 1_299)
        #expect(ChunkedArray<Int>([]).chunks.isEmpty)
    }
}

extension Collection {
    /// The first index whose element `belongs` holds for (or `endIndex`), by a plain scan.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        firstIndex(where: belongs) ?? endIndex
    }
}
