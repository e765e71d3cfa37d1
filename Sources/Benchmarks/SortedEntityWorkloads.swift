import ReduxKitLinux
import Synchronization

/// Workload 20, continued: a sorted entity adapter's batches (issue 40). An
/// `updateMany` of entities already there, against the same in an unsorted
/// adapter, and a first `upsertMany` into an empty sorted adapter, with its
/// comparator calls counted.
extension ListWorkloads {
    /// A title that sorts as `number` does.
    static func title(_ number: Int) -> String { String(format: "%08d", number) }

    /// A state of `size` books titled in the order of their ids, built by `adapter`.
    static func books(_ size: Int, by adapter: EntityAdapter<Int, Book>) -> Holder<EntityState<Int, Book>> {
        var state = EntityState<Int, Book>()
        adapter.addMany((0..<size).map { Book(id: $0, title: title($0 * 2)) }, to: &state)
        return Holder(state)
    }

    /// `updateMany` of `count` books spread over a sorted adapter's `size`,
    /// each title changed where it keeps the book's place; the floor is the
    /// same batch in an unsorted adapter (found by id in O(1)).
    static func sortedUpdateMany(_ count: Int, size: Int, runs: Int) -> Row {
        let sorted = EntityAdapter<Int, Book>(selectId: { $0.id }, sortComparer: { $0.title < $1.title })
        let step = size / count
        let updates = (0..<count).map { index in
            EntityUpdate<Int, Book>(id: index * step) { $0.title += "!" }
        }
        let store = Timing.of(runs: runs, setup: { books(size, by: sorted) }) { holder in
            sorted.updateMany(updates, in: &holder.value)
            return holder.value.entities[0]!.title.count
        }
        let floor = Timing.of(runs: runs, setup: { books(size, by: ListWorkloads.books) }) { holder in
            ListWorkloads.books.updateMany(updates, in: &holder.value)
            return holder.value.entities[0]!.title.count
        }
        return Row(
            workload:
                "20 updateMany of \(count.formatted) existing entities into a sorted adapter of \(size.formatted)",
            store: store, floor: floor, note: "floor: the same in an unsorted adapter; target ≤ 3x")
    }

    /// The first `upsertMany` of `count` books, in a shuffled order, into an
    /// empty sorted adapter; the floor sorts the same books with the standard
    /// library's `sort(by:)`. The note counts the comparator calls of each.
    static func sortedUpsertMany(_ count: Int, runs: Int) -> Row {
        // 7,919 is prime: `$0 * 7_919 % count` visits every title once, out of order.
        let incoming = (0..<count).map { Book(id: $0, title: title($0 * 7_919 % count)) }
        let calls = Atomic<Int>(0)
        let counted = EntityAdapter<Int, Book>(selectId: { $0.id }) {
            calls.add(1, ordering: .relaxed)
            return $0.title < $1.title
        }
        var state = EntityState<Int, Book>()
        counted.upsertMany(incoming, in: &state)
        let adapterCalls = calls.load(ordering: .relaxed)
        calls.store(0, ordering: .relaxed)
        _ = incoming.sorted {
            calls.add(1, ordering: .relaxed)
            return $0.title < $1.title
        }
        let sortCalls = calls.load(ordering: .relaxed)
        let sorted = EntityAdapter<Int, Book>(selectId: { $0.id }, sortComparer: { $0.title < $1.title })
        let store = Timing.of(runs: runs, setup: { Holder(EntityState<Int, Book>()) }) { holder in
            sorted.upsertMany(incoming, in: &holder.value)
            return holder.value.ids[0]
        }
        let floor = Timing.of(runs: runs, setup: { Holder(incoming) }) { holder in
            holder.value.sort { $0.title < $1.title }
            return holder.value[0].id
        }
        return Row(
            workload: "20 upsertMany of \(count.formatted) into an empty sorted adapter (floor: sort(by:))",
            store: store, floor: floor,
            note: "\(adapterCalls.formatted) comparator calls (sort(by:): \(sortCalls.formatted)); RTK allows 200,000")
    }
}
