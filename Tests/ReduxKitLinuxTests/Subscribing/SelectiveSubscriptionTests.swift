import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Selective subscriptions")
struct SelectiveSubscriptionTests {
    struct State: Equatable {
        var balance = 0
        var name = ""
    }

    enum Account: Action {
        case deposit(Int)
        case setBalance(Int)
        case rename(String)
    }

    static func reducer(_ state: inout State, _ action: any Action) {
        switch action as? Account {
        case .deposit(let amount): state.balance += amount
        case .setBalance(let value): state.balance = value
        case .rename(let name): state.name = name
        case nil: break
        }
    }

    @Test func anEquatableSelectionIsDeliveredOnlyWhenItChanges() {
        let store = createStore(Self.reducer, State())
        let balances = Recorder<Int>()
        store.subscribe(select: { $0.balance }) { balances.append($0) }
        store.dispatch(Account.rename("a"))
        store.dispatch(Account.deposit(5))
        store.dispatch(Account.deposit(0))
        store.dispatch(Account.rename("b"))
        store.dispatch(Account.deposit(1))
        #expect(balances.values == [5, 6])
    }

    @Test func theFirstSelectionIsComparedWithTheSelectionAtSubscribeTime() {
        let store = createStore(Self.reducer, State(balance: 3, name: ""))
        let balances = Recorder<Int>()
        store.subscribe(select: { $0.balance }) { balances.append($0) }
        store.dispatch(Account.setBalance(3))
        #expect(balances.values.isEmpty)
        store.dispatch(Account.setBalance(4))
        #expect(balances.values == [4])
    }

    /// Repeats are judged against the last value delivered, not the store's
    /// previous state: 0 → 1 is a repeat (close), 1 → 2 would be one too, but
    /// the subscriber last saw 0, so 2 is delivered.
    @Test func aCustomSkipRepeatsComparesWithTheLastDeliveredValue() {
        let store = createStore(Self.reducer, State())
        let delivered = Recorder<Int>()
        store.subscribe(select: { $0.balance }, skipRepeats: { abs($0 - $1) < 2 }) { delivered.append($0) }
        store.dispatch(Account.setBalance(1))
        store.dispatch(Account.setBalance(2))
        store.dispatch(Account.setBalance(3))
        store.dispatch(Account.setBalance(5))
        #expect(delivered.values == [2, 5])
    }

    @Test func aSelectionThatIsNotEquatableIsDeliveredAfterEveryDispatch() {
        struct Balance { let value: Int }
        let store = createStore(Self.reducer, State())
        let delivered = Recorder<Int>()
        store.subscribe(select: { Balance(value: $0.balance) }) { delivered.append($0.value) }
        store.dispatch(Account.rename("x"))
        store.dispatch(Account.deposit(2))
        #expect(delivered.values == [0, 2])
    }

    /// ReSwift's issue #519: a subscriber that clamps the balance dispatches from
    /// inside the round; the printer with skipRepeats must see 42 once.
    @Test func nestedDispatchDoesNotMakeSkipRepeatsDeliverTheSameValueTwice() {
        let store = createStore(Self.reducer, State())
        store.subscribe(select: { $0.balance }) { [weak store] balance in
            if balance > 42 { store?.dispatch(Account.setBalance(42)) }
        }
        let printed = Recorder<Int>()
        store.subscribe(select: { $0.balance }) { printed.append($0) }
        store.dispatch(Account.deposit(50))
        store.dispatch(Account.deposit(0))
        store.dispatch(Account.rename("still 42"))
        #expect(printed.values == [42])
        #expect(store.state.balance == 42)
    }

    @Test func disposingASelectiveSubscriptionStopsIt() {
        let store = createStore(Self.reducer, State())
        let delivered = Recorder<String>()
        let subscription = store.subscribe(select: { $0.name }) { delivered.append($0) }
        store.dispatch(Account.rename("one"))
        subscription.dispose()
        store.dispatch(Account.rename("two"))
        #expect(delivered.values == ["one"])
        #expect(subscription.disposed)
    }
}
