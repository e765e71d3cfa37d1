/// The subscribers of one store, in the order they subscribed.
///
/// Two parallel lists: `entries` (each subscriber's closure and handle) and
/// `versions` (the store version each last received). A notification round
/// keeps `entries` as an immutable snapshot, so it can call each closure
/// borrowed from the snapshot instead of retaining and releasing it per call;
/// anything that changes the list during a round (a subscribe, a dispose)
/// copies it once, on write, and leaves the snapshot alone. `versions` is a
/// buffer managed by hand, written once per delivered state with no bounds or
/// copy-on-write checks.
///
/// Appending and removing are O(1): removal leaves a hole (an entry with no
/// subscriber, whose version is `UInt64.max` so no round delivers to it) and
/// the holes are squeezed out, in place, once they outnumber the live entries.
/// The owner compacts only between notification rounds, because a running
/// round walks the list by index, and must call `destroy()` before dropping it.
@usableFromInline
struct SubscriberList<State> {
    @usableFromInline
    struct Entry {
        /// The subscriber, or `nil` for a hole.
        @usableFromInline let subscriber: ((State) -> Void)?
        /// The handle, whose index compaction keeps up to date.
        @usableFromInline let handle: StoreSubscription

        @usableFromInline init(subscriber: ((State) -> Void)?, handle: StoreSubscription) {
            self.subscriber = subscriber
            self.handle = handle
        }

        /// Whether this entry is a hole. (A `switch`, not `== nil`: taking the
        /// closure out of its generic entry would make Swift wrap it in a
        /// reabstraction thunk, an allocation, every time.)
        @inlinable var isHole: Bool {
            switch subscriber {
            case .none: true
            case .some: false
            }
        }
    }

    /// The version that marks a hole: no state is ever newer.
    @usableFromInline static var holeVersion: UInt64 { .max }

    /// The entries `0..<endIndex`, holes included.
    @usableFromInline var entries: ContiguousArray<Entry> = []
    /// `versions[i]` is the version `entries[i]` last received (or subscribed at).
    @usableFromInline var versions: UnsafeMutablePointer<UInt64>
    @usableFromInline var versionsCapacity = 0
    /// How many holes the entries hold.
    @usableFromInline var holes = 0

    @inlinable
    init() {
        versions = .allocate(capacity: 0)
    }

    /// The index one past the last entry; a notification round walks up to the
    /// end index it saw at its start, so later subscribers wait for the next round.
    @inlinable var endIndex: Int { entries.count }

    /// How many live subscribers there are.
    @inlinable var count: Int { entries.count - holes }

    /// Adds a subscriber at the end, at the index `handle.index` names.
    @inlinable
    mutating func append(_ subscriber: @escaping (State) -> Void, version: UInt64, handle: StoreSubscription) {
        if entries.count == versionsCapacity { growVersions() }
        (versions + entries.count).initialize(to: version)
        entries.append(Entry(subscriber: subscriber, handle: handle))
    }

    /// Doubles the versions buffer.
    @inlinable
    mutating func growVersions() {
        let newCapacity = Swift.max(16, versionsCapacity * 2)
        let newVersions = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        newVersions.moveInitialize(from: versions, count: entries.count)
        versions.deallocate()
        versions = newVersions
        versionsCapacity = newCapacity
    }

    /// Leaves a hole where `handle`'s subscriber was, so no round calls it again,
    /// and returns the removed entry so the caller releases its subscriber once
    /// the list is consistent again (releasing it may run code that uses the
    /// store). A round running now still holds the subscriber in its snapshot
    /// until it ends.
    @inlinable
    mutating func remove(_ handle: StoreSubscription) -> Entry {
        let index = handle.index
        versions[index] = Self.holeVersion
        holes += 1
        var removed = Entry(subscriber: nil, handle: handle)
        swap(&removed, &entries[index])
        return removed
    }

    /// Whether enough holes have piled up to be worth squeezing out: all the
    /// entries, or more than 32 and more than half of them.
    @inlinable var needsCompaction: Bool {
        holes > 0 && (holes == entries.count || (holes > 32 && holes * 2 > entries.count))
    }

    /// Squeezes out the holes when there are enough of them (`needsCompaction`).
    /// The amortised cost per removal stays O(1).
    @inlinable
    mutating func compactIfNeeded() {
        guard needsCompaction else { return }
        var kept = 0
        for index in entries.indices where !entries[index].isHole {
            if kept != index {
                entries[kept] = entries[index]
                versions[kept] = versions[index]
            }
            entries[kept].handle.index = kept
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        holes = 0
    }

    /// Releases the versions buffer (the entries go with the list).
    @inlinable
    mutating func destroy() {
        versions.deallocate()
        versionsCapacity = 0
        entries = []
        holes = 0
    }
}
