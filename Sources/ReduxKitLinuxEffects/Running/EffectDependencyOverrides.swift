import Foundation
import ReduxKitLinux

/// Values a test changes while effects run (TCA's `store.dependencies.x = …`
/// in the middle of a test): ``EffectDependencies`` made with
/// ``EffectDependencies/allowingOverrides()`` read a value set here first, at each
/// read, so what an effect reads after the change is the new value, even
/// though the middleware holds its own copy of the dependencies.
///
/// ```swift
/// var dependencies = EffectDependencies.test()
/// dependencies.clock = clock
/// let overrides = dependencies.allowingOverrides()
/// let test = TestStore(initialState: State(), reducer: reducer,
///                      middleware: [thunkMiddleware(dependencies: dependencies)])
/// test.dispatch(load())                    // reads the API set above
/// overrides[APIClientKey.self] = FailingAPI()
/// test.dispatch(load())                    // reads FailingAPI
/// overrides[APIClientKey.self] = nil       // back to the value set in `dependencies`
/// ```
public final class EffectDependencyOverrides: Sendable {
    private let values = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// No value overridden.
    public init() {}

    /// The value overriding `key`, or `nil` to read the dependencies' own.
    ///
    /// - Parameter key: The key type naming the dependency.
    /// - Returns: The overriding value, if one is set.
    public subscript<Key: EffectDependencyKey>(key: Key.Type) -> Key.Value? {
        get {
            // Stored only by the setter below, under this key, with this type.
            values.withLock { $0[ObjectIdentifier(key)] }.map { $0 as! Key.Value }
        }
        set { values.withLock { $0[ObjectIdentifier(key)] = newValue } }
    }

    /// The clock overriding the dependencies' ``EffectDependencies/clock``, if any.
    public var clock: (any Clock<Duration>)? {
        get { self[EffectDependencies.ClockKey.self] }
        set { self[EffectDependencies.ClockKey.self] = newValue }
    }

    /// The UUID maker overriding the dependencies' ``EffectDependencies/uuid``, if any.
    public var uuid: (@Sendable () -> UUID)? {
        get { self[EffectDependencies.UUIDKey.self] }
        set { self[EffectDependencies.UUIDKey.self] = newValue }
    }

    /// The date overriding the dependencies' ``EffectDependencies/date``, if any.
    public var date: (@Sendable () -> Date)? {
        get { self[EffectDependencies.DateKey.self] }
        set { self[EffectDependencies.DateKey.self] = newValue }
    }
}
