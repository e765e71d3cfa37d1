import Foundation
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Opt-in state changes on each action's line, and actions dispatched by
/// effects marked as such (issue 22, item 3: what the inspector shows).
@Suite("Action log state changes and effects")
struct ActionLogStateChangesTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo
    typealias ToggleTodo = ActionLogTests.ToggleTodo

    /// The lines of `file` as JSON objects.
    static func objects(_ file: URL) throws -> [[String: Any]] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// `object`, one of `JSONSerialization`'s, as a `JSONValue`.
    static func json(_ object: Any) throws -> JSONValue {
        try JSONValue(serialized: object)
    }

    @Test func eachActionsChangesTurnTheStateBeforeIntoTheStateAfterAJumpStartingAfresh() throws {
        let file = ActionLogTests.temporaryFile("changes.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file, recordingStateChanges: true)
        let timeTravel = TimeTravel<[Todo]>()
        let store = createStore(
            ActionLogTests.todos, [Todo(title: "first")], compose(timeTravel.enhancer, log.enhancer))
        var states = [store.state]
        store.dispatch(AddTodo(title: "a"))
        states.append(store.state)
        store.dispatch(ToggleTodo(index: 1))
        states.append(store.state)
        timeTravel.undo()
        states.append(store.state)
        store.dispatch(AddTodo(title: "b"))
        states.append(store.state)
        log.flush()

        let lines = try Self.objects(file)
        #expect(lines.count == 5)  // the header, three actions, a jump
        var state = try Self.json(try #require(lines[0]["state"]))
        for (index, line) in lines.enumerated().dropFirst() {
            if line["jump"] as? Bool == true {
                state = try Self.json(try #require(line["state"]))
            } else {
                let ops = try JSONPatchOperation.operations(in: Self.json(try #require(line["changes"])))
                state = try JSONPatch.apply(ops, to: state)
            }
            let expected = try JSONValue(parsing: DevtoolsJSON.encode(states[index]))
            #expect(state == expected, "line \(index + 1)")
        }
        // One field of one element changed: one operation.
        let toggled = try #require(lines[2]["changes"] as? [[String: Any]])
        #expect(toggled.count == 1)
        #expect(toggled.first?["op"] as? String == "replace" && toggled.first?["path"] as? String == "/1/done")
    }

    @Test func aLogWithoutStateChangesWritesNone() throws {
        let file = ActionLogTests.temporaryFile("no-changes.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        store.dispatch(AddTodo(title: "a"))
        log.flush()
        #expect(try Self.objects(file).allSatisfy { $0["changes"] == nil })
    }

    @Test func actionsAThunkDispatchesAreMarkedAndTheAppsAreNot() throws {
        let file = ActionLogTests.temporaryFile("effects.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file)
        let store = createStore(
            ActionLogTests.todos, [], compose(applyMiddleware(thunkMiddleware()), log.enhancer))
        store.dispatch(AddTodo(title: "by the app"))
        store.dispatch(Thunk<[Todo]> { dispatch, _ in _ = dispatch(AddTodo(title: "by a thunk")) })
        store.dispatch(AddTodo(title: "by the app again"))
        log.flush()
        let entries = try Self.objects(file).dropFirst()
        #expect(entries.map { $0["effect"] as? String } == [nil, "thunk", nil])
    }
}
