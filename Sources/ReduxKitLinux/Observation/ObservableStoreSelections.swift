extension ObservableStore {
    /// What a memoized selector selects from the state, tracked as one value:
    /// `model[select: visibleTodos]`. Its readers are told when the selection
    /// changes (by `==`); the selector runs its result function only when its
    /// inputs changed, so a new state that leaves them alone costs the
    /// comparison of its inputs.
    ///
    /// The model calls the selector with the state it shows and with each new
    /// state, in turn, which its memory of one call serves: give the model a
    /// selector of its own (one not also called with other states elsewhere).
    ///
    /// - Parameter selector: The memoized selector.
    /// - Returns: The selection from the state shown now.
    public subscript<Value: Equatable>(select selector: MemoizedSelector<State, Value>) -> Value {
        trackComputed(\SelectorFieldKeys.[ObjectIdentifier(selector)]) { old, new in
            selector(old.assumingMemoryBound(to: State.self).pointee)
                != selector(new.assumingMemoryBound(to: State.self).pointee)
        }
        return selector(currentState)
    }
}

/// The keys an ``ObservableStore`` tracks selections by: one key path per
/// selector, told apart by the selector's identity (the tracked field holds
/// the selector, so the identity is not reused while the key is in use).
struct SelectorFieldKeys {
    subscript(selector: ObjectIdentifier) -> Int { 0 }
}
