import Foundation

/// What effects use from the outside world (an HTTP client, a clock, a UUID
/// generator), handed to every effect of a store in one value, so tests can
/// replace any of it.
///
/// Give it to the effect middleware; every async thunk and listener effect of
/// the store reads it from its context:
///
/// ```swift
/// enum APIClientKey: DependencyKey {
///     static let defaultValue: any APIClient = LiveAPIClient()
/// }
/// extension Dependencies {
///     var api: any APIClient {
///         get { self[APIClientKey.self] }
///         set { self[APIClientKey.self] = newValue }
///     }
/// }
///
/// let search = AsyncThunk<AppState, String, [Hit]>("search") { text, context in
///     try await context.dependencies.clock.sleep(for: .milliseconds(300))
///     return try await context.dependencies.api.search(text)
/// }
///
/// // In a test:
/// var dependencies = Dependencies()
/// dependencies.api = FakeAPIClient()
/// dependencies.clock = testClock
/// let middleware = thunkMiddleware(dependencies: dependencies)
/// ```
///
/// A value never set is its key's ``DependencyKey/defaultValue``. The library's
/// own timed behaviour in effects (listener debounce and throttle, `delay`,
/// `take` timeouts) uses ``clock``.
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Dependencies with every value at its default.
    public init() {}

    /// The value for `key`, or its default if none was set.
    ///
    /// - Parameter key: The key type naming the dependency.
    /// - Returns: The value set for `key`, or `Key.defaultValue`.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            guard let value = values[ObjectIdentifier(key)] else { return Key.defaultValue }
            // Stored only by the setter below, under this key, with this type.
            return value as! Key.Value
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The clock effects wait on: `ContinuousClock()` unless replaced (by a
    /// test clock, in tests).
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// Makes a new UUID: `UUID()` unless replaced.
    public var uuid: @Sendable () -> UUID {
        get { self[UUIDKey.self] }
        set { self[UUIDKey.self] = newValue }
    }

    /// The current date: `Date()` unless replaced.
    public var date: @Sendable () -> Date {
        get { self[DateKey.self] }
        set { self[DateKey.self] = newValue }
    }

    private enum ClockKey: DependencyKey {
        static var defaultValue: any Clock<Duration> { ContinuousClock() }
    }

    private enum UUIDKey: DependencyKey {
        static var defaultValue: @Sendable () -> UUID { { UUID() } }
    }

    private enum DateKey: DependencyKey {
        static var defaultValue: @Sendable () -> Date { { Date() } }
    }
}

/// Names a dependency in ``Dependencies`` and gives its default value.
public protocol DependencyKey {
    /// The dependency's type.
    associatedtype Value: Sendable
    /// The value used until one is set.
    static var defaultValue: Value { get }
}
