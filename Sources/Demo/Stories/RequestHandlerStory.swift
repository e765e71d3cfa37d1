import ReduxKitLinuxEffects

/// A request handler, as the "Using a store on a server" article writes it: a
/// plain store made in a nonisolated `async` function belongs to the task
/// running it. Its async thunk is awaited and its listener's effect waited
/// for with `waitForEffects`; what the effects dispatch after they suspend is
/// posted to the store, and the handler applies it at its next use of the
/// store. Ten requests run at once, each with a store of its own.
enum RequestHandlerStory {
    struct Order: Equatable, Sendable {
        var items: [String] = []
        var total = 0
        var receipt: String?
    }

    struct AddItem: Action {
        let name: String
        let price: Int
    }
    struct Checkout: Action {}
    struct ReceiptSent: Action { let text: String }

    /// Loads a customer's cart: a database round trip, then an item at a time.
    static let loadCart = AsyncThunk<Order, Int, Int>("cart/load") { customer, context in
        await Task.yield()  // the database
        for (index, name) in ["tea", "scones"].enumerated() {
            await context.dispatch(AddItem(name: name, price: (index + 1) * customer))
        }
        return 2
    }

    static func reducer(_ state: inout Order, _ action: any Action) {
        switch action {
        case let add as AddItem:
            state.items.append(add.name)
            state.total += add.price
        case let sent as ReceiptSent: state.receipt = sent.text
        default: break
        }
    }

    /// Mails a receipt at checkout, reading the order as the handler left it.
    static func mailer() -> ListenerMiddleware<Order> {
        let mailer = ListenerMiddleware<Order>()
        mailer.addListener(for: Checkout.self) { _, context in
            await Task.yield()  // the mail server
            let order = try await context.getState()
            await context.dispatch(ReceiptSent(text: "\(order.items.joined(separator: " and ")), \(order.total)"))
        }
        return mailer
    }

    /// One request: no actor, no `SharedStore`; the task owns the store.
    static func handle(customer: Int) async throws -> Order {
        let store = createStore(reducer, Order(), applyMiddleware(thunkMiddleware(), mailer().middleware()))
        let count = try await store.dispatch(loadCart(customer)).value
        precondition(store.state.items.count == count, "the cart's items are applied at the handler's next read")
        store.dispatch(Checkout())
        _ = await store.waitForEffects(timeout: .seconds(60))  // applies the receipt as the mailer posts it
        return store.state
    }

    static func run() async {
        printStoryTitle("A request handler: a store its task owns, with an async thunk and a listener")
        do {
            let orders = try await withThrowingTaskGroup(of: (Int, Order).self) { group in
                for customer in 1...10 { group.addTask { (customer, try await handle(customer: customer)) } }
                return try await group.reduce(into: [Int: Order]()) { $0[$1.0] = $1.1 }
            }
            print("customer 1: \(orders[1]?.items ?? []), total \(orders[1]?.total ?? 0)")
            print("customer 1's receipt: \(orders[1]?.receipt ?? "none")")
            print("customer 7's receipt: \(orders[7]?.receipt ?? "none")")
            let all = (1...10).allSatisfy { orders[$0]?.receipt == "tea and scones, \(3 * $0)" }
            print("10 requests at once, each with a store of its own, every receipt right: \(all)")
        } catch {
            print("a request failed: \(error)")
        }
    }
}
