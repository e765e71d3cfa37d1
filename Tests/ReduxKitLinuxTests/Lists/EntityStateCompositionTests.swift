import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `forEach` and `view(element:in:)` over an `EntityState`, and an adapter
/// for `Identifiable` entities: an entity's reducer runs on that entity
/// alone, a row's store follows its entity by id, and a reducer that changes
/// an entity's id stops the process with a message.
@Suite("forEach over an EntityState")
struct EntityStateCompositionTests {
    struct Order: Identifiable, Equatable, Sendable {
        let id: Int
        var quantity = 1
        var placed = false
    }

    struct Place: Action {}
    struct Increase: Action {}

    struct Shop {
        var orders = EntityState<Int, Order>()
    }

    static let orders = EntityAdapter<Int, Order>()

    static func orderReducer(_ order: inout Order, _ action: any Action) {
        if action is Place { order.placed = true }
        if action is Increase { order.quantity += 1 }
    }

    static func shopReducer() -> InPlaceReducer<Shop> {
        combineReducers(forEach(orderReducer, state: \Shop.orders), orders.reducer(state: \Shop.orders))
    }

    @Test func anIdentifiableAdapterIdentifiesByIDAndIsNamedForTheEntity() {
        var state = EntityState<Int, Order>()
        Self.orders.upsertMany([Order(id: 2), Order(id: 1), Order(id: 2, quantity: 5)], in: &state)
        #expect(state.ids == [2, 1])
        #expect(state[id: 2]?.quantity == 5)
        #expect(Self.orders.name == "Order")
        #expect(Self.orders.addOne(Order(id: 3)).type == "Order/addOne")
    }

    @Test func anElementActionReachesItsEntityOnly() {
        let store = createStore(Self.shopReducer(), Shop())
        store.dispatch(Self.orders.setAll([Order(id: 1), Order(id: 2), Order(id: 3)]))
        store.dispatch(ElementAction(id: 2, action: Place()))
        store.dispatch(ElementAction(id: 9, action: Place()))  // no entity 9: nothing happens
        store.dispatch(Place())  // not for an element: no entity hears it
        #expect(store.state.orders.all.map(\.placed) == [false, true, false])
        #expect(store.state.orders.ids == [1, 2, 3])
    }

    @Test func anEntitysStoreFollowsItByIDAndKeepsTheLastAfterItGoes() {
        let store = createStore(Self.shopReducer(), Shop())
        store.dispatch(Self.orders.setAll([Order(id: 1), Order(id: 2)]))
        #expect(store.view(element: 7, in: \Shop.orders) == nil)
        guard let second = store.view(element: 2, in: \Shop.orders) else {
            Issue.record("no store for entity 2")
            return
        }
        var seen: [Int] = []
        let subscription = second.subscribe { seen.append($0.quantity) }
        second.dispatch(Increase())  // reaches the list as ElementAction(id: 2, …)
        store.dispatch(Self.orders.upsertOne(Order(id: 0)))  // another entity: the row store hears nothing
        #expect(store.state.orders[id: 2]?.quantity == 2)
        #expect(second.state.quantity == 2)
        store.dispatch(Self.orders.removeOne(2))
        second.dispatch(Increase())  // a late action for a removed entity: ignored
        #expect(second.state == Order(id: 2, quantity: 2))
        #expect(store.state.orders.ids == [1, 0])
        #expect(seen == [2])
        subscription.dispose()
    }

    @Test func aReducerThatChangesAnEntitysIDStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Tagged: Identifiable, Sendable {
                var id: Int
            }
            struct Renumber: Action {}
            var state = EntityState<Int, Tagged>()
            EntityAdapter<Int, Tagged>().addOne(Tagged(id: 1), to: &state)
            let reducer = forEach(
                { (tagged: inout Tagged, _: any Action) in tagged.id = 2 }, state: \EntityState<Int, Tagged>.self)
            reducer(&state, ElementAction(id: 1, action: Renumber()))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.entityIDChangedByReducer("1"))"))
    }
}
