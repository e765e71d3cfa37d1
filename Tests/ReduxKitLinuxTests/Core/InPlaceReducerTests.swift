import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// In-place reducers mutate the store's state without copying it: checked by
/// counting copies of a copy-on-write buffer and by the identity of an array's
/// storage, not by timing.
@Suite("In-place reducers")
struct InPlaceReducerTests {
    struct Append: Action { let value: Int }

    struct BigState {
        var buffer: CopyCountingBuffer
        var label = "big"
    }

    static func appendInPlace(_ state: inout BigState, _ action: any Action) {
        if let append = action as? Append { state.buffer.append(append.value) }
    }

    static func appendReturning(_ state: BigState?, _ action: any Action) -> BigState {
        var state = state!
        if let append = action as? Append { state.buffer.append(append.value) }
        return state
    }

    @Test func anInPlaceReducerNeverCopiesALargeState() {
        let copies = Counter()
        let store = createStore(
            Self.appendInPlace, BigState(buffer: CopyCountingBuffer(count: 100_000, copies: copies)))
        for value in 0..<2_000 { store.dispatch(Append(value: value)) }
        #expect(copies.count == 0)
        #expect(store.state.buffer.count == 102_000)
        #expect(store.state.buffer.last == 1_999)
    }

    @Test func subscribersReadingTheStateDoNotForceCopiesOnLaterDispatches() {
        let copies = Counter()
        let store = createStore(Self.appendInPlace, BigState(buffer: CopyCountingBuffer(count: 10_000, copies: copies)))
        let seen = Recorder<Int>()
        store.subscribe { seen.append($0.buffer.count) }
        for value in 0..<100 { store.dispatch(Append(value: value)) }
        #expect(copies.count == 0)
        #expect(seen.values.last == 10_100)
    }

    /// The control: the counter does see copies when there are some. A
    /// value-returning reducer copies the state on every dispatch.
    @Test func anOptionalStateReducerCopiesAndTheCounterSeesIt() {
        let copies = Counter()
        let store = createStore(
            Self.appendReturning, BigState(buffer: CopyCountingBuffer(count: 1_000, copies: copies)))
        for value in 0..<10 { store.dispatch(Append(value: value)) }
        #expect(copies.count == 10)
    }

    @Test func theArraysStorageIsTheSameBeforeAndAfterAnAppend() {
        var initial: [Int] = Array(0..<100_000)
        initial.reserveCapacity(200_000)
        let moved = Recorder<Bool>()
        let store = createStore(
            { (state: inout [Int], action: any Action) in
                guard let append = action as? Append else { return }
                let before = state.withUnsafeBufferPointer { $0.baseAddress }
                state.append(append.value)
                moved.append(state.withUnsafeBufferPointer { $0.baseAddress } != before)
            }, initial)
        initial = []
        for value in 0..<1_000 { store.dispatch(Append(value: value)) }
        #expect(moved.values.count == 1_000)
        #expect(!moved.values.contains(true))
    }

    @Test func noDefaultActionIsDispatchedForAnInPlaceStore() {
        let seen = Recorder<String>()
        let store = createStore({ (state: inout Int, action: any Action) in seen.append(action.type) }, 5)
        #expect(seen.values.isEmpty)
        #expect(store.getState() == 5)
    }

    @Test func middlewareAppliedToTheStoreKeepsUpdatesInPlace() {
        let copies = Counter()
        let passed = Counter()
        let counting: Middleware<BigState> = { _ in
            { next in
                { action in
                    passed.increment()
                    return next(action)
                }
            }
        }
        let store = applyMiddleware(
            [counting],
            to: createStore(Self.appendInPlace, BigState(buffer: CopyCountingBuffer(count: 10_000, copies: copies))))
        for value in 0..<500 { store.dispatch(Append(value: value)) }
        #expect(copies.count == 0)
        #expect(passed.count == 500)
        #expect(store.state.buffer.count == 10_500)
    }

    @Test func anEnhancerSeesAnOptionalStateReducerAndTheStoreStillWorks() {
        let seen = Recorder<Int?>()
        let enhancer: StoreEnhancer<Int> = { next in
            { reducer, state in
                seen.append(state)
                return next({ state, action in reducer(state, action) * 1 }, state)
            }
        }
        let store = createStore({ (state: inout Int, action: any Action) in state += 1 }, 10, enhancer)
        store.dispatch(Noop())
        store.dispatch(Noop())
        #expect(seen.values == [10])
        #expect(store.getState() == 12)
    }

    @Test func replaceReducerAcceptsAnInPlaceReducer() {
        let store = createStore(counterReducer, 1)
        store.replaceReducer { (state: inout Int, action: any Action) in
            if action is Increment { state *= 10 }
        }
        store.dispatch(Increment())
        #expect(store.getState() == 10)
    }
}
