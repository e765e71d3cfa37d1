// expect: error: 'createStore' is unavailable: an in-place reducer has no default state: pass the state to start from, createStore(reducer, State())
// Not a race: the port of Redux's `createStore(rootReducer)` when the root reducer is
// `combineReducers(pullback(…))`, an in-place reducer. Without the unavailable overload the
// compiler says only that it cannot convert the reducer; with it, it says what to pass. The twin
// gives the state to start from and compiles.
import ReduxKitLinux

struct AddName: Action { let name: String }
struct Names { var names: [String] = [] }

func names(_ state: inout [String], _ action: any Action) {
    if let add = action as? AddName { state.append(add.name) }
}

var rootReducer: InPlaceReducer<Names> { combineReducers(pullback(names, state: \Names.names)) }

func makeStore() -> Store<Names> {
    createStore(rootReducer)  // CULPRIT
    // TWIN: createStore(rootReducer, Names())
}
