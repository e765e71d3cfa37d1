/// What one middleware chain has worked out for each action type it has met:
/// after the first action of a type, one dictionary lookup by the type's
/// identity, with no lock (the thunk middleware sees every action, and even
/// the shared ``ActionTypeFactsTable``'s lock would show in a dispatch).
///
/// The thunk middleware keeps the kinds of the types (read from the shared
/// table); the listener middleware keeps its plans (see ``ListenerPlans``),
/// which depend on its listeners and are forgotten when they change.
///
/// One memo per store's middleware chain, used only in the store's domain (on
/// its actor, or under its shared store's lock), like the chain itself: it
/// needs no lock, and it is not `Sendable`.
package final class ActionTypeMemo<Value> {
    private var values: [ObjectIdentifier: Value] = [:]
    private let workOut: (any Action) -> Value

    /// - Parameter workOut: Gives the value for an action's type; called with
    ///   the first action of each type (and again after ``forgetAll()``).
    package init(_ workOut: @escaping (any Action) -> Value) {
        self.workOut = workOut
    }

    /// The value for `action`'s type. The lookup is inlined into the
    /// dispatch path; working a value out is not.
    @inline(__always)
    package func value(for action: any Action) -> Value {
        let key = ObjectIdentifier(type(of: action))
        if let value = values[key] { return value }
        return workOutValue(for: action, key: key)
    }

    /// Works the value for `action`'s type out, and keeps it under `key`.
    @inline(never)
    private func workOutValue(for action: any Action, key: ObjectIdentifier) -> Value {
        let value = workOut(action)
        values[key] = value
        return value
    }

    /// Forgets every value, so each type's is worked out again.
    package func forgetAll() {
        values = [:]
    }
}
