// A stand-in for swift-dependencies (github.com/pointfreeco/swift-dependencies): its module name and
// the public names an app meets first, with their shapes. A must-pass program imports it beside
// ReduxKitLinuxEffects to show the two name nothing alike (`// with-module:` in run.sh).

/// swift-dependencies' key: a live value, and a test value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    static var liveValue: Value { get }
}

/// swift-dependencies' bag of values, read through key paths.
public struct DependencyValues: Sendable {
    public init() {}
    public subscript<Key: DependencyKey>(_ key: Key.Type) -> Key.Value { Key.liveValue }
}

/// swift-dependencies' property wrapper.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    let value: Value
    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) { value = DependencyValues()[keyPath: keyPath] }
    public var wrappedValue: Value { value }
}

/// swift-dependencies' scoped override.
public func withDependencies<R>(_ update: (inout DependencyValues) -> Void, operation: () throws -> R) rethrows -> R {
    var values = DependencyValues()
    update(&values)
    return try operation()
}
