import ReduxKitLinux
import ReduxKitLinuxTesting
import Testing

@Suite("TestStore", .timeLimit(.minutes(1)))
struct TestStoreTests {
    struct Profile: Equatable, Sendable {
        var count = 0
        var name = ""
        var isLoading = false
        var tags: [String] = []
    }

    struct Add: Action { let amount: Int }
    struct Rename: Action { let name: String }
    struct Tag: Action { let tag: String }
    struct Ignored: Action {}

    static let loadName = AsyncThunk<Profile, Void, String>("profile/load") { _, _ in "Ada" }

    static func reducer(_ state: inout Profile, _ action: any Action) {
        switch action {
        case let add as Add: state.count += add.amount
        case let rename as Rename: state.name = rename.name
        case let tag as Tag: state.tags.append(tag.tag)
        default: break
        }
        if loadName.pending(action) != nil { state.isLoading = true }
        if let done = loadName.fulfilled(action) {
            state.isLoading = false
            state.name = done.value
        }
    }

    /// A test store whose failures are collected instead of failing this test.
    static func makeTestStore(_ failures: Recorder<String>) -> TestStore<Profile> {
        TestStore(
            initialState: Profile(), reducer: reducer, middleware: [thunkMiddleware()],
            onFailure: { failures.append($0) })
    }

    @Test func anExactlyDescribedChangePasses() {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Add(amount: 2)) { $0.count = 2 }
        test.dispatch(Ignored())
        test.finish()
        #expect(failures.values.isEmpty)
        #expect(test.state.count == 2)
    }

    @Test func aWrongDescriptionFailsWithTheFieldsThatDiffer() {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Add(amount: 2)) { $0.count = 3 }
        test.dispatch(Tag(tag: "x"))
        #expect(failures.count == 2)
        #expect(failures.values.first == "The state after Add is not as asserted:\n  state.count: expected 3, got 2")
        #expect(
            failures.values.last
                == "Tag changed the state, but no change was asserted:\n  state.tags.count: expected 0, got 1")
    }

    @Test func actionsDispatchedInResponseMustBeReceivedInOrder() {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(
            Thunk<Profile> { dispatch, _ in
                _ = dispatch(Add(amount: 1))
                _ = dispatch(Rename(name: "Grace"))
            })
        // The thunk itself never reaches the reducer; what it dispatched is queued.
        test.dispatch(Ignored())
        #expect(
            failures.values == [
                "Dispatching Ignored before asserting what was received: 2 received action(s) not asserted: Add, Rename"
            ])
    }

    @Test func receivingChecksTypeOrderAndChange() async {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(
            Thunk<Profile> { dispatch, _ in
                _ = dispatch(Add(amount: 1))
                _ = dispatch(Rename(name: "Grace"))
                _ = dispatch(Tag(tag: "t"))
            })
        await test.receive(Add.self) { $0.count = 1 }
        await test.receive(Tag.self) { $0.name = "Grace" }
        await test.receive(Tag.self) { $0.tags = ["wrong"] }
        test.finish()
        #expect(failures.values.count == 2)
        #expect(failures.values.first == "Expected to receive Tag, but received Rename.")
        #expect(failures.values.last?.contains("state.tags[0]: expected \"wrong\", got \"t\"") == true)
    }

    @Test func asyncEffectsAreAwaitedAndChecked() async {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Self.loadName())
        await test.receive(AsyncThunk<Profile, Void, String>.Pending.self) { $0.isLoading = true }
        await test.receive(AsyncThunk<Profile, Void, String>.Fulfilled.self) {
            $0.isLoading = false
            $0.name = "Ada"
        }
        test.finish()
        #expect(failures.values.isEmpty)
    }

    /// In a `@MainActor` test the store under test is still a shared store: its
    /// thunk middleware is made with no isolation, to be handed over.
    @Test @MainActor func asyncEffectsAreAwaitedAndCheckedFromTheMainActor() async {
        let failures = Recorder<String>()
        let test = TestStore(
            initialState: Profile(), reducer: Self.reducer, middleware: [thunkMiddleware(isolation: nil)],
            onFailure: { failures.append($0) })
        test.dispatch(Self.loadName())
        // `receive` is nonisolated: a closure written here belongs to the main
        // actor and could not be sent to it, so these are `@Sendable`.
        await test.receive(AsyncThunk<Profile, Void, String>.Pending.self) { @Sendable in $0.isLoading = true }
        await test.receive(AsyncThunk<Profile, Void, String>.Fulfilled.self) { @Sendable in
            $0.isLoading = false
            $0.name = "Ada"
        }
        test.finish()
        #expect(failures.values.isEmpty)
        #expect(test.store.state.name == "Ada")
    }

    @Test func finishFailsOnActionsLeftUnasserted() async {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Add(amount: 5)) })
        test.finish()
        #expect(failures.values == ["1 received action(s) not asserted: Add"])
    }

    @Test func receivingNothingFailsAfterTheTimeout() async {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        await test.receive(Add.self, timeout: .milliseconds(20))
        #expect(failures.values.first?.hasPrefix("Expected to receive Add, but nothing was received within") == true)
    }

    @Test func anAssertedChangeForAnActionThatNeverReachedTheReducerFails() {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Thunk<Profile> { _, _ in }) { $0.count = 1 }
        #expect(
            failures.values == ["Thunk<Profile> never reached the reducer, so the state did not change as asserted."])
    }

    @Test func failuresGoToTheRunningSwiftTestingTest() {
        withKnownIssue {
            let test = TestStore(initialState: Profile(), reducer: Self.reducer)
            test.dispatch(Add(amount: 1)) { $0.count = 2 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("state.count: expected 2, got 1") }
        }
    }

    @Test func skippedReceivedActionsNeedNoAssertion() {
        let failures = Recorder<String>()
        let test = Self.makeTestStore(failures)
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Add(amount: 5)) })
        test.skipReceivedActions()
        test.finish()
        #expect(failures.values.isEmpty)
    }
}

@Suite("State differences")
struct StateDiffTests {
    struct Inner: Equatable {
        var title: String
        var done: Bool
    }

    enum Mode: Equatable {
        case idle
        case loading(progress: Int)
    }

    struct Outer: Equatable {
        var items: [Inner]
        var lookup: [String: Int]
        var mode: Mode
        var note: String?
    }

    @Test func listsEachDifferingFieldByItsPath() {
        let expected = Outer(
            items: [Inner(title: "a", done: false), Inner(title: "b", done: true)], lookup: ["x": 1, "y": 2],
            mode: .loading(progress: 10), note: "n")
        let actual = Outer(
            items: [Inner(title: "a", done: true), Inner(title: "c", done: true), Inner(title: "d", done: false)],
            lookup: ["x": 1, "z": 3], mode: .loading(progress: 20), note: nil)
        #expect(
            differences(expected: expected, actual: actual) == [
                "state.items.count: expected 2, got 3",
                "state.items[0].done: expected false, got true",
                "state.items[1].title: expected \"b\", got \"c\"",
                "state.lookup[\"y\"]: expected 2, got no entry",
                "state.lookup[\"z\"]: expected no entry, got 3",
                "state.mode(loading).progress: expected 10, got 20",
                "state.note: expected Optional(\"n\"), got nil",
            ])
    }

    @Test func equalValuesHaveNoDifferences() {
        let value = Outer(items: [Inner(title: "a", done: false)], lookup: [:], mode: .idle, note: nil)
        #expect(differences(expected: value, actual: value).isEmpty)
    }
}
