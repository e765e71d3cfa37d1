/// The fields of a ``QueryFetch`` as it is written.
private enum QueryFetchKey: String, CodingKey {
    case key, endpoint, argument
}

extension QueryFetch: Encodable where Argument: Encodable {
    /// Writes the fetch as an action log records it, in its lifecycle
    /// actions' `argument`: `{"key":"todos(42)","endpoint":"todos","argument":42}`
    /// (`key` is for people; it is not read back).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What encoding the argument throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: QueryFetchKey.self)
        try container.encode(key.description, forKey: .key)
        try container.encode(key.endpoint, forKey: .endpoint)
        try container.encode(argument, forKey: .argument)
    }
}

extension QueryFetch: Decodable where Argument: Decodable {
    /// Reads a fetch written by ``encode(to:)``, so a registered endpoint's
    /// fetch (`registry.register(todos.fetch)`) is replayed into its entry.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the endpoint or the argument is missing or of another type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: QueryFetchKey.self)
        let argument = try container.decode(Argument.self, forKey: .argument)
        self.init(
            argument: argument,
            key: QueryKey(endpoint: try container.decode(String.self, forKey: .endpoint), argument: argument))
    }
}
