import Foundation

/// What effects use from the outside world (an HTTP client, a clock, a UUID
/// generator), handed to every effect of a store in one value, so tests can
/// replace any of it.
///
/// Give it to the effect middleware; every async thunk and listener effect of
/// the store reads it from its context:
///
/// ```swift
/// enum APIClientKey: EffectDependencyKey {
///     static let defaultValue: any APIClient = LiveAPIClient()
/// }
/// extension EffectDependencies {
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
/// var dependencies = EffectDependencies()
/// dependencies.api = FakeAPIClient()
/// dependencies.clock = testClock
/// let middleware = thunkMiddleware(dependencies: dependencies)
/// ```
///
/// A value never set is its key's ``EffectDependencyKey/defaultValue``. The library's
/// own timed behaviour in effects (listener debounce and throttle, `delay`,
/// `take` timeouts) uses ``clock``.
///
/// The names start with `Effect` so they never meet swift-dependencies' (its
/// module is `Dependencies`, its protocol `DependencyKey`) in an app that
/// imports both.
public struct EffectDependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// For a test's dependencies: told the name of each value read without
    /// having been set (see ``failingWhenUnset(_:)``).
    private var reportUnset: (@Sendable (_ name: String) -> Void)?
    /// Values a test changes while effects run, read first (see ``allowingOverrides()``).
    private var overrides: EffectDependencyOverrides?

    /// Dependencies with every value at its default.
    public init() {}

    /// Dependencies for a test, which report every value an effect reads
    /// without the test having set it (then give its default): a dependency a
    /// test forgot to replace is a failure, not a silent call to the live one
    /// (TCA's `testValue`, unimplemented). The testing product's
    /// `EffectDependencies.test()` reports it as a failure of the running test.
    ///
    /// - Parameter report: Told the name of each value read without being set
    ///   (``EffectDependencyKey/name``: `"clock"`, `"uuid"`, `"date"`, or your key's).
    /// - Returns: Dependencies with nothing set.
    public static func failingWhenUnset(_ report: @escaping @Sendable (_ name: String) -> Void) -> EffectDependencies {
        var dependencies = EffectDependencies()
        dependencies.reportUnset = report
        return dependencies
    }

    /// Makes these dependencies read, at each read, a value set in the
    /// returned ``EffectDependencyOverrides`` before their own: how a test changes a
    /// dependency in its middle, after the middleware took its copy. Copies
    /// made afterwards (the middleware's) share the overrides.
    ///
    /// - Returns: The overrides, empty (calling this again gives the same ones).
    public mutating func allowingOverrides() -> EffectDependencyOverrides {
        if let overrides { return overrides }
        let made = EffectDependencyOverrides()
        overrides = made
        return made
    }

    /// The value for `key`, or its default if none was set.
    ///
    /// - Parameter key: The key type naming the dependency.
    /// - Returns: The value set for `key`, or `Key.defaultValue`.
    public subscript<Key: EffectDependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let overridden = overrides?[key] { return overridden }
            guard let value = values[ObjectIdentifier(key)] else {
                reportUnset?(Key.name)
                return Key.defaultValue
            }
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

    enum ClockKey: EffectDependencyKey {
        static var name: String { "clock" }
        static var defaultValue: any Clock<Duration> { ContinuousClock() }
    }

    enum UUIDKey: EffectDependencyKey {
        static var name: String { "uuid" }
        static var defaultValue: @Sendable () -> UUID { { UUID() } }
    }

    enum DateKey: EffectDependencyKey {
        static var name: String { "date" }
        static var defaultValue: @Sendable () -> Date { { Date() } }
    }
}

/// Names a dependency in ``EffectDependencies`` and gives its default value.
public protocol EffectDependencyKey {
    /// The dependency's type.
    associatedtype Value: Sendable
    /// The value used until one is set.
    static var defaultValue: Value { get }
    /// The dependency's name in failure messages (by default the key type's name).
    static var name: String { get }
}

extension EffectDependencyKey {
    /// The key type's name, as `String(describing:)` gives it.
    public static var name: String { String(describing: Self.self) }
}
