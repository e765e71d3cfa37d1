// expect-output: setValue(42) -> CounterState(value: 42)
// expect-output: the seed's BasicExample ran
// The seed's 1.BasicExample.swift (/work/shared/seeds) as the Demo ports it
// (Sources/Demo/Stories/BasicExample.swift, whose comment lists the edits), compiled as a program of
// its own so the seed's spellings keep compiling: its own `Reducer<State, Action>` typealias beside
// the library's, an enum action matched by casting, a typed reducer called from an in-place one.
// (Its run dispatches `.random` before `.setValue(42)`, so the output ends with a fixed line.)
import Foundation
import ReduxKitLinux

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
        print("BasicExample: a counter")
        let store = createStore(
            { (state: inout CounterState, action: any ReduxKitLinux.Action) in
                if let action = action as? CounterAction { state = counterReducer(state, action) }
            },
            CounterState(value: 0)
        )
        let actions: [CounterAction] = [.increment, .increment, .decrement, .random, .setValue(42)]
        for action in actions {
            store.dispatch(action)
            print("\(action) -> \(store.state)")
        }
    }
}

BasicExample.run()
print("the seed's BasicExample ran")
