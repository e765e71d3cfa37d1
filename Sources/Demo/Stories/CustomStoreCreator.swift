import ReduxKitLinux

/// ReduxKit's playground page "Custom store creator": a store creator of one's
/// own, used in place of `createStore`.
///
/// Change from the playground: its `createBasicStore` rebuilt the whole store
/// from closures (state, subscriber table, dispatch) with no thread safety.
/// Here a custom store creator is what Redux makes it, an enhancer around the
/// creator it is given: `createBasicStore` is `createStore` enhanced with one
/// that counts dispatches, so the store keeps every guarantee of the library.
enum CustomStoreCreator {
    struct AppState {
        var count: Int!
    }

    struct CountAction: Action {
        let payload: Int
        init(_ payload: Int = 1) {
            self.payload = payload
        }
    }

    static func reducer(state: AppState? = nil, action: Action) -> AppState {
        switch action {
        case let action as CountAction:
            return AppState(count: (state?.count ?? 0) + action.payload)
        default:
            return state ?? AppState(count: 0)
        }
    }

    /// Counts the actions dispatched through the stores it enhances. Used from
    /// one thread here; the store calls the enhanced dispatch under its lock.
    final class DispatchCount {
        var value = 0
    }

    /// An enhancer: wraps any store creator so its stores count dispatches.
    static func countingDispatches<State>(into count: DispatchCount) -> StoreEnhancer<State> {
        { next in
            { reducer, state in
                let store = next(reducer, state)
                return Store(
                    store,
                    dispatch: { action in
                        count.value += 1
                        return store.dispatch(action)
                    })
            }
        }
    }

    static func run() {
        printStoryTitle("Custom store creator")
        let dispatches = DispatchCount()
        let createBasicStore: StoreCreator<AppState> = countingDispatches(into: dispatches)(createStore)
        let store = createBasicStore(reducer, nil)

        let dump: () -> String = { "\(store.state)" }

        let count: () -> Void = { store.dispatch(CountAction()) }

        let countAndDump: () -> String = {
            count()
            return dump()
        }

        print(dump())  // -> AppState(count: 0)
        print(countAndDump())  // -> AppState(count: 1)
        print(countAndDump())  // -> AppState(count: 2)
        print("dispatches counted by the custom creator: \(dispatches.value)")  // -> 2
    }
}
