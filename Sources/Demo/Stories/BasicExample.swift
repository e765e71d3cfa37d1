import Foundation
import ReduxKitLinux

// "BasicExample" (the seed 1.BasicExample.swift): the smallest store, a counter with increment,
// decrement, set and random, run on ReduxKitLinux. What had to change:
//   1. The seed's "Core implementation" (its own `Store` class with `send`) is what this library
//      provides: the store is `createStore`'s, and `send` is `dispatch`. The seed's `Reducer`
//      typealias stays, as the type of the counter's reducer.
//   2. `CounterAction` conforms to `Action`: this library's actions are untyped and reducers match
//      them by casting.
//   3. `counterReducer` is a `static var` (computed) instead of a `static let`: a stored global
//      must be `Sendable` in Swift 6, and a reducer closure is not.
//   4. The store takes reducers of `any Action`, so a two-line in-place reducer hands the typed
//      reducer the store's state and the actions that are `CounterAction`s.

public enum BasicExample {
    // MARK: - Core implementation

    /// Reducer is a function that modifies state based on passed action
    /// Basically it's the component that defines system's logic
    public typealias Reducer<State, Action> = (State, Action) -> State

    // MARK: - Counter example

    // Declare module's state
    public struct CounterState {
        public init(value: Int) {
            self.value = value
        }

        public var value: Int
    }

    // Declare available actions
    public enum CounterAction: ReduxKitLinux.Action {
        case setValue(Int)
        case increment
        case decrement
        case random
    }

    // Define implementation for module logic by declaring a reducer,
    // that handles actions as you want
    public static var counterReducer: Reducer<CounterState, CounterAction> {
        { state, action in
            switch action {
            case .increment:
                return CounterState(value: state.value + 1)

            case .decrement:
                return CounterState(value: state.value - 1)

            case .setValue(let value):
                return CounterState(value: value)

            case .random:
                return CounterState(value: .random(in: (.min)...(.max)))
            }
        }
    }

    // NOTE: You already defined your system's behavior,
    // even without holding to any actual data.
    // To initialize your system you should create a store,
    // but since store is just a container, you'll be able to
    // pass any initial state and any reducer to it

    static func run() {
        printStoryTitle("BasicExample: a counter")
        let store = createStore(
            { (state: inout CounterState, action: any ReduxKitLinux.Action) in
                if let action = action as? CounterAction { state = counterReducer(state, action) }
            },
            CounterState(value: 0)
        )
        let actions: [CounterAction] = [.increment, .increment, .decrement, .setValue(42), .random]
        for action in actions {
            store.dispatch(action)
            print("\(action) -> \(store.state)")
        }
    }
}

// Basic scheme of the system
//
// –––– Action –––––––┐
//                    ↓
// ┌––––––––––––––––––┬–––––┐
// | System           |     |
// |                  ↓     |
// |┌–––––––┐    ┌–––––––––┐|
// || State ├–––→| Reducer ||
// |└–––––––┘    └––––┬––––┘|
// |    ↑             |     |
// |    └– New State –┘     |
// └––––––––––––––––––––––––┘
