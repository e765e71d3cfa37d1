extension IdentifiedArray {
    /// The ids of an ``IdentifiedArray``'s elements, in order: a view that
    /// reads them from the elements, made in O(1) (no array of ids is built
    /// or kept). It finds an id in O(1), compares equal to an array of the
    /// same ids (`todos.ids == [1, 2]`), and `Array(todos.ids)` makes an array.
    public struct IDs: RandomAccessCollection {
        /// The collection whose ids these are.
        @usableFromInline let base: IdentifiedArray

        /// The ids of `base`.
        @inlinable
        init(_ base: IdentifiedArray) {
            self.base = base
        }

        /// Positions, from 0 (those of the collection).
        public typealias Index = Int

        /// The first position: 0.
        @inlinable
        public var startIndex: Int { 0 }

        /// The position after the last id: `count`.
        @inlinable
        public var endIndex: Int { base.elements.count }

        /// The id of the element at `position`.
        ///
        /// - Parameter position: A valid position.
        /// - Returns: The id there.
        @inlinable
        public subscript(position: Int) -> Element.ID {
            base.elements[position].id
        }

        /// Whether `id` is one of these: O(1).
        ///
        /// - Parameter id: The id to look for.
        /// - Returns: Whether it is there.
        @inlinable
        public func contains(_ id: Element.ID) -> Bool {
            base.contains(id: id)
        }

        /// The position of `id`, if it is there: O(1).
        ///
        /// - Parameter id: The id to look for.
        /// - Returns: Its position, or `nil`.
        @inlinable
        public func firstIndex(of id: Element.ID) -> Int? {
            base.index(id: id)
        }
    }

    /// The ids, in order: a view of them (O(1) to make), which reads as a
    /// collection of ids and compares equal to an array of them.
    @inlinable
    public var ids: IDs { IDs(self) }
}

extension IdentifiedArray.IDs: Equatable {
    /// Whether both hold the same ids in the same order.
    ///
    /// - Parameters:
    ///   - lhs: Some ids.
    ///   - rhs: Others.
    /// - Returns: Whether they are equal.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Whether the view holds the ids of the array, in its order.
    ///
    /// - Parameters:
    ///   - lhs: The ids of a collection.
    ///   - rhs: An array of ids.
    /// - Returns: Whether they are equal.
    @inlinable
    public static func == (lhs: Self, rhs: [Element.ID]) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Whether the array holds the ids of the view, in its order.
    ///
    /// - Parameters:
    ///   - lhs: An array of ids.
    ///   - rhs: The ids of a collection.
    /// - Returns: Whether they are equal.
    @inlinable
    public static func == (lhs: [Element.ID], rhs: Self) -> Bool {
        rhs.elementsEqual(lhs)
    }

    /// Whether the view and the array differ.
    ///
    /// - Parameters:
    ///   - lhs: The ids of a collection.
    ///   - rhs: An array of ids.
    /// - Returns: Whether they differ.
    @inlinable
    public static func != (lhs: Self, rhs: [Element.ID]) -> Bool {
        !lhs.elementsEqual(rhs)
    }
}

extension IdentifiedArray.IDs: Hashable {
    /// Hashes the ids, in order (as an array of them does).
    ///
    /// - Parameter hasher: The hasher.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }
}

extension IdentifiedArray.IDs: CustomStringConvertible {
    /// The ids, as an array prints them.
    public var description: String { Array(self).description }
}

// Checked by the compiler: it holds the collection, `Sendable` when these are.
extension IdentifiedArray.IDs: Sendable where Element: Sendable, Element.ID: Sendable {}
