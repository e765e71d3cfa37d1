import Foundation
import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

/// An entity adapter's actions go through an action log once the adapter is
/// registered, each under its own type (`todos/updateOne`), and a replay
/// reproduces the state: an update whose changes are data included.
@Suite("Action log and entity adapters", .hangSafetyNet)
struct ActionRegistryEntityAdaptersTests {
    struct Todo: Identifiable, Codable, Equatable, Sendable {
        var id: String
        var title: String
        var completed = false
    }

    struct TodoChanges: EntityChanges, Codable {
        var id: String? = nil
        var completed: Bool? = nil

        func apply(to todo: inout Todo) {
            if let id { todo.id = id }
            if let completed { todo.completed = completed }
        }
    }

    struct Lists: Codable, Equatable {
        var todos = EntityState<String, Todo>()
        var archive = EntityState<String, Todo>()
    }

    static let todos = EntityAdapter<String, Todo>(name: "todos")
    static let archive = EntityAdapter<String, Todo>(name: "archive", sortComparer: { $0.title < $1.title })

    static var reducer: InPlaceReducer<Lists> {
        combineReducers(todos.reducer(state: \Lists.todos), archive.reducer(state: \Lists.archive))
    }

    @Test func anAdaptersActionsAreLoggedUnderTheirTypesAndReplayed() throws {
        let file = ActionLogTests.temporaryFile("entities.jsonl")
        defer { ActionLogTests.removeLog(file) }
        var registry = ActionRegistry()
        registry.register(Self.todos)
        registry.register(Self.archive)
        let errors = Recorder<String>()
        let log = ActionLog<Lists>(registry: registry, file: file, onError: { errors.append("\($0)") })
        let recorded = createStore(Self.reducer, Lists(), log.enhancer)
        recorded.dispatch(Self.todos.addMany(["b": Todo(id: "b", title: "Cook"), "a": Todo(id: "a", title: "Buy")]))
        recorded.dispatch(Self.todos.updateOne(EntityUpdate(id: "a", changes: TodoChanges(completed: true))))
        recorded.dispatch(
            Self.todos.updateMany([
                EntityUpdate(id: "b", changes: TodoChanges(id: "c")),
                EntityUpdate(id: "b", changes: TodoChanges(completed: true)),
            ]))
        recorded.dispatch(Self.archive.setAll([Todo(id: "z", title: "Zoo"), Todo(id: "y", title: "Yak")]))
        recorded.dispatch(Self.todos.removeOne("a"))
        log.flush()
        #expect(errors.values.isEmpty)
        #expect(recorded.state.todos.all == [Todo(id: "c", title: "Cook", completed: true)])
        let types = try ActionLogTests.entryLines(of: file).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["type"] as? String
        }
        #expect(types == ["todos/addMany", "todos/updateOne", "todos/updateMany", "archive/setAll", "todos/removeOne"])

        let replayed = createStore(Self.reducer, Lists())
        let replay = try replayActionLog(at: file, registry: registry, into: replayed, options: [])
        #expect(replay == ActionLogReplay(replayed: 5))
        #expect(replayed.state == recorded.state)
    }

    /// An update whose changes are a closure cannot be written: the log
    /// reports it and marks its line, and a replay says the log is incomplete.
    @Test func anUpdateWhoseChangesAreAClosureIsMarkedUnrecorded() async throws {
        let file = ActionLogTests.temporaryFile("closure-update.jsonl")
        defer { ActionLogTests.removeLog(file) }
        var registry = ActionRegistry()
        registry.register(Self.todos)
        let errors = Recorder<String>()
        let log = ActionLog<Lists>(registry: registry, file: file, onError: { errors.append("\($0)") })
        let recorded = createStore(Self.reducer, Lists(), log.enhancer)
        recorded.dispatch(Self.todos.addOne(Todo(id: "a", title: "Buy")))
        recorded.dispatch(Self.todos.updateOne(EntityUpdate(id: "a") { $0.completed = true }))
        log.flush()
        // Found while writing: reported on the writer's thread once its lock is released,
        // which may be just after `flush()` returns.
        let reported = await errors.wait(forCount: 1)
        #expect(reported.count == 1 && reported.first?.contains("closure") == true)
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(
            lines.count == 2 && lines[1].contains("\"type\":\"todos/updateOne\"")
                && lines[1].contains("\"unrecorded\":true"))
        let replayed = createStore(Self.reducer, Lists())
        let replay = try replayActionLog(at: file, registry: registry, into: replayed, options: [.skippingUnrecorded])
        #expect(replay == ActionLogReplay(replayed: 1, skippedUnrecorded: 1))
    }
}

extension ActionRegistryEntityAdaptersTests.Todo: ChangeableEntity {
    typealias Changes = ActionRegistryEntityAdaptersTests.TodoChanges
}
