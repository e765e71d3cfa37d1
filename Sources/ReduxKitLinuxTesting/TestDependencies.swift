import ReduxKitLinuxEffects

extension EffectDependencies {
    /// Dependencies for a test: each value an effect reads without the test
    /// having set it fails the running test (at the line that made these
    /// dependencies) and gives its default, so a forgotten replacement never
    /// calls the live dependency silently.
    ///
    /// ```swift
    /// var dependencies = EffectDependencies.test()
    /// dependencies.clock = clock  // an effect reading `uuid` now fails the test
    /// let test = TestStore(initialState: State(), reducer: reducer,
    ///                      middleware: [thunkMiddleware(dependencies: dependencies)])
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the test makes them (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    /// - Returns: Dependencies with nothing set.
    public static func test(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> EffectDependencies {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return failingWhenUnset { name in
            failTest(TestStoreFailure.unsetDependency(name), at: site)
        }
    }
}
