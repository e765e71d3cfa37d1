import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 15: what effect middleware costs a dispatch that starts no effect.
enum EffectMiddlewareWorkload {
    /// An action the listeners wait for, never dispatched here.
    struct Other: Action {}

    /// Which listeners the listener middleware has.
    enum Listeners: String {
        /// None: the thunk middleware alone.
        case none = "thunk middleware alone"
        /// 10 listeners for an action type (`for:`), none matching.
        case byType = "thunk + listener middleware, 10 `for:` listeners, none matching"
        /// 4 `for:`, 3 `matching:` and 3 `predicate:` listeners, none matching:
        /// the last six are asked at every dispatch.
        case mixed = "thunk + listener middleware, 10 mixed listeners (6 closures asked each time), none matching"
    }

    /// Workload 1 behind the thunk middleware and, but for `.none`, a listener
    /// middleware; its floor column is workload 1's store.
    static func run(_ listeners: Listeners, _ count: Int, runs: Int) -> Row {
        let plain = Timing.of(runs: runs, setup: { createStore(DispatchWorkloads.counter, nil) }) {
            DispatchWorkloads.dispatch(count, to: $0)
        }
        let store = Timing.of(runs: runs, setup: { makeStore(listeners) }) {
            DispatchWorkloads.dispatch(count, to: $0)
        }
        return Row(
            workload: "15 workload 1 behind \(listeners.rawValue) (floor: workload 1's store)", store: store,
            floor: plain, note: "no target")
    }

    static func makeStore(_ kind: Listeners) -> Store<Int> {
        if kind == .none {
            return createStore(DispatchWorkloads.counter, nil, applyMiddleware(thunkMiddleware()))
        }
        let listeners = ListenerMiddleware<Int>()
        for index in 0..<10 {
            switch (kind, index) {
            case (.mixed, 4..<7): listeners.addListener(matching: { $0 is Other }) { _, _ in }
            case (.mixed, 7...): listeners.addListener(predicate: { _, current, _ in current < 0 }) { _, _ in }
            default: listeners.addListener(for: Other.self) { _, _ in }
            }
        }
        return createStore(
            DispatchWorkloads.counter, nil,
            applyMiddleware(thunkMiddleware(), listeners.middleware()))
    }
}
