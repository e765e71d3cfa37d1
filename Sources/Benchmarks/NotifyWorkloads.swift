import ReduxKitLinux

/// Workloads 2 and 5: the cost of notifying subscribers.
enum NotifyWorkloads {
    typealias Increment = DispatchWorkloads.Increment

    /// `count` subscribers, each adding the state to a shared sink.
    static func subscribers(_ count: Int, sink: Sink) -> [(Int) -> Void] {
        (0..<count).map { _ in { state in sink.total &+= state } }
    }

    /// Workload 2: `dispatches` dispatches to `subscriberCount` subscribers.
    static func manySubscribers(dispatches: Int, subscriberCount: Int, runs: Int) -> Row {
        let store = Timing.of(
            runs: runs,
            setup: { () -> (Store<Int>, Sink) in
                let sink = Sink()
                let store = createStore(DispatchWorkloads.counter, nil)
                for subscriber in subscribers(subscriberCount, sink: sink) { store.subscribe(subscriber) }
                return (store, sink)
            }
        ) { store, sink in
            for _ in 0..<dispatches { store.dispatch(Increment()) }
            return sink.total
        }
        let floor = Timing.of(
            runs: runs,
            setup: { () -> (Reducer<Int>, [(Int) -> Void], Sink) in
                let sink = Sink()
                return (
                    opaque(DispatchWorkloads.counter as Reducer<Int>), opaque(subscribers(subscriberCount, sink: sink)),
                    sink
                )
            }
        ) { reducer, subscribers, sink in
            var state = reducer(nil, DefaultAction())
            for _ in 0..<dispatches {
                state = reducer(state, Increment())
                for subscriber in subscribers { subscriber(state) }
            }
            return sink.total
        }
        return Row(
            workload: "2 dispatch \(dispatches.formatted) actions to \(subscriberCount.formatted) subscribers",
            store: store, floor: floor, note: "target ≤ 1.5x")
    }

    struct Fields {
        var values: [Int]
    }

    struct Bump: Action {
        let index: Int
    }

    static func bump(_ state: inout Fields, _ action: any Action) {
        if let bump = action as? Bump { state.values[bump.index] &+= 1 }
    }

    /// Workload 5: `count` selective subscribers, each watching its own field;
    /// each dispatch changes one field, so one subscriber is called.
    static func selectiveSubscribers(dispatches: Int, count: Int, runs: Int) -> Row {
        let store = Timing.of(
            runs: runs,
            setup: { () -> (Store<Fields>, Sink) in
                let sink = Sink()
                let store = createStore(bump, Fields(values: Array(repeating: 0, count: count)))
                for index in 0..<count {
                    store.subscribe(select: { $0.values[index] }) { value in sink.total &+= value }
                }
                return (store, sink)
            }
        ) { store, sink in
            for step in 0..<dispatches { store.dispatch(Bump(index: step % count)) }
            return sink.total
        }
        let floor = Timing.of(
            runs: runs,
            setup: { () -> (InPlaceReducer<Fields>, [(Fields) -> Int], (Int) -> Void, Sink) in
                let sink = Sink()
                let selectors: [(Fields) -> Int] = (0..<count).map { index in { $0.values[index] } }
                let subscriber: (Int) -> Void = { value in sink.total &+= value }
                return (opaque(bump as InPlaceReducer<Fields>), opaque(selectors), opaque(subscriber), sink)
            }
        ) { reducer, selectors, subscriber, sink in
            var state = Fields(values: Array(repeating: 0, count: count))
            var last = state.values
            for step in 0..<dispatches {
                reducer(&state, Bump(index: step % count))
                for (index, selector) in selectors.enumerated() {
                    let value = selector(state)
                    if value != last[index] {
                        last[index] = value
                        subscriber(value)
                    }
                }
            }
            return sink.total
        }
        return Row(
            workload:
                "5 \(count.formatted) selective subscribers, one field changed per dispatch, \(dispatches.formatted) dispatches",
            store: store, floor: floor, note: "target ≤ 3x")
    }
}
