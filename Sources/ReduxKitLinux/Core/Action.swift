/// Something that can be dispatched to a store.
///
/// `Action` is a marker protocol: reducers recognise actions by casting them to
/// their concrete type, with `as?` or `case let action as IncrementAction:`, so
/// an action can be a struct, an enum or a final class. Actions cross threads
/// with the dispatch that carries them, so they must be `Sendable`.
///
/// ```swift
/// struct IncrementAction: Action {
///     let payload: Int
/// }
/// ```
public protocol Action: Sendable {
    /// A name for the action, used by logs and tools.
    ///
    /// The default is the name of the action's dynamic type, so
    /// `IncrementAction().type == "IncrementAction"`, also when the action is
    /// seen through `any Action`. A type may declare its own.
    var type: String { get }
}

extension Action {
    /// The name of the action's dynamic type, for example `"IncrementAction"`.
    public var type: String {
        String(describing: Swift.type(of: self))
    }
}

/// The action `createStore` dispatches once, through the reducer alone, when it
/// is given no initial state: `reducer(nil, DefaultAction())` gives the state the
/// store starts from, so every reducer fills in its own default.
public struct DefaultAction: Action {
    /// Creates the initialisation action.
    public init() {}
}

/// The action `Store.replaceReducer(_:)` dispatches through the new reducer, as
/// Redux's `@@redux/REPLACE` does, so that the new reducer can fill in defaults
/// for any state it adds and subscribers hear of the change.
public struct ReplaceReducerAction: Action {
    /// Creates the action that announces a new reducer.
    public init() {}
}
