import ReduxKitLinux

// The Redux todos walkthrough of Docs/ReduxKitLinux.docc/MigratingFromRedux.md: Redux's
// `examples/todos`, ported file by file. The code between the markers is the article's sample,
// word for word (Docs/check-recipes.py checks it); ReduxTodosWalkthroughTests.swift runs it.

// BEGIN RECIPE redux-todos
// actions/index.js
struct AddTodo: Action { let text: String }
struct ToggleTodo: Action { let id: Int }
struct SetVisibilityFilter: Action { let filter: VisibilityFilter }

enum VisibilityFilter: Sendable {
    case showAll, showCompleted, showActive
}

struct Todo: Equatable, Identifiable, Sendable {
    let id: Int
    var text: String
    var completed = false
}

// reducers/todos.js: the slice changes its array in place. Redux's action
// creator counts ids in a module-level `nextTodoId`; a mutable global is not
// concurrency-safe in Swift 6, so the reducer numbers the todos from the state.
func todos(_ state: inout [Todo], _ action: any Action) {
    switch action {
    case let add as AddTodo:
        state.append(Todo(id: (state.last?.id ?? -1) + 1, text: add.text))
    case let toggle as ToggleTodo:
        if let index = state.firstIndex(where: { $0.id == toggle.id }) {
            state[index].completed.toggle()
        }
    default:
        break
    }
}

// reducers/visibilityFilter.js, in Redux's shape: `state = SHOW_ALL` is `state ?? .showAll`.
func visibilityFilter(_ state: VisibilityFilter?, _ action: any Action) -> VisibilityFilter {
    (action as? SetVisibilityFilter)?.filter ?? state ?? .showAll
}

// reducers/index.js: combineReducers({ todos, visibilityFilter }). Each slice's
// initial state is a default of the root state (not `[Todo]!`, which would stay
// nil until the first dispatch), and the root reducer is a computed property
// (a stored global closure is not Sendable), `nonisolated` so that in a
// main.swift, where a top-level variable belongs to the main actor, tests and
// other actors can make stores with it too.
struct TodosApp: Equatable, Sendable {
    var todos: [Todo] = []
    var visibilityFilter: VisibilityFilter = .showAll
}

nonisolated var todosAppReducer: InPlaceReducer<TodosApp> {
    combineReducers(
        pullback(todos, state: \TodosApp.todos),
        pullback(visibilityFilter, state: \TodosApp.visibilityFilter))
}

// index.js: createStore(rootReducer). The combined reducer changes the state
// in place, so it is given the state to start from.
@MainActor func makeTodosStore() -> Store<TodosApp> {
    createStore(todosAppReducer, TodosApp())
}

// containers/VisibleTodoList.js: getVisibleTodos, mapStateToProps and
// mapDispatchToProps, for whatever view shows the list.
func visibleTodos(_ state: TodosApp) -> [Todo] {
    switch state.visibilityFilter {
    case .showAll: state.todos
    case .showCompleted: state.todos.filter(\.completed)
    case .showActive: state.todos.filter { !$0.completed }
    }
}

@MainActor final class VisibleTodoList {
    private(set) var shown: [Todo]
    private let store: Store<TodosApp>
    private var subscription: (any ReduxDisposable)?

    init(store: Store<TodosApp>) {
        self.store = store
        shown = visibleTodos(store.state)
        // Called when the visible todos change, not on every dispatch.
        subscription = store.subscribe(select: visibleTodos) { [weak self] in self?.shown = $0 }
    }

    func todoClicked(_ id: Int) {
        store.dispatch(ToggleTodo(id: id))
    }

    /// What React's unmount does to `connect`'s subscription.
    func close() {
        subscription?.dispose()
    }
}
// END RECIPE redux-todos
