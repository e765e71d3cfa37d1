/// An ordered collection of identified elements, with each element found by
/// its `id` in constant time (TCA's `IdentifiedArray`, from
/// swift-identified-collections): a list of rows, todos or messages that an
/// action for one of them reaches without scanning the list.
///
/// ```swift
/// struct Todo: Identifiable, Equatable { let id: Int; var title: String; var done = false }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread")]
/// todos[id: 2]?.done = true          // found by id: O(1)
/// todos.append(Todo(id: 3, title: "Tea"))
/// todos.remove(id: 1)
/// for todo in todos { print(todo.title) }   // Bread, Tea: in order, as an array
/// ```
///
/// It keeps its elements in order in an array, and their positions in a hash
/// table of 4-byte buckets that hold positions, not ids (about 5 to 11 bytes an
/// element): reading, updating and checking an element by id, and appending,
/// cost O(1) on average; inserting and removing move the elements after the
/// place, as in an array, and renumber the shorter side of it in the table
/// (at the front or the back: nothing to renumber). Ids are unique: adding an element whose
/// id is already there replaces nothing silently (``append(_:)`` refuses it,
/// ``updateOrAppend(_:)`` replaces the element in place).
///
/// It is a `RandomAccessCollection` and a `MutableCollection` of its elements,
/// indexed by position from 0, and `Equatable`, `Hashable`, `Codable` (as an
/// array) and `Sendable` when its elements are. `forEach(_:state:)` and
/// ``Store/view(element:in:)-(_,KeyPath<State,IdentifiedArray<Element>>)`` find an element in one in O(1).
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements, in order.
    @usableFromInline var elements: ContiguousArray<Element>
    /// Each element's position in `elements`, found from its id.
    @usableFromInline var table: IdentifiedArrayTable

    /// An empty collection.
    @inlinable
    public init() {
        elements = []
        table = IdentifiedArrayTable()
    }

    /// A collection of `elements`, in order; stops the process if two have
    /// the same id (see ``init(_:uniquingIDsWith:)`` to choose which to keep).
    ///
    /// - Parameter elements: The elements, with unique ids.
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.elements = ContiguousArray(elements)
        table = IdentifiedArrayTable()
        if let duplicate = table.rebuild(for: self.elements.count, from: self.elements, checkingDuplicates: true) {
            Misuse.fail(Misuse.duplicateID(String(describing: self.elements[duplicate].id)))
        }
    }

    /// A collection of `elements`, in order, where `combine` decides what to
    /// keep of two elements with the same id (the first's position is kept).
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - combine: Given the element kept so far and a later one with its
    ///     id, returns the element to keep.
    @inlinable
    public init(_ elements: some Sequence<Element>, uniquingIDsWith combine: (Element, Element) throws -> Element)
        rethrows
    {
        self.init()
        for element in elements {
            if let position = index(id: element.id) {
                self.elements[position] = try combine(self.elements[position], element)
            } else {
                append(element)
            }
        }
    }

    /// The elements as an array, in order.
    @inlinable
    public var elementsArray: [Element] { Array(elements) }

    /// Whether an element with `id` is in the collection: O(1).
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: Whether it is there.
    @inlinable
    public func contains(id: Element.ID) -> Bool {
        index(id: id) != nil
    }

    /// The position of the element with `id`, if there is one: O(1).
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: Its position (an index of the collection), or `nil`.
    @inlinable
    public func index(id: Element.ID) -> Int? {
        table.find(id, in: elements).offset
    }

    /// Runs `body` on the element with `id`, in place, if it is there: O(1),
    /// and no copy of the element. If `body` changes the element's id, the
    /// collection follows (the new id must not belong to another element).
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - body: Changes the element.
    /// - Returns: What `body` returned, or `nil` if no element has `id`.
    @inlinable
    @discardableResult
    public mutating func modify<Result>(id: Element.ID, _ body: (inout Element) throws -> Result) rethrows -> Result? {
        guard let position = index(id: id) else { return nil }
        let result = try body(&elements[position])
        reindexIfNeeded(at: position, was: id)
        return result
    }

    /// Keeps the table right after the element at `position`, whose id was
    /// `old`, was changed: nothing to do unless its id changed.
    @inlinable
    mutating func reindexIfNeeded(at position: Int, was old: Element.ID) {
        let new = elements[position].id
        guard new != old else { return }
        if !table.rename(at: position, from: old, in: elements) {
            Misuse.fail(Misuse.duplicateID(String(describing: new)))
        }
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// A collection of the literal's elements; their ids must be unique.
    ///
    /// - Parameter elements: The elements, with unique ids.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

/// An ``IdentifiedArray`` of `Element` (TCA's spelling).
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

// Checked by the compiler: both stored properties are `Sendable` when these are (the table always is).
extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}
