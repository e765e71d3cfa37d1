/// The handle ``Store/subscribe(_:)`` returns for a store's own subscriber.
///
/// It holds its store weakly, so a subscriber that keeps its own handle makes
/// no cycle, and a handle kept after the store is gone reports `disposed`.
@usableFromInline
final class StoreSubscription<State>: ReduxDisposable, @unchecked Sendable {
    // `index` and `isDisposed` are read and written only with the owning core's lock held.

    /// The store core this subscription belongs to.
    @usableFromInline weak let core: StoreCore<State>?
    /// Where this subscription's slot sits in the core's subscriber list.
    @usableFromInline var index: Int
    /// Whether `dispose()` has run.
    @usableFromInline var isDisposed = false

    @usableFromInline
    init(core: StoreCore<State>, index: Int) {
        self.core = core
        self.index = index
    }

    @usableFromInline
    var disposed: Bool {
        guard let core else { return true }
        return core.isDisposed(self)
    }

    @usableFromInline
    func dispose() {
        core?.unsubscribe(self)
    }
}
