/// What watches the reductions of one root store, through the store or any
/// store that views it: a row's collection keeping its row stores' last
/// values (``RowLastValues``). One per root store, in its ``Store/rowTables``
/// under `\Store<State>.self`, installed once as an observer of the store's
/// core (as devtools are), so a watcher made through a scoped store that is
/// freed since costs nothing but its removal: a watcher says when it is done,
/// and is dropped then. Used only in the store's domain, as the store itself.
final class ReductionWatchers<State> {
    /// A watcher: given the action and a way to read the state it left,
    /// returns whether it goes on watching.
    typealias Watcher = (any Action, () -> State) -> Bool

    private var watchers: [Watcher] = []

    /// How many watchers it has.
    var count: Int { watchers.count }

    /// Adds `watcher`, called after every later reduction until it returns `false`.
    func add(_ watcher: @escaping Watcher) {
        watchers.append(watcher)
    }

    /// Tells every watcher of a reduction: `action` left `state`.
    func reduced(_ action: any Action, _ state: State) {
        // Iterates a snapshot: a watcher may add another (a row store made
        // while it runs), which waits for the next reduction.
        let snapshot = watchers
        var done: [Int] = []
        var index = 0
        while index < snapshot.count {
            if !snapshot[index](action, { state }) { done.append(index) }
            index += 1
        }
        guard !done.isEmpty else { return }
        // Those added meanwhile lie past the snapshot: their places are unchanged.
        for index in done.reversed() { watchers.remove(at: index) }
    }
}

/// A backend that can have the reductions of the root store it views
/// watched, in its own state's terms.
protocol ReductionSource<State>: AnyObject {
    associatedtype State

    /// Has `watcher` called after every reduction of the root store, with
    /// this backend's state, until it returns `false`.
    ///
    /// - Returns: Whether the root store can be watched.
    func watchReductions(_ watcher: @escaping (any Action, () -> State) -> Bool) -> Bool
}

extension Store {
    /// Has `watcher` called after every reduction of this store's root store
    /// (this one, or the one it views), with the action and a way to read
    /// this store's state as the reduction left it, until it returns
    /// `false`. The root store's one ``ReductionWatchers`` is made, and
    /// installed as an observer of its core, the first time.
    ///
    /// - Returns: Whether the root store can be watched: `false` for a
    ///   store over a backend that is no store's (an api made by hand, a
    ///   weak stand-in for a parent).
    @usableFromInline func watchReductions(_ watcher: @escaping (any Action, () -> State) -> Bool) -> Bool {
        guard let core else {
            return (backend as? any ReductionSource<State>)?.watchReductions(watcher) ?? false
        }
        let key: AnyKeyPath = \Store<State>.self
        if let watchers = rowTables[key] as? ReductionWatchers<State> {
            watchers.add(watcher)
            return true
        }
        let watchers = ReductionWatchers<State>()
        rowTables[key] = watchers
        core.observe(reduced: { [weak watchers] action, state in watchers?.reduced(action, state) }, jumped: { _ in })
        watchers.add(watcher)
        return true
    }
}

extension ScopedStoreBackend: ReductionSource {
    /// Watches the parent's reductions, deriving this store's state from the
    /// parent's only when the watcher reads it.
    func watchReductions(_ watcher: @escaping (any Action, () -> Child) -> Bool) -> Bool {
        let derive = derive
        return parent.watchReductions { action, state in watcher(action) { derive(state()) } }
    }
}
