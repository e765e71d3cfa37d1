import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

@Suite("Scoped stores")
struct ScopedStoreTests {
    struct ParentState: Equatable {
        var names: [String] = []
        var taps = 0
    }

    enum NamesAction: Action, Equatable { case add(String) }
    enum TapsAction: Action, Equatable { case tap }
    enum ParentAction: Action, Equatable {
        case names(NamesAction)
        case taps(TapsAction)
    }

    static func parentReducer(_ state: inout ParentState, _ action: any Action) {
        switch action as? ParentAction {
        case .names(.add(let name)): state.names.append(name)
        case .taps(.tap): state.taps += 1
        case nil: break
        }
    }

    static func makeParent() -> Store<ParentState> {
        createStore(parentReducer, ParentState())
    }

    static func core(of store: Store<ParentState>) -> StoreCore<ParentState> {
        store.backend as! StoreCore<ParentState>
    }

    @Test func theStateIsDerivedFromTheParent() {
        let parent = Self.makeParent()
        let names = parent.view(value: { $0.names }, action: { ParentAction.names($0) })
        #expect(names.getState() == [])
        parent.dispatch(ParentAction.names(.add("Ada")))
        #expect(names.state == ["Ada"])
    }

    @Test func childActionsAreEmbeddedAndOtherActionsPassThrough() {
        let seen = Recorder<String>()
        let spy: Middleware<ParentState> = { _ in
            { next in
                { action in
                    seen.append("\(action)")
                    return next(action)
                }
            }
        }
        let parent = createStore(Self.parentReducer, ParentState(), applyMiddleware(spy))
        let names = parent.view(value: { $0.names }, action: { ParentAction.names($0) })
        let returned = names.dispatch(NamesAction.add("Grace"))
        names.dispatch(ParentAction.taps(.tap))
        #expect(parent.state == ParentState(names: ["Grace"], taps: 1))
        #expect(returned as? ParentAction == .names(.add("Grace")))
        #expect(seen.values.count == 2)
        #expect(seen.values.first?.hasPrefix("names(") == true)
        #expect(seen.values.last?.hasPrefix("taps(") == true)
    }

    @Test func subscribersAreCalledOnlyWhenTheDerivedValueChanges() {
        let parent = Self.makeParent()
        let names = parent.view(value: { $0.names }, action: { ParentAction.names($0) })
        let received = Recorder<[String]>()
        names.subscribe { received.append($0) }
        parent.dispatch(ParentAction.taps(.tap))
        parent.dispatch(ParentAction.names(.add("Ada")))
        parent.dispatch(ParentAction.taps(.tap))
        names.dispatch(NamesAction.add("Alan"))
        #expect(received.values == [["Ada"], ["Ada", "Alan"]])
    }

    @Test func aValueThatIsNotEquatableNotifiesOnEveryParentDispatch() {
        struct Wrapper { let taps: Int }
        let parent = Self.makeParent()
        let wrapped = parent.view(value: { Wrapper(taps: $0.taps) })
        let received = Recorder<Int>()
        wrapped.subscribe { received.append($0.taps) }
        parent.dispatch(ParentAction.names(.add("x")))
        parent.dispatch(ParentAction.taps(.tap))
        #expect(received.values == [0, 1])
    }

    @Test func aChildSubscriptionDisposedMidNotificationIsNotCalled() {
        let parent = Self.makeParent()
        let taps = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
        let calls = Recorder<String>()
        var second: (any ReduxDisposable)?
        taps.subscribe { _ in
            calls.append("first")
            second?.dispose()
        }
        second = taps.subscribe { _ in calls.append("second") }
        taps.dispatch(TapsAction.tap)
        taps.dispatch(TapsAction.tap)
        #expect(calls.values == ["first", "first"])
        #expect(second?.disposed == true)
        #expect(Self.core(of: parent).subscriberCount == 1)
    }

    @Test func disposingAChildSubscriptionLeavesTheParentClean() {
        let parent = Self.makeParent()
        let taps = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
        let subscriptions = (0..<10).map { _ in taps.subscribe { _ in } }
        #expect(Self.core(of: parent).subscriberCount == 10)
        for subscription in subscriptions { subscription.dispose() }
        #expect(Self.core(of: parent).subscriberCount == 0)
    }

    @Test func droppingTheChildStoreLeavesTheParentClean() {
        let parent = Self.makeParent()
        let received = Recorder<Int>()
        var handles: [any ReduxDisposable] = []
        weak var weakChild: Store<Int>?
        do {
            let taps = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
            weakChild = taps
            handles.append(taps.subscribe { received.append($0) })
            handles.append(taps.subscribe(select: { $0 % 2 }) { received.append(-$0) })
            taps.dispatch(TapsAction.tap)
            #expect(Self.core(of: parent).subscriberCount == 2)
        }
        #expect(weakChild == nil)
        #expect(Self.core(of: parent).subscriberCount == 0)
        #expect(handles.allSatisfy { $0.disposed })
        parent.dispatch(ParentAction.taps(.tap))
        #expect(received.values == [1, -1])
    }

    /// Issue 12, item 15: handles dropped without disposing, in rounds, so that
    /// new handles reuse the freed ones' addresses. Freeing the scoped store
    /// must still dispose every subscription made through it (keyed by handle
    /// identity, a quarter of them were left running).
    @Test func freeingAScopedStoreDisposesSubscriptionsWhoseHandlesWereDropped() {
        let parent = Self.makeParent()
        var calls = 0
        var child: Store<Int>? = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
        let rounds = 2
        let handlesEachRound = 1_000
        for _ in 0..<rounds {
            var handles: [any ReduxDisposable] = []
            for _ in 0..<handlesEachRound {
                handles.append(child!.subscribe { _ in calls += 1 })
            }
            handles.removeAll()
        }
        #expect(parent.core?.subscriberCount == rounds * handlesEachRound)
        parent.dispatch(ParentAction.taps(.tap))
        #expect(calls == rounds * handlesEachRound)
        child = nil
        #expect(parent.core?.subscriberCount == 0)
        calls = 0
        parent.dispatch(ParentAction.taps(.tap))
        #expect(calls == 0)
    }

    @Test func aChildKeepsItsParentAliveAndBothAreFreedTogether() {
        weak var weakParent: Store<ParentState>?
        var child: Store<Int>?
        do {
            let parent = Self.makeParent()
            weakParent = parent
            child = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
        }
        #expect(weakParent != nil)
        child?.dispatch(TapsAction.tap)
        #expect(child?.state == 1)
        child = nil
        #expect(weakParent == nil)
    }

    @Test func scopedStoresNest() {
        struct Root: Equatable { var parent = ParentState() }
        let root = createStore(
            { (state: inout Root, action: any Action) in Self.parentReducer(&state.parent, action) }, Root())
        let parent = root.view(value: { $0.parent })
        let names = parent.view(value: { $0.names }, action: { ParentAction.names($0) })
        let received = Recorder<[String]>()
        names.subscribe { received.append($0) }
        names.dispatch(NamesAction.add("Edsger"))
        root.dispatch(ParentAction.taps(.tap))
        #expect(received.values == [["Edsger"]])
        #expect(root.state.parent.names == ["Edsger"])
    }

    @Test func nestedDispatchThroughAChildNeverDeliversAnOlderValue() {
        let parent = Self.makeParent()
        let taps = parent.view(value: { $0.taps }, action: { ParentAction.taps($0) })
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        taps.subscribe { [weak taps] value in
            first.append(value)
            if value == 1 { taps?.dispatch(TapsAction.tap) }
        }
        taps.subscribe { second.append($0) }
        taps.dispatch(TapsAction.tap)
        #expect(first.values == [1, 2])
        #expect(second.values == [2])
    }
}
