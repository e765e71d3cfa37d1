/// What the typed `dispatch(_:)` returns for an ``AsyncThunkAction`` when the
/// thunk middleware ran it (Redux Toolkit's thunk promise): await the run's
/// value, or cancel it.
///
/// It is not an action: `store.dispatch(loadTodos())` returns it through the
/// overloads of `dispatch(_:)` that take an ``AsyncThunkAction`` (on `Store`,
/// `SharedStore`, ``AsyncThunkContext`` and ``ListenerContext``), which Swift
/// picks whenever the argument's static type is an ``AsyncThunkAction`` of the
/// store's state. See ``AsyncThunkAction`` for what an untyped dispatch returns.
///
/// Awaiting ``value`` or ``result`` also waits for the run's ``AsyncThunk/Fulfilled``
/// or ``AsyncThunk/Rejected`` action to be dispatched. Cancelling the task that
/// awaits them cancels the run, as ``cancel(reason:)`` does (for every awaiter: the
/// run is one).
public final class AsyncThunkHandle<Value: Sendable>: Sendable {
    /// The run.
    public let requestID: RequestID
    /// The thunk's type prefix.
    public let typePrefix: String
    /// The argument the run started with (read it typed with ``argument(as:)``).
    public let argument: any Sendable
    private let run: AsyncThunkRun<Value>
    /// The run's task, which ends after its body; `nil` for a skipped run.
    private let task: Task<Void, Never>?

    init(
        requestID: RequestID, typePrefix: String, argument: any Sendable, run: AsyncThunkRun<Value>,
        task: Task<Void, Never>?
    ) {
        self.requestID = requestID
        self.typePrefix = typePrefix
        self.argument = argument
        self.run = run
        self.task = task
    }

    /// The argument the run started with, as an `Argument`.
    ///
    /// - Parameter type: The thunk's argument type.
    /// - Returns: The argument, or `nil` if it is not an `Argument`.
    public func argument<Argument>(as type: Argument.Type) -> Argument? {
        argument as? Argument
    }

    /// The run's value, or the error it was rejected with (Redux Toolkit's
    /// `unwrap()`): a ``RejectedWithValue`` when the body rejected with a
    /// value, a `CancellationError` when the run was cancelled, an
    /// ``AsyncThunkConditionError`` when its condition said no, or what the
    /// body threw. Cancelling the awaiting task cancels the run.
    public var value: Value {
        get async throws { try await result.get() }
    }

    /// The run's outcome, once its last lifecycle action is dispatched.
    /// Cancelling the awaiting task cancels the run.
    public var result: Result<Value, any Error> {
        get async {
            await withTaskCancellationHandler {
                await run.result()
            } onCancel: {
                self.cancel()
            }
        }
    }

    /// Cancels the run (Redux Toolkit's `abort()`): it settles at once with a
    /// ``AsyncThunk/Rejected`` action that has `wasCancelled` set, and its body
    /// is cancelled (it sees it cooperatively; what it returns later is
    /// dropped). Does nothing to a run that has already settled.
    ///
    /// Given a reason (Redux Toolkit's `abort(reason)`), the
    /// ``AsyncThunk/Rejected`` action carries it as its `cancelReason`.
    ///
    /// - Parameter reason: Why, if you say; the first reason given is the one kept.
    public func cancel(reason: String? = nil) {
        run.cancel(reason: reason)
    }

    /// Returns when the run's task has ended, body included (a cancelled body
    /// may go on after the run has settled).
    nonisolated(nonsending) func ended() async {
        await task?.value
    }
}
