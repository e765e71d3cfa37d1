/// A two-way binding to one field of an ``ObservableStore``: reading it reads
/// the field (and tracks it), setting it dispatches the action that changes
/// it. A SwiftUI `Binding` is one line:
/// `Binding(get: binding.get, set: binding.set)`.
///
/// ```swift
/// let query = model.binding(\.query, send: { SetQuery(text: $0) })
/// query.value = "swift"  // dispatches SetQuery(text: "swift")
/// print(query.value)  // swift
/// ```
public struct StoreBinding<Value>: Sendable {
    /// Reads the field's current value, on the main actor.
    public let get: @MainActor @Sendable () -> Value
    /// Dispatches the action that sets the field to a value, on the main actor.
    public let set: @MainActor @Sendable (Value) -> Void

    /// Makes a binding from its two functions.
    ///
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Dispatches the action that sets it.
    public init(get: @escaping @MainActor @Sendable () -> Value, set: @escaping @MainActor @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The field's value; setting it dispatches the action.
    @MainActor
    public var value: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

extension ObservableStore {
    /// A two-way binding to one field: its value, and the action that sets it.
    ///
    /// - Parameters:
    ///   - keyPath: The field, from the state.
    ///   - send: Makes the action that sets the field to a new value.
    /// - Returns: The binding; it keeps the model alive.
    public func binding<Value: Equatable>(
        _ keyPath: KeyPath<State, Value> & Sendable, send: @escaping @Sendable (Value) -> any Action
    ) -> StoreBinding<Value> {
        StoreBinding(get: { self[keyPath] }, set: { self.dispatch(send($0)) })
    }

    /// A two-way binding to a field that is not `Equatable`.
    ///
    /// - Parameters:
    ///   - keyPath: The field, from the state.
    ///   - send: Makes the action that sets the field to a new value.
    /// - Returns: The binding; it keeps the model alive.
    public func binding<Value>(
        _ keyPath: KeyPath<State, Value> & Sendable, send: @escaping @Sendable (Value) -> any Action
    ) -> StoreBinding<Value> {
        StoreBinding(get: { self[keyPath] }, set: { self.dispatch(send($0)) })
    }
}
