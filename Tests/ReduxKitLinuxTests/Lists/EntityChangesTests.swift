import Foundation
import Testing

@testable import ReduxKitLinux

/// Updates whose changes are data (`EntityChanges`): they apply as closures
/// do, an id change included, keep their value, and encode to Redux
/// Toolkit's `{ "id", "changes" }` when the entity names its changes type.
@Suite("Entity changes")
struct EntityChangesTests {
    struct Todo: Identifiable, Codable, Equatable, Sendable {
        var id: String
        var title: String
        var completed = false
    }

    /// RTK's `Partial<Todo>`: the fields to change, the id among them.
    struct TodoChanges: EntityChanges, Codable, Equatable {
        var id: String? = nil
        var title: String? = nil
        var completed: Bool? = nil

        func apply(to todo: inout Todo) {
            if let id { todo.id = id }
            if let title { todo.title = title }
            if let completed { todo.completed = completed }
        }
    }

    /// Changes of another type, which a `Todo`'s update is not read back as.
    struct Rename: EntityChanges, Codable {
        var title: String
        func apply(to todo: inout Todo) { todo.title = title }
    }

    static let adapter = EntityAdapter<String, Todo>()
    static let byTitle = EntityAdapter<String, Todo>(sortComparer: { $0.title < $1.title })

    static func todos() -> [Todo] {
        [Todo(id: "a", title: "Buy"), Todo(id: "b", title: "Cook"), Todo(id: "c", title: "Dine")]
    }

    @Test func anUpdateMadeFromChangesAppliesThemAndKeepsThem() {
        var state = Self.adapter.getInitialState(Self.todos())
        let update = EntityUpdate(id: "b", changes: TodoChanges(completed: true))
        #expect(update.changesValue as? TodoChanges == TodoChanges(completed: true))
        #expect(EntityUpdate<String, Todo>(id: "b") { $0.completed = true }.changesValue == nil)
        Self.adapter.updateOne(update, in: &state)
        #expect(state[id: "b"] == Todo(id: "b", title: "Cook", completed: true))
        Self.adapter.updateMany(
            [
                EntityUpdate(id: "a", changes: TodoChanges(title: "Buy milk")),
                EntityUpdate(id: "a", changes: TodoChanges(completed: true)),
                EntityUpdate(id: "nope", changes: TodoChanges(title: "ghost")),
            ], in: &state)
        #expect(state.all.map(\.title) == ["Buy milk", "Cook", "Dine"])
        #expect(state.all.map(\.completed) == [true, true, false])
    }

    /// RTK's `changes` may hold the id field: the entity moves to the new id
    /// and keeps its place (unsorted), or its sorted place.
    @Test func changesThatGiveANewIdMoveTheEntity() {
        var state = Self.adapter.getInitialState(Self.todos())
        Self.adapter.updateOne(EntityUpdate(id: "a", changes: TodoChanges(id: "z")), in: &state)
        #expect(state.ids == ["z", "b", "c"])
        #expect(state[id: "a"] == nil && state[id: "z"]?.title == "Buy")

        var sorted = Self.byTitle.getInitialState(Self.todos())
        Self.byTitle.updateMany(
            [
                EntityUpdate(id: "a", changes: TodoChanges(id: "x", title: "Eat")),
                EntityUpdate(id: "a", changes: TodoChanges(completed: true)),  // still reaches it, as RTK
            ], in: &sorted)
        #expect(sorted.ids == ["b", "c", "x"])
        #expect(sorted[id: "x"] == Todo(id: "x", title: "Eat", completed: true))
    }

    @Test func anUpdateEncodesInReduxToolkitsShapeAndDecodesAgain() throws {
        let update = EntityUpdate<String, Todo>(id: "a", changes: TodoChanges(completed: true))
        let data = try JSONEncoder().encode(update)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["id"] as? String == "a")
        #expect(object["changes"] as? [String: Bool] == ["completed": true])
        let decoded = try JSONDecoder().decode(EntityUpdate<String, Todo>.self, from: data)
        #expect(decoded.id == "a" && decoded.changesValue as? TodoChanges == TodoChanges(completed: true))
        var state = Self.adapter.getInitialState(Self.todos())
        Self.adapter.updateOne(decoded, in: &state)
        #expect(state[id: "a"]?.completed == true)
    }

    /// An update that could not be read back is not written: one whose
    /// changes are a closure, or a value of another type than `Changes`.
    @Test func anUpdateThatCouldNotBeReadBackDoesNotEncode() {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(EntityUpdate<String, Todo>(id: "a") { $0.completed = true })
        }
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(EntityUpdate<String, Todo>(id: "a", changes: Rename(title: "Eat")))
        }
    }
}

extension EntityChangesTests.Todo: ChangeableEntity {
    typealias Changes = EntityChangesTests.TodoChanges
}
