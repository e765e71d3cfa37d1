import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// `StateChangeRecorder` writes, for each state in turn, the JSON of the
/// operations from the state before it.
@Suite("State change recorder")
struct StateChangeRecorderTests {
    /// An element of the state's array.
    struct Todo: Codable {
        /// A string member.
        var title: String
        /// A Boolean member.
        var done = false
    }

    /// A small app state: an array of structs and a string.
    struct State: Codable {
        /// The array.
        var todos: [Todo] = []
        /// The string.
        var filter = "all"
    }

    /// `state`'s JSON, as the action log writes it.
    static func json(_ state: State) throws -> Data {
        try DevtoolsJSON.encode(state)
    }

    /// The changes' bytes, as a string.
    static func changes(_ recorder: inout StateChangeRecorder, after state: State) throws -> String {
        String(decoding: try recorder.changes(after: Self.json(state)), as: UTF8.self)
    }

    @Test func eachStateIsComparedWithTheOneBefore() throws {
        var state = State(todos: [Todo(title: "Milk")])
        var recorder = StateChangeRecorder(startingState: try Self.json(state))
        state.todos.append(Todo(title: "Eggs"))
        #expect(
            try Self.changes(&recorder, after: state)
                == #"[{"op":"add","path":"/todos/1","value":{"done":false,"title":"Eggs"}}]"#)
        #expect(try Self.changes(&recorder, after: state) == "[]")
        state.todos[0].done = true
        state.filter = "done"
        #expect(
            try Self.changes(&recorder, after: state)
                == #"[{"op":"replace","path":"/filter","value":"done"},{"op":"replace","path":"/todos/0/done","value":true}]"#
        )
        state.todos.removeFirst()
        #expect(try Self.changes(&recorder, after: state) == #"[{"op":"remove","path":"/todos/0"}]"#)
    }

    @Test func withoutAStartingStateTheFirstChangesReplaceTheWholeState() throws {
        var recorder = StateChangeRecorder(startingState: nil)
        #expect(
            try Self.changes(&recorder, after: State())
                == #"[{"op":"replace","path":"","value":{"filter":"all","todos":[]}}]"#)
        #expect(try Self.changes(&recorder, after: State()) == "[]")
        var unreadable = StateChangeRecorder(startingState: Data("{".utf8))
        #expect(try Self.changes(&unreadable, after: State()).hasPrefix(#"[{"op":"replace","path":"","#))
    }

    @Test func aStateThatIsNotJSONThrowsAndTheNextChangesReplaceTheWholeState() throws {
        var recorder = StateChangeRecorder(startingState: try Self.json(State()))
        #expect(throws: DecodingError.self) { try recorder.changes(after: Data("not json".utf8)) }
        #expect(
            try Self.changes(&recorder, after: State())
                == #"[{"op":"replace","path":"","value":{"filter":"all","todos":[]}}]"#)
    }

    @Test func theChangesApplyToTheStateBefore() throws {
        var state = State(todos: (0..<50).map { Todo(title: "t\($0)") })
        var recorder = StateChangeRecorder(startingState: try Self.json(state))
        var replayed = try JSONValue(parsing: Self.json(state))
        for step in 0..<40 {
            switch step % 4 {
            case 0: state.todos.insert(Todo(title: "new \(step)"), at: step % 7)
            case 1: state.todos[step].done.toggle()
            case 2: state.todos.remove(at: step)
            default: state.filter = "f\(step)"
            }
            let operations = try JSONPatchOperation.operations(parsing: recorder.changes(after: Self.json(state)))
            #expect(operations.count == 1)
            replayed = try JSONPatch.apply(operations, to: replayed)
            #expect(try replayed == JSONValue(parsing: Self.json(state)))
        }
    }
}
