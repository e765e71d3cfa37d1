/// An ``IdentifiedArray``'s element found by id, read, replaced, changed in
/// place or removed through one subscript.
extension IdentifiedArray {
    /// The element with `id`, read, replaced, changed in place or removed.
    ///
    /// Reading is O(1). Setting an element whose id is there replaces it in
    /// place, O(1) (a new element must keep the id it is set for, or the
    /// process stops); setting one whose id is not there appends it; setting
    /// `nil` removes the element (see ``remove(id:)``). Changing the element
    /// through the subscript (`todos[id: 2]?.done = true`) changes it in
    /// place, O(1), with no copy of it.
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The element, or `nil` if none has `id`.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            table.find(id, in: elements).offset.map { elements[$0] }
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            if newValue.id != id { Misuse.fail(Misuse.elementIDChanged(String(describing: id))) }
            let found = table.find(id, in: elements)
            if let position = found.offset {
                elements[position] = newValue
            } else {
                insertNew(newValue, at: elements.count, bucket: found.bucket)
            }
        }
        _modify {
            // The element is moved out of its slot while it is changed, so the
            // change is made to the only copy of it, and moved back after: the
            // slot stays empty meanwhile (no one else can reach the array
            // during the access), and the table is not touched. The last
            // element is popped instead and appended back (no empty slot: an
            // only element set to nil has no other to stand in for it).
            let found = table.find(id, in: elements)
            var value: Element?
            var hole = false
            if let position = found.offset {
                if position == elements.count &- 1 {
                    value = elements.removeLast()
                } else {
                    value = elements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).move() }
                    hole = true
                }
            }
            // Also run when the access is abandoned (an error thrown from it).
            defer { endModify(id: id, found: found, hole: hole, value: &value) }
            yield &value
        }
    }

    /// Puts back the element `subscript(id:)` changed in place (`value`; `nil`
    /// removes it, and a new one is appended): into its empty slot if it left
    /// a `hole`, else at the end, where it was.
    @inlinable
    mutating func endModify(id: Element.ID, found: (offset: Int?, bucket: Int), hole: Bool, value: inout Element?) {
        guard let value = value.take() else {
            guard let position = found.offset else { return }
            if hole {
                // A copy of the last element fills the slot, so the array is
                // whole again; then it goes (its bucket is known: the copy's
                // id is never looked up).
                let standIn = elements[elements.count &- 1]
                elements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).initialize(to: standIn) }
                removeExisting(at: position, bucket: found.bucket)
            } else if table.isHashed {
                // The last element, already out of the array: only its bucket goes.
                table.delete(found.bucket, in: elements)
            }
            return
        }
        if value.id != id { Misuse.fail(Misuse.elementIDChanged(String(describing: id))) }
        if let position = found.offset {
            if hole {
                elements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).initialize(to: value) }
            } else {
                elements.append(value)
            }
        } else {
            insertNew(value, at: elements.count, bucket: found.bucket)
        }
    }
}
