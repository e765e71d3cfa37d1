/// A first-in first-out queue: `append` at the back, `popFirst()` from the
/// front, both O(1) amortized (an array popped from the front with
/// `removeFirst()` moves every other element, O(n) a pop and O(n²) a burst).
///
/// The elements live in an array from `head` on; a pop clears its slot (so the
/// queue holds no reference to what it gave out) and moves `head`. Once the
/// cleared slots are at least half the array (and more than a few), they are
/// dropped in one move of the live ones: each element is moved at most once per
/// time the array doubles, so the cost per pop stays constant on average. An
/// emptied queue resets to the array's start and keeps its capacity.
///
/// It is a value with no lock of its own: its owner guards it (``StoreInbox``
/// keeps one under its lock).
struct FIFOQueue<Element> {
    private var slots: [Element?] = []
    /// The index of the oldest element in `slots` (those before it are cleared).
    private var head = 0

    /// An empty queue.
    init() {}

    /// How many elements wait.
    var count: Int { slots.count - head }

    /// How many slots the storage holds, cleared ones included: at most twice
    /// ``count``, plus a few (the cleared slots are dropped as they pile up).
    var storedSlots: Int { slots.count }

    /// Whether no element waits.
    var isEmpty: Bool { head == slots.count }

    /// Adds `element` after every element waiting.
    mutating func append(_ element: Element) {
        slots.append(element)
    }

    /// Removes and returns the oldest element, or `nil` if none waits.
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let first = slots[head]
        slots[head] = nil
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
        return first
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
