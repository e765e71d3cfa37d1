extension QueryCacheState: Codable {
    private enum CodingKeys: String, CodingKey {
        case entries
    }

    /// Writes the cache's entries, one object each, in order:
    /// `{"key":"todos(42)","endpoint":"todos","argument":42,"status":"fulfilled","data":…,"fulfilledAt":…,"providedTags":[…],"isInvalidated":false}`.
    ///
    /// An entry is written only if its argument and data are `Encodable`
    /// (checked at run time); an entry whose request is in flight is written
    /// as fulfilled if it has data, and left out if not; a never-fetched entry
    /// is left out. The data written is the server's with its committed
    /// patches applied: the optimistic update of a mutation still in flight is
    /// not written (that mutation will not finish after a restart). Entries
    /// decoded and not restored yet (their endpoint not made yet) are written
    /// back as they were read.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        let coder = QueryJSONCoder()
        var persisted = entries.all.compactMap { QueryPersistedEntry($0, coder: coder) }
        persisted.append(contentsOf: unrestored.entries)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(persisted, forKey: .entries)
    }

    /// Reads a cache's entries. They are typed by the cache's reducer, at the
    /// first action it reduces once their endpoint is made: until then the
    /// state holds them untyped (``entries`` does not show them), and an entry
    /// of an endpoint never made stays so, costing nothing but its memory.
    /// Restored entries have no request in flight; fresh ones are not fetched
    /// again on subscribe, and the cache's middleware evicts those no one
    /// subscribes to after their keep time.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the entries are not as ``encode(to:)`` writes them.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        unrestored.entries = try container.decodeIfPresent([QueryPersistedEntry].self, forKey: .entries) ?? []
    }
}
