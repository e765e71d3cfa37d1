// The Redux todos walkthrough's specs (Docs/ReduxKitLinux.docc/MigratingFromRedux.md): the code
// between the markers is the article's sample, word for word (Docs/check-recipes.py checks it).

// BEGIN RECIPE redux-todos-tests
import ReduxKitLinuxTesting
import Testing

// reducers/todos.spec.js and visibilityFilter, then the app as a TestStore sees it.
@Suite struct TodosSpec {
    @Test func theSlicesStartEmptyAndShowingAll() {
        #expect(TodosApp().todos == [])
        #expect(visibilityFilter(nil, DefaultAction()) == .showAll)
    }

    @Test func addTodoAppendsATodoWithTheNextID() {
        var state: [Todo] = []
        todos(&state, AddTodo(text: "Run the tests"))
        todos(&state, AddTodo(text: "Use Redux"))
        #expect(state == [Todo(id: 0, text: "Run the tests"), Todo(id: 1, text: "Use Redux")])
    }

    @Test func toggleTodoFlipsOnlyThatTodo() {
        var state = [Todo(id: 0, text: "Run the tests"), Todo(id: 1, text: "Use Redux")]
        todos(&state, ToggleTodo(id: 1))
        #expect(state == [Todo(id: 0, text: "Run the tests"), Todo(id: 1, text: "Use Redux", completed: true)])
    }

    // A TestStore checks each dispatch's change to the whole state: a change the
    // closure does not describe, or one it describes that did not happen, fails.
    @Test func theAppAddsTogglesAndFilters() {
        let test = TestStore(initialState: TodosApp(), reducer: todosAppReducer)
        test.dispatch(AddTodo(text: "Use Redux")) { $0.todos = [Todo(id: 0, text: "Use Redux")] }
        test.dispatch(AddTodo(text: "Port the app")) { $0.todos.append(Todo(id: 1, text: "Port the app")) }
        test.dispatch(ToggleTodo(id: 0)) { $0.todos[0].completed = true }
        test.dispatch(SetVisibilityFilter(filter: .showActive)) { $0.visibilityFilter = .showActive }
        #expect(visibleTodos(test.state).map(\.text) == ["Port the app"])
    }

    @Test @MainActor func theListShowsWhatTheFilterLetsThrough() {
        let store = makeTodosStore()
        let list = VisibleTodoList(store: store)
        store.dispatch(AddTodo(text: "Use Redux"))
        store.dispatch(AddTodo(text: "Port the app"))
        list.todoClicked(0)
        store.dispatch(SetVisibilityFilter(filter: .showCompleted))
        #expect(list.shown.map(\.text) == ["Use Redux"])
        list.close()
        store.dispatch(SetVisibilityFilter(filter: .showAll))
        #expect(list.shown.map(\.text) == ["Use Redux"])  // closed: no longer follows the store
    }
}
// END RECIPE redux-todos-tests
