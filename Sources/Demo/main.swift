// swift-format-ignore-file
// (The gist below must keep the seed's own formatting; .ci/check-gist.sh compares it.)
//
// The Demo runs the examples this library grew from, ported with as few changes as today's Swift
// allows, then ReduxKit's playground stories. Run it with `swift run Demo`. Every run prints the
// same: the Devtools story saves its state in a new temporary folder, removed when it ends, unless
// `--state-dir PATH` (or $REDUXKIT_DEMO_STATE_DIR) names a folder to keep it in, which a later run
// given the same folder restores (Stories/DemoStateFolder.swift).
//
// First, "The Gist" (ReduxKit's own example), at the top level of main.swift. Edits from the
// original text, each needed by today's Swift and nothing else:
//   1. `import ReduxKit` became `import ReduxKitLinux`.
//   2. `counterReducer`'s first parameter gained `_` (the gist calls it without a label).
//   3. The closure's `state: AppState? = nil` lost `= nil` (closures take no default values).
//   4. `var state` became `let state`: it is never mutated, and Swift warns about that. The gist
//      compiles with edits 1-3 alone; `.ci/check-gist.sh` proves it, and that this is the only
//      warning it gets.
// The same gist runs again inside a function in Stories/GistInsideFunction.swift.

// The Devtools story runs the Demo again as a child process that crashes on purpose (Stories/DevtoolsCrashChild.swift).
DevtoolsStory.runCrashChildIfAsked()

printStoryTitle("The gist, at the top level of main.swift")

// BEGIN GIST
import ReduxKitLinux

/**
 This is an extremely simple and flexible action. The only requirement for actions is that they
 conform to the Action protocol.

 The Action protocol can be inherited from for app specific Action requirements. For a good example
 of this, see FluxStandardAction and the implementing types in the source.

 Action can be implemented as an enum, struct or class.
 */
struct IncrementAction: Action {
    let payload: Int
    init(payload: Int = 1) {
        self.payload = payload
    }
}

struct DecrementAction: Action {
    let payload: Int
    init(payload: Int = 1) {
        self.payload = payload
    }
}

/**
 This is a simple reducer. It is a pure function that follows the syntax (State, Action) -> State.
 It describes how an action transforms the previous state into the next state.

 Instead of using the Action.type property - as is done in the regular Redux framework we use the
 power of Swifts static typing to deduce the action.
 */
func counterReducer(_ previousState: Int?, action: Action) -> Int {
    // Declare the reducers default value
    let defaultValue = 0
    let state = previousState ?? defaultValue

    switch action {
        case let action as IncrementAction:
            return state + action.payload
        case let action as DecrementAction:
            return state - action.payload
        default:
            return state
    }
}

/**
 The applications state. This should contain the state of the whole application.
 When building larger applications, you can optionally assign complex structs to properties on the
 AppState and handle them in the part of the application that uses them.
 */
struct AppState {
    var count: Int!
}

/**
 Create the applications reducer. While we could create a combineReducer function we've currently
 chosen to allow reducers to be statically typed and accept static states - instead of Any - which
 currently forces us to define the application reducer as such. This could possibly be simplified
 with reflection.
 */
let applicationReducer = {(state: AppState?, action: Action) -> AppState in

    return AppState(
        count: counterReducer(state?.count, action: action),
    )
}

// Create application store. The second parameter is an optional default state.
let store = createStore(applicationReducer, nil)

let disposable = store.subscribe { state in
    print(state)
}


store.dispatch(IncrementAction())
// {counter: 1}

store.dispatch(IncrementAction())
// {counter: 2}

store.dispatch(DecrementAction())
// {counter: 1}

// Dispose of the subscriber after use.
disposable.dispose()

// END GIST

runGistInsideFunction()
BasicExample.run()
IdeaScreen.run()
MinimalExample.run()
IncrementAndDecrement.run()
Disposables.run()
CustomStoreCreator.run()
LoggingMiddleware.run()
ListsStory.run()
DevtoolsStory.run()
// `Demo --sync-only` leaves out the stories that run tasks on Swift's global executor, which
// valgrind 3.19 cannot run (CI runs the Demo under valgrind that way, and in full otherwise).
if !CommandLine.arguments.contains("--sync-only") {
    await LoadingStory.run()
    await MainActorViewStory.run()
    await ObservedScreenStory.run()
    await ChatServerStory.run()
    await RequestHandlerStory.run()
    await QueryCacheStory.run()
}
