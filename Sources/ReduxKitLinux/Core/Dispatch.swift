/// A dispatch function: sends an action to a store and returns an action, by
/// default the one it was given (middleware may return something else).
public typealias Dispatch = (any Action) -> any Action
