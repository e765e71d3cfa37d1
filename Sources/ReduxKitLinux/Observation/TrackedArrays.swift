#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One element of an array in the state read by index, or a field of it
/// (`model[\.todos, 3]`, `model[\.todos, 3, \.done]`).
struct ElementKey: Hashable {
    /// The array, from the state.
    let array: AnyKeyPath
    let index: Int
    /// The field of the element (`\Element.self` for the whole element).
    let member: AnyKeyPath
}

/// An array of the state whose elements are read by index: the fields read
/// from it, by index, and how to find those a new state changed without
/// comparing the others: if the array's own bytes in the state (its buffer's
/// address) are unchanged, none changed; otherwise the two arrays' element
/// bytes are halved with `memcmp` down to the elements that differ.
final class TrackedArray<State> {
    /// Calls `body` with the element bytes, and counts, of the array in two states.
    typealias ElementBytes = (
        _ old: UnsafeRawPointer, _ new: UnsafeRawPointer,
        _ body: (UnsafeRawBufferPointer, Int, UnsafeRawBufferPointer, Int) -> Void
    ) -> Void

    /// The array value's own bytes in the state, if it is stored inline.
    let bytes: Range<Int>?
    /// The distance between two elements' bytes.
    let stride: Int
    let elementBytes: ElementBytes
    /// The fields read from each element, by index.
    var elements: [Int: [TrackedField<State>]] = [:]

    init(bytes: Range<Int>?, stride: Int, elementBytes: @escaping ElementBytes) {
        self.bytes = bytes
        self.stride = stride
        self.elementBytes = elementBytes
    }

    /// Adds to `candidates` the fields of the elements whose bytes differ
    /// between the two states, and of those present in only one of them.
    func collect(
        old: UnsafeRawPointer, new: UnsafeRawPointer, stamp: UInt64, into candidates: inout [TrackedField<State>]
    ) {
        if let bytes, memcmp(old + bytes.lowerBound, new + bytes.lowerBound, bytes.count) == 0 { return }
        elementBytes(old, new) { oldElements, oldCount, newElements, newCount in
            let common = Swift.min(oldCount, newCount)
            if oldCount != newCount {
                for (index, fields) in elements where index >= common { add(fields, stamp: stamp, to: &candidates) }
            }
            guard stride > 0, common > 0, let oldBase = oldElements.baseAddress, let newBase = newElements.baseAddress
            else { return }
            forEachDifferingChunk(in: 0..<(common * stride), old: oldBase, new: newBase) { chunk in
                for index in (chunk.lowerBound / stride)...((chunk.upperBound - 1) / stride) {
                    if let fields = elements[index] { add(fields, stamp: stamp, to: &candidates) }
                }
            }
        }
    }

    private func add(_ fields: [TrackedField<State>], stamp: UInt64, to candidates: inout [TrackedField<State>]) {
        for field in fields where field.scanStamp != stamp {
            field.scanStamp = stamp
            candidates.append(field)
        }
    }
}
