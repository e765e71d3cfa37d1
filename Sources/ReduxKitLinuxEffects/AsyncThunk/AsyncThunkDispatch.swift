extension DispatchingStore where State: Sendable {
    /// Dispatches an async thunk's action and returns the run's handle, typed:
    /// on a ``/ReduxKitLinux/Store`` (a scoped one too), a
    /// ``/ReduxKitLinux/SharedStore`` and an ``/ReduxKitLinux/ObservableStore``.
    ///
    /// Swift picks this overload over the untyped `dispatch(_:)` whenever the
    /// argument is an ``/ReduxKitLinuxEffects/AsyncThunkAction`` of this
    /// store's state, as in `store.dispatch(loadTodos())`. The body starts at
    /// once and runs up to its first real suspension before this returns (as
    /// in Redux Toolkit). The run's results come back into the store's domain:
    /// for a `Store`, `isolation`, the actor the caller runs on, which the
    /// store lives on from then on (see
    /// ``/ReduxKitLinux/DispatchingStore/dispatch(_:isolation:)-(A,_)``); for a `SharedStore`,
    /// under its lock, from whatever task dispatched; for an `ObservableStore`,
    /// the main actor (the model's readers are told of the pending action's
    /// changes when this returns). Stops the process if the store has no
    /// `thunkMiddleware()`, since the run would never start, if the thunk is
    /// typed for another state (its body would never run), or if no actor was
    /// ever known for the store and no `SharedStore` holds it (a store only
    /// ever used from nonisolated code), since its results could not come
    /// back without a data race.
    ///
    /// - Parameters:
    ///   - action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(
        _ action: AsyncThunkAction<State, Argument, Value>,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncThunkHandle<Value> {
        settleRoutes(of: self, on: isolation)
        return AsyncThunkStarted.handle(in: dispatch(action as any Action), as: Value.self)
    }
}

extension AsyncDispatchingStore {
    /// Starts an async thunk of this store from an effect and returns its
    /// handle, typed: from an ``AsyncThunkContext``, a ``ListenerContext`` or
    /// a ``/ReduxKitLinux/WeakStore``.
    ///
    /// A run started from an effect's context belongs to the effect: it is
    /// cancelled when the effect's run (or, for an async thunk, its store) is.
    /// Await its handle's `value` to use its result (a rejection then
    /// rethrows, rejecting an async thunk's run with the same error unless its
    /// body catches it). Stops the process if the store has no
    /// `thunkMiddleware()`.
    ///
    /// - Parameter action: Made by calling an ``AsyncThunk`` of this store's state.
    /// - Returns: The run's handle, or `nil` if the store is gone or the
    ///   effect was cancelled (nothing was started; see the untyped `dispatch(_:)`).
    @discardableResult
    nonisolated(nonsending) public func dispatch<Argument, Value>(_ action: AsyncThunkAction<State, Argument, Value>)
        async -> AsyncThunkHandle<Value>?
    {
        guard let returned = await dispatch(action as any Action) else { return nil }
        return AsyncThunkStarted.handle(in: returned, as: Value.self)
    }
}

/// What the thunk middleware returns through the middleware chain for an async
/// thunk's action it started (the chain's functions return `any Action`): the
/// run's ``AsyncThunkHandle``, untyped. The typed `dispatch(_:)` overloads of
/// `Store`, `SharedStore`, ``AsyncThunkContext`` and ``ListenerContext``
/// unwrap it; an untyped dispatch (`store.dispatch(action as any Action)`)
/// returns it as it is.
package struct AsyncThunkStarted: Action {
    /// The run's handle, an `AsyncThunkHandle<Value>` of the thunk's `Value`.
    package let handle: any Sendable

    package init(handle: any Sendable) {
        self.handle = handle
    }

    /// The handle in `returned` (what a dispatch of an async thunk's action
    /// returned), typed; stops the process, naming the fix, if no thunk
    /// middleware started the run (the action came back as it went in).
    ///
    /// - Parameter returned: What a dispatch returned.
    /// - Returns: The typed handle.
    package static func handle<Value: Sendable>(in returned: any Action, as _: Value.Type) -> AsyncThunkHandle<Value> {
        guard let handle = (returned as? AsyncThunkStarted)?.handle as? AsyncThunkHandle<Value> else {
            Misuse.fail(EffectsMisuse.asyncThunkWithoutMiddleware)
        }
        return handle
    }
}
