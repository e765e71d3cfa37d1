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

    /// The handle, if `returned` (what a dispatch returned) is a started run
    /// of a thunk of this `Value`.
    ///
    /// - Parameter returned: What a dispatch returned.
    /// - Returns: The typed handle, or `nil` if no thunk middleware started the run.
    package static func handle<Value: Sendable>(in returned: any Action, as _: Value.Type) -> AsyncThunkHandle<Value>? {
        (returned as? AsyncThunkStarted)?.handle as? AsyncThunkHandle<Value>
    }
}
