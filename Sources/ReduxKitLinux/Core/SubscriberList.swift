/// The subscriptions of one store, in the order they subscribed.
///
/// Appending and removing are O(1): removal leaves a hole that notification
/// skips, and the holes are squeezed out once they outnumber the live entries.
/// The owner compacts only between notification rounds, because a running round
/// walks the list by index.
struct SubscriberList<State> {
    /// The live subscriptions, with `nil` holes where some were removed.
    private var slots: [StoreSubscription<State>?] = []
    /// How many holes `slots` holds.
    private var holes = 0

    /// The index one past the last slot; a notification round walks up to the
    /// end index it saw at its start, so later subscribers wait for the next round.
    var endIndex: Int { slots.count }

    /// Whether no live subscription is left.
    var isEmpty: Bool { slots.count == holes }

    /// How many live subscriptions there are.
    var count: Int { slots.count - holes }

    /// The subscription at `index`, or `nil` for a hole.
    subscript(index: Int) -> StoreSubscription<State>? { slots[index] }

    /// Adds `subscription` at the end and records its index in it.
    mutating func append(_ subscription: StoreSubscription<State>) {
        subscription.index = slots.count
        slots.append(subscription)
    }

    /// Leaves a hole where `subscription` was.
    mutating func remove(_ subscription: StoreSubscription<State>) {
        slots[subscription.index] = nil
        holes += 1
    }

    /// Squeezes out the holes when they are many: all of them, or more than 32
    /// and more than half the slots. The amortised cost per removal stays O(1).
    mutating func compactIfNeeded() {
        guard holes > 0, holes == slots.count || (holes > 32 && holes * 2 > slots.count) else { return }
        var compacted: [StoreSubscription<State>?] = []
        compacted.reserveCapacity(slots.count - holes)
        for case let subscription? in slots {
            subscription.index = compacted.count
            compacted.append(subscription)
        }
        slots = compacted
        holes = 0
    }

    /// Releases every subscriber closure (used when the store goes away, so
    /// handles that outlive it keep nothing alive).
    mutating func releaseAll() {
        for case let subscription? in slots {
            subscription.subscriber = nil
        }
        slots = []
        holes = 0
    }
}
