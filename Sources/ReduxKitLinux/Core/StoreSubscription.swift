/// The handle ``Store/subscribe(_:)`` returns for a store's own subscriber.
///
/// It is not generic: disposing goes through `ReduxDisposable`, and a generic
/// class's witness would run unspecialised (looking up generic metadata on
/// every call). Instead it calls its core's `removeSubscription`, a function the
/// core formed in code specialised for its state.
///
/// It holds its store weakly, so a subscriber that keeps its own handle makes
/// no cycle, and a handle kept after the store is gone reports `disposed`. Like
/// its store, it is not `Sendable`: it is used in the store's isolation domain.
@usableFromInline
final class StoreSubscription: ReduxDisposable {
    // `index` and `isDisposed` are only touched in the store's isolation domain,
    // and the store never touches them from inside a call that could overlap, so
    // Swift's run-time exclusivity checks are switched off for them.

    /// The store core this subscription belongs to.
    @usableFromInline weak let core: StoreCoreBase?
    /// Where this subscription's slot sits in the core's subscriber list.
    @usableFromInline @exclusivity(unchecked) var index: Int
    /// Whether `dispose()` has run.
    @usableFromInline @exclusivity(unchecked) var isDisposed = false

    @usableFromInline
    init(core: StoreCoreBase, index: Int) {
        self.core = core
        self.index = index
    }

    @usableFromInline
    var disposed: Bool {
        core == nil || isDisposed
    }

    @usableFromInline
    func dispose() {
        guard let core else { return }
        core.removeSubscription(core, self)
    }
}

/// What a subscription handle needs of its store core, without its state type:
/// a way to remove the subscription.
@usableFromInline
class StoreCoreBase {
    /// Removes a subscription. The subclass passes a function formed where its
    /// state type is known, so disposing runs specialised code.
    @usableFromInline let removeSubscription: (StoreCoreBase, StoreSubscription) -> Void

    @usableFromInline
    init(removeSubscription: @escaping (StoreCoreBase, StoreSubscription) -> Void) {
        self.removeSubscription = removeSubscription
    }
}
