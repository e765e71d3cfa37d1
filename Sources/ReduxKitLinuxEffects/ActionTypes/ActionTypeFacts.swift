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
