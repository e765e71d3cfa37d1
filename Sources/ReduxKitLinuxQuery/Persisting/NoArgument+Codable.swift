extension NoArgument: Codable {
    /// Reads the one value (written as `{}`).
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws { self.init() }

    /// Writes `{}`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Nothing a JSON encoder throws.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: QueryJSONEmptyKey.self)
    }
}

/// The keys of an empty object.
private struct QueryJSONEmptyKey: CodingKey {
    var stringValue: String { "" }
    var intValue: Int? { nil }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
