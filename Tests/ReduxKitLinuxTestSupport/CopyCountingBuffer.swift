import Synchronization

/// A copy-on-write list of integers that counts how often its storage is
/// copied: the in-place tests count copies rather than time them.
package struct CopyCountingBuffer: Equatable {
    private final class Storage: @unchecked Sendable {
        // Mutated only through a uniquely referenced buffer (copy-on-write).
        var elements: [Int]
        let copies: Counter

        init(elements: [Int], copies: Counter) {
            self.elements = elements
            self.copies = copies
        }
    }

    private var storage: Storage

    /// A buffer of `count` elements whose copies are counted in `copies`.
    package init(count: Int, copies: Counter) {
        storage = Storage(elements: Array(0..<count), copies: copies)
    }

    package var count: Int { storage.elements.count }
    package var last: Int? { storage.elements.last }

    package mutating func append(_ element: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            storage.copies.increment()
            storage = Storage(elements: storage.elements, copies: storage.copies)
        }
        storage.elements.append(element)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage.elements == rhs.storage.elements
    }
}
