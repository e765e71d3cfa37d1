/// A dispatch function: sends an action to a store and returns an action, by
/// default the one it was given (middleware may return something else).
///
/// (ReSwift's name for it. It was `Dispatch` until that name, shadowing the
/// Dispatch module, stopped `Dispatch.DispatchQueue` compiling in files that
/// import this library; no forwarder is kept, as one would shadow it still.)
public typealias DispatchFunction = (any Action) -> any Action
