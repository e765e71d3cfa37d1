extension AsyncThunk {
    /// Dispatched when a run throws, is rejected with a value, or is cancelled;
    /// or, if the thunk asks for it with `dispatchConditionRejection`, when its
    /// condition says no (then with no ``Pending`` before it).
    ///
    /// What it says, as Redux Toolkit's rejected action's fields:
    /// ``error`` and ``serializedError`` (`error`), ``wasCancelled`` (`meta.aborted`),
    /// ``cancelReason`` (the abort reason), ``wasSkippedByCondition``
    /// (`meta.condition`), ``wasRejectedWithValue`` (`meta.rejectedWithValue`),
    /// `rejectedValue(as:)` (`payload`) and `meta(as:)`.
    ///
    /// Make one by hand with ``AsyncThunk/rejected(_:requestID:argument:meta:)``,
    /// ``AsyncThunk/rejected(withValue:requestID:argument:meta:)`` or
    /// ``AsyncThunk/cancelled(requestID:argument:reason:)``. It is `Codable`
    /// when the argument is (or is `Void`): the error is written as its
    /// ``serializedError`` (and read back as that ``SerializedError``), the
    /// rejected value and meta as themselves, when `Encodable`.
    public struct Rejected: AsyncThunkLifecycleAction, Sendable {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        /// What the body threw: a ``RejectedWithValue`` when it rejected with a
        /// value, a `CancellationError` when the run was cancelled, an
        /// ``AsyncThunkConditionError`` when the condition said no, or a
        /// ``SerializedError`` when the action was read from a log.
        public let error: any Error
        /// ``error`` as a plain, loggable value (by the thunk's `serializeError`).
        public let serializedError: SerializedError
        /// Whether the run was cancelled (through its handle, the task awaiting
        /// it, the effect that started it, or the store going away).
        public let wasCancelled: Bool
        /// Why, if the run was cancelled with `cancel(reason:)`.
        public let cancelReason: String?
        /// Whether the thunk's condition said no (the run never started).
        public let wasSkippedByCondition: Bool
        let rejectedPayload: AsyncThunkPayload?
        let metaPayload: AsyncThunkPayload?

        /// A rejected action, as the thunk middleware dispatches it.
        ///
        /// - Parameters:
        ///   - typePrefix: The thunk's type prefix.
        ///   - requestID: The run.
        ///   - argument: The argument the run started with.
        ///   - error: What the body threw. A ``RejectedWithValue`` gives the
        ///     action its rejected value and meta.
        ///   - serializedError: The error as logged; by default
        ///     `SerializedError(error)`, or, for a cancelled run,
        ///     `CancellationError` with the reason as the message.
        ///   - wasCancelled: Whether the run was cancelled.
        ///   - cancelReason: Why it was cancelled.
        ///   - wasSkippedByCondition: Whether the thunk's condition said no.
        ///   - meta: The action's meta (by default the ``RejectedWithValue``'s).
        public init(
            typePrefix: String, requestID: RequestID, argument: Argument, error: any Error,
            serializedError: SerializedError? = nil, wasCancelled: Bool = false, cancelReason: String? = nil,
            wasSkippedByCondition: Bool = false, meta: (any Sendable)? = nil
        ) {
            let rejection = error as? RejectedWithValue
            self.init(
                typePrefix: typePrefix, requestID: requestID, argument: argument, error: error,
                serializedError: serializedError
                    ?? (wasCancelled
                        ? SerializedError(name: "CancellationError", message: cancelReason ?? "Cancelled")
                        : SerializedError(error)),
                wasCancelled: wasCancelled, cancelReason: cancelReason, wasSkippedByCondition: wasSkippedByCondition,
                rejectedPayload: rejection?.payload, metaPayload: meta.map { .given($0) } ?? rejection?.metaPayload)
        }

        init(
            typePrefix: String, requestID: RequestID, argument: Argument, error: any Error,
            serializedError: SerializedError, wasCancelled: Bool, cancelReason: String?, wasSkippedByCondition: Bool,
            rejectedPayload: AsyncThunkPayload?, metaPayload: AsyncThunkPayload?
        ) {
            self.typePrefix = typePrefix
            self.requestID = requestID
            self.argument = argument
            self.error = error
            self.serializedError = serializedError
            self.wasCancelled = wasCancelled
            self.cancelReason = cancelReason
            self.wasSkippedByCondition = wasSkippedByCondition
            self.rejectedPayload = rejectedPayload
            self.metaPayload = metaPayload
        }

        /// `"<prefix>/rejected"`.
        public var type: String { typePrefix + "/rejected" }
        /// ``AsyncThunkRequestStatus/rejected``.
        public var requestStatus: AsyncThunkRequestStatus { .rejected }

        /// Whether the body rejected the run with a value
        /// (``AsyncThunkContext/rejectWithValue(_:meta:)``).
        public var wasRejectedWithValue: Bool { rejectedPayload != nil }

        /// The value the body rejected the run with, as a `T`: the typed way to
        /// read Redux Toolkit's `payload` of a rejected action.
        ///
        /// ```swift
        /// if let problem = load.rejected(action)?.rejectedValue(as: APIProblem.self) { … }
        /// ```
        ///
        /// Read back from an action log, it is decoded as `T` when `T` is
        /// `Decodable`.
        ///
        /// - Parameter type: The value's type.
        /// - Returns: The value, or `nil` if the run was not rejected with a `T`.
        public func rejectedValue<T>(as type: T.Type) -> T? { rejectedPayload?.value(as: type) }

        /// The meta the body rejected the run with, as a `T`.
        ///
        /// Read back from an action log, it is decoded as `T` when `T` is
        /// `Decodable`.
        ///
        /// - Parameter type: The meta's type.
        /// - Returns: The meta, or `nil` if there is none or it is not a `T`.
        public func meta<T>(as type: T.Type) -> T? { metaPayload?.value(as: type) }
    }
}

/// A rejected action, seen without its types (for `isRejectedWithValue(_:)`).
protocol RejectedLifecycleAction: AsyncThunkLifecycleAction {
    var wasRejectedWithValue: Bool { get }
}

extension AsyncThunk.Rejected: RejectedLifecycleAction {}
