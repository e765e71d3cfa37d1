import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A chunked array's reader, as a merge reads: near the last read (in its
/// chunk, or the next), and far from it, in chunks of different sizes.
@Suite("Chunked array reader")
struct ChunkedArrayReaderTests {
    @Test func itReadsWhatTheArrayHoldsNearAndFar() {
        var random = SplitMix64(seed: 40)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        var plain = Array(0..<3_000)
        var chunked = ChunkedArray(plain)
        // Inserts and removes at random, so the chunks differ in size.
        for step in 0..<2_000 {
            if draw(2) == 0 {
                let index = draw(plain.count + 1)
                plain.insert(-step, at: index)
                chunked.insert(-step, at: index)
            } else {
                let index = draw(plain.count)
                plain.remove(at: index)
                chunked.remove(at: index)
            }
        }
        var reader = chunked.reader
        var index = 0
        while index < plain.count {
            #expect(reader[index] == plain[index])
            index += [1, 2, 5, 300][draw(4)]
        }
        for _ in 0..<500 {
            let index = draw(plain.count)
            #expect(reader[index] == plain[index])
        }
    }
}
