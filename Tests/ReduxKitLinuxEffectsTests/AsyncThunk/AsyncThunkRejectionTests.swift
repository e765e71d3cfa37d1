import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A body rejects with a typed payload or fulfils with a meta, and matchers
/// read what it gave: for one thunk (`settled`, `rejectedWithValue`) or
/// across several (`isPending(thunkA, thunkB)` and kin).
@Suite("Async thunk rejections and matchers", .hangSafetyNet)
struct AsyncThunkRejectionTests {
    struct Problem: Codable, Equatable, Sendable {
        let status: Int
    }

    struct Page: Codable, Equatable, Sendable {
        let next: Int
    }

    struct Failure: Error, LocalizedError {
        var errorDescription: String? { "it broke" }
    }

    /// A shared store recording every action its reducer sees.
    static func makeStore(_ actions: Recorder<any Action>) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if !(action is DefaultAction) { actions.append(action) }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
    }

    @Test func rejectWithValueCarriesATypedPayloadAndMetaToTheReducerAndTheHandle() async throws {
        let actions = Recorder<any Action>()
        let load = AsyncThunk<Int, String, Int>("load") { _, context in
            throw context.rejectWithValue(Problem(status: 404), meta: "retry later")
        }
        let store = Self.makeStore(actions)
        let handle = store.dispatch(load("a"))
        do {
            _ = try await handle.value
            Issue.record("the run was fulfilled")
        } catch let rejection as RejectedWithValue {
            #expect(rejection.value(as: Problem.self) == Problem(status: 404))
            #expect(rejection.meta(as: String.self) == "retry later")
        }
        let rejected = try #require(actions.values.compactMap(load.rejectedWithValue).first)
        #expect(rejected.wasRejectedWithValue)
        #expect(!rejected.wasCancelled)
        #expect(rejected.rejectedValue(as: Problem.self) == Problem(status: 404))
        #expect(rejected.rejectedValue(as: Int.self) == nil)
        #expect(rejected.meta(as: String.self) == "retry later")
        #expect(rejected.serializedError == SerializedError(name: "RejectedWithValue", message: "Rejected"))
    }

    @Test func fulfillWithValueGivesTheFulfilledActionAMeta() async throws {
        let actions = Recorder<any Action>()
        let load = AsyncThunk<Int, String, [String]>("load") { shelf, context in
            context.fulfillWithValue([shelf], meta: Page(next: 2))
        }
        let store = Self.makeStore(actions)
        #expect(try await store.dispatch(load("a")).value == ["a"])
        let fulfilled = try #require(actions.values.compactMap(load.fulfilled).first)
        #expect(fulfilled.meta(as: Page.self) == Page(next: 2))
        #expect(fulfilled.value == ["a"])
    }

    @Test func aThrownErrorIsSerializedByDefaultOrAsTheThunkSays() async throws {
        let actions = Recorder<any Action>()
        let plain = AsyncThunk<Int, String, Int>("plain") { _, _ in throw Failure() }
        let custom = AsyncThunk<Int, String, Int>(
            "custom", serializeError: { _ in SerializedError(name: "Custom", message: "m", code: "E1") }
        ) { _, _ in throw Failure() }
        let store = Self.makeStore(actions)
        _ = await store.dispatch(plain("a")).result
        _ = await store.dispatch(custom("a")).result
        let plainRejected = try #require(actions.values.compactMap(plain.rejected).first)
        #expect(plainRejected.serializedError == SerializedError(name: "Failure", message: "it broke"))
        #expect(plainRejected.error is Failure)
        #expect(!plainRejected.wasRejectedWithValue)
        let customRejected = try #require(actions.values.compactMap(custom.rejected).first)
        #expect(customRejected.serializedError == SerializedError(name: "Custom", message: "m", code: "E1"))
    }

    @Test func settledMatchesBothEndsAndNothingElse() async throws {
        let actions = Recorder<any Action>()
        let load = AsyncThunk<Int, Int, Int>("load") { number, _ in
            if number < 0 { throw Failure() }
            return number
        }
        let store = Self.makeStore(actions)
        let good = store.dispatch(load(1))
        let bad = store.dispatch(load(-1))
        _ = await (good.result, bad.result)
        let settled = actions.values.compactMap(load.settled)
        #expect(settled.count == 2)
        #expect(Set(settled.map(\.requestID)) == [good.requestID, bad.requestID])
        #expect(Set(settled.map(\.argument)) == [1, -1])
        #expect(settled.contains { if case .fulfilled(let done) = $0 { done.value == 1 } else { false } })
        #expect(settled.contains { if case .rejected(let failed) = $0 { failed.argument == -1 } else { false } })
        #expect(actions.values.filter { load.pending($0) != nil }.allSatisfy { load.settled($0) == nil })
    }

    @Test func matchersAcrossThunksTellTheLifecycleApart() async {
        let actions = Recorder<any Action>()
        let first = AsyncThunk<Int, Void, Int>("first") { _, _ in 1 }
        let second = AsyncThunk<Int, String, String>("second") { _, context in
            throw context.rejectWithValue(Problem(status: 500))
        }
        let other = AsyncThunk<Int, Void, Int>("other") { _, _ in 3 }
        let store = Self.makeStore(actions)
        _ = await store.dispatch(first()).result
        _ = await store.dispatch(second("x")).result
        _ = await store.dispatch(other()).result
        store.dispatch(Increment())
        let types = { (matcher: (any Action) -> Bool) in actions.values.filter(matcher).map(\.type) }
        #expect(types(isPending(first, second)) == ["first/pending", "second/pending"])
        #expect(types(isFulfilled(first, second)) == ["first/fulfilled"])
        #expect(types(isRejected(first, second)) == ["second/rejected"])
        #expect(types(isRejectedWithValue(second)) == ["second/rejected"])
        #expect(types(isAsyncThunkAction(other)) == ["other/pending", "other/fulfilled"])
        #expect(types(isPending()) == ["first/pending", "second/pending", "other/pending"])
        #expect(types(isPending) == ["first/pending", "second/pending", "other/pending"])
        #expect(types(isFulfilled) == ["first/fulfilled", "other/fulfilled"])
        #expect(types(isRejected) == ["second/rejected"])
        #expect(types(isRejectedWithValue) == ["second/rejected"])
        #expect(actions.values.filter(isAsyncThunkAction).count == 6)
        #expect(!isAsyncThunkAction(Increment()))
    }

    /// The one-thunk matchers keep their shape, `(any Action) -> X?`, so they
    /// can be passed as functions (as a test store's `receive` takes them),
    /// even next to the creators of the same names.
    @Test func theMatchersAreFunctionValues() {
        let load = AsyncThunk<Int, String, Int>("load") { _, _ in 1 }
        func first<Matched>(_ actions: [any Action], _ matcher: (any Action) -> Matched?) -> Matched? {
            actions.lazy.compactMap(matcher).first
        }
        let id = RequestID(9)
        let actions: [any Action] = [
            load.pending(requestID: id, argument: "a"), load.fulfilled(2, requestID: id, argument: "a"),
        ]
        #expect(first(actions, load.pending)?.requestID == id)
        #expect(first(actions, load.fulfilled)?.value == 2)
        #expect(first(actions, load.rejected) == nil)
        #expect(first(actions, load.settled)?.requestID == id)
    }
}
