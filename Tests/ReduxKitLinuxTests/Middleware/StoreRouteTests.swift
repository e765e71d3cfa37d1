import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// What a product attaches to a chain's route.
private final class Attached: Sendable {
    let made: Int

    init(made: Int) {
        self.made = made
    }
}

/// What a test's closures record (they all run in the test's domain).
private final class Box<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// A scoped store's state.
private struct Child: Equatable {
    var count = 0
}

/// A scope-handled action: runs in a scoped store of `Child` (and says what
/// the dispatch returns), or is passed on, embedded, in a scope of another state.
private struct Handled: ScopeHandledAction {
    func run<Parent, State>(in scope: ScopedStoreBackend<Parent, State>) -> (any Action)? {
        guard State.self == Child.self else { return nil }
        return HandledInScope(count: (scope.getState() as! Child).count)
    }
}

/// What `Handled` returns from the scope it ran in.
private struct HandledInScope: Action {
    let count: Int
}

/// A parent action embedding a child action.
private struct ChildAction: Action {
    let action: any Action
}

/// The core's generic seams for the products: the way back into a store's
/// domain and its one attachment slot, and the action a scoped store hands to
/// the action itself. (The effects product's uses of them are tested there.)
@Suite("Store routes and scope-handled actions")
struct StoreRouteTests {
    /// A middleware that asks its chain's route for the attachment, and keeps
    /// what it got. It keeps its api (so the route), as a middleware whose
    /// work outlives a dispatch does: the store holds its routes weakly.
    private func attaching(_ got: Box<[Attached]>, made: Box<Int>) -> Middleware<Int> {
        { api in
            got.value.append(
                api.route.attachment {
                    made.value += 1
                    return Attached(made: made.value)
                })
            return { next in
                { action in
                    _ = api.route
                    return next(action)
                }
            }
        }
    }

    @Test func theMiddlewareOfOneChainShareOneAttachment() {
        let got = Box<[Attached]>([])
        let made = Box(0)
        let store = createStore(
            { (state: Int?, _: any Action) in state ?? 0 }, nil,
            applyMiddleware(attaching(got, made: made), attaching(got, made: made)))
        #expect(made.value == 1)
        #expect(got.value.count == 2)
        #expect(got.value[0] === got.value[1])
        let attachments = store.backend.routeAttachments()
        #expect(attachments.count == 1)
        #expect(attachments.first === got.value[0])
    }

    @Test func eachChainHasASlotOfItsOwnAndAChainThatAttachesNothingListsNothing() {
        let got = Box<[Attached]>([])
        let made = Box(0)
        let inner = applyMiddleware(attaching(got, made: made))
        let outer = applyMiddleware(attaching(got, made: made))
        let store = createStore({ (state: Int?, _: any Action) in state ?? 0 }, nil, compose(outer, inner))
        #expect(made.value == 2)
        #expect(got.value[0] !== got.value[1])
        #expect(store.backend.routeAttachments().count == 2)

        let plain = createStore({ (state: Int?, _: any Action) in state ?? 0 }, nil, applyMiddleware())
        #expect(plain.backend.routeAttachments().isEmpty)
    }

    @Test func aScopedStoreListsNoAttachmentsOfItsOwn() {
        let got = Box<[Attached]>([])
        let store = createStore(
            { (state: Int?, _: any Action) in state ?? 0 }, nil, applyMiddleware(attaching(got, made: Box(0))))
        let scoped = store.view(value: { $0 * 2 })
        #expect(store.backend.routeAttachments().count == 1)
        #expect(scoped.backend.routeAttachments().isEmpty)
    }

    @Test func aScopeHandledActionRunsInTheScopeOfItsStateAndIsEmbeddedInAnyOther() {
        let seen = Box<[String]>([])
        let store = createStore(
            { (state: Child?, action: any Action) -> Child in
                var state = state ?? Child(count: 3)
                seen.value.append(action.type)
                if action is ChildAction { state.count += 1 }
                return state
            }, nil)
        let scoped = store.view(value: { $0 }, action: { (action: Handled) in ChildAction(action: action) })
        seen.value = []

        let returned = scoped.dispatch(Handled())
        #expect((returned as? HandledInScope)?.count == 3)
        #expect(seen.value.isEmpty)  // it never reached the parent

        let counts = store.view(value: { $0.count }, action: { (action: Handled) in ChildAction(action: action) })
        let passedOn = counts.dispatch(Handled())
        #expect(passedOn is ChildAction)
        #expect(store.state.count == 4)
    }
}
