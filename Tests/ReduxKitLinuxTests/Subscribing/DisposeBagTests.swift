import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

@Suite("DisposeBag")
struct DisposeBagTests {
    @Test func releasingTheBagDisposesEverythingInIt() {
        let store = createStore(counterReducer, nil)
        let calls = Counter()
        var handles: [any ReduxDisposable] = []
        do {
            let bag = DisposeBag()
            for _ in 0..<3 {
                let handle = store.subscribe { _ in calls.increment() }
                handle.disposed(by: bag)
                handles.append(handle)
            }
            #expect(bag.count == 3)
            store.dispatch(Increment())
            #expect(calls.count == 3)
        }
        #expect(handles.allSatisfy { $0.disposed })
        store.dispatch(Increment())
        #expect(calls.count == 3)
    }

    @Test func disposeAllEmptiesTheBagWhichStaysUsable() {
        let store = createStore(counterReducer, nil)
        let bag = DisposeBag()
        let first = store.subscribe { _ in }
        first.disposed(by: bag)
        bag.disposeAll()
        #expect(first.disposed)
        #expect(bag.count == 0)

        let calls = Counter()
        store.subscribe { _ in calls.increment() }.disposed(by: bag)
        store.dispatch(Increment())
        #expect(calls.count == 1)
        bag.disposeAll()
        store.dispatch(Increment())
        #expect(calls.count == 1)
    }

    @Test func handlesDisposedOnTheirOwnDoNotPileUpInALongLivedBag() {
        let store = createStore(counterReducer, nil)
        let bag = DisposeBag()
        for _ in 0..<10_000 {
            let handle = store.subscribe { _ in }
            handle.disposed(by: bag)
            handle.dispose()
        }
        #expect(bag.count < 200)
        let live = store.subscribe { _ in }
        live.disposed(by: bag)
        bag.disposeAll()
        #expect(live.disposed)
    }

    @Test func disposingMayReenterTheBag() {
        let bag = DisposeBag()
        let reentered = Flag()
        bag.insert(
            SimpleReduxDisposable(
                disposed: { reentered.isSet },
                dispose: {
                    _ = bag.count
                    reentered.set()
                }))
        bag.disposeAll()
        #expect(reentered.isSet)
    }

    /// A bag lives on one thread, but the shared-store handles it holds may be
    /// made, and disposed, on others: it counts them all, drops those disposed
    /// elsewhere, and disposes the rest.
    @Test func aBagHoldsSharedStoreHandlesMadeAndDisposedOnOtherThreads() {
        let store = SharedStore(createStore(counterReducer, nil))
        let made = Locked<[any ReduxDisposable & Sendable]>([])
        let callsAfterDisposal = Counter()
        onThreads(8) { _ in
            for _ in 0..<100 {
                let handle = store.subscribe { _ in callsAfterDisposal.increment() }
                made.withLock { $0.append(handle) }
            }
        }
        let handles = made.withLock { $0 }
        let bag = DisposeBag()
        for handle in handles { handle.disposed(by: bag) }
        #expect(bag.count == 800)
        onThreads(8) { thread in
            for index in stride(from: thread, to: 400, by: 8) { handles[index].dispose() }
        }
        #expect(handles.prefix(400).allSatisfy { $0.disposed })
        #expect(!handles.suffix(400).contains { $0.disposed })
        bag.disposeAll()
        #expect(bag.count == 0)
        #expect(handles.allSatisfy { $0.disposed })
        let calls = Counter()
        store.subscribe { _ in calls.increment() }
        store.dispatch(Increment())
        #expect(calls.count == 1)
        #expect(callsAfterDisposal.count == 0)
    }
}
