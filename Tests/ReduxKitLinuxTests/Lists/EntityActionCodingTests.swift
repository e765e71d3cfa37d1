import Foundation
import Testing

@testable import ReduxKitLinux

/// An entity adapter's actions encode as data (`{ "adapter", "operation",
/// "payload" }`) and decode to actions that apply as the originals did,
/// updates included when their changes are data.
@Suite("Entity action coding")
struct EntityActionCodingTests {
    typealias Todo = EntityChangesTests.Todo
    typealias TodoChanges = EntityChangesTests.TodoChanges

    /// An entity that names no changes type.
    struct Note: Identifiable, Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    static let adapter = EntityAdapter<String, Todo>(name: "todos")

    /// The action, encoded and decoded.
    static func roundTrip<ID: Codable, Entity: Codable>(
        _ action: EntityAction<ID, Entity>
    ) throws -> EntityAction<ID, Entity> {
        try JSONDecoder().decode(EntityAction<ID, Entity>.self, from: JSONEncoder().encode(action))
    }

    /// Every operation, applied as written and as read back, leaves the same state.
    @Test func everyOperationRoundTripsAndAppliesAsTheOriginal() throws {
        let todos = Self.adapter
        let actions = [
            todos.addOne(Todo(id: "a", title: "Buy")),
            todos.addMany([Todo(id: "b", title: "Cook"), Todo(id: "c", title: "Dine"), Todo(id: "d", title: "Eat")]),
            todos.setOne(Todo(id: "a", title: "Buy bread")),
            todos.setMany([Todo(id: "e", title: "Fast")]),
            todos.upsertOne(Todo(id: "f", title: "Go")),
            todos.upsertMany([Todo(id: "b", title: "Cook rice", completed: true)]),
            todos.updateOne(EntityUpdate(id: "c", changes: TodoChanges(completed: true))),
            todos.updateMany([
                EntityUpdate(id: "d", changes: TodoChanges(id: "dd")),
                EntityUpdate(id: "d", changes: TodoChanges(title: "Eat out")),
            ]),
            todos.removeOne("e"),
            todos.removeMany(["f", "nope"]),
            todos.removeAll(),
            todos.setAll([Todo(id: "z", title: "Zzz")]),
        ]
        var original = todos.getInitialState()
        var replayed = todos.getInitialState()
        var states: [EntityState<String, Todo>] = []
        for action in actions {
            let decoded = try Self.roundTrip(action)
            #expect(decoded.type == action.type && decoded.adapter == "todos")
            todos.apply(action.operation, to: &original)
            todos.apply(decoded.operation, to: &replayed)
            #expect(replayed == original)
            states.append(original)
        }
        // The updates did something: the decoded changes applied.
        #expect(states[6][id: "c"]?.completed == true)
        #expect(states[7].ids == ["a", "b", "c", "dd", "e", "f"] && states[7][id: "dd"]?.title == "Eat out")
        #expect(Set(actions.map { $0.type.split(separator: "/")[1] }).count == 12)
    }

    @Test func anUpdateIsWrittenAsReduxToolkitsPayload() throws {
        let action = Self.adapter.updateOne(EntityUpdate(id: "a", changes: TodoChanges(title: "Buy")))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(action)) as? [String: Any])
        #expect(object["adapter"] as? String == "todos")
        #expect(object["operation"] as? String == "updateOne")
        let payload = try #require(object["payload"] as? [String: Any])
        #expect(payload["id"] as? String == "a")
        #expect(payload["changes"] as? [String: String] == ["title": "Buy"])
        let removeAll = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.adapter.removeAll()))
        #expect((removeAll as? [String: String]) == ["adapter": "todos", "operation": "removeAll"])
    }

    /// A closure's changes cannot be written; neither can an update of an
    /// entity that names no changes type, whose other actions still can.
    @Test func updatesThatCouldNotBeReadBackDoNotEncode() throws {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Self.adapter.updateOne(EntityUpdate(id: "a") { $0.completed = true }))
        }
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Self.adapter.updateMany([EntityUpdate(id: "a") { $0.completed = true }]))
        }
        let notes = EntityAdapter<Int, Note>()
        let added = try Self.roundTrip(notes.addOne(Note(id: 1, text: "hi")))
        #expect(added.type == "Note/addOne")
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(notes.updateOne(EntityUpdate(id: 1) { $0.text = "ho" }))
        }
        let written = #"{"adapter":"Note","operation":"updateOne","payload":{"id":1,"changes":{}}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EntityAction<Int, Note>.self, from: Data(written.utf8))
        }
    }

    @Test func anUnknownOperationDoesNotDecode() {
        let written = #"{"adapter":"todos","operation":"mergeOne","payload":{"id":"a","title":"x"}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EntityAction<String, Todo>.self, from: Data(written.utf8))
        }
    }
}
