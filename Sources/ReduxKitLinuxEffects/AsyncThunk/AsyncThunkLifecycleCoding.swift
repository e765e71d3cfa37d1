/// The fields of the lifecycle actions as they are written.
enum AsyncThunkLifecycleKey: String, CodingKey {
    case typePrefix, requestID, argument, value, meta
    case error, wasCancelled, cancelReason, wasSkippedByCondition, rejectedValue
}

/// Writes and reads the generic payloads of the lifecycle actions (arguments,
/// values), which need not be `Codable`: a `Void` one is left out, any other
/// must be `Encodable` to write and `Decodable` to read, or coding throws
/// (so an action log reports the action rather than losing it).
enum AsyncThunkLifecycleCoding {
    typealias Key = AsyncThunkLifecycleKey

    static func encode<T>(
        _ value: T, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        if T.self == Void.self { return }
        guard let encodable = T.self as? any Encodable.Type else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "\(T.self) is not Encodable, so this action cannot be logged"))
        }
        func encodeOpened<E: Encodable>(_: E.Type) throws {
            try container.encode(value as! E, forKey: key)
        }
        try encodeOpened(encodable)
    }

    static func decode<T>(_ type: T.Type, from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> T {
        if T.self == Void.self { return () as! T }
        guard let decodable = T.self as? any Decodable.Type else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "\(T.self) is not Decodable, so this action cannot be read from a log"))
        }
        func decodeOpened<D: Decodable>(_: D.Type) throws -> T {
            try container.decode(D.self, forKey: key) as! T
        }
        return try decodeOpened(decodable)
    }

    static func decodeMeta(from container: KeyedDecodingContainer<Key>, forKey key: Key = .meta) throws
        -> AsyncThunkPayload?
    {
        // Present as `null` is a value (a `nil` payload), unlike absent.
        guard container.contains(key) else { return nil }
        return .logged(try container.decode(JSONValue.self, forKey: key))
    }
}

extension AsyncThunk.Pending: Codable {
    /// Reads the action from a log (see ``AsyncThunk/Pending``).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a field is missing or the argument's type
    ///   is not `Decodable`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        self.init(
            typePrefix: try container.decode(String.self, forKey: .typePrefix),
            requestID: try container.decode(RequestID.self, forKey: .requestID),
            argument: try AsyncThunkLifecycleCoding.decode(Argument.self, from: container, forKey: .argument),
            metaPayload: try AsyncThunkLifecycleCoding.decodeMeta(from: container))
    }

    /// Writes the action for a log.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` if the argument or meta is not `Encodable`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        try container.encode(typePrefix, forKey: .typePrefix)
        try container.encode(requestID, forKey: .requestID)
        try AsyncThunkLifecycleCoding.encode(argument, to: &container, forKey: .argument)
        try metaPayload?.encode(to: &container, forKey: .meta)
    }
}

extension AsyncThunk.Fulfilled: Codable {
    /// Reads the action from a log (see ``AsyncThunk/Fulfilled``).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a field is missing or the argument's or
    ///   value's type is not `Decodable`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        self.init(
            typePrefix: try container.decode(String.self, forKey: .typePrefix),
            requestID: try container.decode(RequestID.self, forKey: .requestID),
            argument: try AsyncThunkLifecycleCoding.decode(Argument.self, from: container, forKey: .argument),
            value: try AsyncThunkLifecycleCoding.decode(Value.self, from: container, forKey: .value),
            metaPayload: try AsyncThunkLifecycleCoding.decodeMeta(from: container))
    }

    /// Writes the action for a log.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` if the argument, value or meta is not `Encodable`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        try container.encode(typePrefix, forKey: .typePrefix)
        try container.encode(requestID, forKey: .requestID)
        try AsyncThunkLifecycleCoding.encode(argument, to: &container, forKey: .argument)
        try AsyncThunkLifecycleCoding.encode(value, to: &container, forKey: .value)
        try metaPayload?.encode(to: &container, forKey: .meta)
    }
}

extension AsyncThunk.Rejected: Codable {
    /// Reads the action from a log (see ``AsyncThunk/Rejected``): its error is
    /// the ``SerializedError`` that was written.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a field is missing or the argument's type
    ///   is not `Decodable`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        let error = try container.decode(SerializedError.self, forKey: .error)
        self.init(
            typePrefix: try container.decode(String.self, forKey: .typePrefix),
            requestID: try container.decode(RequestID.self, forKey: .requestID),
            argument: try AsyncThunkLifecycleCoding.decode(Argument.self, from: container, forKey: .argument),
            error: error, serializedError: error,
            wasCancelled: try container.decodeIfPresent(Bool.self, forKey: .wasCancelled) ?? false,
            cancelReason: try container.decodeIfPresent(String.self, forKey: .cancelReason),
            wasSkippedByCondition: try container.decodeIfPresent(Bool.self, forKey: .wasSkippedByCondition) ?? false,
            rejectedPayload: try AsyncThunkLifecycleCoding.decodeMeta(from: container, forKey: .rejectedValue),
            metaPayload: try AsyncThunkLifecycleCoding.decodeMeta(from: container))
    }

    /// Writes the action for a log.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` if the argument, rejected value or meta is
    ///   not `Encodable`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AsyncThunkLifecycleKey.self)
        try container.encode(typePrefix, forKey: .typePrefix)
        try container.encode(requestID, forKey: .requestID)
        try AsyncThunkLifecycleCoding.encode(argument, to: &container, forKey: .argument)
        try container.encode(serializedError, forKey: .error)
        if wasCancelled { try container.encode(true, forKey: .wasCancelled) }
        try container.encodeIfPresent(cancelReason, forKey: .cancelReason)
        if wasSkippedByCondition { try container.encode(true, forKey: .wasSkippedByCondition) }
        try rejectedPayload?.encode(to: &container, forKey: .rejectedValue)
        try metaPayload?.encode(to: &container, forKey: .meta)
    }
}
