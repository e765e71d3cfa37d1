import ReduxKitLinux
import Testing

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

    @Test func aBagCanBeFilledFromManyThreads() {
        let store = createStore(counterReducer, nil)
        let bag = DisposeBag()
        onThreads(8) { _ in
            for _ in 0..<100 { store.subscribe { _ in }.disposed(by: bag) }
        }
        #expect(bag.count == 800)
        bag.disposeAll()
        let calls = Counter()
        store.subscribe { _ in calls.increment() }
        store.dispatch(Increment())
        #expect(calls.count == 1)
    }
}
