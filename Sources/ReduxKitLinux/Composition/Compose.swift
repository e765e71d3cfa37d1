/// Composes functions from right to left: `compose([f, g, h])(x)` is
/// `f(g(h(x)))`. An empty list gives the identity function.
///
/// `applyMiddleware` uses it to chain dispatch transformers, so the first
/// middleware is the outermost.
///
/// - Parameter functions: The functions to compose; the last one runs first.
/// - Returns: A function that applies them all.
@inlinable
public func compose<T>(_ functions: [(T) -> T]) -> (T) -> T {
    { value in
        var result = value
        for function in functions.reversed() {
            result = function(result)
        }
        return result
    }
}

/// Composes functions from right to left: `compose(f, g, h)(x)` is `f(g(h(x)))`;
/// see the array form of `compose(_:)`.
///
/// - Parameter functions: The functions to compose; the last one runs first.
/// - Returns: A function that applies them all.
@inlinable
public func compose<T>(_ functions: ((T) -> T)...) -> (T) -> T {
    compose(functions)
}
