/// Where a run of an async thunk stands, as its lifecycle actions say (Redux
/// Toolkit's `meta.requestStatus`). Its raw value is the case's name, as
/// Redux Toolkit spells it: `"pending"`, `"fulfilled"`, `"rejected"`.
public enum AsyncThunkRequestStatus: String, Codable, Hashable, Sendable {
    /// Started: the ``AsyncThunk/Pending`` action.
    case pending
    /// Ended with a value: the ``AsyncThunk/Fulfilled`` action.
    case fulfilled
    /// Ended with an error, or cancelled: the ``AsyncThunk/Rejected`` action.
    case rejected
}

/// A lifecycle action of any async thunk (``AsyncThunk/Pending``,
/// ``AsyncThunk/Fulfilled``, ``AsyncThunk/Rejected``), whatever its types:
/// what `isAsyncThunkAction(_:)` and the other matchers across thunks see.
public protocol AsyncThunkLifecycleAction: Action {
    /// The thunk's type prefix.
    var typePrefix: String { get }
    /// The run.
    var requestID: RequestID { get }
    /// Which of the three this action is.
    var requestStatus: AsyncThunkRequestStatus { get }
}

extension AsyncThunk {
    /// Dispatched when a run starts: before `dispatch` returns, unless the
    /// thunk has an `asyncCondition` (then once it says yes).
    ///
    /// Make one by hand with ``AsyncThunk/pending(requestID:argument:meta:)``
    /// to test a reducer without running the thunk. It is `Codable` when the
    /// argument is (or is `Void`), and its meta when it has one.
    public struct Pending: AsyncThunkLifecycleAction {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        let metaPayload: AsyncThunkPayload?

        /// A pending action, as the thunk middleware dispatches it.
        ///
        /// - Parameters:
        ///   - typePrefix: The thunk's type prefix.
        ///   - requestID: The run.
        ///   - argument: The argument the run started with.
        ///   - meta: What the thunk's `pendingMeta` gave, if anything.
        init(typePrefix: String, requestID: RequestID, argument: Argument, meta: (any Sendable)? = nil) {
            self.init(
                typePrefix: typePrefix, requestID: requestID, argument: argument, metaPayload: meta.map { .given($0) })
        }

        init(typePrefix: String, requestID: RequestID, argument: Argument, metaPayload: AsyncThunkPayload?) {
            self.typePrefix = typePrefix
            self.requestID = requestID
            self.argument = argument
            self.metaPayload = metaPayload
        }

        /// `"<prefix>/pending"`.
        public var type: String { typePrefix + "/pending" }
        /// ``AsyncThunkRequestStatus/pending``.
        public var requestStatus: AsyncThunkRequestStatus { .pending }

        /// The meta the thunk's `pendingMeta` gave, as a `T`.
        ///
        /// Read back from an action log, it is decoded as `T` when `T` is
        /// `Decodable`.
        ///
        /// - Parameter type: The meta's type.
        /// - Returns: The meta, or `nil` if there is none or it is not a `T`.
        public func meta<T>(as type: T.Type) -> T? { metaPayload?.value(as: type) }
    }

    /// Dispatched when a run returns a value, unless it was cancelled first.
    ///
    /// Make one by hand with ``AsyncThunk/fulfilled(_:requestID:argument:meta:)``.
    /// It is `Codable` when the argument and value are (or are `Void`), and
    /// its meta when it has one.
    public struct Fulfilled: AsyncThunkLifecycleAction {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        /// What the body returned.
        public let value: Value
        let metaPayload: AsyncThunkPayload?

        /// A fulfilled action, as the thunk middleware dispatches it.
        ///
        /// - Parameters:
        ///   - typePrefix: The thunk's type prefix.
        ///   - requestID: The run.
        ///   - argument: The argument the run started with.
        ///   - value: What the body returned.
        ///   - meta: What the body gave to `fulfillWithValue(_:meta:)`, if anything.
        init(
            typePrefix: String, requestID: RequestID, argument: Argument, value: Value, meta: (any Sendable)? = nil
        ) {
            self.init(
                typePrefix: typePrefix, requestID: requestID, argument: argument, value: value,
                metaPayload: meta.map { .given($0) })
        }

        init(
            typePrefix: String, requestID: RequestID, argument: Argument, value: Value, metaPayload: AsyncThunkPayload?
        ) {
            self.typePrefix = typePrefix
            self.requestID = requestID
            self.argument = argument
            self.value = value
            self.metaPayload = metaPayload
        }

        /// `"<prefix>/fulfilled"`.
        public var type: String { typePrefix + "/fulfilled" }
        /// ``AsyncThunkRequestStatus/fulfilled``.
        public var requestStatus: AsyncThunkRequestStatus { .fulfilled }

        /// The meta the body gave to `fulfillWithValue(_:meta:)`, as a `T`.
        ///
        /// Read back from an action log, it is decoded as `T` when `T` is
        /// `Decodable`.
        ///
        /// - Parameter type: The meta's type.
        /// - Returns: The meta, or `nil` if there is none or it is not a `T`.
        public func meta<T>(as type: T.Type) -> T? { metaPayload?.value(as: type) }
    }

    /// A run that ended: its ``Fulfilled`` or its ``Rejected`` action, as the
    /// ``AsyncThunk/settled(_:)`` matcher returns it (Redux Toolkit's `settled`).
    public enum Settled: Sendable {
        /// The run returned a value.
        case fulfilled(Fulfilled)
        /// The run threw, was rejected with a value, or was cancelled.
        case rejected(Rejected)

        /// The run.
        public var requestID: RequestID {
            switch self {
            case .fulfilled(let action): action.requestID
            case .rejected(let action): action.requestID
            }
        }

        /// The argument the run started with.
        public var argument: Argument {
            switch self {
            case .fulfilled(let action): action.argument
            case .rejected(let action): action.argument
            }
        }

        /// The action, as dispatched.
        public var action: any AsyncThunkLifecycleAction {
            switch self {
            case .fulfilled(let action): action
            case .rejected(let action): action
            }
        }
    }
}
