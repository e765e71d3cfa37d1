import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The entities a sorted adapter keeps in the order of the ids: in step after
/// every operation (checked against a state changed by the same operations
/// with no order kept), stale after a change made outside the adapter, and
/// then rebuilt only once the lookups it would save have paid for it.
@Suite("Entity state order")
struct EntityStateOrderTests {
    struct Item: Equatable, Sendable {
        var id: Int
        var rank: Int
        var name = ""
    }

    static let adapter = EntityAdapter<Int, Item>(selectId: { $0.id }, sortComparer: { $0.rank < $1.rank })

    /// Whether `state`'s order is current and holds its entities in the order of its ids.
    static func isInStep(_ state: EntityState<Int, Item>) -> Bool {
        state.isOrderCurrent && state.order.entities.elements == state.ids.map { state.entities[$0]! }
    }

    /// Makes `state`'s order stale, and keeps it from being rebuilt.
    static func unkept(_ state: inout EntityState<Int, Item>) {
        state.order.version = 0
        state.order.debt = Int.min / 2
    }

    /// Every operation of a sorted adapter, at random (ranks 0 ..< 12, so
    /// many compare equal; batches small and large; ids renamed), leaves the
    /// order in step, and the same ids and entities as with no order kept.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyOperationKeepsTheOrderInStep(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
        func item() -> Item { Item(id: draw(400), rank: draw(12), name: "\(draw(1_000))") }
        func items() -> [Item] { (0..<[1, 3, 40, 150][draw(4)]).map { _ in item() } }
        func update() -> EntityUpdate<Int, Item> {
            let (rank, renamed) = (draw(12), draw(8) == 0 ? draw(400) : nil)
            return EntityUpdate(id: draw(400)) {
                $0.rank = rank
                if let renamed { $0.id = renamed }
            }
        }
        var state = EntityState<Int, Item>()
        var reference = EntityState<Int, Item>()
        for step in 0..<600 {
            let change: (inout EntityState<Int, Item>) -> Void
            switch draw(step % 200 < 150 ? 11 : 13) {
            case 0: change = { [entity = item()] in Self.adapter.addOne(entity, to: &$0) }
            case 1: change = { [entities = items()] in Self.adapter.addMany(entities, to: &$0) }
            case 2: change = { [entity = item()] in Self.adapter.setOne(entity, in: &$0) }
            case 3: change = { [entities = items()] in Self.adapter.setMany(entities, in: &$0) }
            case 4: change = { [entity = item()] in Self.adapter.upsertOne(entity, in: &$0) }
            case 5: change = { [entities = items()] in Self.adapter.upsertMany(entities, in: &$0) }
            case 6: change = { [update = update()] in Self.adapter.updateOne(update, in: &$0) }
            case 7, 8:
                let updates = (0..<[1, 5, 60][draw(3)]).map { _ in update() }
                change = { Self.adapter.updateMany(updates, in: &$0) }
            case 9: change = { [id = draw(400)] in Self.adapter.removeOne(id, from: &$0) }
            case 10: change = { [entities = items()] in Self.adapter.setAll(entities, in: &$0) }
            case 11:
                change = { [ids = (0..<draw(40)).map { _ in draw(400) }] in Self.adapter.removeMany(ids, from: &$0) }
            default: change = { Self.adapter.removeAll(from: &$0) }
            }
            change(&state)
            Self.unkept(&reference)
            change(&reference)
            #expect(Self.isInStep(state), "step \(step)")
            #expect(state == reference, "step \(step)")
            #expect(state.all == reference.all, "step \(step)")
        }
    }

    /// A change made outside the adapter (here, as a `forEach` reducer makes
    /// it) leaves the order stale: `all` and the adapter read the entities
    /// by id, and the adapter rebuilds the order once the lookups it made
    /// since reach the count.
    @Test func aChangeFromOutsideLeavesTheOrderStaleUntilRebuildingPays() {
        var state = EntityState<Int, Item>()
        Self.adapter.addMany((0..<1_000).map { Item(id: $0, rank: $0) }, to: &state)
        #expect(Self.isInStep(state))
        state._entities[500]!.name = "changed in place"
        #expect(!state.isOrderCurrent)
        #expect(state.all[500].name == "changed in place")
        // Each update counts 11 lookups (a search, log₂ 1,000 + 1): 90 of them stay under 1,000.
        for id in 0..<90 { Self.adapter.updateOne(EntityUpdate(id: id) { $0.name = "updated" }, in: &state) }
        #expect(!state.isOrderCurrent && state.order.entities.count == 0)
        Self.adapter.updateOne(EntityUpdate(id: 90) { $0.name = "updated" }, in: &state)
        #expect(Self.isInStep(state))
        #expect(state.all[500].name == "changed in place" && state.all[90].name == "updated")
        #expect(state.ids == Array(0..<1_000))
    }

    /// A decoded state has no order until a sorted adapter builds it; an
    /// unsorted adapter keeps none.
    @Test func onlyASortedAdapterKeepsAnOrder() throws {
        var state = EntityState<Int, Item>()
        Self.adapter.addMany([Item(id: 1, rank: 2), Item(id: 2, rank: 1)], to: &state)
        let unsorted = EntityAdapter<Int, Item>(selectId: { $0.id })
        unsorted.addOne(Item(id: 3, rank: 0), to: &state)
        #expect(!state.isOrderCurrent && state.all.map(\.id) == [2, 1, 3])
        unsorted.removeAll(from: &state)
        #expect(state.isOrderCurrent && state.all.isEmpty)
        // Decoded: stale, so the first change rebuilds it (2 entities: it pays at once).
        var decoded = state
        decoded._ids = [5, 4]
        decoded._entities = [4: Item(id: 4, rank: 1), 5: Item(id: 5, rank: 0)]
        #expect(!decoded.isOrderCurrent)
        Self.adapter.addOne(Item(id: 6, rank: 2), to: &decoded)
        #expect(Self.isInStep(decoded) && decoded.ids == [5, 4, 6])
    }
}
