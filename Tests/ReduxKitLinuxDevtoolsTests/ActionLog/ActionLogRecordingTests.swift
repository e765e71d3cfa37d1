import Foundation
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The action log records what the reducer sees, in order, wherever it sits
/// among the enhancers, and says at once what it cannot record (issue 12,
/// items 8, 9 and 11).
@Suite("Action log records what the reducer sees")
struct ActionLogRecordingTests {
    typealias AddTodo = ActionLogTests.AddTodo
    typealias ToggleTodo = ActionLogTests.ToggleTodo
    typealias NotCodable = ActionLogTests.NotCodable

    static let registry = ActionLogTests.registry

    /// Collects the errors a log reports.
    final class Errors: Sendable {
        private let errors = Locked<[String]>([])
        var all: [String] { errors.withLock { $0 } }
        var report: @Sendable (any Error) -> Void { { error in self.errors.withLock { $0.append("\(error)") } } }
    }

    static func lines(of file: URL) throws -> [Substring] {
        try ActionLogTests.entryLines(of: file)
    }

    // MARK: Item 8: unregistered actions

    @Test func anUnregisteredActionIsAnErrorInItsDispatchAndAMarkedLineByDefault() throws {
        let file = ActionLogTests.temporaryFile("unregistered.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = Errors()
        do {
            let store = applyMiddleware(
                [actionLogMiddleware(registry: Self.registry, to: file, onError: errors.report)],
                to: createStore(ActionLogTests.todos, []))
            store.dispatch(AddTodo(title: "a"))
            for _ in 0..<10 {
                let before = errors.all.count
                store.dispatch(NotCodable())
                #expect(errors.all.count == before + 1)  // reported in the dispatch itself
            }
            store.dispatch(AddTodo(title: "b"))
        }
        #expect(errors.all.count == 10)
        #expect(errors.all.first?.contains("NotCodable") == true)
        #expect(errors.all.first?.contains("not in the ActionRegistry") == true)
        let lines = try Self.lines(of: file)
        #expect(lines.count == 12)  // nothing vanishes
        #expect(lines.filter { $0.contains(#""unrecorded":true"#) }.count == 10)
        #expect(throws: ActionLogError(line: 3, reason: .unrecordedAction(type: "NotCodable"))) {
            try replayActionLog(at: file, registry: Self.registry, into: createStore(ActionLogTests.todos, []))
        }
    }

    @Test func skippingUnregisteredActionsIsNoErrorAndTheReplaySaysHowManyWereMissing() throws {
        let file = ActionLogTests.temporaryFile("skip.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = Errors()
        do {
            let log = ActionLog<[ActionLogTests.Todo]>(
                registry: Self.registry, file: file, unregistered: .skip, onError: errors.report)
            let store = createStore(ActionLogTests.todos, [], log.enhancer)
            store.dispatch(AddTodo(title: "a"))
            for _ in 0..<10 { store.dispatch(NotCodable()) }
            store.dispatch(AddTodo(title: "b"))
        }
        #expect(errors.all.isEmpty)
        let replayed = createStore(ActionLogTests.todos, [])
        let replay = try replayActionLog(
            at: file, registry: Self.registry, into: replayed, options: .skippingUnrecorded)
        #expect(replay == ActionLogReplay(replayed: 2, skippedUnrecorded: 10))
        #expect(!replay.isComplete)
        #expect(replayed.state.map(\.title) == ["a", "b"])
    }

    // MARK: Item 9: middleware-made actions

    /// Adding a todo makes the middleware dispatch a toggle of it.
    static func toggleWhatIsAdded() -> Middleware<[ActionLogTests.Todo]> {
        { api in
            { next in
                { action in
                    let result = next(action)
                    if action is AddTodo { _ = api.dispatch(ToggleTodo(index: api.getState().count - 1)) }
                    return result
                }
            }
        }
    }

    @Test func replayingIntoAStoreWithTheSameMiddlewareAppliesMiddlewareMadeActionsOnce() throws {
        let file = ActionLogTests.temporaryFile("middleware.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let recorded = applyMiddleware(
            [actionLogMiddleware(registry: Self.registry, to: file), Self.toggleWhatIsAdded()],
            to: createStore(ActionLogTests.todos, []))
        for title in ["a", "b", "c"] { recorded.dispatch(AddTodo(title: title)) }
        #expect(recorded.state.map(\.done) == [true, true, true])
        let replayed = applyMiddleware([Self.toggleWhatIsAdded()], to: createStore(ActionLogTests.todos, []))
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 6)
        #expect(replayed.state == recorded.state)
    }

    /// Upper-cases the titles of todos on their way to the reducer.
    static func shouting() -> Middleware<[ActionLogTests.Todo]> {
        { _ in
            { next in
                { action in
                    guard let add = action as? AddTodo else { return next(action) }
                    return next(AddTodo(title: add.title.uppercased()))
                }
            }
        }
    }

    /// A middleware after the log rewrites actions: the log records what the
    /// reducer got, not what went past it.
    @Test func aLogBeforeAMiddlewareThatRewritesActionsRecordsWhatTheReducerGot() throws {
        let file = ActionLogTests.temporaryFile("outer.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let recorded = createStore(
            ActionLogTests.todos, [],
            applyMiddleware(actionLogMiddleware(registry: Self.registry, to: file), Self.shouting()))
        recorded.dispatch(AddTodo(title: "milk"))
        recorded.dispatch(ToggleTodo(index: 0))
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 2)
        #expect(replayed.state == [ActionLogTests.Todo(title: "MILK", done: true)])
    }

    @Test func theEnhancerRecordsTheSameOutsideTheMiddleware() throws {
        let file = ActionLogTests.temporaryFile("enhancer.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[ActionLogTests.Todo]>(registry: Self.registry, file: file)
        let recorded = createStore(
            ActionLogTests.todos, [], compose(log.enhancer, applyMiddleware(Self.shouting())))
        recorded.dispatch(AddTodo(title: "milk"))
        recorded.dispatch(ToggleTodo(index: 0))
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 2)
        #expect(replayed.state == [ActionLogTests.Todo(title: "MILK", done: true)])
    }

    @Test func nestedDispatchesFromSubscribersAreRecordedInTheReducersOrder() throws {
        let file = ActionLogTests.temporaryFile("nested.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let recorded = applyMiddleware(
            [actionLogMiddleware(registry: Self.registry, to: file)], to: createStore(ActionLogTests.todos, []))
        let reacting = recorded.subscribe { todos in
            if todos.count == 1 && !todos[0].done { recorded.dispatch(ToggleTodo(index: 0)) }
        }
        defer { reacting.dispose() }  // it holds the store
        recorded.dispatch(AddTodo(title: "a"))
        recorded.dispatch(ActionLogTests.RenameTodo(index: 0, title: "b"))
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 3)
        #expect(replayed.state == recorded.state)
        #expect(try Self.lines(of: file).map { $0.contains("ToggleTodo") } == [false, true, false])
    }

    @MainActor
    @Test func anAsyncEffectsResultsAreRecordedAndTheThunkIsNot() async throws {
        let file = ActionLogTests.temporaryFile("effects.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = Errors()
        let log = ActionLog<[ActionLogTests.Todo]>(registry: Self.registry, file: file, onError: errors.report)
        let recorded = createStore(
            ActionLogTests.todos, [], compose(applyMiddleware(thunkMiddleware()), log.enhancer))
        let load = AsyncThunk<[ActionLogTests.Todo], String, String>("todos/load") { title, _ in title }
        _ = try await recorded.dispatch(load("x")).value
        recorded.dispatch(Thunk<[ActionLogTests.Todo]> { dispatch, _ in _ = dispatch(AddTodo(title: "y")) })
        // The reducer saw pending, fulfilled and AddTodo; the thunks never reached it.
        #expect(errors.all.count == 2)
        #expect(errors.all.allSatisfy { $0.contains("todos/load") })
        let replayed = createStore(ActionLogTests.todos, [])
        let replay = try replayActionLog(
            at: file, registry: Self.registry, into: replayed, options: .skippingUnrecorded)
        #expect(replay == ActionLogReplay(replayed: 1, skippedUnrecorded: 2))
        #expect(replayed.state.map(\.title) == ["y"])
    }

    @Test func aReplacedReducerIsAnnouncedInTheLog() throws {
        let file = ActionLogTests.temporaryFile("replace.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = Errors()
        let recorded = createStore(
            ActionLogTests.todos, [],
            applyMiddleware(actionLogMiddleware(registry: Self.registry, to: file, onError: errors.report)))
        // The new reducer adds a todo when it is installed.
        func announcing(_ todos: inout [ActionLogTests.Todo], _ action: any Action) {
            if action is ReplaceReducerAction { todos.append(ActionLogTests.Todo(title: "installed")) }
            ActionLogTests.todos(&todos, action)
        }
        recorded.dispatch(AddTodo(title: "a"))
        recorded.replaceReducer(announcing)
        #expect(errors.all.isEmpty)
        let replayed = createStore(announcing, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 2)
        #expect(replayed.state == recorded.state)
        #expect(try Self.lines(of: file).last?.contains(#""type":"@@redux/REPLACE""#) == true)
    }
}
