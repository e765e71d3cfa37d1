/// An ``IdentifiedArray`` reads as an array of its elements, in order, and
/// conforms where its elements do.
extension IdentifiedArray: RandomAccessCollection, MutableCollection {
    /// Positions, from 0.
    public typealias Index = Int

    /// The first position: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last element: `count`.
    @inlinable
    public var endIndex: Int { elements.count }

    /// The element at `position`, read, or changed in place. A change that
    /// gives it another id moves its id in the collection (the new id must
    /// not belong to another element, or the process stops).
    ///
    /// - Parameter position: A valid position.
    /// - Returns: The element there.
    @inlinable
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set {
            let old = elements[position].id
            elements[position] = newValue
            reindexIfNeeded(at: position, was: old)
        }
        _modify {
            let old = elements[position].id
            yield &elements[position]
            reindexIfNeeded(at: position, was: old)
        }
    }

    /// Swaps the elements at two positions, keeping their ids' positions right.
    ///
    /// - Parameters:
    ///   - i: A valid position.
    ///   - j: Another.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        elements.swapAt(i, j)
        table.swapAt(i, j, in: elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    ///
    /// - Parameters:
    ///   - lhs: A collection.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements, in order.
    ///
    /// - Parameter hasher: The hasher.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for element in elements { hasher.combine(element) }
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array, in order.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding an element throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements with unique ids.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` if two elements have the same id,
    ///   or what decoding an element throws.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let element = try container.decode(Element.self)
            guard append(element).inserted else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Duplicate id \(element.id) in an IdentifiedArray")
            }
        }
    }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String { Array(elements).description }
}
