/// A sequence of elements kept in chunks (arrays of at most ``maximumChunkCount``
/// elements, about 4 KB), so that inserting or removing one moves only the
/// rest of its chunk and renumbers the chunks after it: O(B + n / B), where
/// one flat array moves everything after the place (O(n)). Reading the
/// element at an index finds its chunk by binary search over the chunks'
/// first indices: O(log (n / B)). The last element of each chunk is also
/// kept in one array, so a binary search over all the elements
/// (``partitionPoint(in:where:)``) reads contiguous memory at both levels.
///
/// An ``EntityState`` keeps its entities in this, in the order of its ids,
/// for a sorted adapter's binary searches (see ``EntityOrder``).
@usableFromInline
struct ChunkedArray<Element> {
    /// The chunks, none empty.
    @usableFromInline var chunks: [[Element]]
    /// The index of each chunk's first element.
    @usableFromInline var starts: [Int]
    /// Each chunk's last element.
    @usableFromInline var lasts: [Element]
    /// How many elements there are.
    @usableFromInline var count: Int

    /// No elements.
    @inlinable
    init() {
        chunks = []
        starts = []
        lasts = []
        count = 0
    }

    /// `elements`, in chunks of ``maximumChunkCount`` / 2 (room for as many more).
    @inlinable
    init<Elements: RandomAccessCollection<Element>>(_ elements: Elements) where Elements.Index == Int {
        let size = Self.maximumChunkCount / 2
        starts = Array(stride(from: 0, to: elements.count, by: size))
        chunks = starts.map { Array(elements[$0..<min($0 + size, elements.count)]) }
        lasts = chunks.map { $0[$0.count - 1] }
        count = elements.count
    }

    /// The most elements a chunk holds: 4 KB of them, at least 16.
    @inlinable static var maximumChunkCount: Int {
        max(16, 4_096 / max(1, MemoryLayout<Element>.stride))
    }

    /// The elements, in one array: O(n).
    @inlinable var elements: [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for chunk in chunks { elements.append(contentsOf: chunk) }
        return elements
    }

    /// The chunk that holds `index` (or, for `count`, the last one), and
    /// where in it: a binary search over the chunks' first indices.
    @inlinable
    func locate(_ index: Int) -> (chunk: Int, offset: Int) {
        var low = 0
        var high = starts.count
        // The last chunk whose first index is at most `index`.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if starts[middle] <= index { low = middle } else { high = middle }
        }
        return (low, index - starts[low])
    }

    /// The element at `index`.
    @inlinable
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "Index out of range")
        let (chunk, offset) = locate(index)
        return chunks[chunk][offset]
    }

    /// Replaces the element at `index` with `element`; returns the ones
    /// before and after it (if any).
    @inlinable
    mutating func replace(at index: Int, with element: Element) -> (previous: Element?, next: Element?) {
        precondition(index >= 0 && index < count, "Index out of range")
        let (chunk, offset) = locate(index)
        chunks[chunk][offset] = element
        let size = chunks[chunk].count
        if offset == size - 1 { lasts[chunk] = element }
        let previous = offset > 0 ? chunks[chunk][offset - 1] : chunk > 0 ? lasts[chunk - 1] : nil
        let next = offset + 1 < size ? chunks[chunk][offset + 1] : chunk + 1 < chunks.count ? chunks[chunk + 1][0] : nil
        return (previous, next)
    }

    /// The first index in `range` at whose element `isAfter` holds (or
    /// `range.upperBound`), for a predicate false then true across `range`:
    /// a binary search over the chunks' last elements, then within one
    /// chunk, at most ⌈log₂ (chunks + 1)⌉ + ⌈log₂ B⌉ calls of `isAfter`.
    /// `isTarget`, asked of the indices it reads within the chunk, ends the
    /// search at the first it holds for (and returns that index).
    @inlinable @inline(__always)
    func partitionPoint(
        in range: Range<Int>, stoppingAt isTarget: (Int) -> Bool = { _ in false }, where isAfter: (Element) -> Bool
    ) -> Int {
        guard !range.isEmpty else { return range.lowerBound }
        let (first, firstOffset) = range.lowerBound == 0 ? (0, 0) : locate(range.lowerBound)
        let (last, lastOffset) =
            range.upperBound == count
            ? (chunks.count - 1, chunks[chunks.count - 1].count - 1) : locate(range.upperBound - 1)
        // The first chunk whose last element in `range` is after.
        let chunk = lasts.withUnsafeBufferPointer { lasts in
            var low = first
            var high = last
            while low < high {
                let middle = low + (high - low) / 2
                if isAfter(lasts[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        // Within it, up to that element (known to be after).
        return chunks[chunk].withUnsafeBufferPointer { elements in
            var lower = chunk == first ? firstOffset : 0
            var upper = chunk == last ? lastOffset : elements.count - 1
            if chunk == last, !isAfter(elements[upper]) { return range.upperBound }
            let start = starts[chunk]
            while lower < upper {
                let middle = lower + (upper - lower) / 2
                if isTarget(start + middle) { return start + middle }
                if isAfter(elements[middle]) { upper = middle } else { lower = middle + 1 }
            }
            return start + lower
        }
    }

    /// Inserts `element` at `index` (0 ... count); a chunk that grows past
    /// ``maximumChunkCount`` splits in two.
    @inlinable
    mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "Index out of range")
        count += 1
        guard !chunks.isEmpty else {
            self = Self([element])
            return
        }
        let (chunk, offset) = locate(index)
        chunks[chunk].insert(element, at: offset)
        if offset == chunks[chunk].count - 1 { lasts[chunk] = element }
        for later in (chunk + 1)..<starts.count { starts[later] += 1 }
        let size = chunks[chunk].count
        guard size > Self.maximumChunkCount else { return }
        let half = size / 2
        chunks.insert(Array(chunks[chunk][half...]), at: chunk + 1)
        chunks[chunk].removeSubrange(half...)
        starts.insert(starts[chunk] + half, at: chunk + 1)
        lasts.insert(chunks[chunk][half - 1], at: chunk)
    }

    /// Removes the element at `index`; a chunk left empty goes, and when
    /// removals leave over twice the chunks the elements need, they are
    /// gathered anew (O(n), after at least n / B removals).
    @inlinable
    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "Index out of range")
        count -= 1
        let (chunk, offset) = locate(index)
        chunks[chunk].remove(at: offset)
        for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
            lasts.remove(at: chunk)
        } else if offset == chunks[chunk].count {
            lasts[chunk] = chunks[chunk][offset - 1]
        }
        if chunks.count > 2 * (count / (Self.maximumChunkCount / 2)) + 2 { self = Self(elements) }
    }

    /// Inserts `elements`, each before the element at its position in
    /// `positions` (indices into the array as it is, in increasing order;
    /// those given one position go in their order), chunk by chunk, moving
    /// no element out of its chunk but those of chunks that grow past
    /// ``maximumChunkCount`` (split afterwards): O(n / B + k·B).
    @inlinable
    mutating func insert(_ elements: [Element], at positions: [Int]) {
        guard !chunks.isEmpty else {
            self = Self(elements)
            return
        }
        var chunk = 0
        var added = 0
        for (element, position) in zip(elements, positions) {
            // The chunk that holds `position` (the last one for `count`).
            while chunk + 1 < chunks.count, starts[chunk + 1] <= position {
                chunk += 1
                added = 0
            }
            chunks[chunk].insert(element, at: position - starts[chunk] + added)
            added += 1
        }
        count += elements.count
        renumber()
    }

    /// Removes the elements at `indices` (increasing), moving the others
    /// within their chunks, in the chunks that lose any: O(k log (n / B)
    /// + the elements after the first removed in each of those chunks).
    @inlinable
    mutating func remove(atSorted indices: [Int]) {
        var first = 0
        while first < indices.count {
            let chunk = locate(indices[first]).chunk
            let end = chunk + 1 < starts.count ? starts[chunk + 1] : count
            var last = first
            while last < indices.count, indices[last] < end { last += 1 }
            let start = starts[chunk]
            chunks[chunk].remove(atSorted: indices[first..<last].map { $0 - start })
            first = last
        }
        count -= indices.count
        renumber()
    }

    /// Drops empty chunks, splits those over ``maximumChunkCount`` (into
    /// chunks of half that), gathers all anew if over twice as many as the
    /// elements need, and makes `starts` and `lasts` again: O(n / B), and
    /// the elements of the chunks split or gathered.
    @inlinable
    mutating func renumber() {
        let half = Self.maximumChunkCount / 2
        guard chunks.count <= 2 * (count / half) + 2 else {
            self = Self(elements)
            return
        }
        var renumbered: [[Element]] = []
        renumbered.reserveCapacity(chunks.count)
        for chunk in chunks where !chunk.isEmpty {
            guard chunk.count > Self.maximumChunkCount else {
                renumbered.append(chunk)
                continue
            }
            for start in stride(from: 0, to: chunk.count, by: half) {
                renumbered.append(Array(chunk[start..<min(start + half, chunk.count)]))
            }
        }
        chunks = renumbered
        starts = []
        starts.reserveCapacity(chunks.count)
        var start = 0
        for chunk in chunks {
            starts.append(start)
            start += chunk.count
        }
        lasts = chunks.map { $0[$0.count - 1] }
    }

    /// Moves the element at `from` to `to`, those between shifted by one place.
    @inlinable
    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        let element = self[from]
        remove(at: from)
        insert(element, at: to)
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension Array {
    /// Removes the elements at `indices` (increasing), keeping the others in
    /// order: each swapped towards the front past the ones removed before it
    /// (moved, not copied), then the removed ones dropped from the end.
    /// O(count - the first index).
    @inlinable
    mutating func remove(atSorted indices: some Collection<Int>) {
        guard let first = indices.first else { return }
        withUnsafeMutableBufferPointer { buffer in
            var removed = indices.makeIterator()
            var next = removed.next()
            var kept = first
            for index in first..<buffer.count {
                if index == next {
                    next = removed.next()
                } else {
                    buffer.swapAt(kept, index)
                    kept += 1
                }
            }
        }
        removeLast(indices.count)
    }
}
