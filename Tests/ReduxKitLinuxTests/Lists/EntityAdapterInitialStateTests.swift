import Testing

@testable import ReduxKitLinux

/// Redux Toolkit's `getInitialState`: empty, or holding entities as
/// `setAll` leaves them; RTK's extra fields are a struct's fields beside it.
@Suite("Entity adapter initial state")
struct EntityAdapterInitialStateTests {
    typealias Todo = EntityChangesTests.Todo

    static let adapter = EntityAdapter<String, Todo>()
    static let byTitle = EntityAdapter<String, Todo>(sortComparer: { $0.title < $1.title })

    /// RTK's `getInitialState({ loading: 'idle' })`.
    struct TodosState: Equatable {
        enum Loading { case idle, pending }
        var todos = adapter.getInitialState()
        var loading = Loading.idle
    }

    @Test func anEmptyStateWithExtraFieldsBesideIt() {
        let state = TodosState()
        #expect(state.todos.isEmpty && state.todos == EntityState() && state.loading == .idle)
    }

    @Test func entitiesAreSetAsSetAllSetsThem() {
        let todos = [Todo(id: "b", title: "Cook"), Todo(id: "a", title: "Buy"), Todo(id: "b", title: "Bake")]
        let state = Self.adapter.getInitialState(todos)
        #expect(state.ids == ["b", "a"] && state[id: "b"]?.title == "Bake")
        let sorted = Self.byTitle.getInitialState(todos)
        #expect(sorted.ids == ["b", "a"] && sorted.all.map(\.title) == ["Bake", "Buy"])
        let byKey = Self.adapter.getInitialState(["c": Todo(id: "c", title: "Dine"), "a": Todo(id: "a", title: "Buy")])
        #expect(byKey.ids == ["a", "c"])
        #expect(Self.byTitle.getInitialState([String: Todo]()).isEmpty)
    }
}
