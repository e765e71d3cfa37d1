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
