/// Adding, replacing, removing and reordering the elements of an
/// ``IdentifiedArray``, keeping each id's position right.
extension IdentifiedArray {
    /// Inserts `element`, whose id is not there (`bucket` is where `find`
    /// would put it), at `index`.
    @inlinable
    mutating func insertNew(_ element: Element, at index: Int, bucket: Int) {
        table.insert(element.id, at: index, bucket: bucket, in: elements)
        elements.insert(element, at: index)
    }

    /// Removes the element at `index` (in `bucket` of the table, if known).
    @inlinable
    @discardableResult
    mutating func removeExisting(at index: Int, bucket: Int?) -> Element {
        table.remove(at: index, bucket: bucket, in: elements)
        return elements.remove(at: index)
    }

    /// Appends `element` unless an element with its id is there: O(1).
    ///
    /// - Parameter element: The element to add.
    /// - Returns: Whether it was added, and the position of the element with its id.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        let found = table.find(element.id, in: elements)
        if let position = found.offset { return (false, position) }
        insertNew(element, at: elements.count, bucket: found.bucket)
        return (true, elements.count - 1)
    }

    /// Appends the elements whose ids are not there yet, in order (a later
    /// element with an id already there is skipped).
    ///
    /// - Parameter newElements: The elements to add.
    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts `element` at `index` unless an element with its id is there:
    /// O(n) for the elements after it, which move as in an array, and
    /// O(min(index, count - index)) positions renumbered in the table (none at
    /// the front or the back).
    ///
    /// - Parameters:
    ///   - element: The element to add.
    ///   - index: Where to insert it (0 ... count).
    /// - Returns: Whether it was inserted, and the position of the element with its id.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        precondition(index >= 0 && index <= elements.count, "IdentifiedArray index out of range")
        let found = table.find(element.id, in: elements)
        if let position = found.offset { return (false, position) }
        insertNew(element, at: index, bucket: found.bucket)
        return (true, index)
    }

    /// Replaces the element with `element`'s id in place, or appends
    /// `element` if there is none: O(1).
    ///
    /// - Parameter element: The new element.
    /// - Returns: The element it replaced, if any.
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        let found = table.find(element.id, in: elements)
        if let position = found.offset {
            defer { elements[position] = element }
            return elements[position]
        }
        insertNew(element, at: elements.count, bucket: found.bucket)
        return nil
    }

    /// Replaces the element with `element`'s id in place, or inserts
    /// `element` at `index` if there is none.
    ///
    /// - Parameters:
    ///   - element: The new element.
    ///   - index: Where to insert it if it is new.
    /// - Returns: The element it replaced, if any, and the element's position.
    @inlinable
    @discardableResult
    public mutating func updateOrInsert(_ element: Element, at index: Int) -> (originalMember: Element?, index: Int) {
        if let position = self.index(id: element.id) {
            defer { elements[position] = element }
            return (elements[position], position)
        }
        insert(element, at: index)
        return (nil, index)
    }

    /// Removes the element with `id`, if it is there: O(n) as ``remove(at:)``.
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The element removed, or `nil`.
    @inlinable
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        let found = table.find(id, in: elements)
        guard let position = found.offset else { return nil }
        return removeExisting(at: position, bucket: found.bucket)
    }

    /// Removes the element at `index`: O(n) for the elements after it, which
    /// move as in an array, and O(min(index, count - index)) positions
    /// renumbered in the table (none at the front or the back).
    ///
    /// - Parameter index: A valid position.
    /// - Returns: The element removed.
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        removeExisting(at: index, bucket: nil)
    }

    /// Removes the elements whose ids are in `ids`, in one pass: O(n + k).
    ///
    /// - Parameter ids: The ids to remove (those not there are ignored).
    @inlinable
    public mutating func removeAll(ids: some Sequence<Element.ID>) {
        var doomed = Set<Element.ID>()
        for id in ids where contains(id: id) { doomed.insert(id) }
        guard !doomed.isEmpty else { return }
        removeAll { doomed.contains($0.id) }
    }

    /// Removes the elements `shouldBeRemoved` accepts, in one pass: O(n).
    ///
    /// - Parameter shouldBeRemoved: Whether to remove an element.
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var kept = ContiguousArray<Element>()
        kept.reserveCapacity(elements.count)
        for element in elements where try !shouldBeRemoved(element) { kept.append(element) }
        guard kept.count != elements.count else { return }
        elements = kept
        table.rebuild(for: elements.count, from: elements)
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepCapacity)
        if keepCapacity && table.isHashed {
            table = IdentifiedArrayTable(scale: table.scale)
        } else {
            table = IdentifiedArrayTable()
        }
    }

    /// Sorts the elements in place, by `areInIncreasingOrder` (stable: equal
    /// elements keep their order).
    ///
    /// - Parameter areInIncreasingOrder: Whether its first argument goes before its second.
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        // `sort` is not stable; sorting positions by (element, position) is.
        let sorted = try elements.indices.sorted { left, right in
            if try areInIncreasingOrder(elements[left], elements[right]) { return true }
            if try areInIncreasingOrder(elements[right], elements[left]) { return false }
            return left < right
        }
        elements = ContiguousArray(sorted.map { elements[$0] })
        table.rebuild(for: Swift.max(elements.count, table.capacity), from: elements)
    }

    /// Keeps the elements `isIncluded` accepts, in order.
    ///
    /// - Parameter isIncluded: Whether to keep an element.
    /// - Returns: The collection of those elements.
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var kept = Self()
        for element in elements where try isIncluded(element) { kept.append(element) }
        return kept
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in place, in increasing order (stable).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
