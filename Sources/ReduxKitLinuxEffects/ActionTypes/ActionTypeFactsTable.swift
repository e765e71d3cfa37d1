/// The ``ActionTypeFacts`` of every action type dispatched in the process, for
/// each state type of the stores it reached: one table shared by every store,
/// so a fresh store (a server's store per request) never classifies a type
/// again; classifying costs far more than a dispatch (the dynamic casts behind
/// ``ActionTypeFacts/init(classifying:for:)``).
///
/// A dispatch does not read it: each middleware chain keeps an
/// ``ActionTypeMemo`` in front of it, so the lock is taken only the first time
/// a chain meets a type. It only grows, by one entry per pair of an action type
/// and a state type the process has dispatched (type metadata is never freed,
/// so an identity is never reused).
final class ActionTypeFactsTable: Sendable {
    /// The table every store reads.
    static let shared = ActionTypeFactsTable()

    /// An action type and the state type of a store it was dispatched to.
    private struct Pair: Hashable, Sendable {
        let actionType: ObjectIdentifier
        let stateType: ObjectIdentifier
    }

    /// The table, and how many classifications were made per state type.
    private struct Entries: Sendable {
        var facts: [Pair: ActionTypeFacts] = [:]
        var classifications: [ObjectIdentifier: Int] = [:]
    }

    private let entries = Locked(Entries())

    /// The facts about `action`'s type for a store of `State`, classified
    /// here (once in the process) the first time the pair is met.
    func facts<State>(of action: any Action, for _: State.Type) -> ActionTypeFacts {
        let pair = Pair(actionType: ObjectIdentifier(type(of: action)), stateType: ObjectIdentifier(State.self))
        return entries.withLock { entries in
            if let known = entries.facts[pair] { return known }
            // Under the lock, so a pair is classified once; the casts call no
            // code of ours, so they cannot take this lock again.
            let facts = ActionTypeFacts(classifying: action, for: State.self)
            entries.facts[pair] = facts
            entries.classifications[pair.stateType, default: 0] += 1
            return facts
        }
    }

    /// How many action types were classified in the process for stores of
    /// `stateType` (for tests: a fresh store dispatching types already met
    /// makes none).
    func classificationCount(for stateType: Any.Type) -> Int {
        entries.withLock { $0.classifications[ObjectIdentifier(stateType)] ?? 0 }
    }
}
