// expect: error: type 'Cart' does not conform to the 'Sendable' protocol
// expect: [non_sendable_type]
// A query's value is kept in the store's state and handed to every screen and effect that reads
// the entry, from any thread: a class with mutable state as the value would be shared between
// them. The twin makes the value a struct.
import ReduxKitLinuxQuery

struct AppState: Equatable, Sendable { var api = QueryCacheState() }
final class Cart: Equatable {  // CULPRIT
    var items: [String] = []  // CULPRIT
    static func == (lhs: Cart, rhs: Cart) -> Bool { lhs.items == rhs.items }  // CULPRIT
}  // CULPRIT
// TWIN: struct Cart: Equatable, Sendable { var items: [String] = [] }

let api = QueryCache<AppState>("api", state: \.api)
let cart = api.query("cart") { (_: NoArgument, _) in Cart() }
