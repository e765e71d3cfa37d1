import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The retry-with-backoff recipe on a test clock: a fake client scripted to
/// fail then succeed; each wait is checked to the millisecond by moving the
/// clock to just before it ends, then to its end.
@Suite("Recipe: retry with backoff", .hangSafetyNet)
struct RetryRecipeTests {
    struct Offline: Error {}

    /// Answers with the scripted outcomes, in order; then keeps the last one.
    final class ScriptedTodoClient: TodoClient {
        private let script: Locked<[Result<[TodoItem], Offline>]>
        let calls = Counter()

        init(_ script: [Result<[TodoItem], Offline>]) {
            self.script = Locked(script)
        }

        func fetchTodos() async throws -> [TodoItem] {
            calls.increment()
            return try script.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
        }
    }

    /// Fails its first call; answers the others once `answer` is open.
    final class GatedTodoClient: TodoClient {
        let answer = AsyncGate()
        let calls = Counter()

        func fetchTodos() async throws -> [TodoItem] {
            calls.increment()
            if calls.count == 1 { throw Offline() }
            await answer.wait()
            return [RetryRecipeTests.milk]
        }
    }

    static func testStore(_ client: any TodoClient, clock: TestClock) -> TestStore<TodoList> {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies.todoClient = client
        return TestStore(
            initialState: TodoList(), reducer: todoListReducer,
            middleware: [thunkMiddleware(dependencies: dependencies)])
    }

    static let milk = TodoItem(id: 1, title: "milk")

    @Test func failuresAreRetriedAfterOneThenTwoSecondsAndASuccessLoads() async throws {
        let clock = TestClock()
        let client = ScriptedTodoClient([.failure(Offline()), .failure(Offline()), .success([Self.milk])])
        let test = Self.testStore(client, clock: clock)
        let run = test.dispatch(loadTodos())
        await test.receive(loadTodos.pending) { $0.isLoading = true }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(999))
        #expect(client.calls.count == 1)
        await clock.advance(by: .milliseconds(1))
        await clock.waitForSleepers()
        #expect(client.calls.count == 2)
        await clock.advance(by: .milliseconds(1_999))
        #expect(client.calls.count == 2)
        await clock.advance(by: .milliseconds(1))
        await test.receive(loadTodos.fulfilled) { loaded, state in
            state.todos = loaded.value
            state.isLoading = false
        }
        #expect(try await run.value == [Self.milk])
        #expect(client.calls.count == 3)
        await test.finish()
    }

    @Test func theFourthFailureRejectsTheRun() async {
        let clock = TestClock()
        let client = ScriptedTodoClient([.failure(Offline())])
        let test = Self.testStore(client, clock: clock)
        let run = test.dispatch(loadTodos())
        await test.receive(loadTodos.pending) { $0.isLoading = true }
        for wait in [1, 2, 4] {
            await clock.waitForSleepers()
            await clock.advance(by: .seconds(wait))
        }
        await test.receive(loadTodos.rejected) { rejected, state in
            #expect(!rejected.wasCancelled)
            state.isLoading = false
            state.failure = rejected.serializedError.message
        }
        #expect(await run.result.isFailure)
        #expect(client.calls.count == 4)
        await test.finish()
    }

    /// A newer load cancels the one waiting to retry: the newer run's pending
    /// comes first, then the cancelled run's rejection, which the reducer
    /// ignores, so loading stays on until the newer run ends.
    @Test func aNewerLoadCancelsTheRetryingOneAndLoadingStaysOn() async {
        let clock = TestClock()
        let client = GatedTodoClient()
        let test = Self.testStore(client, clock: clock)
        let first = test.dispatch(loadTodos())
        await test.receive(loadTodos.pending) { $0.isLoading = true }
        await clock.waitForSleepers()
        test.dispatch(loadTodos())
        await test.receive(loadTodos.pending)  // the newer run's: no change
        await test.receive(loadTodos.rejected) { rejected, _ in  // the first run's: ignored
            #expect(rejected.wasCancelled)
        }
        client.answer.open()
        await test.receive(loadTodos.fulfilled) { loaded, state in
            state.todos = loaded.value
            state.isLoading = false
        }
        #expect(await first.result.isFailure)
        await clock.advance(by: .seconds(60))  // the cancelled run's wait is over: it tries nothing more
        await test.finish()
        #expect(client.calls.count == 2)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
