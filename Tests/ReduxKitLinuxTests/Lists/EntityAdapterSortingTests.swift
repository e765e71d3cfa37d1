import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// How a sorted adapter keeps `ids` in order, counted in comparator calls:
/// a batch is merge-sorted (one call per comparison) and merged, an entity
/// already there is found by binary search on its old value, not by a scan.
@Suite("Entity adapter sorting")
struct EntityAdapterSortingTests {
    struct Item: Equatable, Sendable {
        var id: Int
        var name: String
        var position: Double
    }

    /// Sorted by `position`, its comparator calls counted.
    static func adapter(_ calls: Counter) -> EntityAdapter<Int, Item> {
        EntityAdapter(selectId: { $0.id }) { left, right in
            calls.increment()
            return left.position < right.position
        }
    }

    static func isSorted(_ state: EntityState<Int, Item>) -> Bool {
        zip(state.all, state.all.dropFirst()).allSatisfy { $0.position <= $1.position }
    }

    /// Redux Toolkit's "should minimize the amount of sorting work needed",
    /// with its bounds, and this adapter's own (tighter) ones.
    @Test func itMinimizesTheAmountOfSortingWorkNeeded() {
        let calls = Counter()
        let adapter = Self.adapter(calls)
        var random = SplitMix64(seed: 40)
        var nextID = 0
        func items(_ count: Int) -> [Item] {
            (0..<count).map { _ in
                nextID += 1
                return Item(id: nextID, name: "\(nextID)", position: Double.random(in: 0..<1, using: &random))
            }
        }
        func comparisons(_ change: () -> Void) -> Int {
            let before = calls.count
            change()
            return calls.count - before
        }
        var state = EntityState<Int, Item>()
        let initial = 10_000
        let setup = comparisons { adapter.upsertMany(items(initial), in: &state) }
        #expect(setup < initial * 20)  // RTK's bound
        #expect(setup <= initial * 14)  // n⌈log₂ n⌉
        for position in [Double.random(in: 0..<1, using: &random), 0.5, 0.9998] {
            nextID += 1
            let insert = comparisons {
                adapter.upsertOne(Item(id: nextID, name: "test", position: position), in: &state)
            }
            #expect(insert < 50)
        }
        let added = 1_000
        let addMany = comparisons { adapter.addMany(items(added), to: &state) }
        #expect(addMany < 20_000)  // RTK's bound
        #expect(state.count == initial + 3 + added && Self.isSorted(state))

        let middle = state.ids[state.count / 2]
        for position in [0.99999, 0.42] {
            let update = comparisons {
                adapter.updateOne(EntityUpdate(id: middle) { $0.position = position }, in: &state)
            }
            #expect(update < initial + added + 100)  // RTK's bound
            #expect(update <= 2 * 15 + 2)  // found, neighbours checked, placed: no re-sort
        }
        let rename = comparisons {
            adapter.updateOne(
                EntityUpdate(id: middle) {
                    $0.id = -1
                    $0.position = 0.98
                }, in: &state)
        }
        #expect(rename < initial + added + 100)  // RTK's bound
        #expect(state.entities[middle] == nil && state.entities[-1]?.position == 0.98 && Self.isSorted(state))
    }

    /// Entities that compare equal keep the order they came in: within one
    /// batch, and after those already there.
    @Test func aBatchIsSortedStablyAndMergedAfterEqualEntities() {
        let calls = Counter()
        let adapter = Self.adapter(calls)
        var state = EntityState<Int, Item>()
        let batch = (0..<1_000).map { Item(id: $0, name: "", position: Double($0 * 7_919 % 10)) }
        adapter.addMany(batch, to: &state)
        #expect(calls.count <= 1_000 * 10)
        #expect(state.ids == batch.sorted { ($0.position, $0.id) < ($1.position, $1.id) }.map(\.id))
        adapter.addMany((1_000..<1_010).map { Item(id: $0, name: "", position: Double($0 % 10)) }, to: &state)
        for position in 0..<10 {
            let ids = state.all.filter { $0.position == Double(position) }.map(\.id)
            #expect(ids.last == 1_000 + position && ids.dropLast().allSatisfy { $0 < 1_000 })
        }
    }

    /// An id whose comparisons are counted.
    struct Key: Hashable, Sendable {
        static let comparisons = Counter()
        let value: Int

        static func == (lhs: Key, rhs: Key) -> Bool {
            comparisons.increment()
            return lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    struct Keyed: Sendable {
        var key: Key
        var position: Int
        var name = ""
    }

    /// An entity already there is found by binary search on its old value,
    /// not by a scan of `ids` (about n / 2 id comparisons each), even among
    /// entities that compare equal to it; a batch of many replaced at once
    /// still leaves `ids` sorted.
    @Test func anEntityIsFoundByBinarySearchNotAScan() {
        let calls = Counter()
        let adapter = EntityAdapter<Key, Keyed>(selectId: { $0.key }) { left, right in
            calls.increment()
            return left.position < right.position
        }
        var state = EntityState<Key, Keyed>()
        let count = 20_000
        adapter.addMany((0..<count).map { Keyed(key: Key(value: $0), position: $0 / 4) }, to: &state)
        let before = (calls: calls.count, ids: Key.comparisons.count)
        adapter.updateMany((0..<100).map { EntityUpdate(id: Key(value: $0 * 197)) { $0.name = "renamed" } }, in: &state)
        #expect(calls.count - before.calls <= 100 * (15 + 2))
        #expect(Key.comparisons.count - before.ids <= 100 * 100)  // a scan: about 100 * 10,000
        #expect(state.ids.map(\.value) == Array(0..<count))
        adapter.setMany((0..<count).map { Keyed(key: Key(value: $0), position: $0 * 7_919 % 1_000) }, in: &state)
        #expect(state.count == count)
        #expect(zip(state.all, state.all.dropFirst()).allSatisfy { $0.position <= $1.position })
    }

    /// An id whose hashes are counted (each lookup by id hashes it once).
    struct HashedKey: Hashable, Sendable {
        static let hashes = Counter()
        let value: Int

        func hash(into hasher: inout Hasher) {
            Self.hashes.increment()
            hasher.combine(value)
        }
    }

    /// The binary search that finds an updated entity, and the check of its
    /// neighbours, read the entities from the order the adapter keeps: no
    /// lookup by id (about 17 per update at 20,000, each a hash and, in a
    /// large state, a cache miss), only the few the unsorted adapter makes.
    @Test func anUpdateLooksNoEntityUpByIDToFindItsPlace() {
        let adapter = EntityAdapter<HashedKey, Keyed>(selectId: { HashedKey(value: $0.key.value) }) {
            $0.position < $1.position
        }
        let unsorted = EntityAdapter<HashedKey, Keyed>(selectId: { HashedKey(value: $0.key.value) })
        let entities = (0..<20_000).map { Keyed(key: Key(value: $0), position: $0 / 4) }
        var state = EntityState<HashedKey, Keyed>()
        adapter.addMany(entities, to: &state)
        var unsortedState = EntityState<HashedKey, Keyed>()
        unsorted.addMany(entities, to: &unsortedState)
        let updates = (0..<100).map { EntityUpdate<HashedKey, Keyed>(id: HashedKey(value: $0 * 197)) { $0.name = "x" } }
        func hashes(_ change: () -> Void) -> Int {
            let before = HashedKey.hashes.count
            change()
            return HashedKey.hashes.count - before
        }
        let sortedHashes = hashes { adapter.updateMany(updates, in: &state) }
        let unsortedHashes = hashes { unsorted.updateMany(updates, in: &unsortedState) }
        #expect(sortedHashes <= unsortedHashes)
        let one = hashes {
            adapter.updateOne(EntityUpdate(id: HashedKey(value: 5)) { $0.position = 10_000 }, in: &state)
        }
        #expect(one <= 2)  // the entity read, then written
        #expect(state.ids.last == HashedKey(value: 5) && state.all.last?.position == 10_000)
        #expect(state.ids.dropLast().map(\.value) == (0..<20_000).filter { $0 != 5 })
    }
}
