import ReduxKitLinux

/// Lists of thousands, as the "Working with lists" article writes them: ten
/// thousand todos in an `IdentifiedArray` (an action for one finds it by id,
/// and so does a row's store), contacts kept sorted by an entity adapter, and
/// a memoized selector that a thousand unrelated actions do not recompute.
enum ListsStory {
    struct Todo: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var done = false
    }

    struct Contact: Identifiable, Equatable, Sendable {
        let id: String
        var name: String
    }

    struct Board {
        var todos: IdentifiedArrayOf<Todo> = []
        var contacts = EntityState<String, Contact>()
        var filter = "all"
    }

    struct ToggleTodo: Action {}
    struct SetFilter: Action { let filter: String }

    /// Contacts sorted by name: each insert or update finds its place by binary search.
    static let contacts = EntityAdapter<String, Contact>(sortComparer: { $0.name < $1.name })

    static func todoReducer(_ todo: inout Todo, _ action: ToggleTodo) {
        todo.done.toggle()
    }

    static func boardReducer(_ board: inout Board, _ action: any Action) {
        if let set = action as? SetFilter { board.filter = set.filter }
    }

    static func run() {
        printStoryTitle("Lists of thousands: an identified array, an entity adapter, a memoized selector")
        let todos = IdentifiedArrayOf(uniqueElements: (0..<10_000).map { Todo(id: $0, title: "todo \($0)") })
        let store = createStore(
            combineReducers(
                forEach(todoReducer, state: \Board.todos), contacts.reducer(state: \Board.contacts), boardReducer),
            Board(todos: todos))

        store.dispatch(ElementAction(id: 9_999, action: ToggleTodo()))  // found by id, not by a scan
        print("todo 9999 done: \(store.state.todos[id: 9_999]?.done == true)")
        if let row = store.view(element: 42, in: \Board.todos) {
            row.dispatch(ToggleTodo())  // reaches the list as ElementAction(id: 42, …)
            print("row 42's own store toggled it: \(store.state.todos[id: 42]?.done == true)")
        }

        store.dispatch(
            contacts.addMany([
                Contact(id: "g", name: "Grace"), Contact(id: "a", name: "Ada"), Contact(id: "a", name: "not Ada"),
            ]))
        store.dispatch(contacts.updateOne(EntityUpdate(id: "g") { $0.name = "Alan" }))
        store.dispatch(contacts.upsertOne(Contact(id: "b", name: "Barbara")))
        let contactSelectors = contacts.selectors(state: \Board.contacts)
        print(
            "contacts, sorted by name: \(contactSelectors.selectAll(store.state).map(\.name)) "
                + "(\(contactSelectors.selectTotal(store.state)) of them)")

        let doneCount = createSelector({ (board: Board) in board.todos }) { todos in
            todos.filter(\.done).count
        }
        var counts: [Int] = []
        let subscription = store.subscribe(select: doneCount) { counts.append($0) }
        for index in 0..<1_000 { store.dispatch(SetFilter(filter: index.isMultiple(of: 2) ? "done" : "all")) }
        print("after 1,000 filter changes: \(doneCount.recomputations) computation of the done count")
        store.dispatch(ElementAction(id: 7, action: ToggleTodo()))
        print("after todo 7 is done: the subscriber heard \(counts), \(doneCount.recomputations) computations")
        subscription.dispose()
    }
}
