/// Values numbered in the order they came, kept by group: what finds the runs
/// of one cancellation ID (or one listener's partition) without looking at the
/// others, however many run. Reading a group gives its values in the order of
/// their numbers, so what is cancelled together is cancelled in one order.
struct NumberedGroups<Group: Hashable & Sendable, Value: Sendable>: Sendable {
    private var groups: [Group: [UInt64: Value]] = [:]

    /// Puts `value`, numbered `number`, in `group`.
    mutating func insert(_ value: Value, number: UInt64, in group: Group) {
        groups[group, default: [:]][number] = value
    }

    /// Takes the value numbered `number` out of `group` (a group left empty goes).
    mutating func remove(number: UInt64, from group: Group) {
        guard var values = groups[group] else { return }
        values.removeValue(forKey: number)
        groups[group] = values.isEmpty ? nil : values
    }

    /// The values of `group`, in the order of their numbers.
    func inOrder(_ group: Group) -> [Value] {
        guard let values = groups[group] else { return [] }
        if values.count == 1 { return Array(values.values) }
        return values.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Whether `group` holds no value.
    func isEmpty(_ group: Group) -> Bool { groups[group] == nil }
}
