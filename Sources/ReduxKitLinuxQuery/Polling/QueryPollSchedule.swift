/// When each polled entry is fetched next: a binary heap of deadlines, so the
/// next one is found in O(1) and a change costs O(log n) (a changed deadline
/// leaves its old heap item behind, skipped when it comes up).
struct QueryPollSchedule {
    private struct Item {
        let deadline: Duration
        let key: QueryKey
        let stamp: UInt64
    }

    private var heap: [Item] = []
    /// Each scheduled key's current stamp: a heap item with another is stale.
    private var current: [QueryKey: (deadline: Duration, stamp: UInt64)] = [:]
    private var nextStamp: UInt64 = 0

    /// Whether no entry is scheduled.
    var isEmpty: Bool { current.isEmpty }

    /// The deadline of `key`, if scheduled.
    func deadline(of key: QueryKey) -> Duration? { current[key]?.deadline }

    /// Schedules `key` at `deadline`, in place of its deadline so far.
    mutating func schedule(_ key: QueryKey, at deadline: Duration) {
        nextStamp &+= 1
        current[key] = (deadline, nextStamp)
        push(Item(deadline: deadline, key: key, stamp: nextStamp))
    }

    /// Stops scheduling `key`.
    mutating func remove(_ key: QueryKey) {
        current[key] = nil
    }

    /// The earliest deadline.
    mutating func earliest() -> Duration? {
        dropStale()
        return heap.first?.deadline
    }

    /// Removes and returns the keys due at `now`, earliest first.
    mutating func takeDue(at now: Duration) -> [QueryKey] {
        var due: [QueryKey] = []
        while true {
            dropStale()
            guard let first = heap.first, first.deadline <= now else { return due }
            popFirst()
            current[first.key] = nil
            due.append(first.key)
        }
    }

    private func isStale(_ item: Item) -> Bool { current[item.key]?.stamp != item.stamp }

    private mutating func dropStale() {
        while let first = heap.first, isStale(first) { popFirst() }
    }

    private mutating func push(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
