/// The handle ``Store/subscribe(_:)-((State)->Void)`` returns for a store's own subscriber.
///
/// It is not generic: disposing goes through `ReduxDisposable`, and a generic
/// class's witness would run unspecialised (looking up generic metadata on
/// every call). Instead it calls its core's `removeSubscription`, a function the
/// core formed in code specialised for its state.
///
/// It does not keep its store alive, so a subscriber that keeps its own handle
/// makes no cycle, and a handle kept after the store is gone reports
/// `disposed`: it reaches the core through the core's ``CoreToken``, which the
/// core clears when it goes (cheaper than a weak reference, which needs a side
/// table for the core and one more for every load). Like its store, it is not
/// `Sendable`: it is used in the store's isolation domain.
@usableFromInline final class StoreSubscription: ReduxDisposable {
    // `index` and `isDisposed` are only touched in the store's isolation domain,
    // and the store never touches them from inside a call that could overlap, so
    // Swift's run-time exclusivity checks are switched off for them.

    /// Leads to the store core this subscription belongs to, while it lives.
    let token: CoreToken
    /// Where this subscription's slot sits in the core's subscriber list.
    @usableFromInline @exclusivity(unchecked) var index: Int
    /// Whether `dispose()` has run.
    @usableFromInline @exclusivity(unchecked) var isDisposed = false

    @usableFromInline init(core: StoreCoreBase, index: Int) {
        self.token = core.token
        self.index = index
    }

    @usableFromInline var disposed: Bool {
        token.core == nil || isDisposed
    }

    @usableFromInline func dispose() {
        guard let core = token.core else { return }
        core.removeSubscription(core, self)
    }
}

/// What a subscription handle needs of its store core, without its state type:
/// a way to remove the subscription, and the token handles reach it through.
@usableFromInline package class StoreCoreBase {
    /// Removes a subscription. The subclass passes a function formed where its
    /// state type is known, so disposing runs specialised code.
    let removeSubscription: (StoreCoreBase, StoreSubscription) -> Void
    /// Leads handles to this core while it lives.
    let token = CoreToken()

    @usableFromInline init(removeSubscription: @escaping (StoreCoreBase, StoreSubscription) -> Void) {
        self.removeSubscription = removeSubscription
        token.core = self
    }
}

/// The way from a store's handles to its core, cleared when the core goes.
///
/// Why an unowned, unchecked reference is safe: the core sets `core` in its
/// initialiser and clears it first thing in its deinitialiser, before it
/// releases its subscribers (whose release may dispose handles) and long before
/// its memory is freed. Both happen in the store's isolation domain (a
/// ``SharedStore`` frees its store with its lock held), where every handle
/// reads it, so no handle can read `core` once the core has begun to go, and a
/// handle that outlives the core reads `nil`.
@usableFromInline
final class CoreToken {
    unowned(unsafe) var core: StoreCoreBase?

    init() {}
}
