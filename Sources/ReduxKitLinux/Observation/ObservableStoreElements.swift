extension ObservableStore {
    /// One element of an array in the state, tracked alone: `model[\.todos, 3]`.
    ///
    /// Unlike `model[\.todos[3]]`, which is compared on every new state, the
    /// elements read this way are compared only when the array's bytes
    /// changed, and then only those whose own bytes differ: the cost follows
    /// the elements changed, not the elements read. The index must be in range,
    /// as for the array's own subscript.
    ///
    /// - Parameters:
    ///   - array: The array, from the state.
    ///   - index: The element's index.
    /// - Returns: The element.
    public subscript<Element: Equatable>(_ array: KeyPath<State, [Element]>, _ index: Int) -> Element {
        self[array, index, \Element.self]
    }

    /// A field of one element of an array in the state, tracked alone:
    /// `model[\.todos, 3, \.done]`; see ``subscript(_:_:)``.
    ///
    /// - Parameters:
    ///   - array: The array, from the state.
    ///   - index: The element's index.
    ///   - member: The field, from the element.
    /// - Returns: The field's value.
    public subscript<Element, Value: Equatable>(
        _ array: KeyPath<State, [Element]>, _ index: Int, _ member: KeyPath<Element, Value>
    ) -> Value {
        let key = ElementKey(array: array, index: index, member: member)
        let field = trackElement(
            key,
            makeArray: {
                TrackedArray(
                    bytes: MemoryLayout<State>.offset(of: array).map { $0..<($0 + MemoryLayout<[Element]>.size) },
                    stride: MemoryLayout<Element>.stride,
                    elementBytes: { old, new, body in
                        let oldArray = old.assumingMemoryBound(to: State.self).pointee[keyPath: array]
                        let newArray = new.assumingMemoryBound(to: State.self).pointee[keyPath: array]
                        oldArray.withUnsafeBytes { oldBytes in
                            newArray.withUnsafeBytes { newBytes in
                                body(oldBytes, oldArray.count, newBytes, newArray.count)
                            }
                        }
                    })
            },
            differs: { old, new in
                let oldArray = old.assumingMemoryBound(to: State.self).pointee[keyPath: array]
                let newArray = new.assumingMemoryBound(to: State.self).pointee[keyPath: array]
                guard index < oldArray.count, index < newArray.count else { return true }
                return oldArray[index][keyPath: member] != newArray[index][keyPath: member]
            })
        _ = field
        return currentState[keyPath: array][index][keyPath: member]
    }
}
