/// What the thunk middleware gives an async thunk's action to start a run: its
/// store's `dispatch` and `getState` (used inside the dispatch that started
/// the run, in the store's domain), the way back for the run's task, the runner
/// the task runs in, the dependencies, and the store's runs tagged for
/// cancellation.
struct AsyncThunkEnvironment<State: Sendable> {
    let dispatch: DispatchFunction
    let getState: () -> State
    let store: WeakStore<State>
    let runner: EffectRunner
    let dependencies: EffectDependencies
    let cancellations: ThunkCancellations
}

/// An action the thunk middleware starts, whatever its argument and value types.
protocol AsyncThunkStarting<State>: Action {
    associatedtype State: Sendable
    /// Checks the thunk's condition and dispatches the pending action (inside
    /// the dispatch that started the run), starts the run, and returns its
    /// handle, wrapped for the middleware chain.
    func start(in environment: AsyncThunkEnvironment<State>) -> AsyncThunkStarted
}

extension AsyncThunkStarting {
    /// Starts the run in `environment`, an ``AsyncThunkEnvironment`` of this
    /// action's state: the thunk middleware knows it is (the shared
    /// ``ActionTypeFacts`` said so), and casting the environment to a concrete
    /// type costs far less than casting the action to `any
    /// AsyncThunkStarting<State>` (a constrained existential, whose cast
    /// demangles a type name) on every dispatch.
    func start(inEnvironmentOfItsState environment: Any) -> AsyncThunkStarted {
        start(in: environment as! AsyncThunkEnvironment<State>)
    }
}

extension AsyncThunkAction: AsyncThunkStarting {
    func start(in environment: AsyncThunkEnvironment<State>) -> AsyncThunkStarted {
        AsyncThunkStarted(handle: startRun(in: environment))
    }

    /// Checks the thunk's condition and dispatches the pending action (inside
    /// the dispatch that started the run), starts the run, and returns its
    /// handle.
    func startRun(in environment: AsyncThunkEnvironment<State>) -> AsyncThunkHandle<Value> {
        let requestID = RequestID.next()
        let thunk = thunk
        let argument = argument
        let options = thunk.options
        let store = environment.store
        // Dispatched (under `.deliver`) by an effect already cancelled (its
        // scope, or its task: a body that cancelled its own task): as in RTK,
        // the run is aborted before it starts, before any condition. Its body
        // does not run, and its one action is a `Rejected` marked cancelled
        // (not a condition's).
        if let effect = EffectTask.current, effect.isCancelled || Task.isCancelled {
            let aborted = AsyncThunk<State, Argument, Value>.Rejected(
                typePrefix: thunk.typePrefix, requestID: requestID, argument: argument, error: CancellationError(),
                wasCancelled: true, cancelReason: nil)
            EffectOrigin.$current.withValue(.asyncThunk) { _ = environment.dispatch(aborted) }
            return handle(requestID: requestID, run: AsyncThunkRun(outcome: .failure(CancellationError())), task: nil)
        }
        let conditionContext: AsyncThunkConditionContext<State>? =
            options.condition != nil || options.pendingMeta != nil
            ? AsyncThunkConditionContext(
                requestID: requestID, state: environment.getState(), dependencies: environment.dependencies,
                store: store)
            : nil
        if case .immediate(let condition) = options.condition, let conditionContext,
            !condition(argument, conditionContext)
        {
            let error = AsyncThunkConditionError(typePrefix: thunk.typePrefix)
            if options.dispatchConditionRejection {
                let skipped = thunk.skipped(requestID: requestID, argument: argument, error: error)
                EffectOrigin.$current.withValue(.asyncThunk) { _ = environment.dispatch(skipped) }
            }
            return handle(requestID: requestID, run: AsyncThunkRun(outcome: .failure(error)), task: nil)
        }
        let run = AsyncThunkRun<Value>(
            effect: EffectTask(activity: EffectActivity("async thunk", named: thunk.typePrefix)))
        // Tagged before its task starts, so a cancellation by ID from its first steps reaches it.
        thunk.tag(run, with: argument, in: environment.cancellations)
        var deferredCondition: AsyncThunk<State, Argument, Value>.DeferredCondition?
        if case .deferred(let condition) = options.condition {
            deferredCondition = condition
        } else {
            if options.cancelInFlight { run.cancelsRunsInFlight() }
            let pending = thunk.pendingAction(requestID: requestID, argument: argument, conditionContext)
            EffectOrigin.$current.withValue(.asyncThunk) { _ = environment.dispatch(pending) }
        }
        let context = AsyncThunkContext(
            requestID: requestID, dependencies: environment.dependencies, store: store,
            cancelledDispatches: options.cancelledDispatches, runIsCancelled: { run.isCancelled },
            runSettled: { _ = await run.result() })
        let condition = deferredCondition
        let runner = WeakEffectRunner(environment.runner)
        // No capture list: Swift 6.3.1 makes a closure with one a plain `async`
        // closure, which would hop off the store's actor before the body starts.
        let task = environment.runner.run(
            .asyncThunk, effect: run.effect, on: store.route.actor, from: store.route.actor
        ) {
            defer { run.untag() }
            if let deferredCondition = condition, let conditionContext {
                let started = await thunk.startDeferred(
                    argument, condition: deferredCondition, context: conditionContext, store: store, run: run)
                guard started else { return }
            }
            await thunk.perform(argument, context: context, store: store, run: run, runner: runner)
        }
        return handle(requestID: requestID, run: run, task: task)
    }

    private func handle(requestID: RequestID, run: AsyncThunkRun<Value>, task: Task<Void, Never>?)
        -> AsyncThunkHandle<Value>
    {
        AsyncThunkHandle(requestID: requestID, typePrefix: thunk.typePrefix, argument: argument, run: run, task: task)
    }
}

extension AsyncThunk {
    /// Tags `run` in `table` with what the thunk's `cancellationID` gives for
    /// `argument` (untagged if it gives `nil`), or, with `cancelInFlight` and
    /// no `cancellationID`, with no ID (every run of the thunk).
    fileprivate func tag(_ run: AsyncThunkRun<Value>, with argument: Argument, in table: ThunkCancellations) {
        if let cancellationID = options.cancellationID {
            guard let given = cancellationID(argument) else { return }
            run.tag(in: table, thunk: typePrefix, id: EffectID(given))
        } else if options.cancelInFlight {
            run.tag(in: table, thunk: typePrefix, id: nil)
        }
    }

    /// The pending action of a run, with the thunk's `pendingMeta`.
    fileprivate func pendingAction(
        requestID: RequestID, argument: Argument, _ conditionContext: AsyncThunkConditionContext<State>?
    ) -> Pending {
        let meta = conditionContext.flatMap { context in options.pendingMeta?(argument, context) }
        return Pending(
            typePrefix: typePrefix, requestID: requestID, argument: argument, metaPayload: meta.map { .given($0) })
    }

    /// The rejected action of a run its condition said no to.
    fileprivate func skipped(requestID: RequestID, argument: Argument, error: AsyncThunkConditionError) -> Rejected {
        Rejected(
            typePrefix: typePrefix, requestID: requestID, argument: argument, error: error,
            serializedError: error.serializedError, wasCancelled: false, cancelReason: nil,
            wasSkippedByCondition: true, rejectedPayload: nil, metaPayload: nil)
    }

    /// Checks an `asyncCondition` in the run's task and, if it says yes,
    /// dispatches the pending action.
    ///
    /// As in Redux Toolkit: a condition that says no is a condition rejection
    /// (dispatched only with `dispatchConditionRejection`), even if the run was
    /// cancelled meanwhile; a run cancelled while its condition ran, which
    /// then said yes, dispatches a rejected action marked cancelled, with the
    /// reason given (RTK's `AbortError`, `meta.aborted`), and no pending one.
    ///
    /// - Returns: Whether the run goes on (if not, it has finished).
    nonisolated(nonsending) fileprivate func startDeferred(
        _ argument: Argument,
        condition: DeferredCondition,
        context: AsyncThunkConditionContext<State>, store: WeakStore<State>, run: AsyncThunkRun<Value>
    ) async -> Bool {
        let allowed = await condition(argument, context)
        guard allowed else {
            let error = AsyncThunkConditionError(typePrefix: typePrefix)
            if options.dispatchConditionRejection {
                await store.dispatch(skipped(requestID: context.requestID, argument: argument, error: error))
            }
            run.finish(.failure(error))
            return false
        }
        if Task.isCancelled {
            await store.dispatch(
                Rejected(
                    typePrefix: typePrefix, requestID: context.requestID, argument: argument,
                    error: CancellationError(), wasCancelled: true, cancelReason: run.cancelReason))
            run.finish(.failure(CancellationError()))
            return false
        }
        if options.cancelInFlight { run.cancelsRunsInFlight() }
        let pending = pendingAction(requestID: context.requestID, argument: argument, context)
        guard await store.dispatch(pending) != nil else {
            run.finish(.failure(CancellationError()))  // the store is gone
            return false
        }
        return true
    }

    /// Runs the body in the run's task and settles the run with whichever
    /// comes first, the body's end or a cancellation.
    ///
    /// The body's end settles the run here, in the same task (no other task,
    /// and no hop, on the common path). A cancellation that comes first
    /// settles it at once, in a task of its own (RTK settles an aborted run
    /// without waiting for its body); the body sees the cancellation, and its
    /// task ends only once the run has settled and the body has returned, so
    /// the effect counts as running until both are done.
    fileprivate func perform(
        _ argument: Argument, context: AsyncThunkContext<State>, store: WeakStore<State>, run: AsyncThunkRun<Value>,
        runner: WeakEffectRunner, isolation: isolated (any Actor)? = #isolation
    ) async {
        let outcome: Result<Value, any Error> = await withTaskCancellationHandler {
            _ = isolation  // isolates the closure to the run's actor
            do {
                return .success(try await body(argument, context))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            guard run.end(.cancelled) else { return }
            settleCancelled(argument, context: context, store: store, run: run, runner: runner)
        }
        if run.end(.completed(outcome)) {
            await settle(.completed(outcome), argument: argument, context: context, store: store, run: run)
        } else {
            _ = await run.result()  // settled by the cancellation's own task
        }
    }

    /// Settles a run its cancellation ended first, in a task of its own on the
    /// store's actor (or under its shared store's lock), counted with the
    /// store's effects; it belongs to no effect and no dispatch (the run's own
    /// task does, and waits for it). With the store gone, the run settles
    /// with no action.
    private func settleCancelled(
        _ argument: Argument, context: AsyncThunkContext<State>, store: WeakStore<State>, run: AsyncThunkRun<Value>,
        runner: WeakEffectRunner
    ) {
        guard let runner = runner.runner else { return run.finish(.failure(CancellationError())) }
        EffectTask.$current.withValue(nil) {
            EffectCollector.$current.withValue(nil) {
                _ = runner.run(
                    .asyncThunk, effect: EffectTask(activity: EffectActivity("async thunk", named: typePrefix)),
                    on: store.route.actor, from: nil, startsLater: true
                ) {
                    await settle(.cancelled, argument: argument, context: context, store: store, run: run)
                }
            }
        }
    }

    /// Dispatches the run's fulfilled or rejected action, then hands the
    /// outcome to the handle's awaiters.
    nonisolated(nonsending) private func settle(
        _ ending: AsyncThunkRun<Value>.Ending, argument: Argument, context: AsyncThunkContext<State>,
        store: WeakStore<State>, run: AsyncThunkRun<Value>
    ) async {
        let requestID = context.requestID
        switch ending {
        case .completed(.success(let value)):
            await store.dispatch(
                Fulfilled(
                    typePrefix: typePrefix, requestID: requestID, argument: argument, value: value,
                    metaPayload: context.fulfilledMeta.withLock { $0 }))
            run.finish(.success(value))
        case .completed(.failure(let error)):
            let rejection = error as? RejectedWithValue
            await store.dispatch(
                Rejected(
                    typePrefix: typePrefix, requestID: requestID, argument: argument, error: error,
                    serializedError: options.serializeError(error), wasCancelled: error is CancellationError,
                    cancelReason: nil, wasSkippedByCondition: false, rejectedPayload: rejection?.payload,
                    metaPayload: rejection?.metaPayload))
            run.finish(.failure(error))
        case .cancelled:
            let reason = run.cancelReason
            await store.dispatch(
                Rejected(
                    typePrefix: typePrefix, requestID: requestID, argument: argument, error: CancellationError(),
                    wasCancelled: true, cancelReason: reason))
            run.finish(.failure(CancellationError()))
        }
    }
}
