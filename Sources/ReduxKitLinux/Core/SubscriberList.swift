/// The subscribers of one store, in the order they subscribed.
///
/// Each subscriber's closure and the version it last received sit side by side
/// in one contiguous array, so a notification round walks memory in order and
/// touches no object but the closure it calls. Appending and removing are O(1):
/// removal leaves a hole (a slot with no subscriber) that notification skips,
/// and the holes are squeezed out once they outnumber the live slots. The owner
/// compacts only between notification rounds, because a running round walks the
/// list by index.
@usableFromInline
struct SubscriberList<State> {
    @usableFromInline
    struct Slot {
        /// The subscriber, or `nil` once disposed.
        @usableFromInline var subscriber: ((State) -> Void)?
        /// The store version this subscriber last received (or subscribed at).
        @usableFromInline var lastVersion: UInt64
        /// The handle, whose index compaction keeps up to date.
        @usableFromInline let handle: StoreSubscription<State>

        @usableFromInline
        init(subscriber: @escaping (State) -> Void, lastVersion: UInt64, handle: StoreSubscription<State>) {
            self.subscriber = subscriber
            self.lastVersion = lastVersion
            self.handle = handle
        }
    }

    /// The slots, holes included.
    @usableFromInline var slots: [Slot] = []
    /// How many holes `slots` holds.
    @usableFromInline var holes = 0

    @usableFromInline
    init() {}

    /// The index one past the last slot; a notification round walks up to the
    /// end index it saw at its start, so later subscribers wait for the next round.
    @inlinable var endIndex: Int { slots.count }

    /// How many live subscribers there are.
    @inlinable var count: Int { slots.count - holes }

    /// Adds a subscriber at the end, in the slot `handle.index` names.
    @inlinable
    mutating func append(_ subscriber: @escaping (State) -> Void, version: UInt64, handle: StoreSubscription<State>) {
        slots.append(Slot(subscriber: subscriber, lastVersion: version, handle: handle))
    }

    /// Leaves a hole where `handle`'s subscriber was, and returns the subscriber
    /// so the caller releases it once the list is consistent again (releasing it
    /// may run code that uses the store).
    @inlinable
    mutating func remove(_ handle: StoreSubscription<State>) -> ((State) -> Void)? {
        holes += 1
        return slots[handle.index].subscriber.take()
    }

    /// Squeezes out the holes when they are many: all of them, or more than 32
    /// and more than half the slots. The amortised cost per removal stays O(1).
    @inlinable
    mutating func compactIfNeeded() {
        guard holes > 0, holes == slots.count || (holes > 32 && holes * 2 > slots.count) else { return }
        var compacted: [Slot] = []
        compacted.reserveCapacity(slots.count - holes)
        for slot in slots where slot.subscriber != nil {
            slot.handle.index = compacted.count
            compacted.append(slot)
        }
        slots = compacted
        holes = 0
    }
}
