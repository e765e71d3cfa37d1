/// What an action type is for a store of one state type: what the thunk
/// middleware does with it, and whether the listener middleware handles it
/// itself. Both follow from the two types alone, never from a store, so they
/// are worked out once per pair in the process and shared by every store (see
/// ``ActionTypeFactsTable``).
struct ActionTypeFacts: Sendable {
    /// What the thunk middleware does with the type.
    let thunkKind: ThunkActionKind
    /// Whether the listener middleware handles the type itself: an
    /// ``AddListener`` of the store's state, a ``RemoveListener``, a
    /// ``ClearAllListeners`` or a ``CancelEffects``.
    let isListenerControl: Bool

    /// Classifies `action`'s type for a store of `State`, with the dynamic
    /// casts (generic metadata, protocol conformance lookups) that the shared
    /// table then saves every other store.
    ///
    /// `State` need not be `Sendable`: the state an async thunk or an
    /// ``AddListener`` is typed for is read from the action's type and
    /// compared with `State`, so the facts are the same whichever middleware
    /// (of either `thunkMiddleware` overload, or the listener middleware)
    /// meets the pair first.
    init<State>(classifying action: any Action, for _: State.Type) {
        if action is Thunk<State> {
            thunkKind = .thunk
        } else if let starting = action as? any AsyncThunkStarting {
            thunkKind = stateType(of: starting) == State.self ? .asyncThunk : .foreignAsyncThunk
        } else if action is ScopedEffectRequest {
            thunkKind = .scopedRequest
        } else if action is CancelEffects {
            thunkKind = .cancelEffects
        } else {
            thunkKind = .other
        }
        if let adding = action as? any ListenerAdding {
            isListenerControl = stateType(of: adding) == State.self
        } else {
            isListenerControl = action is RemoveListener || action is ClearAllListeners || action is CancelEffects
        }
    }
}

/// The state an async thunk's action is typed for.
private func stateType<Starting: AsyncThunkStarting>(of _: Starting) -> Any.Type {
    Starting.State.self
}

/// An ``AddListener``, whatever its state: lets the classification read the
/// state it is for without knowing that state to be `Sendable`.
private protocol ListenerAdding: Action {
    /// The state of the stores whose listener middleware takes it.
    associatedtype State
}

extension AddListener: ListenerAdding {}

/// The state an ``AddListener`` is for.
private func stateType<Adding: ListenerAdding>(of _: Adding) -> Any.Type {
    Adding.State.self
}

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

/// What the thunk middleware does with an action's type, for a store of one
/// state type (one of the ``ActionTypeFacts`` every store shares).
enum ThunkActionKind: Sendable, Equatable {
    /// Passes it on.
    case other
    /// Calls it: a ``Thunk`` of the store's state.
    case thunk
    /// Starts it: an async thunk's action of the store's state.
    case asyncThunk
    /// Refuses it: an async thunk's action typed for another state than the
    /// store's (it would reach the reducers and do nothing).
    case foreignAsyncThunk
    /// Accepts it: a scoped store asks to run a thunk or an async thunk.
    case scopedRequest
    /// Cancels the async thunk runs tagged with its ID, and passes it on: a ``CancelEffects``.
    case cancelEffects

    /// The kind for the thunk middleware of a store whose state it does not
    /// know to be `Sendable`, which starts no async thunk: it refuses every
    /// async thunk, of the store's state too (it cannot hand that state across
    /// tasks).
    var refusingAsyncThunks: ThunkActionKind {
        self == .asyncThunk ? .foreignAsyncThunk : self
    }
}
