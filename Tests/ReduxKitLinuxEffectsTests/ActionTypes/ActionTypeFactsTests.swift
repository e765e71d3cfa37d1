import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The facts about action types (ActionTypeFactsTable): classified once per
/// pair of an action type and a state type in the process, shared by every
/// store, and classified again, on its own terms, for another state type.
///
/// Each test has state types of its own, so the counts it reads are its own
/// while other tests run beside it.
@Suite("Action type facts", .hangSafetyNet)
struct ActionTypeFactsTests {
    struct Ping: Action {}

    @Test func aFreshStoreDispatchingTypesAlreadyMetClassifiesNone() async throws {
        struct Tally: Sendable { var count = 0 }
        let load = AsyncThunk<Tally, Int, Int>("facts/load") { value, _ in value }
        func reducer(_ state: Tally?, _ action: any Action) -> Tally {
            var state = state ?? Tally()
            if action is Ping { state.count += 1 }
            if let done = load.fulfilled(action) { state.count += done.value }
            return state
        }
        /// A store of a request: the thunk and a listener middleware, four action
        /// types of the app (the thunk's action, its pending and fulfilled
        /// actions, a plain action), a thunk and a cancellation.
        func serveARequest() async throws -> Int {
            let listeners = ListenerMiddleware<Tally>()
            listeners.addListener(for: Ping.self) { _, _ in }
            let shared = SharedStore(
                createStore(reducer, nil, applyMiddleware(thunkMiddleware(), listeners.middleware())))
            _ = try await shared.dispatch(load(2)).value
            shared.dispatch(Ping())
            shared.dispatch(Thunk<Tally> { dispatch, _ in _ = dispatch(Ping()) })
            shared.dispatch(CancelEffects(id: "facts"))
            await shared.waitForEffects()
            return shared.state.count
        }
        let table = ActionTypeFactsTable.shared
        #expect(table.classificationCount(for: Tally.self) == 0)
        #expect(try await serveARequest() == 4)
        let classified = table.classificationCount(for: Tally.self)
        #expect(classified >= 6)
        #expect(try await serveARequest() == 4)
        #expect(table.classificationCount(for: Tally.self) == classified)
    }

    @Test func aTypeMetForOneStateIsClassifiedAgainForAnother() {
        struct Mine: Sendable {}
        struct Theirs: Sendable {}
        let load = AsyncThunk<Mine, Void, Int>("facts/mine") { _, _ in 1 }
        let table = ActionTypeFactsTable.shared
        let mine = table.facts(of: load(), for: Mine.self)
        #expect(mine.thunkKind == .asyncThunk && !mine.isListenerControl)
        #expect(table.classificationCount(for: Theirs.self) == 0)
        let theirs = table.facts(of: load(), for: Theirs.self)
        #expect(theirs.thunkKind == .foreignAsyncThunk && !theirs.isListenerControl)
        #expect(table.classificationCount(for: Theirs.self) == 1)
        // Asked again, for either state, the table answers without classifying.
        #expect(table.facts(of: load(), for: Mine.self).thunkKind == .asyncThunk)
        #expect(table.facts(of: load(), for: Theirs.self).thunkKind == .foreignAsyncThunk)
        #expect(table.classificationCount(for: Mine.self) == 1)
        #expect(table.classificationCount(for: Theirs.self) == 1)
        // The thunk middleware of a state not known to be Sendable refuses it.
        #expect(mine.thunkKind.refusingAsyncThunks == .foreignAsyncThunk)
    }

    @Test func aListenerControlActionIsOneForItsOwnStateOnly() {
        struct Mine: Sendable {}
        struct Theirs: Sendable {}
        let add = AddListener<Mine>(for: Ping.self) { _, _ in }
        let table = ActionTypeFactsTable.shared
        #expect(table.facts(of: add, for: Mine.self).isListenerControl)
        #expect(!table.facts(of: add, for: Theirs.self).isListenerControl)
        #expect(table.facts(of: ClearAllListeners(), for: Theirs.self).isListenerControl)
        let cancel = table.facts(of: CancelEffects(id: "facts"), for: Theirs.self)
        #expect(cancel.thunkKind == .cancelEffects && cancel.isListenerControl)
        #expect(table.facts(of: Thunk<Mine> { _, _ in }, for: Mine.self).thunkKind == .thunk)
        #expect(table.facts(of: Thunk<Mine> { _, _ in }, for: Theirs.self).thunkKind == .other)
    }

    @Test func anAsyncThunkMetByAStoreOfItsStateIsRefusedByAStoreOfAnother() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let load = AsyncThunk<Int, Void, Int>("facts/load") { _, _ in 1 }
            let own = SharedStore(createStore(counterReducer, 0, applyMiddleware(thunkMiddleware())))
            let value = try? await own.dispatch(load()).value
            FileHandle.standardError.write(Data("ran on a store of its state: \(value ?? 0)\n".utf8))
            let other = SharedStore(
                createStore({ (state: String?, _: any Action) in state ?? "" }, nil, applyMiddleware(thunkMiddleware()))
            )
            other.dispatch(load() as any Action)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ran on a store of its state: 1"))
        #expect(output.contains("ReduxKitLinux: \(EffectsMisuse.asyncThunkOfAnotherState("facts/load"))"))
    }
}
