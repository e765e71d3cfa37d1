import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxQuery

/// Workload 24 (issue 41): the query cache's subscriptions, its fetches shared
/// by identical subscribers, and its evictions, through a main-actor store.
enum QueryWorkloads {
    struct Item: Equatable, Sendable {
        let id: Int
    }

    struct Cached: Equatable, Sendable {
        var api = QueryCacheState()
    }

    /// Counts the body's runs (the fetches that reached the server).
    final class Calls: Sendable {
        private let count = Locked(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static let cache = QueryCache<Cached>("bench", state: \.api)
    static let calls = Calls()
    static let item = cache.query("item") { (id: Int, _) in
        calls.increment()
        return Item(id: id)
    }

    /// `item`, kept no time once unused.
    static let unkept = cache.query("unkept", keepUnusedDataFor: .zero) { (id: Int, _) in Item(id: id) }

    /// A store whose cache holds `entries` fulfilled entries (keys 0..<entries).
    @MainActor
    static func store(entries: Int, of endpoint: QueryEndpoint<Cached, Int, Item> = item) -> Store<Cached> {
        var state = Cached()
        for id in 0..<entries {
            var entry = QueryEntry(key: endpoint.key(id))
            entry.status = .fulfilled
            entry.data = QueryValue(Item(id: id))
            entry.serverData = entry.data
            state.api[entry.key] = entry
        }
        return createStore(
            { state, action in cache.reduce(&state.api, action) }, state,
            applyMiddleware(thunkMiddleware(), cache.middleware()))
    }

    /// `pairs` subscribe + unsubscribe pairs on an entry that keeps other
    /// subscribers, with `subscribers` subscriptions already spread over 10⁴
    /// entries. The floor: as many subscribe + dispose pairs of the core's
    /// store subscriptions.
    @MainActor
    static func subscribePairs(_ pairs: Int, subscribers: Int, entries: Int, runs: Int) async -> Row {
        let store = await Timing.awaiting(
            runs: runs, warmups: 1,
            setup: { () -> (Store<Cached>, [QuerySubscription]) in
                let store = Self.store(entries: entries)
                return (store, (0..<subscribers).map { store.dispatch(item.subscribe($0 % entries)) })
            },
            { store, _ in
                for _ in 0..<pairs { store.dispatch(item.subscribe(0)).unsubscribe() }
                return store.state.api.entries.count
            },
            cleanup: { store, _ in await stop(store) })
        let floor = Timing.of(
            runs: runs,
            setup: { () -> Store<Cached> in
                let store = createStore({ (_: inout Cached, _: any Action) in }, Cached())
                for _ in 0..<entries { blackHole(store.subscribe { _ in }) }
                return store
            }
        ) { store in
            for _ in 0..<pairs { store.subscribe { _ in }.dispose() }
            return entries
        }
        return Row(
            workload:
                "24 \(pairs.formatted) query subscribe + unsubscribe pairs, \(subscribers.formatted) subscribers on \(entries.formatted) entries",
            store: store, floor: floor,
            note: "\((store.median / pairs).formatted) a pair; floor: core subscribe + dispose; target flat, ≤ 2x")
    }

    /// Unsubscribing `subscribers` subscriptions (spread over `entries`
    /// entries, each then without subscribers, so each last one starts its
    /// eviction timer). The floor: disposing as many core subscriptions.
    @MainActor
    static func unsubscribeEveryone(_ subscribers: Int, entries: Int, runs: Int) async -> Row {
        let store = await Timing.awaiting(
            runs: runs, warmups: 1,
            setup: { () -> (Store<Cached>, [QuerySubscription]) in
                let store = Self.store(entries: entries)
                return (store, (0..<subscribers).map { store.dispatch(item.subscribe($0 % entries)) })
            },
            { _, held in
                for subscription in held { subscription.unsubscribe() }
                return held.count
            },
            cleanup: { store, _ in await stop(store) })
        let floor = Timing.of(
            runs: runs,
            setup: { () -> (Store<Cached>, [any ReduxDisposable]) in
                let store = createStore({ (_: inout Cached, _: any Action) in }, Cached())
                return (store, (0..<subscribers).map { _ in store.subscribe { _ in } })
            }
        ) { _, held in
            for handle in held { handle.dispose() }
            return held.count
        }
        return Row(
            workload: "24 unsubscribe \(subscribers.formatted) query subscribers of \(entries.formatted) entries",
            store: store, floor: floor,
            note: "\((store.median / subscribers).formatted) each; floor: core dispose; target linear")
    }

    /// Evicting `entries` entries whose last subscription leaves, with a keep
    /// time of zero: the time from the unsubscribes to the last eviction, and
    /// the resident memory before the store was made, with the entries, and
    /// after they are gone (target: back within 5%). The floor: removing as
    /// many entries from a `QueryCacheState` by hand.
    @MainActor
    static func eviction(_ entries: Int, runs: Int) async -> Row {
        var memory: (before: Int, full: Int, after: Int) = (0, 0, 0)
        let store = await Timing.awaiting(
            runs: runs, warmups: 1,
            setup: { () -> (Store<Cached>, [QuerySubscription]) in
                memory.before = MainActorDeliveryWorkload.residentBytes()
                let store = Self.store(entries: entries, of: unkept)
                return (store, (0..<entries).map { store.dispatch(unkept.subscribe($0)) })
            },
            { store, held in
                memory.full = MainActorDeliveryWorkload.residentBytes()
                for subscription in held { subscription.unsubscribe() }
                _ = await store.waitForEffects(timeout: .seconds(600))  // the last eviction
                return store.state.api.entries.count
            },
            cleanup: { store, _ in
                await stop(store)
                memory.after = MainActorDeliveryWorkload.residentBytes()
            })
        let floor = Timing.of(runs: runs, setup: { Self.store(entries: entries, of: unkept).state.api }) { api in
            var api = api
            for id in 0..<entries { api[unkept.key(id)] = nil }
            return api.entries.count
        }
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        return Row(
            workload: "24 evict \(entries.formatted) unused entries (keep time zero)", store: store, floor: floor,
            note:
                "resident \(megabytes(memory.before)) before, \(megabytes(memory.full)) with the entries, "
                + "\(megabytes(memory.after)) after; target back within 5%")
    }

    /// `count` dispatches of an action the cache does not know, through a
    /// store with the cache (10⁴ entries, its reducer and middleware): what
    /// the cache costs every other action of the app. The floor: the same
    /// state behind the thunk middleware alone, with a reducer that ignores it.
    @MainActor
    static func unrelatedDispatches(_ count: Int, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: { Self.store(entries: 10_000) }) { store in
            for _ in 0..<count { store.dispatch(Ping()) }
            return store.state.api.entries.count
        }
        let floor = Timing.of(
            runs: runs,
            setup: { () -> Store<Cached> in
                createStore(
                    { (_: inout Cached, _: any Action) in }, Self.store(entries: 10_000).state,
                    applyMiddleware(thunkMiddleware()))
            }
        ) { store in
            for _ in 0..<count { store.dispatch(Ping()) }
            return store.state.api.entries.count
        }
        return Row(
            workload: "24 \(count.formatted) dispatches of an action the cache does not know (10,000 entries)",
            store: store, floor: floor,
            note: "\((store.median / count).formatted) each; floor: thunk middleware alone, no cache")
    }

    struct Ping: Action {}

    /// `count` subscribes to one key not in the cache, at once from the
    /// threads of a task group, on a `SharedStore`: the body runs once. The
    /// checksum is the number of body runs (1). The floor: as many plain
    /// dispatches from the same threads.
    @MainActor
    static func concurrentSubscribes(_ count: Int, runs: Int) async -> Row {
        let store = await Timing.awaiting(runs: runs, warmups: 1, setup: sharedStore) { store in
            let before = calls.value
            await withTaskGroup(of: QuerySubscription.self) { group in
                for _ in 0..<count { group.addTask { store.dispatch(item.subscribe(-1)) } }
                for await subscription in group { blackHole(subscription) }
            }
            _ = await store.waitForEffects(timeout: .seconds(600))
            return calls.value - before
        } cleanup: {
            await stop($0)
        }
        let floor = await Timing.awaiting(runs: runs, warmups: 1, setup: sharedStore) { store in
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count { group.addTask { store.dispatch(Ping()) } }
            }
            return 1
        } cleanup: {
            await stop($0)
        }
        return Row(
            workload: "24 \(count.formatted) concurrent subscribes to one key (SharedStore, task group)",
            store: store, floor: floor, note: "checksum: body runs (1); floor: as many plain dispatches")
    }

    /// A `SharedStore` of an empty cache.
    static func sharedStore() -> SharedStore<Cached> {
        SharedStore(
            createStore(
                { state, action in cache.reduce(&state.api, action) }, Cached(),
                applyMiddleware(thunkMiddleware(), cache.middleware())))
    }

    /// Cancels the store's effects and waits for them to end (untimed cleanup).
    @MainActor
    static func stop(_ store: Store<Cached>) async {
        store.cancelEffects()
        _ = await store.waitForEffects(timeout: .seconds(600))
    }

    /// The same for a `SharedStore`.
    static func stop(_ store: SharedStore<Cached>) async {
        store.cancelEffects()
        _ = await store.waitForEffects(timeout: .seconds(600))
    }
}
