import ReduxKitLinuxEffects

extension TestStore {
    /// Dispatches an async thunk's action, checks the state change of its own
    /// reduction (none: the thunk middleware takes the action), and returns
    /// the run's handle, typed: a test awaits it (`try await handle.value`) or
    /// cancels it (`handle.cancel()`), as it would on the store.
    ///
    /// - Parameters:
    ///   - action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    ///   - update: Describes the change of its own reduction; leave it out.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    /// - Returns: The run's handle.
    @discardableResult
    public func dispatch<Argument, Value>(
        _ action: AsyncThunkAction<State, Argument, Value>, assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> AsyncThunkHandle<Value> {
        let returned = dispatch(
            action as any Action, assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
        return AsyncThunkStarted.handle(in: returned.returned, as: Value.self)
    }
}
