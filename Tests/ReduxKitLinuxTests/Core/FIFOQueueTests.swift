import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The queue a store's inbox keeps its posts in: first in, first out, against
/// an array as the reference, with the cleared slots dropped as they pile up.
@Suite("FIFO queue")
struct FIFOQueueTests {
    /// An object whose release is seen through a weak reference.
    final class Payload {}

    @Test func aBurstComesOutInTheOrderItWentIn() {
        var queue = FIFOQueue<Int>()
        #expect(queue.isEmpty && queue.popFirst() == nil)
        for value in 0..<10_000 { queue.append(value) }
        #expect(queue.count == 10_000)
        var out: [Int] = []
        while let value = queue.popFirst() {
            out.append(value)
            #expect(queue.storedSlots <= 2 * queue.count + 16)
        }
        #expect(out == Array(0..<10_000))
        #expect(queue.isEmpty && queue.count == 0 && queue.storedSlots == 0)
    }

    /// Appends and pops interleaved at random (through every compaction) give
    /// what an array popped from its front gives.
    @Test(arguments: 0..<10)
    func interleavedAppendsAndPopsMatchAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = FIFOQueue<Int>()
        var reference: [Int] = []
        var next = 0
        for _ in 0..<20_000 {
            if Int.random(in: 0..<5, using: &random) < 3 {
                queue.append(next)
                reference.append(next)
                next += 1
            } else {
                #expect(queue.popFirst() == (reference.isEmpty ? nil : reference.removeFirst()))
            }
            #expect(queue.count == reference.count)
            #expect(queue.storedSlots <= 2 * queue.count + 16)
        }
        while let value = queue.popFirst() { #expect(value == reference.removeFirst()) }
        #expect(reference.isEmpty)
    }

    /// The queue keeps no reference to what it gave out, though its slot stays
    /// until the next compaction.
    @Test func aPoppedElementIsNotKept() {
        var queue = FIFOQueue<Payload>()
        weak var popped: Payload?
        do {
            for _ in 0..<3 { queue.append(Payload()) }
            let first = queue.popFirst()
            popped = first
            #expect(popped != nil)
        }
        #expect(popped == nil)
        #expect(queue.count == 2)
    }
}
