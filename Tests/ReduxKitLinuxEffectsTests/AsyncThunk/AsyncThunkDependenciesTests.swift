import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The dependencies given to the thunk middleware reach every async thunk's
/// body, on a store on the main actor, in a shared store, and for a scoped
/// store's thunks, so a test replaces them in one place.
@Suite("Async thunk dependencies", .hangSafetyNet)
struct AsyncThunkDependenciesTests {
    protocol Greeter: Sendable {
        func greet(_ name: String) -> String
    }

    struct LiveGreeter: Greeter {
        func greet(_ name: String) -> String { "hello \(name)" }
    }

    struct FakeGreeter: Greeter {
        func greet(_ name: String) -> String { "fake \(name)" }
    }

    enum GreeterKey: EffectDependencyKey {
        static let defaultValue: any Greeter = LiveGreeter()
    }

    struct AppState: Sendable {
        var child = 0
    }

    static let greet = AsyncThunk<Int, String, String>("greet") { name, context in
        context.dependencies[GreeterKey.self].greet(name)
    }

    static var fakes: EffectDependencies {
        var dependencies = EffectDependencies()
        dependencies[GreeterKey.self] = FakeGreeter()
        dependencies.uuid = { UUID(uuidString: "00000000-0000-0000-0000-000000000001")! }
        return dependencies
    }

    @Test @MainActor func aReplacedDependencyReachesTheBodyOnTheMainActor() async throws {
        let store = createStore(counterReducer, 0, applyMiddleware(thunkMiddleware(dependencies: Self.fakes)))
        #expect(try await store.dispatch(Self.greet("ann")).value == "fake ann")
        let plain = createStore(counterReducer, 0, applyMiddleware(thunkMiddleware()))
        #expect(try await plain.dispatch(Self.greet("ann")).value == "hello ann")
    }

    @Test func aReplacedDependencyReachesTheBodyInASharedStore() async throws {
        let identify = AsyncThunk<Int, Void, UUID>("identify") { _, context in context.dependencies.uuid() }
        let store = SharedStore(
            createStore(counterReducer, 0, applyMiddleware(thunkMiddleware(dependencies: Self.fakes))))
        #expect(try await store.dispatch(Self.greet("bo")).value == "fake bo")
        #expect(try await store.dispatch(identify()).value.uuidString == "00000000-0000-0000-0000-000000000001")
    }

    @Test @MainActor func aScopedStoresThunkGetsTheRootsDependencies() async throws {
        let root = createStore(
            { (state: AppState?, action: any Action) -> AppState in
                var state = state ?? AppState()
                if let increment = action as? Increment { state.child += increment.by }
                return state
            }, nil, applyMiddleware(thunkMiddleware(dependencies: Self.fakes)))
        let child: Store<Int> = root.view(value: { $0.child })
        let childGreet = AsyncThunk<Int, String, String>("child/greet") { name, context in
            await context.dispatch(Increment(by: 2))
            return context.dependencies[GreeterKey.self].greet(name) + " \(try await context.getState())"
        }
        #expect(try await child.dispatch(childGreet("cy")).value == "fake cy 2")
        #expect(root.state.child == 2)
    }
}
