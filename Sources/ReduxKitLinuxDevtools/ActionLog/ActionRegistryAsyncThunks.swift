extension ActionRegistry {
    /// Registers an async thunk's three lifecycle actions, so an action log
    /// records its runs and a replay feeds them to the reducer again.
    ///
    /// The argument and value must be `Codable` (or `Void`), and so must any
    /// rejected value or meta the body gives, or writing the action fails (the
    /// log reports it and marks the line). The three lifecycle types are shared
    /// by every thunk with the same state, argument and value types; each
    /// action carries its thunk's type prefix, so one registration serves them
    /// all. Each thunk's runs are written under its own names (those its
    /// registration gave), so register every thunk whose runs you log.
    ///
    /// - Parameters:
    ///   - thunk: The thunk.
    ///   - name: The start of the names written in the log: the lines are
    ///     `"<name>/pending"`, `"<name>/fulfilled"` and `"<name>/rejected"`. By
    ///     default the thunk's type prefix (``ReduxKitLinuxEffects/AsyncThunk/typePrefix``),
    ///     so the lines read as the actions' own types (`"todos/load/pending"`).
    ///     Keep it stable across versions.
    public mutating func register<State, Argument, Value>(
        _ thunk: AsyncThunk<State, Argument, Value>, name: String? = nil
    ) {
        typealias Thunk = AsyncThunk<State, Argument, Value>
        let name = name ?? thunk.typePrefix
        register(Thunk.Pending.self, name: name + "/pending", namedByActionType: true)
        register(Thunk.Fulfilled.self, name: name + "/fulfilled", namedByActionType: true)
        register(Thunk.Rejected.self, name: name + "/rejected", namedByActionType: true)
    }
}
