/// A weak, `Sendable` reference to a store, for effects that outlive the
/// dispatch that started them: middleware get one from `api.weakStore`.
///
/// While the store lives, `dispatch` sends an action through its whole
/// middleware chain, from any task; once the store is freed it does nothing,
/// so an effect that finishes late never dispatches into a dead store. Every
/// call runs in the store's own isolation domain: under the lock of the
/// ``SharedStore`` that holds it, or on the actor the store was created on, so
/// the calls are `async`. Using one whose store has neither (a plain store made
/// outside any actor, whose chain has no effect middleware created on an actor)
/// stops the process with a message naming the fixes, rather than drop what
/// the effect dispatches.
public final class WeakStore<State: Sendable>: Sendable {
    package let route: EffectRoute<State>

    package init(_ route: EffectRoute<State>) {
        self.route = route
    }

    /// Whether the store is still alive.
    public var isAlive: Bool {
        get async { await route.read { _ in true } ?? false }
    }

    /// Dispatches `action` through the store's whole middleware chain.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone (and
    ///   nothing was dispatched).
    @discardableResult
    public func dispatch(_ action: any Action) async -> (any Action)? {
        await route.dispatch(action)
    }

    /// The store's current state: read like an effect context's `getState()`.
    ///
    /// - Returns: The state, read now.
    /// - Throws: `CancellationError` if the store is gone (its effects are then
    ///   being cancelled).
    public func getState() async throws -> State {
        guard let state = await route.read({ $0 }) else { throw CancellationError() }
        return state
    }
}
