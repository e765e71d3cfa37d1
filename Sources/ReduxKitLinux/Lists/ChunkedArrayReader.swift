extension ChunkedArray {
    /// A reader of the elements by index that remembers the chunk it read
    /// last: O(1) for reads in it, else a binary search over the chunks.
    @inlinable var reader: Reader { Reader(array: self) }

    /// Reads a ``ChunkedArray``'s elements by index, remembering the chunk
    /// it read last (for reads near each other, as a merge's).
    @usableFromInline
    struct Reader {
        /// The array read.
        @usableFromInline let array: ChunkedArray
        /// The chunk read last.
        @usableFromInline var chunk = 0

        /// A reader of `array`.
        @inlinable
        init(array: ChunkedArray) {
            self.array = array
        }

        /// The element at `index`.
        @inlinable
        subscript(index: Int) -> Element {
            mutating get {
                let start = array.starts[chunk]
                if index >= start, index - start < array.chunks[chunk].count {
                    return array.chunks[chunk][index - start]
                }
                chunk = array.locate(index).chunk
                return array.chunks[chunk][index - array.starts[chunk]]
            }
        }
    }
}
