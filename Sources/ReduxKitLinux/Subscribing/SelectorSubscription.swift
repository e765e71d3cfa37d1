/// Where a store takes a selection, it takes a ``MemoizedSelector`` too: a
/// subscription's selection and a scoped store's state are then recomputed
/// only when the selector's inputs change.
extension Store {
    /// Subscribes to what `selector` selects, skipping a selection equal to
    /// the last one this subscriber received (see ``subscribe(select:_:)``).
    ///
    /// ```swift
    /// store.subscribe(select: visibleTodos) { render($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The memoized selector.
    ///   - subscriber: Called with each new selection.
    /// - Returns: A handle whose `dispose()` removes the subscription.
    @discardableResult
    public func subscribe<Selected: Equatable>(
        select selector: MemoizedSelector<State, Selected>, _ subscriber: @escaping (Selected) -> Void
    ) -> any ReduxDisposable {
        subscribe(select: { selector($0) }, subscriber)
    }

    /// A store for what `selector` selects from this one, whose actions pass
    /// through unchanged (see ``view(value:)-(_)``): its state is recomputed
    /// only when the selector's inputs change, and its subscribers are
    /// called only when it does.
    ///
    /// - Parameter selector: The memoized selector.
    /// - Returns: The scoped store.
    public func view<Child: Equatable>(value selector: MemoizedSelector<State, Child>) -> Store<Child> {
        view(value: { selector($0) })
    }
}
