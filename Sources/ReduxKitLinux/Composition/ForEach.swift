/// An action for one element of an identified collection: the element's `id`
/// and the element's own action (TCA's `.element(id:action:)`, Redux's
/// "entity" actions). A row's scoped store
/// (``Store/view(element:in:)-(_,KeyPath<State,IdentifiedArray<Element>>)``) wraps every action dispatched to it in one;
/// `forEach(_:state:)` hands `action`
/// to the element with that `id`.
public struct ElementAction<ID: Hashable & Sendable>: Action {
    /// The element the action is for.
    public let id: ID
    /// The element's own action.
    public let action: any Action

    /// Creates the action for the element `id`.
    ///
    /// - Parameters:
    ///   - id: The element the action is for.
    ///   - action: The element's own action.
    public init(id: ID, action: any Action) {
        self.id = id
        self.action = action
    }

    /// `element(<id>)/<the element's action type>`, for logs and tools.
    public var type: String { "element(\(id))/\(action.type)" }
}

/// Lifts an element's reducer to a collection of identified elements in the
/// parent's state (TCA's `forEach`): an ``ElementAction`` runs the reducer on
/// the element with its `id`, in place; other actions do not reach it.
///
/// ```swift
/// struct Row: Identifiable { let id: Int; var isFavorite = false }
/// struct Screen { var rows: [Row] = [] }
/// let screenReducer = combineReducers(
///     forEach(rowReducer, state: \Screen.rows),
///     screenOwnReducer)
/// store.dispatch(ElementAction(id: 3, action: ToggleFavorite()))
/// ```
///
/// An action for an `id` the collection no longer holds (a row removed while
/// its request ran) changes nothing: a row's effects may finish after the row
/// is gone. The element is found by a linear search, once per element action
/// (an ``IdentifiedArray`` finds it in O(1): see the overload that takes one).
///
/// - Parameters:
///   - reducer: The element's reducer, given the element's own actions.
///   - state: Where the elements live in the parent's state.
/// - Returns: An in-place reducer of the parent's state.
@inlinable
public func forEach<Parent, Element: Identifiable>(
    _ reducer: @escaping InPlaceReducer<Element>,
    state: WritableKeyPath<Parent, [Element]>
) -> InPlaceReducer<Parent> where Element.ID: Sendable {
    { parent, action in
        guard let elementAction = action as? ElementAction<Element.ID>,
            let index = parent[keyPath: state].firstIndex(where: { $0.id == elementAction.id })
        else { return }
        reducer(&parent[keyPath: state][index], elementAction.action)
    }
}

/// Lifts an element's reducer, typed on its own actions, to a collection of
/// identified elements: an ``ElementAction`` whose action is a `ChildAction`
/// runs the reducer on the element with its `id`. See
/// `forEach(_:state:)`.
///
/// - Parameters:
///   - reducer: The element's reducer, on its own action type.
///   - state: Where the elements live in the parent's state.
/// - Returns: An in-place reducer of the parent's state.
@inlinable
public func forEach<Parent, Element: Identifiable, ChildAction>(
    _ reducer: @escaping (inout Element, ChildAction) -> Void,
    state: WritableKeyPath<Parent, [Element]>
) -> InPlaceReducer<Parent> where Element.ID: Sendable {
    forEach(
        { (element: inout Element, action: any Action) in
            if let childAction = action as? ChildAction { reducer(&element, childAction) }
        }, state: state)
}

/// Lifts an element's reducer to an ``IdentifiedArray`` in the parent's
/// state: an ``ElementAction`` runs the reducer on the element with its `id`,
/// found in O(1) and changed in place; other actions do not reach it. An
/// action for an `id` the collection no longer holds changes nothing.
///
/// ```swift
/// struct Screen { var rows: IdentifiedArrayOf<Row> = [] }
/// let screenReducer = combineReducers(forEach(rowReducer, state: \Screen.rows), screenOwnReducer)
/// ```
///
/// - Parameters:
///   - reducer: The element's reducer, given the element's own actions.
///   - state: Where the elements live in the parent's state.
/// - Returns: An in-place reducer of the parent's state.
@inlinable
public func forEach<Parent, Element: Identifiable>(
    _ reducer: @escaping InPlaceReducer<Element>,
    state: WritableKeyPath<Parent, IdentifiedArray<Element>>
) -> InPlaceReducer<Parent> where Element.ID: Sendable {
    { parent, action in
        guard let elementAction = action as? ElementAction<Element.ID> else { return }
        parent[keyPath: state].modify(id: elementAction.id) { reducer(&$0, elementAction.action) }
    }
}

/// Lifts an element's reducer, typed on its own actions, to an
/// ``IdentifiedArray`` in the parent's state. See `forEach(_:state:)`.
///
/// - Parameters:
///   - reducer: The element's reducer, on its own action type.
///   - state: Where the elements live in the parent's state.
/// - Returns: An in-place reducer of the parent's state.
@inlinable
public func forEach<Parent, Element: Identifiable, ChildAction>(
    _ reducer: @escaping (inout Element, ChildAction) -> Void,
    state: WritableKeyPath<Parent, IdentifiedArray<Element>>
) -> InPlaceReducer<Parent> where Element.ID: Sendable {
    forEach(
        { (element: inout Element, action: any Action) in
            if let childAction = action as? ChildAction { reducer(&element, childAction) }
        }, state: state)
}

extension Store {
    /// A store for one element of an identified collection in this store's
    /// state (a row of a list): its state is the element with `id`, and every
    /// action dispatched to it reaches this store as an
    /// ``ElementAction`` for `id`, so thunks and async thunks dispatched to it
    /// run in the row's terms (their `getState` gives the row, their
    /// dispatches are the row's).
    ///
    /// It outlives the element safely: once the collection no longer holds
    /// `id`, its state stays the element as it last was, and what is
    /// dispatched to it (a late response) reaches the parent's reducer, which
    /// `forEach(_:state:)` ignores for a missing `id`. While it lives, it
    /// follows its element without being read: after a reduction whose
    /// action names the element (an ``ElementAction`` for `id`, whoever
    /// dispatched it), it is handed the element, and no other row's store is
    /// looked at; a change no action names is seen when it is next read. Its
    /// subscribers are called when the element changes (by `==`).
    ///
    /// - Parameters:
    ///   - id: The element's identifier.
    ///   - elements: Where the collection is in this store's state.
    /// - Returns: The row's store, or `nil` if the collection holds no element with `id`.
    @inlinable
    public func view<Element: Identifiable & Equatable>(
        element id: Element.ID, in elements: KeyPath<State, [Element]>
    ) -> Store<Element>? where Element.ID: Sendable {
        guard let row = rowStore(id, in: elements, as: ArrayRowIDs<Element>.self) else { return nil }
        rowDepartures(of: elements, as: ArrayRowIDs<Element>.self).lastValues.follow(
            id, row.lastValue, of: row.store.backend, parent: self)
        return row.store
    }
}

extension Store {
    /// A store for one element of an ``IdentifiedArray`` in this store's
    /// state, found by `id` in O(1) on every read; otherwise as the array
    /// form, ``view(element:in:)-(_,KeyPath<State,[Element]>)``.
    ///
    /// - Parameters:
    ///   - id: The element's identifier.
    ///   - elements: Where the collection is in this store's state.
    /// - Returns: The row's store, or `nil` if the collection holds no element with `id`.
    @inlinable
    public func view<Element: Identifiable & Equatable>(
        element id: Element.ID, in elements: KeyPath<State, IdentifiedArray<Element>>
    ) -> Store<Element>? where Element.ID: Sendable {
        guard let row = rowStore(id, in: elements, as: IdentifiedRowIDs<Element>.self) else { return nil }
        rowDepartures(of: elements, as: IdentifiedRowIDs<Element>.self).lastValues.follow(
            id, row.lastValue, of: row.store.backend, parent: self)
        return row.store
    }
}
