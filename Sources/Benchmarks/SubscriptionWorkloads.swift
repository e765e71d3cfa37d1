import ReduxKitLinux

/// Workload 3: subscribing and disposing many subscribers.
enum SubscriptionWorkloads {
    /// Subscribes `count` subscribers, then disposes them all in the order
    /// they subscribed. The floor appends the same closures to an array and
    /// empties it: the least a list of subscribers can cost.
    static func subscribeThenDispose(_ count: Int, runs: Int) -> Row {
        let store = Timing.of(
            runs: runs,
            setup: { () -> (Store<Int>, [(Int) -> Void]) in
                (createStore(DispatchWorkloads.counter, nil), NotifyWorkloads.subscribers(count, sink: Sink()))
            }
        ) { store, subscribers in
            var handles: [any ReduxDisposable] = []
            handles.reserveCapacity(count)
            for subscriber in subscribers { handles.append(store.subscribe(subscriber)) }
            for handle in handles { handle.dispose() }
            return handles.count
        }
        let floor = Timing.of(runs: runs, setup: { opaque(NotifyWorkloads.subscribers(count, sink: Sink())) }) {
            subscribers in
            var list: [(Int) -> Void] = []
            list.reserveCapacity(count)
            for subscriber in subscribers { list.append(subscriber) }
            let appended = list.count
            list.removeAll()
            return appended
        }
        let perPair = store.median / count
        return Row(
            workload: "3 subscribe then dispose \(count.formatted) subscribers", store: store, floor: floor,
            note: "\(perPair.formatted) a pair; target ≤ 300 ns")
    }
}
