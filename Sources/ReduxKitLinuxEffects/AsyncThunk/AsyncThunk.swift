/// An asynchronous effect with a lifecycle, as Redux Toolkit's `createAsyncThunk`:
/// dispatching it runs its body in a task and dispatches a ``Pending`` action at
/// once, then a ``Fulfilled`` action with the value or a ``Rejected`` action
/// with the error. One ``RequestID`` ties the three together.
///
/// ```swift
/// let loadTodos = AsyncThunk<AppState, Void, [Todo]>("todos/load") { _, context in
///     try await context.dependencies.api.todos()
/// }
///
/// // In a reducer:
/// if loadTodos.pending(action) != nil { state.isLoading = true }
/// if let done = loadTodos.fulfilled(action) { state.todos = done.value }
///
/// // Anywhere:
/// let handle = store.dispatch(loadTodos())   // an AsyncThunkHandle<[Todo]>
/// let todos = try await handle.value
/// ```
///
/// It needs the `thunkMiddleware()`, and a way back into the store for its
/// results: a store dispatched to from an actor (an actor of your own, the main
/// actor), which its results come back to, or a `SharedStore`. The body
/// starts inside the dispatch, as in Redux Toolkit: it runs up to its first
/// real suspension before `dispatch` returns (so it reads the state as the
/// dispatch left it), then goes on in a task of its own, on the store's actor
/// between its suspensions. Put heavy work in a `@concurrent` function. A body that throws never crashes
/// anything: its error goes into the ``Rejected`` action. Exactly one
/// ``Fulfilled`` or ``Rejected`` action ends each run that dispatched a
/// ``Pending`` one. When the store is freed, its running thunks are cancelled
/// and nothing more is dispatched.
///
/// Options, as Redux Toolkit's: a `condition` that can skip a run before it
/// starts (no lifecycle action, the handle fails with
/// ``AsyncThunkConditionError``); `dispatchConditionRejection` to dispatch a
/// ``Rejected`` action for a skipped run anyway; `pendingMeta` to give the
/// ``Pending`` action a meta; `serializeError` to choose how errors are logged.
/// In the body, the context rejects with a typed payload
/// (``AsyncThunkContext/rejectWithValue(_:meta:)``), fulfils with a meta
/// (``AsyncThunkContext/fulfillWithValue(_:meta:)``), and starts other thunks
/// (`context.dispatch(_:)` with their actions), which are cancelled with it.
///
/// Cancelling a run (``AsyncThunkHandle/cancel(reason:)``, or cancelling the
/// task awaiting its handle, the effect that dispatched it, or the store)
/// settles it at once: the ``Rejected`` action, with ``Rejected/wasCancelled``
/// set, is dispatched without waiting for the body, which is cancelled too
/// (it sees it through `Task.isCancelled` or a throwing
/// `Task.checkCancellation()`) and whose result, whenever it comes, is dropped,
/// as is what it dispatches from then on (unless `cancelledDispatches` is
/// ``CancelledDispatches/deliver``). A `cancellationID` tags runs by a key of
/// their argument, for ``CancelEffects`` and `cancelInFlight` (TCA's
/// `.cancellable(id:cancelInFlight:)`):
///
/// ```swift
/// let toggle = AsyncThunk<Rows, Row.ID, Bool>(
///     "rows/favorite", cancellationID: { $0 }, cancelInFlight: true
/// ) { rowID, context in
///     try await context.dependencies.favorites.toggle(rowID)  // a re-tap of this row cancels it
/// }
/// ```
///
/// Dispatched to a scoped store (`store.view(…)`), an async thunk of the
/// scoped store's state goes up to the root store's thunk middleware, and its
/// actions and context are the scoped store's: `context.getState()` returns
/// the child's state, `context.dispatch(_:)` embeds child actions. Such a run
/// goes on if the scoped store is freed first, keeping what it needs (the root
/// store included) until it ends; cancel it through its handle.
public struct AsyncThunk<State: Sendable, Argument: Sendable, Value: Sendable>: Sendable {
    /// The prefix of the lifecycle actions' `type`: `"<prefix>/pending"` and so on.
    public let typePrefix: String
    /// The effect.
    let body: nonisolated(nonsending) @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    let options: Options

    /// What is checked and computed around the body.
    struct Options: Sendable {
        var condition: Condition?
        var dispatchConditionRejection = false
        var pendingMeta: (@Sendable (Argument, AsyncThunkConditionContext<State>) -> (any Sendable)?)?
        var serializeError: @Sendable (any Error) -> SerializedError = { SerializedError($0) }
        var cancellationID: (@Sendable (Argument) -> (any Hashable & Sendable)?)?
        var cancelInFlight = false
        var cancelledDispatches = CancelledDispatches.drop
    }

    /// A thunk's condition, checked in the dispatch or in the run's task.
    enum Condition: Sendable {
        case immediate(@Sendable (Argument, AsyncThunkConditionContext<State>) -> Bool)
        case deferred(DeferredCondition)
    }

    /// An `asyncCondition`, checked in the run's task on the store's actor.
    typealias DeferredCondition =
        nonisolated(nonsending) @Sendable (Argument, AsyncThunkConditionContext<State>) async -> Bool

    /// Defines an async thunk.
    ///
    /// - Parameters:
    ///   - typePrefix: Names its lifecycle actions, like `"todos/load"`.
    ///   - condition: Checked in the dispatch, before anything else (so two
    ///     dispatches in a row see the first one's ``Pending`` action in the
    ///     state): returning `false` skips the run, with no lifecycle action,
    ///     and its handle fails with ``AsyncThunkConditionError``.
    ///   - dispatchConditionRejection: Whether a skipped run dispatches a
    ///     ``Rejected`` action anyway (with ``Rejected/wasSkippedByCondition`` set).
    ///   - pendingMeta: Gives the ``Pending`` action a meta (read it with `meta(as:)`).
    ///   - serializeError: How a rejection's error is written as the
    ///     ``Rejected/serializedError`` an action log records.
    ///   - cancellationID: Tags each run with a key made from its argument
    ///     (TCA's `.cancellable(id:)`): a ``CancelEffects`` action with that
    ///     key cancels the run; `nil` leaves a run untagged.
    ///   - cancelInFlight: Whether a new run cancels this thunk's runs with
    ///     the same cancellation ID still going in the store (TCA's
    ///     `cancelInFlight: true`), once its condition says yes and before its
    ///     ``Pending`` action; without a `cancellationID`, every run of this
    ///     thunk still going (latest wins).
    ///   - cancelledDispatches: What happens to what the body dispatches once
    ///     its run is cancelled: dropped (the default, as in TCA) or delivered
    ///     (as in Redux Toolkit). The run's own ``Rejected`` action always comes.
    ///   - body: The effect: given the argument and a context to dispatch and
    ///     read the state from, returns the value or throws.
    public init(
        _ typePrefix: String,
        condition: (@Sendable (Argument, AsyncThunkConditionContext<State>) -> Bool)? = nil,
        dispatchConditionRejection: Bool = false,
        pendingMeta: (@Sendable (Argument, AsyncThunkConditionContext<State>) -> (any Sendable)?)? = nil,
        serializeError: @escaping @Sendable (any Error) -> SerializedError = { SerializedError($0) },
        cancellationID: (@Sendable (Argument) -> (any Hashable & Sendable)?)? = nil,
        cancelInFlight: Bool = false,
        cancelledDispatches: CancelledDispatches = .drop,
        body: nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) {
        self.init(
            typePrefix, condition.map { .immediate($0) }, dispatchConditionRejection, pendingMeta, serializeError,
            cancellationID, cancelInFlight, cancelledDispatches, body)
    }

    /// Defines an async thunk whose condition awaits (Redux Toolkit's condition
    /// returning a promise): the run's task checks it first, and dispatches the
    /// ``Pending`` action once it says yes, so the ``Pending`` action comes
    /// after `dispatch` returns. The one spelling apart from
    /// ``init(_:condition:dispatchConditionRejection:pendingMeta:serializeError:cancellationID:cancelInFlight:cancelledDispatches:body:)``:
    /// a synchronous `condition` is checked inside the dispatch in every store
    /// layout, an awaiting one in the run's task, so they cannot share one
    /// parameter without making every condition `async`.
    ///
    /// - Parameters:
    ///   - typePrefix: Names its lifecycle actions, like `"todos/load"`.
    ///   - asyncCondition: Returning `false` skips the run, with no lifecycle
    ///     action; its handle fails with ``AsyncThunkConditionError``. A run
    ///     cancelled while it waits for its condition, which then returns
    ///     `true`, dispatches a ``Rejected`` action marked
    ///     ``Rejected/wasCancelled`` (with the reason given to
    ///     `cancel(reason:)`) and no ``Pending`` one, and its handle fails with
    ///     a `CancellationError`, as in Redux Toolkit (an `AbortError`).
    ///   - dispatchConditionRejection: As in the initializer with `condition`.
    ///   - pendingMeta: As in the initializer with `condition`.
    ///   - serializeError: As in the initializer with `condition`.
    ///   - cancellationID: As in the initializer with `condition`.
    ///   - cancelInFlight: As in the initializer with `condition`.
    ///   - cancelledDispatches: As in the initializer with `condition`.
    ///   - body: As in the initializer with `condition`.
    public init(
        _ typePrefix: String,
        asyncCondition:
            nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkConditionContext<State>) async -> Bool,
        dispatchConditionRejection: Bool = false,
        pendingMeta: (@Sendable (Argument, AsyncThunkConditionContext<State>) -> (any Sendable)?)? = nil,
        serializeError: @escaping @Sendable (any Error) -> SerializedError = { SerializedError($0) },
        cancellationID: (@Sendable (Argument) -> (any Hashable & Sendable)?)? = nil,
        cancelInFlight: Bool = false,
        cancelledDispatches: CancelledDispatches = .drop,
        body: nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) {
        self.init(
            typePrefix, .deferred(asyncCondition), dispatchConditionRejection, pendingMeta, serializeError,
            cancellationID, cancelInFlight, cancelledDispatches, body)
    }

    /// The one place both public initializers build a thunk.
    private init(
        _ typePrefix: String, _ condition: Condition?, _ dispatchConditionRejection: Bool,
        _ pendingMeta: (@Sendable (Argument, AsyncThunkConditionContext<State>) -> (any Sendable)?)?,
        _ serializeError: @escaping @Sendable (any Error) -> SerializedError,
        _ cancellationID: (@Sendable (Argument) -> (any Hashable & Sendable)?)?, _ cancelInFlight: Bool,
        _ cancelledDispatches: CancelledDispatches,
        _ body: nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) {
        self.typePrefix = typePrefix
        self.body = body
        self.options = Options(
            condition: condition, dispatchConditionRejection: dispatchConditionRejection, pendingMeta: pendingMeta,
            serializeError: serializeError, cancellationID: cancellationID, cancelInFlight: cancelInFlight,
            cancelledDispatches: cancelledDispatches)
    }

    /// The action that starts a run with `argument`; dispatch it.
    ///
    /// - Parameter argument: What the body receives.
    /// - Returns: The action to dispatch: `store.dispatch(_:)` with it returns the run's typed handle.
    public func callAsFunction(_ argument: Argument) -> AsyncThunkAction<State, Argument, Value> {
        AsyncThunkAction(thunk: self, argument: argument)
    }

    /// Matches this thunk's ``Pending`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Pending`` action, or `nil` if it is not one.
    @inlinable
    public func pending(_ action: any Action) -> Pending? {
        (action as? Pending).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }

    /// Matches this thunk's ``Fulfilled`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Fulfilled`` action, or `nil` if it is not one.
    @inlinable
    public func fulfilled(_ action: any Action) -> Fulfilled? {
        (action as? Fulfilled).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }

    /// Matches this thunk's ``Rejected`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Rejected`` action, or `nil` if it is not one.
    @inlinable
    public func rejected(_ action: any Action) -> Rejected? {
        (action as? Rejected).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }

    /// Matches this thunk's ``Fulfilled`` or ``Rejected`` action: a run that
    /// ended, however (Redux Toolkit's `settled` matcher).
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: The run's end, or `nil` if `action` is neither.
    @inlinable
    public func settled(_ action: any Action) -> Settled? {
        if let fulfilled = fulfilled(action) { return .fulfilled(fulfilled) }
        return rejected(action).map { .rejected($0) }
    }

    /// Matches this thunk's ``Rejected`` action when the body rejected the run
    /// with a value (Redux Toolkit's `isRejectedWithValue`); read the value
    /// with `rejectedValue(as:)`.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Rejected`` action, or `nil` if it
    ///   is not one or carries no rejected value.
    @inlinable
    public func rejectedWithValue(_ action: any Action) -> Rejected? {
        rejected(action).flatMap { $0.wasRejectedWithValue ? $0 : nil }
    }
}

extension AsyncThunk where Argument == Void {
    /// The action that starts a run; dispatch it.
    ///
    /// - Returns: The action to dispatch: `store.dispatch(_:)` with it returns the run's typed handle.
    public func callAsFunction() -> AsyncThunkAction<State, Argument, Value> {
        AsyncThunkAction(thunk: self, argument: ())
    }
}

/// The action that starts a run of an ``AsyncThunk``; made by calling the thunk.
///
/// Dispatch it with `dispatch(_:)`: `store.dispatch(loadTodos())` picks the
/// overload that takes an `AsyncThunkAction` (on a `Store`, a `SharedStore`,
/// an ``AsyncThunkContext`` or a ``ListenerContext``) and returns the run's
/// ``AsyncThunkHandle``, typed; that is how to get the handle. It stops the
/// process if the store has no `thunkMiddleware()`.
///
/// Dispatched as `any Action` (`store.dispatch(action as any Action)`, or by
/// middleware, a replay, a `TestStore`), it goes through the untyped
/// `dispatch(_:)`, which starts the run all the same but returns an action
/// that only stands for the started run: not the handle (which is not an
/// action), and nothing to cast. Without the thunk middleware, the untyped
/// dispatch returns this action itself, and the reducers ignore it.
public struct AsyncThunkAction<State: Sendable, Argument: Sendable, Value: Sendable>: Action {
    /// The thunk to run.
    public let thunk: AsyncThunk<State, Argument, Value>
    /// The argument to run it with.
    public let argument: Argument

    /// `"<prefix>"`, the thunk's type prefix.
    public var type: String { thunk.typePrefix }
}
