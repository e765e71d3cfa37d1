/// An asynchronous effect with a lifecycle, as Redux Toolkit's `createAsyncThunk`:
/// dispatching it runs its body in a task and dispatches a ``Pending`` action at
/// once, then a ``Fulfilled`` action with the value or a ``Rejected`` action
/// with the error. One ``RequestID`` ties the three together.
///
/// ```swift
/// let loadTodos = AsyncThunk<AppState, Void, [Todo]>("todos/load") { _, context in
///     try await api.todos()
/// }
///
/// // In a reducer:
/// if loadTodos.pending(action) != nil { state.isLoading = true }
/// if let done = loadTodos.fulfilled(action) { state.todos = done.value }
///
/// // Anywhere:
/// let handle = store.dispatch(thunk: loadTodos())   // an AsyncThunkHandle<[Todo]>
/// let todos = try await handle.value
/// ```
///
/// It needs the `thunkMiddleware()`, and a way back into the store for its
/// results: a store created on an actor (with its `thunkMiddleware()` created
/// there too), or a ``SharedStore``. The body runs in a task; cancelling the
/// handle cancels that task (the body sees it cooperatively, through
/// `Task.isCancelled` or a throwing `Task.checkCancellation()`), and the run is
/// then reported as rejected with ``Rejected/wasCancelled`` set. A body that
/// throws never crashes anything: its error goes into the ``Rejected`` action.
/// When the store is freed, its running thunks are cancelled and nothing more
/// is dispatched.
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
    public let body: @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value

    /// Defines an async thunk.
    ///
    /// - Parameters:
    ///   - typePrefix: Names its lifecycle actions, like `"todos/load"`.
    ///   - body: The effect: given the argument and a context to dispatch and
    ///     read the state from, returns the value or throws.
    public init(
        _ typePrefix: String,
        body: @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) {
        self.typePrefix = typePrefix
        self.body = body
    }

    /// The action that starts a run with `argument`; dispatch it.
    ///
    /// - Parameter argument: What the body receives.
    /// - Returns: The action to dispatch (with `store.dispatch(thunk:)` for a typed handle).
    public func callAsFunction(_ argument: Argument) -> AsyncThunkAction<State, Argument, Value> {
        AsyncThunkAction(thunk: self, argument: argument)
    }

    /// Dispatched when a run starts, before `dispatch` returns.
    public struct Pending: Action {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        /// `"<prefix>/pending"`.
        public var type: String { typePrefix + "/pending" }
    }

    /// Dispatched when a run returns a value (and was not cancelled).
    public struct Fulfilled: Action {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        /// What the body returned.
        public let value: Value
        /// `"<prefix>/fulfilled"`.
        public var type: String { typePrefix + "/fulfilled" }
    }

    /// Dispatched when a run throws or is cancelled.
    public struct Rejected: Action {
        /// The thunk's type prefix.
        public let typePrefix: String
        /// The run.
        public let requestID: RequestID
        /// The argument the run started with.
        public let argument: Argument
        /// What the body threw (a `CancellationError` when it was cancelled and
        /// returned anyway).
        public let error: any Error
        /// Whether the run was cancelled.
        public let wasCancelled: Bool
        /// `"<prefix>/rejected"`.
        public var type: String { typePrefix + "/rejected" }
    }

    /// Matches this thunk's ``Pending`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Pending`` action, or `nil` if it is not one.
    public func pending(_ action: any Action) -> Pending? {
        (action as? Pending).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }

    /// Matches this thunk's ``Fulfilled`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Fulfilled`` action, or `nil` if it is not one.
    public func fulfilled(_ action: any Action) -> Fulfilled? {
        (action as? Fulfilled).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }

    /// Matches this thunk's ``Rejected`` action, for reducers.
    ///
    /// - Parameter action: A dispatched action.
    /// - Returns: `action` as this thunk's ``Rejected`` action, or `nil` if it is not one.
    public func rejected(_ action: any Action) -> Rejected? {
        (action as? Rejected).flatMap { $0.typePrefix == typePrefix ? $0 : nil }
    }
}

extension AsyncThunk where Argument == Void {
    /// The action that starts a run; dispatch it.
    ///
    /// - Returns: The action to dispatch (with `store.dispatch(thunk:)` for a typed handle).
    public func callAsFunction() -> AsyncThunkAction<State, Argument, Value> {
        AsyncThunkAction(thunk: self, argument: ())
    }
}

/// What an ``AsyncThunk``'s body gets: its run's identifier, and a way to
/// dispatch and read the state from its task.
///
/// Both run in the store's own domain (on its actor, or under its
/// ``SharedStore``'s lock), so they are `async`.
public struct AsyncThunkContext<State: Sendable>: Sendable {
    /// The run.
    public let requestID: RequestID
    /// What the thunk middleware was given (see ``Dependencies``).
    public let dependencies: Dependencies
    let store: WeakStore<State>

    /// Dispatches `action` through the store's whole middleware chain; does
    /// nothing once the store is gone.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone.
    @discardableResult
    public func dispatch(_ action: any Action) async -> (any Action)? {
        await store.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state, read now (not when the effect started).
    /// - Throws: `CancellationError` if the store is gone (its effects are then
    ///   being cancelled).
    public func getState() async throws -> State {
        guard let state = await store.getState() else { throw CancellationError() }
        return state
    }
}

/// The action that starts a run of an ``AsyncThunk``; made by calling the thunk.
public struct AsyncThunkAction<State: Sendable, Argument: Sendable, Value: Sendable>: Action {
    /// The thunk to run.
    public let thunk: AsyncThunk<State, Argument, Value>
    /// The argument to run it with.
    public let argument: Argument

    /// `"<prefix>"`, the thunk's type prefix.
    public var type: String { thunk.typePrefix }
}

/// What `dispatch` returns for an ``AsyncThunkAction`` when the thunk middleware
/// ran it: await the run's value, or cancel it.
public final class AsyncThunkHandle<Value: Sendable>: Action {
    /// The run.
    public let requestID: RequestID
    private let task: Task<Result<Value, any Error>, Never>

    init(requestID: RequestID, task: Task<Result<Value, any Error>, Never>) {
        self.requestID = requestID
        self.task = task
    }

    /// The run's value, or the error it was rejected with.
    public var value: Value {
        get async throws { try await task.value.get() }
    }

    /// The run's outcome.
    public var result: Result<Value, any Error> {
        get async { await task.value }
    }

    /// Cancels the run: its body sees the cancellation cooperatively, and the run
    /// is reported as rejected with `wasCancelled` set.
    public func cancel() {
        task.cancel()
    }
}

extension Store where State: Sendable {
    /// Dispatches an async thunk's action and returns the run's handle, typed.
    ///
    /// `store.dispatch(loadTodos())` does the same and returns the handle as
    /// `any Action`; this form saves the cast. (It has its own label because
    /// Swift would otherwise always pick the untyped `dispatch(_:)`.) Stops the
    /// process if the store has no `thunkMiddleware()`, since the run would
    /// never start.
    ///
    /// - Parameter action: Made by calling an ``AsyncThunk``.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(thunk action: AsyncThunkAction<State, Argument, Value>) -> AsyncThunkHandle<
        Value
    > {
        guard let handle = dispatch(action as any Action) as? AsyncThunkHandle<Value> else {
            Misuse.fail(Misuse.asyncThunkWithoutMiddleware)
        }
        return handle
    }
}

extension SharedStore {
    /// Dispatches an async thunk's action and returns the run's handle, typed;
    /// see ``Store/dispatch(thunk:)``.
    ///
    /// - Parameter action: Made by calling an ``AsyncThunk``.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(thunk action: AsyncThunkAction<State, Argument, Value>) -> AsyncThunkHandle<
        Value
    > {
        guard let handle = dispatch(action as any Action) as? AsyncThunkHandle<Value> else {
            Misuse.fail(Misuse.asyncThunkWithoutMiddleware)
        }
        return handle
    }
}

/// An action the thunk middleware starts, whatever its argument and value types.
protocol AsyncThunkStarting<State>: Action {
    associatedtype State: Sendable
    /// Dispatches the pending action with `dispatch` (inside the dispatch that
    /// started the run, in the store's domain), starts the run in `runner`, and
    /// returns its handle. The run dispatches its result through `store`.
    func start(dispatch: Dispatch, store: WeakStore<State>, runner: EffectRunner, dependencies: Dependencies)
        -> any Action
}

extension AsyncThunkAction: AsyncThunkStarting {
    func start(dispatch: Dispatch, store: WeakStore<State>, runner: EffectRunner, dependencies: Dependencies)
        -> any Action
    {
        let requestID = RequestID.next()
        let typePrefix = thunk.typePrefix
        let argument = argument
        let body = thunk.body
        typealias Lifecycle = AsyncThunk<State, Argument, Value>
        _ = dispatch(Lifecycle.Pending(typePrefix: typePrefix, requestID: requestID, argument: argument))
        let context = AsyncThunkContext(requestID: requestID, dependencies: dependencies, store: store)
        let task = runner.run { () async -> Result<Value, any Error> in
            do {
                let value = try await body(argument, context)
                try Task.checkCancellation()
                await store.dispatch(
                    Lifecycle.Fulfilled(typePrefix: typePrefix, requestID: requestID, argument: argument, value: value))
                return .success(value)
            } catch {
                await store.dispatch(
                    Lifecycle.Rejected(
                        typePrefix: typePrefix, requestID: requestID, argument: argument, error: error,
                        wasCancelled: Task.isCancelled || error is CancellationError))
                return .failure(error)
            }
        }
        return AsyncThunkHandle(requestID: requestID, task: task)
    }
}
