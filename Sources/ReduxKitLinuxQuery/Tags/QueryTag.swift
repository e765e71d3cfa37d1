/// A label a query's data carries, so a mutation can say which cached data it
/// made stale (RTK Query's tags).
///
/// A query endpoint's `providesTags` gives the tags of its answer; a mutation
/// endpoint's `invalidatesTags` gives the tags it invalidates. A tag with an
/// `id` invalidates the entries that provided that tag with that id; a tag
/// without one invalidates every entry that provided a tag of its `type`,
/// whatever the id:
///
/// ```swift
/// QueryTag("Todo", id: 7)   // the todo 7
/// QueryTag("Todo", id: "LIST")  // the list of todos, by a convention of your own
/// QueryTag("Todo")          // provided: the todos as a whole; invalidated: every todo tag
/// ```
public struct QueryTag: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind of data, such as `"Todo"`.
    public var type: String
    /// Which one of that kind, if the tag names one.
    public var id: String?

    /// A tag of `type`, naming no one item.
    ///
    /// - Parameter type: The kind of data.
    public init(_ type: String) {
        self.type = type
        self.id = nil
    }

    /// A tag of `type` naming the item `id`.
    ///
    /// - Parameters:
    ///   - type: The kind of data.
    ///   - id: The item (a number or a string; kept as its description).
    public init(_ type: String, id: some CustomStringConvertible & Sendable) {
        self.type = type
        self.id = id.description
    }

    /// `Todo` or `Todo(7)`.
    public var description: String { id.map { "\(type)(\($0))" } ?? type }
}
