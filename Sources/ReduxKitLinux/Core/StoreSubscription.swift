/// The handle ``Store/subscribe(_:)`` returns: one subscriber's place in its
/// store's subscriber list.
///
/// It holds its store weakly, so a subscriber that keeps its own handle makes
/// no cycle, and a handle kept after the store is gone reports `disposed`.
final class StoreSubscription<State>: ReduxDisposable, @unchecked Sendable {
    // Every `var` below is read and written only with `core.lock` held.

    /// The store core this subscription belongs to.
    weak let core: StoreCore<State>?
    /// The subscriber, or `nil` once disposed (releasing it at once).
    var subscriber: ((State) -> Void)?
    /// The store version this subscriber last received (or subscribed at).
    var lastVersion: UInt64
    /// Where this subscription sits in the core's subscriber list.
    var index: Int

    init(core: StoreCore<State>, subscriber: @escaping (State) -> Void, version: UInt64, index: Int) {
        self.core = core
        self.subscriber = subscriber
        self.lastVersion = version
        self.index = index
    }

    var disposed: Bool {
        guard let core else { return true }
        return core.isDisposed(self)
    }

    func dispose() {
        core?.unsubscribe(self)
    }
}
