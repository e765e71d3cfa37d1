/// What an effect middleware does with each action type, decided once per
/// type: the thunk middleware sees every action, and the dynamic
/// casts that tell an effect from a plain action cost more than the dispatch
/// itself (a generic type's metadata, a protocol conformance lookup). After the
/// first action of a type, telling it apart is one dictionary lookup by the
/// type's identity.
///
/// One cache per store's middleware chain, used only in the store's domain (on
/// its actor, or under its shared store's lock), like the chain itself: it
/// needs no lock, and it is not `Sendable`.
final class ActionKindCache<Kind> {
    private var kinds: [ObjectIdentifier: Kind] = [:]
    private let classify: (any Action) -> Kind

    /// - Parameter classify: Decides the kind of an action's type; called once
    ///   per type, with the first action of that type.
    init(_ classify: @escaping (any Action) -> Kind) {
        self.classify = classify
    }

    /// The kind of `action`'s type.
    func kind(of action: any Action) -> Kind {
        let key = ObjectIdentifier(type(of: action))
        if let kind = kinds[key] { return kind }
        let kind = classify(action)
        kinds[key] = kind
        return kind
    }
}

/// What the thunk middleware does with an action's type.
enum ThunkActionKind {
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

    /// The kind of `action`, for a store of `State`.
    static func of<State>(_ action: any Action, state: State.Type) -> ThunkActionKind {
        if action is Thunk<State> { return .thunk }
        if action is ScopedEffectRequest { return .scopedRequest }
        if action is CancelEffects { return .cancelEffects }
        if action is any AsyncThunkStarting { return .foreignAsyncThunk }
        return .other
    }

    /// The kind of `action`, for a store of a `Sendable` `State` (async thunks too).
    static func of<State: Sendable>(_ action: any Action, sendableState: State.Type) -> ThunkActionKind {
        if action is any AsyncThunkStarting<State> { return .asyncThunk }
        return of(action, state: State.self)
    }
}
