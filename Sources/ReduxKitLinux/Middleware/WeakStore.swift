/// A weak, `Sendable` reference to a store, for effects that outlive the
/// dispatch that started them: middleware get one from `api.weakStore`.
///
/// While the store lives, `dispatch` sends an action through its whole
/// middleware chain, from any task; once the store is freed it does nothing,
/// so an effect that finishes late never dispatches into a dead store. Every
/// call runs in the store's own isolation domain: under the lock of the
/// ``SharedStore`` that holds it, or on the actor the store lives on (learned
/// where it is dispatched to: see ``DispatchingStore/dispatch(_:isolation:)-(A,_)``), so the
/// calls are `async`. They run on the caller's executor until they hop to
/// the store's (`nonisolated(nonsending)`), so an effect already on the store's
/// actor reads and dispatches without suspending. For a store a task owns
/// (one only ever used from nonisolated code), a dispatch away from the
/// owner's calls is posted for the owner to apply at its next use of the
/// store (it returns the action), and a read gives the state as the store's
/// last reduction left it.
public final class WeakStore<State: Sendable>: AsyncDispatchingStore {
    package let route: StoreRoute<State>

    package init(_ route: StoreRoute<State>) {
        self.route = route
    }

    /// Whether the store is still alive.
    nonisolated(nonsending) public var isAlive: Bool {
        get async { await route.read { _ in true } ?? false }
    }

    /// Dispatches `action` through the store's whole middleware chain.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone (and
    ///   nothing was dispatched).
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `AsyncDispatchingStore` win for their actions
    nonisolated(nonsending) public func dispatch(_ action: any Action) async -> (any Action)? {
        await route.dispatch(action)
    }

    /// The store's current state: read like an effect context's `getState()`.
    ///
    /// - Returns: The state, read now.
    /// - Throws: `CancellationError` if the store is gone (its effects are then
    ///   being cancelled).
    nonisolated(nonsending) public func getState() async throws -> State {
        guard let state = await route.read({ $0 }) else { throw CancellationError() }
        return state
    }
}
