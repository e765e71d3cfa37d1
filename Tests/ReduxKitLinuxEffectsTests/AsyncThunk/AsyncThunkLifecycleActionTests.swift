import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Lifecycle actions made by hand drive a reducer without running the thunk,
/// and lifecycle actions are `Codable` (the devtools tests record and replay
/// them in an action log: `ActionLogAsyncThunkTests`).
@Suite("Async thunk lifecycle actions", .hangSafetyNet)
struct AsyncThunkLifecycleActionTests {
    struct Problem: Codable, Equatable, Sendable {
        let status: Int
    }

    struct Catalog: Codable, Equatable, Sendable {
        var loading: [RequestID] = []
        var items: [String] = []
        var problems: [Int] = []
        var cancelled: [String] = []
    }

    static let load = AsyncThunk<Catalog, String, [String]>("catalog/load") { shelf, context in
        if shelf == "none" { throw context.rejectWithValue(Problem(status: 404)) }
        return [shelf + " 1", shelf + " 2"]
    }

    static let refresh = AsyncThunk<Catalog, Void, Void>("catalog/refresh") { _, _ in }

    /// Of the same types as `load`, so its lifecycle actions are of the same Swift types.
    static let search = AsyncThunk<Catalog, String, [String]>("catalog/search") { text, _ in ["found " + text] }

    static func reducer(_ state: inout Catalog, _ action: any Action) {
        if let pending = load.pending(action) { state.loading.append(pending.requestID) }
        if let settled = load.settled(action) { state.loading.removeAll { $0 == settled.requestID } }
        if let done = load.fulfilled(action) { state.items += done.value }
        if let problem = load.rejected(action)?.rejectedValue(as: Problem.self) {
            state.problems.append(problem.status)
        }
        if let rejected = load.rejected(action), rejected.wasCancelled {
            state.cancelled.append(rejected.cancelReason ?? "?")
        }
        if refresh.fulfilled(action) != nil { state.items = [] }
        if let found = search.fulfilled(action) { state.items = found.value }
    }

    @Test func handMadeLifecycleActionsDriveAReducerWithoutRunningTheThunk() {
        let store = createStore(Self.reducer, Catalog())
        let first = RequestID(1)
        let second = RequestID(2)
        let third = RequestID(3)
        store.dispatch(Self.load.pending(requestID: first, argument: "fruit"))
        store.dispatch(Self.load.pending(requestID: second, argument: "none"))
        store.dispatch(Self.load.pending(requestID: third, argument: "tea"))
        #expect(store.state.loading == [first, second, third])
        store.dispatch(Self.load.fulfilled(["apple"], requestID: first, argument: "fruit"))
        store.dispatch(Self.load.rejected(withValue: Problem(status: 500), requestID: second, argument: "none"))
        store.dispatch(Self.load.cancelled(requestID: third, argument: "tea", reason: "gone"))
        #expect(store.state == Catalog(loading: [], items: ["apple"], problems: [500], cancelled: ["gone"]))
        store.dispatch(Self.refresh.fulfilled((), requestID: RequestID(4), argument: ()))
        #expect(store.state.items.isEmpty)
        let plain = Self.load.rejected(CocoaError(.fileNoSuchFile), requestID: first, argument: "x")
        #expect(!plain.wasRejectedWithValue && !plain.wasCancelled)
        #expect(RequestID(5) == RequestID(5))
        #expect(RequestID(5).description == "request-5")
        #expect(RequestID.next() != RequestID.next())
    }

    @Test func lifecycleActionsRoundTripThroughJSON() throws {
        let id = RequestID(7)
        let pending = try Self.roundTrip(Self.load.pending(requestID: id, argument: "a", meta: "m"))
        #expect(pending.typePrefix == "catalog/load" && pending.requestID == id && pending.argument == "a")
        #expect(pending.meta(as: String.self) == "m")
        let fulfilled = try Self.roundTrip(Self.load.fulfilled(["x"], requestID: id, argument: "a"))
        #expect(fulfilled.value == ["x"] && fulfilled.meta(as: String.self) == nil)
        let rejected = try Self.roundTrip(
            Self.load.rejected(withValue: Problem(status: 404), requestID: id, argument: "a", meta: 3))
        #expect(rejected.rejectedValue(as: Problem.self) == Problem(status: 404))
        #expect(rejected.meta(as: Int.self) == 3)
        #expect(rejected.error as? SerializedError == SerializedError(name: "RejectedWithValue", message: "Rejected"))
        let cancelled = try Self.roundTrip(Self.load.cancelled(requestID: id, argument: "a", reason: "why"))
        #expect(cancelled.wasCancelled && cancelled.cancelReason == "why" && !cancelled.wasRejectedWithValue)
        let void = try Self.roundTrip(Self.refresh.fulfilled((), requestID: id, argument: ()))
        #expect(void.requestID == id)
    }

    /// One `meta(as:)`, `value(as:)` and `rejectedValue(as:)` each (issue 24):
    /// a value read back from JSON is decoded whenever the type asked for is
    /// `Decodable`, even when the caller only knows it as a generic `T`.
    @Test func aValueReadBackFromJSONIsDecodedAsAnyDecodableTypeAskedFor() throws {
        func read<T>(_ type: T.Type, from rejected: AsyncThunk<Catalog, String, [String]>.Rejected) -> T? {
            rejected.rejectedValue(as: type)
        }
        struct NotDecodable {}
        let id = RequestID(8)
        let rejected = try Self.roundTrip(
            Self.load.rejected(withValue: Problem(status: 500), requestID: id, argument: "a", meta: "m"))
        #expect(read(Problem.self, from: rejected) == Problem(status: 500))
        #expect(read(NotDecodable.self, from: rejected) == nil)
        #expect(rejected.rejectedValue(as: Int.self) == nil)
    }

    @Test func aPayloadThatIsNotEncodableIsAnErrorNotALoss() {
        struct Opaque: Sendable {}
        let thunk = AsyncThunk<Int, Opaque, Int>("opaque") { _, _ in 1 }
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(thunk.pending(requestID: RequestID(1), argument: Opaque()))
        }
    }

    static func roundTrip<A: Codable>(_ action: A) throws -> A {
        try JSONDecoder().decode(A.self, from: JSONEncoder().encode(action))
    }
}
