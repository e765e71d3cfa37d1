extension ActionRegistry {
    /// Registers an async thunk's three lifecycle actions, so an action log
    /// records its runs and a replay feeds them to the reducer again.
    ///
    /// The argument and value must be `Codable` (or `Void`), and so must any
    /// rejected value or meta the body gives, or writing the action fails (the
    /// log reports it and marks the line). The three lifecycle types are shared
    /// by every thunk with the same state, argument and value types; each
    /// action carries its thunk's type prefix, so one registration serves them
    /// all, and registering the next such thunk again is harmless.
    ///
    /// - Parameters:
    ///   - thunk: The thunk.
    ///   - name: The start of the names written in the log: the lines are
    ///     `"<name>/pending"`, `"<name>/fulfilled"` and `"<name>/rejected"`. By
    ///     default the thunk type's name, as `String(describing:)` gives it.
    ///     Keep it stable across versions, and give thunks of the same types
    ///     the same one.
    public mutating func register<State, Argument, Value>(
        _ thunk: AsyncThunk<State, Argument, Value>, name: String? = nil
    ) {
        typealias Thunk = AsyncThunk<State, Argument, Value>
        let name = name ?? String(describing: Thunk.self)
        register(Thunk.Pending.self, name: name + "/pending")
        register(Thunk.Fulfilled.self, name: name + "/fulfilled")
        register(Thunk.Rejected.self, name: name + "/rejected")
    }
}
