/// Adding, replacing, removing and reordering the elements of an
/// ``IdentifiedArray``, keeping each id's position right.
extension IdentifiedArray {
    /// Appends `element` unless an element with its id is there: O(1).
    ///
    /// - Parameter element: The element to add.
    /// - Returns: Whether it was added, and the position of the element with its id.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let position = positions[element.id] { return (false, position) }
        positions[element.id] = elements.count
        elements.append(element)
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
    /// O(n) (the elements after it move).
    ///
    /// - Parameters:
    ///   - element: The element to add.
    ///   - index: Where to insert it (0 ... count).
    /// - Returns: Whether it was inserted, and the position of the element with its id.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        if let position = positions[element.id] { return (false, position) }
        elements.insert(element, at: index)
        renumber(from: index)
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
        if let position = positions[element.id] {
            defer { elements[position] = element }
            return elements[position]
        }
        append(element)
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
        if let position = positions[element.id] {
            defer { elements[position] = element }
            return (elements[position], position)
        }
        insert(element, at: index)
        return (nil, index)
    }

    /// Removes the element with `id`, if it is there: O(n).
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The element removed, or `nil`.
    @inlinable
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let removed = elements.remove(at: position)
        renumber(from: position)
        return removed
    }

    /// Removes the element at `index`: O(n).
    ///
    /// - Parameter index: A valid position.
    /// - Returns: The element removed.
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let removed = elements.remove(at: index)
        positions[removed.id] = nil
        renumber(from: index)
        return removed
    }

    /// Removes the elements whose ids are in `ids`, in one pass: O(n + k).
    ///
    /// - Parameter ids: The ids to remove (those not there are ignored).
    @inlinable
    public mutating func removeAll(ids: some Sequence<Element.ID>) {
        var doomed = Set<Element.ID>()
        for id in ids where positions[id] != nil { doomed.insert(id) }
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
        var first: Int?
        for (position, element) in elements.enumerated() {
            if try shouldBeRemoved(element) {
                positions[element.id] = nil
                if first == nil { first = position }
            } else {
                kept.append(element)
            }
        }
        guard let first else { return }
        elements = kept
        renumber(from: first)
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
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
        renumber(from: 0)
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

    /// Sets the positions of the elements from `start` to the end.
    @inlinable
    mutating func renumber(from start: Int) {
        var position = start
        while position < elements.count {
            positions[elements[position].id] = position
            position += 1
        }
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in place, in increasing order (stable).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
